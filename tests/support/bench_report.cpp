// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench_report.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace concord::test {

namespace {

using nlohmann::ordered_json;

// Benchmarks that run at the same time (ctest -j) take turns at the file: read, merge, rename.
class FileLock {
public:
    explicit FileLock(const std::string &path)
        : m_fd(::open(path.c_str(), O_CREAT | O_RDWR | O_CLOEXEC, 0644))
    {
        if (m_fd >= 0)
            ::flock(m_fd, LOCK_EX);
    }
    ~FileLock()
    {
        if (m_fd >= 0)
            ::close(m_fd); // releases the lock
    }
    FileLock(const FileLock &) = delete;
    FileLock &operator=(const FileLock &) = delete;

private:
    int m_fd;
};

std::string environmentPath()
{
    const char *path = std::getenv("CONCORD_BENCH_RESULTS");
    return path ? std::string(path) : std::string();
}

} // namespace

std::optional<bool> BenchReport::Goal::met() const
{
    if (!measured)
        return std::nullopt;
    switch (comparison) {
    case Comparison::Below:
        return *measured < target;
    case Comparison::AtMost:
        return *measured <= target;
    case Comparison::Above:
        return *measured > target;
    case Comparison::AtLeast:
        return *measured >= target;
    }
    return false;
}

BenchReport::BenchReport(std::string benchmark)
    : BenchReport(std::move(benchmark), environmentPath())
{
    if (m_path.empty())
        std::printf("%s: CONCORD_BENCH_RESULTS is unset, so the goals are printed but not written to a summary file\n",
                    m_benchmark.c_str());
}

BenchReport::BenchReport(std::string benchmark, std::string resultsPath)
    : m_benchmark(std::move(benchmark))
    , m_path(std::move(resultsPath))
{ }

bool BenchReport::goal(const std::string &name, double measured, const std::string &unit, Comparison comparison,
                       double target)
{
    if (!std::isfinite(measured)) {
        notMeasured(name, unit, comparison, target, "the measurement is not a finite number");
        return false;
    }
    Goal g{name, measured, unit, comparison, target, {}};
    const bool met = *g.met();
    record(std::move(g));
    return met;
}

void BenchReport::notMeasured(const std::string &name, const std::string &unit, Comparison comparison, double target,
                              const std::string &reason)
{
    record({name, std::nullopt, unit, comparison, target, reason});
}

void BenchReport::reference(const std::string &name, double value)
{
    for (auto &[key, v] : m_reference) {
        if (key == name) {
            v = value;
            save();
            return;
        }
    }
    m_reference.emplace_back(name, value);
    save();
}

void BenchReport::record(Goal goal)
{
    std::printf("%s\n", line(goal).c_str());
    std::fflush(stdout);
    m_goals.push_back(std::move(goal));
    save();
}

std::string BenchReport::line(const Goal &goal)
{
    const std::string target
        = "(goal " + symbol(goal.comparison) + " " + withUnit(formatTarget(goal.target), goal.unit) + ")";
    if (!goal.measured)
        return "goal: " + goal.name + ": not measured, " + goal.reason + " " + target + ": NOT MEASURED";
    return "goal: " + goal.name + ": " + withUnit(formatMeasured(*goal.measured), goal.unit) + " " + target + ": "
           + (*goal.met() ? "MET" : "NOT MET");
}

std::string BenchReport::symbol(Comparison comparison)
{
    switch (comparison) {
    case Comparison::Below:
        return "<";
    case Comparison::AtMost:
        return "<=";
    case Comparison::Above:
        return ">";
    case Comparison::AtLeast:
        return ">=";
    }
    return "?";
}

std::string BenchReport::formatMeasured(double value)
{
    if (!std::isfinite(value))
        return "nan";
    const double magnitude = std::fabs(value);
    int decimals = 0;
    if (magnitude > 0 && magnitude < 100)
        decimals = std::min(6, 2 - static_cast<int>(std::floor(std::log10(magnitude))));
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

std::string BenchReport::formatTarget(double value)
{
    char text[64];
    std::snprintf(text, sizeof text, "%.10g", value);
    return text;
}

std::string BenchReport::withUnit(const std::string &number, const std::string &unit)
{
    if (unit.empty())
        return number;
    return unit == "x" ? number + unit : number + " " + unit;
}

void BenchReport::warn(std::string message)
{
    std::fprintf(stderr, "warning: %s\n", message.c_str());
    std::fflush(stderr);
    m_warnings.push_back(std::move(message));
}

void BenchReport::save()
{
    if (m_path.empty() || m_unwritable)
        return;

    ordered_json goals = ordered_json::array();
    for (const Goal &g : m_goals) {
        ordered_json entry;
        entry["name"] = g.name;
        entry["measured"] = g.measured ? ordered_json(*g.measured) : ordered_json(nullptr);
        entry["unit"] = g.unit;
        entry["goal"] = symbol(g.comparison) + " " + formatTarget(g.target);
        const auto met = g.met();
        entry["met"] = met ? ordered_json(*met) : ordered_json(nullptr);
        if (!g.measured)
            entry["reason"] = g.reason;
        goals.push_back(std::move(entry));
    }
    ordered_json entry;
    entry["goals"] = std::move(goals);
    if (!m_reference.empty()) {
        ordered_json reference = ordered_json::object();
        for (const auto &[name, value] : m_reference)
            reference[name] = std::isfinite(value) ? ordered_json(value) : ordered_json(nullptr);
        entry["reference"] = std::move(reference);
    }

    const FileLock lock(m_path + ".lock");
    ordered_json results = ordered_json::object();
    std::error_code error;
    if (std::filesystem::exists(m_path, error)) {
        std::ifstream in(m_path, std::ios::binary);
        std::stringstream text;
        text << in.rdbuf();
        try {
            ordered_json existing = ordered_json::parse(text.str());
            if (existing.is_object())
                results = std::move(existing);
            else
                warn(m_path + " holds JSON but not an object of benchmarks; replacing it with a new file that holds "
                     + m_benchmark + "'s results");
        } catch (const ordered_json::parse_error &e) {
            warn(m_path + " is not valid JSON (" + e.what() + "); replacing it with a new file that holds "
                 + m_benchmark + "'s results");
        }
    }
    results[m_benchmark] = std::move(entry);

    // Written beside the file and renamed over it, so a reader never sees half a file.
    const std::string temporary = m_path + ".tmp." + std::to_string(::getpid());
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out << results.dump(2) << '\n';
        out.close();
        if (!out) {
            std::filesystem::remove(temporary, error);
            m_unwritable = true;
            warn("cannot write " + temporary + "; " + m_benchmark + "'s results are printed only");
            return;
        }
    }
    std::filesystem::rename(temporary, m_path, error);
    if (error) {
        const std::string reason = error.message();
        std::filesystem::remove(temporary, error);
        m_unwritable = true;
        warn("cannot replace " + m_path + " (" + reason + "); " + m_benchmark + "'s results are printed only");
    }
}

} // namespace concord::test

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The benchmarks' goals at a glance, from the summary file they merge their results into
// (bench-results.json in the build folder): one line per goal, MET, NOT MET or NOT MEASURED first, and
// a line for every benchmark of this build that left no results (not run, or it stopped before its
// first goal). packaging/concord-dev test prints it after the benchmarks, at the end of the log.
//   bench_summary RESULTS.json
// Goals are shown, not asserted: a missed goal never changes the exit code; only a missing or
// unreadable file does (exit 1).
#include "bench_report.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using concord::test::BenchReport;
using nlohmann::ordered_json;

namespace {

// The benchmarks this build registers with CTest (CONCORD_BENCHMARKS, comma-separated by tests/bench/CMakeLists.txt).
std::vector<std::string> registeredBenchmarks()
{
    std::vector<std::string> names;
    std::stringstream list(CONCORD_BENCHMARKS);
    for (std::string name; std::getline(list, name, ',');)
        if (!name.empty())
            names.push_back(name);
    return names;
}

std::string text(const ordered_json &object, const char *key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

} // namespace

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: bench_summary RESULTS.json\n");
        return 2;
    }
    const std::string path = argv[1];
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        std::printf("Benchmark goals: %s does not exist; no benchmark recorded a result\n", path.c_str());
        return 1;
    }
    std::stringstream content;
    content << in.rdbuf();
    ordered_json results;
    try {
        results = ordered_json::parse(content.str());
    } catch (const ordered_json::parse_error &e) {
        std::printf("Benchmark goals: %s is not valid JSON (%s)\n", path.c_str(), e.what());
        return 1;
    }
    if (!results.is_object()) {
        std::printf("Benchmark goals: %s holds no object of benchmarks\n", path.c_str());
        return 1;
    }

    std::printf("Benchmark goals (%s; shown, not asserted):\n", path.c_str());
    int met = 0, missed = 0, unmeasured = 0;
    std::set<std::string> reported;
    for (const auto &[benchmark, entry] : results.items()) {
        reported.insert(benchmark);
        const auto goals = entry.is_object() ? entry.value("goals", ordered_json::array()) : ordered_json::array();
        if (!goals.is_array() || goals.empty()) {
            std::printf("  %-13s %s: no goals recorded\n", "NO GOALS", benchmark.c_str());
            continue;
        }
        for (const auto &goal : goals) {
            if (!goal.is_object())
                continue;
            const std::string unit = text(goal, "unit");
            const std::string target = "(goal " + BenchReport::withUnit(text(goal, "goal"), unit) + ")";
            const auto measured = goal.find("measured");
            const auto isMet = goal.find("met");
            if (measured == goal.end() || !measured->is_number() || isMet == goal.end() || !isMet->is_boolean()) {
                ++unmeasured;
                std::printf("  %-13s %s: %s: %s %s\n", "NOT MEASURED", benchmark.c_str(), text(goal, "name").c_str(),
                            text(goal, "reason").c_str(), target.c_str());
                continue;
            }
            const bool ok = isMet->get<bool>();
            ++(ok ? met : missed);
            std::printf("  %-13s %s: %s: %s %s\n", ok ? "MET" : "NOT MET", benchmark.c_str(),
                        text(goal, "name").c_str(),
                        BenchReport::withUnit(BenchReport::formatMeasured(measured->get<double>()), unit).c_str(),
                        target.c_str());
        }
    }
    int absent = 0;
    for (const std::string &benchmark : registeredBenchmarks()) {
        if (reported.count(benchmark))
            continue;
        ++absent;
        std::printf("  %-13s %s: not run, or it stopped before recording a goal\n", "NO RESULTS", benchmark.c_str());
    }
    std::printf("%d goal(s) MET, %d NOT MET, %d NOT MEASURED; %d benchmark(s) without results\n", met, missed,
                unmeasured, absent);
    return 0;
}

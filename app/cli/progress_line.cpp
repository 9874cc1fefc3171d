// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "progress_line.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace concord::cli {

namespace {

// At most five lines a second: enough to see it move, too few to slow a fast import down.
constexpr auto kInterval = std::chrono::milliseconds(200);

double megabytes(std::int64_t bytes)
{
    return static_cast<double>(bytes) / 1e6;
}

} // namespace

ProgressLine::ProgressLine(bool forced)
    : m_enabled(forced || ::isatty(STDERR_FILENO) != 0)
    , m_start(Clock::now())
    , m_lastDrawn(m_start)
{ }

ProgressLine::~ProgressLine()
{
    clear();
}

io::ImportProgress::Callback ProgressLine::callback()
{
    if (!m_enabled)
        return {};
    return [this](std::int64_t done, std::int64_t total, std::int64_t records) {
        update(done, total, records);
        return true;
    };
}

template <typename Text> void ProgressLine::draw(bool last, Text &&text)
{
    const auto now = Clock::now();
    if (last ? m_finalDrawn : now - m_lastDrawn < kInterval)
        return;
    m_finalDrawn = last;
    m_lastDrawn = now;
    const std::string line = text(std::chrono::duration<double>(now - m_start).count());
    // Padded over a longer line drawn before it.
    std::fprintf(stderr, "\r%-*s", static_cast<int>(m_width), line.c_str());
    std::fflush(stderr);
    m_width = std::max(m_width, line.size());
}

void ProgressLine::update(std::int64_t done, std::int64_t total, std::int64_t records)
{
    // The last block is always shown, so that even a short import forced by --progress draws a line.
    draw(total > 0 && done >= total, [&](double seconds) { return format(done, total, records, seconds); });
}

std::function<void(std::int64_t, std::int64_t)> ProgressLine::rowCallback(std::string verb)
{
    if (!m_enabled)
        return {};
    return [this, verb = std::move(verb)](std::int64_t done, std::int64_t total) {
        draw(done >= total, [&](double seconds) { return formatRows(verb, done, total, seconds); });
    };
}

void ProgressLine::clear()
{
    if (m_width == 0)
        return;
    std::fprintf(stderr, "\r%*s\r", static_cast<int>(m_width), "");
    std::fflush(stderr);
    m_width = 0;
}

std::string ProgressLine::format(std::int64_t done, std::int64_t total, std::int64_t records, double seconds)
{
    // Below a millisecond there is no meaningful speed yet.
    const bool timed = seconds >= 1e-3;
    const double rate = timed ? megabytes(done) / seconds : 0.0;
    const auto rows = static_cast<long long>(timed ? static_cast<double>(records) / seconds : 0.0);
    char text[160];
    if (total > 0)
        std::snprintf(text, sizeof text, "importing: %3d%% (%.1f of %.1f MB, %.1f MB/s, %lld rows/s)",
                      static_cast<int>(std::min<std::int64_t>(100, done * 100 / total)), megabytes(done),
                      megabytes(total), rate, rows);
    else
        std::snprintf(text, sizeof text, "importing: %.1f MB (%.1f MB/s, %lld rows/s)", megabytes(done), rate, rows);
    return text;
}

std::string ProgressLine::formatRows(const std::string &verb, std::int64_t done, std::int64_t total, double seconds)
{
    const bool timed = seconds >= 1e-3;
    const auto rows = static_cast<long long>(timed ? static_cast<double>(done) / seconds : 0.0);
    char text[160];
    std::snprintf(text, sizeof text, "%s: %3d%% (%lld of %lld rows, %lld rows/s)", verb.c_str(),
                  static_cast<int>(total > 0 ? std::min<std::int64_t>(100, done * 100 / total) : 100),
                  static_cast<long long>(done), static_cast<long long>(total), rows);
    return text;
}

} // namespace concord::cli

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/import_progress.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

namespace concord::cli {

// A long import's progress on stderr: one line,
// "importing:  42% (203.4 of 485.3 MB, 95.1 MB/s, 412345 rows/s)",
// redrawn in place with '\r' at most five times a second and cleared when the import ends, so that
// what the command prints afterwards starts on a clean line. Drawn only where someone watches: stderr
// is a terminal, or --progress asks for it (scripts and tests capture stderr and never see it).
class ProgressLine {
public:
    // forced: --progress was given.
    explicit ProgressLine(bool forced);
    // Clears the line if one was drawn.
    ~ProgressLine();

    ProgressLine(const ProgressLine &) = delete;
    ProgressLine &operator=(const ProgressLine &) = delete;

    // For ImportRequest::run and the importers; empty when nothing is drawn. Never cancels. The line
    // must outlive the import.
    io::ImportProgress::Callback callback();
    // For publish and pull: rows copied of all there are, drawn as
    // "VERB:  42% (123456 of 293000 rows, 95000 rows/s)". The line must outlive the copy.
    std::function<void(std::int64_t done, std::int64_t total)> rowCallback(std::string verb);
    // Removes the line from the terminal.
    void clear();

    // The text of one line: bytes done of total (0: unknown) and records (rows, lines) read in seconds.
    static std::string format(std::int64_t done, std::int64_t total, std::int64_t records, double seconds);
    static std::string formatRows(const std::string &verb, std::int64_t done, std::int64_t total, double seconds);

private:
    void update(std::int64_t done, std::int64_t total, std::int64_t records);
    // Draws what text() gives when it is time to (always for the last step).
    template <typename Text> void draw(bool last, Text &&text);

    using Clock = std::chrono::steady_clock;
    bool m_enabled = false;
    Clock::time_point m_start;
    Clock::time_point m_lastDrawn;
    std::size_t m_width = 0; // of the line on screen; 0 when none is
    bool m_finalDrawn = false;
};

} // namespace concord::cli

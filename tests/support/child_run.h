// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace concord::test {

// A program's wall time and its peak resident memory, for benchmarks that run concord-cli as a user does.
struct ChildRun {
    double seconds = 0;
    double peakMb = 0; // resident, at its highest
};

// Runs args[0] (a path) with the arguments that follow to its end, its output to /dev/null when quiet.
// Its peak memory comes from wait4(), which reports the rusage of exactly that child once it has exited:
// ru_maxrss is its high-water mark of resident memory (VmHWM) over its whole life, in KiB on Linux, with
// no sampling that could miss a short peak and no race with its exit. Nothing when it cannot start or
// fails (said on stderr).
std::optional<ChildRun> runChild(const std::vector<std::string> &args, bool quiet);

} // namespace concord::test

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace concord::store {

// The process that runs a judge run, as stored with the run: its pid, when that process started (so a
// pid the system has since given to another process is not taken for the owner) and its host. A run
// whose status is `running` and whose owner is no longer alive was killed or crashed: it is interrupted.
struct RunOwner {
    long long pid = 0;
    std::string host;
    std::string processStart; // "<boot id>:<start ticks>" from /proc; empty where /proc is missing

    // A run on another host (a study on a shared folder) is alive while its heartbeat is this recent.
    static constexpr long long kLeaseSeconds = 300;
    // How often a run refreshes its heartbeat.
    static constexpr long long kHeartbeatSeconds = 30;

    static RunOwner current();
    static long long nowSeconds(); // Unix time, the heartbeat's clock

    // This process's runs at work: a run this process gave up on (its runner ended without storing
    // its status) reads interrupted while the process lives on, as the GUI does.
    static void hold(const std::string &studyPath, long long run);
    static void release(const std::string &studyPath, long long run);

    // The run's owner is at work on it. This process: it holds the run. Another process on this host:
    // the process with that pid and start time exists and is not a zombie. Another host: the heartbeat
    // (Unix seconds) is younger than the lease.
    bool alive(long long heartbeatAt, const std::string &studyPath, long long run) const;
};

} // namespace concord::store

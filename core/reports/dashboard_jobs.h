// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::reports {

// The agreement dashboard's independent pieces of work, shared out over worker threads. The jobs compute
// from what was read before they start (DashboardInputs) and read nothing from the study, so the threads
// need no connection of their own. Jobs are taken in the order they were added (heaviest first); a job
// that fails leaves a note and the others go on.
class DashboardJobs {
public:
    using Job = std::function<void()>;

    void add(Job job);
    // A part that could not be computed, with why; callable from any worker thread.
    void note(std::string message);

    // Runs every job on max(1, threads) threads, this one among them. False when `cancel` was set before
    // the jobs were done.
    [[nodiscard]] bool run(unsigned threads, const std::atomic<bool> *cancel);

    // The notes, sorted, so that they do not depend on which thread met which job.
    std::vector<std::string> takeNotes();

    static std::unique_ptr<store::Study> openReadOnly(const std::string &path);

private:
    std::vector<Job> m_jobs;
    std::vector<std::string> m_notes;
    std::mutex m_noteMutex;
};

} // namespace concord::reports

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/dashboard_jobs.h"

#include "error.h"
#include "store/study.h"

#include <algorithm>
#include <thread>

namespace concord::reports {

std::unique_ptr<store::Study> DashboardJobs::openReadOnly(const std::string &path)
{
    store::OpenOptions options;
    options.readOnly = true;
    auto study = store::Study::open(path, options);
    if (!study)
        throw Failure(study.error());
    return std::move(study.value());
}

void DashboardJobs::add(Job job)
{
    m_jobs.push_back(std::move(job));
}

void DashboardJobs::note(std::string message)
{
    const std::lock_guard lock(m_noteMutex);
    m_notes.push_back(std::move(message));
}

bool DashboardJobs::run(unsigned threads, const std::atomic<bool> *cancel)
{
    std::atomic<std::size_t> next{0};
    std::atomic<bool> cancelled{false};
    auto work = [&] {
        for (std::size_t i = next++; i < m_jobs.size(); i = next++) {
            if (cancel && cancel->load()) {
                cancelled = true;
                return;
            }
            // Nothing may leave a worker thread: an exception there would end the program.
            try {
                m_jobs[i]();
            } catch (const Failure &f) {
                note(f.error().describe());
            } catch (const std::exception &e) {
                note(e.what());
            }
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < std::max(1U, threads); ++t)
        pool.emplace_back(work);
    work(); // this thread works too
    for (auto &t : pool)
        t.join();
    return !cancelled;
}

std::vector<std::string> DashboardJobs::takeNotes()
{
    std::vector<std::string> notes = std::move(m_notes);
    m_notes.clear();
    std::sort(notes.begin(), notes.end());
    return notes;
}

} // namespace concord::reports

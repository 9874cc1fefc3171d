// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/background_job.h"

#include <QtGlobal>

#include <atomic>
#include <functional>
#include <memory>
#include <utility>

class QProgressBar;
class QWidget;

namespace concord::ui {

// A tab's computation that runs off the GUI thread and only while the tab is shown: a change of the tab's choices
// (or of the data) marks it stale, cancels what runs for the older choices and computes again at once if the tab
// is shown, else when it is next shown. A result that arrives after a newer request is dropped, so a slow old
// computation never overwrites a newer one. The busy bar shows while anything runs.
class ShownComputation {
public:
    // refresh: the owner's "compute now", which calls start() or shows why there is nothing to compute.
    ShownComputation(QWidget *owner, QProgressBar *busy, std::function<void()> refresh);
    ~ShownComputation();
    ShownComputation(const ShownComputation &) = delete;
    ShownComputation &operator=(const ShownComputation &) = delete;

    // The choices or the data changed.
    void invalidate();
    // From the owner's showEvent: computes if stale.
    void shown();
    // Cancels whatever runs and drops its result (nothing to compute, or the owner shows an error instead).
    void drop();

    // Runs work(cancel) off the GUI thread, then done(outcome) on it unless a newer request came first. The
    // cancel flag lives as long as the work: work may hand it to core's long loops.
    template <typename T>
    void start(std::function<Result<T>(const std::atomic<bool> *cancel)> work, std::function<void(Result<T>)> done)
    {
        const quint64 generation = begin();
        runInBackground<T>(
            m_owner, [work = std::move(work), cancel = m_cancel]() -> Result<T> { return work(cancel.get()); },
            [this, generation, done = std::move(done)](Result<T> outcome) {
                if (finish(generation))
                    done(std::move(outcome));
            });
    }

    bool isRunning() const { return m_running > 0; }

private:
    quint64 begin();
    bool finish(quint64 generation); // whether the result is still wanted

    QWidget *m_owner;
    QProgressBar *m_busy;
    std::function<void()> m_refresh;
    bool m_stale = true;
    quint64 m_generation = 0;
    int m_running = 0;
    std::shared_ptr<std::atomic<bool>> m_cancel;
};

} // namespace concord::ui

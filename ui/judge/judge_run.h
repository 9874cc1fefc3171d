// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/batch_poll.h"
#include "judge/runner.h"
#include "reports/correction_examples.h"

#include <QMetaType>
#include <QObject>
#include <QString>
#include <QThreadPool>

#include <memory>
#include <mutex>
#include <optional>

Q_DECLARE_METATYPE(concord::judge::RunProgress)
Q_DECLARE_METATYPE(concord::judge::CostEstimate)

namespace concord::ui {

// One judge run in the background: a thread of its own (runInBackground on a pool of one, so a run
// of hours never holds up the short jobs) runs the Runner, with its own connection to the study
// file, while run() blocks there; progress reaches the GUI thread as queued signals, at most about
// ten a second, so a fast run cannot flood the event loop. Cancel is safe at any moment.
class JudgeRun : public QObject {
    Q_OBJECT
public:
    explicit JudgeRun(QObject *parent = nullptr);
    ~JudgeRun() override; // cancels a running run and waits for its thread

    bool isRunning() const { return m_busy; }
    // False if a run (or an estimate) is already under way. With examples, the worked examples are chosen from
    // the study on the run's thread first (RunOptions::examples), and a failure to choose them ends the run.
    bool start(const QString &studyPath, const judge::ProviderConfig &provider, const judge::RunOptions &options,
               const std::optional<reports::CorrectionExamplesRequest> &examples = std::nullopt);
    bool estimate(const QString &studyPath, const judge::ProviderConfig &provider, const judge::RunOptions &options,
                  const std::optional<reports::CorrectionExamplesRequest> &examples = std::nullopt);
    void cancel();
    // Polls every batch of the study not fetched yet, storing the results of those that have ended (one at a time
    // with a run); false if a run or an estimate is under way.
    bool pollBatches(const QString &studyPath);

    // The minimum time between two progress signals.
    static constexpr int progressIntervalMs = 100;

Q_SIGNALS:
    void progressed(const concord::judge::RunProgress &progress);
    // ok: the run ended (finished or cancelled; progress says which); else error holds why it could not run.
    void finished(bool ok, const concord::judge::RunProgress &progress, const QString &error);
    void estimated(bool ok, const concord::judge::CostEstimate &estimate, const QString &error);
    // ok: every run's batches were polled; summary says what was stored and what still waits, one line per run.
    void batchesPolled(bool ok, const QString &summary);

private:
    bool m_busy = false;
    std::mutex m_mutex; // guards m_runner and m_cancelled: cancel() comes from the GUI thread
    std::shared_ptr<judge::Runner> m_runner;
    bool m_cancelled = false; // cancelled before the runner was made (while the examples were chosen)
    QThreadPool m_pool;       // the run's own thread
};

} // namespace concord::ui

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/batch_poll.h"
#include "judge/run_plan.h"
#include "judge/runner.h"
#include "reports/correction_examples.h"

#include <QMetaType>
#include <QObject>
#include <QString>
#include <QThreadPool>

#include <memory>
#include <mutex>
#include <optional>
#include <vector>

Q_DECLARE_METATYPE(concord::judge::RunProgress)
Q_DECLARE_METATYPE(concord::judge::CostEstimate)
Q_DECLARE_METATYPE(concord::judge::PlanProgress)
Q_DECLARE_METATYPE(concord::judge::PlanEstimate)

namespace concord::ui {

// One judge of a run plan as the window keeps it: its provider and run, and the corrections its worked examples
// are chosen from (none: no examples).
struct PlanEntry {
    judge::PlannedJudge judge;
    std::optional<reports::CorrectionExamplesRequest> examples;
};

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
    // Several judges at once (judge::RunPlan), on the same thread as a single run and with the same throttled,
    // queued progress; the examples of each judge are chosen first. False if a run or an estimate is under way.
    bool startPlan(const QString &studyPath, const std::vector<PlanEntry> &judges);
    bool estimatePlan(const QString &studyPath, const std::vector<PlanEntry> &judges);
    // Cancels the run or the plan under way (every judge of a plan).
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
    void planProgressed(const concord::judge::PlanProgress &progress);
    // ok: the plan ran (each judge's own error, if any, is in its JudgeOutcome); else error says why it could not.
    void planFinished(bool ok, const concord::judge::PlanProgress &progress, const QString &error);
    void planEstimated(bool ok, const concord::judge::PlanEstimate &estimate, const QString &error);
    // ok: every run's batches were polled; summary says what was stored and what still waits, one line per run;
    // fetched: the batches whose results were stored.
    void batchesPolled(bool ok, const QString &summary, int fetched);

private:
    bool m_busy = false;
    std::mutex m_mutex; // guards m_runner, m_plan and m_cancelled: cancel() comes from the GUI thread
    std::shared_ptr<judge::Runner> m_runner;
    std::shared_ptr<judge::RunPlan> m_plan;
    bool m_cancelled = false; // cancelled before the runner was made (while the examples were chosen)
    QThreadPool m_pool;       // the run's own thread
};

} // namespace concord::ui

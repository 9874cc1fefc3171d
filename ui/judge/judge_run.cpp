// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/judge_run.h"

#include "common/background_job.h"

#include "reports/correction_examples.h"
#include "reports/judge_panel.h"
#include "store/study.h"

#include <QElapsedTimer>

namespace concord::ui {

namespace {

QString errorText(const Error &error)
{
    return QString::fromStdString(error.describe());
}

// Every panel of the study recomputed from its members' scores; on the worker, on a connection of its own.
Status refreshPanels(const std::string &path)
{
    auto study = store::Study::open(path);
    if (!study)
        return study.error();
    const auto refreshed = reports::refreshPanels(*study.value());
    if (!refreshed) {
        Error error = refreshed.error();
        error.message = "the judge's answers are stored, but its panels were not recomputed: " + error.message;
        return error;
    }
    return {};
}

// The run's options with its worked examples chosen from the study, on a connection of its own.
Result<judge::RunOptions> withExamples(const std::string &path, judge::RunOptions options,
                                       const std::optional<reports::CorrectionExamplesRequest> &examples)
{
    if (!examples)
        return options;
    auto study = store::Study::open(path, {.readOnly = true});
    if (!study)
        return study.error();
    auto chosen = reports::correctionExamples(*study.value(), *examples);
    if (!chosen)
        return chosen.error();
    options.examples = std::move(chosen.value());
    return options;
}

// The plan's judges with their worked examples chosen, each from its own judge's corrections.
Result<std::vector<judge::PlannedJudge>> plannedJudges(const std::string &path, const std::vector<PlanEntry> &entries)
{
    std::vector<judge::PlannedJudge> judges;
    judges.reserve(entries.size());
    for (const PlanEntry &entry : entries) {
        auto options = withExamples(path, entry.judge.options, entry.examples);
        if (!options) {
            Error error = options.error();
            error.message = judge::judgeName(entry.judge.provider, entry.judge.options) + ": " + error.message;
            return error;
        }
        judges.push_back({entry.judge.provider, std::move(options.value())});
    }
    return judges;
}

} // namespace

JudgeRun::JudgeRun(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<judge::RunProgress>();
    qRegisterMetaType<judge::CostEstimate>();
    qRegisterMetaType<judge::PlanProgress>();
    qRegisterMetaType<judge::PlanEstimate>();
    m_pool.setMaxThreadCount(1);
}

JudgeRun::~JudgeRun()
{
    // The worker emits progress on this object: it must have returned before this object goes.
    cancel();
    m_pool.waitForDone();
}

bool JudgeRun::start(const QString &studyPath, const judge::ProviderConfig &provider, const judge::RunOptions &options,
                     const std::optional<reports::CorrectionExamplesRequest> &examples)
{
    if (m_busy)
        return false;
    {
        const std::lock_guard lock(m_mutex);
        m_cancelled = false;
    }
    m_busy = true;
    // Signals are emitted from the worker thread on this GUI-thread object: Qt queues them.
    runInBackground<judge::RunProgress>(
        this,
        [this, provider, options, examples, path = studyPath.toStdString()]() -> Result<judge::RunProgress> {
            auto asked = withExamples(path, options, examples);
            if (!asked)
                return asked.error();
            auto runner = std::make_shared<judge::Runner>(path, provider, asked.value());
            {
                const std::lock_guard lock(m_mutex);
                m_runner = runner;
                if (m_cancelled)
                    runner->cancel();
            }
            QElapsedTimer sinceLast;
            sinceLast.start();
            bool first = true;
            auto outcome = runner->run([&](const judge::RunProgress &p) {
                // Throttled: the runner reports every answer; the window needs ~10 updates a second.
                if (first || sinceLast.elapsed() >= progressIntervalMs) {
                    first = false;
                    sinceLast.restart();
                    Q_EMIT progressed(p);
                }
            });
            if (outcome)
                Q_EMIT progressed(outcome.value());
            // The panels the judge is a member of follow the scores just stored, before the window reloads.
            if (outcome && outcome.value().done > 0)
                if (const Status panels = refreshPanels(path); !panels)
                    return Result<judge::RunProgress>(panels.error());
            return outcome;
        },
        [this](Result<judge::RunProgress> outcome) {
            {
                const std::lock_guard lock(m_mutex);
                m_runner.reset();
            }
            // Told only now, when the worker is done, so a receiver may start the next run at once.
            m_busy = false;
            if (outcome)
                Q_EMIT finished(true, outcome.value(), {});
            else
                Q_EMIT finished(false, {}, errorText(outcome.error()));
        },
        &m_pool);
    return true;
}

bool JudgeRun::estimate(const QString &studyPath, const judge::ProviderConfig &provider,
                        const judge::RunOptions &options,
                        const std::optional<reports::CorrectionExamplesRequest> &examples)
{
    if (m_busy)
        return false;
    m_busy = true;
    runInBackground<judge::CostEstimate>(
        this,
        [path = studyPath.toStdString(), provider, options, examples]() -> Result<judge::CostEstimate> {
            auto asked = withExamples(path, options, examples);
            if (!asked)
                return asked.error();
            judge::Runner runner(path, provider, asked.value());
            return runner.estimate();
        },
        [this](Result<judge::CostEstimate> outcome) {
            m_busy = false;
            if (outcome)
                Q_EMIT estimated(true, outcome.value(), {});
            else
                Q_EMIT estimated(false, {}, errorText(outcome.error()));
        },
        &m_pool);
    return true;
}

bool JudgeRun::startPlan(const QString &studyPath, const std::vector<PlanEntry> &judges)
{
    if (m_busy)
        return false;
    {
        const std::lock_guard lock(m_mutex);
        m_cancelled = false;
    }
    m_busy = true;
    runInBackground<judge::PlanProgress>(
        this,
        [this, judges, path = studyPath.toStdString()]() -> Result<judge::PlanProgress> {
            auto planned = plannedJudges(path, judges);
            if (!planned)
                return planned.error();
            auto plan = std::make_shared<judge::RunPlan>(path, std::move(planned.value()));
            {
                const std::lock_guard lock(m_mutex);
                m_plan = plan;
                if (m_cancelled)
                    plan->cancel();
            }
            // The judges report from their own threads, one at a time (the plan's lock): throttled as a single run.
            QElapsedTimer sinceLast;
            sinceLast.start();
            bool first = true;
            auto outcome = plan->run([&](const judge::PlanProgress &p) {
                if (first || sinceLast.elapsed() >= progressIntervalMs) {
                    first = false;
                    sinceLast.restart();
                    Q_EMIT planProgressed(p);
                }
            });
            if (!outcome)
                return outcome;
            Q_EMIT planProgressed(outcome.value());
            if (outcome.value().total.done > 0)
                if (const Status panels = refreshPanels(path); !panels)
                    return Result<judge::PlanProgress>(panels.error());
            return outcome;
        },
        [this](Result<judge::PlanProgress> outcome) {
            {
                const std::lock_guard lock(m_mutex);
                m_plan.reset();
            }
            m_busy = false;
            if (outcome)
                Q_EMIT planFinished(true, outcome.value(), {});
            else
                Q_EMIT planFinished(false, {}, errorText(outcome.error()));
        },
        &m_pool);
    return true;
}

bool JudgeRun::estimatePlan(const QString &studyPath, const std::vector<PlanEntry> &judges)
{
    if (m_busy)
        return false;
    m_busy = true;
    runInBackground<judge::PlanEstimate>(
        this,
        [judges, path = studyPath.toStdString()]() -> Result<judge::PlanEstimate> {
            auto planned = plannedJudges(path, judges);
            if (!planned)
                return planned.error();
            judge::RunPlan plan(path, std::move(planned.value()));
            return plan.estimate();
        },
        [this](Result<judge::PlanEstimate> outcome) {
            m_busy = false;
            if (outcome)
                Q_EMIT planEstimated(true, outcome.value(), {});
            else
                Q_EMIT planEstimated(false, {}, errorText(outcome.error()));
        },
        &m_pool);
    return true;
}

bool JudgeRun::pollBatches(const QString &studyPath)
{
    if (m_busy)
        return false;
    m_busy = true;
    runInBackground<std::vector<judge::RunBatchPoll>>(
        this, [path = studyPath.toStdString()] { return judge::pollWaitingBatches(path); },
        [this](Result<std::vector<judge::RunBatchPoll>> outcome) {
            m_busy = false;
            if (!outcome) {
                Q_EMIT batchesPolled(false, errorText(outcome.error()), 0);
                return;
            }
            QStringList lines;
            bool ok = true;
            int fetched = 0;
            for (const auto &p : outcome.value()) {
                fetched += static_cast<int>(p.collected.fetched);
                const QString judge = QString::fromStdString(p.judge);
                if (!p.error.empty()) {
                    ok = false;
                    lines << tr("Run %1 (%2): %3").arg(p.run).arg(judge, QString::fromStdString(p.error));
                    continue;
                }
                lines << tr("Run %1 (%2): %3 batches fetched, %4 answers stored, %5 requests without an answer; %6 "
                            "batches still with the provider.")
                             .arg(p.run)
                             .arg(judge)
                             .arg(p.collected.fetched)
                             .arg(p.collected.answered)
                             .arg(p.collected.unanswered)
                             .arg(p.collected.open);
                for (const auto &note : p.collected.notes)
                    lines << QString::fromStdString(note);
            }
            if (lines.isEmpty())
                lines << tr("No batch is waiting for its results.");
            Q_EMIT batchesPolled(ok, lines.join(QLatin1Char('\n')), fetched);
        },
        &m_pool);
    return true;
}

void JudgeRun::cancel()
{
    const std::lock_guard lock(m_mutex);
    m_cancelled = true;
    if (m_runner)
        m_runner->cancel();
    if (m_plan)
        m_plan->cancel();
}

} // namespace concord::ui

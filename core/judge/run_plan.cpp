// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/run_plan.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <mutex>
#include <thread>
#include <tuple>

namespace concord::judge {

RunProgress sumProgress(const std::vector<JudgeOutcome> &judges)
{
    RunProgress t;
    bool anyEta = false;
    double eta = 0;
    for (const JudgeOutcome &j : judges) {
        const RunProgress &p = j.progress;
        t.total += p.total;
        t.done += p.done;
        t.cached += p.cached;
        t.sent += p.sent;
        t.failed += p.failed;
        t.invalid += p.invalid;
        t.retries += p.retries;
        t.inFlight += p.inFlight;
        t.tokensIn += p.tokensIn;
        t.tokensOut += p.tokensOut;
        t.cost += p.cost;
        t.costBefore += p.costBefore;
        t.elapsedSeconds = std::max(t.elapsedSeconds, p.elapsedSeconds);
        // A judge that has not said how long it needs leaves the plan's time left unknown only when none has.
        if (!std::isnan(p.etaSeconds)) {
            eta = anyEta ? std::max(eta, p.etaSeconds) : p.etaSeconds;
            anyEta = true;
        }
        t.cancelled = t.cancelled || p.cancelled;
        if (!p.status.empty())
            t.status += (t.status.empty() ? "" : "; ") + j.name + ": " + p.status;
        if (!p.fallback.empty())
            t.fallback += (t.fallback.empty() ? "" : "; ") + j.name + ": " + p.fallback;
        t.firstAnswers += p.firstAnswers;
        t.invalidFirst += p.invalidFirst;
        t.reasked += p.reasked;
        t.reaskRecovered += p.reaskRecovered;
        t.batches += p.batches;
        t.batched += p.batched;
        t.inBatches += p.inBatches;
    }
    if (anyEta)
        t.etaSeconds = eta;
    return t;
}

struct RunPlan::Impl {
    std::string studyPath;
    std::vector<PlannedJudge> judges;
    std::vector<std::string> names;
    // Made with the plan and never changed, so that cancel() needs no lock (it is called from a signal handler).
    std::vector<std::unique_ptr<Runner>> runners;
    std::mutex mutex; // the progress
    std::atomic<bool> cancelled{false};

    // The judges that run one after the other, each lane on a thread of its own. Judges asking one model at one
    // server with one protocol would send it identical requests (the same prompts under two names): in one lane
    // the later ones find the earlier ones' answers in the cache rather than paying for them while in flight.
    std::vector<std::vector<std::size_t>> lanes() const
    {
        std::vector<std::vector<std::size_t>> result;
        std::map<std::tuple<ProviderKind, std::string, std::string, Protocol>, std::size_t> laneOf;
        for (std::size_t i = 0; i < judges.size(); ++i) {
            const PlannedJudge &j = judges[i];
            const auto key
                = std::make_tuple(j.provider.kind, j.provider.baseUrl, j.provider.model, j.options.plan.protocol);
            const auto [at, added] = laneOf.emplace(key, result.size());
            if (added)
                result.emplace_back();
            result[at->second].push_back(i);
        }
        return result;
    }

    Status check() const
    {
        if (judges.empty())
            return Error{"a run plan needs at least one judge", {}, 0, {}};
        std::map<std::string, std::size_t> seen;
        for (std::size_t i = 0; i < names.size(); ++i) {
            const auto [at, inserted] = seen.emplace(names[i], i);
            // The second would refuse at start as the first's run is at work: refused here, before anything is sent.
            if (!inserted)
                return Error{"judges " + std::to_string(at->second + 1) + " and " + std::to_string(i + 1)
                                 + " of the plan have one name, '" + names[i]
                                 + "': give one of them another name (its rater)",
                             {},
                             0,
                             "rater"};
        }
        return {};
    }
};

RunPlan::RunPlan(std::string studyPath, std::vector<PlannedJudge> judges)
    : m_impl(std::make_unique<Impl>())
{
    m_impl->studyPath = std::move(studyPath);
    m_impl->judges = std::move(judges);
    for (const PlannedJudge &j : m_impl->judges) {
        m_impl->names.push_back(judgeName(j.provider, j.options));
        m_impl->runners.push_back(std::make_unique<Runner>(m_impl->studyPath, j.provider, j.options));
    }
}

RunPlan::~RunPlan() = default;

Result<PlanEstimate> RunPlan::estimate()
{
    if (const Status ok = m_impl->check(); !ok)
        return ok.error();
    PlanEstimate e;
    e.names = m_impl->names;
    e.total.batchPriceFactor = 0;
    for (std::size_t i = 0; i < m_impl->judges.size(); ++i) {
        // A runner of its own: the plan's runners are for run() alone.
        Runner runner(m_impl->studyPath, m_impl->judges[i].provider, m_impl->judges[i].options);
        auto one = runner.estimate();
        if (!one) {
            Error error = one.error();
            error.message = m_impl->names[i] + ": " + error.message;
            return error;
        }
        const CostEstimate &c = one.value();
        e.total.calls += c.calls;
        e.total.alreadyAnswered += c.alreadyAnswered;
        e.total.tokensIn += c.tokensIn;
        e.total.tokensOutExpected += c.tokensOutExpected;
        e.total.tokensOutMax += c.tokensOutMax;
        e.total.cost += c.cost;
        e.total.costMax += c.costMax;
        e.total.batchCost += c.batchCost;
        e.total.batchCostMax += c.batchCostMax;
        if (!c.fallback.empty())
            e.total.fallback += (e.total.fallback.empty() ? "" : "; ") + m_impl->names[i] + ": " + c.fallback;
        e.judges.push_back(c);
    }
    // The judges' factors differ only when they were set so; the total's is then its own ratio.
    e.total.batchPriceFactor = e.total.cost > 0   ? e.total.batchCost / e.total.cost
                               : e.judges.empty() ? 0.5
                                                  : e.judges.front().batchPriceFactor;
    return e;
}

Result<PlanProgress> RunPlan::run(const ProgressCallback &callback)
{
    if (const Status ok = m_impl->check(); !ok)
        return ok.error();
    Impl &d = *m_impl;
    PlanProgress progress;
    for (const std::string &name : d.names)
        progress.judges.push_back({name, {}, {}});
    auto report = [&](std::size_t i, const RunProgress &p) {
        std::lock_guard lock(d.mutex);
        progress.judges[i].progress = p;
        progress.total = sumProgress(progress.judges);
        if (callback)
            callback(progress);
    };
    const auto lanes = d.lanes();
    std::vector<std::thread> threads;
    threads.reserve(lanes.size());
    for (const std::vector<std::size_t> &lane : lanes)
        threads.emplace_back([&, lane] {
            for (const std::size_t i : lane) {
                // Cancelled before its turn: the judge is not started (its run would be recorded as cancelled).
                if (d.cancelled) {
                    std::lock_guard lock(d.mutex);
                    progress.judges[i].progress.cancelled = true;
                    progress.total = sumProgress(progress.judges);
                    continue;
                }
                auto result = d.runners[i]->run([&, i](const RunProgress &p) { report(i, p); });
                std::lock_guard lock(d.mutex);
                if (result)
                    progress.judges[i].progress = result.value();
                else
                    progress.judges[i].error = result.error().describe();
                progress.total = sumProgress(progress.judges);
            }
        });
    for (std::thread &t : threads)
        t.join();
    return progress;
}

void RunPlan::cancel()
{
    m_impl->cancelled = true;
    for (const auto &runner : m_impl->runners)
        runner->cancel();
}

} // namespace concord::judge

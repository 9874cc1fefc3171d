// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/answer_spill.h"
#include "judge/call_planner.h"
#include "judge/run_call.h"
#include "judge/run_context.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace concord::judge {

// What a run added to the study before its first call (a new judge, new templates), for discardJudgeRun.
struct RunClaim {
    std::optional<model::Id> addedRater;
    std::vector<model::Id> addedTemplates;
};

// The store of a judge run: owns the run in the study (claimed, kept alive, finished, interrupted, discarded),
// writes answers and failures in transactions that wait for a busy study, and keeps what was paid for in the
// spill while the study cannot take it.
class RunStore {
public:
    RunStore(RunContext &context, CallPlanner &plan)
        : m_ctx(context)
        , m_plan(plan)
    { }

    // Claims the judge's run in one transaction: its interrupted run of the protocol resumed under its id, or a new
    // one; refused while another process runs the judge. The settings asked for are stored with it.
    RunClaim claimRun(const Runner::ProgressCallback &callback);
    // Undoes a run that could not store a single call: the study as it was before claimRun.
    void discardRun(const RunClaim &claim);
    // The run's end: its settings as decided and its status, in one transaction.
    void finishRun(const std::string &status);
    // Stores an answered call and what it means. Callers wrap it in a transaction (see commit()).
    void storeAnswer(RunCall &c, model::JudgeCall call, const ChatResponse &response);
    void storeFailure(const RunCall &c, const HttpResponse &r, const std::string &why);
    // One transaction for what arrived together: committed before the runner waits again. A busy study
    // is waited for (options.busyWaitSeconds), and the paid answers in `paid` are first put in the
    // spill, so that neither a kill meanwhile nor a study that stays busy loses them.
    void commit(const std::function<void()> &fn, const std::vector<SpilledAnswer> &paid = {});
    // The owner at work: refreshed now and then, so a run on another host sharing the study is not
    // taken for dead. A busy study just leaves it for the next time.
    void heartbeat();
    // Drops from the spill what the study holds now; the file goes when nothing is left.
    void pruneSpill();
    // An answer as kept in the spill until the study takes it.
    static SpilledAnswer spilled(const model::JudgeCall &call);
    void saveSettings();
    // Claims a run of the study that is not running, for polling its batches.
    void claimForBatches(long long runId);

private:
    // Other judges' runs at work on the study with this run's server, model and protocol: said in the progress's
    // notice, as their requests in flight are not seen from here.
    std::string sameModelAtWork();

    RunContext &m_ctx;
    CallPlanner &m_plan;
};

} // namespace concord::judge

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/answer/scoring_method.h"
#include "judge/call_planner.h"
#include "judge/run_call.h"
#include "judge/run_context.h"
#include "judge/run_store.h"

#include <cstddef>
#include <vector>

namespace concord::judge {

// The calls of a run on their way to a dispatcher: each call queued once, unless it is answered already (by this
// judge, by another judge's identical request, or in the spill) or waits in a batch; identical requests sent once;
// and what each answer calls for next (G-Eval's samples, re-asking an invalid answer, the switch to sampling).
class CallQueue {
public:
    CallQueue(RunContext &context, CallPlanner &plan, RunStore &store)
        : m_ctx(context)
        , m_plan(plan)
        , m_store(store)
    { }

    // Queues a call, unless it is answered already (by this rater, or the same request by another) or
    // an identical request is on its way. G-Eval units known to be sampled are sampled instead.
    void add(RunCall call);
    // Reuses another rater's answer to the identical request: stored for this run, nothing sent.
    bool reuseCached(std::size_t index);
    // An answer paid for by an earlier run that the study could not take then: stored now, nothing sent.
    bool reuseSpilled(std::size_t index);
    // A call this rater answered in an earlier run: what it means for the calls still to make.
    void answeredBefore(std::size_t index, const model::JudgeCall &earlier);
    // What an answer means for the calls still to make. G-Eval: an answer with token probabilities is
    // the unit's score; one without them makes the unit, and every unit not asked yet, scored by
    // sampling; a sampling request answered with fewer samples than n asked for (a server that ignores
    // n) is completed one request per sample. Also counts the units by scoring method.
    void followUp(std::size_t index, const ChatResponse &response);
    // Counts a unit call's answer for re-asking, and asks again (options.reaskInvalid) when its text was
    // refused: the conversation so far, the refused text as the model's turn, then the answer's form. An
    // empty answer has nothing to show the model (and some servers refuse an empty turn): not re-asked.
    void reaskIfInvalid(std::size_t index, const ChatResponse &response);
    // The first G-Eval answer without token probabilities: the server has none, so the rest of the run
    // samples at once. The units whose request for them is not sent yet are withdrawn, to be sampled
    // instead of asked in vain (sampleHeld).
    std::vector<std::size_t> switchToSampling();
    void sampleHeld(const std::vector<std::size_t> &held);
    void noteMethod(std::size_t unit, ScoringMethod method);
    bool waitsInBatch(const RunCall &c);

private:
    RunContext &m_ctx;
    CallPlanner &m_plan;
    RunStore &m_store;
};

} // namespace concord::judge

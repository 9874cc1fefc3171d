// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/call_planner.h"
#include "judge/call_queue.h"
#include "judge/dispatch.h"
#include "judge/run_context.h"
#include "judge/run_store.h"

#include <cstddef>
#include <vector>

namespace concord::judge {

// Sends a run's calls online: the evaluation steps first (G-Eval), then the units, each call when a slot, the
// requests and tokens a minute and any Retry-After allow; retried with backoff; what arrived together stored in
// one transaction while the next requests are already on their way.
class OnlineDispatch : public Dispatch {
public:
    OnlineDispatch(RunContext &context, CallPlanner &plan, RunStore &store, CallQueue &queue)
        : m_ctx(context)
        , m_plan(plan)
        , m_store(store)
        , m_queue(queue)
    { }

    std::optional<Error> dispatch(const Runner::ProgressCallback &callback) override;

private:
    using ProgressCallback = Runner::ProgressCallback;

    // An answer as the call that paid for it: its tokens and their cost at the run's prices.
    model::JudgeCall paidCall(const RunCall &c, const HttpResponse &response, const ChatResponse &parsed) const;
    bool retryable(const HttpResponse &r) const;
    // The study cannot be written and the run stops: the requests on their way are paid for too, so
    // their answers are awaited (no new request goes out) and kept in the spill with the others.
    void keepInFlight(std::size_t inFlight);
    // Sends the calls not answered yet, and those their answers call for, with the limits, retries and
    // cancellation of the options.
    void execute(std::vector<RunCall> initial, const ProgressCallback &callback);

    RunContext &m_ctx;
    CallPlanner &m_plan;
    RunStore &m_store;
    CallQueue &m_queue;
};

} // namespace concord::judge

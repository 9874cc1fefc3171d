// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/batch/batch_dispatch.h"
#include "judge/call_planner.h"
#include "judge/call_queue.h"
#include "judge/dispatch.h"
#include "judge/run_context.h"
#include "judge/run_store.h"

#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace concord::judge {

// Sends a run's calls through the provider's batch API: planned a unit at a time and submitted a batch at a time
// (BatchDispatch records each batch before it is submitted), so that 100,000 requests fit in little memory; later
// collects the results of the run's final batches into the run's store, and cancels a batch. A server without a
// batch API is said in dispatch()'s answer, before anything is recorded.
class BatchRunDispatch : public Dispatch {
public:
    // recorded: called before the first batch is written (from then on the run must stay, whatever follows).
    BatchRunDispatch(RunContext &context, CallPlanner &plan, RunStore &store, CallQueue &queue,
                     std::function<void()> recorded = {})
        : m_ctx(context)
        , m_plan(plan)
        , m_store(store)
        , m_queue(queue)
        , m_recorded(std::move(recorded))
    { }

    std::optional<Error> dispatch(const Runner::ProgressCallback &callback) override;
    // Polls the run's batches once and stores the results of the final ones (Runner::collectBatches); the run ends
    // finished when every call is answered, else stays interrupted.
    BatchCollection collect();
    // Asks the provider to cancel one of the run's batches; its state then.
    std::string cancel(long long batch);

private:
    // Every call of the run as planned, with sampled units expanded, by the request they send. Planned a unit at a
    // time, keeping of each call what finds it again (hash, sample, unit): a call's prompt and body are made again
    // when its result is stored (restoreCall), so that a poll never holds every prompt at once.
    std::map<std::pair<std::string, int>, std::vector<std::size_t>> plannedCalls();
    // One batch result for every call that sent its request and has no answer stored yet: the first pays, the
    // others are copies (two units with the same bytes), as online.
    void storeBatchResult(const std::vector<std::size_t> &indices, const BatchResult *r, const std::string &why);

    RunContext &m_ctx;
    CallPlanner &m_plan;
    RunStore &m_store;
    CallQueue &m_queue;
    std::function<void()> m_recorded;
};

} // namespace concord::judge

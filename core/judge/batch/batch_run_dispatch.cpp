// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/batch/batch_run_dispatch.h"

#include "judge/batch/batch_api.h"
#include "judge/batch/batch_split.h"

#include <algorithm>

namespace concord::judge {

// The calls not answered yet, planned a unit at a time and submitted in batches. Not for geval nor with re-asking.
std::optional<Error> BatchRunDispatch::dispatch(const Runner::ProgressCallback &callback)
{
    if (m_ctx.geval())
        fail("geval writes its evaluation steps first and decides from the answers how to score, so it is judged "
             "online; run it without batch",
             "batch");
    if (m_ctx.options.reaskInvalid > 0)
        fail("re-asking needs each answer before the next request; a batch run re-asks nothing: run without "
             "re-asking, or online",
             "batch");
    // A server without a batch API: what this dispatcher counted is undone, and the runner goes online.
    const auto noBatchApi = [&](const Error &why) -> std::optional<Error> {
        m_ctx.progress.total = m_ctx.progress.done = m_ctx.progress.cached = m_ctx.progress.inBatches = 0;
        m_ctx.progress.costBefore = 0;
        m_ctx.inOpenBatch.reset();
        return why;
    };
    auto api = BatchApi::create(*m_ctx.provider, *m_ctx.http);
    if (!api) {
        if (api.error().field != kNoBatchApiField)
            throw Failure(api.error());
        return noBatchApi(api.error());
    }
    m_ctx.queue = CallQueueState{};
    m_ctx.unitMessages.clear();
    m_ctx.sampleHashCache.clear();
    // Planned a unit at a time and submitted a batch at a time: of each call only what a run keeps of it (hash,
    // sample, unit) stays once its body has gone to a batch, so that 100,000 requests fit in little memory.
    BatchLimits limits
        = m_ctx.providerConfig.kind == ProviderKind::Anthropic ? anthropicBatchLimits() : openAiBatchLimits();
    if (m_ctx.options.batchLimits.maxRequests > 0)
        limits.maxRequests = std::min(limits.maxRequests, m_ctx.options.batchLimits.maxRequests);
    if (m_ctx.options.batchLimits.maxBytes > 0)
        limits.maxBytes = std::min(limits.maxBytes, m_ctx.options.batchLimits.maxBytes);
    std::optional<BatchDispatch> dispatch;
    std::vector<BatchCall> pending;
    std::size_t pendingCount = 0; // pending's size before it moves into the dispatch
    std::size_t pendingBytes = 0;
    // Whether the batch API took the requests; false: it has none (noBatch says why).
    std::optional<Error> noBatch;
    const auto submitPending = [&]() -> bool {
        if (pending.empty())
            return true;
        if (!dispatch) {
            dispatch.emplace(*m_ctx.study, *api.value(), m_ctx.providerName(), m_ctx.run,
                             [this](const std::function<void()> &fn) { m_store.commit(fn); });
            if (m_recorded)
                m_recorded();
        }
        try {
            m_ctx.progress.batches += dispatch->submit(std::move(pending), m_ctx.options.batchLimits);
        } catch (const Failure &f) {
            if (f.error().field != kNoBatchApiField || m_ctx.progress.batches > 0)
                throw;
            noBatch = noBatchApi(f.error());
            return false;
        }
        m_ctx.progress.batched += pendingCount;
        pending.clear();
        pendingCount = 0;
        pendingBytes = 0;
        m_ctx.report(callback);
        return true;
    };
    for (std::size_t unit = 0; unit < m_ctx.units.size(); ++unit) {
        m_plan.fillUnitWindow(unit);
        const std::size_t before = m_ctx.queue.ready.size();
        for (auto &c : m_plan.callsOfUnit(unit))
            m_queue.add(std::move(c));
        for (std::size_t k = before; k < m_ctx.queue.ready.size(); ++k) {
            RunCall &c = m_ctx.queue.calls[m_ctx.queue.ready[k]];
            pendingBytes += c.body.size();
            pending.push_back({c.hash, c.sample, std::move(c.body)});
            ++pendingCount;
            std::string().swap(c.body);
            std::string().swap(c.prompt);
        }
        m_plan.releaseUnitMessages(unit);
        if ((pending.size() >= limits.maxRequests || pendingBytes >= limits.maxBytes) && !submitPending())
            return noBatch;
    }
    if (!submitPending())
        return noBatch;
    // Submitted: the plan is not needed any more (a poll makes its own).
    m_ctx.queue = CallQueueState{};
    std::vector<std::vector<ChatMessage>>().swap(m_ctx.unitMessages);
    m_ctx.inOpenBatch.reset();
    m_ctx.report(callback);
    return std::nullopt;
}

// Every call of the run as planned, with sampled units expanded, by the request they send. Planned a unit at a
// time, keeping of each call what finds it again (hash, sample, unit): a call's prompt and body are made again
// when its result is stored (restoreCall), so that a poll never holds every prompt at once.
std::map<std::pair<std::string, int>, std::vector<std::size_t>> BatchRunDispatch::plannedCalls()
{
    m_ctx.queue = CallQueueState{};
    m_ctx.unitMessages.clear();
    m_ctx.sampleHashCache.clear();
    std::map<std::pair<std::string, int>, std::vector<std::size_t>> out;
    for (std::size_t unit = 0; unit < m_ctx.units.size(); ++unit) {
        m_plan.fillUnitWindow(unit);
        for (auto &c : m_plan.callsOfUnit(unit)) {
            std::string().swap(c.body);
            std::string().swap(c.prompt);
            m_ctx.queue.calls.push_back(std::move(c));
            const RunCall &kept = m_ctx.queue.calls.back();
            out[{kept.hash, kept.sample}].push_back(m_ctx.queue.calls.size() - 1);
        }
        m_plan.releaseUnitMessages(unit);
    }
    return out;
}

// One batch result for every call that sent its request and has no answer stored yet: the first pays, the
// others are copies (two units with the same bytes), as online.
void BatchRunDispatch::storeBatchResult(const std::vector<std::size_t> &indices, const BatchResult *r,
                                        const std::string &why)
{
    bool first = true;
    for (const std::size_t index : indices) {
        RunCall &c = m_ctx.queue.calls[index];
        if (m_plan.answeredByRater(c))
            continue; // stored before: a result is stored once
        m_plan.fillUnitMessages(c.unit);
        m_plan.restoreCall(c);
        // What the compact plan keeps of the call again once it is stored, whichever way this returns.
        struct Release {
            CallPlanner &plan;
            RunCall &c;
            ~Release()
            {
                std::string().swap(c.body);
                std::string().swap(c.prompt);
                plan.releaseUnitMessages(c.unit);
            }
        } release{m_plan, c};
        HttpResponse response;
        response.status = r ? r->httpStatus : 0;
        if (!r || r->outcome != BatchOutcome::Succeeded) {
            response.body = r ? r->error : std::string();
            m_store.storeFailure(c, response, why);
            continue;
        }
        auto parsed = m_ctx.provider->parseResponse(r->body);
        if (!parsed) {
            response.body = r->body;
            m_store.storeFailure(c, response, "the provider's answer could not be read: " + parsed.error().message);
            continue;
        }
        model::JudgeCall call = m_plan.baseCall(c);
        call.httpStatus = r->httpStatus > 0 ? r->httpStatus : 200;
        call.rawResponse = r->body;
        call.attempts = first ? 1 : 0;
        if (first) {
            call.tokensIn = parsed.value().tokensIn;
            call.tokensOut = parsed.value().tokensOut;
            call.cost = (call.tokensIn * m_ctx.options.price.inputPerMillion
                         + call.tokensOut * m_ctx.options.price.outputPerMillion)
                        * m_ctx.options.batchPriceFactor / 1e6;
        }
        m_store.storeAnswer(c, std::move(call), parsed.value());
        first = false;
    }
}

BatchCollection BatchRunDispatch::collect()
{
    auto api = BatchApi::create(*m_ctx.provider, *m_ctx.http);
    if (!api)
        throw Failure(api.error());
    const auto planned = plannedCalls();
    BatchDispatch dispatch(*m_ctx.study, *api.value(), m_ctx.providerName(), m_ctx.run,
                           [this](const std::function<void()> &fn) { m_store.commit(fn); });
    std::size_t unplaced = 0;
    BatchCollection out
        = dispatch.collect([&](const model::JudgeBatchRequest &request, const BatchResult *r, const std::string &why) {
              const auto it = planned.find({request.requestHash, request.sampleIndex});
              if (it == planned.end()) {
                  ++unplaced; // the study changed since: no unit asks this any more
                  return;
              }
              storeBatchResult(it->second, r, why);
          });
    if (unplaced > 0)
        out.notes.push_back(std::to_string(unplaced)
                            + " results answer requests no unit of the run asks any more (the study changed since "
                              "they were sent); they were not stored");
    std::size_t left = 0;
    for (const auto &call : m_ctx.queue.calls)
        if (!m_plan.answeredByRater(call))
            ++left;
    const bool waiting = out.open > 0;
    m_store.commit([&] {
        if (left == 0 && !waiting)
            m_ctx.study->finishJudgeRun(m_ctx.run, "finished");
        else
            m_ctx.study->interruptJudgeRun(m_ctx.run);
    });
    if (left > 0 && !waiting)
        out.notes.push_back(std::to_string(left) + " calls of run " + std::to_string(m_ctx.run)
                            + " have no answer; resuming the run sends them (online, or in a new batch)");
    return out;
}

std::string BatchRunDispatch::cancel(long long batch)
{
    auto api = BatchApi::create(*m_ctx.provider, *m_ctx.http);
    if (!api)
        throw Failure(api.error());
    BatchDispatch dispatch(*m_ctx.study, *api.value(), m_ctx.providerName(), m_ctx.run,
                           [this](const std::function<void()> &fn) { m_store.commit(fn); });
    return dispatch.cancel(batch);
}

} // namespace concord::judge

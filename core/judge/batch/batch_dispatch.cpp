// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/batch/batch_dispatch.h"

#include "judge/batch/batch_split.h"
#include "judge/sha256.h"
#include "store/study.h"

#include <chrono>
#include <map>
#include <random>

namespace concord::judge {

namespace {

// What a request's line adds to its body in the provider's file or request (custom id, method, url, wrapping).
constexpr std::size_t kRequestOverhead = 160;

std::string batchName(const model::JudgeBatch &batch)
{
    return "batch " + std::to_string(batch.id) + (batch.remoteId.empty() ? std::string() : " (" + batch.remoteId + ")");
}

} // namespace

std::string newBatchToken()
{
    std::random_device device;
    std::string seed = std::to_string(std::chrono::system_clock::now().time_since_epoch().count());
    for (int i = 0; i < 4; ++i)
        seed.append(1, '-').append(std::to_string(device()));
    return Sha256::hex(seed).substr(0, 32);
}

BatchDispatch::BatchDispatch(store::Study &study, BatchApi &api, std::string provider, model::Id run, Write write)
    : m_study(study)
    , m_api(api)
    , m_provider(std::move(provider))
    , m_run(run)
    , m_write(std::move(write))
{ }

std::size_t BatchDispatch::submit(std::vector<BatchCall> calls, BatchLimits limits)
{
    const BatchLimits most = m_api.limits();
    if (limits.maxRequests == 0 || limits.maxRequests > most.maxRequests)
        limits.maxRequests = most.maxRequests;
    if (limits.maxBytes == 0 || limits.maxBytes > most.maxBytes)
        limits.maxBytes = most.maxBytes;
    std::vector<std::size_t> sizes;
    sizes.reserve(calls.size());
    for (const BatchCall &c : calls)
        sizes.push_back(c.body.size() + kRequestOverhead);
    std::size_t submitted = 0;
    for (const auto &[begin, end] : splitIntoBatches(sizes, limits)) {
        std::vector<model::JudgeBatchRequest> records;
        std::vector<BatchRequest> requests;
        records.reserve(end - begin);
        requests.reserve(end - begin);
        for (std::size_t i = begin; i < end; ++i) {
            // Unique over what this dispatch submits, so that a request's id names it whichever batch it went in.
            std::string id(1, 'r');
            id.append(std::to_string(m_numbered + i + 1));
            records.push_back({id, calls[i].hash, calls[i].sample});
            requests.push_back({std::move(id), std::move(calls[i].body)});
        }
        const std::string token = newBatchToken();
        model::Id batch = 0;
        // Recorded before it is sent: a process killed while submitting leaves a batch a poll can look for.
        m_write([&] { batch = m_study.addJudgeBatch(m_run, m_provider, token, records); });
        auto status = m_api.submit(requests, token);
        if (!status) {
            if (submitted == 0 && status.error().field == kNoBatchApiField)
                m_write([&] { (void)m_study.forgetUnsubmittedJudgeBatch(batch); });
            throw Failure(status.error());
        }
        m_write([&] { m_study.setJudgeBatchState(batch, status.value().id, toString(status.value().state)); });
        ++submitted;
    }
    m_numbered += calls.size();
    return submitted;
}

void BatchDispatch::adopt(model::JudgeBatch &batch, BatchCollection &out)
{
    auto found = m_api.findByToken(batch.token);
    if (!found) {
        ++out.open;
        out.notes.push_back(batchName(batch) + " was being submitted when its process stopped, and " + m_provider
                            + " cannot tell whether it arrived (" + found.error().message
                            + "); if the provider's console shows no such batch, `concord-cli batches STUDY --forget "
                            + std::to_string(batch.id) + "` lets its requests be sent again");
        return;
    }
    if (!found.value()) {
        m_write([&] { (void)m_study.forgetUnsubmittedJudgeBatch(batch.id); });
        ++out.forgotten;
        out.notes.push_back(batchName(batch) + " never reached " + m_provider
                            + " (its process stopped while submitting): its requests are sent by the next run");
        return;
    }
    batch.remoteId = found.value()->id;
    m_write([&] { m_study.setJudgeBatchState(batch.id, batch.remoteId, toString(found.value()->state)); });
}

BatchCollection BatchDispatch::collect(const Store &store)
{
    BatchCollection out;
    for (model::JudgeBatch &batch : m_study.judgeBatches(m_run)) {
        if (batch.state == "fetched")
            continue;
        if (batch.remoteId.empty()) {
            adopt(batch, out);
            if (batch.remoteId.empty())
                continue;
        }
        auto status = m_api.status(batch.remoteId);
        if (!status)
            throw Failure(status.error());
        const BatchStatus &st = status.value();
        if (!isFinal(st.state)) {
            m_write([&] { m_study.setJudgeBatchState(batch.id, batch.remoteId, toString(st.state)); });
            ++out.open;
            continue;
        }
        auto results = m_api.results(st);
        if (!results)
            throw Failure(results.error());
        std::map<std::string, const BatchResult *> byId;
        for (const BatchResult &r : results.value())
            byId.emplace(r.customId, &r);
        const auto requests = m_study.judgeBatchRequests(batch.id);
        std::size_t answered = 0;
        m_write([&] {
            answered = 0; // a busy study runs this again
            for (const auto &request : requests) {
                const auto it = byId.find(request.customId);
                const BatchResult *r = it == byId.end() ? nullptr : it->second;
                std::string why;
                if (!r)
                    why = batchName(batch) + " ended " + toString(st.state) + " without an answer to request "
                          + request.customId + (st.errors.empty() ? std::string() : ": " + st.errors);
                else if (r->outcome != BatchOutcome::Succeeded)
                    why = "request " + request.customId + " of " + batchName(batch) + " " + toString(r->outcome)
                          + (r->error.empty() ? std::string() : ": " + r->error);
                else
                    ++answered;
                store(request, r, why);
            }
            m_study.setJudgeBatchState(batch.id, batch.remoteId, "fetched");
        });
        // Only once the results are stored: the files the account pays to keep are not needed any more.
        if (auto removed = m_api.removeFiles(st); !removed)
            out.notes.push_back(batchName(batch) + "'s files could not be deleted at " + m_provider + " ("
                                + removed.error().message
                                + "); its results are stored, and the files can be deleted in the provider's console");
        ++out.fetched;
        out.answered += answered;
        out.unanswered += requests.size() - answered;
        if (byId.size() > answered + (requests.size() - answered))
            out.notes.push_back(batchName(batch) + " sent results for requests it was not given; they were ignored");
    }
    return out;
}

std::string BatchDispatch::cancel(model::Id batch)
{
    for (const model::JudgeBatch &b : m_study.judgeBatches(m_run)) {
        if (b.id != batch)
            continue;
        if (b.state == "fetched")
            fail(batchName(b) + " is over: its results are stored", "batch");
        if (b.remoteId.empty())
            fail(batchName(b) + " has no id from " + m_provider + " yet; poll first (concord-cli batches STUDY --poll)",
                 "batch");
        auto status = m_api.cancel(b.remoteId);
        if (!status)
            throw Failure(status.error());
        m_write([&] { m_study.setJudgeBatchState(b.id, b.remoteId, toString(status.value().state)); });
        return toString(status.value().state);
    }
    fail("run " + std::to_string(m_run) + " has no batch " + std::to_string(batch), "batch");
}

} // namespace concord::judge

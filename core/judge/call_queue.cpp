// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/call_queue.h"

#include "judge/answer/answer_reader.h"
#include "judge/reask_message.h"
#include "model/json_text.h"

#include <algorithm>

namespace concord::judge {

// Queues a call, unless it is answered already (by this rater, or the same request by another) or
// an identical request is on its way. G-Eval units known to be sampled are sampled instead.
void CallQueue::add(RunCall call)
{
    if (call.kind == CallKind::Unit && m_ctx.sampleUnits) {
        for (auto &c : m_plan.samplingCalls(call.unit, 0, true))
            add(std::move(c));
        return;
    }
    CallQueueState &q = m_ctx.queue;
    q.calls.push_back(std::move(call));
    const std::size_t index = q.calls.size() - 1;
    ++m_ctx.progress.total;
    if (const auto earlier = m_plan.answeredByRater(q.calls[index])) {
        ++m_ctx.progress.done;
        ++m_ctx.progress.cached;
        m_ctx.progress.costBefore += earlier->cost;
        answeredBefore(index, *earlier);
        return;
    }
    if (reuseSpilled(index) || reuseCached(index))
        return;
    if (waitsInBatch(q.calls[index])) {
        --m_ctx.progress.total;
        ++m_ctx.progress.inBatches;
        return;
    }
    const auto [leader, first] = q.leaderOf.emplace(std::make_pair(q.calls[index].hash, q.calls[index].sample), index);
    if (first)
        q.ready.push_back(index);
    else
        q.followers[leader->second].push_back(index);
}

// Reuses another rater's answer to the identical request: stored for this run, nothing sent.
bool CallQueue::reuseCached(std::size_t index)
{
    RunCall &c = m_ctx.queue.calls[index];
    const auto earlier = m_ctx.study->answeredCall(c.hash, c.sample, m_ctx.rater);
    if (!earlier || !earlier->error.empty())
        return false;
    const auto response = m_ctx.provider->parseResponse(earlier->rawResponse);
    if (!response)
        return false;
    model::JudgeCall call = m_plan.baseCall(c);
    call.httpStatus = 200;
    call.rawResponse = earlier->rawResponse;
    call.tokensIn = earlier->tokensIn;
    call.tokensOut = earlier->tokensOut;
    call.attempts = 0; // not sent: no cost
    m_store.commit([&] { m_store.storeAnswer(c, call, response.value()); });
    ++m_ctx.progress.done;
    ++m_ctx.progress.cached;
    followUp(index, response.value());
    return true;
}

// An answer paid for by an earlier run that the study could not take then: stored now, nothing sent.
bool CallQueue::reuseSpilled(std::size_t index)
{
    RunCall &c = m_ctx.queue.calls[index];
    const SpilledAnswer *kept = m_ctx.spill ? m_ctx.spill->find(c.hash, c.sample) : nullptr;
    if (!kept)
        return false;
    const auto response = m_ctx.provider->parseResponse(kept->body);
    if (!response)
        return false;
    model::JudgeCall call = m_plan.baseCall(c);
    call.httpStatus = kept->status;
    call.rawResponse = kept->body;
    call.tokensIn = kept->tokensIn;
    call.tokensOut = kept->tokensOut;
    call.cost = kept->cost;
    call.latencyMs = kept->latencyMs;
    call.attempts = kept->attempts;
    if (!kept->startedAt.empty())
        call.startedAt = kept->startedAt;
    if (!kept->finishedAt.empty())
        call.finishedAt = kept->finishedAt;
    m_store.commit([&] { m_store.storeAnswer(c, call, response.value()); });
    ++m_ctx.progress.done;
    ++m_ctx.progress.cached;
    m_ctx.progress.costBefore += call.cost; // paid by the run that could not store it
    followUp(index, response.value());
    return true;
}

// A call this rater answered in an earlier run: what it means for the calls still to make.
void CallQueue::answeredBefore(std::size_t index, const model::JudgeCall &earlier)
{
    RunCall &c = m_ctx.queue.calls[index];
    if (c.kind == CallKind::Steps) {
        for (const auto &stored : m_ctx.study->judgeCallsWithHash(m_ctx.rater, c.hash))
            if (stored.valid)
                m_ctx.stepsByDimension[m_ctx.stepDimensions[c.unit].id]
                    = model::JsonText::parseOrDiscarded(stored.parsed).value("steps", std::string());
        return;
    }
    if (const auto response = m_ctx.provider->parseResponse(earlier.rawResponse)) {
        c.storedId = earlier.id;
        c.outcome = earlier.valid                      ? CallOutcome::Valid
                    : response.value().choices.empty() ? CallOutcome::Unread
                                                       : CallOutcome::Refused;
        followUp(index, response.value());
    }
}

// What an answer means for the calls still to make. G-Eval: an answer with token probabilities is
// the unit's score; one without them makes the unit, and every unit not asked yet, scored by
// sampling; a sampling request answered with fewer samples than n asked for (a server that ignores
// n) is completed one request per sample. Also counts the units by scoring method.
void CallQueue::followUp(std::size_t index, const ChatResponse &response)
{
    const RunCall &c = m_ctx.queue.calls[index];
    const Protocol protocol = m_ctx.options.plan.protocol;
    if (c.kind == CallKind::Unit && reaskable(protocol)) {
        reaskIfInvalid(index, response);
        return;
    }
    if (c.kind == CallKind::Steps)
        return;
    const std::size_t unit = c.unit;
    if (c.kind == CallKind::Samples) {
        noteMethod(unit, ScoringMethod::Samples);
        const int answered = static_cast<int>(response.choices.size());
        if (answered < c.asked) {
            if (!m_ctx.nIgnored) {
                m_ctx.nIgnored = true;
                m_ctx.fallback += "; the server answered " + std::to_string(answered) + " of the "
                                  + std::to_string(c.asked)
                                  + " samples asked for with n, so the rest are asked one request each";
                m_ctx.progress.fallback = m_ctx.fallback;
                m_store.saveSettings();
            }
            for (auto &s : m_plan.samplingCalls(unit, c.sample + answered, false))
                add(std::move(s));
        }
        return;
    }
    if (protocol != Protocol::Geval && protocol != Protocol::LlmScore)
        return;
    if (hasScoreProbabilities(m_plan.unitContext(unit), response)) {
        noteMethod(unit, ScoringMethod::Logprobs);
        return;
    }
    if (protocol == Protocol::LlmScore) {
        noteMethod(unit, ScoringMethod::Single);
        return;
    }
    const std::vector<std::size_t> held = m_ctx.sampleUnits ? std::vector<std::size_t>{} : switchToSampling();
    for (auto &s : m_plan.samplingCalls(unit, 0, true))
        add(std::move(s));
    sampleHeld(held);
}

// Counts a unit call's answer for re-asking, and asks again (options.reaskInvalid) when its text was
// refused: the conversation so far, the refused text as the model's turn, then the answer's form. An
// empty answer has nothing to show the model (and some servers refuse an empty turn): not re-asked.
void CallQueue::reaskIfInvalid(std::size_t index, const ChatResponse &response)
{
    const RunCall &c = m_ctx.queue.calls[index];
    const bool invalid = c.outcome == CallOutcome::Refused || c.outcome == CallOutcome::Unread;
    if (c.reask == 0) {
        ++m_ctx.progress.firstAnswers;
        if (invalid)
            ++m_ctx.progress.invalidFirst;
    } else if (c.outcome == CallOutcome::Valid) {
        ++m_ctx.progress.reaskRecovered;
    }
    if (c.outcome != CallOutcome::Refused || c.reask >= m_ctx.options.reaskInvalid || response.choices.empty())
        return;
    const std::string &text = response.choices.front().text;
    if (text.find_first_not_of(" \t\r\n") == std::string::npos)
        return;
    std::vector<ChatMessage> messages = c.reask == 0 ? m_ctx.unitMessages[c.unit] : c.conversation;
    if (!messages.empty() && messages.back().role == "assistant")
        messages.back().content.append(text); // the template began the answer itself
    else
        messages.push_back({"assistant", text});
    messages.push_back({"user", reaskMessage(m_plan.unitContext(c.unit))});
    RunCall next = m_plan.makeCall(messages, m_ctx.sampling);
    next.unit = c.unit;
    next.reask = c.reask + 1;
    next.reaskOf = c.storedId;
    next.conversation = std::move(messages);
    ++m_ctx.progress.reasked;
    add(std::move(next)); // answered before (a rerun): counted and followed up at once, nothing sent
}

// The first G-Eval answer without token probabilities: the server has none, so the rest of the run
// samples at once. The units whose request for them is not sent yet are withdrawn, to be sampled
// instead of asked in vain (sampleHeld).
std::vector<std::size_t> CallQueue::switchToSampling()
{
    m_ctx.sampleUnits = true;
    m_ctx.fallback
        = "geval: the server sent no token probabilities; from its first answer without them on, each unit is "
          "scored by "
          "the mean of "
          + std::to_string(m_ctx.samples) + " samples at temperature "
          + temperatureText(m_ctx.sampleSampling.temperature);
    if (!m_ctx.provider->capabilities().multipleSamples)
        m_ctx.fallback += ", asked one at a time (no n)";
    m_ctx.progress.fallback = m_ctx.fallback;
    m_store.saveSettings();
    CallQueueState &q = m_ctx.queue;
    std::vector<std::size_t> pending;
    auto take = [&](auto &list) {
        for (auto it = list.begin(); it != list.end();) {
            if (q.calls[*it].kind == CallKind::Unit) {
                pending.push_back(*it);
                it = list.erase(it);
            } else {
                ++it;
            }
        }
    };
    take(q.ready);
    take(q.waiting);
    std::vector<std::size_t> held;
    for (const std::size_t leader : pending) {
        held.push_back(q.calls[leader].unit);
        if (const auto f = q.followers.find(leader); f != q.followers.end()) {
            for (const std::size_t i : f->second)
                held.push_back(q.calls[i].unit);
            q.followers.erase(f);
        }
        q.leaderOf.erase({q.calls[leader].hash, q.calls[leader].sample});
    }
    m_ctx.progress.total -= held.size();
    return held;
}

void CallQueue::sampleHeld(const std::vector<std::size_t> &held)
{
    for (const std::size_t unit : held)
        for (auto &s : m_plan.samplingCalls(unit, 0, true))
            add(std::move(s));
}

void CallQueue::noteMethod(std::size_t unit, ScoringMethod method)
{
    auto counter = [this](ScoringMethod m) -> std::size_t * {
        switch (m) {
        case ScoringMethod::Logprobs:
            return &m_ctx.progress.unitsByLogprobs;
        case ScoringMethod::Samples:
            return &m_ctx.progress.unitsBySamples;
        case ScoringMethod::Single:
            return &m_ctx.progress.unitsBySingle;
        default:
            return nullptr;
        }
    };
    ScoringMethod &current = m_ctx.unitMethods[unit];
    if (current == method)
        return;
    if (auto *c = counter(current))
        --*c;
    if (auto *c = counter(method))
        ++*c;
    current = method;
}

bool CallQueue::waitsInBatch(const RunCall &c)
{
    if (!m_ctx.inOpenBatch) {
        m_ctx.inOpenBatch.emplace();
        for (const auto &r : m_ctx.study->judgeRuns(m_ctx.rater))
            for (const auto &b : m_ctx.study->judgeBatches(r.id))
                if (b.state != "fetched")
                    for (const auto &q : m_ctx.study->judgeBatchRequests(b.id))
                        m_ctx.inOpenBatch->emplace(q.requestHash, q.sampleIndex);
    }
    return m_ctx.inOpenBatch->count({c.hash, c.sample}) > 0;
}

} // namespace concord::judge

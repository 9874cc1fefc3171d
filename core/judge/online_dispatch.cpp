// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/online_dispatch.h"

#include "judge/answer/answer_reader.h"
#include "judge/provider/retry_after.h"
#include "judge/rate_budget.h"
#include "model/utc_timestamp.h"

#include <chrono>
#include <cmath>
#include <functional>

namespace concord::judge {

using Clock = std::chrono::steady_clock;

std::optional<Error> OnlineDispatch::dispatch(const Runner::ProgressCallback &callback)
{
    execute(m_plan.stepCalls(), callback);
    if (m_ctx.cancelled)
        return std::nullopt;
    for (const auto &dim : m_ctx.stepDimensions)
        if (!m_ctx.stepsByDimension.count(dim.id))
            fail("no evaluation steps could be generated for " + dim.name + "; nothing else was sent");
    execute(m_plan.unitCalls(), callback);
    return std::nullopt;
}

model::JudgeCall OnlineDispatch::paidCall(const RunCall &c, const HttpResponse &response,
                                          const ChatResponse &parsed) const
{
    model::JudgeCall call = m_plan.baseCall(c);
    call.httpStatus = response.status;
    call.rawResponse = response.body;
    call.tokensIn = parsed.tokensIn;
    call.tokensOut = parsed.tokensOut;
    call.latencyMs = response.seconds * 1000;
    call.cost
        = (call.tokensIn * m_ctx.options.price.inputPerMillion + call.tokensOut * m_ctx.options.price.outputPerMillion)
          / 1e6;
    return call;
}

bool OnlineDispatch::retryable(const HttpResponse &r) const
{
    return r.timedOut || !r.transportError.empty() || r.status == 429 || r.status >= 500 || r.status == 0;
}

// The study cannot be written and the run stops: the requests on their way are paid for too, so
// their answers are awaited (no new request goes out) and kept in the spill with the others.
void OnlineDispatch::keepInFlight(std::size_t inFlight)
{
    std::vector<SpilledAnswer> paid;
    while (inFlight > 0) {
        std::deque<std::pair<std::size_t, HttpResponse>> arrived;
        {
            std::unique_lock<std::mutex> lock(m_ctx.mutex);
            m_ctx.wake.wait(lock, [&] { return !m_ctx.events.empty(); });
            arrived.swap(m_ctx.events);
        }
        for (auto &[index, response] : arrived) {
            --inFlight;
            if (response.cancelled || response.status < 200 || response.status >= 300)
                continue;
            const auto parsed = m_ctx.provider->parseResponse(response.body);
            if (!parsed)
                continue;
            paid.push_back(m_store.spilled(paidCall(m_ctx.queue.calls[index], response, parsed.value())));
        }
    }
    if (paid.empty() || !m_ctx.spill)
        return;
    try {
        m_ctx.spill->append(paid);
        m_ctx.keptInSpill += paid.size();
    } catch (const Failure &) {
        // The run already stops with the study's error; these answers are asked again next time.
    }
}

// Sends the calls not answered yet, and those their answers call for, with the limits, retries and
// cancellation of the options.
void OnlineDispatch::execute(std::vector<RunCall> initial, const ProgressCallback &callback)
{
    m_ctx.queue = CallQueueState{};
    CallQueueState &q = m_ctx.queue;
    for (auto &c : initial)
        m_queue.add(std::move(c));
    m_ctx.report(callback);

    RateBudget requests(m_ctx.options.requestsPerMinute, Clock::now());
    RateBudget tokens(m_ctx.options.tokensPerMinute, Clock::now());
    std::size_t inFlight = 0;
    // A server's Retry-After speaks for the whole account, not one request: nothing is sent before it.
    Clock::time_point pausedUntil{};
    while (true) {
        const auto now = Clock::now();
        for (auto it = q.waiting.begin(); it != q.waiting.end();) {
            if (q.calls[*it].notBefore <= now) {
                q.ready.push_back(*it);
                it = q.waiting.erase(it);
            } else {
                ++it;
            }
        }
        double limitWait = 0;
        auto fillSlots = [&] {
            while (!m_ctx.cancelled && !q.ready.empty()
                   && inFlight < static_cast<std::size_t>(std::max(1, m_ctx.options.concurrency))) {
                RunCall &c = q.calls[q.ready.front()];
                const auto at = Clock::now();
                limitWait = std::max(requests.wait(1, at), tokens.wait(c.estimatedTokens, at));
                if (const auto paused = pausedUntil - Clock::now(); paused > Clock::duration::zero())
                    limitWait = std::max(limitWait, std::chrono::duration<double>(paused).count());
                if (limitWait > 0)
                    break;
                requests.spend(1, at);
                tokens.spend(c.estimatedTokens, at);
                const std::size_t index = q.ready.front();
                q.ready.pop_front();
                ++c.attempts;
                if (c.startedAt.empty())
                    c.startedAt = model::UtcTimestamp::now();
                ++inFlight;
                // The answer is handed over through the context, which outlives the HTTP client (Runner owns it).
                m_ctx.http->submit(m_ctx.provider->httpRequest(c.body), [ctx = &m_ctx, index](HttpResponse r) {
                    {
                        std::lock_guard<std::mutex> lock(ctx->mutex);
                        ctx->events.emplace_back(index, std::move(r));
                    }
                    ctx->wake.notify_one();
                });
            }
        };
        fillSlots();
        m_ctx.progress.inFlight = inFlight;
        if (inFlight == 0 && (m_ctx.cancelled || (q.ready.empty() && q.waiting.empty())))
            break;

        // Sleep until an answer arrives, a retry falls due, a budget refills, or a cancel.
        auto deadline = Clock::now() + std::chrono::milliseconds(200);
        for (auto i : q.waiting)
            deadline = std::min(deadline, q.calls[i].notBefore);
        if (limitWait > 0)
            deadline = std::min(
                deadline, Clock::now() + std::chrono::microseconds(static_cast<long long>(limitWait * 1e6) + 1000));
        std::deque<std::pair<std::size_t, HttpResponse>> arrived;
        {
            std::unique_lock<std::mutex> lock(m_ctx.mutex);
            m_ctx.wake.wait_until(lock, deadline, [&] { return !m_ctx.events.empty() || m_ctx.cancelled; });
            arrived.swap(m_ctx.events);
        }
        if (m_ctx.cancelled)
            m_ctx.http->cancelAll();
        // Read what arrived, refill the free slots at once, then write it all in one transaction:
        // the disk's flush overlaps the requests in flight instead of holding them back. What the
        // answers call for next is queued after the write, so it finds them stored.
        std::vector<std::function<void()>> writes;
        std::vector<SpilledAnswer> paid;
        std::vector<std::pair<std::size_t, ChatResponse>> answered;
        for (auto &arrival : arrived) {
            // Named variables, not a structured binding: Clang 14 (the asan preset) cannot capture one.
            const std::size_t index = arrival.first;
            auto &response = arrival.second;
            --inFlight;
            RunCall &c = q.calls[index];
            // A call that will not be answered, with every identical call waiting on it.
            auto giveUp = [&](std::size_t leader, const std::string &why) {
                writes.push_back([this, leader, response, why, followers = q.followers[leader]] {
                    m_store.storeFailure(m_ctx.queue.calls[leader], response, why);
                    for (const std::size_t f : followers)
                        m_store.storeFailure(m_ctx.queue.calls[f], response, why);
                });
                m_ctx.progress.failed += 1 + q.followers[leader].size();
                q.leaderOf.erase({c.hash, c.sample});
            };
            if (response.cancelled)
                continue; // abandoned: not stored, asked again by the next run
            if (response.tooLarge && !response.transportError.empty()) {
                giveUp(index, response.transportError); // asked again, it would be paid again
                continue;
            }
            // A 2xx whose transfer broke off is a transport failure (retried), not a bad answer.
            if (response.status >= 200 && response.status < 300 && response.transportError.empty()) {
                auto parsed = m_ctx.provider->parseResponse(response.body);
                if (parsed) {
                    model::JudgeCall call = paidCall(c, response, parsed.value());
                    m_ctx.progress.tokensIn += call.tokensIn;
                    m_ctx.progress.tokensOut += call.tokensOut;
                    m_ctx.progress.cost += call.cost;
                    ++m_ctx.progress.done;
                    ++m_ctx.progress.sent;
                    const std::vector<std::size_t> followers = q.followers[index];
                    m_ctx.progress.done += followers.size();
                    m_ctx.progress.cached += followers.size();
                    q.leaderOf.erase({c.hash, c.sample});
                    answered.emplace_back(index, parsed.value());
                    for (const std::size_t f : followers)
                        answered.emplace_back(f, parsed.value());
                    paid.push_back(m_store.spilled(call));
                    writes.push_back([this, index, followers, call = std::move(call),
                                      answer = std::move(parsed.value()), status = response.status,
                                      body = response.body, seconds = response.seconds]() mutable {
                        m_store.storeAnswer(m_ctx.queue.calls[index], call,
                                            answer); // a copy: a busy study means another try
                        for (const std::size_t f : followers) {
                            // Paid for once: the copies record no tokens, no cost and no attempts.
                            model::JudgeCall copy = m_plan.baseCall(m_ctx.queue.calls[f]);
                            copy.httpStatus = status;
                            copy.rawResponse = body;
                            copy.latencyMs = seconds * 1000;
                            copy.attempts = 0;
                            m_store.storeAnswer(m_ctx.queue.calls[f], std::move(copy), answer);
                        }
                    });
                    continue;
                }
                c.lastError = "the provider's answer could not be read: " + parsed.error().message;
            } else if (response.status == 401 || response.status == 403) {
                m_ctx.fatal = "the provider refused the request (HTTP " + std::to_string(response.status)
                              + "): check the API key in "
                              + (m_ctx.providerConfig.apiKeyEnv.empty() ? std::string("the environment")
                                                                        : m_ctx.providerConfig.apiKeyEnv);
                giveUp(index, m_ctx.fatal);
                m_ctx.cancelled = true;
                continue;
            } else if (!retryable(response)) {
                giveUp(index, m_ctx.provider->errorMessage(response.status, response.body));
                continue;
            } else {
                c.lastError = response.timedOut                  ? "timed out"
                              : !response.transportError.empty() ? response.transportError
                                                                 : "HTTP " + std::to_string(response.status);
            }
            c.lastStatus = response.status;
            const std::optional<double> asked = retryAfterSeconds(response);
            if (asked && *asked > m_ctx.options.maxRetryAfterSeconds) {
                giveUp(index, "HTTP " + std::to_string(response.status) + " (rate-limited): the server asked to wait "
                                  + secondsText(*asked) + " before trying again, longer than the "
                                  + secondsText(m_ctx.options.maxRetryAfterSeconds) + " allowed");
                continue;
            }
            if (asked)
                pausedUntil = std::max(pausedUntil,
                                       Clock::now() + std::chrono::microseconds(static_cast<long long>(*asked * 1e6)));
            if (c.attempts >= m_ctx.options.maxAttempts) {
                giveUp(index, "gave up after " + std::to_string(c.attempts) + " attempts: " + c.lastError);
                continue;
            }
            // Exponential backoff with jitter, and never sooner than the server asked.
            const double backoff = std::min(m_ctx.options.backoffMaxSeconds,
                                            m_ctx.options.backoffBaseSeconds * std::pow(2.0, c.attempts - 1))
                                   * std::uniform_real_distribution<double>(0.5, 1.5)(m_ctx.jitter);
            const double delay = std::max(backoff, asked.value_or(0));
            c.notBefore = Clock::now() + std::chrono::microseconds(static_cast<long long>(delay * 1e6));
            q.waiting.push_back(index);
            ++m_ctx.progress.retries;
        }
        // An answer that shows the server sends no token probabilities withdraws the requests for
        // them before the free slots are filled; their units are sampled once the answers are stored.
        std::vector<std::size_t> held;
        if (m_ctx.geval() && !m_ctx.sampleUnits)
            for (const auto &[index, response] : answered)
                if (q.calls[index].kind == CallKind::Unit
                    && !hasScoreProbabilities(m_plan.unitContext(q.calls[index].unit), response)) {
                    held = m_queue.switchToSampling();
                    break;
                }
        fillSlots();
        m_ctx.progress.inFlight = inFlight;
        try {
            if (!writes.empty())
                m_store.commit(
                    [&] {
                        for (auto &w : writes)
                            w();
                    },
                    paid);
            else
                m_store.heartbeat();
        } catch (const Failure &) {
            keepInFlight(inFlight);
            throw;
        }
        for (const auto &[index, response] : answered)
            m_queue.followUp(index, response);
        m_queue.sampleHeld(held);
        m_ctx.report(callback);
    }
    m_ctx.progress.inFlight = 0;
}

} // namespace concord::judge

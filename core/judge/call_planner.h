// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/run_call.h"
#include "judge/run_context.h"
#include "judge/unit_context.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace concord::judge {

// Units whose prompts are read from the study together (store::ReadTogether), and held at once by a batch run.
constexpr std::size_t kUnitWindow = 256;

// A temperature as the run's notes write it ("2.00").
std::string temperatureText(double t);

// The plan of a judge run: opens the study and the provider, decides how to sample, reads the template, plans the
// units and makes their requests (prompts, bodies, cache keys), looks up what is answered already, and estimates
// what the rest costs. It writes nothing to the study.
class CallPlanner {
public:
    explicit CallPlanner(RunContext &context)
        : m_ctx(context)
    { }

    // Opens the study and provider, decides how to sample, reads the template and plans the units.
    void prepare(bool forEstimate);
    // The run's settings as stored with it: what was asked, and what the run decided on the way.
    nlohmann::json currentSettings() const;
    RunCall makeCall(const std::vector<ChatMessage> &messages, const SamplingOptions &s) const;
    std::vector<RunCall> stepCalls() const;
    UnitContext unitContext(std::size_t unit) const;
    // One call per unit; G-Eval units already known to be sampled get their sampling calls instead.
    std::vector<RunCall> unitCalls();
    // One unit's calls, from its messages (unitMessages[unit], filled).
    std::vector<RunCall> callsOfUnit(std::size_t unit) const;
    // The batch paths hold a unit's messages only while its calls are made or stored, so that a run of 100,000
    // requests never holds every prompt at once.
    void fillUnitMessages(std::size_t unit);
    // From `unit` on, the messages of a window of units not filled yet, read in one read transaction.
    void fillUnitWindow(std::size_t unit);
    void releaseUnitMessages(std::size_t unit);
    // A unit's samples from index `from` on: with n, one request for all of them where the provider has
    // n (withN); else one request per sample, each its own call and cache entry (hash, sample index).
    std::vector<RunCall> samplingCalls(std::size_t unit, int from, bool withN) const;
    // The request hashes a unit's samples are stored under: the request with n, the one-sample request.
    const std::vector<std::string> &sampleHashes(std::size_t unit);
    // Answered before by this rater for this very unit: nothing to do. (Another unit may send the same
    // bytes — two systems with the same summary — and still needs its own judgement.)
    std::optional<model::JudgeCall> answeredByRater(const RunCall &c);
    model::JudgeCall baseCall(const RunCall &c) const;
    // A call of the compact plan with its prompt and body made again, from its unit's messages (filled).
    void restoreCall(RunCall &c);
    // What the estimate of a run counts: calls to send, tokens and cost online and in batches (after prepare).
    CostEstimate estimate();
    // The run's settings as asked (stored with the run; currentSettings adds what it decided on the way).
    nlohmann::json askedSettings() const;

private:
    // The examples' guard and template: a run with examples asks through a template that has {{examples}}, a run
    // without any refuses one that has it, and every example must still be a dev document of the study.
    void useExamples(Protocol protocol);
    // A unit's prompt values, with its examples when the run has them.
    std::map<std::string, std::string> unitValues(std::size_t unit) const;
    std::string hashOf(const std::string &body) const;
    std::vector<ChatMessage> fill(const PromptTemplate &t, const std::map<std::string, std::string> &values) const;

    RunContext &m_ctx;
};

} // namespace concord::judge

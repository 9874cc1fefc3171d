// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/call_planner.h"

#include "judge/answer/structured_answer.h"
#include "judge/reask_message.h"
#include "judge/sha256.h"
#include "model/json_text.h"
#include "model/utc_timestamp.h"
#include "store/transaction.h"

#include <algorithm>

namespace concord::judge {

namespace {

std::string renderPrompt(const std::vector<ChatMessage> &messages)
{
    std::string out;
    for (const auto &m : messages) {
        if (!out.empty())
            out.append("\n\n");
        out.append("[").append(m.role).append("]\n").append(m.content);
    }
    return out;
}

double maxTemperature(ProviderKind kind)
{
    return kind == ProviderKind::Anthropic ? 1.0 : 2.0;
}

double expectedOutputTokens(Protocol p, int maxTokens)
{
    switch (p) {
    case Protocol::Geval:
    case Protocol::Mcq:
    case Protocol::LlmScore:
    case Protocol::Pyramid:
    case Protocol::Factuality:
    case Protocol::H2h:
    case Protocol::Pairwise:
        return std::min(10, maxTokens);
    default:
        return std::min(150, maxTokens);
    }
}

} // namespace

std::string temperatureText(double t)
{
    return std::to_string(t).substr(0, 4);
}

// Opens the study and provider, decides how to sample, reads the template and plans the units.
void CallPlanner::prepare(bool forEstimate)
{
    auto opened = store::Study::open(m_ctx.studyPath, store::OpenOptions{forEstimate, store::Schema::migrations()});
    if (!opened)
        throw Failure(opened.error());
    m_ctx.study = std::move(opened.value());
    m_ctx.spill.emplace(m_ctx.studyPath);
    m_ctx.spill->load();
    ProviderConfig config = m_ctx.providerConfig;
    if (forEstimate)
        config.apiKeyEnv.clear(); // an estimate sends nothing, so it needs no key
    auto created = Provider::create(config);
    if (!created)
        throw Failure(created.error());
    m_ctx.provider = std::move(created.value());

    const Protocol protocol = m_ctx.options.plan.protocol;
    const Capabilities caps = m_ctx.provider->capabilities();
    if (m_ctx.options.structured && !takesStructuredAnswers(protocol))
        fail("protocol " + std::string(toString(protocol))
                 + " keeps its free-text answers; structured answers are for rts and llmeval",
             "structured");
    if (m_ctx.options.structured && !caps.structuredAnswers)
        fail(std::string(toString(config.kind))
                 + " cannot hold an answer to a JSON schema; run without structured "
                   "answers",
             "structured");
    m_ctx.sampling = m_ctx.options.sampling;
    if (m_ctx.options.repeats < 1 || m_ctx.options.repeats > 100)
        fail("a unit is asked from 1 to 100 times, not " + std::to_string(m_ctx.options.repeats), "repeats");
    if (m_ctx.options.repeats > 1) {
        if (!takesRepeats(protocol))
            fail("protocol " + std::string(toString(protocol))
                     + " is not asked several times; repeats are for rts, mcq and llmeval (geval samples on its "
                       "own)",
                 "repeats");
        if (!(m_ctx.options.sampling.temperature > 0))
            fail("answers asked again at temperature 0 would repeat one another; repeats need a temperature "
                 "above 0",
                 "repeats");
        if (m_ctx.options.reaskInvalid > 0)
            fail("a unit asked several times leaves an invalid answer out of its mean rather than re-asking it; "
                 "choose repeats or re-asking",
                 "repeats");
        m_ctx.samples = m_ctx.options.repeats;
        m_ctx.sampleUnits = true;
        m_ctx.sampleSampling = m_ctx.options.sampling;
        m_ctx.sampleSampling.n = 1;
        m_ctx.progress.samplesPerUnit = m_ctx.samples;
    } else if (protocol == Protocol::LlmScore) {
        if (!caps.logprobs)
            fail("llmscore needs token probabilities, which " + std::string(toString(config.kind))
                     + " does not offer; choose an OpenAI-compatible or Ollama judge, or another protocol",
                 "protocol");
        m_ctx.sampling.logprobs = true;
        m_ctx.sampling.topLogprobs = std::max(m_ctx.sampling.topLogprobs, 5);
    } else if (protocol == Protocol::Geval) {
        m_ctx.samples = std::max(1, m_ctx.options.samples);
        m_ctx.sampleSampling = m_ctx.options.sampling;
        m_ctx.sampleSampling.temperature = std::min(m_ctx.options.sampleTemperature, maxTemperature(config.kind));
        m_ctx.sampleSampling.logprobs = false;
        m_ctx.sampleSampling.topLogprobs = 0;
        m_ctx.sampleSampling.n = 1;
        m_ctx.progress.samplesPerUnit = m_ctx.samples;
        // Token probabilities are asked for where the provider has them; whether the server sends
        // them shows in each answer (followUp), and without them the units are sampled.
        if (caps.logprobs) {
            m_ctx.sampling.logprobs = true;
            m_ctx.sampling.topLogprobs = std::max(m_ctx.sampling.topLogprobs, 20);
        } else {
            m_ctx.sampleUnits = true;
            m_ctx.fallback = "geval: " + std::string(toString(config.kind))
                             + " offers no token probabilities; the score is the mean of "
                             + std::to_string(m_ctx.samples) + " samples at temperature "
                             + temperatureText(m_ctx.sampleSampling.temperature);
            if (!caps.multipleSamples)
                m_ctx.fallback += ", asked one at a time (no n)";
        }
    }

    if (m_ctx.options.templateText) {
        auto parsed
            = PromptTemplate::parse(*m_ctx.options.templateText, m_ctx.options.templateName.empty()
                                                                     ? std::string(toString(protocol)) + " (custom)"
                                                                     : m_ctx.options.templateName);
        if (!parsed)
            throw Failure(parsed.error());
        m_ctx.prompt = std::move(parsed.value());
    } else {
        auto builtin = PromptTemplate::builtin(toString(protocol));
        if (!builtin)
            throw Failure(builtin.error());
        m_ctx.prompt = std::move(builtin.value());
    }
    useExamples(protocol);
    if (protocol == Protocol::Geval) {
        auto steps = PromptTemplate::builtin("geval-steps");
        if (!steps)
            throw Failure(steps.error());
        m_ctx.stepsPrompt = std::move(steps.value());
    }

    auto planned = planWork(*m_ctx.study, m_ctx.options.plan);
    if (!planned)
        throw Failure(planned.error());
    m_ctx.units = std::move(planned.value());
    m_ctx.unitMethods.assign(m_ctx.units.size(), ScoringMethod::None);
    if (protocol == Protocol::Geval) {
        std::vector<model::Id> seen;
        for (const auto &u : m_ctx.units)
            if (u.dimension && std::find(seen.begin(), seen.end(), *u.dimension) == seen.end())
                seen.push_back(*u.dimension);
        for (const auto &d : m_ctx.study->dimensions())
            if (std::find(seen.begin(), seen.end(), d.id) != seen.end())
                m_ctx.stepDimensions.push_back(d);
    }
    m_ctx.progress.protocol = protocol;
    m_ctx.progress.fallback = m_ctx.fallback;
    m_ctx.progress.reaskLimit = reaskable(protocol) ? std::max(0, m_ctx.options.reaskInvalid) : 0;
}

// The examples' guard and template: a run with examples asks through a template that has {{examples}}, a run
// without any refuses one that has it, and every example must still be a dev document of the study.
void CallPlanner::useExamples(Protocol protocol)
{
    const auto asked = m_ctx.prompt->placeholders();
    const bool hasPlaceholder = std::find(asked.begin(), asked.end(), "examples") != asked.end();
    if (!m_ctx.options.examples) {
        if (hasPlaceholder)
            fail("the template '" + m_ctx.prompt->name()
                     + "' asks for {{examples}}, and the run has none; name the judge whose corrections they "
                       "are (--examples-from)",
                 "examples");
        return;
    }
    if (!takesExamples(protocol))
        fail("protocol " + std::string(toString(protocol))
                 + " does not take examples; they are for the protocols that score one summary on one dimension",
             "examples");
    const auto splits = m_ctx.study->documentSplits();
    for (const FewShotExample &e : m_ctx.options.examples->pool) {
        const auto it = splits.find(e.document);
        if (it == splits.end() || it->second != "dev")
            fail("an example's document (id " + std::to_string(e.document)
                     + ") is not in the dev split of the study; examples come from dev only, so that the test "
                       "split stays unseen: build them again from the study's split",
                 "examples");
    }
    if (!hasPlaceholder) {
        auto with = withExamplesPlaceholder(*m_ctx.prompt, m_ctx.prompt->name() + " + corrections from "
                                                               + m_ctx.options.examples->judge);
        if (!with)
            throw Failure(with.error());
        m_ctx.prompt = std::move(with.value());
    }
}

// A unit's prompt values, with its examples when the run has them.
std::map<std::string, std::string> CallPlanner::unitValues(std::size_t unit) const
{
    const UnitContext context = unitContext(unit);
    auto values = context.promptValues();
    if (m_ctx.options.examples && context.dimension) {
        const auto chosen = examplesForUnit(m_ctx.options.examples->pool, m_ctx.units[unit].document,
                                            context.dimension->id, m_ctx.options.examples->perUnit);
        if (chosen.size() < m_ctx.options.examples->perUnit)
            fail("the examples hold " + std::to_string(chosen.size()) + " for dimension " + context.dimension->name
                     + " outside this unit's document, and each prompt takes "
                     + std::to_string(m_ctx.options.examples->perUnit),
                 "examples");
        values["examples"] = examplesText(chosen, *context.dimension);
    }
    return values;
}

// The run's settings as stored with it: what was asked, and what the run decided on the way.
nlohmann::json CallPlanner::currentSettings() const
{
    nlohmann::json s = m_ctx.settings;
    s["fallback"] = m_ctx.fallback;
    if (m_ctx.progress.protocol == Protocol::Geval || m_ctx.progress.protocol == Protocol::LlmScore
        || m_ctx.options.repeats > 1)
        s["units_by_method"] = {{"logprobs", m_ctx.progress.unitsByLogprobs},
                                {"samples", m_ctx.progress.unitsBySamples},
                                {"single", m_ctx.progress.unitsBySingle}};
    return s;
}

std::string CallPlanner::hashOf(const std::string &body) const
{
    std::string key = m_ctx.provider->endpoint();
    key.append("\n").append(m_ctx.providerConfig.model).append("\n").append(body);
    return Sha256::hex(key);
}

RunCall CallPlanner::makeCall(const std::vector<ChatMessage> &messages, const SamplingOptions &s) const
{
    RunCall c;
    c.body = m_ctx.provider->requestBody(
        ChatRequest{messages, s, m_ctx.options.structured ? std::optional(scoreSchema()) : std::nullopt});
    c.prompt = renderPrompt(messages);
    c.hash = hashOf(c.body);
    c.asked = std::max(1, s.n);
    c.estimatedTokens = static_cast<double>(c.prompt.size()) / 4.0 + s.maxTokens * c.asked;
    return c;
}

std::vector<ChatMessage> CallPlanner::fill(const PromptTemplate &t,
                                           const std::map<std::string, std::string> &values) const
{
    auto messages = t.fill(values);
    if (!messages)
        throw Failure(messages.error());
    return messages.value();
}

std::vector<RunCall> CallPlanner::stepCalls() const
{
    std::vector<RunCall> out;
    for (std::size_t i = 0; i < m_ctx.stepDimensions.size(); ++i) {
        UnitContext context;
        context.protocol = Protocol::Geval;
        context.dimension = m_ctx.stepDimensions[i];
        SamplingOptions s = m_ctx.options.sampling;
        s.logprobs = false;
        s.n = 1;
        RunCall c = makeCall(fill(*m_ctx.stepsPrompt, context.promptValues()), s);
        c.kind = CallKind::Steps;
        c.unit = i;
        out.push_back(std::move(c));
    }
    return out;
}

UnitContext CallPlanner::unitContext(std::size_t unit) const
{
    UnitContext context = UnitContext::load(*m_ctx.study, m_ctx.options.plan.protocol, m_ctx.units[unit]);
    context.structured = m_ctx.options.structured;
    if (context.unit.dimension && m_ctx.stepsByDimension.count(*context.unit.dimension))
        context.evaluationSteps = m_ctx.stepsByDimension.at(*context.unit.dimension);
    return context;
}

// One call per unit; G-Eval units already known to be sampled get their sampling calls instead.
std::vector<RunCall> CallPlanner::unitCalls()
{
    m_ctx.unitMessages.clear();
    m_ctx.sampleHashCache.clear();
    // The reads of a few hundred units at a time in one read transaction, not each query in its own.
    for (std::size_t start = 0; start < m_ctx.units.size(); start += kUnitWindow) {
        store::ReadTogether together(m_ctx.study->database());
        for (std::size_t i = start; i < std::min(m_ctx.units.size(), start + kUnitWindow); ++i)
            m_ctx.unitMessages.push_back(fill(*m_ctx.prompt, unitValues(i)));
    }
    std::vector<RunCall> out;
    for (std::size_t i = 0; i < m_ctx.units.size(); ++i)
        for (auto &c : callsOfUnit(i))
            out.push_back(std::move(c));
    return out;
}

// One unit's calls, from its messages (unitMessages[unit], filled).
std::vector<RunCall> CallPlanner::callsOfUnit(std::size_t unit) const
{
    if (m_ctx.sampleUnits)
        return samplingCalls(unit, 0, true);
    RunCall c = makeCall(m_ctx.unitMessages[unit], m_ctx.sampling);
    c.unit = unit;
    std::vector<RunCall> out;
    out.push_back(std::move(c));
    return out;
}

// The batch paths hold a unit's messages only while its calls are made or stored, so that a run of 100,000
// requests never holds every prompt at once.
void CallPlanner::fillUnitMessages(std::size_t unit)
{
    if (m_ctx.unitMessages.size() != m_ctx.units.size())
        m_ctx.unitMessages.resize(m_ctx.units.size());
    if (m_ctx.unitMessages[unit].empty())
        m_ctx.unitMessages[unit] = fill(*m_ctx.prompt, unitValues(unit));
}

// From `unit` on, the messages of a window of units not filled yet, read in one read transaction.
void CallPlanner::fillUnitWindow(std::size_t unit)
{
    if (m_ctx.unitMessages.size() == m_ctx.units.size() && !m_ctx.unitMessages[unit].empty())
        return;
    store::ReadTogether together(m_ctx.study->database());
    for (std::size_t u = unit; u < std::min(m_ctx.units.size(), unit + kUnitWindow); ++u)
        fillUnitMessages(u);
}

void CallPlanner::releaseUnitMessages(std::size_t unit)
{
    std::vector<ChatMessage>().swap(m_ctx.unitMessages[unit]);
    m_ctx.sampleHashCache.erase(unit);
}

// A unit's samples from index `from` on: with n, one request for all of them where the provider has
// n (withN); else one request per sample, each its own call and cache entry (hash, sample index).
std::vector<RunCall> CallPlanner::samplingCalls(std::size_t unit, int from, bool withN) const
{
    std::vector<RunCall> out;
    if (withN && from == 0 && m_ctx.samples > 1 && m_ctx.provider->capabilities().multipleSamples) {
        SamplingOptions s = m_ctx.sampleSampling;
        s.n = m_ctx.samples;
        RunCall c = makeCall(m_ctx.unitMessages[unit], s);
        c.kind = CallKind::Samples;
        c.unit = unit;
        out.push_back(std::move(c));
        return out;
    }
    SamplingOptions s = m_ctx.sampleSampling;
    if (m_ctx.samples > 1)
        s.seed.reset(); // the same request with the same seed would be the same sample each time
    RunCall one = makeCall(m_ctx.unitMessages[unit], s);
    one.kind = CallKind::Samples;
    one.unit = unit;
    for (int k = from; k < m_ctx.samples; ++k) {
        out.push_back(one);
        out.back().sample = k;
    }
    return out;
}

// The request hashes a unit's samples are stored under: the request with n, the one-sample request.
const std::vector<std::string> &CallPlanner::sampleHashes(std::size_t unit)
{
    auto &hashes = m_ctx.sampleHashCache[unit];
    if (hashes.empty()) {
        for (const RunCall &c : samplingCalls(unit, 0, true))
            if (std::find(hashes.begin(), hashes.end(), c.hash) == hashes.end())
                hashes.push_back(c.hash);
        const std::string one = samplingCalls(unit, m_ctx.samples - 1, false).front().hash;
        if (std::find(hashes.begin(), hashes.end(), one) == hashes.end())
            hashes.push_back(one);
    }
    return hashes;
}

// Answered before by this rater for this very unit: nothing to do. (Another unit may send the same
// bytes — two systems with the same summary — and still needs its own judgement.)
std::optional<model::JudgeCall> CallPlanner::answeredByRater(const RunCall &c)
{
    const std::string unit = baseCall(c).unit;
    for (auto &earlier : m_ctx.study->judgeCallsWithHash(m_ctx.rater, c.hash))
        if (earlier.sampleIndex == c.sample && earlier.unit == unit && earlier.httpStatus == 200
            && earlier.error.empty() && !earlier.rawResponse.empty())
            return std::move(earlier);
    return std::nullopt;
}

model::JudgeCall CallPlanner::baseCall(const RunCall &c) const
{
    model::JudgeCall call;
    call.runId = m_ctx.run;
    call.requestHash = c.hash;
    call.sampleIndex = c.sample;
    call.prompt = c.prompt;
    call.requestBody = c.body;
    call.startedAt = c.startedAt.empty() ? model::UtcTimestamp::now() : c.startedAt;
    call.finishedAt = model::UtcTimestamp::now();
    call.attempts = c.attempts;
    if (c.kind == CallKind::Steps) {
        call.dimensionId = m_ctx.stepDimensions[c.unit].id;
        call.unit = model::JsonText::dump(nlohmann::json{{"evaluation_steps_for", m_ctx.stepDimensions[c.unit].id}});
    } else {
        const WorkUnit &u = m_ctx.units[c.unit];
        call.documentId = u.document;
        call.dimensionId = u.dimension;
        if (u.candidates.size() == 1)
            call.candidateId = u.candidates.front();
        call.unit = model::JsonText::dump(u.toJson());
    }
    return call;
}

// A call of the compact plan with its prompt and body made again, from its unit's messages (filled).
void CallPlanner::restoreCall(RunCall &c)
{
    if (!c.body.empty())
        return;
    for (RunCall &made : callsOfUnit(c.unit))
        if (made.hash == c.hash && made.sample == c.sample) {
            c.body = std::move(made.body);
            c.prompt = std::move(made.prompt);
            c.estimatedTokens = made.estimatedTokens;
            return;
        }
    fail("the request of a unit could not be made again as it was planned", "batch");
}

CostEstimate CallPlanner::estimate()
{
    if (auto id = m_ctx.study->raterId(m_ctx.raterName()))
        m_ctx.rater = *id;
    // The steps are not written yet: estimate the prompts with a typical length of steps.
    for (const auto &dim : m_ctx.stepDimensions)
        m_ctx.stepsByDimension[dim.id] = std::string(600, 'x');
    CostEstimate e;
    e.fallback = m_ctx.fallback;
    const auto kept
        = [this](const RunCall &c) { return m_ctx.spill && m_ctx.spill->find(c.hash, c.sample) != nullptr; };
    if (m_ctx.geval() && !m_ctx.sampleUnits)
        e.fallback = "geval: scored by token probabilities where the server sends them; should its first answer "
                     "have none, "
                     "each unit is scored by the mean of "
                     + std::to_string(m_ctx.samples) + " samples at temperature "
                     + temperatureText(m_ctx.sampleSampling.temperature)
                     + " instead, which this estimate does not include";
    std::vector<RunCall> calls = stepCalls();
    for (auto &c : unitCalls())
        calls.push_back(std::move(c));
    const RunOptions &options = m_ctx.options;
    for (const auto &c : calls) {
        if (m_ctx.rater && answeredByRater(c)) {
            ++e.alreadyAnswered;
            continue;
        }
        if (m_ctx.study->answeredCall(c.hash, c.sample, m_ctx.rater) || kept(c)) {
            ++e.alreadyAnswered;
            continue;
        }
        ++e.calls;
        const double in = static_cast<double>(c.prompt.size()) / 4.0;
        e.tokensIn += in;
        e.tokensOutExpected += expectedOutputTokens(options.plan.protocol, m_ctx.sampling.maxTokens) * c.asked;
        e.tokensOutMax += static_cast<double>(m_ctx.sampling.maxTokens) * c.asked;
    }
    e.cost = (e.tokensIn * options.price.inputPerMillion + e.tokensOutExpected * options.price.outputPerMillion) / 1e6;
    e.costMax = (e.tokensIn * options.price.inputPerMillion + e.tokensOutMax * options.price.outputPerMillion) / 1e6;
    e.batchPriceFactor = options.batchPriceFactor;
    e.batchCost = e.cost * e.batchPriceFactor;
    e.batchCostMax = e.costMax * e.batchPriceFactor;
    return e;
}

nlohmann::json CallPlanner::askedSettings() const
{
    nlohmann::json s
        = {{"seed", m_ctx.options.plan.seed},
           {"temperature", m_ctx.sampling.temperature},
           {"top_p", m_ctx.sampling.topP ? nlohmann::json(*m_ctx.sampling.topP) : nlohmann::json()},
           {"max_tokens", m_ctx.sampling.maxTokens},
           {"n", m_ctx.sampling.n},
           {"logprobs", m_ctx.sampling.logprobs},
           {"top_logprobs", m_ctx.sampling.topLogprobs},
           {"concurrency", m_ctx.options.concurrency},
           {"max_retry_after_s", m_ctx.options.maxRetryAfterSeconds},
           {"max_answer_bytes", m_ctx.options.maxAnswerBytes},
           {"template", m_ctx.prompt->name()},
           {"endpoint", m_ctx.provider->endpoint()},
           {"model", m_ctx.providerConfig.model},
           // What resuming the run needs besides (resumeSettings).
           {"provider", std::string(toString(m_ctx.providerConfig.kind))},
           {"base_url", m_ctx.providerConfig.baseUrl},
           {"api_key_env", m_ctx.providerConfig.apiKeyEnv},
           {"rater", m_ctx.raterName()},
           {"dimensions", m_ctx.options.plan.dimensions},
           {"document_limit",
            m_ctx.options.plan.documentLimit ? nlohmann::json(*m_ctx.options.plan.documentLimit) : nlohmann::json()},
           {"split", m_ctx.options.plan.split},
           {"samples", m_ctx.options.samples},
           {"requests_per_minute", m_ctx.options.requestsPerMinute},
           {"tokens_per_minute", m_ctx.options.tokensPerMinute},
           {"attempts", m_ctx.options.maxAttempts},
           {"timeout", m_ctx.options.requestTimeoutSeconds},
           {"busy_wait", m_ctx.options.busyWaitSeconds},
           {"reask_invalid", m_ctx.options.reaskInvalid},
           {"structured", m_ctx.options.structured},
           {"repeats", m_ctx.options.repeats},
           {"batch", m_ctx.options.batch},
           {"batch_price_factor", m_ctx.options.batchPriceFactor},
           {"price_in", m_ctx.options.price.inputPerMillion},
           {"price_out", m_ctx.options.price.outputPerMillion},
           {"sampling_seed",
            m_ctx.options.sampling.seed ? nlohmann::json(*m_ctx.options.sampling.seed) : nlohmann::json()}};
    if (m_ctx.options.examples)
        s["examples"] = toJson(*m_ctx.options.examples);
    if (m_ctx.geval() || m_ctx.options.repeats > 1)
        s.update({{"samples_per_unit", m_ctx.samples}, {"sample_temperature", m_ctx.sampleSampling.temperature}});
    return s;
}

} // namespace concord::judge

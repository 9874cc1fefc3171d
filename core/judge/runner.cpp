// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/runner.h"

#include "judge/answer/answer_reader.h"
#include "judge/answer/scoring_method.h"
#include "judge/answer/structured_answer.h"
#include "judge/answer_spill.h"
#include "judge/batch/batch_dispatch.h"
#include "judge/judgement_writer.h"
#include "judge/prompt_template.h"
#include "judge/provider/http_client.h"
#include "judge/provider/retry_after.h"
#include "judge/reask_message.h"
#include "judge/sha256.h"
#include "judge/unit_context.h"
#include "model/json_text.h"
#include "model/utc_timestamp.h"
#include "store/run_owner.h"
#include "store/study.h"
#include "store/transaction.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <random>
#include <set>

namespace concord::judge {

using model::Id;
using Clock = std::chrono::steady_clock;

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

// A budget refilled continuously: requests or tokens per minute.
class RateBudget {
public:
    explicit RateBudget(double perMinute)
        : m_capacity(perMinute)
        , m_level(perMinute)
        , m_last(Clock::now())
    { }
    bool unlimited() const { return m_capacity <= 0; }
    // Seconds until `amount` can be spent (0: now). A request larger than the whole budget waits for a full one.
    double wait(double amount)
    {
        if (unlimited())
            return 0;
        refill();
        const double need = std::min(amount, m_capacity);
        return m_level >= need ? 0 : (need - m_level) / (m_capacity / 60.0);
    }
    void spend(double amount)
    {
        if (unlimited())
            return;
        refill();
        m_level -= std::min(amount, m_capacity);
    }

private:
    void refill()
    {
        const auto now = Clock::now();
        const double seconds = std::chrono::duration<double>(now - m_last).count();
        m_last = now;
        m_level = std::min(m_capacity, m_level + seconds * m_capacity / 60.0);
    }
    double m_capacity;
    double m_level;
    Clock::time_point m_last;
};

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

std::string temperatureText(double t)
{
    return std::to_string(t).substr(0, 4);
}

// Units whose prompts are read from the study together (store::ReadTogether), and held at once by a batch run.
constexpr std::size_t kUnitWindow = 256;

// Runs its action when its scope is left by an exception, unless dismissed first.
class DiscardOnFailure {
public:
    explicit DiscardOnFailure(std::function<void()> action)
        : m_action(std::move(action))
        , m_exceptions(std::uncaught_exceptions())
    { }
    ~DiscardOnFailure()
    {
        if (m_action && std::uncaught_exceptions() > m_exceptions)
            m_action();
    }
    DiscardOnFailure(const DiscardOnFailure &) = delete;
    DiscardOnFailure &operator=(const DiscardOnFailure &) = delete;
    void dismiss() { m_action = nullptr; }

private:
    std::function<void()> m_action;
    int m_exceptions;
};

} // namespace

bool takesRepeats(Protocol protocol)
{
    return protocol == Protocol::Rts || protocol == Protocol::Mcq || protocol == Protocol::LlmEval;
}

std::string judgeName(const ProviderConfig &provider, const RunOptions &options)
{
    return options.raterName.empty() ? provider.model + " " + std::string(toString(options.plan.protocol))
                                     : options.raterName;
}

std::string scoringSummary(const RunProgress &p)
{
    if (takesRepeats(p.protocol) && p.samplesPerUnit > 1)
        return std::string(toString(p.protocol)) + ": " + std::to_string(p.unitsBySamples) + " units by the mean of "
               + std::to_string(p.samplesPerUnit) + " answers";
    if (p.protocol != Protocol::Geval && p.protocol != Protocol::LlmScore)
        return {};
    std::string out(toString(p.protocol));
    out.append(": ").append(std::to_string(p.unitsByLogprobs)).append(" units by token probabilities");
    if (p.protocol == Protocol::Geval)
        out.append(", ")
            .append(std::to_string(p.unitsBySamples))
            .append(" by the mean of ")
            .append(std::to_string(p.samplesPerUnit))
            .append(" samples");
    if (p.protocol == Protocol::LlmScore || p.unitsBySingle > 0)
        out.append(", ").append(std::to_string(p.unitsBySingle)).append(" by a single answer without them");
    return out;
}

std::string reaskSummary(const RunProgress &p)
{
    if (p.reaskLimit <= 0)
        return {};
    const auto percent = [&p](std::size_t n) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.1f%%",
                      p.firstAnswers ? 100.0 * static_cast<double>(n) / static_cast<double>(p.firstAnswers) : 0.0);
        return std::string(buf);
    };
    const std::size_t after = p.invalidFirst - std::min(p.invalidFirst, p.reaskRecovered);
    std::string out("re-asking (up to ");
    out.append(std::to_string(p.reaskLimit))
        .append("): ")
        .append(std::to_string(p.invalidFirst))
        .append(" of ")
        .append(std::to_string(p.firstAnswers))
        .append(" first answers invalid (")
        .append(percent(p.invalidFirst))
        .append("), ")
        .append(std::to_string(p.reasked))
        .append(p.reasked == 1 ? " re-ask, " : " re-asks, ")
        .append(std::to_string(p.reaskRecovered))
        .append(" recovered; ")
        .append(std::to_string(after))
        .append(" invalid after re-asking (")
        .append(percent(after))
        .append(")");
    return out;
}

struct Runner::Impl {
    // What a unit call's stored answer was, for re-asking (followUp).
    enum class Outcome {
        None,    // not stored yet
        Valid,   // read as a judgement
        Refused, // an answer text the protocol's parser refused
        Unread,  // no answer text to read (no choices)
    };
    enum class Kind {
        Steps,   // a G-Eval evaluation-steps call (unit: an index into stepDimensions)
        Unit,    // a unit's call; for G-Eval one asking for token probabilities
        Samples, // G-Eval scored by sampling: `asked` answers, the first with sample index `sample`
    };
    struct Call {
        Kind kind = Kind::Unit;
        std::size_t unit = 0; // index into units (the steps calls: index into stepDimensions)
        int sample = 0;
        int asked = 1; // answers asked for (n)
        std::string body;
        std::string prompt;
        std::string hash;
        double estimatedTokens = 0;
        int attempts = 0;
        Clock::time_point notBefore{};
        std::string startedAt;
        std::string lastError;
        int lastStatus = 0;
        // Re-asking: 0 for a unit's first call, then 1, 2, ... for each re-ask; a re-ask's whole conversation
        // and the id of the call it asks again.
        int reask = 0;
        std::vector<ChatMessage> conversation;
        Id reaskOf = 0;
        Id storedId = 0; // the unit call as stored (this run or an earlier one)
        Outcome outcome = Outcome::None;
    };
    // The calls of one phase (the evaluation steps, then the units) and where each stands. Answers add
    // calls on the way (G-Eval's samples), so the calls live in a deque: adding leaves the others in place.
    struct Queue {
        std::deque<Call> calls;
        std::deque<std::size_t> ready;
        std::vector<std::size_t> waiting; // retries not due yet
        // Identical requests (same bytes, same sample) are sent once; the others share the answer.
        std::map<std::pair<std::string, int>, std::size_t> leaderOf;
        std::map<std::size_t, std::vector<std::size_t>> followers;
    };

    std::string studyPath;
    ProviderConfig providerConfig;
    RunOptions options;
    std::atomic<bool> cancelled{false};

    std::unique_ptr<store::Study> study;
    std::unique_ptr<Provider> provider;
    std::optional<PromptTemplate> prompt;
    std::optional<PromptTemplate> stepsPrompt;
    std::vector<WorkUnit> units;
    std::vector<std::vector<ChatMessage>> unitMessages;
    std::vector<ScoringMethod> unitMethods;
    std::vector<model::Dimension> stepDimensions;
    std::map<Id, std::string> stepsByDimension;
    SamplingOptions sampling;       // the units' requests
    SamplingOptions sampleSampling; // G-Eval's sampling requests (n = 1; n = samples where the provider has n)
    int samples = 1;                // samples per unit scored by sampling
    bool sampleUnits = false;       // units are scored by sampling (G-Eval without token probabilities; repeats)
    bool nIgnored = false;          // the server answered fewer samples than n asked for
    std::map<std::size_t, std::vector<std::string>> sampleHashCache;
    std::string fallback;
    nlohmann::json settings;
    Id rater = 0;
    Id run = 0;
    std::mt19937_64 jitter{std::random_device{}()};

    std::mutex mutex;
    std::condition_variable wake;
    std::deque<std::pair<std::size_t, HttpResponse>> events;
    HttpClient *http = nullptr;
    Queue queue;

    RunProgress progress;
    Clock::time_point started;
    std::string fatal;
    ProgressCallback onProgress;      // run()'s callback, for what a write reports (a busy study)
    std::size_t keptInSpill = 0;      // paid answers this run could not store, kept in the spill
    std::optional<AnswerSpill> spill; // paid answers the study could not take yet
    Clock::time_point lastHeartbeat;
    // The requests of this judge waiting in batches not fetched yet: never sent again while they wait.
    std::optional<std::set<std::pair<std::string, int>>> inOpenBatch;
    std::string statusBefore; // of a run claimed for its batches

    std::string raterName() const { return judgeName(providerConfig, options); }

    bool geval() const { return options.plan.protocol == Protocol::Geval; }

    // Opens the study and provider, decides how to sample, reads the template and plans the units.
    void prepare(bool forEstimate)
    {
        auto opened = store::Study::open(studyPath, store::OpenOptions{forEstimate, store::Schema::migrations()});
        if (!opened)
            throw Failure(opened.error());
        study = std::move(opened.value());
        spill.emplace(studyPath);
        spill->load();
        ProviderConfig config = providerConfig;
        if (forEstimate)
            config.apiKeyEnv.clear(); // an estimate sends nothing, so it needs no key
        auto created = Provider::create(config);
        if (!created)
            throw Failure(created.error());
        provider = std::move(created.value());

        const Protocol protocol = options.plan.protocol;
        const Capabilities caps = provider->capabilities();
        if (options.structured && !takesStructuredAnswers(protocol))
            fail("protocol " + std::string(toString(protocol))
                     + " keeps its free-text answers; structured answers are for rts and llmeval",
                 "structured");
        if (options.structured && !caps.structuredAnswers)
            fail(std::string(toString(config.kind))
                     + " cannot hold an answer to a JSON schema; run without structured "
                       "answers",
                 "structured");
        sampling = options.sampling;
        if (options.repeats < 1 || options.repeats > 100)
            fail("a unit is asked from 1 to 100 times, not " + std::to_string(options.repeats), "repeats");
        if (options.repeats > 1) {
            if (!takesRepeats(protocol))
                fail("protocol " + std::string(toString(protocol))
                         + " is not asked several times; repeats are for rts, mcq and llmeval (geval samples on its "
                           "own)",
                     "repeats");
            if (!(options.sampling.temperature > 0))
                fail("answers asked again at temperature 0 would repeat one another; repeats need a temperature "
                     "above 0",
                     "repeats");
            if (options.reaskInvalid > 0)
                fail("a unit asked several times leaves an invalid answer out of its mean rather than re-asking it; "
                     "choose repeats or re-asking",
                     "repeats");
            samples = options.repeats;
            sampleUnits = true;
            sampleSampling = options.sampling;
            sampleSampling.n = 1;
            progress.samplesPerUnit = samples;
        } else if (protocol == Protocol::LlmScore) {
            if (!caps.logprobs)
                fail("llmscore needs token probabilities, which " + std::string(toString(config.kind))
                         + " does not offer; choose an OpenAI-compatible or Ollama judge, or another protocol",
                     "protocol");
            sampling.logprobs = true;
            sampling.topLogprobs = std::max(sampling.topLogprobs, 5);
        } else if (protocol == Protocol::Geval) {
            samples = std::max(1, options.samples);
            sampleSampling = options.sampling;
            sampleSampling.temperature = std::min(options.sampleTemperature, maxTemperature(config.kind));
            sampleSampling.logprobs = false;
            sampleSampling.topLogprobs = 0;
            sampleSampling.n = 1;
            progress.samplesPerUnit = samples;
            // Token probabilities are asked for where the provider has them; whether the server sends
            // them shows in each answer (followUp), and without them the units are sampled.
            if (caps.logprobs) {
                sampling.logprobs = true;
                sampling.topLogprobs = std::max(sampling.topLogprobs, 20);
            } else {
                sampleUnits = true;
                fallback = "geval: " + std::string(toString(config.kind))
                           + " offers no token probabilities; the score is the mean of " + std::to_string(samples)
                           + " samples at temperature " + temperatureText(sampleSampling.temperature);
                if (!caps.multipleSamples)
                    fallback += ", asked one at a time (no n)";
            }
        }

        if (options.templateText) {
            auto parsed = PromptTemplate::parse(
                *options.templateText,
                options.templateName.empty() ? std::string(toString(protocol)) + " (custom)" : options.templateName);
            if (!parsed)
                throw Failure(parsed.error());
            prompt = std::move(parsed.value());
        } else {
            auto builtin = PromptTemplate::builtin(toString(protocol));
            if (!builtin)
                throw Failure(builtin.error());
            prompt = std::move(builtin.value());
        }
        useExamples(protocol);
        if (protocol == Protocol::Geval) {
            auto steps = PromptTemplate::builtin("geval-steps");
            if (!steps)
                throw Failure(steps.error());
            stepsPrompt = std::move(steps.value());
        }

        auto planned = planWork(*study, options.plan);
        if (!planned)
            throw Failure(planned.error());
        units = std::move(planned.value());
        unitMethods.assign(units.size(), ScoringMethod::None);
        if (protocol == Protocol::Geval) {
            std::vector<Id> seen;
            for (const auto &u : units)
                if (u.dimension && std::find(seen.begin(), seen.end(), *u.dimension) == seen.end())
                    seen.push_back(*u.dimension);
            for (const auto &d : study->dimensions())
                if (std::find(seen.begin(), seen.end(), d.id) != seen.end())
                    stepDimensions.push_back(d);
        }
        progress.protocol = protocol;
        progress.fallback = fallback;
        progress.reaskLimit = reaskable(protocol) ? std::max(0, options.reaskInvalid) : 0;
    }

    // The examples' guard and template: a run with examples asks through a template that has {{examples}}, a run
    // without any refuses one that has it, and every example must still be a dev document of the study.
    void useExamples(Protocol protocol)
    {
        const auto asked = prompt->placeholders();
        const bool hasPlaceholder = std::find(asked.begin(), asked.end(), "examples") != asked.end();
        if (!options.examples) {
            if (hasPlaceholder)
                fail("the template '" + prompt->name()
                         + "' asks for {{examples}}, and the run has none; name the judge whose corrections they "
                           "are (--examples-from)",
                     "examples");
            return;
        }
        if (!takesExamples(protocol))
            fail("protocol " + std::string(toString(protocol))
                     + " does not take examples; they are for the protocols that score one summary on one dimension",
                 "examples");
        const auto splits = study->documentSplits();
        for (const FewShotExample &e : options.examples->pool) {
            const auto it = splits.find(e.document);
            if (it == splits.end() || it->second != "dev")
                fail("an example's document (id " + std::to_string(e.document)
                         + ") is not in the dev split of the study; examples come from dev only, so that the test "
                           "split stays unseen: build them again from the study's split",
                     "examples");
        }
        if (!hasPlaceholder) {
            auto with
                = withExamplesPlaceholder(*prompt, prompt->name() + " + corrections from " + options.examples->judge);
            if (!with)
                throw Failure(with.error());
            prompt = std::move(with.value());
        }
    }

    // A unit's prompt values, with its examples when the run has them.
    std::map<std::string, std::string> unitValues(std::size_t unit) const
    {
        const UnitContext context = unitContext(unit);
        auto values = context.promptValues();
        if (options.examples && context.dimension) {
            const auto chosen = examplesForUnit(options.examples->pool, units[unit].document, context.dimension->id,
                                                options.examples->perUnit);
            if (chosen.size() < options.examples->perUnit)
                fail("the examples hold " + std::to_string(chosen.size()) + " for dimension " + context.dimension->name
                         + " outside this unit's document, and each prompt takes "
                         + std::to_string(options.examples->perUnit),
                     "examples");
            values["examples"] = examplesText(chosen, *context.dimension);
        }
        return values;
    }

    // The run's settings as stored with it: what was asked, and what the run decided on the way.
    nlohmann::json currentSettings() const
    {
        nlohmann::json s = settings;
        s["fallback"] = fallback;
        if (progress.protocol == Protocol::Geval || progress.protocol == Protocol::LlmScore || options.repeats > 1)
            s["units_by_method"] = {{"logprobs", progress.unitsByLogprobs},
                                    {"samples", progress.unitsBySamples},
                                    {"single", progress.unitsBySingle}};
        return s;
    }

    void saveSettings()
    {
        if (run)
            commit([&] { study->setJudgeRunSettings(run, model::JsonText::dump(currentSettings())); });
    }

    std::string hashOf(const std::string &body) const
    {
        std::string key = provider->endpoint();
        key.append("\n").append(providerConfig.model).append("\n").append(body);
        return Sha256::hex(key);
    }

    Call makeCall(const std::vector<ChatMessage> &messages, const SamplingOptions &s) const
    {
        Call c;
        c.body = provider->requestBody(
            ChatRequest{messages, s, options.structured ? std::optional(scoreSchema()) : std::nullopt});
        c.prompt = renderPrompt(messages);
        c.hash = hashOf(c.body);
        c.asked = std::max(1, s.n);
        c.estimatedTokens = static_cast<double>(c.prompt.size()) / 4.0 + s.maxTokens * c.asked;
        return c;
    }

    std::vector<ChatMessage> fill(const PromptTemplate &t, const std::map<std::string, std::string> &values) const
    {
        auto messages = t.fill(values);
        if (!messages)
            throw Failure(messages.error());
        return messages.value();
    }

    std::vector<Call> stepCalls() const
    {
        std::vector<Call> out;
        for (std::size_t i = 0; i < stepDimensions.size(); ++i) {
            UnitContext context;
            context.protocol = Protocol::Geval;
            context.dimension = stepDimensions[i];
            SamplingOptions s = options.sampling;
            s.logprobs = false;
            s.n = 1;
            Call c = makeCall(fill(*stepsPrompt, context.promptValues()), s);
            c.kind = Kind::Steps;
            c.unit = i;
            out.push_back(std::move(c));
        }
        return out;
    }

    UnitContext unitContext(std::size_t unit) const
    {
        UnitContext context = UnitContext::load(*study, options.plan.protocol, units[unit]);
        context.structured = options.structured;
        if (context.unit.dimension && stepsByDimension.count(*context.unit.dimension))
            context.evaluationSteps = stepsByDimension.at(*context.unit.dimension);
        return context;
    }

    // One call per unit; G-Eval units already known to be sampled get their sampling calls instead.
    std::vector<Call> unitCalls()
    {
        unitMessages.clear();
        sampleHashCache.clear();
        // The reads of a few hundred units at a time in one read transaction, not each query in its own.
        for (std::size_t start = 0; start < units.size(); start += kUnitWindow) {
            store::ReadTogether together(study->database());
            for (std::size_t i = start; i < std::min(units.size(), start + kUnitWindow); ++i)
                unitMessages.push_back(fill(*prompt, unitValues(i)));
        }
        std::vector<Call> out;
        for (std::size_t i = 0; i < units.size(); ++i)
            for (auto &c : callsOfUnit(i))
                out.push_back(std::move(c));
        return out;
    }

    // One unit's calls, from its messages (unitMessages[unit], filled).
    std::vector<Call> callsOfUnit(std::size_t unit) const
    {
        if (sampleUnits)
            return samplingCalls(unit, 0, true);
        Call c = makeCall(unitMessages[unit], sampling);
        c.unit = unit;
        std::vector<Call> out;
        out.push_back(std::move(c));
        return out;
    }

    // The batch paths hold a unit's messages only while its calls are made or stored, so that a run of 100,000
    // requests never holds every prompt at once.
    void fillUnitMessages(std::size_t unit)
    {
        if (unitMessages.size() != units.size())
            unitMessages.resize(units.size());
        if (unitMessages[unit].empty())
            unitMessages[unit] = fill(*prompt, unitValues(unit));
    }
    // From `unit` on, the messages of a window of units not filled yet, read in one read transaction.
    void fillUnitWindow(std::size_t unit)
    {
        if (unitMessages.size() == units.size() && !unitMessages[unit].empty())
            return;
        store::ReadTogether together(study->database());
        for (std::size_t u = unit; u < std::min(units.size(), unit + kUnitWindow); ++u)
            fillUnitMessages(u);
    }
    void releaseUnitMessages(std::size_t unit)
    {
        std::vector<ChatMessage>().swap(unitMessages[unit]);
        sampleHashCache.erase(unit);
    }

    // A unit's samples from index `from` on: with n, one request for all of them where the provider has
    // n (withN); else one request per sample, each its own call and cache entry (hash, sample index).
    std::vector<Call> samplingCalls(std::size_t unit, int from, bool withN) const
    {
        std::vector<Call> out;
        if (withN && from == 0 && samples > 1 && provider->capabilities().multipleSamples) {
            SamplingOptions s = sampleSampling;
            s.n = samples;
            Call c = makeCall(unitMessages[unit], s);
            c.kind = Kind::Samples;
            c.unit = unit;
            out.push_back(std::move(c));
            return out;
        }
        SamplingOptions s = sampleSampling;
        if (samples > 1)
            s.seed.reset(); // the same request with the same seed would be the same sample each time
        Call one = makeCall(unitMessages[unit], s);
        one.kind = Kind::Samples;
        one.unit = unit;
        for (int k = from; k < samples; ++k) {
            out.push_back(one);
            out.back().sample = k;
        }
        return out;
    }

    // The request hashes a unit's samples are stored under: the request with n, the one-sample request.
    const std::vector<std::string> &sampleHashes(std::size_t unit)
    {
        auto &hashes = sampleHashCache[unit];
        if (hashes.empty()) {
            for (const Call &c : samplingCalls(unit, 0, true))
                if (std::find(hashes.begin(), hashes.end(), c.hash) == hashes.end())
                    hashes.push_back(c.hash);
            const std::string one = samplingCalls(unit, samples - 1, false).front().hash;
            if (std::find(hashes.begin(), hashes.end(), one) == hashes.end())
                hashes.push_back(one);
        }
        return hashes;
    }

    void noteMethod(std::size_t unit, ScoringMethod method)
    {
        auto counter = [this](ScoringMethod m) -> std::size_t * {
            switch (m) {
            case ScoringMethod::Logprobs:
                return &progress.unitsByLogprobs;
            case ScoringMethod::Samples:
                return &progress.unitsBySamples;
            case ScoringMethod::Single:
                return &progress.unitsBySingle;
            default:
                return nullptr;
            }
        };
        ScoringMethod &current = unitMethods[unit];
        if (current == method)
            return;
        if (auto *c = counter(current))
            --*c;
        if (auto *c = counter(method))
            ++*c;
        current = method;
    }

    // Answered before by this rater for this very unit: nothing to do. (Another unit may send the same
    // bytes — two systems with the same summary — and still needs its own judgement.)
    std::optional<model::JudgeCall> answeredByRater(const Call &c)
    {
        const std::string unit = baseCall(c).unit;
        for (auto &earlier : study->judgeCallsWithHash(rater, c.hash))
            if (earlier.sampleIndex == c.sample && earlier.unit == unit && earlier.httpStatus == 200
                && earlier.error.empty() && !earlier.rawResponse.empty())
                return std::move(earlier);
        return std::nullopt;
    }

    model::JudgeCall baseCall(const Call &c) const
    {
        model::JudgeCall call;
        call.runId = run;
        call.requestHash = c.hash;
        call.sampleIndex = c.sample;
        call.prompt = c.prompt;
        call.requestBody = c.body;
        call.startedAt = c.startedAt.empty() ? model::UtcTimestamp::now() : c.startedAt;
        call.finishedAt = model::UtcTimestamp::now();
        call.attempts = c.attempts;
        if (c.kind == Kind::Steps) {
            call.dimensionId = stepDimensions[c.unit].id;
            call.unit = model::JsonText::dump(nlohmann::json{{"evaluation_steps_for", stepDimensions[c.unit].id}});
        } else {
            const WorkUnit &u = units[c.unit];
            call.documentId = u.document;
            call.dimensionId = u.dimension;
            if (u.candidates.size() == 1)
                call.candidateId = u.candidates.front();
            call.unit = model::JsonText::dump(u.toJson());
        }
        return call;
    }

    // Stores an answered call and what it means. Callers wrap it in a transaction (see commit()).
    void storeAnswer(Call &c, model::JudgeCall call, const ChatResponse &response)
    {
        if (c.kind == Kind::Steps) {
            ParsedAnswer steps
                = parseEvaluationSteps(response.choices.empty() ? std::string() : response.choices.front().text);
            call.valid = steps.valid;
            call.invalidReason = steps.invalidReason;
            call.parsed = model::JsonText::dump(steps.detail);
            study->addJudgeCall(call);
            // Kept either way; without steps the run stops before the scoring calls (see run()).
            if (steps.valid)
                stepsByDimension[stepDimensions[c.unit].id] = steps.detail.value("steps", std::string());
            else
                ++progress.invalid;
            return;
        }
        const UnitContext context = unitContext(c.unit);
        JudgementWriter writer(*study, rater, options.plan.protocol);
        if (c.kind == Kind::Samples) {
            const ParsedAnswer answer = readSamples(context, response);
            if (!answer.valid)
                ++progress.invalid;
            writer.storeSample(context, std::move(call), answer, sampleHashes(c.unit));
            return;
        }
        if (geval() && !hasScoreProbabilities(context, response)) {
            // Asked for token probabilities and answered without: kept as asked, and the unit is
            // scored by sampling (followUp) rather than by this one answer at the run's temperature.
            ParsedAnswer answer = response.choices.empty() ? ParsedAnswer::invalid("the answer had no choices")
                                                           : readText(context, response.choices.front().text);
            answer.detail["method"] = std::string(toString(ScoringMethod::Single));
            answer.detail["note"] = "no token probabilities in the answer: the unit is scored by the mean of samples";
            if (!answer.valid)
                ++progress.invalid;
            writer.storeUnused(std::move(call), answer);
            return;
        }
        ParsedAnswer answer = readAnswer(context, response);
        if (!answer.valid)
            ++progress.invalid;
        c.outcome = answer.valid ? Outcome::Valid : response.choices.empty() ? Outcome::Unread : Outcome::Refused;
        if (c.reask > 0) {
            answer.detail["reask"] = c.reask;
            answer.detail["reask_of"] = c.reaskOf;
        }
        c.storedId = writer.store(context, std::move(call), answer);
    }

    // One transaction for what arrived together: committed before the runner waits again. A busy study
    // is waited for (options.busyWaitSeconds), and the paid answers in `paid` are first put in the
    // spill, so that neither a kill meanwhile nor a study that stays busy loses them.
    template <typename Fn> void commit(Fn &&fn, const std::vector<SpilledAnswer> &paid = {})
    {
        bool spilled = false;
        auto keep = [&] {
            if (!spilled && !paid.empty() && spill) {
                spill->append(paid);
                spilled = true;
            }
        };
        const std::size_t invalidBefore = progress.invalid;
        store::BusyWait wait;
        wait.maxSeconds = options.busyWaitSeconds;
        wait.stop = [this] { return cancelled.load(); };
        wait.onWait = [&](double waited) {
            keep();
            progress.invalid = invalidBefore; // the rolled-back try counted its answers already
            progress.status = "study busy, waiting… (" + std::to_string(static_cast<long long>(waited)) + " s)";
            report(onProgress);
        };
        const Status st = study->write(
            [&] {
                fn();
                if (run && Clock::now() - lastHeartbeat > std::chrono::seconds(store::RunOwner::kHeartbeatSeconds))
                    study->touchJudgeRun(run);
            },
            wait);
        if (!progress.status.empty()) {
            progress.status.clear();
            report(onProgress);
        }
        if (!st) {
            progress.invalid = invalidBefore;
            if (paid.empty())
                throw Failure(st.error());
            try {
                keep();
            } catch (const Failure &f) {
                fail(st.error().message + "; and the " + std::to_string(paid.size())
                     + " answers already paid for could not be kept either: " + f.error().message);
            }
            keptInSpill += paid.size();
            throw Failure(st.error());
        }
        if (Clock::now() - lastHeartbeat > std::chrono::seconds(store::RunOwner::kHeartbeatSeconds))
            lastHeartbeat = Clock::now();
        if (spilled)
            pruneSpill();
    }

    // The study cannot be written and the run stops: the requests on their way are paid for too, so
    // their answers are awaited (no new request goes out) and kept in the spill with the others.
    void keepInFlight(std::size_t inFlight)
    {
        std::vector<SpilledAnswer> paid;
        while (inFlight > 0) {
            std::deque<std::pair<std::size_t, HttpResponse>> arrived;
            {
                std::unique_lock<std::mutex> lock(mutex);
                wake.wait(lock, [&] { return !events.empty(); });
                arrived.swap(events);
            }
            for (auto &[index, response] : arrived) {
                --inFlight;
                if (response.cancelled || response.status < 200 || response.status >= 300)
                    continue;
                const auto parsed = provider->parseResponse(response.body);
                if (!parsed)
                    continue;
                model::JudgeCall call = baseCall(queue.calls[index]);
                call.httpStatus = response.status;
                call.rawResponse = response.body;
                call.tokensIn = parsed.value().tokensIn;
                call.tokensOut = parsed.value().tokensOut;
                call.latencyMs = response.seconds * 1000;
                call.cost
                    = (call.tokensIn * options.price.inputPerMillion + call.tokensOut * options.price.outputPerMillion)
                      / 1e6;
                paid.push_back(spilled(call));
            }
        }
        if (paid.empty() || !spill)
            return;
        try {
            spill->append(paid);
            keptInSpill += paid.size();
        } catch (const Failure &) {
            // The run already stops with the study's error; these answers are asked again next time.
        }
    }

    // Drops from the spill what the study holds now; the file goes when nothing is left.
    void pruneSpill()
    {
        if (!spill || spill->size() == 0)
            return;
        spill->keepOnly([this](const SpilledAnswer &a) { return !study->answeredCall(a.hash, a.sample, rater); });
    }

    // An answer as kept in the spill until the study takes it.
    static SpilledAnswer spilled(const model::JudgeCall &call)
    {
        SpilledAnswer a;
        a.hash = call.requestHash;
        a.sample = call.sampleIndex;
        a.status = call.httpStatus;
        a.body = call.rawResponse;
        a.tokensIn = call.tokensIn;
        a.tokensOut = call.tokensOut;
        a.cost = call.cost;
        a.latencyMs = call.latencyMs;
        a.attempts = call.attempts;
        a.startedAt = call.startedAt;
        a.finishedAt = call.finishedAt;
        return a;
    }

    // The owner at work: refreshed now and then, so a run on another host sharing the study is not
    // taken for dead. A busy study just leaves it for the next time.
    void heartbeat()
    {
        if (!run || Clock::now() - lastHeartbeat < std::chrono::seconds(store::RunOwner::kHeartbeatSeconds))
            return;
        lastHeartbeat = Clock::now();
        (void)study->write([&] { study->touchJudgeRun(run); });
    }

    void storeFailure(const Call &c, const HttpResponse &r, const std::string &why)
    {
        model::JudgeCall call = baseCall(c);
        call.httpStatus = r.status;
        call.rawResponse = bodyExcerpt(r); // no answer: a bounded excerpt and the size are enough
        call.error = why;
        call.latencyMs = r.seconds * 1000;
        call.invalidReason = why;
        study->addJudgeCall(call);
    }

    // Reuses another rater's answer to the identical request: stored for this run, nothing sent.
    bool reuseCached(std::size_t index)
    {
        Call &c = queue.calls[index];
        const auto earlier = study->answeredCall(c.hash, c.sample, rater);
        if (!earlier || !earlier->error.empty())
            return false;
        const auto response = provider->parseResponse(earlier->rawResponse);
        if (!response)
            return false;
        model::JudgeCall call = baseCall(c);
        call.httpStatus = 200;
        call.rawResponse = earlier->rawResponse;
        call.tokensIn = earlier->tokensIn;
        call.tokensOut = earlier->tokensOut;
        call.attempts = 0; // not sent: no cost
        commit([&] { storeAnswer(c, call, response.value()); });
        ++progress.done;
        ++progress.cached;
        followUp(index, response.value());
        return true;
    }

    // An answer paid for by an earlier run that the study could not take then: stored now, nothing sent.
    bool reuseSpilled(std::size_t index)
    {
        Call &c = queue.calls[index];
        const SpilledAnswer *kept = spill ? spill->find(c.hash, c.sample) : nullptr;
        if (!kept)
            return false;
        const auto response = provider->parseResponse(kept->body);
        if (!response)
            return false;
        model::JudgeCall call = baseCall(c);
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
        commit([&] { storeAnswer(c, call, response.value()); });
        ++progress.done;
        ++progress.cached;
        progress.costBefore += call.cost; // paid by the run that could not store it
        followUp(index, response.value());
        return true;
    }

    // A call this rater answered in an earlier run: what it means for the calls still to make.
    void answeredBefore(std::size_t index, const model::JudgeCall &earlier)
    {
        Call &c = queue.calls[index];
        if (c.kind == Kind::Steps) {
            for (const auto &stored : study->judgeCallsWithHash(rater, c.hash))
                if (stored.valid)
                    stepsByDimension[stepDimensions[c.unit].id]
                        = model::JsonText::parseOrDiscarded(stored.parsed).value("steps", std::string());
            return;
        }
        if (const auto response = provider->parseResponse(earlier.rawResponse)) {
            c.storedId = earlier.id;
            c.outcome = earlier.valid                      ? Outcome::Valid
                        : response.value().choices.empty() ? Outcome::Unread
                                                           : Outcome::Refused;
            followUp(index, response.value());
        }
    }

    // Queues a call, unless it is answered already (by this rater, or the same request by another) or
    // an identical request is on its way. G-Eval units known to be sampled are sampled instead.
    void add(Call call)
    {
        if (call.kind == Kind::Unit && sampleUnits) {
            for (auto &c : samplingCalls(call.unit, 0, true))
                add(std::move(c));
            return;
        }
        Queue &q = queue;
        q.calls.push_back(std::move(call));
        const std::size_t index = q.calls.size() - 1;
        ++progress.total;
        if (const auto earlier = answeredByRater(q.calls[index])) {
            ++progress.done;
            ++progress.cached;
            progress.costBefore += earlier->cost;
            answeredBefore(index, *earlier);
            return;
        }
        if (reuseSpilled(index) || reuseCached(index))
            return;
        if (waitsInBatch(q.calls[index])) {
            --progress.total;
            ++progress.inBatches;
            return;
        }
        const auto [leader, first]
            = q.leaderOf.emplace(std::make_pair(q.calls[index].hash, q.calls[index].sample), index);
        if (first)
            q.ready.push_back(index);
        else
            q.followers[leader->second].push_back(index);
    }

    // What an answer means for the calls still to make. G-Eval: an answer with token probabilities is
    // the unit's score; one without them makes the unit, and every unit not asked yet, scored by
    // sampling; a sampling request answered with fewer samples than n asked for (a server that ignores
    // n) is completed one request per sample. Also counts the units by scoring method.
    void followUp(std::size_t index, const ChatResponse &response)
    {
        const Call &c = queue.calls[index];
        const Protocol protocol = options.plan.protocol;
        if (c.kind == Kind::Unit && reaskable(protocol)) {
            reaskIfInvalid(index, response);
            return;
        }
        if (c.kind == Kind::Steps)
            return;
        const std::size_t unit = c.unit;
        if (c.kind == Kind::Samples) {
            noteMethod(unit, ScoringMethod::Samples);
            const int answered = static_cast<int>(response.choices.size());
            if (answered < c.asked) {
                if (!nIgnored) {
                    nIgnored = true;
                    fallback += "; the server answered " + std::to_string(answered) + " of the "
                                + std::to_string(c.asked)
                                + " samples asked for with n, so the rest are asked one request each";
                    progress.fallback = fallback;
                    saveSettings();
                }
                for (auto &s : samplingCalls(unit, c.sample + answered, false))
                    add(std::move(s));
            }
            return;
        }
        if (protocol != Protocol::Geval && protocol != Protocol::LlmScore)
            return;
        if (hasScoreProbabilities(unitContext(unit), response)) {
            noteMethod(unit, ScoringMethod::Logprobs);
            return;
        }
        if (protocol == Protocol::LlmScore) {
            noteMethod(unit, ScoringMethod::Single);
            return;
        }
        const std::vector<std::size_t> held = sampleUnits ? std::vector<std::size_t>{} : switchToSampling();
        for (auto &s : samplingCalls(unit, 0, true))
            add(std::move(s));
        sampleHeld(held);
    }

    // Counts a unit call's answer for re-asking, and asks again (options.reaskInvalid) when its text was
    // refused: the conversation so far, the refused text as the model's turn, then the answer's form. An
    // empty answer has nothing to show the model (and some servers refuse an empty turn): not re-asked.
    void reaskIfInvalid(std::size_t index, const ChatResponse &response)
    {
        const Call &c = queue.calls[index];
        const bool invalid = c.outcome == Outcome::Refused || c.outcome == Outcome::Unread;
        if (c.reask == 0) {
            ++progress.firstAnswers;
            if (invalid)
                ++progress.invalidFirst;
        } else if (c.outcome == Outcome::Valid) {
            ++progress.reaskRecovered;
        }
        if (c.outcome != Outcome::Refused || c.reask >= options.reaskInvalid || response.choices.empty())
            return;
        const std::string &text = response.choices.front().text;
        if (text.find_first_not_of(" \t\r\n") == std::string::npos)
            return;
        std::vector<ChatMessage> messages = c.reask == 0 ? unitMessages[c.unit] : c.conversation;
        if (!messages.empty() && messages.back().role == "assistant")
            messages.back().content.append(text); // the template began the answer itself
        else
            messages.push_back({"assistant", text});
        messages.push_back({"user", reaskMessage(unitContext(c.unit))});
        Call next = makeCall(messages, sampling);
        next.unit = c.unit;
        next.reask = c.reask + 1;
        next.reaskOf = c.storedId;
        next.conversation = std::move(messages);
        ++progress.reasked;
        add(std::move(next)); // answered before (a rerun): counted and followed up at once, nothing sent
    }

    // The first G-Eval answer without token probabilities: the server has none, so the rest of the run
    // samples at once. The units whose request for them is not sent yet are withdrawn, to be sampled
    // instead of asked in vain (sampleHeld).
    std::vector<std::size_t> switchToSampling()
    {
        sampleUnits = true;
        fallback = "geval: the server sent no token probabilities; from its first answer without them on, each unit is "
                   "scored by "
                   "the mean of "
                   + std::to_string(samples) + " samples at temperature " + temperatureText(sampleSampling.temperature);
        if (!provider->capabilities().multipleSamples)
            fallback += ", asked one at a time (no n)";
        progress.fallback = fallback;
        saveSettings();
        Queue &q = queue;
        std::vector<std::size_t> pending;
        auto take = [&](auto &list) {
            for (auto it = list.begin(); it != list.end();) {
                if (q.calls[*it].kind == Kind::Unit) {
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
        progress.total -= held.size();
        return held;
    }

    void sampleHeld(const std::vector<std::size_t> &held)
    {
        for (const std::size_t unit : held)
            for (auto &s : samplingCalls(unit, 0, true))
                add(std::move(s));
    }

    bool waitsInBatch(const Call &c)
    {
        if (!inOpenBatch) {
            inOpenBatch.emplace();
            for (const auto &r : study->judgeRuns(rater))
                for (const auto &b : study->judgeBatches(r.id))
                    if (b.state != "fetched")
                        for (const auto &q : study->judgeBatchRequests(b.id))
                            inOpenBatch->emplace(q.requestHash, q.sampleIndex);
        }
        return inOpenBatch->count({c.hash, c.sample}) > 0;
    }

    std::string providerName() const { return std::string(toString(providerConfig.kind)); }

    // Batch mode: the calls not answered yet, submitted in batches. A server without a batch API is judged online.
    // recorded: called before the first batch is written (from then on the run must stay, whatever follows).
    void runBatched(const ProgressCallback &callback, const std::function<void()> &recorded)
    {
        if (geval())
            fail("geval writes its evaluation steps first and decides from the answers how to score, so it is judged "
                 "online; run it without batch",
                 "batch");
        if (options.reaskInvalid > 0)
            fail("re-asking needs each answer before the next request; a batch run re-asks nothing: run without "
                 "re-asking, or online",
                 "batch");
        // A server without a batch API is judged online, and the run says so.
        const auto online = [&](const Error &why) {
            fallback = why.message + "; judged online instead";
            progress.fallback = fallback;
            saveSettings();
            progress.total = progress.done = progress.cached = progress.inBatches = 0;
            progress.costBefore = 0;
            inOpenBatch.reset();
            execute(unitCalls(), callback);
        };
        auto api = BatchApi::create(*provider, *http);
        if (!api) {
            if (api.error().field != kNoBatchApiField)
                throw Failure(api.error());
            online(api.error());
            return;
        }
        queue = Queue{};
        unitMessages.clear();
        sampleHashCache.clear();
        // Planned a unit at a time and submitted a batch at a time: of each call only what a run keeps of it (hash,
        // sample, unit) stays once its body has gone to a batch, so that 100,000 requests fit in little memory.
        BatchLimits limits
            = providerConfig.kind == ProviderKind::Anthropic ? anthropicBatchLimits() : openAiBatchLimits();
        if (options.batchLimits.maxRequests > 0)
            limits.maxRequests = std::min(limits.maxRequests, options.batchLimits.maxRequests);
        if (options.batchLimits.maxBytes > 0)
            limits.maxBytes = std::min(limits.maxBytes, options.batchLimits.maxBytes);
        std::optional<BatchDispatch> dispatch;
        std::vector<BatchCall> pending;
        std::size_t pendingCount = 0; // pending's size before it moves into the dispatch
        std::size_t pendingBytes = 0;
        // Whether the batch API took the requests; false: it has none, and the run went online.
        const auto submitPending = [&]() -> bool {
            if (pending.empty())
                return true;
            if (!dispatch) {
                dispatch.emplace(*study, *api.value(), providerName(), run,
                                 [this](const std::function<void()> &fn) { commit(fn); });
                recorded();
            }
            try {
                progress.batches += dispatch->submit(std::move(pending), options.batchLimits);
            } catch (const Failure &f) {
                if (f.error().field != kNoBatchApiField || progress.batches > 0)
                    throw;
                online(f.error());
                return false;
            }
            progress.batched += pendingCount;
            pending.clear();
            pendingCount = 0;
            pendingBytes = 0;
            report(callback);
            return true;
        };
        for (std::size_t unit = 0; unit < units.size(); ++unit) {
            fillUnitWindow(unit);
            const std::size_t before = queue.ready.size();
            for (auto &c : callsOfUnit(unit))
                add(std::move(c));
            for (std::size_t k = before; k < queue.ready.size(); ++k) {
                Call &c = queue.calls[queue.ready[k]];
                pendingBytes += c.body.size();
                pending.push_back({c.hash, c.sample, std::move(c.body)});
                ++pendingCount;
                std::string().swap(c.body);
                std::string().swap(c.prompt);
            }
            releaseUnitMessages(unit);
            if ((pending.size() >= limits.maxRequests || pendingBytes >= limits.maxBytes) && !submitPending())
                return;
        }
        if (!submitPending())
            return;
        // Submitted: the plan is not needed any more (a poll makes its own).
        queue = Queue{};
        std::vector<std::vector<ChatMessage>>().swap(unitMessages);
        inOpenBatch.reset();
        report(callback);
    }

    // Claims a run of the study that is not running, for polling its batches.
    void claimForBatches(long long runId)
    {
        const Status st = study->write([&] {
            study->markInterruptedRuns();
            std::optional<store::JudgeRunRow> row;
            for (auto &r : study->judgeRuns())
                if (r.id == runId)
                    row = std::move(r);
            if (!row)
                fail("there is no judge run " + std::to_string(runId) + " in " + studyPath, "run");
            if (row->status == "running")
                fail("run " + std::to_string(runId) + " of '" + row->raterName + "' is at work (pid "
                         + std::to_string(row->owner.pid) + " on " + row->owner.host
                         + "); its batches are polled once it stops",
                     "run");
            rater = row->rater;
            run = runId;
            statusBefore = row->status;
            study->claimJudgeRun(run, store::RunOwner::current());
        });
        if (!st)
            throw Failure(st.error());
        progress.run = run;
        lastHeartbeat = Clock::now();
    }

    // Every call of the run as planned, with sampled units expanded, by the request they send. Planned a unit at a
    // time, keeping of each call what finds it again (hash, sample, unit): a call's prompt and body are made again
    // when its result is stored (restoreCall), so that a poll never holds every prompt at once.
    std::map<std::pair<std::string, int>, std::vector<std::size_t>> plannedCalls()
    {
        queue = Queue{};
        unitMessages.clear();
        sampleHashCache.clear();
        std::map<std::pair<std::string, int>, std::vector<std::size_t>> out;
        for (std::size_t unit = 0; unit < units.size(); ++unit) {
            fillUnitWindow(unit);
            for (auto &c : callsOfUnit(unit)) {
                std::string().swap(c.body);
                std::string().swap(c.prompt);
                queue.calls.push_back(std::move(c));
                const Call &kept = queue.calls.back();
                out[{kept.hash, kept.sample}].push_back(queue.calls.size() - 1);
            }
            releaseUnitMessages(unit);
        }
        return out;
    }

    // A call of the compact plan with its prompt and body made again, from its unit's messages (filled).
    void restoreCall(Call &c)
    {
        if (!c.body.empty())
            return;
        for (Call &made : callsOfUnit(c.unit))
            if (made.hash == c.hash && made.sample == c.sample) {
                c.body = std::move(made.body);
                c.prompt = std::move(made.prompt);
                c.estimatedTokens = made.estimatedTokens;
                return;
            }
        fail("the request of a unit could not be made again as it was planned", "batch");
    }

    // One batch result for every call that sent its request and has no answer stored yet: the first pays, the
    // others are copies (two units with the same bytes), as online.
    void storeBatchResult(const std::vector<std::size_t> &indices, const BatchResult *r, const std::string &why)
    {
        bool first = true;
        for (const std::size_t index : indices) {
            Call &c = queue.calls[index];
            if (answeredByRater(c))
                continue; // stored before: a result is stored once
            fillUnitMessages(c.unit);
            restoreCall(c);
            // What the compact plan keeps of the call again once it is stored, whichever way this returns.
            struct Release {
                Impl &d;
                Call &c;
                ~Release()
                {
                    std::string().swap(c.body);
                    std::string().swap(c.prompt);
                    d.releaseUnitMessages(c.unit);
                }
            } release{*this, c};
            HttpResponse response;
            response.status = r ? r->httpStatus : 0;
            if (!r || r->outcome != BatchOutcome::Succeeded) {
                response.body = r ? r->error : std::string();
                storeFailure(c, response, why);
                continue;
            }
            auto parsed = provider->parseResponse(r->body);
            if (!parsed) {
                response.body = r->body;
                storeFailure(c, response, "the provider's answer could not be read: " + parsed.error().message);
                continue;
            }
            model::JudgeCall call = baseCall(c);
            call.httpStatus = r->httpStatus > 0 ? r->httpStatus : 200;
            call.rawResponse = r->body;
            call.attempts = first ? 1 : 0;
            if (first) {
                call.tokensIn = parsed.value().tokensIn;
                call.tokensOut = parsed.value().tokensOut;
                call.cost
                    = (call.tokensIn * options.price.inputPerMillion + call.tokensOut * options.price.outputPerMillion)
                      * options.batchPriceFactor / 1e6;
            }
            storeAnswer(c, std::move(call), parsed.value());
            first = false;
        }
    }

    void report(const ProgressCallback &callback)
    {
        progress.elapsedSeconds = std::chrono::duration<double>(Clock::now() - started).count();
        const std::size_t remaining = progress.total - progress.done - progress.failed;
        if (progress.sent > 0 && remaining > 0)
            progress.etaSeconds = progress.elapsedSeconds / static_cast<double>(progress.sent + progress.failed)
                                  * static_cast<double>(remaining);
        else if (remaining == 0)
            progress.etaSeconds = 0;
        if (callback)
            callback(progress);
    }

    bool retryable(const HttpResponse &r) const
    {
        return r.timedOut || !r.transportError.empty() || r.status == 429 || r.status >= 500 || r.status == 0;
    }

    // Sends the calls not answered yet, and those their answers call for, with the limits, retries and
    // cancellation of the options.
    void execute(std::vector<Call> initial, const ProgressCallback &callback)
    {
        queue = Queue{};
        Queue &q = queue;
        for (auto &c : initial)
            add(std::move(c));
        report(callback);

        RateBudget requests(options.requestsPerMinute);
        RateBudget tokens(options.tokensPerMinute);
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
                while (!cancelled && !q.ready.empty()
                       && inFlight < static_cast<std::size_t>(std::max(1, options.concurrency))) {
                    Call &c = q.calls[q.ready.front()];
                    limitWait = std::max(requests.wait(1), tokens.wait(c.estimatedTokens));
                    if (const auto paused = pausedUntil - Clock::now(); paused > Clock::duration::zero())
                        limitWait = std::max(limitWait, std::chrono::duration<double>(paused).count());
                    if (limitWait > 0)
                        break;
                    requests.spend(1);
                    tokens.spend(c.estimatedTokens);
                    const std::size_t index = q.ready.front();
                    q.ready.pop_front();
                    ++c.attempts;
                    if (c.startedAt.empty())
                        c.startedAt = model::UtcTimestamp::now();
                    ++inFlight;
                    http->submit(provider->httpRequest(c.body), [this, index](HttpResponse r) {
                        {
                            std::lock_guard<std::mutex> lock(mutex);
                            events.emplace_back(index, std::move(r));
                        }
                        wake.notify_one();
                    });
                }
            };
            fillSlots();
            progress.inFlight = inFlight;
            if (inFlight == 0 && (cancelled || (q.ready.empty() && q.waiting.empty())))
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
                std::unique_lock<std::mutex> lock(mutex);
                wake.wait_until(lock, deadline, [&] { return !events.empty() || cancelled; });
                arrived.swap(events);
            }
            if (cancelled)
                http->cancelAll();
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
                Call &c = q.calls[index];
                // A call that will not be answered, with every identical call waiting on it.
                auto giveUp = [&](std::size_t leader, const std::string &why) {
                    writes.push_back([this, leader, response, why, followers = q.followers[leader]] {
                        storeFailure(queue.calls[leader], response, why);
                        for (const std::size_t f : followers)
                            storeFailure(queue.calls[f], response, why);
                    });
                    progress.failed += 1 + q.followers[leader].size();
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
                    auto parsed = provider->parseResponse(response.body);
                    if (parsed) {
                        model::JudgeCall call = baseCall(c);
                        call.httpStatus = response.status;
                        call.rawResponse = response.body;
                        call.tokensIn = parsed.value().tokensIn;
                        call.tokensOut = parsed.value().tokensOut;
                        call.latencyMs = response.seconds * 1000;
                        call.cost = (call.tokensIn * options.price.inputPerMillion
                                     + call.tokensOut * options.price.outputPerMillion)
                                    / 1e6;
                        progress.tokensIn += call.tokensIn;
                        progress.tokensOut += call.tokensOut;
                        progress.cost += call.cost;
                        ++progress.done;
                        ++progress.sent;
                        const std::vector<std::size_t> followers = q.followers[index];
                        progress.done += followers.size();
                        progress.cached += followers.size();
                        q.leaderOf.erase({c.hash, c.sample});
                        answered.emplace_back(index, parsed.value());
                        for (const std::size_t f : followers)
                            answered.emplace_back(f, parsed.value());
                        paid.push_back(spilled(call));
                        writes.push_back([this, index, followers, call = std::move(call),
                                          answer = std::move(parsed.value()), status = response.status,
                                          body = response.body, seconds = response.seconds]() mutable {
                            storeAnswer(queue.calls[index], call, answer); // a copy: a busy study means another try
                            for (const std::size_t f : followers) {
                                // Paid for once: the copies record no tokens, no cost and no attempts.
                                model::JudgeCall copy = baseCall(queue.calls[f]);
                                copy.httpStatus = status;
                                copy.rawResponse = body;
                                copy.latencyMs = seconds * 1000;
                                copy.attempts = 0;
                                storeAnswer(queue.calls[f], std::move(copy), answer);
                            }
                        });
                        continue;
                    }
                    c.lastError = "the provider's answer could not be read: " + parsed.error().message;
                } else if (response.status == 401 || response.status == 403) {
                    fatal = "the provider refused the request (HTTP " + std::to_string(response.status)
                            + "): check the API key in "
                            + (providerConfig.apiKeyEnv.empty() ? std::string("the environment")
                                                                : providerConfig.apiKeyEnv);
                    giveUp(index, fatal);
                    cancelled = true;
                    continue;
                } else if (!retryable(response)) {
                    giveUp(index, provider->errorMessage(response.status, response.body));
                    continue;
                } else {
                    c.lastError = response.timedOut                  ? "timed out"
                                  : !response.transportError.empty() ? response.transportError
                                                                     : "HTTP " + std::to_string(response.status);
                }
                c.lastStatus = response.status;
                const std::optional<double> asked = retryAfterSeconds(response);
                if (asked && *asked > options.maxRetryAfterSeconds) {
                    giveUp(index, "HTTP " + std::to_string(response.status)
                                      + " (rate-limited): the server asked to wait " + secondsText(*asked)
                                      + " before trying again, longer than the "
                                      + secondsText(options.maxRetryAfterSeconds) + " allowed");
                    continue;
                }
                if (asked)
                    pausedUntil = std::max(
                        pausedUntil, Clock::now() + std::chrono::microseconds(static_cast<long long>(*asked * 1e6)));
                if (c.attempts >= options.maxAttempts) {
                    giveUp(index, "gave up after " + std::to_string(c.attempts) + " attempts: " + c.lastError);
                    continue;
                }
                // Exponential backoff with jitter, and never sooner than the server asked.
                const double backoff
                    = std::min(options.backoffMaxSeconds, options.backoffBaseSeconds * std::pow(2.0, c.attempts - 1))
                      * std::uniform_real_distribution<double>(0.5, 1.5)(jitter);
                const double delay = std::max(backoff, asked.value_or(0));
                c.notBefore = Clock::now() + std::chrono::microseconds(static_cast<long long>(delay * 1e6));
                q.waiting.push_back(index);
                ++progress.retries;
            }
            // An answer that shows the server sends no token probabilities withdraws the requests for
            // them before the free slots are filled; their units are sampled once the answers are stored.
            std::vector<std::size_t> held;
            if (geval() && !sampleUnits)
                for (const auto &[index, response] : answered)
                    if (q.calls[index].kind == Kind::Unit
                        && !hasScoreProbabilities(unitContext(q.calls[index].unit), response)) {
                        held = switchToSampling();
                        break;
                    }
            fillSlots();
            progress.inFlight = inFlight;
            try {
                if (!writes.empty())
                    commit(
                        [&] {
                            for (auto &w : writes)
                                w();
                        },
                        paid);
                else
                    heartbeat();
            } catch (const Failure &) {
                keepInFlight(inFlight);
                throw;
            }
            for (const auto &[index, response] : answered)
                followUp(index, response);
            sampleHeld(held);
            report(callback);
        }
        progress.inFlight = 0;
    }
};

Runner::Runner(std::string studyPath, ProviderConfig provider, RunOptions options)
    : m_impl(std::make_unique<Impl>())
{
    m_impl->studyPath = std::move(studyPath);
    m_impl->providerConfig = std::move(provider);
    m_impl->options = std::move(options);
}

Runner::~Runner() = default;

void Runner::cancel()
{
    m_impl->cancelled = true;
    m_impl->wake.notify_all();
}

Result<CostEstimate> Runner::estimate()
{
    return capture([&]() -> CostEstimate {
        Impl &d = *m_impl;
        d.prepare(true);
        if (auto id = d.study->raterId(d.raterName()))
            d.rater = *id;
        // The steps are not written yet: estimate the prompts with a typical length of steps.
        for (const auto &dim : d.stepDimensions)
            d.stepsByDimension[dim.id] = std::string(600, 'x');
        CostEstimate e;
        e.fallback = d.fallback;
        const auto kept = [&d](const Impl::Call &c) { return d.spill && d.spill->find(c.hash, c.sample) != nullptr; };
        if (d.geval() && !d.sampleUnits)
            e.fallback = "geval: scored by token probabilities where the server sends them; should its first answer "
                         "have none, "
                         "each unit is scored by the mean of "
                         + std::to_string(d.samples) + " samples at temperature "
                         + temperatureText(d.sampleSampling.temperature)
                         + " instead, which this estimate does not include";
        std::vector<Impl::Call> calls = d.stepCalls();
        for (auto &c : d.unitCalls())
            calls.push_back(std::move(c));
        for (const auto &c : calls) {
            if (d.rater && d.answeredByRater(c)) {
                ++e.alreadyAnswered;
                continue;
            }
            if (d.study->answeredCall(c.hash, c.sample, d.rater) || kept(c)) {
                ++e.alreadyAnswered;
                continue;
            }
            ++e.calls;
            const double in = static_cast<double>(c.prompt.size()) / 4.0;
            e.tokensIn += in;
            e.tokensOutExpected += expectedOutputTokens(d.options.plan.protocol, d.sampling.maxTokens) * c.asked;
            e.tokensOutMax += static_cast<double>(d.sampling.maxTokens) * c.asked;
        }
        e.cost = (e.tokensIn * d.options.price.inputPerMillion + e.tokensOutExpected * d.options.price.outputPerMillion)
                 / 1e6;
        e.costMax
            = (e.tokensIn * d.options.price.inputPerMillion + e.tokensOutMax * d.options.price.outputPerMillion) / 1e6;
        e.batchPriceFactor = d.options.batchPriceFactor;
        e.batchCost = e.cost * e.batchPriceFactor;
        e.batchCostMax = e.costMax * e.batchPriceFactor;
        return e;
    });
}

namespace {

// While a runner works on a run, this process holds it (RunOwner::hold): a run whose runner ended
// without storing its status reads interrupted even while the process lives on.
class HeldRun {
public:
    HeldRun(std::string study)
        : m_study(std::move(study))
    { }
    ~HeldRun()
    {
        if (m_run)
            store::RunOwner::release(m_study, m_run);
    }
    HeldRun(const HeldRun &) = delete;
    HeldRun &operator=(const HeldRun &) = delete;
    void hold(long long run)
    {
        m_run = run;
        store::RunOwner::hold(m_study, run);
    }

private:
    std::string m_study;
    long long m_run = 0;
};

} // namespace

Result<RunProgress> Runner::run(const ProgressCallback &callback)
{
    Impl &d = *m_impl;
    HeldRun held(d.studyPath);
    auto result = capture([&]() -> RunProgress {
        d.onProgress = callback;
        d.prepare(false);
        d.started = Clock::now();
        const Protocol protocol = d.options.plan.protocol;
        // What the run adds before its first call, for discardJudgeRun.
        std::optional<model::Id> addedRater;
        std::vector<model::Id> addedTemplates;
        {
            model::Rater r;
            r.name = d.raterName();
            r.kind = model::RaterKind::Judge;
            r.provider = std::string(toString(d.providerConfig.kind));
            r.model = d.providerConfig.model;
            r.protocol = std::string(toString(protocol));
            r.params = {{"temperature", d.sampling.temperature},
                        {"max_tokens", d.sampling.maxTokens},
                        {"base_url", d.providerConfig.baseUrl}};
            d.settings
                = {{"seed", d.options.plan.seed},
                   {"temperature", d.sampling.temperature},
                   {"top_p", d.sampling.topP ? nlohmann::json(*d.sampling.topP) : nlohmann::json()},
                   {"max_tokens", d.sampling.maxTokens},
                   {"n", d.sampling.n},
                   {"logprobs", d.sampling.logprobs},
                   {"top_logprobs", d.sampling.topLogprobs},
                   {"concurrency", d.options.concurrency},
                   {"max_retry_after_s", d.options.maxRetryAfterSeconds},
                   {"max_answer_bytes", d.options.maxAnswerBytes},
                   {"template", d.prompt->name()},
                   {"endpoint", d.provider->endpoint()},
                   {"model", d.providerConfig.model},
                   // What resuming the run needs besides (resumeSettings).
                   {"provider", std::string(toString(d.providerConfig.kind))},
                   {"base_url", d.providerConfig.baseUrl},
                   {"api_key_env", d.providerConfig.apiKeyEnv},
                   {"rater", d.raterName()},
                   {"dimensions", d.options.plan.dimensions},
                   {"document_limit",
                    d.options.plan.documentLimit ? nlohmann::json(*d.options.plan.documentLimit) : nlohmann::json()},
                   {"split", d.options.plan.split},
                   {"samples", d.options.samples},
                   {"requests_per_minute", d.options.requestsPerMinute},
                   {"tokens_per_minute", d.options.tokensPerMinute},
                   {"attempts", d.options.maxAttempts},
                   {"timeout", d.options.requestTimeoutSeconds},
                   {"busy_wait", d.options.busyWaitSeconds},
                   {"reask_invalid", d.options.reaskInvalid},
                   {"structured", d.options.structured},
                   {"repeats", d.options.repeats},
                   {"batch", d.options.batch},
                   {"batch_price_factor", d.options.batchPriceFactor},
                   {"price_in", d.options.price.inputPerMillion},
                   {"price_out", d.options.price.outputPerMillion},
                   {"sampling_seed",
                    d.options.sampling.seed ? nlohmann::json(*d.options.sampling.seed) : nlohmann::json()}};
            if (d.options.examples)
                d.settings["examples"] = toJson(*d.options.examples);
            if (d.geval() || d.options.repeats > 1)
                d.settings.update(
                    {{"samples_per_unit", d.samples}, {"sample_temperature", d.sampleSampling.temperature}});
            store::BusyWait wait;
            wait.maxSeconds = d.options.busyWaitSeconds;
            wait.stop = [&d] { return d.cancelled.load(); };
            wait.onWait = [&](double waited) {
                d.progress.status = "study busy, waiting… (" + std::to_string(static_cast<long long>(waited)) + " s)";
                d.report(callback);
            };
            // Claimed in one IMMEDIATE transaction: of two runs of a judge started at once, one works and
            // the other refuses, so no request is paid for twice.
            const Status st = d.study->write(
                [&] {
                    d.study->markInterruptedRuns();
                    const bool newRater = !d.study->raterId(r.name);
                    d.rater = d.study->ensureRater(r);
                    if (newRater)
                        addedRater = d.rater;
                    std::optional<store::JudgeRunRow> resumable;
                    for (const auto &other : d.study->judgeRuns(d.rater)) {
                        if (other.status == "running")
                            fail("the judge '" + r.name + "' is already running on this study: run "
                                 + std::to_string(other.id) + ", pid " + std::to_string(other.owner.pid) + " on "
                                 + other.owner.host + ", started " + other.startedAt
                                 + "; wait for it to finish or stop it, then run again");
                        if (other.status == "interrupted" && other.protocol == toString(protocol))
                            resumable = other;
                    }
                    // The judge's interrupted run goes on under its id: it is resumed, not left behind.
                    if (resumable) {
                        d.run = resumable->id;
                        d.study->setJudgeRunSettings(d.run, model::JsonText::dump(d.currentSettings()));
                    } else {
                        d.run = d.study->addJudgeRun(d.rater, toString(protocol),
                                                     model::JsonText::dump(d.currentSettings()));
                    }
                    d.study->claimJudgeRun(d.run, store::RunOwner::current());
                    const int version = d.options.templateText ? d.options.templateVersion
                                                               : PromptTemplate::builtinVersion(toString(protocol));
                    const auto ensureTemplate = [&](std::string_view proto, const std::string &name,
                                                    int templateVersion, const std::string &text) {
                        const bool added = !d.study->promptTemplateId(proto, name, templateVersion);
                        const model::Id id = d.study->ensurePromptTemplate(proto, name, templateVersion, text);
                        if (added)
                            addedTemplates.push_back(id);
                        return id;
                    };
                    d.study->setJudgeRunTemplate(
                        d.run, ensureTemplate(toString(protocol), d.prompt->name(), version, d.prompt->text()));
                    if (d.stepsPrompt)
                        ensureTemplate("geval-steps", d.stepsPrompt->name(),
                                       PromptTemplate::builtinVersion("geval-steps"), d.stepsPrompt->text());
                },
                wait);
            d.progress.status.clear();
            if (!st)
                throw Failure(st.error());
            held.hold(d.run);
            d.progress.run = d.run;
            d.lastHeartbeat = Clock::now();
        }

        // A run that could not store a single call (the disk is full) leaves the study as it was.
        DiscardOnFailure discard{
            [&] { (void)d.study->write([&] { d.study->discardJudgeRun(d.run, addedRater, addedTemplates); }); }};

        HttpOptions httpOptions;
        httpOptions.maxConcurrent = std::max(1, d.options.concurrency);
        httpOptions.connectTimeoutSeconds = d.options.connectTimeoutSeconds;
        httpOptions.requestTimeoutSeconds = d.options.requestTimeoutSeconds;
        httpOptions.maxBodyBytes = d.options.maxAnswerBytes;
        HttpClient http(httpOptions);
        d.http = &http;

        if (d.options.batch) {
            // A batch is recorded with its run before it is submitted; from then on the run stays, whatever follows.
            d.runBatched(callback, [&discard] { discard.dismiss(); });
        } else {
            d.execute(d.stepCalls(), callback);
            if (!d.cancelled) {
                for (const auto &dim : d.stepDimensions)
                    if (!d.stepsByDimension.count(dim.id))
                        fail("no evaluation steps could be generated for " + dim.name + "; nothing else was sent");
                d.execute(d.unitCalls(), callback);
            }
        }
        d.http = nullptr;
        discard.dismiss();
        d.progress.cancelled = d.cancelled && d.fatal.empty();
        // A run with requests in batches waits for them: interrupted, so that polling or resuming takes it up.
        const std::string status = !d.fatal.empty()                                ? "failed"
                                   : d.cancelled                                   ? "cancelled"
                                   : d.progress.batched + d.progress.inBatches > 0 ? "interrupted"
                                                                                   : "finished";
        d.commit([&] {
            d.study->setJudgeRunSettings(d.run, model::JsonText::dump(d.currentSettings()));
            d.study->finishJudgeRun(d.run, status);
        });
        d.pruneSpill();
        d.report(callback);
        if (!d.fatal.empty())
            fail(d.fatal);
        return d.progress;
    });
    // A run that stopped on an error is interrupted (resumable), not left running. Should the study
    // still be busy, the status stays `running` and reads interrupted once this process lets go of it.
    if (!result && d.run && d.study)
        (void)d.study->write([&] { d.study->interruptJudgeRun(d.run); });
    if (!result && d.keptInSpill > 0) {
        Error e = result.error();
        e.message += "; the " + std::to_string(d.keptInSpill) + " answers already paid for are kept in "
                     + d.spill->path() + ", and the next run of this judge stores them without sending them again";
        return e;
    }
    return result;
}

Result<BatchCollection> Runner::collectBatches(long long run, const ProgressCallback &callback)
{
    Impl &d = *m_impl;
    HeldRun held(d.studyPath);
    auto result = capture([&]() -> BatchCollection {
        d.onProgress = callback;
        d.prepare(false);
        d.started = Clock::now();
        d.claimForBatches(run);
        held.hold(d.run);
        HttpClient http(HttpOptions{});
        d.http = &http;
        auto api = BatchApi::create(*d.provider, http);
        if (!api)
            throw Failure(api.error());
        const auto planned = d.plannedCalls();
        BatchDispatch dispatch(*d.study, *api.value(), d.providerName(), d.run,
                               [&d](const std::function<void()> &fn) { d.commit(fn); });
        std::size_t unplaced = 0;
        BatchCollection out = dispatch.collect(
            [&](const model::JudgeBatchRequest &request, const BatchResult *r, const std::string &why) {
                const auto it = planned.find({request.requestHash, request.sampleIndex});
                if (it == planned.end()) {
                    ++unplaced; // the study changed since: no unit asks this any more
                    return;
                }
                d.storeBatchResult(it->second, r, why);
            });
        d.http = nullptr;
        if (unplaced > 0)
            out.notes.push_back(std::to_string(unplaced)
                                + " results answer requests no unit of the run asks any more (the study changed since "
                                  "they were sent); they were not stored");
        std::size_t left = 0;
        for (const auto &call : d.queue.calls)
            if (!d.answeredByRater(call))
                ++left;
        const bool waiting = out.open > 0;
        d.commit([&] {
            if (left == 0 && !waiting)
                d.study->finishJudgeRun(d.run, "finished");
            else
                d.study->interruptJudgeRun(d.run);
        });
        if (left > 0 && !waiting)
            out.notes.push_back(std::to_string(left) + " calls of run " + std::to_string(d.run)
                                + " have no answer; resuming the run sends them (online, or in a new batch)");
        return out;
    });
    if (!result && d.run && d.study)
        (void)d.study->write([&] { d.study->interruptJudgeRun(d.run); });
    return result;
}

Result<std::string> Runner::cancelBatch(long long run, long long batch)
{
    Impl &d = *m_impl;
    HeldRun held(d.studyPath);
    auto result = capture([&]() -> std::string {
        d.prepare(false);
        d.claimForBatches(run);
        held.hold(d.run);
        HttpClient http(HttpOptions{});
        auto api = BatchApi::create(*d.provider, http);
        if (!api)
            throw Failure(api.error());
        BatchDispatch dispatch(*d.study, *api.value(), d.providerName(), d.run,
                               [&d](const std::function<void()> &fn) { d.commit(fn); });
        return dispatch.cancel(batch);
    });
    // Cancelling changes no run's status: a finished run has no batch to cancel, any other waits for its batches.
    if (d.run && d.study)
        (void)d.study->write([&] {
            if (d.statusBefore == "finished")
                d.study->finishJudgeRun(d.run, "finished");
            else
                d.study->interruptJudgeRun(d.run);
        });
    return result;
}

Result<ResumeSettings> resumeSettings(const std::string &studyPath, long long run)
{
    return capture([&]() -> ResumeSettings {
        auto opened = store::Study::open(studyPath, store::OpenOptions{true, store::Schema::migrations()});
        if (!opened)
            throw Failure(opened.error());
        store::Study &study = *opened.value();
        std::optional<store::JudgeRunRow> row;
        for (auto &r : study.judgeRuns())
            if (r.id == run)
                row = std::move(r);
        if (!row)
            fail("there is no judge run " + std::to_string(run) + " in " + studyPath, "run");
        const auto j = model::JsonText::parseOrDiscarded(row->settings);
        const auto kind = j.is_object() && j.contains("provider") && j["provider"].is_string()
                              ? providerKindFromString(j["provider"].get<std::string>())
                              : std::nullopt;
        const auto protocol = protocolFromString(row->protocol);
        if (!kind || !protocol)
            fail("run " + std::to_string(run)
                     + " does not record how it was started (an older Concord made it); run the judge again with "
                       "the same options, which sends only what is missing",
                 "run");
        ResumeSettings out;
        out.provider.kind = *kind;
        out.provider.baseUrl = j.value("base_url", std::string());
        out.provider.model = j.value("model", std::string());
        out.provider.apiKeyEnv = j.value("api_key_env", std::string());
        RunOptions &o = out.options;
        o.raterName = row->raterName;
        o.plan.protocol = *protocol;
        if (j.contains("dimensions") && j["dimensions"].is_array())
            for (const auto &d : j["dimensions"])
                if (d.is_string())
                    o.plan.dimensions.push_back(d.get<std::string>());
        if (j.contains("document_limit") && j["document_limit"].is_number_unsigned())
            o.plan.documentLimit = j["document_limit"].get<std::size_t>();
        o.plan.seed = j.value("seed", o.plan.seed);
        if (j.contains("split") && j["split"].is_string())
            o.plan.split = j["split"].get<std::string>();
        if (j.contains("examples") && j["examples"].is_object())
            o.examples = fewShotSourceFromJson(j["examples"]);
        o.sampling.temperature = j.value("temperature", 0.0);
        if (j.contains("top_p") && j["top_p"].is_number())
            o.sampling.topP = j["top_p"].get<double>();
        o.sampling.maxTokens = j.value("max_tokens", o.sampling.maxTokens);
        if (j.contains("sampling_seed") && j["sampling_seed"].is_number_integer())
            o.sampling.seed = j["sampling_seed"].get<long long>();
        o.concurrency = j.value("concurrency", o.concurrency);
        o.samples = j.value("samples", o.samples);
        o.requestsPerMinute = j.value("requests_per_minute", 0.0);
        o.tokensPerMinute = j.value("tokens_per_minute", 0.0);
        o.maxAttempts = j.value("attempts", o.maxAttempts);
        o.requestTimeoutSeconds = j.value("timeout", o.requestTimeoutSeconds);
        o.busyWaitSeconds = j.value("busy_wait", o.busyWaitSeconds);
        o.reaskInvalid = j.value("reask_invalid", o.reaskInvalid);
        o.structured = j.value("structured", false);
        o.repeats = j.value("repeats", 1);
        o.batch = j.value("batch", false);
        o.batchPriceFactor = j.value("batch_price_factor", o.batchPriceFactor);
        o.maxRetryAfterSeconds = j.value("max_retry_after_s", o.maxRetryAfterSeconds);
        o.maxAnswerBytes = j.value("max_answer_bytes", o.maxAnswerBytes);
        o.price = {j.value("price_in", 0.0), j.value("price_out", 0.0)};
        // A template of the user's own is stored with the run; the shipped one is not repeated.
        auto t = study.database().prepare("SELECT t.name, t.version, t.body FROM judge_runs r JOIN prompt_templates t "
                                          "ON t.id = r.template_id WHERE r.id = ?1");
        t.bindAll(static_cast<std::int64_t>(run));
        if (t.step()) {
            const auto shipped = PromptTemplate::builtin(row->protocol);
            if (!shipped || shipped.value().name() != t.textAt(0)) {
                o.templateName = t.textAt(0);
                o.templateVersion = t.intAt(1);
                o.templateText = t.textAt(2);
            }
        }
        return out;
    });
}

} // namespace concord::judge

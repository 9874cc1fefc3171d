// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/runner.h"

#include "judge/batch/batch_run_dispatch.h"
#include "judge/call_planner.h"
#include "judge/call_queue.h"
#include "judge/online_dispatch.h"
#include "judge/prompt_template.h"
#include "judge/provider/http_client.h"
#include "judge/run_context.h"
#include "judge/run_store.h"
#include "model/json_text.h"
#include "store/run_owner.h"
#include "store/study.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <exception>
#include <functional>

namespace concord::judge {

namespace {

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

// A run's parts over the state they share: plan → queue → dispatch (made per run) → store.
struct Runner::Impl {
    RunContext ctx;
    CallPlanner plan{ctx};
    RunStore store{ctx, plan};
    CallQueue queue{ctx, plan, store};
};

Runner::Runner(std::string studyPath, ProviderConfig provider, RunOptions options)
    : m_impl(std::make_unique<Impl>())
{
    m_impl->ctx.studyPath = std::move(studyPath);
    m_impl->ctx.providerConfig = std::move(provider);
    m_impl->ctx.options = std::move(options);
}

Runner::~Runner() = default;

void Runner::cancel()
{
    m_impl->ctx.cancelled = true;
    m_impl->ctx.wake.notify_all();
}

Result<CostEstimate> Runner::estimate()
{
    return capture([&]() -> CostEstimate {
        m_impl->plan.prepare(true);
        return m_impl->plan.estimate();
    });
}

Result<RunProgress> Runner::run(const ProgressCallback &callback)
{
    Impl &parts = *m_impl;
    RunContext &d = parts.ctx;
    HeldRun held(d.studyPath);
    auto result = capture([&]() -> RunProgress {
        d.onProgress = callback;
        parts.plan.prepare(false);
        d.started = std::chrono::steady_clock::now();
        const RunClaim claim = parts.store.claimRun(callback);
        held.hold(d.run);

        // A run that could not store a single call (the disk is full) leaves the study as it was.
        DiscardOnFailure discard{[&] { parts.store.discardRun(claim); }};

        HttpOptions httpOptions;
        httpOptions.maxConcurrent = std::max(1, d.options.concurrency);
        httpOptions.connectTimeoutSeconds = d.options.connectTimeoutSeconds;
        httpOptions.requestTimeoutSeconds = d.options.requestTimeoutSeconds;
        httpOptions.maxBodyBytes = d.options.maxAnswerBytes;
        HttpClient http(httpOptions);
        d.http = &http;

        OnlineDispatch online(d, parts.plan, parts.store, parts.queue);
        if (d.options.batch) {
            // A batch is recorded with its run before it is submitted; from then on the run stays, whatever follows.
            BatchRunDispatch batches(d, parts.plan, parts.store, parts.queue, [&discard] { discard.dismiss(); });
            if (const auto noBatchApi = batches.dispatch(callback)) {
                // A server without a batch API is judged online, and the run says so.
                d.fallback = noBatchApi->message + "; judged online instead";
                d.progress.fallback = d.fallback;
                parts.store.saveSettings();
                online.dispatch(callback);
            }
        } else {
            online.dispatch(callback);
        }
        d.http = nullptr;
        discard.dismiss();
        d.progress.cancelled = d.cancelled && d.fatal.empty();
        // A run with requests in batches waits for them: interrupted, so that polling or resuming takes it up.
        const std::string status = !d.fatal.empty()                                ? "failed"
                                   : d.cancelled                                   ? "cancelled"
                                   : d.progress.batched + d.progress.inBatches > 0 ? "interrupted"
                                                                                   : "finished";
        parts.store.finishRun(status);
        parts.store.pruneSpill();
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
    Impl &parts = *m_impl;
    RunContext &d = parts.ctx;
    HeldRun held(d.studyPath);
    auto result = capture([&]() -> BatchCollection {
        d.onProgress = callback;
        parts.plan.prepare(false);
        d.started = std::chrono::steady_clock::now();
        parts.store.claimForBatches(run);
        held.hold(d.run);
        HttpClient http(HttpOptions{});
        d.http = &http;
        BatchCollection out = BatchRunDispatch(d, parts.plan, parts.store, parts.queue).collect();
        d.http = nullptr;
        return out;
    });
    if (!result && d.run && d.study)
        (void)d.study->write([&] { d.study->interruptJudgeRun(d.run); });
    return result;
}

Result<std::string> Runner::cancelBatch(long long run, long long batch)
{
    Impl &parts = *m_impl;
    RunContext &d = parts.ctx;
    HeldRun held(d.studyPath);
    auto result = capture([&]() -> std::string {
        parts.plan.prepare(false);
        parts.store.claimForBatches(run);
        held.hold(d.run);
        HttpClient http(HttpOptions{});
        d.http = &http;
        std::string state = BatchRunDispatch(d, parts.plan, parts.store, parts.queue).cancel(batch);
        d.http = nullptr;
        return state;
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

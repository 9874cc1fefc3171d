// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "judge/batch/batch_dispatch.h"
#include "judge/few_shot_examples.h"
#include "judge/provider/chat.h"
#include "judge/provider/provider.h"
#include "judge/work_planner.h"

#include <atomic>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>

namespace concord::judge {

// Prices per million tokens (in whatever currency the user keeps them), from the settings' price table.
struct Price {
    double inputPerMillion = 0;
    double outputPerMillion = 0;
};

struct RunOptions {
    PlanRequest plan;
    std::string raterName; // empty: "<model> <protocol>"
    SamplingOptions sampling;
    // G-Eval without token probabilities (Liu et al. 2023): the mean of this many samples, drawn at this
    // temperature (capped at what the provider accepts), with n where the server honours it.
    int samples = 20;
    double sampleTemperature = 2.0;
    int concurrency = 8;
    double requestsPerMinute = 0;  // 0: no limit
    double tokensPerMinute = 0;    // 0: no limit (the prompt's estimated tokens plus max_tokens count)
    int maxAttempts = 5;           // per call, the first try included
    double backoffBaseSeconds = 1; // then 2, 4, ... times this, with jitter, at most backoffMaxSeconds
    double backoffMaxSeconds = 60;
    double connectTimeoutSeconds = 10;
    double requestTimeoutSeconds = 120;
    // The longest wait a server's Retry-After is obeyed for; a call asked to wait longer fails at once
    // as rate-limited, naming the wait asked for, rather than keep the run waiting that long.
    double maxRetryAfterSeconds = 120;
    // The largest answer read; a larger one fails its call (not retried: it would be paid again).
    std::size_t maxAnswerBytes = kDefaultMaxAnswerBytes;
    Price price;
    std::optional<std::string> templateText; // a replacement for the shipped template (stored in the study)
    std::string templateName;                // its name (default: "<protocol> (custom)")
    int templateVersion = 1;
    // How long a write waits for a study another program holds (a long import) before the run stops;
    // the answers already paid for are kept in the spill beside the study (AnswerSpill) meanwhile.
    double busyWaitSeconds = 60;
    // Re-asking an answer that could not be read (0: never): up to this many times, in the same conversation —
    // the prompt, the invalid answer as the model's turn, then a message that states the answer's form
    // (reaskMessage). Each re-ask is a call of its own, marked in its parsed JSON with "reask" (1, 2, ...) and
    // "reask_of" (the id of the call it asks again); the unit's judgement is the first valid answer. Only the
    // protocols read from one answer's text are re-asked (reaskable): not geval or llmscore.
    int reaskInvalid = 0;
    // Worked examples from human corrections (reports::correctionExamples), filled into the template's
    // {{examples}} per unit: never the unit's own document, and only dev documents, which the run checks against the
    // study's split when it starts. A template without the placeholder gets it first in its user message, as a
    // version of its own ("<template> + corrections from <judge>"). Only protocols that score one summary on one
    // dimension take examples (takesExamples).
    std::optional<FewShotSource> examples;
    // Structured answers (takesStructuredAnswers: rts, llmeval): {reason, score} under a JSON schema the provider
    // holds the model to (scoreSchema), read strictly (parseStructuredScore), each call's method "structured".
    bool structured = false;
    // Self-consistency: each unit asked this many times (1: once) at the run's temperature, which must be above 0,
    // with n where the provider has it; the unit's score is the mean of its valid answers, each answer kept in the
    // call's "values" (method "samples"), from which its vote share and the judge's own variance are read
    // (reports::judgeSelfConsistency). For the protocols that read one score from one answer (takesRepeats); an
    // invalid answer is left out of the mean rather than re-asked.
    int repeats = 1;
    // Batch mode: the requests not answered yet go to the provider's batch API (OpenAI, Anthropic) in batches within
    // batchLimits (0: the provider's documented limits), each recorded in the study before it is submitted; run()
    // returns once they are submitted, and Runner::collectBatches stores their results. A server without a batch
    // API is judged online instead (RunProgress::fallback says so). Not for geval (its steps and its choice of
    // scoring come from answers) nor with re-asking.
    bool batch = false;
    BatchLimits batchLimits;
    // What a batch request costs against the same request online: 0.5 is the providers' half price.
    double batchPriceFactor = 0.5;
};

// The protocols a unit can be asked several times (RunOptions::repeats): rts, mcq and llmeval. G-Eval samples on
// its own (RunOptions::samples); llmscore is scored from token probabilities.
bool takesRepeats(Protocol protocol);

struct RunProgress {
    std::size_t total = 0;   // calls in the run (after planning)
    std::size_t done = 0;    // answered and stored (sent or cached)
    std::size_t cached = 0;  // of done: answered before, nothing sent
    std::size_t sent = 0;    // requests that got an answer this run
    std::size_t failed = 0;  // gave up after the last attempt, or refused by the provider
    std::size_t invalid = 0; // of done: the answer could not be read as a judgement
    std::size_t retries = 0;
    std::size_t inFlight = 0;
    long long tokensIn = 0;
    long long tokensOut = 0;
    double cost = 0; // of the requests this run sent
    // What the calls answered by the judge's earlier runs (nothing sent now) cost when they were sent, as the study
    // recorded them: with cost, what the run's calls have cost, whichever process or session paid for them.
    double costBefore = 0;
    double elapsedSeconds = 0;
    double etaSeconds = std::numeric_limits<double>::quiet_NaN();
    bool cancelled = false;
    // How the run scores, when it had to decide: e.g. "geval: the server sent no token probabilities; ...
    // each unit is scored by the mean of 20 samples at temperature 2.00".
    std::string fallback;
    // geval and llmscore: the units answered so far (cached ones too) by each scoring method.
    Protocol protocol = Protocol::Rts;
    std::size_t unitsByLogprobs = 0;
    std::size_t unitsBySamples = 0; // geval, or a run with repeats: the mean of samplesPerUnit samples
    std::size_t unitsBySingle = 0;  // llmscore: one answer's Yes or No, without token probabilities
    int samplesPerUnit = 0;
    long long run = 0;  // the run's id in the study (an interrupted run of the judge resumes under its id)
    std::string status; // what holds the run up, e.g. "study busy, waiting… (12 s)"; empty when nothing
    // Re-asking (RunOptions::reaskInvalid, reaskLimit here; protocols that are re-asked only), cached calls
    // included: the units' first answers, those of them that could not be read, the re-asks made, and the
    // units a re-ask answered validly. Invalid after re-asking: invalidFirst - reaskRecovered.
    int reaskLimit = 0;
    std::size_t firstAnswers = 0;
    std::size_t invalidFirst = 0;
    std::size_t reasked = 0;
    std::size_t reaskRecovered = 0;
    // Batch mode: the batches submitted and their requests; and, in any run, the calls left out because they wait
    // in a batch of this judge not fetched yet (they would be paid twice).
    std::size_t batches = 0;
    std::size_t batched = 0;
    std::size_t inBatches = 0;
    // What the user should know of the run besides how it scores, said when it starts: another judge of the same
    // server, model and protocol at work on the study in another process, whose requests on their way this run
    // cannot see (identical ones are paid by both; what either has answered the other takes at no cost).
    std::string notice;
};

// The judge's name in the study: RunOptions::raterName, or "<model> <protocol>" when it is empty.
std::string judgeName(const ProviderConfig &provider, const RunOptions &options);

// One line on how the units were scored, for a run's summary: "geval: 12 units by token probabilities,
// 0 by the mean of 20 samples", "rts: 12 units by the mean of 5 answers" (repeats); empty for the other runs.
std::string scoringSummary(const RunProgress &progress);

// One line on re-asking, for a run's summary: "re-asking (up to 2): 3 of 12 first answers invalid (25.0%),
// 4 re-asks, 2 recovered; 1 invalid after re-asking (8.3%)"; empty when the run re-asks nothing.
std::string reaskSummary(const RunProgress &progress);

struct CostEstimate {
    std::size_t calls = 0;
    std::size_t alreadyAnswered = 0;
    double tokensIn = 0;          // estimated from the prompts' length
    double tokensOutExpected = 0; // what such answers usually take
    double tokensOutMax = 0;      // max_tokens for every call
    double cost = 0;
    double costMax = 0;
    // The same calls through a batch API (RunOptions::batchPriceFactor).
    double batchCost = 0;
    double batchCostMax = 0;
    double batchPriceFactor = 0.5;
    std::string fallback;
};

// Runs one judge (a provider and model) with one protocol over a study. Only one run of a judge (rater)
// works on a study at a time: a second refuses at start, naming the first; a run left behind by a
// killed process is `interrupted`, and the judge's next run resumes it (same run id). G-Eval asks for token
// probabilities where the provider has them and decides from each answer: the first without them makes
// the rest of the run score each unit by the mean of samples (RunOptions::samples), recorded in the
// progress's fallback, the run's settings and each call's method. Each answer is written to the
// study as it arrives, in its own transaction, so a crash loses at most the calls in flight; a rerun
// sends nothing already answered (the content-addressed cache: endpoint, model, request body, sample).
// A write that meets a busy study waits (RunOptions::busyWaitSeconds); answers it cannot store are kept
// in "<study>.pending", from where the next run stores them without sending again.
// A run's provider and options as it was started, read back from the study to resume it.
struct ResumeSettings {
    ProviderConfig provider;
    RunOptions options;
};
Result<ResumeSettings> resumeSettings(const std::string &studyPath, long long run);

class Runner {
public:
    Runner(std::string studyPath, ProviderConfig provider, RunOptions options);
    ~Runner();

    Result<CostEstimate> estimate();
    using ProgressCallback = std::function<void(const RunProgress &)>;
    // Blocks until the run ends (finished, failed or cancelled); progress is reported from this thread.
    Result<RunProgress> run(const ProgressCallback &progress = {});
    // From any thread: stops sending, abandons what is in flight (it is not stored) and lets run() return.
    void cancel();
    // Batch mode, for a run started with RunOptions::batch (a Runner made from its resumeSettings): polls the run's
    // batches once; a batch that is final has its results stored through the same parsers as online answers, in
    // one transaction with the batch marked fetched, so each result is stored once. A batch recorded but cut off
    // while being submitted is looked for by its token (OpenAI) and adopted, or forgotten when the provider never
    // received it. The run ends finished when every call is answered; otherwise it stays interrupted, and
    // resuming it (online or in a new batch) sends the calls left.
    Result<BatchCollection> collectBatches(long long run, const ProgressCallback &progress = {});
    // Asks the provider to cancel one of the run's batches; returns its state then ("cancelling", …).
    Result<std::string> cancelBatch(long long run, long long batch);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace concord::judge

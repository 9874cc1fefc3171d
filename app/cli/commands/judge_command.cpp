// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli judge: an LLM judge over a study, resumable, with a cost estimate first if asked.
#include "cli_support.h"
#include "command_table.h"
#include "store/study.h"

#include "judge/answer/structured_answer.h"
#include "judge/reask_message.h"
#include "judge/run_plan.h"
#include "judge/runner.h"
#include "reports/correction_examples.h"

#include <QCommandLineParser>
#include <QFile>
#include <QProcess>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

namespace concord::cli {

namespace {

// The running judge, for Ctrl+C: the first press cancels cleanly (what was answered stays saved).
judge::Runner *g_runner = nullptr;
judge::RunPlan *g_plan = nullptr;

void onInterrupt(int)
{
    if (g_runner)
        g_runner->cancel();
    if (g_plan)
        g_plan->cancel();
}

std::string formatSeconds(double s)
{
    if (std::isnan(s))
        return "?";
    char buf[32];
    if (s >= 3600)
        std::snprintf(buf, sizeof buf, "%dh%02dm", static_cast<int>(s / 3600),
                      static_cast<int>(std::fmod(s, 3600) / 60));
    else if (s >= 60)
        std::snprintf(buf, sizeof buf, "%dm%02ds", static_cast<int>(s / 60), static_cast<int>(std::fmod(s, 60)));
    else
        std::snprintf(buf, sizeof buf, "%.1fs", s);
    return buf;
}

// The run's progress on stderr: one line redrawn on a terminal, and what holds the run up (a busy study) on every kind
// of stderr, once per change rather than once per second of its count (lastStatus keeps what was said).
void printProgress(const judge::RunProgress &p, bool terminal, const std::string &prefix, std::string &lastStatus)
{
    std::string gist = p.status;
    gist.erase(std::remove_if(gist.begin(), gist.end(), [](char c) { return c >= '0' && c <= '9'; }), gist.end());
    if (!p.status.empty() && gist != lastStatus)
        std::fprintf(stderr, "%s%s\n", terminal ? "\n" : "", p.status.c_str());
    lastStatus = gist;
    if (!terminal)
        return;
    std::fprintf(stderr,
                 "\r%s%zu/%zu done (%zu cached), %zu failed, %zu invalid, %zu in flight, %lld+%lld tokens, cost %.4f, "
                 "ETA %s   ",
                 prefix.c_str(), p.done, p.total, p.cached, p.failed, p.invalid, p.inFlight, p.tokensIn, p.tokensOut,
                 p.cost, formatSeconds(p.etaSeconds).c_str());
}

bool parseNumber(const QCommandLineParser &parser, const QString &name, double &out, double min, double max,
                 std::string &error)
{
    if (!parser.isSet(name))
        return true;
    bool ok = false;
    out = parser.value(name).toDouble(&ok);
    if (!ok || out < min || out > max) {
        error = "--" + str(name) + " takes a number from " + std::to_string(min).substr(0, 6) + " to "
                + std::to_string(max).substr(0, 10);
        return false;
    }
    return true;
}

// Reports a failure of one judge's options, naming where they came from (a plan file's line).
struct Failer {
    std::string prefix;
    int operator()(const std::string &message, int code = kExitFailure) const
    {
        return failWith(prefix + message, code);
    }
};

void addJudgeOptions(QCommandLineParser &parser)
{
    parser.addOptions({
        {QStringLiteral("provider"), QStringLiteral("openai (any OpenAI-compatible server), anthropic or ollama."),
         QStringLiteral("P")},
        {QStringLiteral("base-url"),
         QStringLiteral("The API's base URL, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434."),
         QStringLiteral("URL")},
        {QStringLiteral("model"), QStringLiteral("The model name."), QStringLiteral("M")},
        {QStringLiteral("protocol"),
         QStringLiteral("rts, mcq, likert-multi, geval, llmscore, llmeval, h2h, pairwise, llmcompare, llmrank, pyramid "
                        "or factuality."),
         QStringLiteral("P")},
        {QStringLiteral("dimension"),
         QStringLiteral("A dimension to judge (repeatable; default: every Likert dimension)."), QStringLiteral("D")},
        {QStringLiteral("concurrency"), QStringLiteral("Requests at once (default 8)."), QStringLiteral("N"),
         QStringLiteral("8")},
        {QStringLiteral("limit"), QStringLiteral("Judge only the first N documents (a trial run)."),
         QStringLiteral("N")},
        {QStringLiteral("api-key-env"),
         QStringLiteral("The environment variable that holds the API key (the key itself is never stored)."),
         QStringLiteral("VAR")},
        {QStringLiteral("rater"), QStringLiteral("The judge's name in the study (default: \"MODEL PROTOCOL\")."),
         QStringLiteral("NAME")},
        {QStringLiteral("estimate"), QStringLiteral("Only estimate the calls, tokens and cost; send nothing.")},
        {QStringLiteral("temperature"), QStringLiteral("Sampling temperature (default 0)."), QStringLiteral("T")},
        {QStringLiteral("top-p"), QStringLiteral("Nucleus sampling threshold."), QStringLiteral("P")},
        {QStringLiteral("max-tokens"), QStringLiteral("Longest answer in tokens (default 512)."), QStringLiteral("N")},
        {QStringLiteral("seed"),
         QStringLiteral("Seed of the shown order of shuffled protocols, and sent to the model where supported (default "
                        "20240601)."),
         QStringLiteral("S")},
        {QStringLiteral("samples"),
         QStringLiteral("G-Eval when the server sends no token probabilities: samples per score, drawn at temperature "
                        "2 (1 for anthropic; default 20)."),
         QStringLiteral("N")},
        {QStringLiteral("rpm"), QStringLiteral("At most this many requests per minute."), QStringLiteral("N")},
        {QStringLiteral("tpm"),
         QStringLiteral("At most this many tokens per minute (estimated prompt plus max tokens)."),
         QStringLiteral("N")},
        {QStringLiteral("attempts"), QStringLiteral("Tries per call, the first included (default 5)."),
         QStringLiteral("N")},
        {QStringLiteral("timeout"), QStringLiteral("Seconds a request may take (default 120)."), QStringLiteral("S")},
        {QStringLiteral("max-retry-after"),
         QStringLiteral("The longest wait in seconds a server may ask for with Retry-After (default 120); a call "
                        "asked to wait longer fails as rate-limited."),
         QStringLiteral("S")},
        {QStringLiteral("max-answer-mib"),
         QStringLiteral("The largest answer read, in MiB (default 8); a larger one fails its call."),
         QStringLiteral("N")},
        {QStringLiteral("price-in"), QStringLiteral("Price per million input tokens, for the cost (default 0)."),
         QStringLiteral("X")},
        {QStringLiteral("price-out"), QStringLiteral("Price per million output tokens (default 0)."),
         QStringLiteral("X")},
        {QStringLiteral("template"),
         QStringLiteral("A prompt template file to use instead of the shipped one (stored in the study)."),
         QStringLiteral("FILE")},
        {QStringLiteral("template-version"),
         QStringLiteral("The version number the --template is stored under (default 1): what concord-cli versions "
                        "tells a judge's versions apart by."),
         QStringLiteral("N")},
        {QStringLiteral("busy-wait"),
         QStringLiteral("Seconds to wait for a study another program is writing before the run stops (default 60); "
                        "answers already paid for are kept in STUDY.pending meanwhile."),
         QStringLiteral("S")},
        {QStringLiteral("reask-invalid"),
         QStringLiteral("Ask again, up to K times (0 to 5, default 0), an answer that could not be read, in the same "
                        "conversation with the answer's form stated; not for geval or llmscore."),
         QStringLiteral("K")},
        {QStringLiteral("structured"),
         QStringLiteral("rts and llmeval: ask for {reason, score} under a JSON schema (OpenAI response_format, "
                        "Anthropic tool input, Ollama format) and read it strictly; recorded as method "
                        "\"structured\".")},
        {QStringLiteral("repeats"),
         QStringLiteral("rts, mcq and llmeval: ask each unit K times at --temperature (above 0; with n where the "
                        "provider has it) and score it by the mean of its valid answers; the judge card reads the vote "
                        "share and the judge's own variance from them."),
         QStringLiteral("K")},
        splitOption(),
        {QStringLiteral("examples-from"),
         QStringLiteral("Put worked examples into each prompt: the dev split's summaries on which this judge and the "
                        "people disagree most, with the people's scores and explanations (a new template version; "
                        "never a test document, never the unit's own)."),
         QStringLiteral("JUDGE")},
        {QStringLiteral("examples"), QStringLiteral("Examples per prompt with --examples-from (default 3)."),
         QStringLiteral("K")},
        {QStringLiteral("examples-group"),
         QStringLiteral("The human group whose scores the examples show (default: the first group)."),
         QStringLiteral("GROUP")},
        {QStringLiteral("batch"),
         QStringLiteral("Send the requests through the provider's batch API (OpenAI, Anthropic) at its batch price and "
                        "return once they are submitted; concord-cli batches STUDY --poll stores the results. A server "
                        "without a batch API is judged online. Not for geval or --reask-invalid.")},
        {QStringLiteral("batch-max-requests"),
         QStringLiteral("Requests per batch at most (default: the provider's limit, 50,000 at OpenAI, 100,000 at "
                        "Anthropic)."),
         QStringLiteral("N")},
        {QStringLiteral("batch-price"),
         QStringLiteral("A batch request's price as a fraction of the online price (default 0.5)."),
         QStringLiteral("F")},
        {QStringLiteral("plan"),
         QStringLiteral("Run several judges at once: a file with one judge per line in this command's options (e.g. "
                        "--provider anthropic --model M --protocol rts --rpm 50; a line starting with # is a comment), "
                        "each with its own provider, concurrency and limits, under one estimate and one progress. "
                        "Options given here apply to every judge whose line does not set them."),
         QStringLiteral("FILE")},
        {QStringLiteral("resume"),
         QStringLiteral("Resume run ID with the judge, protocol and options it was started with (see concord-cli "
                        "info); options given here replace the concurrency, limits, timeout, re-asking and key "
                        "variable."),
         QStringLiteral("ID")},
    });
}

// One judge's provider and run options from the command line (or a plan's line): 0, or the exit code after fail
// reported why not.
int readJudge(const QCommandLineParser &parser, const std::string &studyPath, judge::PlannedJudge &out,
              const Failer &fail)
{
    const bool resume = parser.isSet(QStringLiteral("resume"));
    // A resumed run asks what it asked before, so that the stored answers and the cache stay its own; an option
    // that would change the prompts, the units or the scoring is refused rather than silently ignored.
    if (resume)
        for (const char *fixed :
             {"provider",      "base-url",    "model",          "protocol",         "dimension",  "rater",
              "limit",         "temperature", "top-p",          "max-tokens",       "seed",       "samples",
              "price-in",      "price-out",   "template",       "template-version", "structured", "split",
              "examples-from", "examples",    "examples-group", "repeats"})
            if (parser.isSet(QString::fromLatin1(fixed)))
                return fail(std::string("--resume keeps the options the run was started with; --") + fixed
                                + " cannot change it (start a new run without --resume)",
                            kExitUsage);
    for (const char *required : {"provider", "base-url", "model", "protocol"})
        if (!resume && !parser.isSet(QString::fromLatin1(required)))
            return fail(std::string("judge needs --") + required + " (see concord-cli judge --help)", kExitUsage);
    judge::ProviderConfig provider;
    const auto kind = judge::providerKindFromString(resume && !parser.isSet(QStringLiteral("provider"))
                                                        ? std::string("openai")
                                                        : str(parser.value(QStringLiteral("provider"))));
    if (!kind)
        return fail("--provider takes openai, anthropic or ollama", kExitUsage);
    provider.kind = *kind;
    provider.baseUrl = str(parser.value(QStringLiteral("base-url")));
    // Refused before the study is opened: the URL is stored with the results, a key in it would be too.
    if (const judge::UrlCredential credential = judge::credentialInUrl(provider.baseUrl))
        return fail("--base-url holds a credential (" + credential.describe()
                        + "): put the key in an environment variable and name that variable with --api-key-env "
                          "(the key itself is never stored)",
                    kExitUsage);
    provider.model = str(parser.value(QStringLiteral("model")));
    provider.apiKeyEnv = str(parser.value(QStringLiteral("api-key-env")));
    judge::RunOptions options;
    const auto protocol = judge::protocolFromString(resume && !parser.isSet(QStringLiteral("protocol"))
                                                        ? std::string("rts")
                                                        : str(parser.value(QStringLiteral("protocol"))));
    if (!protocol)
        return fail("unknown --protocol '" + str(parser.value(QStringLiteral("protocol")))
                        + "' (see concord-cli judge --help)",
                    kExitUsage);
    options.plan.protocol = *protocol;
    for (const QString &d : parser.values(QStringLiteral("dimension")))
        options.plan.dimensions.push_back(str(d));
    options.raterName = str(parser.value(QStringLiteral("rater")));
    std::string error;
    double concurrency = 8, limit = 0, temperature = 0, topP = 1, maxTokens = 512, seed = 20240601, samples = 20,
           rpm = 0, tpm = 0, attempts = 5, timeout = 120, priceIn = 0, priceOut = 0, busyWait = 60, resumeRun = 0,
           maxRetryAfter = 120, batchMaxRequests = 0, batchPrice = 0.5,
           maxAnswerMib = static_cast<double>(judge::kDefaultMaxAnswerBytes) / (1 << 20);
    if (!parseNumber(parser, QStringLiteral("concurrency"), concurrency, 1, 1024, error)
        || !parseNumber(parser, QStringLiteral("limit"), limit, 1, 1e9, error)
        || !parseNumber(parser, QStringLiteral("temperature"), temperature, 0, 2, error)
        || !parseNumber(parser, QStringLiteral("top-p"), topP, 0, 1, error)
        || !parseNumber(parser, QStringLiteral("max-tokens"), maxTokens, 1, 1e6, error)
        || !parseNumber(parser, QStringLiteral("seed"), seed, 0, 9e15, error)
        || !parseNumber(parser, QStringLiteral("samples"), samples, 1, 1000, error)
        || !parseNumber(parser, QStringLiteral("rpm"), rpm, 0, 1e9, error)
        || !parseNumber(parser, QStringLiteral("tpm"), tpm, 0, 1e12, error)
        || !parseNumber(parser, QStringLiteral("attempts"), attempts, 1, 100, error)
        || !parseNumber(parser, QStringLiteral("timeout"), timeout, 0.1, 86400, error)
        || !parseNumber(parser, QStringLiteral("max-retry-after"), maxRetryAfter, 0, 86400, error)
        || !parseNumber(parser, QStringLiteral("max-answer-mib"), maxAnswerMib, 0.001, 1024, error)
        || !parseNumber(parser, QStringLiteral("price-in"), priceIn, 0, 1e6, error)
        || !parseNumber(parser, QStringLiteral("price-out"), priceOut, 0, 1e6, error)
        || !parseNumber(parser, QStringLiteral("busy-wait"), busyWait, 0, 86400, error)
        || !parseNumber(parser, QStringLiteral("resume"), resumeRun, 1, 9e15, error)
        || !parseNumber(parser, QStringLiteral("batch-max-requests"), batchMaxRequests, 1, 1e6, error)
        || !parseNumber(parser, QStringLiteral("batch-price"), batchPrice, 0, 1, error))
        return fail(error, kExitUsage);
    int reaskInvalid = 0;
    if (parser.isSet(QStringLiteral("reask-invalid"))) {
        bool ok = false;
        reaskInvalid = parser.value(QStringLiteral("reask-invalid")).toInt(&ok);
        if (!ok || reaskInvalid < 0 || reaskInvalid > 5)
            return fail("--reask-invalid takes a whole number from 0 to 5", kExitUsage);
    }
    options.reaskInvalid = reaskInvalid;
    options.concurrency = static_cast<int>(concurrency);
    if (parser.isSet(QStringLiteral("limit")))
        options.plan.documentLimit = static_cast<std::size_t>(limit);
    options.sampling.temperature = temperature;
    if (parser.isSet(QStringLiteral("top-p")))
        options.sampling.topP = topP;
    options.sampling.maxTokens = static_cast<int>(maxTokens);
    options.plan.seed = static_cast<std::uint64_t>(seed);
    if (parser.isSet(QStringLiteral("seed")))
        options.sampling.seed = static_cast<long long>(seed);
    options.samples = static_cast<int>(samples);
    options.requestsPerMinute = rpm;
    options.tokensPerMinute = tpm;
    options.maxAttempts = static_cast<int>(attempts);
    options.requestTimeoutSeconds = timeout;
    options.maxRetryAfterSeconds = maxRetryAfter;
    options.maxAnswerBytes = static_cast<std::size_t>(maxAnswerMib * (1 << 20));
    options.price = {priceIn, priceOut};
    options.busyWaitSeconds = busyWait;
    options.batch = parser.isSet(QStringLiteral("batch"));
    options.batchLimits.maxRequests = static_cast<std::size_t>(batchMaxRequests);
    options.batchPriceFactor = batchPrice;
    if (parser.isSet(QStringLiteral("template"))) {
        std::ifstream in(str(parser.value(QStringLiteral("template"))), std::ios::binary);
        if (!in)
            return fail("cannot read the template " + str(parser.value(QStringLiteral("template"))));
        std::ostringstream text;
        text << in.rdbuf();
        options.templateText = text.str();
        options.templateName = std::filesystem::path(str(parser.value(QStringLiteral("template")))).filename().string();
    }
    options.structured = parser.isSet(QStringLiteral("structured"));
    if (parser.isSet(QStringLiteral("repeats"))) {
        bool ok = false;
        options.repeats = parser.value(QStringLiteral("repeats")).toInt(&ok);
        if (!ok || options.repeats < 1 || options.repeats > 100)
            return fail("--repeats takes a whole number from 1 to 100", kExitUsage);
    }
    int code = 0;
    const auto split = splitChoice(parser, code);
    if (!split)
        return code;
    options.plan.split = *split;
    if (!parser.isSet(QStringLiteral("examples-from"))
        && (parser.isSet(QStringLiteral("examples")) || parser.isSet(QStringLiteral("examples-group"))))
        return fail("--examples and --examples-group go with --examples-from JUDGE", kExitUsage);
    if (parser.isSet(QStringLiteral("template-version"))) {
        if (!parser.isSet(QStringLiteral("template")))
            return fail("--template-version goes with --template FILE", kExitUsage);
        bool ok = false;
        const int version = parser.value(QStringLiteral("template-version")).toInt(&ok);
        if (!ok || version < 1)
            return fail("--template-version takes a whole number of at least 1", kExitUsage);
        options.templateVersion = version;
    }

    if (resume) {
        // The run as it was started; what is given on this command line replaces how it is sent.
        auto resumed = judge::resumeSettings(studyPath, static_cast<long long>(resumeRun));
        if (!resumed)
            return fail(resumed.error().describe());
        judge::ResumeSettings &r = resumed.value();
        auto given = [&](const char *name) { return parser.isSet(QString::fromLatin1(name)); };
        if (given("api-key-env"))
            r.provider.apiKeyEnv = provider.apiKeyEnv;
        if (given("concurrency"))
            r.options.concurrency = options.concurrency;
        if (given("rpm"))
            r.options.requestsPerMinute = options.requestsPerMinute;
        if (given("tpm"))
            r.options.tokensPerMinute = options.tokensPerMinute;
        if (given("attempts"))
            r.options.maxAttempts = options.maxAttempts;
        if (given("timeout"))
            r.options.requestTimeoutSeconds = options.requestTimeoutSeconds;
        if (given("busy-wait"))
            r.options.busyWaitSeconds = options.busyWaitSeconds;
        if (given("max-retry-after"))
            r.options.maxRetryAfterSeconds = options.maxRetryAfterSeconds;
        if (given("max-answer-mib"))
            r.options.maxAnswerBytes = options.maxAnswerBytes;
        if (given("reask-invalid"))
            r.options.reaskInvalid = options.reaskInvalid;
        // What is left of a run is sent online, or in a new batch when asked again here.
        r.options.batch = options.batch;
        r.options.batchLimits = options.batchLimits;
        if (given("batch-price"))
            r.options.batchPriceFactor = options.batchPriceFactor;
        provider = r.provider;
        options = r.options;
    }
    if (!resume && parser.isSet(QStringLiteral("examples-from"))) {
        reports::CorrectionExamplesRequest request;
        request.judge = str(parser.value(QStringLiteral("examples-from")));
        request.humanGroup = str(parser.value(QStringLiteral("examples-group")));
        request.dimensions = options.plan.dimensions;
        if (parser.isSet(QStringLiteral("examples"))) {
            bool ok = false;
            const int k = parser.value(QStringLiteral("examples")).toInt(&ok);
            if (!ok || k < 1 || k > 20)
                return fail("--examples takes a whole number from 1 to 20", kExitUsage);
            request.perUnit = static_cast<std::size_t>(k);
        }
        if (!judge::takesExamples(options.plan.protocol))
            return fail("--examples-from does not apply to " + std::string(judge::toString(options.plan.protocol))
                            + "; examples are for the protocols that score one summary on one dimension (rts, "
                              "mcq, geval, llmscore, llmeval)",
                        kExitUsage);
        auto study = openForReading(studyPath);
        if (!study)
            return fail(study.error().describe());
        auto examples = reports::correctionExamples(*study.value(), request);
        if (!examples)
            return fail(examples.error().describe());
        std::printf("examples: %zu per prompt, from the %zu dev summaries on which '%s' and group '%s' disagree most\n",
                    examples.value().perUnit, examples.value().pool.size(), examples.value().judge.c_str(),
                    examples.value().humanGroup.c_str());
        options.examples = std::move(examples.value());
    }
    if (options.structured && !judge::takesStructuredAnswers(options.plan.protocol))
        return fail("--structured does not apply to " + std::string(judge::toString(options.plan.protocol))
                        + "; the research protocols keep their free-text prompts and parsers (structured answers "
                          "are for rts and llmeval)",
                    kExitUsage);
    if (options.repeats > 1) {
        if (!judge::takesRepeats(options.plan.protocol))
            return fail("--repeats does not apply to " + std::string(judge::toString(options.plan.protocol))
                            + "; units are asked several times for rts, mcq and llmeval (geval samples on its own "
                              "with --samples)",
                        kExitUsage);
        if (!(options.sampling.temperature > 0))
            return fail("--repeats needs --temperature above 0: at 0 the answers would repeat one another", kExitUsage);
        if (options.reaskInvalid > 0)
            return fail("--repeats and --reask-invalid do not go together: a unit asked several times leaves an "
                        "invalid answer out of its mean",
                        kExitUsage);
    }
    if (options.reaskInvalid > 0 && !judge::reaskable(options.plan.protocol))
        return fail("--reask-invalid does not apply to " + std::string(judge::toString(options.plan.protocol))
                        + ", which is scored from token probabilities rather than read from one answer's text",
                    kExitUsage);
    out = {provider, options};
    return 0;
}

// The options a plan's line may not hold: they are about the whole command.
constexpr const char *kCommandOnly[] = {"plan", "resume", "estimate"};
// The options that take no value.
constexpr const char *kFlags[] = {"estimate", "structured", "batch"};

std::string fixed(double value, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    return buf;
}

// The plan file's judges, each line read with this command's options and the command line's options beneath it;
// 0, or the exit code after the failure was reported naming the file and line.
int readPlan(const QCommandLineParser &parser, const std::string &studyPath, std::vector<judge::PlannedJudge> &out)
{
    const QString path = parser.value(QStringLiteral("plan"));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return failWith("cannot read the plan " + str(path) + ": " + str(file.errorString()));
    const QByteArray bytes = file.readAll();
    const QString text = QString::fromUtf8(bytes);
    if (text.toUtf8() != bytes)
        return failWith(str(path) + ": not UTF-8 text", kExitUsage);
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (int n = 0; n < lines.size(); ++n) {
        const QString line = lines.at(n).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const Failer fail{str(path) + ":" + std::to_string(n + 1) + ": "};
        QStringList args{QStringLiteral("judge")};
        args += QProcess::splitCommand(line);
        QCommandLineParser own;
        addJudgeOptions(own);
        if (!own.parse(args))
            return fail(str(own.errorText()), kExitUsage);
        if (!own.positionalArguments().isEmpty())
            return fail("a plan's line holds one judge's options, not '" + str(own.positionalArguments().first()) + "'",
                        kExitUsage);
        for (const char *name : kCommandOnly)
            if (own.isSet(QString::fromLatin1(name)))
                return fail(std::string("--") + name + " goes on the command line, not in a plan's line", kExitUsage);
        // What the command line sets applies to every judge whose line does not set it.
        QSet<QString> given;
        for (const QString &name : parser.optionNames()) {
            if (given.contains(name) || own.isSet(name)
                || std::find(std::begin(kCommandOnly), std::end(kCommandOnly), str(name)) != std::end(kCommandOnly))
                continue;
            given.insert(name);
            if (std::find(std::begin(kFlags), std::end(kFlags), str(name)) != std::end(kFlags)) {
                args << QStringLiteral("--") + name;
                continue;
            }
            for (const QString &value : parser.values(name))
                args << QStringLiteral("--") + name << value;
        }
        QCommandLineParser merged;
        addJudgeOptions(merged);
        if (!merged.parse(args))
            return fail(str(merged.errorText()), kExitUsage);
        for (const char *required : {"provider", "base-url", "model", "protocol"})
            if (!merged.isSet(QString::fromLatin1(required)))
                return fail(std::string("the judge needs --") + required
                                + " (on its line, or on the command line for every judge)",
                            kExitUsage);
        judge::PlannedJudge planned;
        if (const int failed = readJudge(merged, studyPath, planned, fail))
            return failed;
        out.push_back(std::move(planned));
    }
    if (out.empty())
        return failWith(str(path) + ": no judge in the plan (one judge's options per line)", kExitUsage);
    return 0;
}

void printPlanEstimate(const judge::PlanEstimate &e)
{
    io::Table table;
    table.header = {"judge",        "calls to send", "already answered", "tokens in",
                    "tokens out ~", "cost ~",        "cost at most",     "cost in batches ~"};
    table.numeric = {false, true, true, true, true, true, true, true};
    auto row = [&table](const std::string &name, const judge::CostEstimate &v) {
        table.rows.push_back({name, std::to_string(v.calls), std::to_string(v.alreadyAnswered), fixed(v.tokensIn, 0),
                              fixed(v.tokensOutExpected, 0), fixed(v.cost, 4), fixed(v.costMax, 4),
                              fixed(v.batchCost, 4)});
    };
    for (std::size_t i = 0; i < e.judges.size(); ++i)
        row(e.names[i], e.judges[i]);
    row("all " + std::to_string(e.judges.size()) + " judges", e.total);
    printTable(table, "table");
    if (!e.total.fallback.empty())
        std::printf("note: %s\n", e.total.fallback.c_str());
}

void printRunLine(const std::string &name, const judge::RunProgress &p)
{
    const double invalidRate = p.done ? 100.0 * static_cast<double>(p.invalid) / static_cast<double>(p.done) : 0;
    std::printf("%s: %s: %zu calls, %zu sent, %zu cached, %zu failed, %zu retries, invalid %.1f%%, %lld tokens in, "
                "%lld out, cost %.4f, %s\n",
                name.c_str(), p.cancelled ? "cancelled (run again to resume)" : "finished", p.total, p.sent, p.cached,
                p.failed, p.retries, invalidRate, p.tokensIn, p.tokensOut, p.cost,
                formatSeconds(p.elapsedSeconds).c_str());
}

int runPlan(const QCommandLineParser &parser, const std::string &studyPath)
{
    if (parser.isSet(QStringLiteral("resume")))
        return failWith("--plan and --resume do not go together: run the plan again, and each judge resumes its "
                        "interrupted run",
                        kExitUsage);
    std::vector<judge::PlannedJudge> judges;
    if (const int failed = readPlan(parser, studyPath, judges))
        return failed;
    judge::RunPlan plan(studyPath, judges);
    if (parser.isSet(QStringLiteral("estimate"))) {
        const auto e = plan.estimate();
        if (!e)
            return failWith(e.error().describe());
        printPlanEstimate(e.value());
        return 0;
    }
    const bool terminal = ::isatty(STDERR_FILENO) != 0;
    g_plan = &plan;
    std::signal(SIGINT, onInterrupt);
    std::string lastStatus;
    const std::size_t count = judges.size();
    const auto result = plan.run([terminal, count, &lastStatus](const judge::PlanProgress &progress) {
        printProgress(progress.total, terminal, std::to_string(count) + " judges: ", lastStatus);
    });
    g_plan = nullptr;
    std::signal(SIGINT, SIG_DFL);
    if (terminal)
        std::fprintf(stderr, "\n");
    if (!result)
        return failWith(result.error().describe());
    bool errors = false;
    bool stored = false;
    for (std::size_t i = 0; i < result.value().judges.size(); ++i) {
        const judge::JudgeOutcome &j = result.value().judges[i];
        const judge::RunProgress &p = j.progress;
        stored = stored || p.sent + p.cached > 0;
        if (!j.error.empty()) {
            errors = true;
            std::printf("%s: failed: %s\n", j.name.c_str(), j.error.c_str());
        } else if (p.batched > 0) {
            std::printf("%s: submitted %zu requests in %zu batches to the %s batch API (%zu calls answered before)\n",
                        j.name.c_str(), p.batched, p.batches,
                        std::string(judge::toString(judges[i].provider.kind)).c_str(), p.cached);
        } else {
            printRunLine(j.name, p);
        }
        if (!p.fallback.empty())
            std::printf("%s: note: %s\n", j.name.c_str(), p.fallback.c_str());
        if (!p.notice.empty())
            std::printf("%s: note: %s\n", j.name.c_str(), p.notice.c_str());
        if (p.inBatches > 0)
            std::printf("%s: note: %zu calls wait in batches of this judge and were not sent again\n", j.name.c_str(),
                        p.inBatches);
    }
    const judge::RunProgress &t = result.value().total;
    printRunLine("all " + std::to_string(count) + " judges", t);
    if (t.batched > 0 || t.inBatches > 0)
        std::printf("concord-cli batches %s --poll stores the batches' results once they are done\n",
                    studyPath.c_str());
    bool panelsFollow = true;
    if (stored) {
        std::fflush(stdout);
        auto study = openForWriting(studyPath);
        panelsFollow = study ? refreshPanelsAfterWrite(*study.value()) : false;
        if (!study)
            std::fprintf(stderr, "concord-cli: the panels were not recomputed: %s\n", study.error().describe().c_str());
    }
    return errors ? 1 : t.cancelled ? 130 : t.failed > 0 ? 3 : panelsFollow ? 0 : 1;
}

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file."));
    addJudgeOptions(parser);
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    if (parser.positionalArguments().size() != 1)
        return failWith("judge takes exactly one STUDY (see concord-cli judge --help)", kExitUsage);
    const std::string studyPath = str(parser.positionalArguments().at(0));
    if (parser.isSet(QStringLiteral("plan")))
        return runPlan(parser, studyPath);
    judge::PlannedJudge chosen;
    if (const int failed = readJudge(parser, studyPath, chosen, Failer{}))
        return failed;
    const judge::ProviderConfig &provider = chosen.provider;
    const judge::RunOptions &options = chosen.options;
    judge::Runner runner(studyPath, provider, options);
    if (parser.isSet(QStringLiteral("estimate"))) {
        const auto e = runner.estimate();
        if (!e)
            return failWith(e.error().describe());
        const auto &v = e.value();
        std::printf("calls to send      %zu (%zu already answered)\n", v.calls, v.alreadyAnswered);
        std::printf("tokens in          ~%.0f\n", v.tokensIn);
        std::printf("tokens out         ~%.0f expected, at most %.0f\n", v.tokensOutExpected, v.tokensOutMax);
        std::printf("cost               ~%.4f expected, at most %.4f\n", v.cost, v.costMax);
        std::printf("cost in batches    ~%.4f expected, at most %.4f (%.0f%% of the online price)\n", v.batchCost,
                    v.batchCostMax, v.batchPriceFactor * 100);
        if (!v.fallback.empty())
            std::printf("note               %s\n", v.fallback.c_str());
        // They depend on the answers: not known before anything is sent.
        if (options.reaskInvalid > 0)
            std::printf("note               re-asks of answers that cannot be read (up to %d per unit) are not "
                        "included\n",
                        options.reaskInvalid);
        return 0;
    }
    const bool terminal = ::isatty(STDERR_FILENO) != 0;
    g_runner = &runner;
    std::signal(SIGINT, onInterrupt);
    std::string lastStatus;
    const auto result = runner.run(
        [terminal, &lastStatus](const judge::RunProgress &p) { printProgress(p, terminal, {}, lastStatus); });
    g_runner = nullptr;
    std::signal(SIGINT, SIG_DFL);
    if (terminal)
        std::fprintf(stderr, "\n");
    if (!result)
        return failWith(result.error().describe());
    const auto &p = result.value();
    if (p.batched > 0) {
        std::printf("submitted: %zu requests in %zu batches to the %s batch API (%zu calls answered before); "
                    "concord-cli batches %s --poll stores the results once they are done\n",
                    p.batched, p.batches, std::string(judge::toString(provider.kind)).c_str(), p.cached,
                    studyPath.c_str());
        return 0;
    }
    if (p.inBatches > 0)
        std::printf("note: %zu calls wait in batches of this judge and were not sent again (concord-cli batches %s "
                    "--poll)\n",
                    p.inBatches, studyPath.c_str());
    const double invalidRate = p.done ? 100.0 * static_cast<double>(p.invalid) / static_cast<double>(p.done) : 0;
    std::printf("%s: %zu calls, %zu sent, %zu cached, %zu failed, %zu retries, invalid %.1f%%, %lld tokens in, %lld "
                "out, cost %.4f, %s\n",
                p.cancelled ? "cancelled (run again to resume)" : "finished", p.total, p.sent, p.cached, p.failed,
                p.retries, invalidRate, p.tokensIn, p.tokensOut, p.cost, formatSeconds(p.elapsedSeconds).c_str());
    if (const std::string methods = judge::scoringSummary(p); !methods.empty())
        std::printf("%s\n", methods.c_str());
    if (const std::string reasking = judge::reaskSummary(p); !reasking.empty())
        std::printf("%s\n", reasking.c_str());
    if (!p.fallback.empty())
        std::printf("note: %s\n", p.fallback.c_str());
    if (!p.notice.empty())
        std::printf("note: %s\n", p.notice.c_str());
    // A panel this judge is a member of follows the scores just stored (cancelled or not: what is stored is).
    bool panelsFollow = true;
    if (p.sent + p.cached > 0) {
        std::fflush(stdout);
        auto study = openForWriting(studyPath);
        panelsFollow = study ? refreshPanelsAfterWrite(*study.value()) : false;
        if (!study)
            std::fprintf(stderr, "concord-cli: the panels were not recomputed: %s\n", study.error().describe().c_str());
    }
    return p.cancelled ? 130 : p.failed > 0 ? 3 : panelsFollow ? 0 : 1;
}

} // namespace

const Command judgeCommand{
    .name = "judge",
    .summary = "run an LLM judge over a study (--estimate for the cost first)",
    .description = "Runs an LLM judge over a study with one protocol. Answers are saved as they arrive; "
                   "a rerun sends nothing already answered, so Ctrl+C and running again resumes. One run of a "
                   "judge at a time: a second refuses, naming the first. An interrupted run (its process was "
                   "killed or failed) is resumed by running the judge again, or by --resume ID.",
    .run = run,
};

} // namespace concord::cli

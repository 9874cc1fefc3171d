// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli batches: the judge batches a study has with the providers' batch APIs — listed, polled (each final
// batch's results stored once), cancelled, or forgotten when cut off before the provider received it.
#include "cli_support.h"
#include "command_table.h"

#include "judge/batch_poll.h"
#include "judge/runner.h"
#include "store/study.h"

#include <QCommandLineParser>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <map>
#include <string>
#include <thread>

namespace concord::cli {

namespace {

// Ctrl+C while --wait waits: stop waiting (the batches go on with their provider).
volatile std::sig_atomic_t g_stopWaiting = 0;

void onInterrupt(int)
{
    g_stopWaiting = 1;
}

bool parseId(const QCommandLineParser &parser, const QString &name, long long &out)
{
    bool ok = false;
    out = parser.value(name).toLongLong(&ok);
    return ok && out > 0;
}

int list(const std::string &studyPath)
{
    auto study = openForReading(studyPath);
    if (!study)
        return failWith(study.error().describe());
    const auto batches = study.value()->judgeBatches();
    if (batches.empty()) {
        std::printf("no judge batches in %s\n", studyPath.c_str());
        return 0;
    }
    std::map<model::Id, std::string> judges;
    for (const auto &r : study.value()->judgeRuns())
        judges[r.id] = r.raterName;
    std::printf("%-6s %-5s %-20s %-10s %-32s %-12s %8s  %-20s  %s\n", "batch", "run", "judge", "provider",
                "provider id", "state", "requests", "submitted", "last polled");
    for (const auto &b : batches)
        std::printf("%-6lld %-5lld %-20s %-10s %-32s %-12s %8zu  %-20s  %s\n", static_cast<long long>(b.id),
                    static_cast<long long>(b.runId), judges[b.runId].c_str(), b.provider.c_str(),
                    b.remoteId.empty() ? "-" : b.remoteId.c_str(), b.state.c_str(), b.requests, b.submittedAt.c_str(),
                    b.polledAt.empty() ? "-" : b.polledAt.c_str());
    return 0;
}

// One poll of every waiting batch; `open` counts the batches still with their provider afterwards.
int pollOnce(const std::string &studyPath, long long onlyRun, const QString &apiKeyEnv, std::size_t &open)
{
    open = 0;
    const auto polled = judge::pollWaitingBatches(studyPath, onlyRun, str(apiKeyEnv));
    if (!polled)
        return failWith(polled.error().describe());
    if (polled.value().empty()) {
        std::printf("no batch is waiting for its results\n");
        return 0;
    }
    int code = 0;
    for (const auto &p : polled.value()) {
        if (!p.error.empty()) {
            std::fprintf(stderr, "concord-cli: run %lld (%s): %s\n", p.run, p.judge.c_str(), p.error.c_str());
            code = kExitFailure;
            continue;
        }
        const auto &c = p.collected;
        open += c.open;
        std::printf("run %lld (%s): %zu batches fetched (%zu answers stored, %zu requests without an answer), %zu "
                    "still with the provider\n",
                    p.run, p.judge.c_str(), c.fetched, c.answered, c.unanswered, c.open);
        for (const auto &note : c.notes)
            std::printf("note: %s\n", note.c_str());
    }
    return code;
}

// --wait: polls again every `every` seconds until no batch is with its provider any more, a poll fails, or Ctrl+C.
int poll(const std::string &studyPath, long long onlyRun, const QString &apiKeyEnv, bool wait, double every)
{
    std::size_t open = 0;
    int code = pollOnce(studyPath, onlyRun, apiKeyEnv, open);
    if (!wait)
        return code;
    g_stopWaiting = 0;
    std::signal(SIGINT, onInterrupt);
    while (code == 0 && open > 0) {
        std::printf("waiting %g s before the next poll (Ctrl+C stops waiting; the batches go on)\n", every);
        std::fflush(stdout);
        const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(every);
        while (!g_stopWaiting && std::chrono::steady_clock::now() < until)
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        if (g_stopWaiting) {
            std::printf("stopped waiting: %zu batches still with the provider; batches --poll fetches them later\n",
                        open);
            code = 130;
            break;
        }
        code = pollOnce(studyPath, onlyRun, apiKeyEnv, open);
    }
    std::signal(SIGINT, SIG_DFL);
    return code;
}

int run(const Arguments &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("STUDY"), QStringLiteral("The study file."));
    parser.addOptions({
        {QStringLiteral("poll"),
         QStringLiteral("Ask the provider where each waiting batch stands, and store the results of every batch "
                        "that has ended (each once).")},
        {QStringLiteral("wait"),
         QStringLiteral("With --poll: poll again until no batch is with its provider any more (or a poll fails, or "
                        "Ctrl+C).")},
        {QStringLiteral("every"), QStringLiteral("With --wait: the seconds between polls (default 60; at least 0.1)."),
         QStringLiteral("SECONDS")},
        {QStringLiteral("run"), QStringLiteral("Only the batches of this judge run."), QStringLiteral("ID")},
        {QStringLiteral("cancel"), QStringLiteral("Ask the provider to cancel this batch; --poll stores what it did."),
         QStringLiteral("BATCH")},
        {QStringLiteral("forget"),
         QStringLiteral("Forget a batch cut off while it was being submitted that the provider never received, so "
                        "that its requests can be sent again."),
         QStringLiteral("BATCH")},
        {QStringLiteral("api-key-env"),
         QStringLiteral("The environment variable that holds the API key, if not the one the run was started with."),
         QStringLiteral("VAR")},
    });
    int code = 0;
    if (!parseCommandLine(parser, arguments, code))
        return code;
    if (parser.positionalArguments().size() != 1)
        return failWith("batches takes exactly one STUDY (see concord-cli batches --help)", kExitUsage);
    const std::string studyPath = str(parser.positionalArguments().at(0));
    long long onlyRun = 0;
    if (parser.isSet(QStringLiteral("run")) && !parseId(parser, QStringLiteral("run"), onlyRun))
        return failWith("--run takes a judge run's id (see concord-cli info)", kExitUsage);
    const int actions = int(parser.isSet(QStringLiteral("poll"))) + int(parser.isSet(QStringLiteral("cancel")))
                        + int(parser.isSet(QStringLiteral("forget")));
    if (actions > 1)
        return failWith("batches does one of --poll, --cancel and --forget at a time", kExitUsage);
    const bool wait = parser.isSet(QStringLiteral("wait"));
    if ((wait || parser.isSet(QStringLiteral("every"))) && !parser.isSet(QStringLiteral("poll")))
        return failWith("--wait and --every go with --poll", kExitUsage);
    if (parser.isSet(QStringLiteral("every")) && !wait)
        return failWith("--every goes with --wait", kExitUsage);
    double every = 60;
    if (parser.isSet(QStringLiteral("every"))) {
        bool ok = false;
        every = parser.value(QStringLiteral("every")).toDouble(&ok);
        if (!ok || !(every >= 0.1) || every > 86400)
            return failWith("--every takes the seconds between polls, from 0.1 to 86400, not '"
                                + str(parser.value(QStringLiteral("every"))) + "'",
                            kExitUsage);
    }
    if (parser.isSet(QStringLiteral("poll")))
        return poll(studyPath, onlyRun, parser.value(QStringLiteral("api-key-env")), wait, every);
    for (const char *action : {"cancel", "forget"}) {
        const QString name = QString::fromLatin1(action);
        if (!parser.isSet(name))
            continue;
        long long batch = 0;
        if (!parseId(parser, name, batch))
            return failWith(std::string("--") + action + " takes a batch's id (see concord-cli batches STUDY)",
                            kExitUsage);
        long long batchRun = 0;
        {
            auto study = openForReading(studyPath);
            if (!study)
                return failWith(study.error().describe());
            for (const auto &b : study.value()->judgeBatches())
                if (b.id == batch)
                    batchRun = b.runId;
        }
        if (batchRun == 0)
            return failWith("there is no batch " + std::to_string(batch) + " in " + studyPath);
        if (name == QStringLiteral("forget")) {
            auto study = openForWriting(studyPath);
            if (!study)
                return failWith(study.error().describe());
            bool forgotten = false;
            const Status st = study.value()->write(
                [&] { forgotten = study.value()->forgetUnsubmittedJudgeBatch(static_cast<model::Id>(batch)); });
            if (!st)
                return failWith(st.error().describe());
            if (!forgotten)
                return failWith("batch " + std::to_string(batch)
                                + " reached its provider (it has the provider's id): it is polled or cancelled, "
                                  "never forgotten");
            std::printf("batch %lld forgotten: its requests are sent by the next run of its judge\n", batch);
            return 0;
        }
        auto settings = judge::resumeSettings(studyPath, batchRun);
        if (!settings)
            return failWith(settings.error().describe());
        if (parser.isSet(QStringLiteral("api-key-env")))
            settings.value().provider.apiKeyEnv = str(parser.value(QStringLiteral("api-key-env")));
        judge::Runner runner(studyPath, settings.value().provider, settings.value().options);
        const auto state = runner.cancelBatch(batchRun, batch);
        if (!state)
            return failWith(state.error().describe());
        std::printf("batch %lld: %s\n", batch, state.value().c_str());
        return 0;
    }
    return list(studyPath);
}

} // namespace

const Command batchesCommand{
    .name = "batches",
    .summary = "list, poll, cancel or forget the judge batches sent to a provider's batch API",
    .description = "Lists the judge batches of a study (judge --batch): their provider id, state, requests and when "
                   "they were submitted and last polled. --poll asks the provider about every batch not fetched yet "
                   "and stores the results of each one that has ended, once, through the same parsers as online "
                   "answers; requests that failed or expired are named, and resuming the run sends them. A batch "
                   "cut off while being submitted is found again by its token (OpenAI) or, once you have checked the "
                   "provider's console, forgotten with --forget. --poll --wait polls again every minute (--every) "
                   "until every batch has ended and its results are stored; Ctrl+C stops waiting (exit code 130).",
    .run = run,
};

} // namespace concord::cli

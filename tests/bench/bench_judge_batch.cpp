// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A judge run of 100,000 requests through the batch API of the local test server's stand-in for OpenAI (in a child
// process, so the CPU measured here is Concord's alone), in ten batches of 10,000: planned, recorded and submitted by
// the runner, then polled and every result stored by the Judges view's worker (JudgeRun::pollBatches) while the GUI
// thread's event loop is watched. Goals: under 0.2 ms of client CPU per request (plan, record, submit, poll, store),
// a peak memory under 200 MB, and no GUI stall over 50 ms while polling. Same-run reference: the CPU of planning the
// same calls alone (the estimate), as a ratio. Goals are printed MET / NOT MET, never asserted; the study must hold
// every answer once afterwards.
#include "bench_report.h"
#include "fake_batch_service.h"
#include "judge/judge_run.h"
#include "judge/runner.h"
#include "stall_meter.h"
#include "store/study.h"
#include "test_llm_server.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTemporaryDir>

#include <csignal>
#include <cstdio>
#include <fstream>
#include <limits>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace concord;
using test::BenchReport;

namespace {

constexpr int kDocuments = 10000;
constexpr int kSystems = 10;
constexpr std::size_t kPerBatch = 10000;

double cpuSeconds()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec)
           + static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// The process's peak resident memory so far (VmHWM), in MB.
double peakMegabytes()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmHWM:", 0) == 0)
            return std::stod(line.substr(6)) / 1024.0; // kB
    return std::numeric_limits<double>::quiet_NaN();
}

// The stand-in in a child process: every batch completed as soon as it is created, every request answered.
std::pair<pid_t, int> startServer()
{
    int fds[2];
    if (pipe(fds) != 0)
        return {-1, 0};
    const pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        test::TestLlmServer server;
        test::FakeBatchService batches(server);
        batches.setAnswer([](const std::string &, const std::string &) {
            return test::FakeBatchService::Outcome{
                "succeeded", 200,
                R"({"id":"c","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant",)"
                R"("content":"The summary keeps to the article.\nScore: 4"}}],)"
                R"("usage":{"prompt_tokens":300,"completion_tokens":12}})"};
        });
        server.setHandler([&batches](const test::RecordedRequest &r) {
            auto reply = batches.handle(r);
            if (!reply)
                return test::Reply::openAiError(404, "unknown path", "invalid_request_error");
            if (r.method == "POST" && r.path == "/v1/batches")
                for (const auto &b : batches.batches())
                    if (b.state == "validating")
                        batches.setState(b.id, "completed");
            return *reply;
        });
        int port = server.start();
        if (write(fds[1], &port, sizeof port) != static_cast<ssize_t>(sizeof port))
            _exit(1);
        close(fds[1]);
        pause(); // until the parent ends it
        _exit(0);
    }
    close(fds[1]);
    int port = 0;
    if (read(fds[0], &port, sizeof port) != static_cast<ssize_t>(sizeof port))
        port = 0;
    close(fds[0]);
    return {pid, port};
}

bool createStudy(const std::string &path)
{
    auto study = store::Study::create(path);
    if (!study)
        return false;
    store::Study &s = *study.value();
    return s
        .write([&] {
            model::Dimension dim;
            dim.name = "coherence";
            dim.definition = "How well the summary hangs together.";
            s.ensureDimension(dim);
            std::vector<model::Id> systems;
            for (int k = 0; k < kSystems; ++k)
                systems.push_back(s.ensureSystem("system-" + std::to_string(k)));
            for (int d = 0; d < kDocuments; ++d) {
                model::Document doc;
                doc.externalId = "doc-" + std::to_string(d);
                doc.source = "Article " + std::to_string(d)
                             + ": the council voted to build a market hall, and work starts in March.";
                const model::Id id = s.addDocument(doc);
                for (int k = 0; k < kSystems; ++k)
                    s.addCandidate(id, systems[static_cast<std::size_t>(k)],
                                   "Summary " + std::to_string(k) + " of article " + std::to_string(d) + ".");
            }
        })
        .ok();
}

} // namespace

int main(int argc, char **argv)
{
    BenchReport bench("bench_judge_batch");
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("bench.concord")).toStdString();
    if (!createStudy(path)) {
        std::printf("could not create the study\n");
        return 1;
    }
    // Forked before any thread exists in this process.
    const auto [pid, port] = startServer();
    if (pid <= 0 || port == 0) {
        std::printf("could not start the test server\n");
        return 1;
    }
    QCoreApplication app(argc, argv);
    qputenv("CONCORD_BENCH_BATCH_KEY", "sk-bench");
    judge::ProviderConfig provider{judge::ProviderKind::OpenAI, "http://127.0.0.1:" + std::to_string(port) + "/v1",
                                   "bench-model", "CONCORD_BENCH_BATCH_KEY"};
    judge::RunOptions options;
    options.plan.protocol = judge::Protocol::Rts;
    options.raterName = "batch judge";
    options.batch = true;
    options.batchLimits.maxRequests = kPerBatch; // the stand-in takes request bodies up to 32 MB
    options.price = {0.15, 0.6};
    const std::size_t requests = static_cast<std::size_t>(kDocuments) * kSystems;

    const double submitBefore = cpuSeconds();
    QElapsedTimer clock;
    clock.start();
    judge::Runner runner(path, provider, options);
    const auto submitted = runner.run();
    const double submitSeconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
    const double submitCpu = cpuSeconds() - submitBefore;
    if (!submitted || submitted.value().batched != requests) {
        std::printf("the batch run failed: %s\n",
                    submitted ? "not every request submitted" : submitted.error().describe().c_str());
        kill(pid, SIGTERM);
        waitpid(pid, nullptr, 0);
        return 1;
    }

    // Polled and stored on the worker, as the Judges view does it, while the event loop is watched.
    ui::JudgeRun worker;
    test::StallMeter meter;
    QEventLoop loop;
    bool polledOk = false;
    QString summary;
    QObject::connect(&worker, &ui::JudgeRun::batchesPolled, &loop, [&](bool ok, const QString &text) {
        polledOk = ok;
        summary = text;
        loop.quit();
    });
    const double pollBefore = cpuSeconds();
    clock.restart();
    meter.start();
    if (!worker.pollBatches(QString::fromStdString(path))) {
        std::printf("the poll did not start\n");
        return 1;
    }
    loop.exec();
    const qint64 stallMs = meter.stop();
    const double pollSeconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
    const double pollCpu = cpuSeconds() - pollBefore;
    kill(pid, SIGTERM);
    waitpid(pid, nullptr, 0);
    // Read before the reference below, which holds every call's prompt at once.
    const double peak = peakMegabytes();

    // Same-run reference: planning the same calls alone (the estimate, each found answered), after the run.
    const double planBefore = cpuSeconds();
    {
        judge::Runner estimator(path, provider, options);
        const auto e = estimator.estimate();
        if (!e || e.value().calls + e.value().alreadyAnswered != requests) {
            std::printf("the estimate failed\n");
            return 1;
        }
    }
    const double planCpu = cpuSeconds() - planBefore;

    const double cpuPerRequestMs = (submitCpu + pollCpu) * 1000 / static_cast<double>(requests);
    std::printf("Batch run of %zu requests in %zu batches of at most %zu:\n", requests, submitted.value().batches,
                kPerBatch);
    std::printf("  plan, record and submit: %.2f s (CPU %.2f s); poll and store every result: %.2f s (CPU %.2f s)\n",
                submitSeconds, submitCpu, pollSeconds, pollCpu);
    std::printf("  client CPU per request %.4f ms; same-run reference, planning the calls alone: CPU %.2f s -> %.2fx\n",
                cpuPerRequestMs, planCpu, planCpu > 0 ? (submitCpu + pollCpu) / planCpu : 0.0);
    std::printf("  poll: %s\n", qPrintable(summary));
    bench.goal("batch run of 100,000 requests: client CPU per request (plan, record, submit, poll, store)",
               cpuPerRequestMs, "ms", BenchReport::Comparison::Below, 0.2);
    bench.goal("batch run of 100,000 requests: peak memory of the process", peak, "MB", BenchReport::Comparison::Below,
               200);
    bench.goal("longest GUI event-loop stall while polling and storing 100,000 results", static_cast<double>(stallMs),
               "ms", BenchReport::Comparison::AtMost, 50);
    bench.reference("batch run CPU / planning CPU", planCpu > 0 ? (submitCpu + pollCpu) / planCpu : 0.0);

    // Every answer stored once, and SQLite's own check passes.
    store::OpenOptions readOnly;
    readOnly.readOnly = true;
    auto study = store::Study::open(path, readOnly);
    if (!study)
        return 1;
    auto check = study.value()->database().prepare("PRAGMA integrity_check");
    check.step();
    const auto counts = study.value()->counts();
    const bool consistent = polledOk && check.textAt(0) == "ok"
                            && counts.judgeCalls == static_cast<std::int64_t>(requests)
                            && counts.ratings == static_cast<std::int64_t>(requests);
    std::printf("  study: integrity %s, %lld calls, %lld ratings -> %s\n", check.textAt(0).c_str(),
                static_cast<long long>(counts.judgeCalls), static_cast<long long>(counts.ratings),
                consistent ? "consistent" : "NOT CONSISTENT");
    return consistent ? 0 : 1;
}

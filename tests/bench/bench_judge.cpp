// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The judge runner against the local test server answering every request after 100 ms: 2,000
// requests at concurrency 32. The reference is the ideal: 2,000 / 32 × 100 ms = 6.25 s (goal: within
// 1.2×), and under 1 ms of client CPU per request (the server runs in a child process, so the CPU
// measured here is the runner's alone). Afterwards the study must be consistent. The goals are
// printed MET / NOT MET, never asserted.
#include "bench_report.h"
#include "judge/runner.h"
#include "store/study.h"
#include "test_llm_server.h"

#include <QElapsedTimer>
#include <QTemporaryDir>

#include <csignal>
#include <cstdio>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace concord;
using test::BenchReport;

namespace {

double cpuSeconds()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec)
           + static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// Starts the server in a child process; returns its pid and port.
std::pair<pid_t, int> startServer()
{
    int fds[2];
    if (pipe(fds) != 0)
        return {-1, 0};
    const pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        test::TestLlmServer server;
        server.setHandler([](const test::RecordedRequest &) {
            test::Reply r = test::Reply::openAi("Score: 4", 120, 3);
            r.delayMs = 100;
            return r;
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

} // namespace

int main()
{
    BenchReport bench("bench_judge");
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("bench.concord")).toStdString();
    {
        auto study = store::Study::create(path);
        if (!study)
            return 1;
        store::Study &s = *study.value();
        const auto st = s.write([&] {
            model::Dimension dim;
            dim.name = "coherence";
            dim.definition = "How well the summary hangs together.";
            s.ensureDimension(dim);
            for (int d = 0; d < 200; ++d) {
                model::Document doc;
                doc.externalId = "doc-" + std::to_string(d);
                doc.source = "Article " + std::to_string(d)
                             + ": the council voted to build a market hall, and work starts in March.";
                const model::Id id = s.addDocument(doc);
                for (int k = 0; k < 10; ++k)
                    s.addCandidate(id, s.ensureSystem("system-" + std::to_string(k)),
                                   "Summary " + std::to_string(k) + " of article " + std::to_string(d) + ".");
            }
        });
        if (!st)
            return 1;
    }
    const auto [pid, port] = startServer();
    if (pid <= 0 || port == 0) {
        std::printf("could not start the test server\n");
        return 1;
    }
    judge::ProviderConfig provider{
        judge::ProviderKind::OpenAI, "http://127.0.0.1:" + std::to_string(port) + "/v1", "bench-model", {}};
    judge::RunOptions options;
    options.plan.protocol = judge::Protocol::Rts;
    options.concurrency = 32;
    judge::Runner runner(path, provider, options);
    const double cpuBefore = cpuSeconds();
    QElapsedTimer timer;
    timer.start();
    const auto result = runner.run();
    const double seconds = static_cast<double>(timer.nsecsElapsed()) / 1e9;
    const double cpu = cpuSeconds() - cpuBefore;
    kill(pid, SIGTERM);
    waitpid(pid, nullptr, 0);
    if (!result) {
        std::printf("run failed: %s\n", result.error().describe().c_str());
        return 1;
    }
    const auto &p = result.value();
    const double ideal = static_cast<double>(p.sent) / 32.0 * 0.1;
    const double cpuPerRequestMs = p.sent ? cpu * 1000 / static_cast<double>(p.sent) : 0.0;
    std::printf("Judge run: %zu requests at concurrency 32, 100 ms each: %.2f s; ideal %.2f s -> %.3fx\n", p.sent,
                seconds, ideal, seconds / ideal);
    std::printf("  client CPU %.3f s in all, %.3f ms per request, study writes included\n", cpu, cpuPerRequestMs);
    bench.goal("judge run, 2,000 requests at concurrency 32 against a 100 ms server: time / ideal", seconds / ideal,
               "x", BenchReport::Comparison::AtMost, 1.2);
    bench.goal("judge run: client CPU per request, study writes included", cpuPerRequestMs, "ms",
               BenchReport::Comparison::Below, 1);

    // Consistent afterwards: every answer stored with its judgement, and SQLite's own check passes.
    store::OpenOptions readOnly;
    readOnly.readOnly = true;
    auto study = store::Study::open(path, readOnly);
    auto check = study.value()->database().prepare("PRAGMA integrity_check");
    check.step();
    const auto counts = study.value()->counts();
    const bool consistent = check.textAt(0) == "ok" && counts.judgeCalls == 2000 && counts.ratings == 2000
                            && p.done == 2000 && p.failed == 0;
    std::printf("  study: integrity %s, %lld calls, %lld ratings -> %s\n", check.textAt(0).c_str(),
                static_cast<long long>(counts.judgeCalls), static_cast<long long>(counts.ratings),
                consistent ? "consistent" : "NOT CONSISTENT");
    return consistent ? 0 : 1;
}

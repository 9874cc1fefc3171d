// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The GUI event loop during a 2,000-call judge run driven through the Judges panel (its JudgeRun
// worker, progress signals and labels), against the local test server answering after 50 ms at
// concurrency 32 (the server in a child process, so its work is not on our threads). A QTimer ticking
// every 5 ms on the GUI thread measures the longest gap between ticks. Goal: no stall over 50 ms.
// The same-run reference is the longest gap while the GUI thread is idle (no run) for as long.
// No timing assertion: the numbers and the goal (MET / NOT MET) are printed; the exit code only says
// the run completed.
#include "common/study_session.h"
#include "judge/judge_call_model.h"
#include "judge/judge_run.h"
#include "judge/judges_view.h"

#include "bench_report.h"
#include "store/study.h"
#include "test_llm_server.h"

#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTimer>

#include <csignal>
#include <cstdio>
#include <sys/wait.h>
#include <unistd.h>

using namespace concord;
using test::BenchReport;

namespace {

constexpr int documents = 200;
constexpr int candidatesPerDocument = 10;
constexpr int replyDelayMs = 50;
constexpr int concurrency = 32;

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
            test::Reply r = test::Reply::openAi("The summary is fine.\nScore: 4", 120, 8);
            r.delayMs = replyDelayMs;
            return r;
        });
        int port = server.start();
        if (write(fds[1], &port, sizeof port) != static_cast<ssize_t>(sizeof port))
            _exit(1);
        close(fds[1]);
        pause();
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
            for (int d = 0; d < documents; ++d) {
                model::Document doc;
                doc.externalId = std::string("doc-").append(std::to_string(d));
                doc.source = std::string("Article ")
                                 .append(std::to_string(d))
                                 .append(": the council voted to build a market hall, and work starts in March.");
                const model::Id id = s.addDocument(doc);
                for (int k = 0; k < candidatesPerDocument; ++k)
                    s.addCandidate(id, s.ensureSystem(std::string("system-").append(std::to_string(k))),
                                   std::string("Summary ")
                                       .append(std::to_string(k))
                                       .append(" of article ")
                                       .append(std::to_string(d))
                                       .append("."));
            }
        })
        .ok();
}

// Ticks every 5 ms and keeps the longest gap between two ticks.
class StallMeter {
public:
    StallMeter()
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(5);
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            const qint64 now = m_clock.nsecsElapsed();
            if (m_last >= 0)
                m_longest = std::max(m_longest, now - m_last);
            m_last = now;
            ++m_ticks;
        });
    }
    void start()
    {
        m_longest = 0;
        m_last = -1;
        m_ticks = 0;
        m_clock.start();
        m_timer.start();
    }
    void stop() { m_timer.stop(); }
    double longestMs() const { return static_cast<double>(m_longest) / 1e6; }
    // How long the GUI thread has gone without a tick, up to now.
    double sinceLastTickMs() const
    {
        return m_last < 0 ? 0.0 : static_cast<double>(m_clock.nsecsElapsed() - m_last) / 1e6;
    }
    long ticks() const { return m_ticks; }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = -1;
    qint64 m_longest = 0;
    long m_ticks = 0;
};

} // namespace

int main(int argc, char *argv[])
{
    // The server first: fork before any Qt thread exists.
    const auto [pid, port] = startServer();
    if (pid <= 0 || port == 0) {
        std::printf("could not start the test server\n");
        return 1;
    }
    QApplication app(argc, argv);
    BenchReport bench("bench_judge_panel");
    QTemporaryDir dir;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.filePath(QStringLiteral("settings")));
    const QString path = dir.filePath(QStringLiteral("bench.concord"));
    if (!createStudy(path.toStdString())) {
        kill(pid, SIGTERM);
        waitpid(pid, nullptr, 0);
        std::printf("could not create the study\n");
        return 1;
    }

    ui::StudySession session;
    if (!session.open(path).ok())
        return 1;
    ui::JudgesView view(&session);
    view.resize(1280, 800);
    view.show();
    view.findChild<QLineEdit *>(QStringLiteral("baseUrl"))->setText(QStringLiteral("http://127.0.0.1:%1/v1").arg(port));
    view.findChild<QLineEdit *>(QStringLiteral("model"))->setText(QStringLiteral("bench-model"));
    auto *protocol = view.findChild<QComboBox *>(QStringLiteral("protocol"));
    protocol->setCurrentIndex(protocol->findText(QStringLiteral("rts")));
    view.findChild<QSpinBox *>(QStringLiteral("concurrency"))->setValue(concurrency);

    StallMeter meter;
    QEventLoop loop;
    double runMs = 0, runLongest = 0, reloadMs = 0;
    long runTicks = 0;
    bool ok = false;
    QElapsedTimer runClock;
    // What the panel does once the run has ended (session refresh, calls browser of 2,000 calls) runs
    // before runFinished is emitted, in one go: no tick can fall inside it, so the longest gap so far
    // is the run's, and the time since the last tick is that reload's (plus at most one interval).
    QObject::connect(&view, &ui::JudgesView::runFinished, &view, [&](bool finishedOk) {
        ok = finishedOk;
        runMs = static_cast<double>(runClock.nsecsElapsed()) / 1e6;
        runLongest = meter.longestMs();
        runTicks = meter.ticks();
        reloadMs = meter.sinceLastTickMs();
        meter.stop();
        loop.quit();
    });
    meter.start();
    runClock.start();
    if (!view.startRun()) {
        std::printf("the run did not start\n");
        return 1;
    }
    loop.exec();
    const judge::RunProgress p = view.lastProgress();

    // The idle reference, for as long as the run took (at most 10 s).
    QEventLoop idleLoop;
    meter.start();
    QTimer::singleShot(static_cast<int>(std::min(runMs, 10000.0)), &idleLoop, &QEventLoop::quit);
    idleLoop.exec();
    meter.stop();
    const double idleLongest = meter.longestMs();

    kill(pid, SIGTERM);
    waitpid(pid, nullptr, 0);

    std::printf("Judge run through the panel: %zu calls (%zu sent), %d ms replies, concurrency %d, %.2f s\n", p.done,
                p.sent, replyDelayMs, concurrency, runMs / 1000);
    std::printf("  longest GUI event-loop stall during the run: %.1f ms, %ld ticks of 5 ms\n", runLongest, runTicks);
    std::printf("  same-run reference, GUI thread idle for as long: %.1f ms -> %.2fx the idle stall\n", idleLongest,
                idleLongest > 0 ? runLongest / idleLongest : 0.0);
    bench.goal("longest GUI event-loop stall during a 2,000-call judge run through the panel", runLongest, "ms",
               BenchReport::Comparison::AtMost, 50);
    bench.reference("run stall / idle stall", idleLongest > 0 ? runLongest / idleLongest : 0.0);
    std::printf(
        "  after the run, reloading the study and the calls browser (%d calls) on the GUI thread: at most %.1f ms\n",
        view.callModel()->rowCount(), reloadMs);
    const bool complete
        = ok && p.done == static_cast<std::size_t>(documents * candidatesPerDocument) && p.failed == 0 && !p.cancelled;
    std::printf("  run %s\n", complete ? "complete" : "NOT COMPLETE");
    return complete ? 0 : 1;
}

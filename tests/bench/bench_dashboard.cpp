// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark: the Agreement dashboard for the SummEval study (1,200 candidates, 8 human raters, 2 judges of
// recorded values, 4 dimensions, 1,000-resample bootstrap intervals) refreshes in under 1 s without
// blocking the GUI thread. Measures, over several refreshes, the time from refresh() to the result on
// screen and, with a QTimer ticking every 5 ms on the GUI thread meanwhile, the longest gap between ticks
// (the event loop's longest stall); and, as a same-run reference, the same statistics computed serially
// on one thread. Prints the numbers against their goals (1 s, 50 ms); asserts nothing about time.
#include "bench_report.h"
#include "common/study_session.h"
#include "compare/agreement_view.h"
#include "summeval_judges.h"
#include "test_paths.h"

#include "reports/dashboard_report.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

using namespace concord;
using test::BenchReport;

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    BenchReport bench("bench_dashboard");
    const int runs = 5;
    const std::string refreshGoal
        = "dashboard refresh to the result on screen (median of " + std::to_string(runs) + ")";
    const std::string stallGoal = "longest event-loop stall during the refreshes (5 ms ticker)";
    if (test::summevalFiles().isEmpty()) {
        std::printf("bench_dashboard: ../shared/data/summeval is absent (CONCORD_SHARED_DIR); nothing to measure\n");
        bench.notMeasured(refreshGoal, "ms", BenchReport::Comparison::Below, 1000, "../shared/data/summeval is absent");
        bench.notMeasured(stallGoal, "ms", BenchReport::Comparison::Below, 50, "../shared/data/summeval is absent");
        return 0;
    }
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("summeval.concord"));
    const std::string error = test::createSummEvalWithJudges(path.toStdString());
    if (!error.empty()) {
        std::fprintf(stderr, "bench_dashboard: %s\n", error.c_str());
        return 1;
    }
    ui::StudySession session;
    ui::AgreementView view(&session);
    view.resize(1280, 760);
    view.show();
    if (!session.open(path).ok())
        return 1;

    auto waitForResult = [&] {
        QEventLoop loop;
        QObject::connect(&view, &ui::AgreementView::refreshed, &loop, &QEventLoop::quit);
        QObject::connect(&view, &ui::AgreementView::refreshFailed, &loop, &QEventLoop::quit);
        if (view.isComputing())
            loop.exec();
    };
    waitForResult(); // the first refresh, on opening: a warm-up
    if (!view.report()) {
        std::fprintf(stderr, "bench_dashboard: the dashboard has no result\n");
        return 1;
    }
    const auto &r = *view.report();
    std::printf(
        "Agreement dashboard, SummEval: %zu judges, %zu human correlation reports, %zu alphas, %zu scatter series, "
        "%zu bootstrap resamples, %u worker threads\n",
        r.judges.size(), r.correlations.size() - r.judges.size(), r.alpha.size(), r.scatter.size(), r.options.resamples,
        r.options.threads);

    std::vector<double> refreshMs, stallMs;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer sinceTick;
        double longest = 0;
        QTimer ticker;
        ticker.setInterval(5);
        QObject::connect(&ticker, &QTimer::timeout, [&] {
            longest = std::max(longest, static_cast<double>(sinceTick.nsecsElapsed()) / 1e6);
            sinceTick.restart();
        });
        QElapsedTimer t;
        t.start();
        sinceTick.start();
        ticker.start();
        (void)session.refresh(); // as after an import: studyChanged, and the dashboard recomputes
        waitForResult();
        const double ms = static_cast<double>(t.nsecsElapsed()) / 1e6;
        // The stall includes the GUI thread's own work of putting the result on screen.
        longest = std::max(longest, static_cast<double>(sinceTick.nsecsElapsed()) / 1e6);
        ticker.stop();
        refreshMs.push_back(ms);
        stallMs.push_back(longest);
        std::printf("  refresh %d: %.0f ms to the result on screen, longest event-loop stall %.1f ms\n", i + 1, ms,
                    longest);
    }
    std::sort(refreshMs.begin(), refreshMs.end());
    const double worstStall = *std::max_element(stallMs.begin(), stallMs.end());

    reports::DashboardOptions serial = r.options;
    serial.threads = 1;
    serial.cancel = nullptr;
    QElapsedTimer t;
    t.start();
    const auto reference = reports::computeDashboard(path.toStdString(), serial);
    const double serialMs = static_cast<double>(t.nsecsElapsed()) / 1e6;
    if (!reference)
        return 1;

    bench.goal(refreshGoal, refreshMs[runs / 2], "ms", BenchReport::Comparison::Below, 1000);
    bench.goal(stallGoal, worstStall, "ms", BenchReport::Comparison::Below, 50);
    std::printf("Reference, same statistics serially on one thread in this run: %.0f ms -> the dashboard refresh takes "
                "%.2fx of it\n",
                serialMs, refreshMs[runs / 2] / serialMs);
    bench.reference("refresh / the same statistics serially on one thread", refreshMs[runs / 2] / serialMs);
    return 0;
}

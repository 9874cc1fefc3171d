// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark of the estimates from a share of the labels, on SummEval with the crowd's mean standing in
// for the experts and a tenth of the expert labels kept:
//  1. every system and dimension's estimates with intervals, the study opened and read (goal: under 0.2 s);
//  2. the what-if over 200 seeds (goal: under 5 s);
// each beside a numpy/scipy reference doing the same work on the same summaries in the same run
// (/usr/bin/python3; its ratio to ours is printed). Asserts nothing about time.
#include "bench_report.h"
#include "io/summeval_importer.h"
#include "median_time.h"
#include "reports/estimate_report.h"
#include "store/study.h"
#include "test_paths.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

using namespace concord;
using test::BenchReport;
using test::medianSeconds;

namespace {

constexpr const char *kPython = "/usr/bin/python3";

reports::EstimateRequest summevalRequest()
{
    reports::EstimateRequest request;
    request.predictorGroup = "turker";
    request.humanGroup = "expert";
    request.labelledFraction = 0.1;
    request.seed = 1;
    return request;
}

// Each summary's dimension, system, expert mean and crowd mean, one line each, for the reference.
bool writeSummaries(store::Study &study, const QString &path)
{
    std::map<model::Id, std::string> groupOf;
    for (const auto &r : study.raters())
        groupOf[r.id] = r.group;
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return false;
    int d = 0;
    for (const auto &dim : study.dimensions()) {
        struct Sums {
            model::Id system = 0;
            double expert = 0, turker = 0;
            int experts = 0, turkers = 0;
        };
        std::map<model::Id, Sums> byCandidate;
        for (const auto &row : study.ratingsOn(dim.id)) {
            Sums &s = byCandidate[row.candidate];
            s.system = row.system;
            if (groupOf[row.rater] == "expert") {
                s.expert += row.value;
                ++s.experts;
            } else if (groupOf[row.rater] == "turker") {
                s.turker += row.value;
                ++s.turkers;
            }
        }
        for (const auto &[id, s] : byCandidate)
            if (s.experts > 0 && s.turkers > 0)
                out.write(QStringLiteral("%1 %2 %3 %4\n")
                              .arg(d)
                              .arg(s.system)
                              .arg(s.expert / s.experts, 0, 'g', 17)
                              .arg(s.turker / s.turkers, 0, 'g', 17)
                              .toUtf8());
        ++d;
    }
    return true;
}

// The same what-if in numpy and scipy: per seed, a tenth of each dimension's summaries labelled, then per
// system PPI++ (lambda tuned over the dimension) with Welch-Satterthwaite t intervals and the labels' own.
const char *kReference = R"(
import sys, time, numpy as np
from scipy import stats
d = np.loadtxt(sys.argv[1]); repeats = int(sys.argv[2])
def run(seed):
    rng = np.random.default_rng(seed); held = 0
    for dim in np.unique(d[:, 0]):
        rows = d[d[:, 0] == dim]; n = len(rows)
        lab = np.zeros(n, bool); lab[rng.permutation(n)[:round(0.1 * n)]] = True
        y, f = rows[:, 2], rows[:, 3]
        yl, fl, fu = y[lab], f[lab], f[~lab]
        lam = np.clip(np.cov(yl, fl)[0, 1] / ((1 + len(yl) / len(fu)) * np.var(f, ddof=1)), 0, 1)
        for s in np.unique(rows[:, 1]):
            m = rows[:, 1] == s; ys, fs, us = y[m & lab], f[m & lab], f[m & ~lab]
            if len(ys) < 2: continue
            r = ys - lam * fs; a = np.var(r, ddof=1) / len(ys); b = lam * lam * np.var(us, ddof=1) / len(us)
            df = (a + b) ** 2 / (a * a / (len(ys) - 1) + b * b / (len(us) - 1)) if a + b > 0 else len(ys) - 1
            est = lam * us.mean() + r.mean(); half = stats.t.ppf(0.975, df) * np.sqrt(a + b)
            hh = stats.t.ppf(0.975, len(ys) - 1) * np.std(ys, ddof=1) / np.sqrt(len(ys))
            full = y[m].mean(); held += (est - half <= full <= est + half) + (ys.mean() - hh <= full <= ys.mean() + hh)
    return held
t = time.perf_counter(); run(1); one = time.perf_counter() - t
t = time.perf_counter(); [run(s) for s in range(1, repeats + 1)]; many = time.perf_counter() - t
print(one, many)
)";

} // namespace

int main()
{
    BenchReport bench("bench_estimate");
    const std::string goalOnce = "Estimates of every SummEval system and dimension, with intervals";
    const std::string goalRepeat = "The SummEval what-if over 200 seeds";
    const QStringList files = test::summevalFiles();
    if (files.isEmpty()) {
        std::printf("bench_estimate: ../shared/data/summeval is absent (CONCORD_SHARED_DIR); nothing to measure\n");
        bench.notMeasured(goalOnce, "s", BenchReport::Comparison::Below, 0.2, "../shared/data/summeval is absent");
        bench.notMeasured(goalRepeat, "s", BenchReport::Comparison::Below, 5, "../shared/data/summeval is absent");
        return 0;
    }
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("summeval.concord")).toStdString();
    {
        auto study = store::Study::create(path);
        std::vector<std::string> paths;
        for (const QString &f : files)
            paths.push_back(f.toStdString());
        if (!study.ok() || !io::SummEvalImporter::importFiles(*study.value(), paths).ok()) {
            std::printf("bench_estimate: the SummEval study could not be made\n");
            return 1;
        }
        if (!writeSummaries(*study.value(), dir.filePath(QStringLiteral("summaries.txt"))))
            return 1;
    }

    const reports::EstimateRequest request = summevalRequest();
    std::size_t systems = 0;
    const double once = medianSeconds(5, [&] {
        store::OpenOptions options;
        options.readOnly = true;
        auto study = store::Study::open(path, options);
        const auto report = reports::computeEstimates(*study.value(), request);
        systems = report.ok() ? report.value().systems.size() : 0;
    });
    std::printf("estimates of %zu system means with intervals and every pair's difference: %.1f ms (median of 5)\n",
                systems, once * 1e3);
    if (systems != 48) {
        std::printf("bench_estimate: expected 48 system means (12 systems, 4 dimensions), got %zu\n", systems);
        return 1;
    }
    bench.goal(goalOnce, once, "s", BenchReport::Comparison::Below, 0.2);

    std::size_t runs = 0;
    const double repeat = medianSeconds(3, [&] {
        store::OpenOptions options;
        options.readOnly = true;
        auto study = store::Study::open(path, options);
        const auto summary = reports::repeatWhatIf(*study.value(), request, 200);
        runs = 0;
        if (summary.ok())
            for (const auto &w : summary.value())
                runs += w.runs;
    });
    std::printf("what-if over 200 seeds (%zu system runs): %.0f ms (median of 3)\n", runs, repeat * 1e3);
    bench.goal(goalRepeat, repeat, "s", BenchReport::Comparison::Below, 5);

    if (!QFile::exists(QString::fromLatin1(kPython))) {
        std::printf("  reference unavailable: numpy/scipy need /usr/bin/python3 with python3-scipy\n");
        return 0;
    }
    QProcess p;
    p.start(QString::fromLatin1(kPython), {QStringLiteral("-c"), QString::fromLatin1(kReference),
                                           dir.filePath(QStringLiteral("summaries.txt")), QStringLiteral("200")});
    if (!p.waitForFinished(600000) || p.exitCode() != 0) {
        std::printf("  reference failed: %s\n", p.readAllStandardError().trimmed().constData());
        return 0;
    }
    const QList<QByteArray> parts = p.readAllStandardOutput().trimmed().split(' ');
    const double refOnce = parts.value(0).toDouble();
    const double refRepeat = parts.value(1).toDouble();
    std::printf("  numpy/scipy, the same work on the same summaries: one estimate %.1f ms, 200 seeds %.0f ms\n",
                refOnce * 1e3, refRepeat * 1e3);
    std::printf("  -> Concord is %.1fx (estimates, with opening the study) and %.1fx (what-if) as fast\n",
                refOnce / once, refRepeat / repeat);
    bench.reference("numpy estimates time / ours", refOnce / once);
    bench.reference("numpy what-if time / ours", refRepeat / repeat);
    return 0;
}

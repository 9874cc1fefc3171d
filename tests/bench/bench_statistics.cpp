// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmarks of the statistics engine, each against a reference run on the same machine in the same run:
//  1. Kendall tau-b on 1,000,000 pairs against scipy.stats.kendalltau (Debian's /usr/bin/python3).
//  2. Everything the agreement dashboard shows for the SummEval study — each of the 8 human raters
//     against the rest of its group on 4 dimensions at every level, per system and as a
//     meta-correlation with 1,000-resample bootstrap intervals, and Krippendorff's alpha of both
//     groups on every dimension and level with 1,000-resample intervals — against the goal of 2 s on
//     2 cores; and one slice of it (one rater, one dimension, one coefficient) against a numpy/scipy
//     implementation of the same computation.
// Prints numbers and goals (MET / NOT MET); asserts only that the results agree with the reference.
#include "bench_report.h"
#include "io/summeval_importer.h"
#include "median_time.h"
#include "reports/agreement_report.h"
#include "reports/correlation_report.h"
#include "reports/rating_matrices.h"
#include "stats/correlation.h"
#include "store/study.h"
#include "test_paths.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <thread>
#include <vector>

using namespace concord;
using test::BenchReport;
using test::medianSeconds;

namespace {

constexpr const char *kPython = "/usr/bin/python3";

// Runs a Python script; returns its stdout, or empty when Python or numpy/scipy are missing.
QByteArray runPython(const QString &script, const QStringList &args)
{
    if (!QFile::exists(QString::fromLatin1(kPython)))
        return {};
    QProcess p;
    p.start(QString::fromLatin1(kPython), QStringList{QStringLiteral("-c"), script} + args);
    if (!p.waitForFinished(600000) || p.exitCode() != 0) {
        std::printf("  (reference failed: %s)\n", p.readAllStandardError().trimmed().constData());
        return {};
    }
    return p.readAllStandardOutput();
}

bool kendallBenchmark(const QTemporaryDir &dir, BenchReport &bench)
{
    const std::size_t n = 1000000;
    std::mt19937_64 rng(12345);
    std::uniform_int_distribution<int> score(1, 1000);
    std::normal_distribution<double> noise(0, 150);
    std::vector<double> x(n), y(n);
    for (std::size_t i = 0; i < n; ++i) {
        x[i] = score(rng);
        y[i] = std::round(x[i] + noise(rng));
    }
    stats::Correlation ours;
    const double oursSeconds = medianSeconds(5, [&] { ours = stats::kendallTauB(x, y); });
    std::printf("Kendall tau-b, %zu pairs: tau %.12f p %.3g, %.1f ms (median of 5)\n", n, ours.value, ours.p,
                oursSeconds * 1e3);

    const QString file = dir.filePath(QStringLiteral("kendall.bin"));
    QFile f(file);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    f.write(reinterpret_cast<const char *>(x.data()), static_cast<qint64>(n * sizeof(double)));
    f.write(reinterpret_cast<const char *>(y.data()), static_cast<qint64>(n * sizeof(double)));
    f.close();
    const QString script = QStringLiteral(
        "import sys, time, numpy as np\n"
        "from scipy import stats\n"
        "d = np.fromfile(sys.argv[1], dtype=np.float64); n = d.size // 2\n"
        "x, y = d[:n], d[n:]\n"
        "times = []\n"
        "for _ in range(5):\n"
        "    t = time.perf_counter(); r = stats.kendalltau(x, y); times.append(time.perf_counter() - t)\n"
        "times.sort()\n"
        "print(repr(r.correlation), repr(r.pvalue), times[2])\n");
    const std::string goal = "Kendall tau-b, 1,000,000 pairs: scipy time / ours";
    const QByteArray out = runPython(script, {file});
    if (out.isEmpty()) {
        std::printf("  reference unavailable: scipy.stats.kendalltau needs /usr/bin/python3 with python3-scipy\n");
        bench.notMeasured(goal, "x", BenchReport::Comparison::AtLeast, 1,
                          "scipy.stats.kendalltau needs /usr/bin/python3 with python3-scipy");
        return true;
    }
    const QList<QByteArray> parts = out.trimmed().split(' ');
    const double tau = parts.value(0).toDouble(), p = parts.value(1).toDouble(), seconds = parts.value(2).toDouble();
    std::printf("  scipy.stats.kendalltau: tau %.12f p %.3g, %.1f ms -> Concord is %.1fx as fast\n", tau, p,
                seconds * 1e3, seconds / oursSeconds);
    bench.goal(goal, seconds / oursSeconds, "x", BenchReport::Comparison::AtLeast, 1);
    const bool agree = std::fabs(tau - ours.value) <= 1e-9 && std::fabs(p - ours.p) <= 1e-9;
    std::printf("  values agree within 1e-9: %s\n", agree ? "yes" : "NO");
    return agree;
}

struct Dashboard {
    std::size_t correlationEntries = 0;
    std::size_t alphaEntries = 0;
};

// The dashboard's statistics for every human rater against the rest of its group, and the groups'
// alphas: the jobs are shared out over the threads, each with its own read-only connection, as the
// dashboard does off the GUI thread.
Dashboard dashboard(const std::string &path, const std::vector<stats::CorrelationMethod> &methods, unsigned threads)
{
    std::vector<std::pair<std::string, std::string>> raters; // name, group
    {
        store::OpenOptions options;
        options.readOnly = true;
        auto study = store::Study::open(path, options);
        for (const auto &r : study.value()->raters())
            raters.push_back({r.name, r.group});
    }
    struct Job {
        std::string rater, group, dimension;
        stats::MeasurementLevel level = stats::MeasurementLevel::Nominal;
        bool alpha = false;
    };
    std::vector<Job> jobs;
    for (const auto &[name, group] : raters)
        jobs.push_back({name, group, {}, {}, false});
    for (const char *group : {"expert", "turker"})
        for (const char *dimension : {"coherence", "consistency", "fluency", "relevance"})
            for (auto level : {stats::MeasurementLevel::Nominal, stats::MeasurementLevel::Ordinal,
                               stats::MeasurementLevel::Interval, stats::MeasurementLevel::Ratio})
                jobs.push_back({{}, group, dimension, level, true});
    std::atomic<std::size_t> next{0}, correlationEntries{0}, alphaEntries{0};
    auto work = [&] {
        store::OpenOptions options;
        options.readOnly = true;
        auto study = store::Study::open(path, options);
        if (!study.ok())
            return;
        for (std::size_t i = next++; i < jobs.size(); i = next++) {
            const Job &job = jobs[i];
            if (job.alpha) {
                reports::AgreementRequest request;
                request.group = job.group;
                request.dimension = job.dimension;
                request.level = job.level;
                request.bootstrap = 1000;
                if (reports::computeAgreement(*study.value(), request).ok())
                    ++alphaEntries;
            } else {
                reports::CorrelationRequest request;
                request.humanGroup = job.group;
                request.rater = job.rater;
                request.methods = methods;
                request.bootstrap = 1000;
                if (auto r = reports::computeCorrelationReport(*study.value(), request); r.ok())
                    correlationEntries += reports::toRows(r.value()).size();
            }
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t)
        pool.emplace_back(work);
    for (auto &t : pool)
        t.join();
    return {correlationEntries.load(), alphaEntries.load()};
}

// One slice of the dashboard — a rater against the experts' mean, summary-level Kendall tau-b with a
// 200-resample bootstrap over systems and documents — here and in numpy/scipy, timed in the same run.
bool sliceBenchmark(const std::string &path, const QTemporaryDir &dir, BenchReport &bench)
{
    store::OpenOptions options;
    options.readOnly = true;
    auto study = store::Study::open(path, options);
    if (!study.ok())
        return false;
    reports::CorrelationRequest request;
    request.humanGroup = "expert";
    request.rater = "turker_1";
    request.dimensions = {"relevance"};
    request.levels = {reports::Level::Summary};
    request.methods = {stats::CorrelationMethod::KendallB};
    request.bootstrap = 200;
    reports::CorrelationReport report;
    const double ours
        = medianSeconds(3, [&] { report = reports::computeCorrelationReport(*study.value(), request).value(); });
    const auto &entry = report.dimensions[0].summary.at(stats::CorrelationMethod::KendallB);
    std::printf(
        "Slice (turker_1 vs experts, relevance, summary-level tau-b, 200 resamples): %.4f [%.4f, %.4f], %.1f ms\n",
        entry.correlation.value, entry.ci.low, entry.ci.high, ours * 1e3);

    // The same matrices for the reference: the judge's and the human mean, 12 systems × 100 documents.
    const auto dimension = study.value()->dimensionId("relevance").value();
    const reports::RatingMatrices matrices(study.value()->ratingsOn(dimension));
    std::vector<model::Id> experts;
    for (const auto &r : study.value()->raters())
        if (r.group == "expert")
            experts.push_back(r.id);
    const auto judge = *matrices.of(study.value()->raterId("turker_1").value());
    const auto humans = matrices.mean(experts);
    const QString file = dir.filePath(QStringLiteral("slice.bin"));
    QFile f(file);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    f.write(reinterpret_cast<const char *>(judge.cells().data()),
            static_cast<qint64>(judge.cells().size() * sizeof(double)));
    f.write(reinterpret_cast<const char *>(humans.cells().data()),
            static_cast<qint64>(humans.cells().size() * sizeof(double)));
    f.close();
    const QString script
        = QStringLiteral("import sys, time, numpy as np\n"
                         "from scipy import stats\n"
                         "d = np.fromfile(sys.argv[1]).reshape(2, 12, 100)\n"
                         "def summary(x, z):\n"
                         "    v = [stats.kendalltau(x[:, j], z[:, j]).correlation for j in range(x.shape[1])]\n"
                         "    v = [t for t in v if not np.isnan(t)]\n"
                         "    return np.mean(v) if v else np.nan\n"
                         "t = time.perf_counter()\n"
                         "point = summary(d[0], d[1])\n"
                         "rng = np.random.default_rng(1); values = []\n"
                         "for _ in range(200):\n"
                         "    r = rng.integers(0, 12, 12); c = rng.integers(0, 100, 100)\n"
                         "    values.append(summary(d[0][np.ix_(r, c)], d[1][np.ix_(r, c)]))\n"
                         "lo, hi = np.nanpercentile(values, [2.5, 97.5])\n"
                         "print(repr(point), lo, hi, time.perf_counter() - t)\n");
    const QByteArray out = runPython(script, {file});
    if (out.isEmpty()) {
        std::printf("  reference unavailable: needs /usr/bin/python3 with python3-scipy\n");
        return true;
    }
    const QList<QByteArray> parts = out.trimmed().split(' ');
    const double point = parts.value(0).toDouble(), seconds = parts.value(3).toDouble();
    std::printf("  numpy/scipy: %.4f [%.4f, %.4f], %.1f ms -> Concord is %.0fx as fast\n", point,
                parts.value(1).toDouble(), parts.value(2).toDouble(), seconds * 1e3, seconds / ours);
    bench.reference("dashboard slice: numpy/scipy time / ours", seconds / ours);
    const bool agree = std::fabs(point - entry.correlation.value) <= 1e-9;
    std::printf("  point estimates agree within 1e-9: %s\n", agree ? "yes" : "NO");
    return agree;
}

std::string dashboardGoal(std::size_t coefficients)
{
    return "SummEval dashboard statistics, " + std::to_string(coefficients)
           + " coefficient(s), 1,000 resamples (median of 3)";
}

} // namespace

int main()
{
    BenchReport bench("bench_statistics");
    QTemporaryDir dir;
    bool ok = kendallBenchmark(dir, bench);

    const QStringList files = test::summevalFiles();
    if (files.isEmpty()) {
        std::printf("SummEval dashboard: ../shared/data/summeval is absent, not measured\n");
        for (const std::size_t coefficients : {std::size_t{1}, std::size_t{3}})
            bench.notMeasured(dashboardGoal(coefficients), "s", BenchReport::Comparison::Below, 2,
                              "../shared/data/summeval is absent");
        return ok ? 0 : 1;
    }
    const std::string path = dir.filePath(QStringLiteral("summeval.concord")).toStdString();
    {
        auto created = store::Study::create(path);
        std::vector<std::string> paths;
        for (const auto &f : files)
            paths.push_back(f.toStdString());
        if (!created.ok() || !io::SummEvalImporter::importFiles(*created.value(), paths).ok())
            return 1;
    }
    ok = sliceBenchmark(path, dir, bench) && ok;
    const unsigned threads = std::max(1u, std::min(2u, std::thread::hardware_concurrency()));
    for (const auto &methods :
         {std::vector<stats::CorrelationMethod>{stats::CorrelationMethod::KendallB},
          std::vector<stats::CorrelationMethod>{stats::CorrelationMethod::Pearson, stats::CorrelationMethod::Spearman,
                                                stats::CorrelationMethod::KendallB}}) {
        Dashboard d;
        const double seconds = medianSeconds(3, [&] { d = dashboard(path, methods, threads); });
        std::printf("SummEval dashboard, %zu coefficient(s): %zu correlation entries + %zu alphas, all with "
                    "1,000-resample CIs: "
                    "%.2f s on %u threads\n",
                    methods.size(), d.correlationEntries, d.alphaEntries, seconds, threads);
        bench.goal(dashboardGoal(methods.size()), seconds, "s", BenchReport::Comparison::Below, 2);
    }
    return ok ? 0 : 1;
}

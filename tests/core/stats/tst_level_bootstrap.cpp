// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The bootstrap of several coefficients at once (one set of draws, cells classed once, ranks and pair
// counts by counting) gives bit for bit the intervals of the straightforward computation: each
// coefficient and level alone, every resample copied into new matrices and correlated from scratch.
// That straightforward bootstrap is kept here as the reference, on inputs with ties, duplicated draws,
// missing cells, signed zeros, constant samples and many distinct values; and the correlation report,
// which now takes the shared path, is checked against it entry by entry.
#include "model/seeded_draw.h"
#include "reports/correlation_report.h"
#include "reports/rating_matrices.h"
#include "stats/level_bootstrap.h"
#include "stats/levels.h"
#include "store/study.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <random>
#include <string>

using namespace concord;
using stats::ConfidenceInterval;
using stats::CorrelationMethod;
using stats::ResampleUnit;
using stats::ScoreMatrix;

Q_DECLARE_METATYPE(stats::ResampleUnit)

namespace {

using Statistic = std::function<double(const ScoreMatrix &, const ScoreMatrix &)>;

// The straightforward percentile bootstrap: draw a resample's rows, then its columns, copy the cells
// into new matrices, compute the statistic on them.
ConfidenceInterval referenceBootstrap(const ScoreMatrix &x, const ScoreMatrix &z, const Statistic &statistic,
                                      const stats::BootstrapOptions &options)
{
    ConfidenceInterval ci;
    ci.confidence = options.confidence;
    const std::size_t rows = x.systems(), cols = x.documents();
    if (rows == 0 || cols == 0 || options.resamples == 0)
        return ci;
    model::SeededDraw draw(options.seed);
    const bool resampleRows = options.unit != ResampleUnit::Documents;
    const bool resampleCols = options.unit != ResampleUnit::Systems;
    std::vector<std::size_t> rowIndex(rows), colIndex(cols);
    std::vector<double> values;
    for (std::size_t b = 0; b < options.resamples; ++b) {
        for (std::size_t i = 0; i < rows; ++i)
            rowIndex[i] = resampleRows ? draw.below(static_cast<std::uint32_t>(rows)) : i;
        for (std::size_t j = 0; j < cols; ++j)
            colIndex[j] = resampleCols ? draw.below(static_cast<std::uint32_t>(cols)) : j;
        ScoreMatrix rx(rows, cols), rz(rows, cols);
        for (std::size_t i = 0; i < rows; ++i)
            for (std::size_t j = 0; j < cols; ++j) {
                rx.at(i, j) = x.at(rowIndex[i], colIndex[j]);
                rz.at(i, j) = z.at(rowIndex[i], colIndex[j]);
            }
        const double v = statistic(rx, rz);
        if (std::isnan(v))
            ++ci.undefinedResamples;
        else
            values.push_back(v);
    }
    ci.resamples = options.resamples;
    std::sort(values.begin(), values.end());
    const double alpha = 1.0 - options.confidence;
    ci.low = stats::quantileSorted(values, alpha / 2);
    ci.high = stats::quantileSorted(values, 1.0 - alpha / 2);
    return ci;
}

ScoreMatrix rowOf(const ScoreMatrix &m, std::size_t s)
{
    return ScoreMatrix(1, m.documents(), m.row(s));
}

// Each level's statistic as the correlation report computed it for one coefficient.
Statistic datasetStatistic(CorrelationMethod m)
{
    return [m](const ScoreMatrix &a, const ScoreMatrix &b) { return stats::datasetLevel(a, b, m, false).value; };
}
Statistic systemStatistic(CorrelationMethod m)
{
    return [m](const ScoreMatrix &a, const ScoreMatrix &b) { return stats::systemLevel(a, b, m, false).value; };
}
Statistic summaryStatistic(CorrelationMethod m)
{
    return [m](const ScoreMatrix &a, const ScoreMatrix &b) { return stats::summaryLevelMean(a, b, m); };
}
Statistic rowStatistic(CorrelationMethod m)
{
    return [m](const ScoreMatrix &a, const ScoreMatrix &b) {
        return stats::correlate(a.cells(), b.cells(), m, false).value;
    };
}
Statistic metaStatistic(CorrelationMethod m)
{
    return [m](const ScoreMatrix &a, const ScoreMatrix &b) { return stats::metaCorrelation(a, b, m, false).m.value; };
}

bool same(double a, double b)
{
    return (std::isnan(a) && std::isnan(b)) || (a == b && std::signbit(a) == std::signbit(b));
}

// Compares every field bit for bit; names what differs.
bool sameInterval(const ConfidenceInterval &got, const ConfidenceInterval &want, const std::string &what)
{
    if (same(got.low, want.low) && same(got.high, want.high) && got.resamples == want.resamples
        && got.undefinedResamples == want.undefinedResamples && got.confidence == want.confidence)
        return true;
    std::printf("%s: got [%.17g, %.17g] %zu resamples, %zu undefined; want [%.17g, %.17g] %zu, %zu\n", what.c_str(),
                got.low, got.high, got.resamples, got.undefinedResamples, want.low, want.high, want.resamples,
                want.undefinedResamples);
    return false;
}

// Scores of one kind from a latent value.
double score(const QString &kind, double latent, std::mt19937_64 &rng)
{
    std::normal_distribution<double> noise(0, 1);
    const double v = latent + noise(rng);
    if (kind == QLatin1String("likert")) // 1..5
        return std::clamp(std::round(3 + v), 1.0, 5.0);
    if (kind == QLatin1String("mean3")) { // means of three likert ratings: thirds
        double sum = 0;
        for (int i = 0; i < 3; ++i)
            sum += std::clamp(std::round(3 + latent + noise(rng)), 1.0, 5.0);
        return sum / 3;
    }
    if (kind == QLatin1String("binary"))
        return v > 0.8 ? 1.0 : 0.0;
    if (kind == QLatin1String("zeros")) // -0.0 and 0.0 among few values
        return v < -0.5 ? -1.0 : v < 0 ? -0.0 : v < 0.5 ? 0.0 : 0.5;
    return v; // continuous: every value distinct
}

struct Inputs {
    ScoreMatrix x, z;
};

Inputs makeInputs(const QString &xKind, const QString &zKind, std::size_t systems, std::size_t documents,
                  double missing, std::uint64_t seed)
{
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> latent(0, 1);
    std::uniform_real_distribution<double> unit(0, 1);
    Inputs in{ScoreMatrix(systems, documents), ScoreMatrix(systems, documents)};
    for (std::size_t s = 0; s < systems; ++s) {
        const double systemEffect = latent(rng) * 0.5;
        for (std::size_t d = 0; d < documents; ++d) {
            const double l = systemEffect + latent(rng);
            in.x.at(s, d) = unit(rng) < missing ? ScoreMatrix::missing() : score(xKind, l, rng);
            in.z.at(s, d) = unit(rng) < missing ? ScoreMatrix::missing() : score(zKind, l, rng);
        }
    }
    return in;
}

const std::vector<CorrelationMethod> kMethods{CorrelationMethod::KendallC, CorrelationMethod::Pearson,
                                              CorrelationMethod::KendallB, CorrelationMethod::Spearman};

} // namespace

class TestLevelBootstrap : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void levelsMatchPerCoefficientBootstrap_data();
    void levelsMatchPerCoefficientBootstrap();
    void reportMatchesPerCoefficientBootstrap_data();
    void reportMatchesPerCoefficientBootstrap();
};

void TestLevelBootstrap::levelsMatchPerCoefficientBootstrap_data()
{
    QTest::addColumn<QString>("xKind");
    QTest::addColumn<QString>("zKind");
    QTest::addColumn<int>("systems");
    QTest::addColumn<int>("documents");
    QTest::addColumn<double>("missing");
    QTest::addColumn<int>("resamples");
    QTest::addColumn<ResampleUnit>("unit");

    struct Case {
        const char *name, *x, *z;
        int systems, documents;
        double missing;
        int resamples;
    };
    // Small samples are counted pair by pair, larger ones in contingency tables; many distinct values
    // take the general path; more than 100,000 cells leave the exact shortcut for rank sums.
    const Case cases[] = {
        {"likert vs thirds", "likert", "mean3", 12, 40, 0.0, 150},
        {"likert vs likert, missing cells", "likert", "likert", 8, 30, 0.15, 150},
        {"continuous vs continuous", "continuous", "continuous", 6, 50, 0.05, 100},
        {"continuous vs likert", "continuous", "likert", 30, 12, 0.0, 100},
        {"binary vs likert: constant resamples", "binary", "likert", 5, 9, 0.1, 200},
        {"signed zeros", "zeros", "zeros", 7, 35, 0.0, 150},
        {"many systems per document", "likert", "mean3", 30, 8, 0.05, 100},
        {"one system", "likert", "mean3", 1, 60, 0.0, 100},
        {"two by three", "likert", "continuous", 2, 3, 0.0, 200},
        {"mostly missing", "likert", "likert", 4, 10, 0.7, 200},
        {"more than 100,000 cells", "likert", "mean3", 2, 50001, 0.0, 4},
    };
    for (const Case &c : cases)
        for (const auto unit : {ResampleUnit::Both, ResampleUnit::Systems, ResampleUnit::Documents})
            QTest::addRow("%s, %s", c.name, std::string(stats::toString(unit)).c_str())
                << QString::fromLatin1(c.x) << QString::fromLatin1(c.z) << c.systems << c.documents << c.missing
                << c.resamples << unit;
}

void TestLevelBootstrap::levelsMatchPerCoefficientBootstrap()
{
    QFETCH(QString, xKind);
    QFETCH(QString, zKind);
    QFETCH(int, systems);
    QFETCH(int, documents);
    QFETCH(double, missing);
    QFETCH(int, resamples);
    QFETCH(ResampleUnit, unit);
    const Inputs in = makeInputs(xKind, zKind, static_cast<std::size_t>(systems), static_cast<std::size_t>(documents),
                                 missing, 20260101u + static_cast<std::uint64_t>(systems * 1000 + documents));
    stats::BootstrapOptions options;
    options.resamples = static_cast<std::size_t>(resamples);
    options.unit = unit;
    options.seed = 77;
    const bool large = in.x.cells().size() > 100000;

    const auto dataset = stats::bootstrapDatasetLevel(in.x, in.z, kMethods, options);
    const auto system = stats::bootstrapSystemLevel(in.x, in.z, kMethods, options);
    const auto summary = stats::bootstrapSummaryLevel(in.x, in.z, kMethods, options);
    const auto perSystem = stats::bootstrapPerSystem(in.x, in.z, kMethods, options);
    const auto meta = stats::bootstrapMetaCorrelation(in.x, in.z, kMethods, options);
    QCOMPARE(dataset.size(), kMethods.size());
    QCOMPARE(perSystem.size(), in.x.systems());

    stats::BootstrapOptions documentsOnly = options, systemsOnly = options;
    documentsOnly.unit = ResampleUnit::Documents;
    systemsOnly.unit = ResampleUnit::Systems;
    for (std::size_t m = 0; m < kMethods.size(); ++m) {
        const CorrelationMethod method = kMethods[m];
        const std::string name(stats::toString(method));
        QVERIFY(sameInterval(dataset[m], referenceBootstrap(in.x, in.z, datasetStatistic(method), options),
                             std::string("dataset ").append(name)));
        if (large)
            continue; // the other levels see few items per sample; the dataset level is the one that is large
        QVERIFY(sameInterval(system[m], referenceBootstrap(in.x, in.z, systemStatistic(method), options),
                             std::string("system ").append(name)));
        QVERIFY(sameInterval(summary[m], referenceBootstrap(in.x, in.z, summaryStatistic(method), options),
                             std::string("summary ").append(name)));
        for (std::size_t s = 0; s < in.x.systems(); ++s)
            QVERIFY(
                sameInterval(perSystem[s][m],
                             referenceBootstrap(rowOf(in.x, s), rowOf(in.z, s), rowStatistic(method), documentsOnly),
                             std::string("per-system ").append(std::to_string(s)).append(" ").append(name)));
        QVERIFY(sameInterval(meta[m], referenceBootstrap(in.x, in.z, metaStatistic(method), systemsOnly),
                             std::string("meta ").append(name)));
    }
    // A run that computes one coefficient alone gives its interval unchanged.
    const std::vector<CorrelationMethod> spearmanOnly{CorrelationMethod::Spearman};
    QVERIFY(
        sameInterval(stats::bootstrapDatasetLevel(in.x, in.z, spearmanOnly, options)[0], dataset[3], "spearman alone"));
}

void TestLevelBootstrap::reportMatchesPerCoefficientBootstrap_data()
{
    QTest::addColumn<ResampleUnit>("unit");
    QTest::newRow("both") << ResampleUnit::Both;
    QTest::newRow("systems") << ResampleUnit::Systems;
    QTest::newRow("documents") << ResampleUnit::Documents;
}

// A judge against three humans on a study with ties, a missing rating and one system the judge rates
// the same everywhere (its per-system coefficient is undefined and gets no interval).
void TestLevelBootstrap::reportMatchesPerCoefficientBootstrap()
{
    QFETCH(ResampleUnit, unit);
    auto created = store::Study::createInMemory();
    QVERIFY(created.ok());
    store::Study &study = *created.value();
    model::Id dimension = 0, judge = 0;
    std::vector<model::Id> humans;
    QVERIFY(study
                .write([&] {
                    model::Dimension coherence;
                    coherence.name = "coherence";
                    dimension = study.ensureDimension(coherence);
                    for (const char *name : {"h1", "h2", "h3"}) {
                        model::Rater r;
                        r.name = name;
                        r.kind = model::RaterKind::Human;
                        r.group = "expert";
                        humans.push_back(study.ensureRater(r));
                    }
                    model::Rater j;
                    j.name = "judge";
                    j.kind = model::RaterKind::Judge;
                    judge = study.ensureRater(j);
                    std::mt19937_64 rng(5);
                    std::uniform_int_distribution<int> likert(1, 5);
                    for (int d = 0; d < 30; ++d) {
                        model::Document document;
                        document.externalId = std::string("d").append(std::to_string(d));
                        const model::Id doc = study.addDocument(document);
                        for (int s = 0; s < 6; ++s) {
                            const model::Id candidate = study.addCandidate(
                                doc, study.ensureSystem(std::string("S").append(std::to_string(s))), "text");
                            const int truth = likert(rng);
                            for (const model::Id h : humans)
                                study.setRating(h, candidate, dimension, std::clamp(truth + likert(rng) / 3 - 1, 1, 5));
                            if (s == 5)
                                study.setRating(judge, candidate, dimension, 3);
                            else if (!(d == 7 && s == 2))
                                study.setRating(judge, candidate, dimension,
                                                std::clamp(truth + likert(rng) / 2 - 1, 1, 5));
                        }
                    }
                })
                .ok());

    reports::CorrelationRequest request;
    request.humanGroup = "expert";
    request.rater = "judge";
    request.methods = {CorrelationMethod::Pearson, CorrelationMethod::Spearman, CorrelationMethod::KendallB,
                       CorrelationMethod::KendallC};
    request.bootstrap = 120;
    request.bootstrapOptions.unit = unit;
    request.bootstrapOptions.seed = 99;
    const auto report = reports::computeCorrelationReport(study, request);
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report.value().dimensions.size(), std::size_t{1});
    const reports::DimensionReport &d = report.value().dimensions[0];

    const reports::RatingMatrices matrices(study.ratingsOn(dimension));
    const ScoreMatrix &x = *matrices.of(judge);
    const ScoreMatrix z = matrices.mean(humans);
    stats::BootstrapOptions options = request.bootstrapOptions;
    options.resamples = request.bootstrap;
    stats::BootstrapOptions documentsOnly = options, systemsOnly = options;
    documentsOnly.unit = ResampleUnit::Documents;
    systemsOnly.unit = ResampleUnit::Systems;
    std::size_t undefinedSystems = 0;
    for (const CorrelationMethod method : request.methods) {
        const std::string name(stats::toString(method));
        QVERIFY(sameInterval(d.dataset.at(method).ci, referenceBootstrap(x, z, datasetStatistic(method), options),
                             std::string("dataset ").append(name)));
        QVERIFY(sameInterval(d.system.at(method).ci, referenceBootstrap(x, z, systemStatistic(method), options),
                             std::string("system ").append(name)));
        QVERIFY(sameInterval(d.summary.at(method).ci, referenceBootstrap(x, z, summaryStatistic(method), options),
                             std::string("summary ").append(name)));
        for (std::size_t s = 0; s < d.systemNames.size(); ++s) {
            const reports::ReportEntry &e = d.perSystem.at(d.systemNames[s]).at(method);
            if (!e.correlation.defined()) {
                QCOMPARE(e.ci.resamples, std::size_t{0});
                QVERIFY(!e.ci.defined());
                ++undefinedSystems;
                continue;
            }
            QVERIFY(sameInterval(e.ci,
                                 referenceBootstrap(rowOf(x, s), rowOf(z, s), rowStatistic(method), documentsOnly),
                                 std::string("per-system ").append(d.systemNames[s]).append(" ").append(name)));
        }
        QVERIFY(sameInterval(d.meta.at(method).ci, referenceBootstrap(x, z, metaStatistic(method), systemsOnly),
                             std::string("meta ").append(name)));
    }
    QCOMPARE(undefinedSystems, request.methods.size()); // S5, once per coefficient
}

QTEST_APPLESS_MAIN(TestLevelBootstrap)
#include "tst_level_bootstrap.moc"

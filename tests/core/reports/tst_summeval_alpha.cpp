// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Krippendorff's alpha on the SummEval study as imported: the experts' and the crowd workers'
// agreement for every dimension and level, as in ../shared/reference/summeval_expected.json.
#include "io/summeval_importer.h"
#include "reports/agreement_report.h"
#include "stats/krippendorff.h"
#include "stats/reliability_data.h"
#include "store/study.h"

#include "test_paths.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <map>
#include <memory>

using namespace concord;
using concord::model::Id;
using concord::stats::KrippendorffAlpha;
using concord::stats::MeasurementLevel;
using concord::stats::ReliabilityData;

namespace {
constexpr double kTolerance = 1e-9;
}

class TestSummEvalAlpha : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void alpha_data();
    void alpha();
    void bootstrapOnTheStudy();

private:
    // Units: the candidates (summaries); coders: the group's raters.
    ReliabilityData unitsByRaters(const std::string &group, const std::string &dimension);

    std::unique_ptr<store::Study> m_study;
    nlohmann::json m_reference;
};

void TestSummEvalAlpha::initTestCase()
{
    const QStringList files = test::summevalFiles();
    if (files.isEmpty())
        QSKIP("../shared/data/summeval is absent (set CONCORD_SHARED_DIR): the SummEval alphas cannot be checked here");
    QFile referenceFile(test::sharedDir() + QStringLiteral("/reference/summeval_expected.json"));
    QVERIFY2(referenceFile.open(QIODevice::ReadOnly), "summeval_expected.json is missing from the shared folder");
    m_reference = nlohmann::json::parse(referenceFile.readAll().toStdString()).at("krippendorff_alpha");

    auto created = store::Study::createInMemory();
    QVERIFY2(created.ok(), created.ok() ? "" : created.error().describe().c_str());
    m_study = std::move(created.value());
    std::vector<std::string> paths;
    for (const QString &f : files)
        paths.push_back(f.toStdString());
    const auto report = io::SummEvalImporter::importFiles(*m_study, paths);
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
}

ReliabilityData TestSummEvalAlpha::unitsByRaters(const std::string &group, const std::string &dimension)
{
    std::map<Id, std::size_t> coderOf;
    for (const auto &rater : m_study->raters())
        if (rater.group == group)
            coderOf.emplace(rater.id, coderOf.size());
    ReliabilityData data;
    const auto dimensionId = m_study->dimensionId(dimension);
    if (!dimensionId)
        return data;
    std::map<Id, std::size_t> unitOf;
    for (const auto &row : m_study->ratingsOn(*dimensionId)) {
        const auto coder = coderOf.find(row.rater);
        if (coder == coderOf.end())
            continue;
        const std::size_t unit = unitOf.emplace(row.candidate, unitOf.size()).first->second;
        // One rating per rater, candidate and dimension: a second one would be an import bug.
        if (!data.addValue(unit, coder->second, row.value))
            qWarning("rater %lld rated candidate %lld twice", static_cast<long long>(row.rater),
                     static_cast<long long>(row.candidate));
    }
    return data;
}

void TestSummEvalAlpha::alpha_data()
{
    QTest::addColumn<QString>("group");     // the rater group in the study
    QTest::addColumn<QString>("reference"); // its key in the reference file
    QTest::addColumn<int>("coders");
    QTest::addColumn<QString>("dimension");
    QTest::addColumn<QString>("level");
    for (const auto &[group, key, coders] : {std::tuple{"expert", "experts", 3}, std::tuple{"turker", "turkers", 5}})
        for (const char *dimension : {"coherence", "consistency", "fluency", "relevance"})
            for (const char *level : {"nominal", "ordinal", "interval", "ratio"}) {
                const QString tag = QString::fromUtf8(key) + QLatin1Char('/') + QString::fromUtf8(dimension)
                                    + QLatin1Char('/') + QString::fromUtf8(level);
                QTest::newRow(qPrintable(tag)) << QString::fromUtf8(group) << QString::fromUtf8(key) << coders
                                               << QString::fromUtf8(dimension) << QString::fromUtf8(level);
            }
}

void TestSummEvalAlpha::alpha()
{
    QFETCH(QString, group);
    QFETCH(QString, reference);
    QFETCH(int, coders);
    QFETCH(QString, dimension);
    QFETCH(QString, level);
    const ReliabilityData data = unitsByRaters(group.toStdString(), dimension.toStdString());
    QCOMPARE(data.units(), std::size_t(1200));
    QCOMPARE(data.coders(), std::size_t(coders));
    QCOMPARE(data.valueCount(), std::size_t(1200) * std::size_t(coders));

    const auto parsed = stats::measurementLevelFromString(level.toStdString());
    QVERIFY(parsed);
    const stats::AlphaResult r = KrippendorffAlpha::compute(data, *parsed);
    QVERIFY2(r.defined(), r.undefinedReason.c_str());
    QCOMPARE(r.units, std::size_t(1200));
    QCOMPARE(r.pairableValues, std::size_t(1200) * std::size_t(coders));
    const double expected
        = m_reference.at(reference.toStdString()).at(dimension.toStdString()).at(level.toStdString()).get<double>();
    QVERIFY2(std::abs(*r.alpha - expected) <= kTolerance,
             qPrintable(QStringLiteral("alpha %1, expected %2").arg(*r.alpha, 0, 'g', 17).arg(expected, 0, 'g', 17)));

    // The study-level report (what `concord-cli agreement` prints) lays out the same data.
    reports::AgreementRequest request;
    request.group = group.toStdString();
    request.dimension = dimension.toStdString();
    request.level = *parsed;
    const auto report = reports::computeAgreement(*m_study, request);
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report.value().raters.size(), std::size_t(coders));
    QCOMPARE(report.value().alpha.units, std::size_t(1200));
    QVERIFY(std::abs(*report.value().alpha.alpha - expected) <= kTolerance);
}

void TestSummEvalAlpha::bootstrapOnTheStudy()
{
    // The dashboard's case: 1,200 units, 1,000 resamples, for every group, dimension and level.
    for (const char *group : {"expert", "turker"})
        for (const char *dimension : {"coherence", "consistency", "fluency", "relevance"}) {
            const KrippendorffAlpha alpha(unitsByRaters(group, dimension));
            for (const MeasurementLevel level : {MeasurementLevel::Nominal, MeasurementLevel::Ordinal,
                                                 MeasurementLevel::Interval, MeasurementLevel::Ratio}) {
                QElapsedTimer timer;
                timer.start();
                const stats::AlphaInterval ci = alpha.bootstrap(level);
                const double ms = static_cast<double>(timer.nsecsElapsed()) / 1e6;
                const stats::AlphaResult point = alpha.compute(level);
                QVERIFY2(ci.defined(), ci.undefinedReason.c_str());
                QCOMPARE(ci.used + ci.skipped, std::size_t(1000));
                QVERIFY(*ci.low <= *point.alpha && *point.alpha <= *ci.high);
                qInfo("%s %-11s %-8s alpha %.4f  95%% CI [%.4f, %.4f]  %zu skipped  %.2f ms", group, dimension,
                      std::string(stats::toString(level)).c_str(), *point.alpha, *ci.low, *ci.high, ci.skipped, ms);
            }
        }
}

QTEST_APPLESS_MAIN(TestSummEvalAlpha)
#include "tst_summeval_alpha.moc"

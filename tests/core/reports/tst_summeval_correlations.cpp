// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Each SummEval expert against the mean of the three experts at sample (summary), system and
// dataset level, from a study imported from ../shared/data/summeval, against
// ../shared/reference/summeval_expected.json ("expert_vs_mean").
#include "io/summeval_importer.h"
#include "reports/correlation_report.h"
#include "store/study.h"
#include "test_paths.h"

#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <memory>

using namespace concord;
using nlohmann::json;

class TestSummEvalCorrelations : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void expertAgainstExpertMean_data();
    void expertAgainstExpertMean();
    void withoutSelfDiffersFromWithSelf();
    void bootstrapIntervalsAreSeededAndContainTheEstimate();
    void jsonHasTheDocumentedShape();
    void unknownNamesAreErrors();

private:
    std::unique_ptr<store::Study> m_study;
    json m_expected;
};

void TestSummEvalCorrelations::initTestCase()
{
    const QStringList files = test::summevalFiles();
    if (files.isEmpty())
        QSKIP("../shared/data/summeval is absent: the SummEval correlations cannot be checked here");
    auto study = store::Study::createInMemory();
    QVERIFY(study.ok());
    m_study = std::move(study.value());
    std::vector<std::string> paths;
    for (const auto &f : files)
        paths.push_back(f.toStdString());
    const auto report = io::SummEvalImporter::importFiles(*m_study, paths);
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QFile f(test::sharedDir() + QStringLiteral("/reference/summeval_expected.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    m_expected = json::parse(f.readAll().toStdString());
}

void TestSummEvalCorrelations::expertAgainstExpertMean_data()
{
    QTest::addColumn<int>("expert");
    QTest::addColumn<QString>("dimension");
    for (int e = 0; e < 3; ++e)
        for (const char *d : {"coherence", "consistency", "fluency", "relevance"})
            QTest::newRow(qPrintable(QStringLiteral("expert_%1/%2").arg(e).arg(QLatin1String(d))))
                << e << QString::fromLatin1(d);
}

void TestSummEvalCorrelations::expertAgainstExpertMean()
{
    QFETCH(int, expert);
    QFETCH(QString, dimension);
    reports::CorrelationRequest request;
    request.humanGroup = "expert";
    request.rater = "expert_" + std::to_string(expert + 1); // the reference counts experts from 0
    request.dimensions = {dimension.toStdString()};
    request.levels = {reports::Level::Dataset, reports::Level::System, reports::Level::Summary};
    request.includeSelf = true; // the reference compares with the mean of all three
    const auto report = reports::computeCorrelationReport(*m_study, request);
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report.value().dimensions.size(), std::size_t{1});
    const auto &d = report.value().dimensions.front();
    const json &ref
        = m_expected.at("expert_vs_mean").at("expert_" + std::to_string(expert)).at(dimension.toStdString());

    const std::pair<const char *, const std::map<stats::CorrelationMethod, reports::ReportEntry> *> levels[]
        = {{"dataset", &d.dataset}, {"system", &d.system}, {"sample", &d.summary}};
    for (const auto &[level, entries] : levels) {
        for (const char *method : {"pearson", "spearman", "kendall_b"}) {
            const auto m = *stats::correlationMethodFromString(method);
            const double expected = ref.at(level).at(method).get<double>();
            const double actual = entries->at(m).correlation.value;
            QVERIFY2(std::fabs(actual - expected) <= 1e-9,
                     qPrintable(QStringLiteral("%1 %2: %3, expected %4")
                                    .arg(QLatin1String(level), QLatin1String(method))
                                    .arg(actual, 0, 'g', 17)
                                    .arg(expected, 0, 'g', 17)));
        }
    }
    const auto used = ref.at("sample").at("documents_used").get<std::size_t>();
    QCOMPARE(d.summary.at(stats::CorrelationMethod::Pearson).documentsUsed, used);
    QCOMPARE(d.documentsTotal, std::size_t{100});
}

void TestSummEvalCorrelations::withoutSelfDiffersFromWithSelf()
{
    reports::CorrelationRequest request;
    request.humanGroup = "expert";
    request.rater = "expert_1";
    request.dimensions = {"coherence"};
    request.levels = {reports::Level::Dataset};
    const auto without = reports::computeCorrelationReport(*m_study, request);
    QVERIFY(without.ok());
    QCOMPARE(without.value().humanRaters, (std::vector<std::string>{"expert_2", "expert_3"}));
    request.includeSelf = true;
    const auto with = reports::computeCorrelationReport(*m_study, request);
    QVERIFY(with.ok());
    QCOMPARE(with.value().humanRaters.size(), std::size_t{3});
    const double a = without.value().dimensions[0].dataset.at(stats::CorrelationMethod::Pearson).correlation.value;
    const double b = with.value().dimensions[0].dataset.at(stats::CorrelationMethod::Pearson).correlation.value;
    QVERIFY(a < b); // a rater agrees more with a mean that contains itself
}

void TestSummEvalCorrelations::bootstrapIntervalsAreSeededAndContainTheEstimate()
{
    reports::CorrelationRequest request;
    request.humanGroup = "expert";
    request.rater = "turker_1";
    request.dimensions = {"relevance"};
    request.methods = {stats::CorrelationMethod::KendallB};
    request.bootstrap = 200;
    const auto a = reports::computeCorrelationReport(*m_study, request);
    const auto b = reports::computeCorrelationReport(*m_study, request);
    QVERIFY(a.ok() && b.ok());
    const auto &ea = a.value().dimensions[0].system.at(stats::CorrelationMethod::KendallB);
    const auto &eb = b.value().dimensions[0].system.at(stats::CorrelationMethod::KendallB);
    QVERIFY(ea.ci.defined());
    QCOMPARE(ea.ci.low, eb.ci.low);
    QCOMPARE(ea.ci.high, eb.ci.high);
    QCOMPARE(ea.ci.resamples, std::size_t{200});
    const auto &ds = a.value().dimensions[0].dataset.at(stats::CorrelationMethod::KendallB);
    QVERIFY(ds.ci.low <= ds.correlation.value && ds.correlation.value <= ds.ci.high);
    QVERIFY(ds.ci.low < ds.ci.high);
}

void TestSummEvalCorrelations::jsonHasTheDocumentedShape()
{
    reports::CorrelationRequest request;
    request.humanGroup = "expert";
    request.rater = "turker_2";
    const auto report = reports::computeCorrelationReport(*m_study, request);
    QVERIFY(report.ok());
    const json j = reports::toJson(report.value());
    QCOMPARE(j.size(), std::size_t{4});
    const json &c = j.at("consistency");
    for (const char *key : {"value", "p", "n", "ci_low", "ci_high"})
        QVERIFY2(c.at("dataset").at("kendall_b").contains(key), key);
    QVERIFY(c.at("dataset").at("pearson").at("value").is_number());
    QVERIFY(c.at("dataset").at("pearson").at("ci_low").is_null()); // no bootstrap asked for
    QVERIFY(c.at("summary").at("documents_used").is_number_integer());
    QCOMPARE(c.at("per_system").size(), std::size_t{12});
    QVERIFY(c.at("per_system").at("M22").at("spearman").contains("value"));
    QVERIFY(c.at("meta").at("pearson").at("value").is_number());
    QCOMPARE(c.at("meta").at("pearson").at("q").size(), std::size_t{12});
    // Every row of the flat table form comes from the report.
    const auto rows = reports::toRows(report.value());
    QCOMPARE(rows.size(), std::size_t{4 * 3 * (3 + 12 + 1)});
}

void TestSummEvalCorrelations::unknownNamesAreErrors()
{
    reports::CorrelationRequest request;
    request.humanGroup = "expert";
    request.rater = "nobody";
    auto r = reports::computeCorrelationReport(*m_study, request);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().field, std::string("rater"));
    request.rater = "turker_1";
    request.humanGroup = "linguists";
    r = reports::computeCorrelationReport(*m_study, request);
    QVERIFY(!r.ok());
    QVERIFY(r.error().message.find("linguists") != std::string::npos);
    request.humanGroup = "expert";
    request.dimensions = {"elegance"};
    r = reports::computeCorrelationReport(*m_study, request);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().field, std::string("dimension"));
}

QTEST_APPLESS_MAIN(TestSummEvalCorrelations)
#include "tst_summeval_correlations.moc"

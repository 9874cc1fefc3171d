// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A judge's template versions: the family found from the runs (same provider, model and protocol; another
// model and an imported judge left out), listed in the order of their first run with their templates (a member
// whose runs used two templates marked mixed); each version's agreement exactly what the correlation report says
// on the test split; each step exactly what comparing the two judges on that split says, with the verdict it
// implies (a good template after a noisy one better, an identical one the same, a noisy one after a good one
// worse).
#include "reports/correlation_report.h"
#include "reports/judge_comparison.h"
#include "reports/split_report.h"
#include "reports/study_scores.h"
#include "reports/versions_report.h"
#include "store/study.h"
#include "versions_study.h"

#include <QTest>

#include <nlohmann/json.hpp>

#include <memory>
#include <string>

using namespace concord;
using reports::Level;

namespace {

constexpr int kDocuments = 40; // of the versions study

} // namespace

class TestVersionsReport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void familyInRunOrder();
    void agreementIsTheCorrelationReportsOnTest();
    void stepsAreThePairedComparisonsOnTest();
    void everyDocumentWithoutASplit();
    void tableAndJson();
    void refusals_data();
    void refusals();

private:
    reports::VersionsRequest request() const
    {
        reports::VersionsRequest r;
        r.judge = "m rts v2";
        r.humanGroup = "expert";
        r.bootstrap = 200;
        r.resamples = 500;
        return r;
    }

    std::unique_ptr<store::Study> m_study;
    std::optional<reports::VersionsReport> m_report;
};

void TestVersionsReport::initTestCase()
{
    auto created = store::Study::createInMemory();
    QVERIFY(created.ok());
    m_study = std::move(created.value());
    const std::string error = test::fillVersionsStudy(*m_study);
    QVERIFY2(error.empty(), error.c_str());
    auto report = reports::compareVersions(*m_study, request());
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    m_report = std::move(report.value());
}

void TestVersionsReport::familyInRunOrder()
{
    const auto &r = *m_report;
    QCOMPARE(r.provider, std::string("openai"));
    QCOMPARE(r.model, std::string("m"));
    QCOMPARE(r.protocol, std::string("rts"));
    QCOMPARE(r.versions.size(), std::size_t(4));
    const char *names[] = {"m rts v1", "m rts v2", "m rts v3", "m rts v4"};
    for (std::size_t k = 0; k < 4; ++k) {
        QCOMPARE(r.versions[k].rater, std::string(names[k]));
        QCOMPARE(r.versions[k].templateName, std::string("rts-mine"));
        QCOMPARE(r.versions[k].templateVersion, static_cast<int>(k) + 1);
        QCOMPARE(r.versions[k].mixedTemplates, k == 3); // v4 ran with templates 3 and 4
    }
}

void TestVersionsReport::agreementIsTheCorrelationReportsOnTest()
{
    const auto &r = *m_report;
    QCOMPARE(r.agreement.size(), std::size_t(4 * 3));
    reports::StudyScores scores = reports::StudyScores::read(*m_study);
    const auto test = reports::documentsOfSplit(*m_study, "test");
    QVERIFY(test.ok());
    for (auto &[dimension, rows] : scores.ratings)
        std::erase_if(rows, [&](const auto &row) { return !test.value().contains(row.document); });
    for (const auto &a : r.agreement) {
        reports::CorrelationRequest c;
        c.humanGroup = "expert";
        c.rater = a.rater;
        c.levels = {a.level};
        c.methods = {stats::CorrelationMethod::Pearson};
        c.bootstrap = 200;
        c.bootstrapOptions.resamples = 200;
        c.bootstrapOptions.seed = 24301;
        const auto expected = reports::computeCorrelationReport(scores, c);
        QVERIFY(expected.ok());
        const auto &d = expected.value().dimensions.front();
        const auto &entry = (a.level == Level::Dataset  ? d.dataset
                             : a.level == Level::System ? d.system
                                                        : d.summary)
                                .at(stats::CorrelationMethod::Pearson);
        QCOMPARE(a.entry.correlation.n, entry.correlation.n);
        QCOMPARE(a.entry.correlation.value, entry.correlation.value);
        QCOMPARE(a.entry.ci.low, entry.ci.low);
        QCOMPARE(a.entry.ci.high, entry.ci.high);
        // Three systems leave the system level's resamples mostly undefined; the other levels have intervals.
        if (a.level != Level::System)
            QVERIFY2(a.entry.ci.defined(), qPrintable(QString::fromStdString(a.rater)));
        if (a.level == Level::Dataset)
            QCOMPARE(a.entry.correlation.n, 3 * test.value().size());
    }
}

void TestVersionsReport::stepsAreThePairedComparisonsOnTest()
{
    const auto &r = *m_report;
    QCOMPARE(r.steps.size(), std::size_t(3 * 3));
    for (const auto &s : r.steps) {
        reports::JudgeComparisonRequest c;
        c.humanGroup = "expert";
        c.raterA = s.to;
        c.raterB = s.from;
        c.levels = {s.comparison.level};
        c.methods = {stats::CorrelationMethod::Pearson};
        c.resamples = 500;
        c.split = "test";
        const auto expected = reports::compareJudges(*m_study, c);
        QVERIFY(expected.ok());
        const auto &e = expected.value().entries.front();
        QCOMPARE(s.comparison.difference, e.difference);
        QCOMPARE(s.comparison.permutation.p, e.permutation.p);
        QCOMPARE(s.comparison.williams.pTwoSided, e.williams.pTwoSided);
        QCOMPARE(s.verdict, reports::verdictOf(e, s.to));
        if (s.comparison.level != Level::Dataset)
            continue;
        // A good template after a noisy one, an identical one, a noisy one after a good one.
        const std::string expectedVerdict = s.to == "m rts v2" ? "better" : s.to == "m rts v3" ? "same" : "worse";
        QCOMPARE(s.verdict, expectedVerdict);
    }
}

void TestVersionsReport::everyDocumentWithoutASplit()
{
    auto r = request();
    r.split.clear();
    r.levels = {Level::Dataset};
    const auto report = reports::compareVersions(*m_study, r);
    QVERIFY(report.ok());
    for (const auto &a : report.value().agreement)
        QCOMPARE(a.entry.correlation.n, std::size_t(3 * kDocuments));
}

void TestVersionsReport::tableAndJson()
{
    const auto &r = *m_report;
    const io::Table versions = reports::versionsTable(r, true);
    QCOMPARE(versions.rows.size(), std::size_t(12));
    QCOMPARE(versions.rows.back()[1], std::string("rts-mine (mixed)"));
    QVERIFY(versions.caption.find("test documents only") != std::string::npos);
    const io::Table steps = reports::versionStepsTable(r, true);
    QCOMPARE(steps.rows.size(), std::size_t(9));
    QCOMPARE(steps.header.back(), std::string("verdict"));
    const auto json = nlohmann::json::parse(reports::versionsJson(r));
    QVERIFY(json["split"] == "test");
    QVERIFY(json["versions"].size() == 4);
    QVERIFY(json["versions"][3]["mixed_templates"] == true);
    QVERIFY(json["versions"][1]["agreement"]["coherence"]["dataset"]["ci_low"].is_number());
    QVERIFY(json["steps"].size() == 3);
    QVERIFY(json["steps"][0]["from"] == "m rts v1");
    QVERIFY(json["steps"][0]["dimensions"]["coherence"]["dataset"]["verdict"] == "better");
}

void TestVersionsReport::refusals_data()
{
    QTest::addColumn<QString>("judge");
    QTest::addColumn<QString>("split");
    QTest::addColumn<QString>("says");
    QTest::newRow("no runs") << "imported"
                             << "test"
                             << "no run with a recorded template";
    QTest::newRow("unknown judge") << "nobody"
                                   << "test"
                                   << "no rater named 'nobody'";
    QTest::newRow("unknown split") << "m rts v1"
                                   << "train"
                                   << "the split is dev or test";
}

void TestVersionsReport::refusals()
{
    QFETCH(QString, judge);
    QFETCH(QString, split);
    QFETCH(QString, says);
    auto r = request();
    r.judge = judge.toStdString();
    r.split = split.toStdString();
    const auto report = reports::compareVersions(*m_study, r);
    QVERIFY(!report.ok());
    QVERIFY2(report.error().message.find(says.toStdString()) != std::string::npos, report.error().message.c_str());
}

QTEST_GUILESS_MAIN(TestVersionsReport)
#include "tst_versions_report.moc"

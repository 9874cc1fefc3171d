// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Isotonic recalibration of a judge on a study whose fit is worked by hand: three dev documents and two test
// documents of two summaries each. The fit sees the dev split only (test labels turned upside down leave it
// as it was), the recalibrated judge scores exactly the test summaries the judge scored, with the values of
// the fit, and its calibration on test is read beside the judge's. Refusals change nothing.
#include "recalibration_study.h"
#include "reports/recalibration.h"
#include "store/study.h"

#include <QTest>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

using namespace concord;
using Values = std::vector<double>;

namespace {

std::unique_ptr<store::Study> makeStudy(bool upsideDownTest = false, bool split = true)
{
    auto study = std::move(store::Study::createInMemory()).value();
    const Status written = study->write([&] { test::fillRecalibrationStudy(*study, upsideDownTest, split); });
    if (!written)
        qFatal("%s", written.error().describe().c_str());
    return study;
}

reports::RecalibrationRequest request()
{
    reports::RecalibrationRequest r;
    r.judge.append("j");
    r.humanGroup.append("expert");
    r.dimension.append("coherence");
    return r;
}

} // namespace

class TestRecalibration : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fitOnDevOnly();
    void writtenOnTestOnly();
    void calibrationOnTestBeforeAndAfter();
    void refusedChangingNothing_data();
    void refusedChangingNothing();
};

void TestRecalibration::fitOnDevOnly()
{
    for (const bool upsideDown : {false, true}) {
        auto study = makeStudy(upsideDown);
        const auto report = reports::recalibrateIsotonic(*study, request());
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
        const reports::RecalibrationReport &r = report.value();
        QCOMPARE(r.devDocuments, std::size_t(3));
        QCOMPARE(r.testDocuments, std::size_t(2));
        QCOMPARE(r.devPairs, std::size_t(6));
        QCOMPARE(r.fit.x, (Values{1, 2, 3, 4, 5}));
        QCOMPARE(r.fit.y, (Values{1.5, 1.5, 3, 4.25, 5}));
        QCOMPARE(r.request.name, std::string("j isotonic"));
    }
}

void TestRecalibration::writtenOnTestOnly()
{
    auto study = makeStudy();
    const auto report = reports::recalibrateIsotonic(*study, request());
    QVERIFY(report.ok());
    QCOMPARE(report.value().written, std::size_t(3));
    const auto id = study->raterId("j isotonic");
    QVERIFY(id);
    const auto dim = study->dimensionId("coherence");
    std::vector<std::pair<std::string, double>> got;
    for (const auto &d : study->documentSummariesWithoutJudgements())
        for (const auto &row : study->ratingsOn(*dim))
            if (row.rater == *id && row.document == d.id)
                got.emplace_back(d.externalId, row.value);
    // d4: 2 -> 1.5 and 3.5 -> 3 + (4.25 - 3) / 2; d5: 5 -> 5; d5's unjudged summary and every dev one: none.
    const std::vector<std::pair<std::string, double>> expected{{"d4", 1.5}, {"d4", 3.625}, {"d5", 5}};
    QCOMPARE(got, expected);
    for (const model::Rater &r : study->raters())
        if (r.name == "j isotonic") {
            QVERIFY(r.kind == model::RaterKind::Judge);
            QCOMPARE(r.protocol, std::string("isotonic"));
            QCOMPARE(r.params.at("recalibrated_from").get<std::string>(), std::string("j"));
            QCOMPARE(r.params.at("fitted_on").get<std::string>(), std::string("dev"));
            QCOMPARE(r.params.at("knots").size(), std::size_t(5));
        }
}

// On test, the pairs with both scores: d4 (2 -> 1.5, human 2), (3.5 -> 3.625, human 4), d5 (5 -> 5, human 5).
// On [0, 1]: the judge 0.25, 0.625, 1 against 0.25, 0.75, 1; recalibrated 0.125, 0.65625, 1. Ten equal-width
// bins, one pair each: ECE = (0 + 0.125 + 0) / 3 before, (0.125 + 0.09375 + 0) / 3 after.
void TestRecalibration::calibrationOnTestBeforeAndAfter()
{
    auto study = makeStudy();
    const auto report = reports::recalibrateIsotonic(*study, request());
    QVERIFY(report.ok());
    const auto &before = report.value().before.dimensions.at(0);
    const auto &after = report.value().after.dimensions.at(0);
    QCOMPARE(before.pairs, std::size_t(3));
    QCOMPARE(after.pairs, std::size_t(3));
    QCOMPARE(report.value().before.request.split, std::string("test"));
    QVERIFY(std::fabs(before.reliability.at(0).ece - 0.125 / 3) < 1e-12);
    QVERIFY(std::fabs(after.reliability.at(0).ece - (0.125 + 0.09375) / 3) < 1e-12);
    const auto j = reports::toJson(report.value());
    QCOMPARE(j.at("test").size(), std::size_t(2));
    QCOMPARE(j.at("test")[1].at("rater").get<std::string>(), std::string("j isotonic"));
    QCOMPARE(j.at("knots")[3][1].get<double>(), 4.25);
}

void TestRecalibration::refusedChangingNothing_data()
{
    QTest::addColumn<QString>("judge");
    QTest::addColumn<QString>("group");
    QTest::addColumn<QString>("dimension");
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("split");
    QTest::addColumn<QString>("says");
    QTest::newRow("no split") << "j"
                              << "expert"
                              << "coherence"
                              << "" << false << "no held-out split";
    QTest::newRow("unknown judge") << "k"
                                   << "expert"
                                   << "coherence"
                                   << "" << true << "rater 'k'";
    QTest::newRow("unknown group") << "j"
                                   << "crowd"
                                   << "coherence"
                                   << "" << true << "group 'crowd'";
    QTest::newRow("a rank dimension") << "j"
                                      << "expert"
                                      << "overall"
                                      << "" << true << "not a Likert";
    QTest::newRow("the name taken") << "j"
                                    << "expert"
                                    << "coherence"
                                    << "e1" << true << "'e1' is in the study";
    QTest::newRow("its own reference") << "e1"
                                       << "expert"
                                       << "coherence"
                                       << "" << true << "its own reference";
}

void TestRecalibration::refusedChangingNothing()
{
    QFETCH(QString, judge);
    QFETCH(QString, group);
    QFETCH(QString, dimension);
    QFETCH(QString, name);
    QFETCH(bool, split);
    QFETCH(QString, says);
    auto study = makeStudy(false, split);
    const auto raters = study->raters().size();
    reports::RecalibrationRequest r;
    r.judge = judge.toStdString();
    r.humanGroup = group.toStdString();
    r.dimension = dimension.toStdString();
    r.name = name.toStdString();
    const auto report = reports::recalibrateIsotonic(*study, r);
    QVERIFY(!report.ok());
    QVERIFY2(report.error().message.find(says.toStdString()) != std::string::npos, report.error().message.c_str());
    QCOMPARE(study->raters().size(), raters);
}

QTEST_APPLESS_MAIN(TestRecalibration)
#include "tst_recalibration.moc"

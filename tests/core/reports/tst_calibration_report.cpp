// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A judge's calibration read from a study (tests/support/calibration_study): which summaries pair up, the
// scales mapped to [0, 1], where each Brier probability comes from (G-Eval's weighted score, the vote share of
// its samples, LLMScore's P(yes), or a bare score), the threshold, and what is refused. Every number is worked
// by hand below.
#include "calibration_study.h"
#include "reports/calibration_report.h"
#include "store/study.h"

#include <QTest>

#include <cmath>
#include <memory>

using namespace concord;
using namespace concord::reports;

namespace {

std::unique_ptr<store::Study> makeStudy()
{
    auto study = std::move(store::Study::createInMemory()).value();
    const Status written = study->write([&] { test::fillCalibrationStudy(*study); });
    if (!written)
        qFatal("fixture: %s", written.error().describe().c_str());
    return study;
}

bool near(double a, double b)
{
    return std::fabs(a - b) < 1e-12;
}

CalibrationRequest request(const std::string &judge, std::size_t bins)
{
    CalibrationRequest r;
    r.judge = judge;
    r.humanGroup = "expert";
    r.bins = bins;
    return r;
}

} // namespace

class TestCalibrationReport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void gevalWeightedScoreAndVoteShare();
    void thresholdMovesLabelsAndVotes();
    void llmScoreIsAProbabilityAlready();
    void tables();
    void refusals_data();
    void refusals();
};

void TestCalibrationReport::gevalWeightedScoreAndVoteShare()
{
    auto study = makeStudy();
    const auto report = computeCalibration(*study, request("geval-j", 2));
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report.value().protocol, std::string("geval"));
    // Only coherence: the rank dimension has no scores to calibrate.
    QCOMPARE(report.value().dimensions.size(), std::size_t{1});
    const DimensionCalibration &d = report.value().dimensions.front();
    QCOMPARE(d.dimension, std::string("coherence"));
    QCOMPARE(d.judgeMin, 1.0);
    QCOMPARE(d.judgeMax, 5.0);
    QCOMPARE(d.humanMin, 1.0);
    QCOMPARE(d.humanMax, 5.0);
    // s1, s2, s3 pair up; s4 has no judge score, s5 no expert's (the crowd's never count).
    QCOMPARE(d.pairs, std::size_t{3});
    QCOMPARE(d.noJudgeScore, std::size_t{1});
    QCOMPARE(d.noHumanScore, std::size_t{1});
    // On [0, 1]: judge s1 (4.2 - 1) / 4 = .8, s2 .25, s3 .5; experts s1 (4.5 - 1) / 4 = .875, s2 .125, s3 .5.
    // Two equal-width bins: [0, .5) holds s2 (|.25 - .125| = .125), [.5, 1] s1 and s3 (judge .65, human .6875:
    // .0375 x 2 = .075); ECE .2 / 3. Two equal-mass bins (a cut after round(1.5) = 2): {s2, s3} judge .375,
    // human .3125 (.0625 x 2 = .125), {s1} .075: .2 / 3 too.
    QCOMPARE(d.reliability.size(), std::size_t{2});
    QCOMPARE(d.reliability[0].binning, stats::Binning::EqualWidth);
    QCOMPARE(d.reliability[1].binning, stats::Binning::EqualMass);
    QVERIFY(near(d.reliability[0].ece, 0.2 / 3));
    QVERIFY(near(d.reliability[1].ece, 0.2 / 3));
    QCOMPARE(d.reliability[0].bins[0].count, std::size_t{1});
    QCOMPARE(d.reliability[0].bins[1].count, std::size_t{2});
    QCOMPARE(d.reliability[1].bins[0].count, std::size_t{2});
    // Threshold 3, the midpoint: s1 (4.5) and s3 (3, at the threshold) are positives, s2 (1.5) not.
    QCOMPARE(d.threshold, 3.0);
    QCOMPARE(d.positives, std::size_t{2});
    // p: s1 G-Eval's weighted score .8; s2 the vote share of its valid samples 2, 3, 1, 2 (the first answer of
    // g2's sample 0 replaced by the later one) at or above 3, 1/4; s3 has no call, its score mapped, .5.
    // Brier ((.8 - 1)^2 + (.25 - 0)^2 + (.5 - 1)^2) / 3 = (.04 + .0625 + .25) / 3 = .1175.
    QVERIFY2(near(d.brier, 0.1175), qPrintable(QString::number(d.brier, 'g', 17)));
    QCOMPARE(d.sources.size(), std::size_t{3});
    QCOMPARE(d.sources.at(ProbabilitySource::WeightedScore), std::size_t{1});
    QCOMPARE(d.sources.at(ProbabilitySource::VoteShare), std::size_t{1});
    QCOMPARE(d.sources.at(ProbabilitySource::Score), std::size_t{1});
    QCOMPARE(sourcesText(d),
             std::string("vote share: 1, weighted score mapped to [0, 1]: 1, score mapped to [0, 1]: 1"));

    // One bin: |mean judge - mean human| = |1.55 / 3 - 1.5 / 3| = 1/60.
    const auto one = computeCalibration(*study, request("geval-j", 1));
    QVERIFY(one.ok());
    QVERIFY(near(one.value().dimensions.front().reliability[0].ece, 1.0 / 60));
}

void TestCalibrationReport::thresholdMovesLabelsAndVotes()
{
    auto study = makeStudy();
    CalibrationRequest r = request("geval-j", 2);
    r.threshold = 4;
    r.binnings = {stats::Binning::EqualMass};
    const auto report = computeCalibration(*study, r);
    QVERIFY(report.ok());
    const DimensionCalibration &d = report.value().dimensions.front();
    QCOMPARE(d.reliability.size(), std::size_t{1});
    QCOMPARE(d.reliability[0].binning, stats::Binning::EqualMass);
    // Only s1 (4.5) is a positive; no sample of s2 is 4 or more: p = 0. (.04 + 0 + .25) / 3.
    QCOMPARE(d.threshold, 4.0);
    QCOMPARE(d.positives, std::size_t{1});
    QVERIFY(near(d.brier, 0.29 / 3));
}

void TestCalibrationReport::llmScoreIsAProbabilityAlready()
{
    auto study = makeStudy();
    const auto report = computeCalibration(*study, request("llmscore-j", 2));
    QVERIFY(report.ok());
    const DimensionCalibration &d = report.value().dimensions.front();
    // The judge's scale is P(yes)'s, 0 to 1; the humans' stays 1 to 5.
    QCOMPARE(d.judgeMin, 0.0);
    QCOMPARE(d.judgeMax, 1.0);
    QCOMPARE(d.humanMin, 1.0);
    QCOMPARE(d.pairs, std::size_t{3});
    // p = .9, .3 (P(yes)) and 0 (a bare No); y = 1, 0, 1: (.01 + .09 + 1) / 3 = 1.1 / 3.
    QVERIFY(near(d.brier, 1.1 / 3));
    QCOMPARE(d.sources.at(ProbabilitySource::YesProbability), std::size_t{2});
    QCOMPARE(d.sources.at(ProbabilitySource::Score), std::size_t{1});
    // Width: [0, .5) holds .3 and 0 (judge .15, human (.125 + .5) / 2 = .3125: .1625 x 2 = .325), [.5, 1] holds
    // .9 (human .875: .025): .35 / 3. Mass: {0, .3} and {.9}, the same.
    QVERIFY(near(d.reliability[0].ece, 0.35 / 3));
    QVERIFY(near(d.reliability[1].ece, 0.35 / 3));
}

void TestCalibrationReport::tables()
{
    auto study = makeStudy();
    const auto report = computeCalibration(*study, request("geval-j", 2));
    QVERIFY(report.ok());
    const io::Table summary = calibrationTable(report.value(), false);
    const std::vector<std::string> header{"judge",     "dimension", "judge_scale",     "human_scale",
                                          "pairs",     "bins",      "ece_equal_width", "ece_equal_mass",
                                          "threshold", "positives", "brier",           "probability"};
    QCOMPARE(summary.header, header);
    QCOMPARE(summary.rows.size(), std::size_t{1});
    QCOMPARE(summary.rows[0][2], std::string("1-5"));
    QCOMPARE(summary.rows[0][6], std::string("0.0667"));
    QCOMPARE(summary.rows[0][8], std::string("3"));
    QCOMPARE(summary.rows[0][10], std::string("0.1175"));
    // Two bins of each binning; the width bins keep their edges.
    const io::Table bins = reliabilityTable(report.value(), false);
    QCOMPARE(bins.rows.size(), std::size_t{4});
    QCOMPARE(bins.rows[0][2], std::string("equal-width"));
    QCOMPARE(bins.rows[0][4], std::string("0.0000"));
    QCOMPARE(bins.rows[0][5], std::string("0.5000"));
    // A bin of one pair has no interval.
    QCOMPARE(bins.rows[0][9], std::string("–"));
}

void TestCalibrationReport::refusals_data()
{
    QTest::addColumn<QString>("judge");
    QTest::addColumn<QString>("group");
    QTest::addColumn<QString>("dimension");
    QTest::addColumn<int>("bins");
    QTest::addColumn<QString>("field");
    QTest::newRow("unknown judge") << "nobody"
                                   << "expert"
                                   << "" << 10 << "rater";
    QTest::newRow("unknown group") << "geval-j"
                                   << "nobody"
                                   << "" << 10 << "human";
    QTest::newRow("judge of the group") << "e1"
                                        << "expert"
                                        << "" << 10 << "rater";
    QTest::newRow("unknown dimension") << "geval-j"
                                       << "expert"
                                       << "fluency" << 10 << "dimension";
    QTest::newRow("rank dimension") << "geval-j"
                                    << "expert"
                                    << "overall" << 10 << "dimension";
    QTest::newRow("no bins") << "geval-j"
                             << "expert"
                             << "" << 0 << "bins";
}

void TestCalibrationReport::refusals()
{
    QFETCH(QString, judge);
    QFETCH(QString, group);
    QFETCH(QString, dimension);
    QFETCH(int, bins);
    QFETCH(QString, field);
    auto study = makeStudy();
    CalibrationRequest r = request(judge.toStdString(), static_cast<std::size_t>(bins));
    r.humanGroup = group.toStdString();
    if (!dimension.isEmpty()) {
        r.dimensions = {dimension.toStdString()};
    }
    const auto report = computeCalibration(*study, r);
    QVERIFY(!report.ok());
    QCOMPARE(QString::fromStdString(report.error().field), field);
}

QTEST_APPLESS_MAIN(TestCalibrationReport)
#include "tst_calibration_report.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Calibration: the expected calibration error of both binnings and the Brier score on hand-computed
// fixtures (each worked in its comment), perfect calibration, and a fixture on a 1-5 scale whose bins,
// intervals, ECE and Brier score come from tests/reference/calibration_reference.py (numpy/scipy, an
// independent implementation).
#include "stats/calibration.h"

#include <QTest>

#include <cmath>
#include <stdexcept>
#include <vector>

using namespace concord::stats;

Q_DECLARE_METATYPE(concord::stats::Binning)

class TestCalibration : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void expectedCalibrationError_data();
    void expectedCalibrationError();
    void perfectCalibration_data();
    void perfectCalibration();
    void tiesStayInOneBin();
    void binInterval();
    void brier_data();
    void brier();
    void unitScaleMapsTheBounds();
    void referenceFixture();
    void wrongInput();
};

namespace {

bool near(double a, double b, double tolerance = 1e-12)
{
    return std::fabs(a - b) <= tolerance;
}

} // namespace

void TestCalibration::expectedCalibrationError_data()
{
    QTest::addColumn<std::vector<double>>("judge");
    QTest::addColumn<std::vector<double>>("human");
    QTest::addColumn<Binning>("binning");
    QTest::addColumn<int>("bins");
    QTest::addColumn<double>("ece");
    QTest::addColumn<int>("binsMade");

    // Bins [0, .5) and [.5, 1]: {.1, .2} judge .15, human .25 (|.1| x 2); {.6, .9} judge .75, human 1 (|.25| x 2):
    // (0.2 + 0.5) / 4 = 0.175. Equal mass cuts after round(4 / 2) = 2 pairs: the same bins.
    const std::vector<double> j1{0.1, 0.2, 0.6, 0.9};
    const std::vector<double> h1{0.0, 0.5, 1.0, 1.0};
    QTest::newRow("two bins, width") << j1 << h1 << Binning::EqualWidth << 2 << 0.175 << 2;
    QTest::newRow("two bins, mass") << j1 << h1 << Binning::EqualMass << 2 << 0.175 << 2;

    // Width: {.1, .2, .3} judge .2, human 1/3 (2/15 x 3 = .4); {.9} judge .9, human 1 (.1): .5 / 4 = 0.125.
    // Mass: {.1, .2} judge .15, human 0 (.15 x 2 = .3); {.3, .9} judge .6, human 1 (.4 x 2 = .8): 1.1 / 4 = 0.275.
    const std::vector<double> j2{0.1, 0.2, 0.3, 0.9};
    const std::vector<double> h2{0.0, 0.0, 1.0, 1.0};
    QTest::newRow("binnings differ, width") << j2 << h2 << Binning::EqualWidth << 2 << 0.125 << 2;
    QTest::newRow("binnings differ, mass") << j2 << h2 << Binning::EqualMass << 2 << 0.275 << 2;

    // Ties at the equal-mass cut: the cut after round(6 / 2) = 3 pairs falls inside the run of .5 and moves past
    // it. {.25, .5, .5, .5} judge 1.75 / 4 = .4375, human 2 / 4 = .5 (.0625 x 4 = .25); {.75, 1} judge .875,
    // human 1 (.125 x 2 = .25): .5 / 6 = 1/12. Width: [0, .5) holds {.25} (|.25 - 0| = .25); [.5, 1] holds the
    // rest, judge 3.25 / 5 = .65, human 4 / 5 = .8 (.15 x 5 = .75): 1 / 6.
    const std::vector<double> j3{0.5, 0.25, 0.5, 1.0, 0.5, 0.75};
    const std::vector<double> h3{0.5, 0.0, 0.5, 1.0, 1.0, 1.0};
    QTest::newRow("ties at a cut, mass") << j3 << h3 << Binning::EqualMass << 2 << 1.0 / 12 << 2;
    QTest::newRow("ties at a cut, width") << j3 << h3 << Binning::EqualWidth << 2 << 1.0 / 6 << 2;

    // One bin: |mean judge - mean human| over everything, |.3 - .5| = .2 (mass and width alike).
    const std::vector<double> j4{0.2, 0.4};
    const std::vector<double> h4{0.0, 1.0};
    QTest::newRow("one bin, width") << j4 << h4 << Binning::EqualWidth << 1 << 0.2 << 1;
    QTest::newRow("one bin, mass") << j4 << h4 << Binning::EqualMass << 1 << 0.2 << 1;

    // Ten equal-width bins keep the empty ones: .05 in bin 0, .95 in bin 9, each |.05| off: ECE .05.
    const std::vector<double> j5{0.05, 0.95};
    const std::vector<double> h5{0.0, 1.0};
    QTest::newRow("empty bins kept") << j5 << h5 << Binning::EqualWidth << 10 << 0.05 << 10;
    // A judge who always says the same: one equal-mass bin whatever was asked, |.5 - .25| = .25.
    const std::vector<double> j6{0.5, 0.5, 0.5, 0.5};
    const std::vector<double> h6{0.0, 0.0, 0.0, 1.0};
    QTest::newRow("one score, mass") << j6 << h6 << Binning::EqualMass << 4 << 0.25 << 1;
}

void TestCalibration::expectedCalibrationError()
{
    QFETCH(std::vector<double>, judge);
    QFETCH(std::vector<double>, human);
    QFETCH(Binning, binning);
    QFETCH(int, bins);
    QFETCH(double, ece);
    QFETCH(int, binsMade);
    const Reliability r = reliability(judge, human, binning, static_cast<std::size_t>(bins));
    QVERIFY2(near(r.ece, ece), qPrintable(QString::number(r.ece, 'g', 17)));
    QCOMPARE(r.bins.size(), static_cast<std::size_t>(binsMade));
    QCOMPARE(r.pairs, judge.size());
    std::size_t counted = 0;
    for (const auto &bin : r.bins) {
        counted += bin.count;
    }
    QCOMPARE(counted, judge.size());
}

void TestCalibration::perfectCalibration_data()
{
    QTest::addColumn<std::vector<double>>("judge");
    QTest::addColumn<std::vector<double>>("human");
    // The judge says what the people say, item by item.
    const std::vector<double> same{0.0, 0.1, 0.25, 0.25, 0.5, 0.7, 0.75, 0.9, 1.0};
    QTest::newRow("item by item") << same << same;
    // Constant within each bin, and right on average there: the people's mean is the judge's score.
    QTest::newRow("right on average") << std::vector<double>{0.2, 0.2, 0.8, 0.8}
                                      << std::vector<double>{0.0, 0.4, 1.0, 0.6};
}

void TestCalibration::perfectCalibration()
{
    QFETCH(std::vector<double>, judge);
    QFETCH(std::vector<double>, human);
    for (const Binning binning : {Binning::EqualWidth, Binning::EqualMass}) {
        for (const std::size_t bins : {std::size_t{1}, std::size_t{2}, std::size_t{4}, std::size_t{10}}) {
            const Reliability r = reliability(judge, human, binning, bins);
            QVERIFY2(near(r.ece, 0), qPrintable(QString::number(r.ece, 'g', 17)));
        }
    }
}

void TestCalibration::tiesStayInOneBin()
{
    // A 1-5 judge mapped to [0, 1] asked for 10 equal-mass bins of 2 pairs: cuts after 2, 4, ..., 18 pairs.
    // Sorted, the scores are 0 x3, .25 x2, .5 x5, .75, 1 x9: the cut after 2 moves to 3 (past the 0s), 4 to 5,
    // 6 and 8 to 10 (once), 10 stays, 12 to 18 move to the end and vanish. Bins of 3, 2, 5 and 10 pairs, and no
    // score in two of them.
    const std::vector<double> judge{1, 0.5, 0, 0.25, 1, 0.5, 0, 1, 0.5, 0.75, 1, 0.25, 1, 0.5, 1, 1, 0, 1, 0.5, 1};
    const std::vector<double> human(judge.size(), 0.5);
    const Reliability r = reliability(judge, human, Binning::EqualMass, 10);
    QCOMPARE(r.binsAsked, std::size_t{10});
    QCOMPARE(r.bins.size(), std::size_t{4});
    const std::vector<std::size_t> counts{3, 2, 5, 10};
    for (std::size_t k = 0; k < r.bins.size(); ++k) {
        QCOMPARE(r.bins[k].count, counts[k]);
        if (k > 0) {
            QVERIFY(r.bins[k - 1].high < r.bins[k].low);
        }
    }
    QCOMPARE(r.bins[3].low, 0.75);
    QCOMPARE(r.bins[3].high, 1.0);
}

void TestCalibration::binInterval()
{
    // Human scores {0, .5, 1}: mean .5, sd .5, se .5 / sqrt 3; t(.975, 2) = 4.302652729911275:
    // half-width 1.2420688559218764 (scipy.stats.t.ppf).
    const Reliability r = reliability({0.4, 0.4, 0.4}, {0.0, 0.5, 1.0}, Binning::EqualMass, 3);
    QCOMPARE(r.bins.size(), std::size_t{1});
    const CalibrationBin &bin = r.bins.front();
    QVERIFY(near(bin.meanHuman, 0.5));
    QVERIFY(near(bin.humanLow, 0.5 - 1.2420688559218764, 1e-10));
    QVERIFY(near(bin.humanHigh, 0.5 + 1.2420688559218764, 1e-10));
    // One pair: no interval.
    const Reliability one = reliability({0.4}, {1.0}, Binning::EqualWidth, 1);
    QVERIFY(std::isnan(one.bins.front().humanLow));
    QVERIFY(std::isnan(one.bins.front().humanHigh));
}

void TestCalibration::brier_data()
{
    QTest::addColumn<std::vector<double>>("p");
    QTest::addColumn<std::vector<int>>("y");
    QTest::addColumn<double>("brier");
    // (.1^2 + .2^2 + .5^2 + 1^2) / 4 = (.01 + .04 + .25 + 1) / 4 = .325.
    QTest::newRow("hand worked") << std::vector<double>{0.9, 0.2, 0.5, 1.0} << std::vector<int>{1, 0, 1, 0} << 0.325;
    QTest::newRow("always one half") << std::vector<double>{0.5, 0.5, 0.5} << std::vector<int>{1, 0, 0} << 0.25;
    QTest::newRow("certain and right") << std::vector<double>{1.0, 0.0, 1.0} << std::vector<int>{1, 0, 1} << 0.0;
    QTest::newRow("certain and wrong") << std::vector<double>{0.0, 1.0} << std::vector<int>{1, 0} << 1.0;
    // The vote share of five samples, 3/5 and 1/5: ((1 - .6)^2 + (.2 - 0)^2) / 2 = (.16 + .04) / 2 = .1.
    QTest::newRow("vote shares") << std::vector<double>{0.6, 0.2} << std::vector<int>{1, 0} << 0.1;
}

void TestCalibration::brier()
{
    QFETCH(std::vector<double>, p);
    QFETCH(std::vector<int>, y);
    QFETCH(double, brier);
    QVERIFY2(near(brierScore(p, y), brier), qPrintable(QString::number(brierScore(p, y), 'g', 17)));
}

void TestCalibration::unitScaleMapsTheBounds()
{
    QCOMPARE(unitScale(1, 1, 5), 0.0);
    QCOMPARE(unitScale(3, 1, 5), 0.5);
    QCOMPARE(unitScale(5, 1, 5), 1.0);
    QCOMPARE(unitScale(0.25, 0, 1), 0.25);
    QVERIFY(std::isnan(unitScale(3, 5, 5)));
    QVERIFY(std::isnan(brierScore({}, {})));
    QVERIFY(std::isnan(reliability({}, {}, Binning::EqualMass, 4).ece));
}

void TestCalibration::referenceFixture()
{
    // Twelve summaries on a 1-5 scale (tests/reference/calibration_reference.py), mapped to [0, 1], four bins.
    const std::vector<double> judgeScale{1.2, 1.9, 2.4, 2.6, 3.0, 3.0, 3.0, 3.7, 4.1, 4.4, 4.8, 5.0};
    const std::vector<double> humanScale{
        1.0, 2.333333333333333, 2.0, 3.666666666666667, 2.666666666666667, 3.333333333333333, 4.0,
        3.0, 4.333333333333333, 5.0, 4.666666666666667, 4.333333333333333};
    std::vector<double> judge, human;
    std::vector<int> y;
    for (std::size_t i = 0; i < judgeScale.size(); ++i) {
        judge.push_back(unitScale(judgeScale[i], 1, 5));
        human.push_back(unitScale(humanScale[i], 1, 5));
        y.push_back(humanScale[i] >= 3 ? 1 : 0); // the scale's midpoint
    }
    struct Row {
        std::size_t count;
        double judge, human, low, high;
    };
    const auto check = [&](const Reliability &r, const std::vector<Row> &rows, double ece) {
        QVERIFY2(near(r.ece, ece), qPrintable(QString::number(r.ece, 'g', 17)));
        QCOMPARE(r.bins.size(), rows.size());
        for (std::size_t k = 0; k < rows.size(); ++k) {
            QCOMPARE(r.bins[k].count, rows[k].count);
            QVERIFY(near(r.bins[k].meanJudge, rows[k].judge));
            QVERIFY(near(r.bins[k].meanHuman, rows[k].human));
            QVERIFY(near(r.bins[k].humanLow, rows[k].low, 1e-10));
            QVERIFY(near(r.bins[k].humanHigh, rows[k].high, 1e-10));
        }
    };
    check(reliability(judge, human, Binning::EqualWidth, 4),
          {{2, 0.13749999999999998, 0.16666666666666663, -1.9510341227386823, 2.2843674560720153},
           {2, 0.375, 0.45833333333333337, -2.1887926534233535, 3.1054593200900205},
           {4, 0.54375, 0.5625, 0.3360390930169592, 0.7889609069830408},
           {4, 0.89375, 0.8958333333333333, 0.7688766515975767, 1.0227900150690898}},
          0.025694444444444423);
    // The cut after 6 pairs falls inside the three 3.0s and moves past them: bins of 3, 4, 2 and 3.
    check(reliability(judge, human, Binning::EqualMass, 4),
          {{3, 0.20833333333333334, 0.19444444444444442, -0.23648430661695025, 0.625373195505839},
           {4, 0.475, 0.6041666666666667, 0.37770575968362596, 0.8306275736497075},
           {2, 0.725, 0.6666666666666666, -1.4510341227386823, 2.7843674560720153},
           {3, 0.9333333333333332, 0.9166666666666666, 0.7096551906796872, 1.1236781426536462}},
          0.060416666666666695);
    QVERIFY(near(brierScore(judge, y), 0.12223958333333333));
    int positives = 0;
    for (const int v : y) {
        positives += v;
    }
    QCOMPARE(positives, 8);
}

void TestCalibration::wrongInput()
{
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, reliability({0.1}, {}, Binning::EqualWidth, 2));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, reliability({0.1}, {0.1}, Binning::EqualMass, 0));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, brierScore({0.1}, {}));
}

QTEST_APPLESS_MAIN(TestCalibration)
#include "tst_calibration.moc"

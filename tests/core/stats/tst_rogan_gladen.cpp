// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Rogan-Gladen rates: a hand-worked example, the cases without an answer, and the bootstrap interval's
// coverage over simulated studies with a known rate.
#include "stats/rogan_gladen.h"

#include <QTest>

#include <cmath>
#include <random>
#include <vector>

using namespace concord::stats;

class TestRoganGladen : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void handWorked();
    void noAnswer_data();
    void noAnswer();
    void intervalsCoverTheTruth();
};

void TestRoganGladen::handWorked()
{
    // Ten labels: four passes, of which the judge finds three (Se = 3/4), six fails, of which it calls five
    // fails (Sp = 5/6). It passes 10 of 20 items (p = 1/2): (1/2 + 5/6 - 1) / (3/4 + 5/6 - 1) = 4/7.
    const std::vector<int> human{1, 1, 1, 1, 0, 0, 0, 0, 0, 0};
    const std::vector<int> judge{1, 1, 1, 0, 0, 0, 0, 0, 1, 0};
    std::vector<int> judged(20, 0);
    std::fill(judged.begin(), judged.begin() + 10, 1);
    BootstrapOptions options;
    options.resamples = 200;
    const CorrectedRate r = roganGladen(human, judge, judged, options);
    QVERIFY(r.why.empty());
    QCOMPARE(r.sensitivity, 0.75);
    QVERIFY(std::fabs(r.specificity - 5.0 / 6) < 1e-15);
    QCOMPARE(r.observed, 0.5);
    QVERIFY(std::fabs(r.rate - 4.0 / 7) < 1e-15);
    QVERIFY(r.interval.defined());
    QVERIFY(r.interval.low <= r.rate && r.rate <= r.interval.high);
    // The same seed, the same interval.
    const CorrectedRate again = roganGladen(human, judge, judged, options);
    QCOMPARE(again.interval.low, r.interval.low);
    QCOMPARE(again.interval.high, r.interval.high);
}

void TestRoganGladen::noAnswer_data()
{
    QTest::addColumn<std::vector<int>>("human");
    QTest::addColumn<std::vector<int>>("judge");
    QTest::addColumn<QString>("why");
    QTest::newRow("only passes labelled")
        << std::vector<int>{1, 1, 1} << std::vector<int>{1, 0, 1} << QStringLiteral("only one class");
    QTest::newRow("a judge no better than chance")
        << std::vector<int>{1, 1, 0, 0} << std::vector<int>{1, 0, 1, 0} << QStringLiteral("no better than chance");
    QTest::newRow("a judge that says the opposite")
        << std::vector<int>{1, 1, 0, 0} << std::vector<int>{0, 0, 1, 1} << QStringLiteral("no better than chance");
}

void TestRoganGladen::noAnswer()
{
    QFETCH(std::vector<int>, human);
    QFETCH(std::vector<int>, judge);
    QFETCH(QString, why);
    const CorrectedRate r = roganGladen(human, judge, {1, 0, 1}, BootstrapOptions{});
    QVERIFY(std::isnan(r.rate));
    QVERIFY(!r.interval.defined());
    QVERIFY2(QString::fromStdString(r.why).contains(why), r.why.c_str());
}

void TestRoganGladen::intervalsCoverTheTruth()
{
    // 400 studies: a true pass rate of 0.3, a judge with Se 0.8 and Sp 0.9, 150 labelled and 600 judged
    // items. The 95% interval must hold 0.3 in 92-98% of them (the binomial standard error of 400 is 1.1
    // points); the judge's own rate (0.3 * 0.8 + 0.7 * 0.1 = 0.31) is not the truth.
    std::mt19937_64 rng(1978);
    std::bernoulli_distribution pass(0.3), found(0.8), wrongPass(0.1);
    BootstrapOptions options;
    options.resamples = 400;
    int covered = 0;
    constexpr int kStudies = 400;
    for (int s = 0; s < kStudies; ++s) {
        std::vector<int> human, judge, judged;
        for (int i = 0; i < 150 + 600; ++i) {
            const int truth = pass(rng) ? 1 : 0;
            const int answer = truth ? (found(rng) ? 1 : 0) : (wrongPass(rng) ? 1 : 0);
            if (i < 150) {
                human.push_back(truth);
                judge.push_back(answer);
            } else {
                judged.push_back(answer);
            }
        }
        options.seed = static_cast<std::uint64_t>(s) + 1;
        const CorrectedRate r = roganGladen(human, judge, judged, options);
        covered += r.interval.low <= 0.3 && 0.3 <= r.interval.high ? 1 : 0;
    }
    const double rate = static_cast<double>(covered) / kStudies;
    qInfo("coverage %.4f", rate);
    QVERIFY2(rate >= 0.92 && rate <= 0.98, qPrintable(QString::number(rate)));
}

QTEST_APPLESS_MAIN(TestRoganGladen)
#include "tst_rogan_gladen.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Williams' test against scipy's t distribution, and the permute-both permutation test's behaviour.
#include "stats/levels.h"
#include "stats/significance.h"

#include <QTest>

#include <cmath>
#include <random>

using namespace concord::stats;

namespace {

bool close(double actual, double expected)
{
    return std::fabs(actual - expected) <= 1e-9 * std::max(1.0, std::fabs(expected));
}

// Relative for tiny p-values, which are the ones a paper reports as "p < 1e-20".
bool closeRelative(double actual, double expected)
{
    return std::fabs(actual - expected) <= 1e-9 * std::fabs(expected) + 1e-300;
}

} // namespace

class TestSignificance : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void williams_data();
    void williams();
    void williamsEdgeCases();
    void permutationSeparatesAGoodFromABadJudge();
    void permutationOfIdenticalJudgesFindsNothing();
    void permutationIsSeededAndSymmetric();
};

void TestSignificance::williams_data()
{
    QTest::addColumn<double>("r12");
    QTest::addColumn<double>("r13");
    QTest::addColumn<double>("r23");
    QTest::addColumn<int>("n");
    QTest::addColumn<double>("t");
    QTest::addColumn<double>("pOne");
    QTest::addColumn<double>("pTwo");
    // t from the formula, p from scipy.stats.t.sf (scipy 1.10).
    QTest::newRow("A better, n=50") << 0.6 << 0.4 << 0.5 << 50 << 1.7050785771525379 << 0.047391019910248175
                                    << 0.09478203982049635;
    QTest::newRow("B better, n=12") << 0.3 << 0.45 << 0.8 << 12 << -0.8011337185564618 << 0.7781553890602861
                                    << 0.4436892218794276;
    QTest::newRow("large n, tiny p") << 0.92 << 0.88 << 0.95 << 1200 << 11.160938821101588 << 6.898605717572462e-28
                                     << 1.3797211435144923e-27;
}

void TestSignificance::williams()
{
    QFETCH(double, r12);
    QFETCH(double, r13);
    QFETCH(double, r23);
    QFETCH(int, n);
    QFETCH(double, t);
    QFETCH(double, pOne);
    QFETCH(double, pTwo);
    const WilliamsResult w = williamsTest(r12, r13, r23, static_cast<std::size_t>(n));
    QVERIFY2(close(w.t, t), qPrintable(QString::number(w.t, 'g', 17)));
    QCOMPARE(w.df, double(n - 3));
    QVERIFY2(closeRelative(w.pOneSided, pOne), qPrintable(QString::number(w.pOneSided, 'g', 17)));
    QVERIFY2(closeRelative(w.pTwoSided, pTwo), qPrintable(QString::number(w.pTwoSided, 'g', 17)));
}

void TestSignificance::williamsEdgeCases()
{
    const WilliamsResult same = williamsTest(0.5, 0.5, 0.3, 30);
    QCOMPARE(same.t, 0.0);
    QCOMPARE(same.pTwoSided, 1.0);
    QCOMPARE(same.pOneSided, 0.5);
    QVERIFY(std::isnan(williamsTest(0.5, 0.4, 0.3, 3).t)); // n − 3 = 0 degrees of freedom
    QVERIFY(std::isnan(williamsTest(std::nan(""), 0.4, 0.3, 30).t));
}

namespace {

struct Judges {
    ScoreMatrix humans, good, bad;
};

Judges makeJudges()
{
    std::mt19937_64 rng(7);
    std::normal_distribution<double> noise(0, 1);
    Judges j{ScoreMatrix(8, 25), ScoreMatrix(8, 25), ScoreMatrix(8, 25)};
    for (std::size_t s = 0; s < 8; ++s)
        for (std::size_t d = 0; d < 25; ++d) {
            const double truth = static_cast<double>(s) * 0.3 + noise(rng);
            j.humans.at(s, d) = truth;
            j.good.at(s, d) = 10 * truth + 2 * noise(rng) + 50; // another scale, same signal
            j.bad.at(s, d) = noise(rng);
        }
    return j;
}

const MatrixStatistic kDatasetPearson
    = [](const ScoreMatrix &x, const ScoreMatrix &z) { return datasetLevel(x, z, CorrelationMethod::Pearson).value; };

} // namespace

void TestSignificance::permutationSeparatesAGoodFromABadJudge()
{
    const Judges j = makeJudges();
    const PermutationResult r = permutationTest(j.good, j.bad, j.humans, kDatasetPearson, 999, 1);
    QVERIFY(r.difference > 0.5);
    QCOMPARE(r.resamples, std::size_t{999});
    QCOMPARE(r.p, 1.0 / 1000.0); // no resample reaches the observed difference
}

void TestSignificance::permutationOfIdenticalJudgesFindsNothing()
{
    const Judges j = makeJudges();
    const PermutationResult r = permutationTest(j.good, j.good, j.humans, kDatasetPearson, 200, 1);
    QCOMPARE(r.difference, 0.0);
    QCOMPARE(r.p, 1.0);
}

void TestSignificance::permutationIsSeededAndSymmetric()
{
    const Judges j = makeJudges();
    // A second judge of the same quality (the same signal, independent noise of the same size):
    // no real difference, so a p-value well inside (0, 1).
    ScoreMatrix other = j.good;
    std::mt19937_64 rng(11);
    std::normal_distribution<double> noise(0, 1);
    for (std::size_t s = 0; s < 8; ++s)
        for (std::size_t d = 0; d < 25; ++d)
            other.at(s, d) = 10 * j.humans.at(s, d) + 2 * noise(rng) + 50;
    const PermutationResult a = permutationTest(j.good, other, j.humans, kDatasetPearson, 500, 99);
    const PermutationResult again = permutationTest(j.good, other, j.humans, kDatasetPearson, 500, 99);
    QCOMPARE(a.p, again.p);
    QVERIFY2(a.p > 0.002 && a.p < 1, qPrintable(QStringLiteral("p %1, difference %2").arg(a.p).arg(a.difference)));
    const PermutationResult swapped = permutationTest(other, j.good, j.humans, kDatasetPearson, 500, 99);
    QVERIFY(std::fabs(swapped.difference + a.difference) < 1e-15);
}

QTEST_APPLESS_MAIN(TestSignificance)
#include "tst_significance.moc"

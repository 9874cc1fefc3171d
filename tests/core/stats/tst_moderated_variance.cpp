// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Smyth's (2004) empirical-Bayes prior of several groups' variances, as limma's fitFDist computes it, worked by
// hand where the prior's df is infinite and checked against an independent scipy implementation where it is not
// (tests/reference/moderated_variance_reference.py, whose rows are pasted here); the special functions it needs
// against scipy.special to 1e-12.
#include "stats/moderated_variance.h"
#include "stats/special_functions.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <vector>

using namespace concord::stats;

namespace {

bool near(double a, double b, double tolerance = 1e-12)
{
    if (std::isinf(a) || std::isinf(b))
        return a == b;
    return std::fabs(a - b) <= tolerance * std::max(1.0, std::fabs(b));
}

} // namespace

class TestModeratedVariance : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void specialFunctions_data();
    void specialFunctions();
    void trigammaInverted();
    void prior_data();
    void prior();
    void moderated();
    void tooFewGroups();
};

void TestModeratedVariance::specialFunctions_data()
{
    QTest::addColumn<double>("x");
    QTest::addColumn<double>("psi");
    QTest::addColumn<double>("psi1");
    QTest::addColumn<double>("psi2");
    // scipy.special.digamma(x), polygamma(1, x), polygamma(2, x); at 1: -Euler's gamma, pi^2 / 6, -2 zeta(3).
    QTest::newRow("0.3") << 0.3 << -3.502524222200133 << 12.245364546107734 << -75.27253658872601;
    QTest::newRow("1") << 1.0 << -0.5772156649015329 << 1.6449340668482266 << -2.404113806319188;
    QTest::newRow("3.7") << 3.7 << 1.1671535393615113 << 0.31003785767003833 << -0.09539530872855405;
    QTest::newRow("12.5") << 12.5 << 2.4851956512749123 << 0.08328522460157839 << -0.006932436585788242;
}

void TestModeratedVariance::specialFunctions()
{
    QFETCH(double, x);
    QFETCH(double, psi);
    QFETCH(double, psi1);
    QFETCH(double, psi2);
    QVERIFY2(near(digamma(x), psi), qPrintable(QString::number(digamma(x), 'g', 17)));
    QVERIFY2(near(trigamma(x), psi1), qPrintable(QString::number(trigamma(x), 'g', 17)));
    QVERIFY2(near(tetragamma(x), psi2), qPrintable(QString::number(tetragamma(x), 'g', 17)));
}

void TestModeratedVariance::trigammaInverted()
{
    for (const double y : {0.05, 0.3, 1.0, 3.7, 40.0, 1e4}) {
        QVERIFY2(near(trigammaInverse(trigamma(y)), y, 1e-7), qPrintable(QString::number(y)));
    }
    QVERIFY(std::isnan(trigammaInverse(0)));
}

void TestModeratedVariance::prior_data()
{
    QTest::addColumn<std::vector<double>>("variances");
    QTest::addColumn<std::vector<double>>("df");
    QTest::addColumn<double>("scale");
    QTest::addColumn<double>("priorDf");
    constexpr double kInf = std::numeric_limits<double>::infinity();
    // Equal variances: e_i all equal, var e = 0 <= trigamma(2) = pi^2 / 6 - 1, so d0 is infinite and s0^2 the
    // pooled variance (4 * 1 * 3) / 12 = 1.
    QTest::newRow("equal") << std::vector<double>{1, 1, 1} << std::vector<double>{4, 4, 4} << 1.0 << kInf;
    // log 0.8, 0, log 1.25 = -0.2231, 0, 0.2231: var e (count - 1) = 2 * 0.2231^2 / 2 = 0.0498, less than
    // trigamma(4.5) = 0.2487, the spread chi^2_9 alone gives log s^2: infinite d0, pooled (0.8 + 1 + 1.25) / 3.
    QTest::newRow("no more spread than sampling")
        << std::vector<double>{0.8, 1, 1.25} << std::vector<double>{9, 9, 9} << 3.05 / 3 << kInf;
    // e_i = log s_i^2 - digamma(d_i / 2) + log(d_i / 2) = -1.2711, 0.1152, 1.5015, 0.2704 (d 9, 9, 9, 4);
    // mean e 0.1540; var e 1.2872 less mean trigamma(d_i / 2) 0.3478 = 0.9394; d0 = 2 trigammaInverse(0.9394) =
    // 2.9888; s0^2 = exp(0.1540 + digamma(1.4944) - log(1.4944)) = 0.8053 (scipy, to every digit).
    QTest::newRow("spread") << std::vector<double>{0.25, 1, 4, 1} << std::vector<double>{9, 9, 9, 4}
                            << 0.8053471757662891 << 2.988839654796303;
    // A variance of 0 is raised to 1e-5 times the median (1): log 1e-5 = -11.51 spreads e so far that d0 is 0.35
    // and s0^2 0.001: labels that all agree in one group pull the prior down (limma warns of it).
    QTest::newRow("one zero") << std::vector<double>{0, 1, 1, 2} << std::vector<double>{9, 9, 9, 9}
                              << 0.000996953346638981 << 0.3479901336093334;
    // A group without df or with a NaN variance is left out: the "equal" case again.
    QTest::newRow("left out") << std::vector<double>{1, 1, 5, std::nan(""), 1} << std::vector<double>{4, 4, 0, 4, 4}
                              << 1.0 << kInf;
}

void TestModeratedVariance::prior()
{
    QFETCH(std::vector<double>, variances);
    QFETCH(std::vector<double>, df);
    QFETCH(double, scale);
    QFETCH(double, priorDf);
    const VariancePrior p = fitVariancePrior(variances, df);
    QVERIFY2(near(p.scale, scale), qPrintable(QString::number(p.scale, 'g', 17)));
    QVERIFY2(near(p.df, priorDf, 1e-9), qPrintable(QString::number(p.df, 'g', 17)));
}

void TestModeratedVariance::moderated()
{
    // (d0 s0^2 + d s^2) / (d0 + d): (3 * 2 + 9 * 0.25) / 12 = 0.6875.
    QCOMPARE(moderatedVariance({2, 3}, 0.25, 9), 0.6875);
    // An infinite prior df leaves the prior's scale whatever the group's own variance.
    QCOMPARE(moderatedVariance({2, std::numeric_limits<double>::infinity()}, 0, 9), 2.0);
    // The "spread" prior on its first group: (2.9888 * 0.8053 + 9 * 0.25) / 11.9888 (scipy).
    const VariancePrior p = fitVariancePrior({0.25, 1, 4, 1}, {9, 9, 9, 4});
    QVERIFY(near(moderatedVariance(p, 0.25, 9), 0.38844906670725005, 1e-9));
}

void TestModeratedVariance::tooFewGroups()
{
    QVERIFY(std::isnan(fitVariancePrior({1.5}, {9}).scale));
    QVERIFY(std::isnan(fitVariancePrior({}, {}).df));
}

QTEST_GUILESS_MAIN(TestModeratedVariance)
#include "tst_moderated_variance.moc"

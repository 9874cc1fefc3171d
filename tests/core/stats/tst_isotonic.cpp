// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Isotonic regression by pool-adjacent-violators on hand-worked points: already monotone, one violation,
// equal x pooled first, a later point of a seen x that pulls a merged block down, input in any order; its
// application between and beyond the knots; and the refusals.
#include "stats/isotonic.h"

#include "error.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <vector>

using namespace concord;
using namespace concord::stats;
using Values = std::vector<double>;

class TestIsotonic : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fit_data();
    void fit();
    void apply_data();
    void apply();
    void refused_data();
    void refused();
};

void TestIsotonic::fit_data()
{
    QTest::addColumn<Values>("x");
    QTest::addColumn<Values>("y");
    QTest::addColumn<Values>("knots");
    QTest::addColumn<Values>("fitted");
    QTest::newRow("monotone already") << Values{1, 2, 3} << Values{1, 2, 3} << Values{1, 2, 3} << Values{1, 2, 3};
    // 3 then 2: pooled to their mean 2.5.
    QTest::newRow("one violation") << Values{1, 2, 3} << Values{1, 3, 2} << Values{1, 2, 3} << Values{1, 2.5, 2.5};
    QTest::newRow("falling throughout") << Values{1, 2, 3, 4} << Values{4, 3, 2, 1} << Values{1, 2, 3, 4}
                                        << Values{2.5, 2.5, 2.5, 2.5};
    // Two violations apart: (3, 2) -> 2.5 and (4, 3.5) -> 3.75.
    QTest::newRow("two blocks") << Values{1, 2, 3, 4, 5} << Values{1, 3, 2, 4, 3.5} << Values{1, 2, 3, 4, 5}
                                << Values{1, 2.5, 2.5, 3.75, 3.75};
    // x = 1 twice (0 and 2: mean 1, weight 2) then x = 2 at 0: (1 * 2 + 0) / 3.
    QTest::newRow("equal x pooled, weighted")
        << Values{1, 1, 2} << Values{0, 2, 0} << Values{1, 2} << Values{2.0 / 3, 2.0 / 3};
    // x = 2 at 3 stands above x = 1 at 2, until x = 2 at 0 brings its block to 1.5: all three, 5 / 3.
    QTest::newRow("a seen x pulls its block down")
        << Values{1, 2, 2} << Values{2, 3, 0} << Values{1, 2} << Values{5.0 / 3, 5.0 / 3};
    QTest::newRow("any order") << Values{3, 1, 2} << Values{3, 1, 2} << Values{1, 2, 3} << Values{1, 2, 3};
    QTest::newRow("one point") << Values{4} << Values{2} << Values{4} << Values{2};
}

void TestIsotonic::fit()
{
    QFETCH(Values, x);
    QFETCH(Values, y);
    QFETCH(Values, knots);
    QFETCH(Values, fitted);
    const IsotonicFit f = fitIsotonic(x, y);
    QCOMPARE(f.x, knots);
    QCOMPARE(f.y.size(), fitted.size());
    for (std::size_t i = 0; i < fitted.size(); ++i) {
        QVERIFY2(
            std::fabs(f.y[i] - fitted[i]) < 1e-12,
            qPrintable(
                QStringLiteral("knot %1: %2, expected %3").arg(i).arg(f.y[i], 0, 'g', 17).arg(fitted[i], 0, 'g', 17)));
    }
}

void TestIsotonic::apply_data()
{
    QTest::addColumn<double>("at");
    QTest::addColumn<double>("expected");
    // The fit of "one violation": knots (1, 1), (2, 2.5), (3, 2.5).
    QTest::newRow("below the first knot") << 0.0 << 1.0;
    QTest::newRow("on a knot") << 1.0 << 1.0;
    QTest::newRow("between knots") << 1.5 << 1.75;
    QTest::newRow("inside a flat block") << 2.5 << 2.5;
    QTest::newRow("beyond the last knot") << 9.0 << 2.5;
}

void TestIsotonic::apply()
{
    QFETCH(double, at);
    QFETCH(double, expected);
    const IsotonicFit f = fitIsotonic({1, 2, 3}, {1, 3, 2});
    QCOMPARE(applyIsotonic(f, at), expected);
}

void TestIsotonic::refused_data()
{
    QTest::addColumn<Values>("x");
    QTest::addColumn<Values>("y");
    QTest::newRow("sizes differ") << Values{1, 2} << Values{1};
    QTest::newRow("no points") << Values{} << Values{};
    QTest::newRow("not a number") << Values{1, std::numeric_limits<double>::quiet_NaN()} << Values{1, 2};
    QTest::newRow("infinite y") << Values{1, 2} << Values{1, std::numeric_limits<double>::infinity()};
}

void TestIsotonic::refused()
{
    QFETCH(Values, x);
    QFETCH(Values, y);
    bool threw = false;
    try {
        fitIsotonic(x, y);
    } catch (const Failure &) {
        threw = true;
    }
    QVERIFY(threw);
}

QTEST_APPLESS_MAIN(TestIsotonic)
#include "tst_isotonic.moc"

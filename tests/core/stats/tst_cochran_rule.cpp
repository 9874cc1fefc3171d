// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Fisher's skewness against scipy.stats.skew(bias=True) and worked by hand; Cochran's rule n > 25 G1^2 at its
// edge; and, by simulation, what the rule is for: on a score piled at the top of the scale, as SummEval's
// consistency is, the t interval of ten labels misses far more than 5% of the time, while with the labels the
// rule asks for it is wrong about as rarely as Cochran promised, and with twice as many at the nominal rate.
#include "stats/cochran_rule.h"
#include "stats/ppi_mean.h"

#include <QTest>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

using namespace concord::stats;

Q_DECLARE_METATYPE(std::vector<double>)

namespace {

// A Likert score with 77% of its mass at 5: 3, 4, 6, 10 and 77 in a hundred at 1 to 5.
std::vector<double> piledPopulation()
{
    std::vector<double> population;
    const int counts[] = {3, 4, 6, 10, 77};
    for (int score = 1; score <= 5; ++score)
        population.insert(population.end(), static_cast<std::size_t>(counts[score - 1]), static_cast<double>(score));
    return population;
}

// How often the 95% Student t interval of n labels drawn with replacement holds the population's mean.
double coverage(const std::vector<double> &population, std::size_t n, int draws, std::uint64_t seed)
{
    double truth = 0;
    for (const double v : population)
        truth += v;
    truth /= static_cast<double>(population.size());
    std::mt19937_64 random(seed);
    std::uniform_int_distribution<std::size_t> pick(0, population.size() - 1);
    PpiOptions options;
    options.method = PpiMethod::Classical;
    options.interval = IntervalKind::StudentT;
    int held = 0;
    for (int d = 0; d < draws; ++d) {
        std::vector<double> y(n);
        for (double &v : y)
            v = population[pick(random)];
        const PpiMean m = ppiMean(y, y, {}, options);
        held += m.human.low <= truth && truth <= m.human.high ? 1 : 0;
    }
    return held / static_cast<double>(draws);
}

} // namespace

class TestCochranRule : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void skewnessOf_data();
    void skewnessOf();
    void ruleAtItsEdge();
    void piledScoresNeedTheLabelsTheRuleAsks();
};

void TestCochranRule::skewnessOf_data()
{
    QTest::addColumn<std::vector<double>>("values");
    QTest::addColumn<double>("expected"); // NaN: none
    const double nan = std::nan("");
    // By hand: mean 4.8, m2 = 0.16, m3 = -0.096, G1 = -0.096 / 0.064.
    QTest::newRow("one low of five") << std::vector<double>{5, 5, 5, 5, 4} << -1.5;
    // By hand: mean 2, m2 = 3, m3 = 6, G1 = 6 / 3^1.5.
    QTest::newRow("one high of four") << std::vector<double>{1, 1, 1, 5} << 1.1547005383792515;
    // scipy.stats.skew(x, bias=True).
    QTest::newRow("scipy long tail") << std::vector<double>{1, 2, 3, 4, 10} << 1.1384199576606167;
    QTest::newRow("scipy eight") << std::vector<double>{2, 4, 4, 4, 5, 5, 7, 9} << 0.65625;
    QTest::newRow("scipy fractions") << std::vector<double>{0.5, -1.25, 3.75, 2.0, 2.0, 8.5} << 0.8336661714580952;
    QTest::newRow("symmetric") << std::vector<double>{1, 2, 3, 4, 5} << 0.0;
    QTest::newRow("all agree") << std::vector<double>{5, 5, 5, 5} << nan;
    QTest::newRow("two values") << std::vector<double>{1, 5} << nan;
    QTest::newRow("none") << std::vector<double>{} << nan;
}

void TestCochranRule::skewnessOf()
{
    QFETCH(std::vector<double>, values);
    QFETCH(double, expected);
    const double g = skewness(values);
    if (std::isnan(expected)) {
        QVERIFY2(std::isnan(g), qPrintable(QString::number(g)));
        QVERIFY(std::isnan(cochranLabels(g)));
        QVERIFY(!cochranHolds(1e9, g)); // a rule that cannot be read is not met
        return;
    }
    QVERIFY2(std::fabs(g - expected) <= 1e-12, qPrintable(QString::number(g, 'g', 17)));
    QVERIFY(std::fabs(cochranLabels(g) - 25 * expected * expected) <= 1e-10);
}

void TestCochranRule::ruleAtItsEdge()
{
    // G1 = -1.5: 25 G1^2 = 56.25, so 56 labels are too few and 57 enough, whichever way the tail points.
    QCOMPARE(cochranLabels(-1.5), 56.25);
    QVERIFY(!cochranHolds(56, -1.5));
    QVERIFY(cochranHolds(57, -1.5));
    QVERIFY(cochranHolds(57, 1.5));
    // A symmetric score: any two labels.
    QVERIFY(cochranHolds(2, 0.0));
}

void TestCochranRule::piledScoresNeedTheLabelsTheRuleAsks()
{
    const std::vector<double> population = piledPopulation();
    const double g = skewness(population);
    QVERIFY(std::fabs(g + 2.2521773614732) < 1e-9); // scipy.stats.skew of the same hundred
    const auto asked = static_cast<std::size_t>(std::floor(cochranLabels(g))) + 1; // 127
    QCOMPARE(asked, std::size_t(127));

    QVERIFY(!cochranHolds(10, g));
    const double ten = coverage(population, 10, 2000, 41);
    qInfo("10 labels: coverage %.4f", ten);
    QVERIFY2(ten < 0.90, qPrintable(QString::number(ten)));

    QVERIFY(cochranHolds(static_cast<double>(asked), g));
    const double atTheRule = coverage(population, asked, 20000, 42);
    qInfo("%zu labels: coverage %.4f", asked, atTheRule);
    // Cochran: wrong at most about 6% of the time; 20,000 draws leave a standard error of 0.17%.
    QVERIFY2(atTheRule >= 0.93, qPrintable(QString::number(atTheRule)));

    const double twice = coverage(population, 2 * asked, 20000, 43);
    qInfo("%zu labels: coverage %.4f", 2 * asked, twice);
    QVERIFY2(twice >= 0.94 && twice <= 0.96, qPrintable(QString::number(twice)));
}

QTEST_APPLESS_MAIN(TestCochranRule)
#include "tst_cochran_rule.moc"

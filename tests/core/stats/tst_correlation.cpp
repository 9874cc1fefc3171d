// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Correlations and their p-values against scipy 1.10 (../shared/reference/correlation_vectors.json),
// the three levels on the reference matrix, and edge cases.
#include "stats/correlation.h"
#include "stats/levels.h"
#include "stats/special_functions.h"
#include "test_paths.h"

#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <random>

using namespace concord::stats;
using nlohmann::json;

Q_DECLARE_METATYPE(std::vector<double>)

namespace {

constexpr double kTolerance = 1e-9;

json reference()
{
    const QString dir = concord::test::sharedDir();
    if (dir.isEmpty())
        return {};
    QFile f(dir + QStringLiteral("/reference/correlation_vectors.json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return json::parse(f.readAll().toStdString());
}

std::vector<double> toVector(const json &j)
{
    return j.get<std::vector<double>>();
}

ScoreMatrix toMatrix(const json &rows)
{
    std::vector<double> cells;
    for (const auto &row : rows)
        for (const auto &v : row)
            cells.push_back(v.get<double>());
    return ScoreMatrix(rows.size(), rows.at(0).size(), cells);
}

bool near(double a, double b)
{
    return std::fabs(a - b) <= kTolerance;
}

// A brute-force O(n^2) tau-b, written straight from the definition, to check the O(n log n) one.
double bruteTauB(const std::vector<double> &x, const std::vector<double> &y)
{
    double s = 0, tx = 0, ty = 0, n0 = 0;
    for (std::size_t i = 0; i < x.size(); ++i)
        for (std::size_t j = i + 1; j < x.size(); ++j) {
            const double dx = x[i] - x[j], dy = y[i] - y[j];
            n0 += 1;
            if (dx == 0)
                tx += 1;
            if (dy == 0)
                ty += 1;
            if (dx * dy > 0)
                s += 1;
            else if (dx * dy < 0)
                s -= 1;
        }
    return s / std::sqrt((n0 - tx) * (n0 - ty));
}

} // namespace

class TestCorrelation : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void matchesScipy_data();
    void matchesScipy();
    void levelsMatchReference();
    void undefinedCases_data();
    void undefinedCases();
    void missingPairsAreDropped();
    void kendallMatchesBruteForce_data();
    void kendallMatchesBruteForce();
    void largeSampleKendallIsAsymptotic();
    void averageRanksGivesTiesTheirMean();
    void incompleteBetaKnownValues_data();
    void incompleteBetaKnownValues();
    void kendallExactSmallN();
    void summaryLevelCountsDocuments();
    void metaCorrelationUsesHumanMeans();
};

void TestCorrelation::matchesScipy_data()
{
    QTest::addColumn<std::vector<double>>("x");
    QTest::addColumn<std::vector<double>>("y");
    QTest::addColumn<QString>("method");
    QTest::addColumn<double>("value");
    QTest::addColumn<double>("p");
    const json ref = reference();
    if (ref.is_null())
        return;
    for (const auto &pair : ref.at("pairs"))
        for (const char *method : {"pearson", "spearman", "kendall_b", "kendall_c"}) {
            const std::string name = pair.at("name").get<std::string>() + "/" + method;
            QTest::newRow(name.c_str()) << toVector(pair.at("x")) << toVector(pair.at("y"))
                                        << QString::fromLatin1(method) << pair.at(method).at(0).get<double>()
                                        << pair.at(method).at(1).get<double>();
        }
}

void TestCorrelation::matchesScipy()
{
    if (concord::test::sharedDir().isEmpty())
        QSKIP("../shared is absent: the scipy reference values cannot be checked here");
    QFETCH(std::vector<double>, x);
    QFETCH(std::vector<double>, y);
    QFETCH(QString, method);
    QFETCH(double, value);
    QFETCH(double, p);
    const auto m = correlationMethodFromString(method.toStdString());
    QVERIFY(m.has_value());
    const Correlation c = correlate(x, y, *m);
    QVERIFY2(c.defined(), c.undefinedReason.c_str());
    QCOMPARE(c.n, x.size());
    QVERIFY2(near(c.value, value),
             qPrintable(QStringLiteral("value %1, expected %2").arg(c.value, 0, 'g', 17).arg(value, 0, 'g', 17)));
    QVERIFY2(near(c.p, p), qPrintable(QStringLiteral("p %1, expected %2").arg(c.p, 0, 'g', 17).arg(p, 0, 'g', 17)));
}

void TestCorrelation::levelsMatchReference()
{
    const json ref = reference();
    if (ref.is_null())
        QSKIP("../shared is absent: the reference levels cannot be checked here");
    const json &lv = ref.at("levels");
    const ScoreMatrix x = toMatrix(lv.at("X"));
    const ScoreMatrix z = toMatrix(lv.at("Z"));
    const ScoreMatrix x2 = toMatrix(lv.at("X2"));
    QVERIFY(near(systemLevel(x, z, CorrelationMethod::Pearson).value, lv.at("pearson_system_X_Z").get<double>()));
    QVERIFY(near(datasetLevel(x, z, CorrelationMethod::Pearson).value, lv.at("pearson_dataset_X_Z").get<double>()));
    const SummaryLevel s = summaryLevel(x2, z, CorrelationMethod::Pearson);
    QVERIFY(near(s.mean.value, lv.at("pearson_summary_X2_Z").get<double>()));
    QCOMPARE(s.documentsUsed, std::size_t{3});
    // In X the third document gives every system the same score: that document is skipped.
    const SummaryLevel withConstant = summaryLevel(x, z, CorrelationMethod::Pearson);
    QCOMPARE(withConstant.documentsUsed, std::size_t{2});
    QVERIFY(!withConstant.perDocument[2].defined());
}

void TestCorrelation::undefinedCases_data()
{
    QTest::addColumn<std::vector<double>>("x");
    QTest::addColumn<std::vector<double>>("y");
    QTest::addColumn<QString>("reason");
    const double nan = std::nan("");
    QTest::newRow("empty") << std::vector<double>{} << std::vector<double>{} << QStringLiteral("too few");
    QTest::newRow("one pair") << std::vector<double>{1} << std::vector<double>{2} << QStringLiteral("too few");
    QTest::newRow("all tied x") << std::vector<double>{3, 3, 3, 3} << std::vector<double>{1, 2, 3, 4}
                                << QStringLiteral("first variable is constant");
    QTest::newRow("all tied y") << std::vector<double>{1, 2, 3, 4} << std::vector<double>{2, 2, 2, 2}
                                << QStringLiteral("second variable is constant");
    QTest::newRow("all NaN") << std::vector<double>{nan, nan, nan} << std::vector<double>{1, 2, 3}
                             << QStringLiteral("too few");
    QTest::newRow("NaN leaves one") << std::vector<double>{1, nan, 3} << std::vector<double>{nan, 2, 3}
                                    << QStringLiteral("too few");
}

void TestCorrelation::undefinedCases()
{
    QFETCH(std::vector<double>, x);
    QFETCH(std::vector<double>, y);
    QFETCH(QString, reason);
    for (auto m : {CorrelationMethod::Pearson, CorrelationMethod::Spearman, CorrelationMethod::KendallB,
                   CorrelationMethod::KendallC}) {
        const Correlation c = correlate(x, y, m);
        QVERIFY2(!c.defined(), toString(m).data());
        QVERIFY(std::isnan(c.value)); // never 0
        QVERIFY2(QString::fromStdString(c.undefinedReason).contains(reason), c.undefinedReason.c_str());
    }
}

void TestCorrelation::missingPairsAreDropped()
{
    const double nan = std::nan("");
    const std::vector<double> x{1, 2, nan, 4, 5, 6};
    const std::vector<double> y{2, 1, 7, nan, 5, 7};
    const std::vector<double> xc{1, 2, 5, 6};
    const std::vector<double> yc{2, 1, 5, 7};
    for (auto m : {CorrelationMethod::Pearson, CorrelationMethod::Spearman, CorrelationMethod::KendallB,
                   CorrelationMethod::KendallC}) {
        const Correlation a = correlate(x, y, m);
        const Correlation b = correlate(xc, yc, m);
        QCOMPARE(a.n, std::size_t{4});
        QCOMPARE(a.value, b.value);
        QCOMPARE(a.p, b.p);
    }
}

void TestCorrelation::kendallMatchesBruteForce_data()
{
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("levels");
    QTest::newRow("ties, 5-point, 12 (pair by pair)") << 12 << 5;
    QTest::newRow("few ties, 24 (pair by pair)") << 24 << 100000;
    QTest::newRow("ties, 5-point, 25 (table)") << 25 << 5;
    QTest::newRow("ties, 60-point, 400 (table)") << 400 << 60;
    QTest::newRow("ties, 63-point, 400 (table or sorted)") << 400 << 63;
    QTest::newRow("ties, 70-point, 400 (sorted)") << 400 << 70;
    QTest::newRow("few ties, 49 (sorted)") << 49 << 100000;
    QTest::newRow("ties, 5-point, 50") << 50 << 5;
    QTest::newRow("negative and zero values, 2000") << 2000 << -7;
    QTest::newRow("ties, 3-point, 200") << 200 << 3;
    QTest::newRow("few ties, 500") << 500 << 100000;
    QTest::newRow("binary, 300") << 300 << 2;
}

void TestCorrelation::kendallMatchesBruteForce()
{
    QFETCH(int, n);
    QFETCH(int, levels);
    std::mt19937_64 rng(42u + static_cast<unsigned>(n));
    // A negative level count asks for values around zero, with -0.0 and 0.0 both present.
    std::uniform_int_distribution<int> pick(levels < 0 ? levels : 1, levels < 0 ? -levels : levels);
    std::vector<double> x(static_cast<std::size_t>(n)), y(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        const int a = pick(rng);
        x[static_cast<std::size_t>(i)] = (a == 0 && i % 2) ? -0.0 : a * (levels < 0 ? 0.5 : 1.0);
        y[static_cast<std::size_t>(i)] = x[static_cast<std::size_t>(i)] + pick(rng) % 3;
    }
    const Correlation c = kendallTauB(x, y);
    QVERIFY(c.defined());
    QVERIFY2(std::fabs(c.value - bruteTauB(x, y)) < 1e-12, qPrintable(QString::number(c.value - bruteTauB(x, y))));
    // The value without a p-value is the same number.
    QCOMPARE(kendallTauB(x, y, false).value, c.value);
    QVERIFY(std::isnan(kendallTauB(x, y, false).p));
    // Reversing one side flips the sign and keeps the p-value.
    std::vector<double> negated(y.size());
    for (std::size_t i = 0; i < y.size(); ++i)
        negated[i] = -y[i];
    const Correlation r = kendallTauB(x, negated);
    QVERIFY(std::fabs(r.value + c.value) < 1e-12);
    QVERIFY(std::fabs(r.p - c.p) < 1e-12);
}

void TestCorrelation::largeSampleKendallIsAsymptotic()
{
    // Without ties and n > 33 the normal approximation applies: z = 3S / sqrt(n(n-1)(2n+5)/2).
    std::vector<double> x(40), y(40);
    for (int i = 0; i < 40; ++i) {
        x[static_cast<std::size_t>(i)] = i;
        y[static_cast<std::size_t>(i)] = (i * 7) % 40;
    }
    const Correlation c = kendallTauB(x, y);
    const double n = 40;
    const double s = c.value * n * (n - 1) / 2;
    const double z = s / std::sqrt(n * (n - 1) * (2 * n + 5) / 18);
    QVERIFY(std::fabs(c.p - std::erfc(std::fabs(z) / std::sqrt(2.0))) < 1e-12);
}

void TestCorrelation::averageRanksGivesTiesTheirMean()
{
    const std::vector<double> v{10, 20, 20, 5, 20};
    const std::vector<double> expected{2, 4, 4, 1, 4};
    QCOMPARE(averageRanks(v), expected);
    // Past the counting path's 64 distinct values, the sorting path gives the same ranks.
    std::vector<double> many;
    for (int i = 0; i < 200; ++i)
        many.push_back((i * 37) % 100);
    const auto ranks = averageRanks(many);
    for (std::size_t i = 0; i < many.size(); ++i) {
        double below = 0, equal = 0;
        for (double w : many) {
            below += w < many[i];
            equal += w == many[i];
        }
        QCOMPARE(ranks[i], below + (equal + 1) / 2);
    }
    QVERIFY(averageRanks(std::vector<double>{}).empty());
}

void TestCorrelation::incompleteBetaKnownValues_data()
{
    QTest::addColumn<double>("a");
    QTest::addColumn<double>("b");
    QTest::addColumn<double>("x");
    QTest::addColumn<double>("expected");
    // Closed forms: I_x(1,1) = x; I_x(a,1) = x^a; I_x(1,b) = 1-(1-x)^b; I_x(1/2,1/2) = (2/pi) asin(sqrt x).
    QTest::newRow("uniform") << 1.0 << 1.0 << 0.3 << 0.3;
    QTest::newRow("a=3,b=1") << 3.0 << 1.0 << 0.7 << std::pow(0.7, 3);
    QTest::newRow("a=1,b=4") << 1.0 << 4.0 << 0.2 << 1 - std::pow(0.8, 4);
    QTest::newRow("arcsine") << 0.5 << 0.5 << 0.25 << 2 / M_PI * std::asin(0.5);
    QTest::newRow("arcsine high") << 0.5 << 0.5 << 0.9 << 2 / M_PI * std::asin(std::sqrt(0.9));
    QTest::newRow("x=0") << 2.0 << 3.0 << 0.0 << 0.0;
    QTest::newRow("x=1") << 2.0 << 3.0 << 1.0 << 1.0;
}

void TestCorrelation::incompleteBetaKnownValues()
{
    QFETCH(double, a);
    QFETCH(double, b);
    QFETCH(double, x);
    QFETCH(double, expected);
    QVERIFY(std::fabs(regularizedIncompleteBeta(a, b, x) - expected) < 1e-14);
}

void TestCorrelation::kendallExactSmallN()
{
    // n = 4: inversion counts 0..6 occur 1,3,5,6,5,3,1 times among the 24 permutations.
    QVERIFY(std::fabs(kendallExactTwoSided(4, 0) - 2.0 / 24) < 1e-15);
    QVERIFY(std::fabs(kendallExactTwoSided(4, 1) - 2.0 * 4 / 24) < 1e-15);
    QVERIFY(std::fabs(kendallExactTwoSided(4, 2) - 2.0 * 9 / 24) < 1e-15);
    QCOMPARE(kendallExactTwoSided(4, 3), 1.0);
    QCOMPARE(kendallExactTwoSided(2, 0), 1.0);
}

void TestCorrelation::summaryLevelCountsDocuments()
{
    const double nan = std::nan("");
    // 3 systems × 3 documents; document 2 has one system missing, document 3 only one pair.
    const ScoreMatrix x(3, 3, {1, 2, nan, 2, nan, nan, 3, 1, 4});
    const ScoreMatrix z(3, 3, {1, 3, 2, 3, 2, 1, 2, 1, 5});
    const SummaryLevel s = summaryLevel(x, z, CorrelationMethod::Spearman);
    QCOMPARE(s.documentsTotal, std::size_t{3});
    QCOMPARE(s.documentsUsed, std::size_t{2});
    QVERIFY(!s.perDocument[2].defined());
    QVERIFY(std::fabs(s.mean.value - (s.perDocument[0].value + s.perDocument[1].value) / 2) < 1e-15);
}

void TestCorrelation::metaCorrelationUsesHumanMeans()
{
    // System 3 has constant human scores: its per-system correlation is undefined and left out of M.
    const ScoreMatrix x(3, 4, {1, 2, 3, 4, 2, 1, 4, 3, 1, 2, 3, 4});
    const ScoreMatrix z(3, 4, {1, 2, 3, 5, 5, 5, 4, 4, 3, 3, 3, 3});
    const MetaCorrelation meta = metaCorrelation(x, z, CorrelationMethod::Pearson);
    QCOMPARE(meta.q.size(), std::size_t{3});
    QCOMPARE(meta.q[0], 2.75);
    QCOMPARE(meta.q[1], 4.5);
    QVERIFY(std::isnan(meta.p[2]));
    // Two systems are left; as in scipy, two points correlate perfectly with p = 1.
    QVERIFY(meta.m.defined());
    QCOMPARE(meta.m.n, std::size_t{2});
    QCOMPARE(std::fabs(meta.m.value), 1.0);
    QCOMPARE(meta.m.p, 1.0);
}

QTEST_APPLESS_MAIN(TestCorrelation)
#include "tst_correlation.moc"

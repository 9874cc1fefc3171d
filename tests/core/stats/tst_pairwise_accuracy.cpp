// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Tie-aware meta-evaluation: pairwise accuracy, acc_eq with tie calibration (Deutsch et al. 2023) and soft
// pairwise accuracy (Thompson et al. 2024), on cases worked by hand and on rows printed by
// tests/reference/tie_accuracy_reference.py (numpy/scipy, an independent implementation).
#include "stats/levels.h"
#include "stats/pairwise_accuracy.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <vector>

using namespace concord::stats;

Q_DECLARE_METATYPE(std::vector<double>)

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Means of a few fractions: the reference sums them in another order, so the last bits may differ.
bool near(double actual, double expected)
{
    if (std::isnan(expected))
        return std::isnan(actual);
    return std::fabs(actual - expected) <= 1e-12;
}

void row(const char *name, std::vector<double> metric, std::vector<double> human, double acc, double accEq,
         double epsilon)
{
    QTest::newRow(name) << metric << human << acc << accEq << epsilon;
}

void row(const char *name, int systems, int documents, std::vector<double> metric, std::vector<double> human,
         double accMean, double accEq, double epsilon)
{
    QTest::newRow(name) << systems << documents << metric << human << accMean << accEq << epsilon;
}

void row(const char *name, std::vector<double> differences, double p)
{
    QTest::newRow(name) << differences << p;
}

void row(const char *name, int systems, int documents, std::vector<double> metric, std::vector<double> human,
         double spa)
{
    QTest::newRow(name) << systems << documents << metric << human << spa;
}

ScoreMatrix matrix(int systems, int documents, std::vector<double> cells)
{
    return ScoreMatrix(static_cast<std::size_t>(systems), static_cast<std::size_t>(documents), std::move(cells));
}

} // namespace

class TestPairwiseAccuracy : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void accuracy_data();
    void accuracy();
    void namesReadBack();
    void summaryLevel_data();
    void summaryLevel();
    void signFlip_data();
    void signFlip();
    void softPairwiseAccuracy_data();
    void softPairwiseAccuracy();
    void softPairwiseAccuracyOnlyAtSystemLevel();
    void tooManyPairsIsUndefined();
};

void TestPairwiseAccuracy::accuracy_data()
{
    QTest::addColumn<std::vector<double>>("metric");
    QTest::addColumn<std::vector<double>>("human");
    QTest::addColumn<double>("acc");
    QTest::addColumn<double>("accEq");
    QTest::addColumn<double>("epsilon");

    // By hand: items a, b, c, d with metric 1, 2, 2, 4 and humans 1, 3, 3, 2. Pairs and metric gaps:
    //   ab (1) and ac (1): both say a < b, a < c — concordant.   ad (3): both a < d — concordant.
    //   bc (0): both tie.   bd (2) and cd (2): metric b < d, humans b > d — discordant.
    // acc: the humans order 5 pairs (all but bc); ab, ac, ad agree: 3/5.
    // acc_eq: ε = 0 ties bc only, correct ab ac ad bc = 4/6; ε = 1 also ties ab, ac (wrong): 2/6;
    // ε = 2 also ties bd, cd (wrong): 2/6; ε = 3 ties all, only bc right: 1/6. Best 4/6 at ε = 0.
    row("hand_ties_agree", {1, 2, 2, 4}, {1, 3, 3, 2}, 3.0 / 5, 4.0 / 6, 0);
    // By hand: metric 1, 1.25, 3, 2 and humans 2, 2, 5, 4. Every pair the humans order the metric orders
    // the same way (acc 5/5); ab, tied by the humans, has gap 0.25. ε = 0: 5/6; ε = 0.25 ties ab: 6/6;
    // ε = 0.75 (bd) would untie a right pair again. Best 1 at ε = 0.25.
    row("hand_threshold_quarter", {1, 1.25, 3, 2}, {2, 2, 5, 4}, 1, 1, 0.25);
    // A missing value drops its item: the same as the first case.
    row("hand_missing_dropped", {1, 2, 2, kNaN, 4}, {1, 3, 3, 5, 2}, 3.0 / 5, 4.0 / 6, 0);
    // Humans tie everything: acc has no pair to judge; acc_eq is right exactly where the metric ties,
    // which the largest ε (2) makes every pair.
    row("hand_humans_all_tie", {1, 2, 3}, {4, 4, 4}, kNaN, 1, 2);
    row("hand_one_item", {1}, {2}, kNaN, kNaN, kNaN);

    // tests/reference/tie_accuracy_reference.py
    row("ref_likert_8", {2.0, 4.0, 1.0, 3.0, 3.0, 2.0, 3.0, 2.0}, {4.0, 3.0, 1.0, 5.0, 2.0, 3.0, 3.0, 3.0}, 0.5,
        0.42857142857142855, 0.0);
    row("ref_thirds_10",
        {4.333333333333333, 2.0, 2.6666666666666665, 4.666666666666667, 3.3333333333333335, 1.0, 3.0, 4.333333333333333,
         4.333333333333333, 2.6666666666666665},
        {4.0, 1.6666666666666667, 4.666666666666667, 5.0, 4.666666666666667, 4.0, 4.333333333333333, 1.6666666666666667,
         2.0, 2.6666666666666665},
        0.5238095238095238, 0.4888888888888889, 0.0);
    row("ref_continuous_12", {0.73, -0.15, -0.42, -0.89, -0.4, -0.29, 0.4, -0.92, 0.55, 0.24, 0.52, -0.33},
        {1.0, 2.0, 3.0, 1.0, 3.0, 3.0, 3.0, 2.0, 2.0, 3.0, 3.0, 3.0}, 0.4634146341463415, 0.45454545454545453, 0.94);
}

void TestPairwiseAccuracy::accuracy()
{
    QFETCH(std::vector<double>, metric);
    QFETCH(std::vector<double>, human);
    QFETCH(double, acc);
    QFETCH(double, accEq);
    QFETCH(double, epsilon);

    // n counts the items, as it does for the correlations in the same table, not the pairs judged.
    std::size_t items = 0;
    for (std::size_t i = 0; i < metric.size(); ++i)
        items += !std::isnan(metric[i]) && !std::isnan(human[i]);
    const Correlation a = pairwiseAccuracy(metric, human);
    QVERIFY2(near(a.value, acc), qPrintable(QString::number(a.value, 'g', 17)));
    QCOMPARE(a.defined(), !std::isnan(acc));
    QCOMPARE(a.n, items);
    QVERIFY(std::isnan(a.p)); // no p-value is claimed
    const Correlation e = tieCalibratedAccuracy(metric, human);
    QVERIFY2(near(e.value, accEq), qPrintable(QString::number(e.value, 'g', 17)));
    QVERIFY2(near(e.tieThreshold, epsilon), qPrintable(QString::number(e.tieThreshold, 'g', 17)));
    QCOMPARE(e.defined(), !std::isnan(accEq));
    QCOMPARE(e.n, items);
    // Through the correlation machinery, as `stats --correlation acc,acc_eq` reaches them.
    QVERIFY(near(correlate(metric, human, CorrelationMethod::Acc).value, acc));
    QVERIFY(near(correlate(metric, human, CorrelationMethod::AccEq).value, accEq));
}

void TestPairwiseAccuracy::namesReadBack()
{
    for (const auto m : {CorrelationMethod::Acc, CorrelationMethod::AccEq, CorrelationMethod::Spa}) {
        QVERIFY(correlationMethodFromString(toString(m)) == m);
        QVERIFY(!hasBootstrapInterval(m));
    }
    QCOMPARE(toString(CorrelationMethod::AccEq), std::string_view("acc_eq"));
    QVERIFY(hasBootstrapInterval(CorrelationMethod::KendallB));
}

void TestPairwiseAccuracy::summaryLevel_data()
{
    QTest::addColumn<int>("systems");
    QTest::addColumn<int>("documents");
    QTest::addColumn<std::vector<double>>("metric");
    QTest::addColumn<std::vector<double>>("human");
    QTest::addColumn<double>("accMean");
    QTest::addColumn<double>("accEq");
    QTest::addColumn<double>("epsilon");

    // By hand: 3 systems, 2 documents (columns). Document 1: metric 1, 2, 4, humans 1, 2, 3 — every pair
    // ordered alike, gaps 1, 3, 2. Document 2: metric 1, 1.5, 3, humans 2, 2, 3 — the humans tie s1 s2
    // (gap 0.5), the other pairs agree. acc: 3/3 and 2/2, mean 1. acc_eq with one ε for both:
    // ε = 0: 3/3 and 2/3, mean 5/6; ε = 0.5: 3/3 and 3/3, mean 1; larger ε only ties ordered pairs.
    // A threshold per document would also give 1 here, but the common ε is 0.5 — not each document's own.
    row("hand_common_threshold", 3, 2, {1, 1, 2, 1.5, 4, 3}, {1, 2, 2, 2, 3, 3}, 1, 1, 0.5);

    // tests/reference/tie_accuracy_reference.py
    row("ref_summary_4x5", 4, 5,
        {3.0, 3.0, 2.0, 1.0, 2.0, 3.0, 5.0, kNaN, 5.0, 3.0, 3.0, 4.0, 4.0, 5.0, 1.0, 3.0, 5.0, 2.0, 2.0, 1.0},
        {2.6666666666666665,
         1.3333333333333333,
         5.0,
         1.3333333333333333,
         4.0,
         3.3333333333333335,
         1.0,
         1.6666666666666667,
         4.666666666666667,
         3.3333333333333335,
         2.0,
         2.6666666666666665,
         1.6666666666666667,
         5.0,
         2.3333333333333335,
         1.6666666666666667,
         3.6666666666666665,
         1.0,
         2.6666666666666665,
         4.333333333333333},
        0.39999999999999997, 0.39999999999999997, 0.0);
    row("ref_summary_5x6", 5, 6, {3.0, 3.0, 3.0, 2.0, 1.0, 5.0, 5.0, 5.0, kNaN, 5.0, 1.0, 3.0, 3.0, 1.0, 2.0,
                                  2.0, 4.0, 3.0, 5.0, 2.0, 1.0, 1.0, 2.0, 4.0,  4.0, 1.0, 5.0, 1.0, 1.0, 1.0},
        {2.6666666666666665,
         2.3333333333333335,
         4.0,
         3.3333333333333335,
         4.0,
         3.0,
         1.3333333333333333,
         5.0,
         2.6666666666666665,
         1.3333333333333333,
         1.6666666666666667,
         4.333333333333333,
         2.6666666666666665,
         3.6666666666666665,
         3.3333333333333335,
         3.3333333333333335,
         2.3333333333333335,
         2.6666666666666665,
         1.6666666666666667,
         2.0,
         1.0,
         2.0,
         2.3333333333333335,
         3.3333333333333335,
         3.3333333333333335,
         4.0,
         2.6666666666666665,
         2.3333333333333335,
         3.6666666666666665,
         3.3333333333333335},
        0.39814814814814814, 0.41111111111111115, 0.0);
}

void TestPairwiseAccuracy::summaryLevel()
{
    QFETCH(int, systems);
    QFETCH(int, documents);
    QFETCH(std::vector<double>, metric);
    QFETCH(std::vector<double>, human);
    QFETCH(double, accMean);
    QFETCH(double, accEq);
    QFETCH(double, epsilon);

    const ScoreMatrix x = matrix(systems, documents, metric), z = matrix(systems, documents, human);
    const SummaryLevel a = concord::stats::summaryLevel(x, z, CorrelationMethod::Acc);
    QVERIFY2(near(a.mean.value, accMean), qPrintable(QString::number(a.mean.value, 'g', 17)));
    const SummaryLevel e = concord::stats::summaryLevel(x, z, CorrelationMethod::AccEq);
    QVERIFY2(near(e.mean.value, accEq), qPrintable(QString::number(e.mean.value, 'g', 17)));
    QVERIFY2(near(e.mean.tieThreshold, epsilon), qPrintable(QString::number(e.mean.tieThreshold, 'g', 17)));
    QCOMPARE(e.documentsUsed, static_cast<std::size_t>(documents));
    // n: the cells of the documents used, as the other coefficients' summary level counts them.
    std::size_t cells = 0;
    for (std::size_t i = 0; i < metric.size(); ++i)
        cells += !std::isnan(metric[i]) && !std::isnan(human[i]);
    QCOMPARE(e.mean.n, cells);
    QCOMPARE(e.perDocument.size(), static_cast<std::size_t>(documents));
    for (const auto &c : e.perDocument)
        QCOMPARE(c.tieThreshold, e.mean.tieThreshold);
    QVERIFY(near(summaryLevelMean(x, z, CorrelationMethod::AccEq), accEq));
}

void TestPairwiseAccuracy::signFlip_data()
{
    QTest::addColumn<std::vector<double>>("differences");
    QTest::addColumn<double>("p");

    // By hand: differences 1, 0, 1 — the zero cannot flip; of the 4 sign vectors of (1, 1) only (+, +)
    // reaches the observed sum 2: p = 1/4.
    row("hand_two_positive", {1, 0, 1}, 0.25);
    // By hand: −1, 2 (sum 1): sums 1, 3, −3, −1 — two reach 1: p = 1/2.
    row("hand_mixed", {-1, 2}, 0.5);
    row("hand_all_zero", {0, 0, 0}, 1);
    row("hand_none", {}, 1);

    // tests/reference/tie_accuracy_reference.py (exact rows: scipy.stats.permutation_test)
    row("ref_exact_6", {-2.0, 3.0, 0.0, 2.0, -1.0, -3.0}, 0.65625);
    row("ref_exact_thirds_9",
        {-0.6666666666666666, -1.0, 0.6666666666666666, -1.6666666666666667, -0.3333333333333333, -1.0,
         1.3333333333333333, -0.3333333333333333, -2.0},
        0.939453125);
    row("ref_sampled_20",
        {-1.0, -1.0, 0.0, 1.0, 3.0, 1.0, -1.0, 3.0, 4.0, -2.0, 0.0, 0.0, 1.0, 4.0, 2.0, -3.0, 4.0, -1.0, -2.0, -2.0},
        0.19080919080919082);
    row("ref_sampled_70",
        {-1.855, -1.131, -0.59,  -1.256, 0.426,  -0.26,  -1.0,   1.539,  -0.584, -0.018, 0.708,  -0.883, -0.667, 0.846,
         -0.407, -0.677, -0.334, -0.337, -0.337, -0.753, -0.556, -1.258, 0.446,  -0.841, 0.007,  0.111,  -0.586, -0.422,
         0.162,  -0.463, 0.118,  0.943,  -1.552, -0.215, -0.917, 1.717,  0.178,  -0.155, 0.298,  0.163,  -1.845, -0.12,
         0.267,  -0.634, -0.227, -0.286, 0.045,  -0.768, -1.142, 1.07,   0.963,  1.06,   0.015,  -0.374, 0.082,  -1.993,
         -0.539, 0.188,  1.268,  0.726,  -0.344, -0.164, -0.626, -2.501, -0.189, -0.489, -1.067, -1.439, 1.358,  1.318},
        0.99000999000999);
}

void TestPairwiseAccuracy::signFlip()
{
    QFETCH(std::vector<double>, differences);
    QFETCH(double, p);
    // Counts over a power of two or over resamples + 1: the very same quotient.
    QCOMPARE(signFlipPValue(differences), p);
}

void TestPairwiseAccuracy::softPairwiseAccuracy_data()
{
    QTest::addColumn<int>("systems");
    QTest::addColumn<int>("documents");
    QTest::addColumn<std::vector<double>>("metric");
    QTest::addColumn<std::vector<double>>("human");
    QTest::addColumn<double>("spa");

    // By hand: two systems, three documents. Metric 3 4 5 against 2 4 4: differences 1, 0, 1, p_m = 1/4;
    // humans 2 2 3 against 3 2 1: differences −1, 0, 2, p_h = 1/2 (see signFlip). SPA = 1 − |1/2 − 1/4|.
    row("hand_two_systems", 2, 3, {3, 4, 5, 2, 4, 4}, {2, 2, 3, 3, 2, 1}, 0.75);
    // Identical scores on both sides: every p-value agrees.
    row("hand_identical", 3, 2, {1, 2, 3, 3, 2, 2}, {1, 2, 3, 3, 2, 2}, 1);

    // tests/reference/tie_accuracy_reference.py
    row("ref_spa_3x5", 3, 5, {2.0, kNaN, 2.0, 3.0, 1.0, 5.0, 1.0, 5.0, 2.0, 5.0, 5.0, 5.0, 4.0, 2.0, 5.0},
        {1.6666666666666667, 4.333333333333333, 3.6666666666666665, 2.0, 4.666666666666667, 4.0, 1.3333333333333333,
         5.0, 4.0, 5.0, 1.3333333333333333, 3.3333333333333335, 4.333333333333333, 1.6666666666666667, 3.0},
        0.5625);
    row("ref_spa_4x8", 4, 8, {1.0, kNaN, 2.0, 1.0, 5.0, 1.0, 3.0, 5.0, 4.0, 4.0, 2.0, 2.0, 5.0, 3.0, 5.0, 3.0,
                              5.0, 2.0,  2.0, 5.0, 4.0, 2.0, 2.0, 3.0, 5.0, 1.0, 1.0, 2.0, 5.0, 4.0, 1.0, 1.0},
        {3.0,
         3.6666666666666665,
         1.3333333333333333,
         4.666666666666667,
         3.0,
         3.3333333333333335,
         4.666666666666667,
         3.0,
         4.333333333333333,
         1.6666666666666667,
         5.0,
         1.3333333333333333,
         4.666666666666667,
         3.3333333333333335,
         5.0,
         1.6666666666666667,
         2.6666666666666665,
         4.666666666666667,
         2.3333333333333335,
         1.0,
         3.6666666666666665,
         3.6666666666666665,
         4.0,
         4.0,
         2.0,
         1.0,
         3.3333333333333335,
         2.6666666666666665,
         4.333333333333333,
         2.6666666666666665,
         3.0,
         1.0},
        0.7975260416666666);
}

void TestPairwiseAccuracy::softPairwiseAccuracy()
{
    QFETCH(int, systems);
    QFETCH(int, documents);
    QFETCH(std::vector<double>, metric);
    QFETCH(std::vector<double>, human);
    QFETCH(double, spa);

    const ScoreMatrix x = matrix(systems, documents, metric), z = matrix(systems, documents, human);
    const Correlation c = systemLevel(x, z, CorrelationMethod::Spa);
    QVERIFY2(near(c.value, spa), qPrintable(QString::number(c.value, 'g', 17)));
    QCOMPARE(c.n, static_cast<std::size_t>(systems)); // every pair shares a document: every system takes part
    QVERIFY(std::isnan(c.p));
}

void TestPairwiseAccuracy::softPairwiseAccuracyOnlyAtSystemLevel()
{
    const ScoreMatrix x = matrix(2, 3, {3, 4, 5, 2, 4, 4}), z = matrix(2, 3, {2, 2, 3, 3, 2, 1});
    QVERIFY(!datasetLevel(x, z, CorrelationMethod::Spa).defined());
    const SummaryLevel s = concord::stats::summaryLevel(x, z, CorrelationMethod::Spa);
    QVERIFY(!s.mean.defined());
    QVERIFY(s.mean.undefinedReason.find("system level only") != std::string::npos);
    // One system has nothing to be compared with.
    QVERIFY(!concord::stats::softPairwiseAccuracy(matrix(1, 2, {1, 2}), matrix(1, 2, {1, 2})).defined());
}

// Tie calibration holds every pair at once: 3,500 items (6,123,250 pairs) are refused with the reason,
// 3,400 (5,778,300 pairs) are computed.
void TestPairwiseAccuracy::tooManyPairsIsUndefined()
{
    for (const auto &[items, defined] : {std::pair{std::size_t{3500}, false}, std::pair{std::size_t{3400}, true}}) {
        std::vector<double> metric(items), human(items);
        for (std::size_t i = 0; i < items; ++i) {
            metric[i] = static_cast<double>(i % 97);
            human[i] = static_cast<double>(i % 89);
        }
        const Correlation c = tieCalibratedAccuracy(metric, human);
        QCOMPARE(c.defined(), defined);
        QCOMPARE(c.n, items);
        if (!defined)
            QVERIFY2(c.undefinedReason.find("more than tie calibration takes") != std::string::npos,
                     c.undefinedReason.c_str());
    }
}

QTEST_APPLESS_MAIN(TestPairwiseAccuracy)
#include "tst_pairwise_accuracy.moc"

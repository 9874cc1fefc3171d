// Pairwise statistics: both-orders rule, win/tie/loss, H2H success, LLMCompare points, position
// and length bias, accuracy with Wilson intervals — on small cases worked out by hand.
#include "stats/pairwise.h"

#include <QTest>

#include <cmath>

using namespace concord::stats;
using W = PairVerdict::Winner;

class TestPairwise : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void bothOrders_data();
    void bothOrders();
    void winTieLossIsOrderFree();
    void verdictsFromScoresSkipMissing();
    void headToHeadSuccessAllAndConsecutive();
    void comparePointsTwoOneZero();
    void positionBiasCountsFlipsAndFirstWins();
    void wilsonInterval_data();
    void wilsonInterval();
    void lengthBiasRestrictsToSimilarLengths();
    void baselineAndRanking();
    void binaryAccuracyAndSentenceTruth();
};

void TestPairwise::bothOrders_data()
{
    QTest::addColumn<int>("first");
    QTest::addColumn<int>("second");
    QTest::addColumn<int>("expected");
    QTest::newRow("agree A") << int(W::A) << int(W::A) << int(W::A);
    QTest::newRow("agree B") << int(W::B) << int(W::B) << int(W::B);
    QTest::newRow("flip") << int(W::A) << int(W::B) << int(W::Tie);
    QTest::newRow("one tie") << int(W::A) << int(W::Tie) << int(W::Tie);
    QTest::newRow("both tie") << int(W::Tie) << int(W::Tie) << int(W::Tie);
}

void TestPairwise::bothOrders()
{
    QFETCH(int, first);
    QFETCH(int, second);
    QFETCH(int, expected);
    QCOMPARE(int(combineBothOrders(W(first), W(second))), expected);
}

void TestPairwise::winTieLossIsOrderFree()
{
    const std::vector<PairVerdict> v{
        {0, 0, 1, W::A, true}, {1, 1, 0, W::A, true}, {2, 0, 1, W::Tie, false}, {3, 2, 0, W::B, true}};
    const auto t = winTieLoss(v, 3);
    QCOMPARE(t[0][1].wins, std::size_t{1});   // doc 0: system 0 won
    QCOMPARE(t[0][1].losses, std::size_t{1}); // doc 1: system 1 (as A) won
    QCOMPARE(t[0][1].ties, std::size_t{1});
    QCOMPARE(t[0][2].wins, std::size_t{1});   // doc 3: B = system 0 won against system 2
    QCOMPARE(pairPreference(t[0][1]), 0);
    QCOMPARE(pairPreference(t[0][2]), 1);
}

void TestPairwise::verdictsFromScoresSkipMissing()
{
    const ScoreMatrix s(3, 2, {4, 1, 2, std::nan(""), 4, 3});
    const auto v = verdictsFromScores(s);
    QCOMPARE(v.size(), std::size_t{3 + 1}); // doc 0: three pairs; doc 1: only (0, 2)
    QCOMPARE(int(v[0].winner), int(W::A)); // 4 > 2
    QCOMPARE(int(v[1].winner), int(W::Tie)); // 4 = 4
    QCOMPARE(int(v[2].winner), int(W::B)); // 2 < 4
    QCOMPARE(int(v[3].winner), int(W::B)); // 1 < 3
}

void TestPairwise::headToHeadSuccessAllAndConsecutive()
{
    // Human means: system 0 = 1, system 1 = 3, system 2 = 2 (two documents).
    const ScoreMatrix humans(3, 2, {1, 1, 3, 3, 2, 2});
    // Judge: prefers 1 over 0 (agrees), 0 over 2 (disagrees), 1 over 2 (agrees).
    const std::vector<PairVerdict> judge{
        {0, 0, 1, W::B, true}, {1, 0, 1, W::B, true},
        {0, 0, 2, W::A, true}, {1, 0, 2, W::Tie, true},
        {0, 1, 2, W::A, true}, {1, 1, 2, W::B, true}, {1, 1, 2, W::A, false}};
    const SuccessRate all = headToHeadSuccess(judge, humans, PairSelection::All);
    QCOMPARE(all.pairs, std::size_t{3});
    QCOMPARE(all.agreed, std::size_t{2});
    QCOMPARE(all.rate, 2.0 / 3.0);
    // Consecutive in the human order 0 < 2 < 1: pairs (0, 2) and (2, 1).
    const SuccessRate consecutive = headToHeadSuccess(judge, humans, PairSelection::Consecutive);
    QCOMPARE(consecutive.pairs, std::size_t{2});
    QCOMPARE(consecutive.agreed, std::size_t{1});
}

void TestPairwise::comparePointsTwoOneZero()
{
    const std::vector<PairVerdict> v{{0, 0, 1, W::A, true}, {0, 1, 2, W::Tie, true}, {0, 0, 2, W::B, false}};
    QCOMPARE(comparePoints(v, 3), (std::vector<double>{2, 1, 3}));
}

void TestPairwise::positionBiasCountsFlipsAndFirstWins()
{
    const std::vector<PairVerdict> v{
        // doc 0, pair (0,1): first order says 0, second order (1 shown first) says 1: a flip; first shown won twice.
        {0, 0, 1, W::A, true}, {0, 0, 1, W::B, false},
        // doc 1, pair (0,1): consistent, 0 wins both times.
        {1, 0, 1, W::A, true}, {1, 1, 0, W::B, true},
        // doc 2: only one order, a tie.
        {2, 0, 1, W::Tie, true}};
    const PositionBias b = positionBias(v);
    QCOMPARE(b.swappedPairs, std::size_t{2});
    QCOMPARE(b.flips, std::size_t{1});
    QCOMPARE(b.flipRate, 0.5);
    QCOMPARE(b.decided, std::size_t{4});
    QCOMPARE(b.firstWins, std::size_t{3}); // in doc 1 the second shown (system 0) won the second time
    QCOMPARE(b.firstWinRate, 0.75);
}

void TestPairwise::wilsonInterval_data()
{
    QTest::addColumn<int>("correct");
    QTest::addColumn<int>("total");
    QTest::addColumn<double>("confidence");
    QTest::addColumn<double>("low");
    QTest::addColumn<double>("high");
    // Reference values from the closed form with Python's statistics.NormalDist quantile.
    QTest::newRow("8 of 10") << 8 << 10 << 0.95 << 0.49016247153664183 << 0.9433178485456247;
    QTest::newRow("0 of 5") << 0 << 5 << 0.95 << 0.0 << 0.43448246478317465;
    QTest::newRow("45 of 50 at 90%") << 45 << 50 << 0.9 << 0.8084624858484292 << 0.9504709655225548;
}

void TestPairwise::wilsonInterval()
{
    QFETCH(int, correct);
    QFETCH(int, total);
    QFETCH(double, confidence);
    QFETCH(double, low);
    QFETCH(double, high);
    const Accuracy a = accuracy(static_cast<std::size_t>(correct), static_cast<std::size_t>(total), confidence);
    QCOMPARE(a.value, double(correct) / total);
    QVERIFY2(std::fabs(a.ciLow - low) < 1e-9, qPrintable(QString::number(a.ciLow, 'g', 17)));
    QVERIFY2(std::fabs(a.ciHigh - high) < 1e-9, qPrintable(QString::number(a.ciHigh, 'g', 17)));
    QVERIFY(std::isnan(accuracy(0, 0).value));
}

void TestPairwise::lengthBiasRestrictsToSimilarLengths()
{
    // Two systems, four documents. The judge always prefers the longer summary; humans prefer the
    // better one. On documents 0 and 1 the lengths are nearly equal.
    const ScoreMatrix lengths(2, 4, {50, 40, 10, 100, 51, 41, 90, 20});
    const ScoreMatrix humans(2, 4, {4, 2, 5, 1, 2, 4, 1, 5});
    const ScoreMatrix judge(2, 4, {1, 1, 1, 5, 5, 5, 5, 1});
    const LengthBias b = lengthBias(judge, humans, lengths, CorrelationMethod::Pearson);
    // scipy.stats.pearsonr on the eight (length, score) cells.
    QVERIFY(std::fabs(b.judgeWithLength.value - 0.6955160205469212) < 1e-12);
    QVERIFY(std::fabs(b.humansWithLength.value - -0.8689046020996506) < 1e-12);
    QCOMPARE(b.allPairs.total, std::size_t{4});
    QCOMPARE(b.allPairs.correct, std::size_t{1});          // document 1 only
    // Length differences 1, 1, 80, 80: the 20th percentile is 1, so documents 0 and 1 remain.
    QCOMPARE(b.lengthDifferenceCutoff, 1.0);
    QCOMPARE(b.similarLengthPairs.total, std::size_t{2});
    QCOMPARE(b.similarLengthPairs.correct, std::size_t{1});
    // At the median the cutoff interpolates between 1 and 80.
    QCOMPARE(lengthBias(judge, humans, lengths, CorrelationMethod::Pearson, 0.5).lengthDifferenceCutoff, 40.5);
}

void TestPairwise::baselineAndRanking()
{
    const std::vector<PairVerdict> v{{0, 0, 1, W::A, true}, {1, 1, 0, W::Tie, true}, {0, 2, 0, W::A, true}, {0, 1, 2, W::B, true}};
    const auto b = againstBaseline(v, 3, 0);
    QCOMPARE(b[1].wins, std::size_t{0});
    QCOMPARE(b[1].losses, std::size_t{1});
    QCOMPARE(b[1].ties, std::size_t{1});
    QCOMPARE(b[2].wins, std::size_t{1});
    QCOMPARE(b[0].wins + b[0].ties + b[0].losses, std::size_t{0});
    QCOMPARE(ranksFromPoints({3, 5, 3, 1}), (std::vector<int>{2, 1, 2, 4}));
}

void TestPairwise::binaryAccuracyAndSentenceTruth()
{
    const Accuracy a = binaryAccuracy({{true, true}, {false, true}, {false, false}, {true, true}});
    QCOMPARE(a.correct, std::size_t{3});
    QCOMPARE(a.total, std::size_t{4});
    // "Zoë" makes code points and bytes differ: "Tuesday" is [24, 31) in code points ([25, 32) in bytes).
    const std::string summary = "Zoë won. It happened on Tuesday. Fans cheered.";
    std::vector<concord::model::ErrorSpan> spans{{0, 1, 1, 24, 31, "Tuesday", ""}};
    QCOMPARE(sentencesSupported(summary, spans), (std::vector<bool>{true, false, true}));
    QCOMPARE(sentencesSupported(summary, {}), (std::vector<bool>{true, true, true}));
}

QTEST_APPLESS_MAIN(TestPairwise)
#include "tst_pairwise.moc"

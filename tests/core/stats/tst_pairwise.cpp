// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Pairwise statistics: both-orders rule, the two aggregation rules (agree-or-tie, points), win/tie/loss,
// H2H success, LLMCompare points, position and length bias, accuracy with Wilson intervals — on small
// cases worked out by hand.
#include "stats/pairwise.h"

#include <QTest>

#include <cmath>
#include <optional>

using namespace concord::stats;
using W = PairVerdict::Winner;

Q_DECLARE_METATYPE(std::vector<PairVerdict>)
Q_DECLARE_METATYPE(std::vector<double>)
Q_DECLARE_METATYPE(ScoreMatrix)

namespace {

// A document's comparison of systems i < j in both orders, stored as the judge writer stores it:
// A is the summary shown first. Verdicts in system terms: 'i' (i won), 'j' (j won), 't' (tie), or
// '-' (that order was not judged). first: with i shown first; second: with j shown first.
void judged(std::vector<PairVerdict> &out, std::size_t document, std::size_t i, std::size_t j, char first, char second)
{
    auto shown = [](char verdict, bool iShownFirst) {
        if (verdict == 't')
            return W::Tie;
        return (verdict == 'i') == iShownFirst ? W::A : W::B;
    };
    if (first != '-')
        out.push_back({document, i, j, shown(first, true), true});
    if (second != '-')
        out.push_back({document, j, i, shown(second, false), true});
}

} // namespace

class TestPairwise : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void bothOrders_data();
    void bothOrders();
    void ruleNames_data();
    void ruleNames();
    void documentResultPerRule_data();
    void documentResultPerRule();
    void bothStoredFormsOfAnOrderAgree();
    void winTieLossIsOrderFree();
    void verdictsFromScoresSkipMissing();
    void headToHeadSuccess_data();
    void headToHeadSuccess();
    void headToHeadSuccessAllAndConsecutive_data();
    void headToHeadSuccessAllAndConsecutive();
    void comparePointsTwoOneZero_data();
    void comparePointsTwoOneZero();
    void positionBiasCountsFlipsAndFirstWins();
    void positionBiasOnJudgeWriterRows();
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

void TestPairwise::ruleNames_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("rule"); // -1: not a rule
    QTest::newRow("agree-or-tie") << QStringLiteral("agree-or-tie") << int(PairwiseRule::AgreeOrTie);
    QTest::newRow("points") << QStringLiteral("points") << int(PairwiseRule::Points);
    QTest::newRow("capitalised") << QStringLiteral("Points") << -1;
    QTest::newRow("underscores") << QStringLiteral("agree_or_tie") << -1;
    QTest::newRow("empty") << QString() << -1;
}

void TestPairwise::ruleNames()
{
    QFETCH(QString, text);
    QFETCH(int, rule);
    const std::string name = text.toStdString();
    const auto parsed = pairwiseRuleFromString(name);
    QCOMPARE(parsed.has_value(), rule >= 0);
    if (parsed) {
        QCOMPARE(int(*parsed), rule);
        QCOMPARE(std::string(toString(*parsed)), name); // round trip
    }
}

void TestPairwise::documentResultPerRule_data()
{
    QTest::addColumn<int>("rule");
    QTest::addColumn<QString>("orders"); // system 0 vs 1: first (0 shown first), second (1 shown first)
    QTest::addColumn<double>("wins");    // of system 0
    QTest::addColumn<double>("ties");
    QTest::addColumn<double>("losses");
    const int agree = int(PairwiseRule::AgreeOrTie), points = int(PairwiseRule::Points);
    // agree-or-tie: a win only when both orders name it; points: each order half the document.
    QTest::newRow("agree-or-tie: both orders 0") << agree << "ii" << 1.0 << 0.0 << 0.0;
    QTest::newRow("agree-or-tie: both orders 1") << agree << "jj" << 0.0 << 0.0 << 1.0;
    QTest::newRow("agree-or-tie: win, tie") << agree << "it" << 0.0 << 1.0 << 0.0;
    QTest::newRow("agree-or-tie: flip") << agree << "ij" << 0.0 << 1.0 << 0.0;
    QTest::newRow("agree-or-tie: tie, loss") << agree << "tj" << 0.0 << 1.0 << 0.0;
    QTest::newRow("agree-or-tie: both ties") << agree << "tt" << 0.0 << 1.0 << 0.0;
    QTest::newRow("agree-or-tie: first order only") << agree << "i-" << 1.0 << 0.0 << 0.0;
    QTest::newRow("agree-or-tie: second order only") << agree << "-j" << 0.0 << 0.0 << 1.0;
    QTest::newRow("points: both orders 0") << points << "ii" << 1.0 << 0.0 << 0.0;
    QTest::newRow("points: win, tie") << points << "it" << 0.5 << 0.5 << 0.0;
    QTest::newRow("points: flip") << points << "ij" << 0.5 << 0.0 << 0.5;
    QTest::newRow("points: tie, loss") << points << "tj" << 0.0 << 0.5 << 0.5;
    QTest::newRow("points: both ties") << points << "tt" << 0.0 << 1.0 << 0.0;
    QTest::newRow("points: first order only") << points << "t-" << 0.0 << 1.0 << 0.0;
    QTest::newRow("points: second order only") << points << "-i" << 1.0 << 0.0 << 0.0;
}

void TestPairwise::documentResultPerRule()
{
    QFETCH(int, rule);
    QFETCH(QString, orders);
    QFETCH(double, wins);
    QFETCH(double, ties);
    QFETCH(double, losses);
    std::vector<PairVerdict> v;
    judged(v, 4, 0, 1, orders.at(0).toLatin1(), orders.at(1).toLatin1());
    const auto results = documentResults(v, PairwiseRule(rule));
    QCOMPARE(results.size(), std::size_t{1}); // one document, however many orders
    QCOMPARE(results[0].document, std::size_t{4});
    QCOMPARE(results[0].first, std::size_t{0});
    QCOMPARE(results[0].second, std::size_t{1});
    QCOMPARE(results[0].share.wins, wins);
    QCOMPARE(results[0].share.ties, ties);
    QCOMPARE(results[0].share.losses, losses);
    // The same verdicts with the systems numbered the other way round: the shares swap.
    std::vector<PairVerdict> swapped;
    judged(swapped, 4, 1, 0,
           orders.at(1).toLatin1() == 'i'   ? 'j'
           : orders.at(1).toLatin1() == 'j' ? 'i'
                                            : orders.at(1).toLatin1(),
           orders.at(0).toLatin1() == 'i'   ? 'j'
           : orders.at(0).toLatin1() == 'j' ? 'i'
                                            : orders.at(0).toLatin1());
    const auto mirrored = documentResults(swapped, PairwiseRule(rule));
    QCOMPARE(mirrored.size(), std::size_t{1});
    QCOMPARE(mirrored[0].share.wins, wins);
    QCOMPARE(mirrored[0].share.losses, losses);
}

void TestPairwise::bothStoredFormsOfAnOrderAgree()
{
    // An order stored with A the summary shown first (the judge writer: 'ab', A and B swapped for
    // the other order), or with A the lower system and aShownFirst saying which came first.
    const std::vector<PairVerdict> writer{{0, 0, 1, W::A, true}, {0, 1, 0, W::Tie, true}};
    const std::vector<PairVerdict> flagged{{0, 0, 1, W::A, true}, {0, 0, 1, W::Tie, false}};
    for (const auto &v : {writer, flagged}) {
        const auto c = byPresentationOrder(v);
        QCOMPARE(c.size(), std::size_t{1});
        QVERIFY(c[0].firstShownFirst == W::A);
        QVERIFY(c[0].secondShownFirst == W::Tie);
        QCOMPARE(documentResults(v, PairwiseRule::Points)[0].share.wins, 0.5);
    }
    // A comparison recorded again in the same order: the later verdict stands.
    const auto again = byPresentationOrder({{0, 0, 1, W::A, true}, {0, 0, 1, W::B, true}});
    QCOMPARE(again.size(), std::size_t{1});
    QVERIFY(again[0].firstShownFirst == W::B);
    QVERIFY(!again[0].secondShownFirst);
}

void TestPairwise::winTieLossIsOrderFree()
{
    const std::vector<PairVerdict> v{
        {0, 0, 1, W::A, true}, {1, 1, 0, W::A, true}, {2, 0, 1, W::Tie, false}, {3, 2, 0, W::B, true}};
    const auto t = winTieLoss(documentResults(v, PairwiseRule::AgreeOrTie), 3);
    QCOMPARE(t[0][1].wins, 1.0);   // doc 0: system 0 won
    QCOMPARE(t[0][1].losses, 1.0); // doc 1: system 1 (as A) won
    QCOMPARE(t[0][1].ties, 1.0);
    QCOMPARE(t[0][2].wins, 1.0); // doc 3: B = system 0 won against system 2
    QCOMPARE(pairPreference(t[0][1]), 0);
    QCOMPARE(pairPreference(t[0][2]), 1);
}

void TestPairwise::verdictsFromScoresSkipMissing()
{
    const ScoreMatrix s(3, 2, {4, 1, 2, std::nan(""), 4, 3});
    const auto v = verdictsFromScores(s);
    QCOMPARE(v.size(), std::size_t{3 + 1});  // doc 0: three pairs; doc 1: only (0, 2)
    QCOMPARE(int(v[0].winner), int(W::A));   // 4 > 2
    QCOMPARE(int(v[1].winner), int(W::Tie)); // 4 = 4
    QCOMPARE(int(v[2].winner), int(W::B));   // 2 < 4
    QCOMPARE(int(v[3].winner), int(W::B));   // 1 < 3
}

void TestPairwise::headToHeadSuccess_data()
{
    QTest::addColumn<int>("rule");
    QTest::addColumn<ScoreMatrix>("humans");
    QTest::addColumn<std::vector<PairVerdict>>("judge");
    QTest::addColumn<int>("agreed");
    QTest::addColumn<int>("pairs");
    const int agree = int(PairwiseRule::AgreeOrTie), points = int(PairwiseRule::Points);

    // Humans prefer system 0: it wins document 0 (5 > 3), document 1 is a tie (4 = 4).
    // Judge: document 0 flips with the order, document 1 is 0 then a tie.
    //   agree-or-tie: both documents ties, 0 wins – 0 losses: no preference -> disagrees (0 of 1);
    //   points: 0.5 + 0.75 = 1.25 of 2 points, more than half -> prefers 0 -> agrees (1 of 1).
    {
        const ScoreMatrix humans(2, 2, {5, 4, 3, 4});
        std::vector<PairVerdict> judge;
        judged(judge, 0, 0, 1, 'i', 'j');
        judged(judge, 1, 0, 1, 'i', 't');
        QTest::newRow("flip and half a win: agree-or-tie") << agree << humans << judge << 0 << 1;
        QTest::newRow("flip and half a win: points") << points << humans << judge << 1 << 1;
    }
    // Humans prefer system 0 on all three documents (5 > 1).
    // Judge: document 0 both orders 0; documents 1 and 2 system 1 then a tie.
    //   agree-or-tie: one win, two ties -> prefers 0 -> agrees (1 of 1);
    //   points: 1 + 0.25 + 0.25 = 1.5 of 3, exactly half -> no preference -> disagrees (0 of 1).
    {
        const ScoreMatrix humans(2, 3, {5, 5, 5, 1, 1, 1});
        std::vector<PairVerdict> judge;
        judged(judge, 0, 0, 1, 'i', 'i');
        judged(judge, 1, 0, 1, 'j', 't');
        judged(judge, 2, 0, 1, 'j', 't');
        QTest::newRow("one clear win: agree-or-tie") << agree << humans << judge << 1 << 1;
        QTest::newRow("one clear win: points") << points << humans << judge << 0 << 1;
    }
    // Humans even on the pair (one document each). Judge: 1 wins document 0 both ways, document 1
    // flips: agree-or-tie 0 wins – 1 loss, prefers 1 -> disagrees; points 0 + 0.5 of 2 -> prefers 1.
    {
        const ScoreMatrix humans(2, 2, {5, 1, 1, 5});
        std::vector<PairVerdict> judge;
        judged(judge, 0, 0, 1, 'j', 'j');
        judged(judge, 1, 0, 1, 'i', 'j');
        QTest::newRow("humans even: agree-or-tie") << agree << humans << judge << 0 << 1;
        QTest::newRow("humans even: points") << points << humans << judge << 0 << 1;
    }
    // Three systems; the humans never scored system 2, so only pair (0, 1) counts although the
    // judge compared all three. (0, 1): humans 4 > 2, judge 0 both orders -> agrees under both rules.
    {
        const double nan = std::nan("");
        const ScoreMatrix humans(3, 1, {4, 2, nan});
        std::vector<PairVerdict> judge;
        judged(judge, 0, 0, 1, 'i', 'i');
        judged(judge, 0, 0, 2, 'j', 'j');
        judged(judge, 0, 1, 2, 't', 't');
        QTest::newRow("pairs without humans: agree-or-tie") << agree << humans << judge << 1 << 1;
        QTest::newRow("pairs without humans: points") << points << humans << judge << 1 << 1;
    }
}

void TestPairwise::headToHeadSuccess()
{
    QFETCH(int, rule);
    QFETCH(ScoreMatrix, humans);
    QFETCH(std::vector<PairVerdict>, judge);
    QFETCH(int, agreed);
    QFETCH(int, pairs);
    const SuccessRate s = concord::stats::headToHeadSuccess(judge, humans, PairSelection::All, PairwiseRule(rule));
    QCOMPARE(s.agreed, std::size_t(agreed));
    QCOMPARE(s.pairs, std::size_t(pairs));
    QCOMPARE(s.rate, double(agreed) / pairs);
}

void TestPairwise::headToHeadSuccessAllAndConsecutive_data()
{
    QTest::addColumn<int>("rule");
    QTest::newRow("agree-or-tie") << int(PairwiseRule::AgreeOrTie);
    QTest::newRow("points") << int(PairwiseRule::Points);
}

void TestPairwise::headToHeadSuccessAllAndConsecutive()
{
    QFETCH(int, rule);
    // Human means: system 0 = 1, system 1 = 3, system 2 = 2 (two documents).
    const ScoreMatrix humans(3, 2, {1, 1, 3, 3, 2, 2});
    // Judge: prefers 1 over 0 (agrees), 0 over 2 (disagrees), 1 over 2 (agrees). Pair (1, 2) on
    // document 1 flips with the order: a tie under agree-or-tie, half a win under points; with
    // document 0 won by 1 (one order), 1 is preferred either way.
    const std::vector<PairVerdict> judge{{0, 0, 1, W::B, true},   {1, 0, 1, W::B, true}, {0, 0, 2, W::A, true},
                                         {1, 0, 2, W::Tie, true}, {0, 1, 2, W::A, true}, {1, 1, 2, W::B, true},
                                         {1, 1, 2, W::A, false}};
    const SuccessRate all = concord::stats::headToHeadSuccess(judge, humans, PairSelection::All, PairwiseRule(rule));
    QCOMPARE(all.pairs, std::size_t{3});
    QCOMPARE(all.agreed, std::size_t{2});
    QCOMPARE(all.rate, 2.0 / 3.0);
    // Consecutive in the human order 0 < 2 < 1: pairs (0, 2) and (2, 1).
    const SuccessRate consecutive
        = concord::stats::headToHeadSuccess(judge, humans, PairSelection::Consecutive, PairwiseRule(rule));
    QCOMPARE(consecutive.pairs, std::size_t{2});
    QCOMPARE(consecutive.agreed, std::size_t{1});
}

void TestPairwise::comparePointsTwoOneZero_data()
{
    QTest::addColumn<int>("rule");
    QTest::addColumn<std::vector<double>>("points");
    // Document 0, one order each: (0, 1) 0 won: 2 to 0; (1, 2) a tie: 1 each; (0, 2) with 2 shown
    // first, 2 won: 2 to 2. Document 1: (0, 1) in both orders, 0 won, then a tie. Agree-or-tie:
    // a tie, 1 each. Points: 0 half won and half tied (1 + 0.5), 1 half tied (0.5).
    QTest::newRow("agree-or-tie") << int(PairwiseRule::AgreeOrTie) << std::vector<double>{2 + 1, 1 + 1, 1 + 2};
    QTest::newRow("points") << int(PairwiseRule::Points) << std::vector<double>{2 + 1.5, 1 + 0.5, 1 + 2};
}

void TestPairwise::comparePointsTwoOneZero()
{
    QFETCH(int, rule);
    QFETCH(std::vector<double>, points);
    std::vector<PairVerdict> v{{0, 0, 1, W::A, true}, {0, 1, 2, W::Tie, true}, {0, 0, 2, W::B, false}};
    judged(v, 1, 0, 1, 'i', 't');
    QCOMPARE(comparePoints(documentResults(v, PairwiseRule(rule)), 3), points);
}

void TestPairwise::positionBiasCountsFlipsAndFirstWins()
{
    const std::vector<PairVerdict> v{
        // doc 0, pair (0,1): first order says 0, second order (1 shown first) says 1: a flip; first shown won twice.
        {0, 0, 1, W::A, true},
        {0, 0, 1, W::B, false},
        // doc 1, pair (0,1): consistent, 0 wins both times.
        {1, 0, 1, W::A, true},
        {1, 1, 0, W::B, true},
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

void TestPairwise::positionBiasOnJudgeWriterRows()
{
    // Rows as the judge writer stores them (A shown first, the other order with A and B swapped).
    std::vector<PairVerdict> v;
    judged(v, 0, 0, 1, 'i', 'j'); // flip; the first shown won both times
    judged(v, 1, 0, 1, 'j', 'i'); // flip; the second shown won both times
    judged(v, 2, 0, 1, 'i', 'i'); // consistent; first shown won once, second shown once
    judged(v, 3, 0, 1, 't', 'i'); // flip (tie against a win); the second shown won once
    judged(v, 4, 0, 1, 'j', '-'); // one order only; the second shown won
    const PositionBias b = positionBias(v);
    QCOMPARE(b.swappedPairs, std::size_t{4});
    QCOMPARE(b.flips, std::size_t{3});
    QCOMPARE(b.flipRate, 0.75);
    QCOMPARE(b.decided, std::size_t{8});   // 2 + 2 + 2 + 1 + 1
    QCOMPARE(b.firstWins, std::size_t{3}); // 2 + 0 + 1 + 0 + 0
    QCOMPARE(b.firstWinRate, 3.0 / 8.0);
    // The pair's results do not change position bias: it is the same under either rule's input.
    QCOMPARE(documentResults(v, PairwiseRule::AgreeOrTie).size(), std::size_t{5});
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
    QCOMPARE(b.allPairs.correct, std::size_t{1}); // document 1 only
    // Length differences 1, 1, 80, 80: the 20th percentile is 1, so documents 0 and 1 remain.
    QCOMPARE(b.lengthDifferenceCutoff, 1.0);
    QCOMPARE(b.similarLengthPairs.total, std::size_t{2});
    QCOMPARE(b.similarLengthPairs.correct, std::size_t{1});
    // At the median the cutoff interpolates between 1 and 80.
    QCOMPARE(lengthBias(judge, humans, lengths, CorrelationMethod::Pearson, 0.5).lengthDifferenceCutoff, 40.5);
}

void TestPairwise::baselineAndRanking()
{
    const std::vector<PairVerdict> v{
        {0, 0, 1, W::A, true}, {1, 1, 0, W::Tie, true}, {0, 2, 0, W::A, true}, {0, 1, 2, W::B, true}};
    const auto b = againstBaseline(documentResults(v, PairwiseRule::AgreeOrTie), 3, 0);
    QCOMPARE(b[1].wins, 0.0);
    QCOMPARE(b[1].losses, 1.0);
    QCOMPARE(b[1].ties, 1.0);
    QCOMPARE(b[2].wins, 1.0);
    QCOMPARE(b[0].wins + b[0].ties + b[0].losses, 0.0);
    // Document 2 judged in both orders against the baseline: 1 won once, then a tie. Under points
    // system 1 gets half a win and half a tie; under agree-or-tie a whole tie.
    std::vector<PairVerdict> both = v;
    judged(both, 2, 0, 1, 't', 'j');
    const auto halves = againstBaseline(documentResults(both, PairwiseRule::Points), 3, 0);
    QCOMPARE(halves[1].wins, 0.5);
    QCOMPARE(halves[1].ties, 1.5);
    QCOMPARE(againstBaseline(documentResults(both, PairwiseRule::AgreeOrTie), 3, 0)[1].ties, 2.0);
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

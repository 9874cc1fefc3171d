// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// G-Eval's probability-weighted score and LLMScore's P(Yes) from token log probabilities, against
// values computed by hand.
#include "judge/answer/logprob_scoring.h"

#include <QTest>

#include <cmath>

using namespace concord::judge;

Q_DECLARE_METATYPE(std::vector<concord::judge::TokenLogprob>)

namespace {

// One answer token with its alternatives given as probabilities (turned into log probabilities).
TokenLogprob token(std::string text, std::vector<std::pair<std::string, double>> alternatives = {})
{
    TokenLogprob t;
    t.token = std::move(text);
    t.logprob = std::log(alternatives.empty() ? 1.0 : alternatives.front().second);
    for (auto &[alt, p] : alternatives)
        t.top.push_back(TopLogprob{alt, std::log(p)});
    return t;
}

} // namespace

class TestLogprobScoring : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void weighted_data();
    void weighted();
    void yesNo_data();
    void yesNo();
    void alternatives_data();
    void alternatives();
};

void TestLogprobScoring::weighted_data()
{
    QTest::addColumn<std::vector<TokenLogprob>>("tokens");
    QTest::addColumn<int>("min");
    QTest::addColumn<int>("max");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<double>("value");
    QTest::addColumn<double>("mass");
    QTest::addColumn<QString>("reason");

    QTest::newRow("brief example") << std::vector{token("3", {{"3", 0.6}, {"4", 0.3}, {"x", 0.1}})} << 1 << 5 << true
                                   << (3 * 0.6 + 4 * 0.3) / 0.9 << 0.9 << QString();
    QTest::newRow("leading spaces count")
        << std::vector{token(" 4", {{" 4", 0.5}, {"4", 0.2}, {" 5", 0.2}, {" the", 0.1}})} << 1 << 5 << true
        << (4 * 0.7 + 5 * 0.2) / 0.9 << 0.9 << QString();
    QTest::newRow("trailing point counts")
        << std::vector{token("2.", {{"2.", 0.5}, {"3.", 0.5}})} << 1 << 5 << true << 2.5 << 1.0 << QString();
    QTest::newRow("out of range ignored")
        << std::vector{token("5", {{"5", 0.5}, {"6", 0.25}, {"0", 0.125}, {"4", 0.125}})} << 1 << 5 << true
        << (5 * 0.5 + 4 * 0.125) / 0.625 << 0.625 << QString();
    QTest::newRow("fluency scale 1-3") << std::vector{token("3", {{"3", 0.4}, {"2", 0.4}, {"4", 0.1}, {"5", 0.1}})} << 1
                                       << 3 << true << 2.5 << 0.8 << QString();
    QTest::newRow("after Score:") << std::vector{token("Score"), token(":"), token(" ", {{" ", 0.9}, {"\n", 0.1}}),
                                                 token("4", {{"4", 0.8}, {"3", 0.2}})}
                                  << 1 << 5 << true << 3.8 << 1.0 << QString();
    // The explanation's "3" comes first, but the label says where the score is.
    QTest::newRow("label beats an earlier number")
        << std::vector{token("3", {{"3", 1.0}}), token(" people"), token(". Score"), token(":"),
                       token(" 2", {{" 2", 0.75}, {" 1", 0.25}})}
        << 1 << 5 << true << 1.75 << 1.0 << QString();
    QTest::newRow("markdown before the score")
        << std::vector{token("**"), token("Score"), token(":**"), token(" 5", {{" 5", 0.6}, {" 4", 0.4}})} << 1 << 5
        << true << 4.6 << 1.0 << QString();
    QTest::newRow("first in-range integer without label")
        << std::vector{token("Coherence"), token(": "), token("4", {{"4", 0.5}, {"5", 0.25}, {"3", 0.25}}), token("\n")}
        << 1 << 5 << true << 4.0 << 1.0 << QString();
    QTest::newRow("no alternatives: the token itself")
        << std::vector{token("4")} << 1 << 5 << true << 4.0 << 1.0 << QString();
    QTest::newRow("no score token") << std::vector{token("The"), token(" summary"), token(" is"), token(" good")} << 1
                                    << 5 << false << 0.0 << 0.0 << QStringLiteral("no score token");
    QTest::newRow("only out-of-range numbers") << std::vector{token("7"), token(" out of"), token(" 10")} << 1 << 5
                                               << false << 0.0 << 0.0 << QStringLiteral("no score token");
    QTest::newRow("label, no valid alternative")
        << std::vector{token("Score:"), token(" N", {{" N", 0.7}, {" 9", 0.3}})} << 1 << 5 << false << 0.0 << 0.0
        << QStringLiteral("no valid score");
    QTest::newRow("nothing after the label") << std::vector{token("Score"), token(":")} << 1 << 5 << false << 0.0 << 0.0
                                             << QStringLiteral("nothing follows");
    QTest::newRow("empty") << std::vector<TokenLogprob>{} << 1 << 5 << false << 0.0 << 0.0
                           << QStringLiteral("no tokens");
}

void TestLogprobScoring::weighted()
{
    QFETCH(std::vector<TokenLogprob>, tokens);
    QFETCH(int, min);
    QFETCH(int, max);
    QFETCH(bool, valid);
    QFETCH(double, value);
    QFETCH(double, mass);
    QFETCH(QString, reason);
    const WeightedScore score = weightedScore(tokens, min, max);
    QVERIFY2(score.valid == valid, score.invalidReason.c_str());
    if (valid) {
        QVERIFY2(std::abs(score.value - value) < 1e-12, QByteArray::number(score.value, 'g', 17).constData());
        QVERIFY(std::abs(score.validMass - mass) < 1e-12);
        QVERIFY(score.invalidReason.empty());
    } else {
        QVERIFY(std::isnan(score.value));
        QVERIFY2(QString::fromStdString(score.invalidReason).contains(reason), score.invalidReason.c_str());
    }
}

void TestLogprobScoring::yesNo_data()
{
    QTest::addColumn<std::vector<TokenLogprob>>("tokens");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<double>("value");
    QTest::addColumn<double>("mass");

    QTest::newRow("Yes and No") << std::vector{token("Yes", {{"Yes", 0.7}, {"No", 0.2}, {"The", 0.1}})} << true
                                << 0.7 / 0.9 << 0.9;
    QTest::newRow("spaces and case merge")
        << std::vector{token(" yes", {{" yes", 0.4}, {"Yes", 0.2}, {"NO", 0.3}, {" no", 0.1}})} << true << 0.6 << 1.0;
    QTest::newRow("punctuation on the token")
        << std::vector{token("No.", {{"No.", 0.5}, {"Yes.", 0.25}, {"Maybe", 0.25}})} << true << 1.0 / 3.0 << 0.75;
    QTest::newRow("after markdown") << std::vector{token("**"), token("Yes", {{"Yes", 0.9}, {"No", 0.05}}), token("**")}
                                    << true << 0.9 / 0.95 << 0.95;
    QTest::newRow("only no") << std::vector{token(" NO", {{" NO", 0.8}, {" Not", 0.2}})} << true << 0.0 << 0.8;
    QTest::newRow("the token alone") << std::vector{token("yes")} << true << 1.0 << 1.0;
    QTest::newRow("neither appears") << std::vector{token("The", {{"The", 0.6}, {"It", 0.4}}), token(" sentence")}
                                     << false << 0.0 << 0.0;
    QTest::newRow("no tokens") << std::vector<TokenLogprob>{} << false << 0.0 << 0.0;
    QTest::newRow("yesterday is not yes")
        << std::vector{token("Yesterday", {{"Yesterday", 0.5}, {"Nope", 0.5}})} << false << 0.0 << 0.0;
}

void TestLogprobScoring::yesNo()
{
    QFETCH(std::vector<TokenLogprob>, tokens);
    QFETCH(bool, valid);
    QFETCH(double, value);
    QFETCH(double, mass);
    const WeightedScore p = yesProbability(tokens);
    QVERIFY2(p.valid == valid, p.invalidReason.c_str());
    if (valid) {
        QVERIFY2(std::abs(p.value - value) < 1e-12, QByteArray::number(p.value, 'g', 17).constData());
        QVERIFY(std::abs(p.validMass - mass) < 1e-12);
    } else {
        QVERIFY(std::isnan(p.value));
        QVERIFY(!p.invalidReason.empty());
    }
}

// Whether the score token came with its alternatives: without them a server sent only the chosen
// token's probability, and G-Eval scores by sampling instead.
void TestLogprobScoring::alternatives_data()
{
    QTest::addColumn<std::vector<TokenLogprob>>("tokens");
    QTest::addColumn<bool>("withAlternatives");

    QTest::newRow("at the score") << std::vector{token("Score"), token(":"), token(" 4", {{" 4", 0.8}, {" 3", 0.2}})}
                                  << true;
    QTest::newRow("the score token alone") << std::vector{token("Score"), token(":"), token(" 4")} << false;
    // Alternatives elsewhere do not make up for none at the score.
    QTest::newRow("elsewhere only") << std::vector{token("Score", {{"Score", 0.9}, {"Rating", 0.1}}), token(":"),
                                                   token(" 4")}
                                    << false;
    QTest::newRow("no score, alternatives sent") << std::vector{token("Fine", {{"Fine", 0.9}, {"Good", 0.1}})} << true;
    QTest::newRow("no score, none sent") << std::vector{token("Fine")} << false;
    QTest::newRow("no tokens") << std::vector<TokenLogprob>{} << false;
}

void TestLogprobScoring::alternatives()
{
    QFETCH(std::vector<TokenLogprob>, tokens);
    QFETCH(bool, withAlternatives);
    QCOMPARE(weightedScore(tokens, 1, 5).withAlternatives, withAlternatives);
}

QTEST_APPLESS_MAIN(TestLogprobScoring)
#include "tst_logprob_scoring.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Structured answers read strictly: {reason, score} and nothing else, a whole-number score on the scale; every
// other answer invalid with what is wrong, the method recorded either way; and the schema sent for it.
#include "judge/answer/structured_answer.h"

#include <QTest>

#include <nlohmann/json.hpp>

using namespace concord;
using namespace concord::judge;

class TestStructuredAnswer : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void answers_data();
    void answers();
    void schemaAsksForReasonAndScoreOnly();
    void onlySingleScoreProtocols();
};

void TestStructuredAnswer::answers_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("reason"); // the reason read, or why the answer is invalid

    QTest::newRow("valid") << R"({"reason":"Clear and in order.","score":4})" << true << 4.0 << "Clear and in order.";
    QTest::newRow("keys in any order, spaces") << "  {\"score\": 1, \"reason\": \"Off topic.\"}\n"
                                               << true << 1.0 << "Off topic.";
    QTest::newRow("top of the scale") << R"({"reason":"Flawless.","score":5})" << true << 5.0 << "Flawless.";
    QTest::newRow("score written 4.0") << R"({"reason":"Good.","score":4.0})" << true << 4.0 << "Good.";
    QTest::newRow("free text") << "Reason: fine.\nScore: 4" << false << 0.0
                               << "the answer is not JSON, as its schema asks";
    QTest::newRow("text after the object") << R"({"reason":"Good.","score":4} Hope this helps!)" << false << 0.0
                                           << "the answer is not JSON, as its schema asks";
    QTest::newRow("array") << "[4]" << false << 0.0 << "the answer is JSON but not an object with reason and score";
    QTest::newRow("extra key") << R"({"reason":"Good.","score":4,"confidence":0.9})" << false << 0.0
                               << "the answer has a key its schema does not: 'confidence'";
    QTest::newRow("no reason") << R"({"score":4})" << false << 0.0 << "the answer has no 'reason'";
    QTest::newRow("no score") << R"({"reason":"Good."})" << false << 0.0 << "the answer has no 'score'";
    QTest::newRow("reason a number") << R"({"reason":4,"score":4})" << false << 0.0 << "'reason' is not a string";
    QTest::newRow("score a string") << R"({"reason":"Good.","score":"4"})" << false << 0.0 << "'score' is not a number";
    QTest::newRow("score a fraction") << R"({"reason":"Good.","score":3.5})" << false << 0.0
                                      << "'score' is 3.5, not a whole number";
    QTest::newRow("above the scale") << R"({"reason":"Good.","score":7})" << false << 0.0
                                     << "'score' is 7, outside the scale 1–5";
    QTest::newRow("below the scale") << R"({"reason":"Bad.","score":0})" << false << 0.0
                                     << "'score' is 0, outside the scale 1–5";
    QTest::newRow("refusal as the reason")
        << R"({"reason":"I'm sorry, but I can't help with that.","score":3})" << false << 0.0 << "the reason: ";
}

void TestStructuredAnswer::answers()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QFETCH(double, value);
    QFETCH(QString, reason);
    const ParsedAnswer a = parseStructuredScore(text.toStdString(), 1, 5);
    QCOMPARE(a.detail.value("method", std::string()), std::string("structured"));
    QCOMPARE(a.valid, valid);
    if (valid) {
        QCOMPARE(a.value, value);
        QCOMPARE(QString::fromStdString(a.detail.value("reason", std::string())), reason);
    } else {
        QVERIFY2(QString::fromStdString(a.invalidReason).startsWith(reason), a.invalidReason.c_str());
        QVERIFY(a.invalidReason.size() > 0);
    }
}

void TestStructuredAnswer::schemaAsksForReasonAndScoreOnly()
{
    const AnswerSchema schema = scoreSchema();
    QCOMPARE(schema.name, std::string("score_with_reason"));
    const auto json = nlohmann::json::parse(schema.schema);
    QVERIFY(json.at("type") == "object");
    QVERIFY(json.at("properties").size() == 2);
    QVERIFY(json.at("properties").at("reason").at("type") == "string");
    QVERIFY(json.at("properties").at("score").at("type") == "integer");
    QVERIFY(json.at("required") == nlohmann::json({"reason", "score"}));
    QVERIFY(json.at("additionalProperties") == false);
}

void TestStructuredAnswer::onlySingleScoreProtocols()
{
    for (const Protocol p : allProtocols())
        QCOMPARE(takesStructuredAnswers(p), p == Protocol::Rts || p == Protocol::LlmEval);
}

QTEST_APPLESS_MAIN(TestStructuredAnswer)
#include "tst_structured_answer.moc"

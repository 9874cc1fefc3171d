// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli judge --repeats: the usage errors, the estimate and the summary line of a run that asks each unit k
// times, and the judge card's self-consistency read from those answers in `report`.
#include "cli_run.h"
#include "test_llm_server.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <atomic>

using concord::test::CliRun;
using concord::test::runCli;

class TestCliJudgeRepeats : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void usageErrors_data();
    void usageErrors();
    void estimateCountsOneRequestPerUnitWithN();
    void runScoresByTheMeanAndTheCardReadsTheAnswers();

private:
    QStringList judgeArgs() const;

    QTemporaryDir m_dir;
    QString m_study;
    concord::test::TestLlmServer m_server;
};

void TestCliJudgeRepeats::initTestCase()
{
    QVERIFY(m_server.start() > 0);
    m_study = m_dir.filePath(QStringLiteral("demo.concord"));
    QCOMPARE(runCli({QStringLiteral("demo"), m_study}).exitCode, 0);
}

QStringList TestCliJudgeRepeats::judgeArgs() const
{
    return {QStringLiteral("judge"),       m_study,
            QStringLiteral("--provider"),  QStringLiteral("openai"),
            QStringLiteral("--base-url"),  QString::fromStdString(m_server.baseUrl() + "/v1"),
            QStringLiteral("--model"),     QStringLiteral("test-model"),
            QStringLiteral("--dimension"), QStringLiteral("coherence"),
            QStringLiteral("--limit"),     QStringLiteral("2"),
            QStringLiteral("--rater"),     QStringLiteral("repeating judge")};
}

void TestCliJudgeRepeats::usageErrors_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QString>("message");
    const QString range = QStringLiteral("--repeats takes a whole number from 1 to 100");
    const QStringList warm{QStringLiteral("--protocol"), QStringLiteral("rts"), QStringLiteral("--temperature"),
                           QStringLiteral("0.8")};
    QTest::newRow("zero") << (warm + QStringList{QStringLiteral("--repeats"), QStringLiteral("0")}) << range;
    QTest::newRow("too many") << (warm + QStringList{QStringLiteral("--repeats"), QStringLiteral("101")}) << range;
    QTest::newRow("word") << (warm + QStringList{QStringLiteral("--repeats"), QStringLiteral("thrice")}) << range;
    QTest::newRow("geval") << QStringList{QStringLiteral("--protocol"),    QStringLiteral("geval"),
                                          QStringLiteral("--temperature"), QStringLiteral("0.8"),
                                          QStringLiteral("--repeats"),     QStringLiteral("3")}
                           << QStringLiteral("--repeats does not apply to geval");
    QTest::newRow("temperature 0") << QStringList{QStringLiteral("--protocol"), QStringLiteral("rts"),
                                                  QStringLiteral("--repeats"), QStringLiteral("3")}
                                   << QStringLiteral("--repeats needs --temperature above 0");
    QTest::newRow("re-asking") << (warm
                                   + QStringList{QStringLiteral("--repeats"), QStringLiteral("3"),
                                                 QStringLiteral("--reask-invalid"), QStringLiteral("1")})
                               << QStringLiteral("--repeats and --reask-invalid do not go together");
}

void TestCliJudgeRepeats::usageErrors()
{
    QFETCH(QStringList, options);
    QFETCH(QString, message);
    const CliRun r = runCli(judgeArgs() + options);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QCOMPARE(m_server.requestCount(), std::size_t{0});
}

void TestCliJudgeRepeats::estimateCountsOneRequestPerUnitWithN()
{
    // Two documents of four summaries on coherence: eight units, each one request with n = 3.
    const CliRun r
        = runCli(judgeArgs() << QStringLiteral("--protocol") << QStringLiteral("rts") << QStringLiteral("--temperature")
                             << QStringLiteral("0.8") << QStringLiteral("--repeats") << QStringLiteral("3")
                             << QStringLiteral("--estimate"));
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("calls to send      8 (0 already answered)")), qPrintable(r.out));
    QCOMPARE(m_server.requestCount(), std::size_t{0});
}

void TestCliJudgeRepeats::runScoresByTheMeanAndTheCardReadsTheAnswers()
{
    // Of each unit's three answers, two say 4 and one says 2: a vote share of 2/3 everywhere.
    m_server.setHandler([](const concord::test::RecordedRequest &r) {
        const nlohmann::json body = nlohmann::json::parse(r.body, nullptr, false);
        const int n = body.is_object() ? body.value("n", 1) : 1;
        std::vector<std::string> choices;
        for (int i = 0; i < n; ++i)
            choices.push_back(i == 1 ? "Score: 2" : "Score: 4");
        return concord::test::Reply::openAiChoices(choices);
    });
    const CliRun r
        = runCli(judgeArgs() << QStringLiteral("--protocol") << QStringLiteral("rts") << QStringLiteral("--temperature")
                             << QStringLiteral("0.8") << QStringLiteral("--repeats") << QStringLiteral("3"));
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QCOMPARE(m_server.requestCount(), std::size_t{8});
    QVERIFY2(r.out.contains(QStringLiteral("rts: 8 units by the mean of 3 answers")), qPrintable(r.out));

    const CliRun report = runCli(
        {QStringLiteral("report"), m_study, QStringLiteral("--human"), QStringLiteral("expert"),
         QStringLiteral("--rater"), QStringLiteral("repeating judge"), QStringLiteral("--bootstrap"),
         QStringLiteral("50"), QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--cards-only")});
    QVERIFY2(report.exitCode == 0, qPrintable(report.err));
    const QJsonArray cards
        = QJsonDocument::fromJson(report.out.toUtf8()).object().value(QStringLiteral("judge_cards")).toArray();
    QCOMPARE(cards.size(), qsizetype(1));
    const QJsonObject card = cards.at(0).toObject();
    QVERIFY2(card.value(QStringLiteral("self_consistency"))
                 .toString()
                 .startsWith(QStringLiteral("coherence: vote share 0.6667, leave-one-out variance")),
             qPrintable(card.value(QStringLiteral("self_consistency")).toString()));
    const QJsonObject coherence
        = card.value(QStringLiteral("self_consistency_by_dimension")).toArray().at(0).toObject();
    QCOMPARE(coherence.value(QStringLiteral("summaries")).toInt(), 8);
    QCOMPARE(coherence.value(QStringLiteral("answers")).toInt(), 24);
    QCOMPARE(coherence.value(QStringLiteral("most_answers")).toInt(), 3);
    // {4, 2, 4}: each 4 against {2, 4} is in a tie (1/2) and the 2 against {4, 4} is off (1): 2/3 per unit.
    QCOMPARE(coherence.value(QStringLiteral("loo_variance_zero_one")).toDouble(), 2.0 / 3.0);
    // Medians: a 4 against {2, 4} is 1 from their midpoint 3, the 2 against {4, 4} is 2 away: (1 + 1 + 2) / 3.
    QCOMPARE(coherence.value(QStringLiteral("loo_variance_absolute")).toDouble(), 4.0 / 3.0);
}

QTEST_GUILESS_MAIN(TestCliJudgeRepeats)
#include "tst_cli_judge_repeats.moc"

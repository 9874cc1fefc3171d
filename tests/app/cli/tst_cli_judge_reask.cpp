// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli judge --reask-invalid: the usage errors, its help, and the summary line of a run that re-asks.
#include "cli_run.h"
#include "test_llm_server.h"

#include <QTemporaryDir>
#include <QTest>

using concord::test::CliRun;
using concord::test::runCli;

class TestCliJudgeReask : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void usageErrors_data();
    void usageErrors();
    void helpNamesTheOption();
    void estimateLeavesReasksOut();
    void runPrintsTheCountsBeforeAndAfterReasking();

private:
    QStringList judgeArgs(const QString &protocol) const;

    QTemporaryDir m_dir;
    QString m_study;
    concord::test::TestLlmServer m_server;
};

void TestCliJudgeReask::initTestCase()
{
    QVERIFY(m_server.start() > 0);
    m_study = m_dir.filePath(QStringLiteral("demo.concord"));
    QCOMPARE(runCli({QStringLiteral("demo"), m_study}).exitCode, 0);
}

QStringList TestCliJudgeReask::judgeArgs(const QString &protocol) const
{
    return {QStringLiteral("judge"),       m_study,
            QStringLiteral("--provider"),  QStringLiteral("openai"),
            QStringLiteral("--base-url"),  QString::fromStdString(m_server.baseUrl() + "/v1"),
            QStringLiteral("--model"),     QStringLiteral("test-model"),
            QStringLiteral("--protocol"),  protocol,
            QStringLiteral("--dimension"), QStringLiteral("coherence"),
            QStringLiteral("--limit"),     QStringLiteral("1"),
            QStringLiteral("--rater"),     QStringLiteral("reasking judge")};
}

void TestCliJudgeReask::usageErrors_data()
{
    QTest::addColumn<QString>("protocol");
    QTest::addColumn<QString>("k");
    QTest::addColumn<QString>("message");
    const QString range = QStringLiteral("--reask-invalid takes a whole number from 0 to 5");
    QTest::newRow("six") << QStringLiteral("rts") << QStringLiteral("6") << range;
    QTest::newRow("negative") << QStringLiteral("rts") << QStringLiteral("-1") << range;
    QTest::newRow("fraction") << QStringLiteral("rts") << QStringLiteral("1.5") << range;
    QTest::newRow("word") << QStringLiteral("rts") << QStringLiteral("twice") << range;
    QTest::newRow("geval") << QStringLiteral("geval") << QStringLiteral("1")
                           << QStringLiteral("--reask-invalid does not apply to geval");
}

void TestCliJudgeReask::usageErrors()
{
    QFETCH(QString, protocol);
    QFETCH(QString, k);
    QFETCH(QString, message);
    const CliRun r = runCli(judgeArgs(protocol) << QStringLiteral("--reask-invalid") << k);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QCOMPARE(m_server.requestCount(), std::size_t{0});
}

void TestCliJudgeReask::helpNamesTheOption()
{
    const CliRun r = runCli({QStringLiteral("judge"), QStringLiteral("--help")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QStringLiteral("--reask-invalid <K>")), qPrintable(r.out));
}

void TestCliJudgeReask::estimateLeavesReasksOut()
{
    const CliRun r = runCli(judgeArgs(QStringLiteral("rts")) << QStringLiteral("--reask-invalid") << QStringLiteral("3")
                                                             << QStringLiteral("--estimate"));
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(
        r.out.contains(QStringLiteral("re-asks of answers that cannot be read (up to 3 per unit) are not included")),
        qPrintable(r.out));
    QCOMPARE(m_server.requestCount(), std::size_t{0});
}

void TestCliJudgeReask::runPrintsTheCountsBeforeAndAfterReasking()
{
    // Every first answer is a refusal; asked again with the form stated, each unit answers.
    m_server.setHandler([](const concord::test::RecordedRequest &r) {
        return r.body.find("Your answer could not be read.") != std::string::npos
                   ? concord::test::Reply::openAi("Score: 3")
                   : concord::test::Reply::openAi("I'm sorry, but I can't help with evaluating this.");
    });
    const CliRun r
        = runCli(judgeArgs(QStringLiteral("rts")) << QStringLiteral("--reask-invalid") << QStringLiteral("2"));
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    const std::size_t sent = m_server.requestCount();
    QVERIFY(sent >= 2 && sent % 2 == 0);
    const QString units = QString::number(sent / 2);
    const QString line = QStringLiteral("re-asking (up to 2): %1 of %1 first answers invalid (100.0%), %1 re-asks, "
                                        "%1 recovered; 0 invalid after re-asking (0.0%)")
                             .arg(units);
    QVERIFY2(r.out.contains(line), qPrintable(r.out));

    // Run again: nothing sent, the same counts.
    const CliRun again
        = runCli(judgeArgs(QStringLiteral("rts")) << QStringLiteral("--reask-invalid") << QStringLiteral("2"));
    QVERIFY2(again.exitCode == 0, qPrintable(again.out + again.err));
    QCOMPARE(m_server.requestCount(), sent);
    QVERIFY2(again.out.contains(line), qPrintable(again.out));
}

QTEST_GUILESS_MAIN(TestCliJudgeReask)
#include "tst_cli_judge_reask.moc"

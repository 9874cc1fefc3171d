// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli judge as separate processes on one study: two runs of a judge at once pay for each prompt
// once, and a run whose process is killed reads interrupted in `info --json` and `calls --json` and is
// resumed by --resume under its id, paying only for what was never stored; an option that would change what
// the resumed run asks is refused.
#include "test_llm_server.h"
#include "test_paths.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

namespace {

QString cliOut(const QStringList &args, int &exitCode)
{
    QProcess p;
    p.start(concord::test::cliPath(), args);
    if (!p.waitForFinished(120000)) {
        exitCode = -1;
        return {};
    }
    exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return QString::fromUtf8(p.readAllStandardOutput()) + QString::fromUtf8(p.readAllStandardError());
}

} // namespace

class TestCliJudgeRuns : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void twoJudgeProcessesAtOncePayOncePerPrompt();
    void killedRunIsInterruptedAndResumed();

private:
    QStringList judgeArgs(const QString &study, const concord::test::TestLlmServer &server) const;
};

QStringList TestCliJudgeRuns::judgeArgs(const QString &study, const concord::test::TestLlmServer &server) const
{
    return {QStringLiteral("judge"),         study,
            QStringLiteral("--provider"),    QStringLiteral("openai"),
            QStringLiteral("--base-url"),    QString::fromStdString(server.baseUrl() + "/v1"),
            QStringLiteral("--model"),       QStringLiteral("test-model"),
            QStringLiteral("--protocol"),    QStringLiteral("rts"),
            QStringLiteral("--dimension"),   QStringLiteral("coherence"),
            QStringLiteral("--limit"),       QStringLiteral("2"),
            QStringLiteral("--rater"),       QStringLiteral("cli-judge"),
            QStringLiteral("--concurrency"), QStringLiteral("2")};
}

void TestCliJudgeRuns::twoJudgeProcessesAtOncePayOncePerPrompt()
{
    concord::test::TestLlmServer server;
    QVERIFY(server.start() > 0);
    server.setHandler([](const concord::test::RecordedRequest &) {
        auto r = concord::test::Reply::openAi("Score: 4");
        r.delayMs = 150;
        return r;
    });
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("demo.concord"));
    int code = 0;
    cliOut({QStringLiteral("demo"), study}, code);
    QCOMPARE(code, 0);

    QProcess first;
    QProcess second;
    first.setProcessChannelMode(QProcess::MergedChannels);
    second.setProcessChannelMode(QProcess::MergedChannels);
    first.start(concord::test::cliPath(), judgeArgs(study, server));
    second.start(concord::test::cliPath(), judgeArgs(study, server));
    QVERIFY(first.waitForFinished(120000));
    QVERIFY(second.waitForFinished(120000));
    const QString out = QString::fromUtf8(first.readAll()) + QString::fromUtf8(second.readAll());
    // Each distinct prompt was sent once, whichever run sent it.
    QSet<QString> distinct;
    for (const auto &r : server.requests())
        distinct.insert(QString::fromStdString(r.body));
    QCOMPARE(server.requestCount(), std::size_t(distinct.size()));
    QCOMPARE(distinct.size(), 8);
    // Both started while the other worked: one ran, the other refused naming it.
    QCOMPARE(first.exitCode() + second.exitCode(), 1);
    QVERIFY2(out.contains(QStringLiteral("the judge 'cli-judge' is already running on this study: run 1, pid ")),
             qPrintable(out));
}

void TestCliJudgeRuns::killedRunIsInterruptedAndResumed()
{
    concord::test::TestLlmServer server;
    QVERIFY(server.start() > 0);
    server.setHandler([](const concord::test::RecordedRequest &) {
        auto r = concord::test::Reply::openAi("Score: 3");
        r.delayMs = 200;
        return r;
    });
    QTemporaryDir dir;
    const QString study = dir.filePath(QStringLiteral("demo.concord"));
    int code = 0;
    cliOut({QStringLiteral("demo"), study}, code);
    QCOMPARE(code, 0);

    QProcess judge;
    judge.start(concord::test::cliPath(), judgeArgs(study, server));
    QVERIFY(judge.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(server.requestCount() >= 5, 30000);
    judge.kill(); // SIGKILL: no chance to store a status
    QVERIFY(judge.waitForFinished(10000));
    const std::size_t sentBefore = server.requestCount();

    const QJsonObject info
        = QJsonDocument::fromJson(cliOut({QStringLiteral("info"), study, QStringLiteral("--json")}, code).toUtf8())
              .object();
    QCOMPARE(code, 0);
    QCOMPARE(info.value(QStringLiteral("interrupted_runs")).toInt(), 1);
    const QJsonObject run = info.value(QStringLiteral("judge_runs")).toArray().at(0).toObject();
    QCOMPARE(run.value(QStringLiteral("status")).toString(), QStringLiteral("interrupted"));
    QCOMPARE(run.value(QStringLiteral("id")).toInt(), 1);
    const int stored = run.value(QStringLiteral("calls")).toInt();
    QVERIFY(stored >= 1);
    const QString calls = cliOut({QStringLiteral("calls"), study, QStringLiteral("--rater"),
                                  QStringLiteral("cli-judge"), QStringLiteral("--json")},
                                 code);
    QCOMPARE(code, 0);
    QVERIFY2(calls.contains(QStringLiteral("\"run_status\":\"interrupted\"")), qPrintable(calls));
    const QString text = cliOut({QStringLiteral("info"), study}, code);
    QVERIFY2(text.contains(QStringLiteral("interrupted run 1: cli-judge (rts)")), qPrintable(text));

    // What would change the prompts, the units or the scoring is refused, and nothing is sent or stored.
    const QList<QStringList> changing = {{QStringLiteral("--model"), QStringLiteral("another-model")},
                                         {QStringLiteral("--split"), QStringLiteral("test")},
                                         {QStringLiteral("--examples-from"), QStringLiteral("cli-judge")},
                                         {QStringLiteral("--structured")},
                                         {QStringLiteral("--temperature"), QStringLiteral("0.7")}};
    for (const QStringList &option : changing) {
        const QString refused = cliOut(
            QStringList{QStringLiteral("judge"), study, QStringLiteral("--resume"), QStringLiteral("1")} + option,
            code);
        QCOMPARE(code, 2);
        QVERIFY2(refused.contains(QStringLiteral("%1 cannot change it").arg(option.first())), qPrintable(refused));
    }
    QCOMPARE(server.requestCount(), sentBefore);
    QVERIFY(
        cliOut({QStringLiteral("info"), study}, code).contains(QStringLiteral("interrupted run 1: cli-judge (rts)")));

    const QString resumed
        = cliOut({QStringLiteral("judge"), study, QStringLiteral("--resume"), QStringLiteral("1")}, code);
    QVERIFY2(code == 0, qPrintable(resumed));
    QCOMPARE(server.requestCount() - sentBefore, std::size_t(8 - stored));
    const QJsonObject after
        = QJsonDocument::fromJson(cliOut({QStringLiteral("info"), study, QStringLiteral("--json")}, code).toUtf8())
              .object();
    QCOMPARE(after.value(QStringLiteral("judge_runs")).toArray().size(), 1);
    QCOMPARE(
        after.value(QStringLiteral("judge_runs")).toArray().at(0).toObject().value(QStringLiteral("status")).toString(),
        QStringLiteral("finished"));
    QCOMPARE(after.value(QStringLiteral("interrupted_runs")).toInt(), 0);
}

QTEST_GUILESS_MAIN(TestCliJudgeRuns)
#include "tst_cli_judge_runs.moc"

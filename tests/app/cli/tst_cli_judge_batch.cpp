// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli judge --batch and concord-cli batches as a user runs them, against the local test server's stand-in of
// OpenAI's batch API: submitted and listed, the process killed while the provider creates the batch, the batch found
// again and its results stored once by batches --poll, each request sent once; the estimate's batch price.
#include "cli_run.h"
#include "fake_batch_service.h"
#include "test_llm_server.h"
#include "test_paths.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <cmath>
#include <csignal>

using concord::test::FakeBatchService;
using concord::test::RecordedRequest;
using concord::test::Reply;
using concord::test::TestLlmServer;

namespace {

constexpr const char *kKeyVar = "CONCORD_TEST_CLI_BATCH_KEY";

QString cliOut(const QStringList &args, int &exitCode)
{
    const concord::test::CliRun run = concord::test::runCli(args);
    exitCode = run.exitCode;
    return run.out + run.err;
}

std::string answer()
{
    return R"({"id":"c","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant",)"
           R"("content":"Score: 4"}}],"usage":{"prompt_tokens":100,"completion_tokens":10}})";
}

} // namespace

class TestCliJudgeBatch : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void submittedListedAndPolled();
    void killedWhileTheBatchIsCreated();
    void estimateShowsTheBatchPrice();
    void pollWaitsUntilEveryBatchHasEnded();

private:
    QStringList judgeArgs() const;
    int storedCalls(int &code) const;

    QTemporaryDir m_dir;
    QString m_study;
    std::unique_ptr<TestLlmServer> m_server;
    std::unique_ptr<FakeBatchService> m_batches;
    std::atomic<int> m_online{0};
    std::atomic<int> m_creationDelayMs{0};
};

void TestCliJudgeBatch::initTestCase()
{
    qputenv(kKeyVar, "sk-cli-batch-0123456789");
}

void TestCliJudgeBatch::init()
{
    m_batches.reset();
    m_server = std::make_unique<TestLlmServer>();
    m_batches = std::make_unique<FakeBatchService>(*m_server);
    m_online = 0;
    m_creationDelayMs = 0;
    m_server->setHandler([this](const RecordedRequest &r) {
        if (auto reply = m_batches->handle(r)) {
            if (r.method == "POST" && r.path == "/v1/batches")
                reply->delayMs = m_creationDelayMs.load();
            return *reply;
        }
        ++m_online;
        return Reply::openAi("Score: 4");
    });
    QVERIFY(m_server->start() > 0);
    m_batches->setAnswer([](const std::string &, const std::string &) {
        return FakeBatchService::Outcome{"succeeded", 200, answer()};
    });
    m_study = m_dir.filePath(QStringLiteral("demo-%1.concord").arg(QString::fromLatin1(QTest::currentTestFunction())));
    int code = 0;
    cliOut({QStringLiteral("demo"), m_study}, code);
    QCOMPARE(code, 0);
}

QStringList TestCliJudgeBatch::judgeArgs() const
{
    return {QStringLiteral("judge"),         m_study,
            QStringLiteral("--provider"),    QStringLiteral("openai"),
            QStringLiteral("--base-url"),    QString::fromStdString(m_server->baseUrl() + "/v1"),
            QStringLiteral("--model"),       QStringLiteral("test-model"),
            QStringLiteral("--protocol"),    QStringLiteral("rts"),
            QStringLiteral("--dimension"),   QStringLiteral("coherence"),
            QStringLiteral("--limit"),       QStringLiteral("2"),
            QStringLiteral("--rater"),       QStringLiteral("batch-judge"),
            QStringLiteral("--api-key-env"), QString::fromLatin1(kKeyVar),
            QStringLiteral("--price-in"),    QStringLiteral("1000"),
            QStringLiteral("--price-out"),   QStringLiteral("1000"),
            QStringLiteral("--batch")};
}

int TestCliJudgeBatch::storedCalls(int &code) const
{
    const QJsonObject info
        = QJsonDocument::fromJson(cliOut({QStringLiteral("info"), m_study, QStringLiteral("--json")}, code).toUtf8())
              .object();
    int calls = 0;
    for (const auto &run : info.value(QStringLiteral("judge_runs")).toArray())
        calls += run.toObject().value(QStringLiteral("calls")).toInt();
    return calls;
}

void TestCliJudgeBatch::submittedListedAndPolled()
{
    int code = 0;
    const QString submitted = cliOut(judgeArgs(), code);
    QVERIFY2(code == 0, qPrintable(submitted));
    const auto match = QRegularExpression(QStringLiteral("submitted: (\\d+) requests in 1 batches")).match(submitted);
    QVERIFY2(match.hasMatch(), qPrintable(submitted));
    const int requests = match.captured(1).toInt();
    QVERIFY(requests > 0);
    QCOMPARE(m_batches->requestsSubmitted(), std::size_t(requests));
    QCOMPARE(m_online.load(), 0);

    const QString listed = cliOut({QStringLiteral("batches"), m_study}, code);
    QCOMPARE(code, 0);
    QVERIFY2(listed.contains(QStringLiteral("batch-judge")) && listed.contains(QStringLiteral("validating")),
             qPrintable(listed));

    const QString waiting = cliOut({QStringLiteral("batches"), m_study, QStringLiteral("--poll")}, code);
    QVERIFY2(code == 0 && waiting.contains(QStringLiteral("0 batches fetched"))
                 && waiting.contains(QStringLiteral("1 still with the provider")),
             qPrintable(waiting));

    m_batches->setState(m_batches->batches().at(0).id, "completed");
    const QString fetched = cliOut({QStringLiteral("batches"), m_study, QStringLiteral("--poll")}, code);
    QVERIFY2(code == 0
                 && fetched.contains(QStringLiteral("1 batches fetched (%1 answers stored, 0 requests without an "
                                                    "answer)")
                                         .arg(requests)),
             qPrintable(fetched));
    QCOMPARE(storedCalls(code), requests);
    const std::size_t downloads = m_batches->resultDownloads(); // the output file and the error file
    QVERIFY(downloads >= 1);
    const QString none = cliOut({QStringLiteral("batches"), m_study, QStringLiteral("--poll")}, code);
    QVERIFY2(code == 0 && none.contains(QStringLiteral("no batch is waiting")), qPrintable(none));
    QCOMPARE(storedCalls(code), requests);
    QCOMPARE(m_batches->resultDownloads(), downloads);
}

void TestCliJudgeBatch::killedWhileTheBatchIsCreated()
{
    // The provider creates the batch and takes its time answering: the process dies before it learns the id.
    m_creationDelayMs = 20000;
    QProcess judge;
    judge.start(concord::test::cliPath(), judgeArgs());
    QVERIFY(judge.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(m_batches->batches().size() == 1, 30000);
    judge.kill(); // SIGKILL: no chance to record the provider's answer
    QVERIFY(judge.waitForFinished(10000));
    m_creationDelayMs = 0;
    const std::size_t requests = m_batches->requestsSubmitted();
    QVERIFY(requests > 0);

    int code = 0;
    const QString listed = cliOut({QStringLiteral("batches"), m_study}, code);
    QVERIFY2(code == 0 && listed.contains(QStringLiteral("submitting")), qPrintable(listed));
    // Judged again online meanwhile: the recorded requests may be paid for, so none is sent.
    QStringList online = judgeArgs();
    online.removeLast();
    const QString again = cliOut(online, code);
    QVERIFY2(again.contains(QStringLiteral("wait in batches of this judge")), qPrintable(again));
    QCOMPARE(m_online.load(), 0);

    m_batches->setState(m_batches->batches().at(0).id, "completed");
    const QString polled = cliOut({QStringLiteral("batches"), m_study, QStringLiteral("--poll")}, code);
    QVERIFY2(code == 0 && polled.contains(QStringLiteral("1 batches fetched (%1 answers stored").arg(requests)),
             qPrintable(polled));
    QCOMPARE(storedCalls(code), int(requests));
    QCOMPARE(m_batches->requestsSubmitted(), requests); // each request sent once
    QCOMPARE(m_batches->batches().size(), std::size_t(1));
    QCOMPARE(m_online.load(), 0);
    const QString listedAfter = cliOut({QStringLiteral("batches"), m_study}, code);
    QVERIFY2(listedAfter.contains(QStringLiteral("fetched")), qPrintable(listedAfter));
}

void TestCliJudgeBatch::estimateShowsTheBatchPrice()
{
    QStringList args = judgeArgs();
    args << QStringLiteral("--estimate") << QStringLiteral("--batch-price") << QStringLiteral("0.4");
    int code = 0;
    const QString out = cliOut(args, code);
    QVERIFY2(code == 0, qPrintable(out));
    const auto online = QRegularExpression(QStringLiteral("cost\\s+~([0-9.]+) expected, at most ([0-9.]+)")).match(out);
    const auto batch
        = QRegularExpression(QStringLiteral("cost in batches\\s+~([0-9.]+) expected, at most ([0-9.]+) \\(40% of the "
                                            "online price\\)"))
              .match(out);
    QVERIFY2(online.hasMatch() && batch.hasMatch(), qPrintable(out));
    QVERIFY(online.captured(2).toDouble() > 0);
    // Both printed to four decimals.
    QVERIFY(std::abs(batch.captured(2).toDouble() - online.captured(2).toDouble() * 0.4) <= 1e-4);
    QVERIFY(std::abs(batch.captured(1).toDouble() - online.captured(1).toDouble() * 0.4) <= 1e-4);
    QCOMPARE(m_server->requestCount(), std::size_t(0));
}

// batches --poll --wait polls again until every batch has ended and stores its results; Ctrl+C stops waiting (the
// batch goes on with the provider); --wait and --every are refused where they mean nothing.
void TestCliJudgeBatch::pollWaitsUntilEveryBatchHasEnded()
{
    int code = 0;
    const QString submitted = cliOut(judgeArgs(), code);
    QVERIFY2(code == 0, qPrintable(submitted));
    const int requests = static_cast<int>(m_batches->requestsSubmitted());
    QVERIFY(requests > 0);

    for (const QStringList &wrong :
         {QStringList{QStringLiteral("--wait")},
          QStringList{QStringLiteral("--poll"), QStringLiteral("--every"), QStringLiteral("5")},
          QStringList{QStringLiteral("--poll"), QStringLiteral("--wait"), QStringLiteral("--every"),
                      QStringLiteral("0")},
          QStringList{QStringLiteral("--poll"), QStringLiteral("--wait"), QStringLiteral("--every"),
                      QStringLiteral("soon")}}) {
        const QString refused = cliOut(QStringList{QStringLiteral("batches"), m_study} + wrong, code);
        QVERIFY2(code == 2, qPrintable(wrong.join(QLatin1Char(' ')) + QStringLiteral(": ") + refused));
    }

    const QStringList waitArgs{QStringLiteral("batches"), m_study,
                               QStringLiteral("--poll"),  QStringLiteral("--wait"),
                               QStringLiteral("--every"), QStringLiteral("0.2")};
    QString out;
    {
        QProcess waiting;
        waiting.start(concord::test::cliPath(), waitArgs);
        QVERIFY(waiting.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT((out += QString::fromUtf8(waiting.readAllStandardOutput()))
                                         .count(QStringLiteral("1 still with the provider"))
                                     >= 2,
                                 30000);
        ::kill(static_cast<pid_t>(waiting.processId()), SIGINT);
        QVERIFY(waiting.waitForFinished(10000));
        out += QString::fromUtf8(waiting.readAllStandardOutput());
        QCOMPARE(waiting.exitCode(), 130);
        QVERIFY2(out.contains(QStringLiteral("stopped waiting: 1 batches still with the provider")), qPrintable(out));
        QCOMPARE(storedCalls(code), 0);
    }

    out.clear();
    QProcess waiting;
    waiting.start(concord::test::cliPath(), waitArgs);
    QVERIFY(waiting.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT((out += QString::fromUtf8(waiting.readAllStandardOutput()))
                                 .contains(QStringLiteral("waiting 0.2 s before the next poll")),
                             30000);
    m_batches->setState(m_batches->batches().at(0).id, "completed");
    QVERIFY(waiting.waitForFinished(30000));
    out += QString::fromUtf8(waiting.readAllStandardOutput());
    QVERIFY2(waiting.exitCode() == 0, qPrintable(out + QString::fromUtf8(waiting.readAllStandardError())));
    QVERIFY2(out.contains(QStringLiteral("1 batches fetched (%1 answers stored").arg(requests)), qPrintable(out));
    QCOMPARE(storedCalls(code), requests);
    QCOMPARE(m_online.load(), 0);
}

QTEST_GUILESS_MAIN(TestCliJudgeBatch)
#include "tst_cli_judge_batch.moc"

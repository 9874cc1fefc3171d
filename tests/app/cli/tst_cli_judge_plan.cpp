// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli judge --plan as a user runs it: three judges from a plan file (two models at an OpenAI-compatible
// server, one at Anthropic; three protocols) with one estimate and one run, each judge's line under the command line's
// shared options; the same plan through both batch APIs, polled once; and a bad plan refused naming its file, line and
// option, with nothing sent and nothing stored.
#include "cli_run.h"
#include "fake_batch_service.h"
#include "test_llm_server.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using concord::test::FakeBatchService;
using concord::test::RecordedRequest;
using concord::test::Reply;
using concord::test::TestLlmServer;

namespace {

constexpr const char *kKeyVar = "CONCORD_TEST_CLI_PLAN_KEY";

const char *const kThreeJudges
    = "# three judges over the same summaries\n"
      "--provider openai --model model-a --protocol rts --rater \"judge A\" --concurrency 2\n"
      "\n"
      "--provider openai --model model-b --protocol mcq --concurrency 3 --rpm 6000\n"
      "--provider anthropic --model claude-c --protocol llmeval --concurrency 1\n";

bool isAnthropic(const std::string &body)
{
    return body.find("\"model\":\"claude-c\"") != std::string::npos;
}

std::string onlineAnswer(const std::string &body)
{
    if (isAnthropic(body))
        return Reply::anthropic({"Score: 3"}, 100, 10).body;
    return Reply::openAi(body.find("model-b") != std::string::npos ? "Answer: D" : "Score: 4", 100, 10).body;
}

} // namespace

class TestCliJudgePlan : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void estimateAndRunThreeJudges();
    void threeJudgesThroughBothBatchApis();
    void badPlanIsRefusedNamingItsLine_data();
    void badPlanIsRefusedNamingItsLine();

private:
    QString writePlan(const QString &text) const;
    QStringList planArgs(const QString &plan) const;
    QJsonArray judgeRuns() const;

    QTemporaryDir m_dir;
    QString m_study;
    std::unique_ptr<TestLlmServer> m_server;
    std::unique_ptr<FakeBatchService> m_batches;
    std::atomic<int> m_online{0};
    int m_studies = 0;
};

void TestCliJudgePlan::initTestCase()
{
    qputenv(kKeyVar, "sk-cli-plan-0123456789");
}

void TestCliJudgePlan::init()
{
    m_batches.reset();
    m_server = std::make_unique<TestLlmServer>();
    m_batches = std::make_unique<FakeBatchService>(*m_server);
    m_online = 0;
    m_server->setHandler([this](const RecordedRequest &r) {
        if (auto reply = m_batches->handle(r))
            return *reply;
        ++m_online;
        return Reply::json(200, onlineAnswer(r.body));
    });
    QVERIFY(m_server->start() > 0);
    m_batches->setAnswer([](const std::string &, const std::string &body) {
        return FakeBatchService::Outcome{"succeeded", 200, onlineAnswer(body)};
    });
    m_study = m_dir.filePath(QStringLiteral("demo-%1.concord").arg(++m_studies));
    const auto made = concord::test::runCli({QStringLiteral("demo"), m_study});
    QVERIFY2(made.exitCode == 0, qPrintable(made.err));
}

QString TestCliJudgePlan::writePlan(const QString &text) const
{
    const QString path = m_dir.filePath(QStringLiteral("plan.txt"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    file.write(text.toUtf8());
    return path;
}

QStringList TestCliJudgePlan::planArgs(const QString &plan) const
{
    // What every judge shares; each line adds its own provider, model, protocol and limits.
    return {QStringLiteral("judge"),         m_study,
            QStringLiteral("--plan"),        plan,
            QStringLiteral("--base-url"),    QString::fromStdString(m_server->baseUrl() + "/v1"),
            QStringLiteral("--dimension"),   QStringLiteral("coherence"),
            QStringLiteral("--limit"),       QStringLiteral("2"),
            QStringLiteral("--api-key-env"), QString::fromLatin1(kKeyVar),
            QStringLiteral("--price-in"),    QStringLiteral("1000"),
            QStringLiteral("--price-out"),   QStringLiteral("1000")};
}

QJsonArray TestCliJudgePlan::judgeRuns() const
{
    const auto info = concord::test::runCli({QStringLiteral("info"), m_study, QStringLiteral("--json")});
    return QJsonDocument::fromJson(info.out.toUtf8()).object().value(QStringLiteral("judge_runs")).toArray();
}

void TestCliJudgePlan::estimateAndRunThreeJudges()
{
    const QString plan = writePlan(QString::fromLatin1(kThreeJudges));
    QStringList estimateArgs = planArgs(plan);
    estimateArgs << QStringLiteral("--estimate");
    const auto estimate = concord::test::runCli(estimateArgs);
    QVERIFY2(estimate.exitCode == 0, qPrintable(estimate.err));
    for (const char *row : {"judge A", "model-b mcq", "claude-c llmeval", "all 3 judges"})
        QVERIFY2(estimate.out.contains(QString::fromLatin1(row)), qPrintable(estimate.out));
    QVERIFY2(estimate.out.contains(QStringLiteral("cost in batches")), qPrintable(estimate.out));
    QCOMPARE(m_server->requestCount(), std::size_t(0));

    const auto run = concord::test::runCli(planArgs(plan));
    QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
    // Two documents × the demo's candidates on one dimension, per judge.
    const QJsonArray runs = judgeRuns();
    QCOMPARE(runs.size(), 3);
    int calls = 0;
    QStringList raters;
    for (const auto &r : runs) {
        QCOMPARE(r.toObject().value(QStringLiteral("status")).toString(), QStringLiteral("finished"));
        calls += r.toObject().value(QStringLiteral("calls")).toInt();
        raters << r.toObject().value(QStringLiteral("rater")).toString();
    }
    raters.sort();
    QCOMPARE(raters, QStringList({QStringLiteral("claude-c llmeval"), QStringLiteral("judge A"),
                                  QStringLiteral("model-b mcq")}));
    QVERIFY(calls > 0 && calls % 3 == 0);
    QCOMPARE(m_online.load(), calls);
    QVERIFY2(run.out.contains(QStringLiteral("all 3 judges: finished: %1 calls, %1 sent").arg(calls)),
             qPrintable(run.out));
    QVERIFY2(run.out.contains(QStringLiteral("judge A: finished: %1 calls").arg(calls / 3)), qPrintable(run.out));
    // Each judge's key reached its provider from the shared --api-key-env.
    for (const RecordedRequest &r : m_server->requests()) {
        const bool anthropic = isAnthropic(r.body);
        const auto header = r.headers.find(anthropic ? "x-api-key" : "authorization");
        QVERIFY(header != r.headers.end());
        QVERIFY(header->second.find("sk-cli-plan-0123456789") != std::string::npos);
    }

    // The plan run again: everything answered, nothing sent.
    const auto again = concord::test::runCli(planArgs(plan));
    QVERIFY2(again.exitCode == 0, qPrintable(again.err));
    QCOMPARE(m_online.load(), calls);
    QVERIFY2(again.out.contains(QStringLiteral("all 3 judges: finished: %1 calls, 0 sent, %1 cached").arg(calls)),
             qPrintable(again.out));
}

void TestCliJudgePlan::threeJudgesThroughBothBatchApis()
{
    QStringList args = planArgs(writePlan(QString::fromLatin1(kThreeJudges)));
    args << QStringLiteral("--batch");
    const auto submitted = concord::test::runCli(args);
    QVERIFY2(submitted.exitCode == 0, qPrintable(submitted.out + submitted.err));
    QCOMPARE(m_online.load(), 0);
    const auto batches = m_batches->batches();
    QCOMPARE(batches.size(), std::size_t(3));
    int anthropicBatches = 0;
    for (const auto &b : batches)
        anthropicBatches += b.api == FakeBatchService::Api::Anthropic;
    QCOMPARE(anthropicBatches, 1);
    for (const char *judge : {"judge A: submitted", "model-b mcq: submitted", "claude-c llmeval: submitted"})
        QVERIFY2(submitted.out.contains(QString::fromLatin1(judge)), qPrintable(submitted.out));
    for (const auto &b : batches)
        m_batches->setState(b.id, b.api == FakeBatchService::Api::Anthropic ? "ended" : "completed");
    const auto polled = concord::test::runCli({QStringLiteral("batches"), m_study, QStringLiteral("--poll"),
                                               QStringLiteral("--api-key-env"), QString::fromLatin1(kKeyVar)});
    QVERIFY2(polled.exitCode == 0, qPrintable(polled.out + polled.err));
    int calls = 0;
    for (const auto &r : judgeRuns()) {
        QCOMPARE(r.toObject().value(QStringLiteral("status")).toString(), QStringLiteral("finished"));
        calls += r.toObject().value(QStringLiteral("calls")).toInt();
    }
    QCOMPARE(std::size_t(calls), m_batches->requestsSubmitted());
    QCOMPARE(m_online.load(), 0);
}

void TestCliJudgePlan::badPlanIsRefusedNamingItsLine_data()
{
    QTest::addColumn<QString>("plan");
    QTest::addColumn<QString>("expected");
    const QString good = QStringLiteral("--provider openai --model model-a --protocol rts\n");
    QTest::newRow("bad number") << good + QStringLiteral("--provider openai --model m --protocol rts --rpm lots\n")
                                << QStringLiteral("plan.txt:2: --rpm takes a number");
    QTest::newRow("unknown option") << QStringLiteral("# first\n\n--provider openai --model m --protocol rts --fast\n")
                                    << QStringLiteral("plan.txt:3: Unknown option 'fast'");
    QTest::newRow("unknown protocol") << good + QStringLiteral("--provider openai --model m --protocol best\n")
                                      << QStringLiteral("plan.txt:2: unknown --protocol 'best'");
    QTest::newRow("no model") << good + QStringLiteral("--provider anthropic --protocol rts\n")
                              << QStringLiteral("plan.txt:2: the judge needs --model");
    QTest::newRow("command only") << good + QStringLiteral("--provider openai --model m --protocol rts --estimate\n")
                                  << QStringLiteral("plan.txt:2: --estimate goes on the command line");
    QTest::newRow("a study") << QStringLiteral("other.concord --provider openai --model m --protocol rts\n")
                             << QStringLiteral("plan.txt:1: a plan's line holds one judge's options, not "
                                               "'other.concord'");
    QTest::newRow("one name twice") << good + good
                                    << QStringLiteral("judges 1 and 2 of the plan have one name, 'model-a rts'");
    QTest::newRow("empty") << QStringLiteral("# nothing yet\n\n") << QStringLiteral("plan.txt: no judge in the plan");
}

void TestCliJudgePlan::badPlanIsRefusedNamingItsLine()
{
    QFETCH(QString, plan);
    QFETCH(QString, expected);
    const QByteArray before = concord::test::sha256Of(m_study);
    const auto run = concord::test::runCli(planArgs(writePlan(plan)));
    QVERIFY(run.exitCode != 0);
    QVERIFY2(run.err.contains(expected), qPrintable(run.err));
    QCOMPARE(m_server->requestCount(), std::size_t(0));
    QCOMPARE(concord::test::sha256Of(m_study), before);
}

QTEST_GUILESS_MAIN(TestCliJudgePlan)
#include "tst_cli_judge_plan.moc"

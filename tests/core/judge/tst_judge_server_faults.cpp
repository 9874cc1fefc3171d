// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A judge run against a faulty server on 127.0.0.1: a Retry-After far beyond the allowed wait, a 200
// whose transfer breaks off, error bodies larger than what is kept of them, answers larger than the
// largest allowed, and a server that echoes the API key back in errors, answers and headers.
#include "io/study_exporter.h"
#include "judge/runner.h"
#include "judge_study.h"
#include "store/study.h"
#include "test_llm_server.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <ctime>
#include <map>
#include <mutex>

using namespace concord;
using namespace concord::judge;
using concord::test::RecordedRequest;
using concord::test::Reply;
using concord::test::TestLlmServer;

namespace {

constexpr std::size_t kMiB = std::size_t{1} << 20;

std::string httpDate(std::time_t t)
{
    std::tm tm{};
    gmtime_r(&t, &tm);
    static const char *days[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static const char *months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    char buf[64];
    std::snprintf(buf, sizeof buf, "%s, %02d %s %04d %02d:%02d:%02d GMT", days[tm.tm_wday], tm.tm_mday,
                  months[tm.tm_mon], tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
    return buf;
}

} // namespace

class TestJudgeServerFaults : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void hugeRetryAfterFailsTheCallNamingTheWait_data();
    void hugeRetryAfterFailsTheCallNamingTheWait();
    void brokenTransferOnA200IsRetried();
    void brokenTransferNamedWhenItPersists();
    void failedCallsKeepAnExcerptAndTheSize();
    void oversizedAnswerFailsWithoutPayingAgain();
    void echoedKeyIsStoredNowhere();

private:
    RunOptions options() const;
    ProviderConfig openAi() const;
    std::vector<std::string> column(const char *sql);

    QTemporaryDir m_dir;
    std::string m_path;
    int m_serial = 0;
    std::unique_ptr<TestLlmServer> m_server;
};

void TestJudgeServerFaults::init()
{
    m_path = m_dir.filePath(QStringLiteral("study-%1.concord").arg(++m_serial)).toStdString();
    const QString created = test::JudgeStudy::create(QString::fromStdString(m_path), false);
    QVERIFY2(created.isEmpty(), qPrintable(created));
    m_server = std::make_unique<TestLlmServer>();
    QVERIFY(m_server->start() > 0);
}

ProviderConfig TestJudgeServerFaults::openAi() const
{
    return {ProviderKind::OpenAI, m_server->baseUrl() + "/v1", "test-model", {}};
}

// rts on one document and one dimension: three calls.
RunOptions TestJudgeServerFaults::options() const
{
    RunOptions o;
    o.plan.protocol = Protocol::Rts;
    o.plan.dimensions = {"coherence"};
    o.plan.documentLimit = 1;
    o.concurrency = 1;
    o.backoffBaseSeconds = 0.01;
    o.backoffMaxSeconds = 0.05;
    o.requestTimeoutSeconds = 30;
    o.raterName = "faulty";
    return o;
}

std::vector<std::string> TestJudgeServerFaults::column(const char *sql)
{
    std::vector<std::string> out;
    auto study = store::Study::open(m_path, {true});
    if (!study)
        return out;
    auto s = study.value()->database().prepare(sql);
    while (s.step())
        out.push_back(s.textAt(0));
    return out;
}

void TestJudgeServerFaults::hugeRetryAfterFailsTheCallNamingTheWait_data()
{
    QTest::addColumn<QString>("retryAfter");
    QTest::addColumn<double>("allowed");
    QTest::addColumn<QString>("expected");
    QTest::newRow("a day in seconds") << QStringLiteral("86400") << 120.0
                                      << QStringLiteral("asked to wait 86400 s before trying again, longer than the "
                                                        "120 s allowed");
    QTest::newRow("a day as an HTTP date")
        << QString::fromStdString(httpDate(std::time(nullptr) + 86400)) << 120.0 << QStringLiteral("asked to wait 86");
    QTest::newRow("above a lowered limit") << QStringLiteral("3") << 2.0
                                           << QStringLiteral("asked to wait 3 s before trying again, longer than the "
                                                             "2 s allowed");
}

void TestJudgeServerFaults::hugeRetryAfterFailsTheCallNamingTheWait()
{
    QFETCH(QString, retryAfter);
    QFETCH(double, allowed);
    QFETCH(QString, expected);
    m_server->setHandler([&](const RecordedRequest &) {
        Reply reply = Reply::openAiError(429, "Rate limit reached", "rate_limit_exceeded");
        reply.headers.push_back({"Retry-After", retryAfter.toStdString()});
        return reply;
    });
    RunOptions o = options();
    o.maxRetryAfterSeconds = allowed;
    QElapsedTimer timer;
    timer.start();
    Runner runner(m_path, openAi(), o);
    const auto result = runner.run();
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().describe().c_str());
    // Failed at once: not waited for, not retried.
    QVERIFY2(timer.elapsed() < 20000, std::to_string(timer.elapsed()).c_str());
    QCOMPARE(result.value().failed, std::size_t{3});
    QCOMPARE(result.value().retries, std::size_t{0});
    QCOMPARE(m_server->requestCount(), std::size_t{3});
    const auto errors = column("SELECT error FROM judge_calls");
    QCOMPARE(errors.size(), std::size_t{3});
    for (const std::string &error : errors) {
        QVERIFY2(error.starts_with("HTTP 429 (rate-limited): the server "), error.c_str());
        QVERIFY2(error.find(expected.toStdString()) != std::string::npos, error.c_str());
    }
    const auto settings = nlohmann::json::parse(column("SELECT settings FROM judge_runs").at(0));
    QCOMPARE(settings.at("max_retry_after_s").get<double>(), allowed);
}

void TestJudgeServerFaults::brokenTransferOnA200IsRetried()
{
    std::map<std::string, int> seen;
    std::mutex lock;
    m_server->setHandler([&](const RecordedRequest &r) {
        std::lock_guard guard(lock);
        Reply reply = Reply::openAi("The summary reads well. Score: 4");
        if (seen[r.body]++ == 0)
            reply.truncateBodyAt = 40; // the connection closes before the answer is whole
        return reply;
    });
    Runner runner(m_path, openAi(), options());
    const auto result = runner.run();
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().describe().c_str());
    QCOMPARE(result.value().done, std::size_t{3});
    QCOMPARE(result.value().failed, std::size_t{0});
    QCOMPARE(result.value().invalid, std::size_t{0});
    QCOMPARE(result.value().retries, std::size_t{3});
    QCOMPARE(m_server->requestCount(), std::size_t{6});
    QCOMPARE(column("SELECT attempts FROM judge_calls WHERE valid = 1 AND attempts = 2").size(), std::size_t{3});
}

void TestJudgeServerFaults::brokenTransferNamedWhenItPersists()
{
    m_server->setHandler([](const RecordedRequest &) {
        Reply reply = Reply::openAi("The summary reads well. Score: 4");
        reply.truncateBodyAt = 40;
        return reply;
    });
    RunOptions o = options();
    o.maxAttempts = 2;
    Runner runner(m_path, openAi(), o);
    const auto result = runner.run();
    QVERIFY(result.ok());
    QCOMPARE(result.value().failed, std::size_t{3});
    QCOMPARE(m_server->requestCount(), std::size_t{6});
    for (const std::string &error : column("SELECT error FROM judge_calls")) {
        QVERIFY2(error.starts_with("gave up after 2 attempts: "), error.c_str());
        QVERIFY2(error.find("(HTTP 200, 40 bytes of the body received)") != std::string::npos, error.c_str());
        QVERIFY2(error.find("not JSON") == std::string::npos, error.c_str());
    }
}

void TestJudgeServerFaults::failedCallsKeepAnExcerptAndTheSize()
{
    const std::string message(2 * kMiB, 'e');
    m_server->setHandler([&](const RecordedRequest &) { return Reply::openAiError(400, message, "invalid_request"); });
    Runner runner(m_path, openAi(), options());
    const auto result = runner.run();
    QVERIFY(result.ok());
    QCOMPARE(result.value().failed, std::size_t{3});
    const std::size_t bodySize = Reply::openAiError(400, message, "invalid_request").body.size();
    const auto raw = column("SELECT raw_response FROM judge_calls");
    QCOMPARE(raw.size(), std::size_t{3});
    for (const std::string &r : raw) {
        QVERIFY2(r.size() < 4096 + 100, std::to_string(r.size()).c_str());
        QVERIFY(r.starts_with("{\"error\":{\"message\":\"eeee"));
        QVERIFY2(r.ends_with("\n[cut: the body had " + std::to_string(bodySize) + " bytes; the first 4096 are kept]"),
                 r.substr(4000).c_str());
    }
    // Three failures of 2 MiB each leave the study small.
    QVERIFY(QFileInfo(QString::fromStdString(m_path)).size() + QFileInfo(QString::fromStdString(m_path + "-wal")).size()
            < qint64(kMiB));
}

void TestJudgeServerFaults::oversizedAnswerFailsWithoutPayingAgain()
{
    m_server->setHandler([](const RecordedRequest &) { return Reply::openAi(std::string(3 * kMiB, 'a')); });
    RunOptions o = options();
    o.maxAnswerBytes = kMiB;
    Runner runner(m_path, openAi(), o);
    const auto result = runner.run();
    QVERIFY(result.ok());
    QCOMPARE(result.value().failed, std::size_t{3});
    QCOMPARE(result.value().retries, std::size_t{0});
    QCOMPARE(m_server->requestCount(), std::size_t{3});
    for (const std::string &error : column("SELECT error FROM judge_calls"))
        QVERIFY2(error.starts_with("the answer is larger than 1 MiB (the server announced "), error.c_str());
    for (const std::string &raw : column("SELECT raw_response FROM judge_calls"))
        QVERIFY(raw.size() < 4096 + 100);
    const auto settings = nlohmann::json::parse(column("SELECT settings FROM judge_runs").at(0));
    QCOMPARE(settings.at("max_answer_bytes").get<std::size_t>(), kMiB);
}

void TestJudgeServerFaults::echoedKeyIsStoredNowhere()
{
    const QByteArray key = "sk-echo-test-0123456789-abcdef-SECRET";
    qputenv("CONCORD_FAULTS_TEST_KEY", key);
    // The first call meets an error quoting the request's headers, the second an answer quoting the
    // key, the third an answer quoting the header in its text; every answer carries it in a header too.
    m_server->setHandler([&](const RecordedRequest &r) {
        Reply reply = r.index == 0 ? Reply::echoRequest(r, 400)
                      : r.index == 1
                          ? Reply::openAi("Score: 4. By the way, your key is " + key.toStdString())
                          : Reply::openAi("Score: 3. You sent: Authorization: " + r.headers.at("authorization"));
        reply.headers.push_back({"X-Request-Key", key.toStdString()});
        return reply;
    });
    ProviderConfig config = openAi();
    config.apiKeyEnv = "CONCORD_FAULTS_TEST_KEY";
    {
        Runner runner(m_path, config, options());
        const auto result = runner.run();
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().describe().c_str());
        QCOMPARE(result.value().failed, std::size_t{1});
        QCOMPARE(result.value().done, std::size_t{2});
        QVERIFY(result.value().fallback.find(key.toStdString()) == std::string::npos);
    }
    QCOMPARE(QByteArray::fromStdString(m_server->requests().front().headers.at("authorization")),
             QByteArray("Bearer ") + key);
    const auto raw = column("SELECT raw_response || error FROM judge_calls ORDER BY id");
    QCOMPARE(raw.size(), std::size_t{3});
    for (const std::string &r : raw)
        QVERIFY2(r.find("[redacted]") != std::string::npos, r.c_str());
    const QString csv = m_dir.filePath(QStringLiteral("echo-export.csv"));
    {
        auto study = store::Study::open(m_path);
        QVERIFY(study.ok());
        QVERIFY(io::StudyExporter::exportTo(*study.value(), csv.toStdString(), io::ExportFormat::Csv).ok());
    }
    for (const QString &file : {QString::fromStdString(m_path), QString::fromStdString(m_path + "-wal"), csv}) {
        QFile f(file);
        if (!f.exists())
            continue;
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY2(f.readAll().indexOf(key) < 0, qPrintable(file));
    }
    qunsetenv("CONCORD_FAULTS_TEST_KEY");
}

QTEST_GUILESS_MAIN(TestJudgeServerFaults)
#include "tst_judge_server_faults.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli judge against a hostile or faulty server, through QProcess: a base URL with a credential
// in it is refused before the study is touched; a server that echoes the key leaves it in neither the
// study, its WAL, `calls --json` nor `export`; the limits on Retry-After and answer size are options,
// obeyed and stored with the run.
#include "cli_run.h"
#include "store/study.h"
#include "test_llm_server.h"
#include "test_paths.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

using Run = concord::test::CliRun;

Run cli(const QStringList &args, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
{
    return concord::test::runCli(args, env);
}

QByteArray contents(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QStringList judgeArgs(const QString &study, const QString &baseUrl)
{
    return {QStringLiteral("judge"),       study,
            QStringLiteral("--provider"),  QStringLiteral("openai"),
            QStringLiteral("--base-url"),  baseUrl,
            QStringLiteral("--model"),     QStringLiteral("test-model"),
            QStringLiteral("--protocol"),  QStringLiteral("rts"),
            QStringLiteral("--dimension"), QStringLiteral("coherence"),
            QStringLiteral("--limit"),     QStringLiteral("1"),
            QStringLiteral("--rater"),     QStringLiteral("faulty")};
}

const QByteArray kKey = "sk-cli-faults-0123456789-abcdef-SECRET";

} // namespace

class TestCliJudgeFaults : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void credentialInBaseUrlRefused_data();
    void credentialInBaseUrlRefused();
    void queryWithoutCredentialAccepted();
    void echoedKeyIsNowhere();
    void serverLimitsAreOptionsStoredWithTheRun();
    void serverLimitOptionsChecked_data();
    void serverLimitOptionsChecked();

private:
    QTemporaryDir m_dir;
    QString m_demo; // a pristine demo study, copied by each test
    int m_serial = 0;
    QString freshStudy();
};

void TestCliJudgeFaults::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_demo = m_dir.filePath(QStringLiteral("pristine.concord"));
    QCOMPARE(cli({QStringLiteral("demo"), m_demo}).exitCode, 0);
}

QString TestCliJudgeFaults::freshStudy()
{
    const QString path = m_dir.filePath(QStringLiteral("study-%1.concord").arg(++m_serial));
    if (!QFile::copy(m_demo, path))
        return {};
    return path;
}

void TestCliJudgeFaults::credentialInBaseUrlRefused_data()
{
    QTest::addColumn<QString>("url"); // KEY stands for the key
    QTest::addColumn<QString>("where");
    QTest::newRow("user and password") << QStringLiteral("http://user:KEY@HOST/v1")
                                       << QStringLiteral("user information before the host");
    QTest::newRow("key as the user") << QStringLiteral("https://KEY@HOST/v1")
                                     << QStringLiteral("user information before the host");
    QTest::newRow("?key=") << QStringLiteral("http://HOST/v1?key=KEY") << QStringLiteral("the query parameter 'key'");
    QTest::newRow("?api_key=") << QStringLiteral("http://HOST/v1?api_key=KEY")
                               << QStringLiteral("the query parameter 'api_key'");
    QTest::newRow("&api-key= after another") << QStringLiteral("http://HOST/v1?api-version=2024-02-01&api-key=KEY")
                                             << QStringLiteral("the query parameter 'api-key'");
    QTest::newRow("?token=") << QStringLiteral("http://HOST/v1?token=KEY")
                             << QStringLiteral("the query parameter 'token'");
    QTest::newRow("?access_token=") << QStringLiteral("http://HOST/v1?Access_Token=KEY")
                                    << QStringLiteral("the query parameter 'Access_Token'");
    QTest::newRow("percent-encoded name")
        << QStringLiteral("http://HOST/v1?api%5Fkey=KEY") << QStringLiteral("the query parameter 'api%5Fkey'");
}

void TestCliJudgeFaults::credentialInBaseUrlRefused()
{
    QFETCH(QString, url);
    QFETCH(QString, where);
    concord::test::TestLlmServer server;
    QVERIFY(server.start() > 0);
    url.replace(QStringLiteral("HOST"), QStringLiteral("127.0.0.1:%1").arg(server.port()));
    url.replace(QStringLiteral("KEY"), QString::fromLatin1(kKey));
    const QString study = freshStudy();
    const QByteArray before = contents(study);
    QVERIFY(!before.isEmpty());
    for (const bool estimate : {false, true}) {
        QStringList args = judgeArgs(study, url);
        if (estimate)
            args << QStringLiteral("--estimate");
        const Run r = cli(args);
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
        QVERIFY2(r.err.contains(QStringLiteral("--base-url holds a credential (") + where + QStringLiteral(")")),
                 qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("--api-key-env")), qPrintable(r.err));
        QVERIFY(!r.err.toUtf8().contains(kKey) && !r.out.toUtf8().contains(kKey));
    }
    // Nothing sent, nothing written: not the study, not a WAL beside it.
    QCOMPARE(server.requestCount(), std::size_t{0});
    QCOMPARE(contents(study), before);
    QVERIFY(!QFile::exists(study + QStringLiteral("-wal")));
}

void TestCliJudgeFaults::queryWithoutCredentialAccepted()
{
    concord::test::TestLlmServer server;
    QVERIFY(server.start() > 0);
    server.setHandler([](const concord::test::RecordedRequest &) { return concord::test::Reply::openAi("Score: 4"); });
    const QString study = freshStudy();
    // Azure's api-version names no credential. The query is part of the base URL, so the endpoint gets
    // /chat/completions after it: the server still answers every path.
    const Run r = cli(judgeArgs(study, QString::fromStdString(server.baseUrl()) + QStringLiteral("/v1?api-version=1")));
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
}

void TestCliJudgeFaults::echoedKeyIsNowhere()
{
    concord::test::TestLlmServer server;
    QVERIFY(server.start() > 0);
    // An error quoting the request's headers, an answer quoting the key, an answer quoting its header;
    // a header echoing the key on each.
    server.setHandler([](const concord::test::RecordedRequest &r) {
        concord::test::Reply reply
            = r.index == 0 ? concord::test::Reply::echoRequest(r, 400)
              : r.index == 1
                  ? concord::test::Reply::openAi("Score: 4. Your key is " + kKey.toStdString())
                  : concord::test::Reply::openAi("Score: 2. Authorization: " + r.headers.at("authorization"));
        reply.headers.push_back({"X-Your-Key", kKey.toStdString()});
        return reply;
    });
    const QString study = freshStudy();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("CONCORD_CLI_FAULTS_KEY"), QString::fromLatin1(kKey));
    // One document, one dimension: the demo's four systems make four calls.
    const Run run = cli(judgeArgs(study, QString::fromStdString(server.baseUrl()) + QStringLiteral("/v1"))
                            + QStringList{QStringLiteral("--api-key-env"), QStringLiteral("CONCORD_CLI_FAULTS_KEY"),
                                          QStringLiteral("--concurrency"), QStringLiteral("1")},
                        env);
    QVERIFY2(run.exitCode == 3, qPrintable(run.err)); // the echoed error failed its call
    QCOMPARE(server.requestCount(), std::size_t{4});
    QCOMPARE(QByteArray::fromStdString(server.requests().front().headers.at("authorization")),
             QByteArray("Bearer ") + kKey);
    QVERIFY(!run.out.toUtf8().contains(kKey) && !run.err.toUtf8().contains(kKey));

    const Run calls = cli({QStringLiteral("calls"), study, QStringLiteral("--rater"), QStringLiteral("faulty"),
                           QStringLiteral("--json")});
    QCOMPARE(calls.exitCode, 0);
    QVERIFY(!calls.out.toUtf8().contains(kKey));
    // The echoes are kept, blanked: the error, both answers.
    QVERIFY2(calls.out.contains(QStringLiteral("authorization=Bearer [redacted]")), qPrintable(calls.out));
    QVERIFY2(calls.out.contains(QStringLiteral("Authorization: Bearer [redacted]")), qPrintable(calls.out));
    QVERIFY2(calls.out.contains(QStringLiteral("Your key is [redacted]")), qPrintable(calls.out));
    const Run table = cli({QStringLiteral("calls"), study, QStringLiteral("--rater"), QStringLiteral("faulty")});
    QCOMPARE(table.exitCode, 0);
    QVERIFY(!table.out.toUtf8().contains(kKey));

    const QString csv = m_dir.filePath(QStringLiteral("echo-export.csv"));
    const Run exported = cli({QStringLiteral("export"), study, csv, QStringLiteral("--items")});
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
    QVERIFY(!exported.out.toUtf8().contains(kKey));
    for (const QString &file : QStringList{study, study + QStringLiteral("-wal"), csv})
        QVERIFY2(!contents(file).contains(kKey), qPrintable(file));
}

void TestCliJudgeFaults::serverLimitsAreOptionsStoredWithTheRun()
{
    concord::test::TestLlmServer server;
    QVERIFY(server.start() > 0);
    // The first system's answer is too large, the second is rate-limited for a minute, the rest answer.
    server.setHandler([](const concord::test::RecordedRequest &r) {
        if (r.index == 0)
            return concord::test::Reply::openAi(std::string(300 * 1024, 'a'));
        if (r.index == 1) {
            concord::test::Reply reply = concord::test::Reply::openAiError(429, "slow down", "rate_limit_exceeded");
            reply.headers.push_back({"Retry-After", "60"});
            return reply;
        }
        return concord::test::Reply::openAi("Score: 3");
    });
    const QString study = freshStudy();
    const Run run = cli(judgeArgs(study, QString::fromStdString(server.baseUrl()) + QStringLiteral("/v1"))
                        + QStringList{QStringLiteral("--max-retry-after"), QStringLiteral("5"),
                                      QStringLiteral("--max-answer-mib"), QStringLiteral("0.25"),
                                      QStringLiteral("--concurrency"), QStringLiteral("1")});
    QVERIFY2(run.exitCode == 3, qPrintable(run.err + run.out));
    QVERIFY2(run.out.contains(QStringLiteral("4 calls, 2 sent, 0 cached, 2 failed, 0 retries")), qPrintable(run.out));
    QCOMPARE(server.requestCount(), std::size_t{4});
    const Run calls = cli({QStringLiteral("calls"), study, QStringLiteral("--rater"), QStringLiteral("faulty"),
                           QStringLiteral("--json")});
    QVERIFY(calls.out.contains(QStringLiteral("the answer is larger than 256 KiB (the server announced ")));
    QVERIFY(calls.out.contains(QStringLiteral(
        "HTTP 429 (rate-limited): the server asked to wait 60 s before trying again, longer than the 5 s allowed")));

    auto opened = concord::store::Study::open(study.toStdString(), {true});
    QVERIFY(opened.ok());
    auto statement = opened.value()->database().prepare("SELECT settings FROM judge_runs");
    QVERIFY(statement.step());
    const QJsonObject settings = QJsonDocument::fromJson(QByteArray::fromStdString(statement.textAt(0))).object();
    QCOMPARE(settings.value(QStringLiteral("max_retry_after_s")).toDouble(), 5.0);
    QCOMPARE(settings.value(QStringLiteral("max_answer_bytes")).toDouble(), 262144.0);
}

void TestCliJudgeFaults::serverLimitOptionsChecked_data()
{
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<QString>("expected");
    QTest::newRow("answer size 0") << QStringList{QStringLiteral("--max-answer-mib"), QStringLiteral("0")}
                                   << QStringLiteral("--max-answer-mib takes a number from 0.001");
    QTest::newRow("negative wait") << QStringList{QStringLiteral("--max-retry-after"), QStringLiteral("-1")}
                                   << QStringLiteral("--max-retry-after takes a number from 0");
    QTest::newRow("wait not a number") << QStringList{QStringLiteral("--max-retry-after"), QStringLiteral("long")}
                                       << QStringLiteral("--max-retry-after takes a number from 0");
}

void TestCliJudgeFaults::serverLimitOptionsChecked()
{
    QFETCH(QStringList, extra);
    QFETCH(QString, expected);
    const QString study = freshStudy();
    const QByteArray before = contents(study);
    const Run r = cli(judgeArgs(study, QStringLiteral("http://127.0.0.1:9/v1")) + extra);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(expected), qPrintable(r.err));
    QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
    QCOMPARE(contents(study), before);
}

QTEST_GUILESS_MAIN(TestCliJudgeFaults)
#include "tst_cli_judge_faults.moc"

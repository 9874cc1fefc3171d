// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli publish and pull as a user runs them, against a throwaway PostgreSQL cluster: a study
// published and pulled again gives the same statistics to the last digit, an existing file or study is
// refused, and no message shows a password.
#include "cli_run.h"
#include "pg_test_cluster.h"
#include "summeval_judges.h"
#include "test_llm_server.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using concord::test::CliRun;
using concord::test::PgTestCluster;
using concord::test::runCli;

class TestCliPublish : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void roundTripGivesTheSameStatistics();
    void importedTeamStudyGivesTheSameNumbers();
    void judgeRunsOnATeamStudy();
    void pullRefusesAnExistingFile();
    void publishRefusesAStudy();
    void passwordNeverShown();
    void notAConnection_data();
    void notAConnection();
    void progressOnRequest();
    void exportOfATeamStudyEqualsTheFile();
    void importRefusesARatingTwiceAsOnAFile();

private:
    QString file(const char *name) const { return m_dir.filePath(QString::fromLatin1(name)); }
    QString uri(const char *database);

    std::unique_ptr<PgTestCluster> m_cluster;
    QTemporaryDir m_dir;
    QString m_summeval;
    QString m_published; // the database the round trip published into
};

void TestCliPublish::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_cluster = std::make_unique<PgTestCluster>();
    QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
    m_summeval = file("summeval.concord");
    const std::string error = concord::test::createSummEvalWithJudges(m_summeval.toStdString());
    QVERIFY2(error.empty(), error.c_str());
}

void TestCliPublish::cleanupTestCase()
{
    m_cluster.reset();
}

QString TestCliPublish::uri(const char *database)
{
    const std::string made = m_cluster->createDatabase(QString::fromLatin1(database));
    if (made.empty())
        qWarning("%s", qPrintable(m_cluster->error()));
    return QString::fromStdString(made);
}

void TestCliPublish::roundTripGivesTheSameStatistics()
{
    m_published = uri("roundtrip");
    QVERIFY(!m_published.isEmpty());
    const CliRun published = runCli({QStringLiteral("publish"), m_summeval, m_published});
    QVERIFY2(published.exitCode == 0, qPrintable(published.err));
    QVERIFY2(published.out.startsWith(QStringLiteral("published ")), qPrintable(published.out));
    QVERIFY2(published.out.contains(QStringLiteral(" rows of 25 tables to ")), qPrintable(published.out));
    QCOMPARE(published.err, QString());

    const QString pulled = file("pulled.concord");
    const CliRun back = runCli({QStringLiteral("pull"), m_published, pulled});
    QVERIFY2(back.exitCode == 0, qPrintable(back.err));
    QVERIFY2(back.out.startsWith(QStringLiteral("pulled ")), qPrintable(back.out));

    for (const QStringList &args :
         {QStringList{QStringLiteral("--human"), QStringLiteral("expert"), QStringLiteral("--rater"),
                      QStringLiteral("judge_close")},
          QStringList{QStringLiteral("--human"), QStringLiteral("expert"), QStringLiteral("--rater"),
                      QStringLiteral("judge_close"), QStringLiteral("--compare"), QStringLiteral("judge_noisy"),
                      QStringLiteral("--format"), QStringLiteral("json")}}) {
        const CliRun original = runCli(QStringList{QStringLiteral("stats"), m_summeval} + args);
        QVERIFY2(original.exitCode == 0, qPrintable(original.err));
        QVERIFY(original.out.size() > 200);
        const CliRun copy = runCli(QStringList{QStringLiteral("stats"), pulled} + args);
        QVERIFY2(copy.exitCode == 0, qPrintable(copy.err));
        QCOMPARE(copy.out, original.out);
    }
    const CliRun info = runCli({QStringLiteral("info"), pulled, QStringLiteral("--json")});
    const CliRun originalInfo = runCli({QStringLiteral("info"), m_summeval, QStringLiteral("--json")});
    QCOMPARE(info.exitCode, 0);
    QCOMPARE(info.out, originalInfo.out);
}

// SummEval and its two judges imported into a team study (an empty study published, then filled through
// Study::open(URI)) give the same statistics, agreement and report, number for number, as in a file.
void TestCliPublish::importedTeamStudyGivesTheSameNumbers()
{
    const QString team = uri("imported");
    QVERIFY(!team.isEmpty());
    const QString empty = file("empty.concord");
    const CliRun made = runCli({QStringLiteral("new"), empty});
    QVERIFY2(made.exitCode == 0, qPrintable(made.err));
    const CliRun published = runCli({QStringLiteral("publish"), empty, team});
    QVERIFY2(published.exitCode == 0, qPrintable(published.err));
    const std::string error = concord::test::createSummEvalWithJudges(team.toStdString());
    QVERIFY2(error.empty(), error.c_str());

    const QString study = QStringLiteral("STUDY");
    const QList<QStringList> commands{
        {QStringLiteral("stats"), study, QStringLiteral("--human"), QStringLiteral("expert"), QStringLiteral("--rater"),
         QStringLiteral("judge_close")},
        {QStringLiteral("stats"), study, QStringLiteral("--human"), QStringLiteral("expert"), QStringLiteral("--rater"),
         QStringLiteral("judge_close"), QStringLiteral("--compare"), QStringLiteral("judge_noisy"),
         QStringLiteral("--format"), QStringLiteral("json")},
        {QStringLiteral("agreement"), study, QStringLiteral("--group"), QStringLiteral("expert"),
         QStringLiteral("--dimension"), QStringLiteral("coherence"), QStringLiteral("--level"),
         QStringLiteral("interval"), QStringLiteral("--with"), QStringLiteral("judge_noisy"), QStringLiteral("--json")},
        {QStringLiteral("report"), study, QStringLiteral("--human"), QStringLiteral("expert"),
         QStringLiteral("--format"), QStringLiteral("json")},
        {QStringLiteral("report"), study, QStringLiteral("--human"), QStringLiteral("expert")},
    };
    for (QStringList command : commands) {
        const qsizetype at = command.indexOf(study);
        command[at] = m_summeval;
        const CliRun original = runCli(command);
        QVERIFY2(original.exitCode == 0, qPrintable(original.err));
        QVERIFY(original.out.size() > 200);
        command[at] = team;
        const CliRun shared = runCli(command);
        QVERIFY2(shared.exitCode == 0, qPrintable(command.join(QLatin1Char(' ')) + QStringLiteral(": ") + shared.err));
        QCOMPARE(shared.out, original.out);
    }
}

// The judge runner works on a team study as on a file: the same answers give the same statistics.
void TestCliPublish::judgeRunsOnATeamStudy()
{
    concord::test::TestLlmServer server;
    QVERIFY(server.start() > 0);
    server.setHandler([](const concord::test::RecordedRequest &request) {
        // A score that depends on the prompt, so that the statistics have something to compare.
        return concord::test::Reply::openAi("Score: " + std::to_string(1 + request.body.size() % 5));
    });
    const QString demo = file("judged.concord");
    QCOMPARE(runCli({QStringLiteral("demo"), demo}).exitCode, 0);
    const QString team = uri("judged");
    QVERIFY(!team.isEmpty());
    const CliRun published = runCli({QStringLiteral("publish"), demo, team});
    QVERIFY2(published.exitCode == 0, qPrintable(published.err));

    const QString url = QString::fromStdString(server.baseUrl() + "/v1");
    for (const QString &study : {demo, team}) {
        const CliRun judged
            = runCli({QStringLiteral("judge"), study, QStringLiteral("--provider"), QStringLiteral("openai"),
                      QStringLiteral("--base-url"), url, QStringLiteral("--model"), QStringLiteral("test-model"),
                      QStringLiteral("--protocol"), QStringLiteral("rts"), QStringLiteral("--dimension"),
                      QStringLiteral("coherence"), QStringLiteral("--rater"), QStringLiteral("cli-judge")});
        QVERIFY2(judged.exitCode == 0, qPrintable(judged.err));
    }
    const QStringList stats{QStringLiteral("--human"),   QStringLiteral("expert"),      QStringLiteral("--rater"),
                            QStringLiteral("cli-judge"), QStringLiteral("--dimension"), QStringLiteral("coherence")};
    const CliRun original = runCli(QStringList{QStringLiteral("stats"), demo} + stats);
    QVERIFY2(original.exitCode == 0, qPrintable(original.err));
    const CliRun shared = runCli(QStringList{QStringLiteral("stats"), team} + stats);
    QVERIFY2(shared.exitCode == 0, qPrintable(shared.err));
    QCOMPARE(shared.out, original.out);
}

void TestCliPublish::pullRefusesAnExistingFile()
{
    QVERIFY(!m_published.isEmpty());
    const QString taken = file("taken.concord");
    QFile notes(taken);
    QVERIFY(notes.open(QIODevice::WriteOnly));
    notes.write("keep me");
    notes.close();
    const CliRun refused = runCli({QStringLiteral("pull"), m_published, taken});
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains(QStringLiteral("already exists")), qPrintable(refused.err));
    QVERIFY2(refused.err.contains(QStringLiteral("--force")), qPrintable(refused.err));
    QCOMPARE(refused.err.count(QLatin1Char('\n')), 1);
    QVERIFY(notes.open(QIODevice::ReadOnly));
    QCOMPARE(notes.readAll(), QByteArray("keep me"));
    notes.close();
    const CliRun forced = runCli({QStringLiteral("pull"), m_published, taken, QStringLiteral("--force")});
    QVERIFY2(forced.exitCode == 0, qPrintable(forced.err));
    QCOMPARE(runCli({QStringLiteral("check"), taken}).exitCode, 0);
}

void TestCliPublish::publishRefusesAStudy()
{
    QVERIFY(!m_published.isEmpty());
    const CliRun again = runCli({QStringLiteral("publish"), m_summeval, m_published});
    QCOMPARE(again.exitCode, 1);
    QVERIFY2(again.err.contains(QStringLiteral("already holds a Concord study")), qPrintable(again.err));
    QVERIFY2(again.err.contains(QStringLiteral("nothing was published")), qPrintable(again.err));
}

void TestCliPublish::passwordNeverShown()
{
    const QString secret = QStringLiteral("Wr0ng-S3cret");
    const QString wrong
        = QString::fromStdString(m_cluster->tcpUri(PgTestCluster::superuser(), secret, QStringLiteral("postgres")));
    const CliRun published = runCli({QStringLiteral("publish"), m_summeval, wrong});
    const CliRun pulled = runCli({QStringLiteral("pull"), wrong, file("never.concord")});
    // Every command that takes a study takes a team study's URI, and names it without the password.
    const CliRun imported = runCli(
        {QStringLiteral("import"), wrong, QStringLiteral("--format"), QStringLiteral("csv"), file("never.csv")});
    const CliRun stats = runCli({QStringLiteral("stats"), wrong, QStringLiteral("--human"), QStringLiteral("expert"),
                                 QStringLiteral("--rater"), QStringLiteral("judge_close")});
    const CliRun upgraded = runCli({QStringLiteral("upgrade"), wrong});
    for (const CliRun &run : {imported, stats, upgraded})
        QVERIFY2(!run.err.contains(QStringLiteral("no study file")), qPrintable(run.err));
    for (const CliRun &run : {published, pulled, imported, stats, upgraded}) {
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(!run.err.contains(secret) && !run.out.contains(secret), qPrintable(run.err));
        QVERIFY2(run.err.contains(QStringLiteral("password authentication failed")), qPrintable(run.err));
        QCOMPARE(run.err.count(QLatin1Char('\n')), 1);
    }
    QVERIFY(!QFile::exists(file("never.concord")));
}

void TestCliPublish::notAConnection_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("publish to a file") << QStringList{QStringLiteral("publish"), QStringLiteral("a.concord"),
                                                      QStringLiteral("b.concord")}
                                       << QStringLiteral("publish: the database URI is not a PostgreSQL connection");
    QTest::newRow("pull from a file") << QStringList{QStringLiteral("pull"), QStringLiteral("a.concord"),
                                                     QStringLiteral("b.concord")}
                                      << QStringLiteral("pull: the database URI is not a PostgreSQL connection");
    // A mistyped connection string is not repeated: it may hold a password.
    QTest::newRow("publish, mistyped scheme")
        << QStringList{QStringLiteral("publish"), QStringLiteral("a.concord"),
                       QStringLiteral("postgresq://lead:hunter2@db.example.org/study")}
        << QStringLiteral("publish: the database URI is not a PostgreSQL connection");
    QTest::newRow("pull, keyword in capitals")
        << QStringList{QStringLiteral("pull"), QStringLiteral("Password=hunter2 host=db.example.org"),
                       QStringLiteral("b.concord")}
        << QStringLiteral("pull: the database URI is not a PostgreSQL connection");
    QTest::newRow("publish without a URI") << QStringList{QStringLiteral("publish"), QStringLiteral("a.concord")}
                                           << QStringLiteral("publish takes a STUDY and a database URI");
    QTest::newRow("pull without OUT") << QStringList{QStringLiteral("pull"), QStringLiteral("postgresql:///x")}
                                      << QStringLiteral("pull takes a database URI and an OUT file");
}

void TestCliPublish::notAConnection()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const CliRun run = runCli(args, QProcessEnvironment::systemEnvironment(), m_dir.path());
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
    QVERIFY2(!run.err.contains(QStringLiteral("hunter2")), qPrintable(run.err));
}

void TestCliPublish::progressOnRequest()
{
    const QString database = uri("progress");
    QVERIFY(!database.isEmpty());
    const CliRun published = runCli({QStringLiteral("publish"), m_summeval, database, QStringLiteral("--progress")});
    QVERIFY2(published.exitCode == 0, qPrintable(published.err));
    QVERIFY2(published.err.contains(QStringLiteral("publishing: 100% (")), qPrintable(published.err));
    const CliRun pulled
        = runCli({QStringLiteral("pull"), database, file("progress.concord"), QStringLiteral("--progress")});
    QVERIFY2(pulled.exitCode == 0, qPrintable(pulled.err));
    QVERIFY2(pulled.err.contains(QStringLiteral("pulling: 100% (")), qPrintable(pulled.err));
}

// A team study is exported from one snapshot of the server (a transaction, not SQLite's savepoint), and gives
// the file's export byte for byte.
void TestCliPublish::exportOfATeamStudyEqualsTheFile()
{
    const QString team = uri("exported");
    QVERIFY(!team.isEmpty());
    const CliRun published = runCli({QStringLiteral("publish"), m_summeval, team});
    QVERIFY2(published.exitCode == 0, qPrintable(published.err));
    for (const QString &format : {QStringLiteral("csv"), QStringLiteral("jsonl")}) {
        const QString fromFile = file("from-file.") + format;
        const QString fromTeam = file("from-team.") + format;
        const CliRun original = runCli({QStringLiteral("export"), m_summeval, fromFile, QStringLiteral("--items")});
        QVERIFY2(original.exitCode == 0, qPrintable(original.err));
        const CliRun shared = runCli({QStringLiteral("export"), team, fromTeam, QStringLiteral("--items")});
        QVERIFY2(shared.exitCode == 0, qPrintable(shared.err));
        QFile a(fromFile);
        QFile b(fromTeam);
        QVERIFY(a.open(QIODevice::ReadOnly));
        QVERIFY(b.open(QIODevice::ReadOnly));
        const QByteArray expected = a.readAll();
        QVERIFY(expected.size() > 1000);
        QVERIFY2(b.readAll() == expected, qPrintable(format));
    }
}

// A new summary of a team study gets an id drawn at random, most likely below those there were; its
// ratings are still the file's own, so a second one is refused as on a study file, and nothing is written.
void TestCliPublish::importRefusesARatingTwiceAsOnAFile()
{
    const QString team = uri("twice");
    QVERIFY(!team.isEmpty());
    const CliRun published = runCli({QStringLiteral("publish"), m_summeval, team});
    QVERIFY2(published.exitCode == 0, qPrintable(published.err));
    const CliRun listed
        = runCli({QStringLiteral("export"), m_summeval, file("twice-items.csv"), QStringLiteral("--items")});
    QVERIFY2(listed.exitCode == 0, qPrintable(listed.err));
    QFile items(file("twice-items.csv"));
    QVERIFY(items.open(QIODevice::ReadOnly));
    QByteArray document;
    for (const QByteArray &line : items.readAll().split('\n'))
        if (line.startsWith("document,")) {
            document = line.split(',').value(1);
            break;
        }
    QVERIFY(!document.isEmpty());
    QFile csv(file("twice.csv"));
    QVERIFY(csv.open(QIODevice::WriteOnly));
    csv.write("doc_id,system,summary,rater,dimension,value\n" + document
              + ",new-system,A new summary.,newcomer,coherence,3\n" + document + ",new-system,,newcomer,coherence,4\n");
    csv.close();
    const QString copy = file("twice.concord");
    QVERIFY(QFile::copy(m_summeval, copy));
    for (const QString &study : {copy, team}) {
        const CliRun imported = runCli(
            {QStringLiteral("import"), study, file("twice.csv"), QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY2(imported.exitCode != 0, qPrintable(study));
        QVERIFY2(imported.err.contains(QStringLiteral("twice (first on line 2)")), qPrintable(imported.err));
        const CliRun stats = runCli({QStringLiteral("stats"), study, QStringLiteral("--human"),
                                     QStringLiteral("expert"), QStringLiteral("--rater"), QStringLiteral("newcomer")});
        QVERIFY2(stats.exitCode != 0, qPrintable(stats.out));
    }
}

QTEST_GUILESS_MAIN(TestCliPublish)
#include "tst_cli_publish.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli team add / team list as a user runs them against a team study on PostgreSQL: what they print,
// their exit codes, one-line errors that never show a password.
#include "cli_run.h"
#include "pg_test_cluster.h"

#include "store/pg_connection.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace concord;
using concord::test::PgTestCluster;
using concord::test::runCli;

class TestCliTeam : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void addPrintsHowToGiveAPassword();
    void addTwiceFailsWithOneLine();
    void listAsTextAndJson();
    void usageErrors_data();
    void usageErrors();
    void connectionFailureHidesThePassword();
    void anAnnotatorsListSaysTheGroupIsTheLeads();
    void anAnnotatorsPullSaysWhatTheyMayDo();

private:
    std::unique_ptr<PgTestCluster> m_cluster;
    QString m_uri;        // the superuser over TCP, password in the URI
    std::string m_socket; // the superuser over the socket
};

void TestCliTeam::initTestCase()
{
    m_cluster = std::make_unique<PgTestCluster>();
    QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
    const std::string socket = m_cluster->createTeamStudy(QStringLiteral("team"));
    QVERIFY2(!socket.empty(), qPrintable(m_cluster->error()));
    m_socket = socket;
    store::PgConnection admin(socket);
    // Two documents of two summaries on one Likert dimension, a plan that asks only that: 4 answers of each person.
    admin.script(R"sql(
        INSERT INTO study_info (key, value) VALUES ('annotation', '{"likert": ["coherence"]}');
        INSERT INTO documents (external_id, source) VALUES ('d1', 'One.'), ('d2', 'Two.');
        INSERT INTO systems (name) VALUES ('A'), ('B');
        INSERT INTO candidates (id, document_id, system_id, text) VALUES (1, 1, 1, '1A'), (2, 1, 2, '1B'), (3, 2, 1, '2A'), (4, 2, 2, '2B');
        INSERT INTO dimensions (name, kind) VALUES ('coherence', 'likert');
    )sql");
    m_uri = QString::fromStdString(
        m_cluster->tcpUri(PgTestCluster::superuser(), m_cluster->superuserPassword(), QStringLiteral("team")));
}

void TestCliTeam::cleanupTestCase()
{
    m_cluster.reset();
}

void TestCliTeam::addPrintsHowToGiveAPassword()
{
    const auto run = runCli({QStringLiteral("team"), QStringLiteral("add"), m_uri, QStringLiteral("o'hara"),
                             QStringLiteral("--group"), QStringLiteral("expert")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.contains(QStringLiteral("added annotator 'o'hara'")), qPrintable(run.out));
    QVERIFY2(run.out.contains(QStringLiteral("no password is set")), qPrintable(run.out));
    QVERIFY2(run.out.contains(QStringLiteral("\\password")), qPrintable(run.out));
    QVERIFY(!run.out.contains(m_cluster->superuserPassword()));
    const auto lead = runCli(
        {QStringLiteral("team"), QStringLiteral("add"), m_uri, QStringLiteral("lee"), QStringLiteral("--lead")});
    QVERIFY2(lead.exitCode == 0, qPrintable(lead.err));
    QVERIFY2(lead.out.contains(QStringLiteral("added lead 'lee'")), qPrintable(lead.out));
    store::PgConnection admin(m_socket);
    QCOMPARE(
        admin.query("SELECT count(*) FROM pg_roles WHERE rolname IN ('o''hara', 'lee') AND rolcanlogin").integer(0, 0),
        std::int64_t(2));
    QCOMPARE(admin.query("SELECT pg_has_role('lee', 'concord_lead', 'MEMBER')").text(0, 0), std::string_view("t"));
    QCOMPARE(admin.query("SELECT grp FROM raters WHERE name = 'o''hara' AND kind = 'human'").text(0, 0),
             std::string_view("expert"));
}

void TestCliTeam::addTwiceFailsWithOneLine()
{
    const QStringList add{QStringLiteral("team"), QStringLiteral("add"), m_uri, QStringLiteral("twice")};
    QCOMPARE(runCli(add).exitCode, 0);
    const auto again = runCli(add);
    QCOMPARE(again.exitCode, 1);
    QVERIFY(again.out.isEmpty());
    QVERIFY2(again.err.startsWith(QStringLiteral("concord-cli: PostgreSQL at postgresql://concord_admin@127.0.0.1:")),
             qPrintable(again.err));
    QVERIFY2(again.err.contains(QStringLiteral("a role named 'twice' already exists")), qPrintable(again.err));
    QCOMPARE(again.err.count(QLatin1Char('\n')), 1);
    QVERIFY(!again.err.contains(m_cluster->superuserPassword()));
}

void TestCliTeam::listAsTextAndJson()
{
    const auto added = runCli({QStringLiteral("team"), QStringLiteral("add"), m_uri, QStringLiteral("mia"),
                               QStringLiteral("--group"), QStringLiteral("crowd")});
    QVERIFY2(added.exitCode == 0, qPrintable(added.err));
    store::PgConnection admin(m_socket);
    // A rater without a login, and mia's first three answers.
    admin.script("INSERT INTO raters (name, kind, grp) VALUES ('offline', 'human', 'crowd');"
                 "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) "
                 "SELECT id, c, 1, 3 FROM raters, unnest(ARRAY[1, 2, 3]) c WHERE name = 'mia'");

    const auto text = runCli({QStringLiteral("team"), QStringLiteral("list"), m_uri});
    QVERIFY2(text.exitCode == 0, qPrintable(text.err));
    const QStringList lines = text.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(lines.size() >= 3, qPrintable(text.out));
    QVERIFY2(lines.first().contains(QStringLiteral("rater")) && lines.first().contains(QStringLiteral("answered")),
             qPrintable(text.out));
    const auto line = [&](const QString &name) {
        for (const QString &l : lines)
            if (l.startsWith(name + QLatin1Char(' ')))
                return l.simplified();
        return QString();
    };
    QCOMPARE(line(QStringLiteral("mia")), QStringLiteral("mia crowd yes annotator 2 1 1 3 4"));
    QCOMPARE(line(QStringLiteral("lee")).section(QLatin1Char(' '), 0, 2), QStringLiteral("lee yes lead"));
    QCOMPARE(line(QStringLiteral("offline")), QStringLiteral("offline crowd no 2 0 0 0 4"));

    const auto json = runCli(
        {QStringLiteral("team"), QStringLiteral("list"), m_uri, QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(json.exitCode == 0, qPrintable(json.err));
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json.out.toUtf8(), &error);
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(json.out));
    QJsonObject mia, offline;
    for (const QJsonValue &row : document.array()) {
        if (row[QStringLiteral("rater")] == QStringLiteral("mia"))
            mia = row.toObject();
        if (row[QStringLiteral("rater")] == QStringLiteral("offline"))
            offline = row.toObject();
    }
    QCOMPARE(mia[QStringLiteral("group")].toString(), QStringLiteral("crowd"));
    QCOMPARE(mia[QStringLiteral("login")].toString(), QStringLiteral("yes"));
    QCOMPARE(mia[QStringLiteral("role")].toString(), QStringLiteral("annotator"));
    QCOMPARE(mia[QStringLiteral("documents")].toDouble(), 2.0);
    QCOMPARE(mia[QStringLiteral("finished")].toDouble(), 1.0);
    QCOMPARE(mia[QStringLiteral("answered")].toDouble(), 3.0);
    QCOMPARE(mia[QStringLiteral("asked")].toDouble(), 4.0);
    QCOMPARE(offline[QStringLiteral("login")].toString(), QStringLiteral("no"));
    QVERIFY(offline[QStringLiteral("role")].isNull());

    const auto csv = runCli(
        {QStringLiteral("team"), QStringLiteral("list"), m_uri, QStringLiteral("--format"), QStringLiteral("csv")});
    QVERIFY2(csv.exitCode == 0, qPrintable(csv.err));
    // RFC 4180 lines end in CRLF.
    QVERIFY2(csv.out.startsWith(QStringLiteral("rater,group,login,role,documents,finished,started,answered,asked\r\n")),
             qPrintable(csv.out));
    QVERIFY2(csv.out.contains(QStringLiteral("\r\nmia,crowd,yes,annotator,2,1,1,3,4\r\n")), qPrintable(csv.out));
}

void TestCliTeam::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    const QString uri = QStringLiteral("postgresql://someone:hunter2@127.0.0.1:1/nowhere");
    QTest::newRow("no subcommand") << QStringList{QStringLiteral(
        "team")} << 2 << QStringLiteral("concord-cli: team needs a subcommand: add, list, assign or progress");
    QTest::newRow("unknown subcommand")
        << QStringList{QStringLiteral("team"), QStringLiteral("remove"), uri} << 2
        << QStringLiteral("concord-cli: unknown team subcommand 'remove': expected add, list, assign or progress");
    QTest::newRow("add without name") << QStringList{QStringLiteral("team"), QStringLiteral("add"), uri} << 2
                                      << QStringLiteral("concord-cli: team add takes a URI and a NAME");
    QTest::newRow("a study file") << QStringList{QStringLiteral("team"), QStringLiteral("list"),
                                                 QStringLiteral("demo.concord")}
                                  << 2 << QStringLiteral("concord-cli: team works on a study on PostgreSQL");
    QTest::newRow("mistyped scheme") << QStringList{QStringLiteral("team"), QStringLiteral("list"),
                                                    QStringLiteral("postgresq://someone:hunter2@127.0.0.1:1/nowhere")}
                                     << 2 << QStringLiteral("concord-cli: team works on a study on PostgreSQL");
    QTest::newRow("unknown format") << QStringList{QStringLiteral("team"), QStringLiteral("list"), uri,
                                                   QStringLiteral("--format"), QStringLiteral("xml")}
                                    << 2 << QStringLiteral("concord-cli: unknown --format 'xml'");
    QTest::newRow("unknown option")
        << QStringList{QStringLiteral("team"), QStringLiteral("add"), uri, QStringLiteral("x"),
                       QStringLiteral("--superuser")}
        << 2 << QStringLiteral("concord-cli: Unknown option 'superuser'. (see concord-cli team add --help)");
}

void TestCliTeam::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, message);
    const auto run = runCli(args);
    QCOMPARE(run.exitCode, code);
    QVERIFY2(run.err.startsWith(message), qPrintable(run.err));
    QCOMPARE(run.err.count(QLatin1Char('\n')), 1);
    QVERIFY(!run.err.contains(QStringLiteral("hunter2")));
}

void TestCliTeam::connectionFailureHidesThePassword()
{
    const QString wrong = QString::fromStdString(
        m_cluster->tcpUri(PgTestCluster::superuser(), QStringLiteral("not-the-password"), QStringLiteral("team")));
    const auto run = runCli({QStringLiteral("team"), QStringLiteral("list"), wrong});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.startsWith(QStringLiteral("concord-cli: cannot connect to PostgreSQL at postgresql://"
                                               "concord_admin@127.0.0.1:")),
             qPrintable(run.err));
    QVERIFY2(!run.err.contains(QStringLiteral("not-the-password")), qPrintable(run.err));
    QCOMPARE(run.err.count(QLatin1Char('\n')), 1);
    // Help names the subcommand as typed.
    const auto help = runCli({QStringLiteral("team"), QStringLiteral("add"), QStringLiteral("--help")});
    QCOMPARE(help.exitCode, 0);
    QVERIFY2(help.out.contains(QStringLiteral("concord-cli team add")) && help.out.contains(QStringLiteral("--lead")),
             qPrintable(help.out));
}

void TestCliTeam::anAnnotatorsListSaysTheGroupIsTheLeads()
{
    const auto added = runCli({QStringLiteral("team"), QStringLiteral("add"), m_uri, QStringLiteral("ivy"),
                               QStringLiteral("--group"), QStringLiteral("crowd")});
    QVERIFY2(added.exitCode == 0, qPrintable(added.err));
    QCOMPARE(m_cluster->exec("ALTER ROLE ivy PASSWORD 'ivy-pw'"), QString());
    const QString ivy = QString::fromStdString(
        m_cluster->tcpUri(QStringLiteral("ivy"), QStringLiteral("ivy-pw"), QStringLiteral("team")));
    // Her own row only, and the group the server keeps from her said to be the lead's, not shown as none.
    const auto text = runCli({QStringLiteral("team"), QStringLiteral("list"), ivy});
    QVERIFY2(text.exitCode == 0, qPrintable(text.err));
    const QStringList lines = text.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QStringList rows;
    for (const QString &l : lines)
        if (!l.startsWith(QStringLiteral("rater")) && !l.startsWith(QLatin1Char('-')))
            rows << l.simplified();
    QCOMPARE(rows, QStringList{QStringLiteral("ivy (lead only) yes annotator 2 0 0 0 4")});
    QVERIFY2(text.err.contains(QStringLiteral("an annotator's login may not read the raters' groups")),
             qPrintable(text.err));
    // A lead's list shows it.
    const auto lead = runCli({QStringLiteral("team"), QStringLiteral("list"), m_uri});
    QVERIFY2(lead.exitCode == 0, qPrintable(lead.err));
    QVERIFY2(lead.out.contains(QRegularExpression(QStringLiteral("\\bivy +crowd +yes +annotator"))),
             qPrintable(lead.out));
    QVERIFY(lead.err.isEmpty());
}

void TestCliTeam::anAnnotatorsPullSaysWhatTheyMayDo()
{
    const auto added = runCli({QStringLiteral("team"), QStringLiteral("add"), m_uri, QStringLiteral("ole")});
    QVERIFY2(added.exitCode == 0, qPrintable(added.err));
    QCOMPARE(m_cluster->exec("ALTER ROLE ole PASSWORD 'ole-pw'"), QString());
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("copy.concord"));
    const auto pull = runCli({QStringLiteral("pull"),
                              QString::fromStdString(m_cluster->tcpUri(QStringLiteral("ole"), QStringLiteral("ole-pw"),
                                                                       QStringLiteral("team"))),
                              out});
    QCOMPARE(pull.exitCode, 1);
    // Not the server's "permission denied" about some table: who she is, why, and what she may do instead.
    QVERIFY2(pull.err.contains(QStringLiteral("'ole' is an annotator of this team study")), qPrintable(pull.err));
    QVERIFY2(pull.err.contains(QStringLiteral("only a lead may read")), qPrintable(pull.err));
    QVERIFY2(pull.err.contains(QStringLiteral("concord-cli export-package")), qPrintable(pull.err));
    QVERIFY2(!pull.err.contains(QStringLiteral("permission denied")), qPrintable(pull.err));
    QVERIFY2(!pull.err.contains(QStringLiteral("ole-pw")), qPrintable(pull.err));
    QCOMPARE(pull.err.count(QLatin1Char('\n')), 1);
    QVERIFY(!QFile::exists(out));
    // The lead pulls the same study.
    const auto lead = runCli({QStringLiteral("pull"), m_uri, out});
    QVERIFY2(lead.exitCode == 0, qPrintable(lead.err));
    QVERIFY(QFile::exists(out));
}

QTEST_GUILESS_MAIN(TestCliTeam)
#include "tst_cli_team.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The people of a team study on PostgreSQL: each added person logs in as their own role and meets the access
// rules as the person they are; names are data, never SQL; refusals change nothing; progress counts as the
// study file counts it.
#include "store/annotation_plan.h"
#include "store/annotation_progress.h"
#include "store/database.h"
#include "store/pg_connection.h"
#include "store/pg_schema.h"
#include "store/pg_team.h"
#include "store/statement.h"
#include "store/study.h"

#include "annotation_study.h"
#include "error.h"
#include "pg_login.h"
#include "pg_test_cluster.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <functional>
#include <memory>
#include <string>

using namespace concord;
using namespace concord::store;
using concord::test::PgTestCluster;

namespace {

using Login = concord::test::PgLogin;

// What the database administrator does for a new member: a password, given with the name as data.

std::int64_t count(PgConnection &connection, const std::string &sql, const std::vector<PgValue> &params = {})
{
    return connection.query(sql, params).integer(0, 0);
}

std::string messageOf(const std::function<void()> &action)
{
    try {
        action();
    } catch (const Failure &failure) {
        return failure.error().describe();
    }
    return "(no failure)";
}

// The study file's tables that hold what progress counts, copied row for row with the same ids.
void copyStudy(Study &study, PgConnection &connection)
{
    for (const char *table : {"study_info", "documents", "systems", "candidates", "dimensions", "raters", "ratings",
                              "rankings", "explanations", "unit_marks"}) {
        std::vector<std::string> columns;
        {
            auto info = study.database().prepare(std::string("SELECT name FROM pragma_table_info('") + table + "')");
            while (info.step())
                columns.push_back(info.textAt(0));
        }
        std::string names, places;
        for (std::size_t i = 0; i < columns.size(); ++i) {
            names += (i ? ", " : "") + columns[i];
            places += (i ? ", $" : "$") + std::to_string(i + 1);
        }
        auto rows = study.database().prepare("SELECT " + names + " FROM " + table);
        while (rows.step()) {
            std::vector<PgValue> values;
            for (std::size_t i = 0; i < columns.size(); ++i)
                values.push_back(rows.optionalTextAt(static_cast<int>(i)));
            connection.query("INSERT INTO " + std::string(table) + " (" + names + ") VALUES (" + places + ")", values);
        }
        if (std::find(columns.begin(), columns.end(), "id") != columns.end())
            connection.query(std::string("SELECT setval(pg_get_serial_sequence('") + table
                             + "', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM " + table + "), false)");
    }
}

} // namespace

class TestPgTeam : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void membersMeetTheAccessRules();
    void namesAreData_data();
    void namesAreData();
    void badNamesRefused_data();
    void badNamesRefused();
    void existingNamesRefusedUnchanged();
    void withoutCreateRoleRefusedUnchanged();
    void needsAStudyWithAccessRules();
    void listShowsRolesAndProgress();
    void sameProgressAsTheStudyFile();
    void annotatorsWriteNoIdsNorCalls();
    void membersConnectOnlyToTheirStudy();
    void annotatorsCreateNothingBesideTheStudy();
    void appliedEditsAreEachAnnotatorsOwn();
    void accessRulesBringAppliedEditsToOlderStudies();
    void loginSaysWhoIsConnectedAndWhatTheyMayDo();
    void annotatorsAreOnlyThoseWhoAnnotate();

private:
    // A database holding an empty study with the team's access rules.
    std::string teamStudy(const char *name);

    std::unique_ptr<PgTestCluster> m_cluster;
    std::string m_names; // the database of namesAreData's rows
};

void TestPgTeam::initTestCase()
{
    m_cluster = std::make_unique<PgTestCluster>();
    QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
}

void TestPgTeam::cleanupTestCase()
{
    m_cluster.reset();
}

std::string TestPgTeam::teamStudy(const char *name)
{
    const std::string uri = m_cluster->createTeamStudy(QString::fromLatin1(name));
    if (uri.empty())
        qWarning("%s", qPrintable(m_cluster->error()));
    return uri;
}

void TestPgTeam::membersMeetTheAccessRules()
{
    const std::string uri = teamStudy("access");
    QVERIFY(!uri.empty());
    PgConnection admin(uri);
    admin.script(R"sql(
        INSERT INTO documents (external_id, source) VALUES ('d1', 'An article.');
        INSERT INTO systems (name) VALUES ('secret-system');
        INSERT INTO candidates (id, document_id, system_id, text) VALUES (1, 1, 1, 'A summary.');
        INSERT INTO dimensions (name, kind) VALUES ('coherence', 'likert'), ('fluency', 'likert');
        INSERT INTO raters (name, kind) VALUES ('gpt', 'judge');
        INSERT INTO judge_runs (rater_id, protocol, started_at) VALUES (1, 'rts', '2026-11-24T12:00:00Z');
        INSERT INTO judge_calls (run_id, request_hash, raw_response) VALUES (1, 'h', 'Score: 4');
        INSERT INTO ratings (rater_id, candidate_id, dimension_id, value, call_id) VALUES (1, 1, 1, 5, 1);
    )sql");
    const auto ann = PgTeam::addMember(admin, "ann", "expert", TeamRole::Annotator);
    const auto bob = PgTeam::addMember(admin, "bob", "expert", TeamRole::Annotator);
    const auto lea = PgTeam::addMember(admin, "lea", "", TeamRole::Lead);
    QVERIFY(!admin.inTransaction());
    QCOMPARE(count(admin, "SELECT count(*) FROM raters WHERE kind = 'human' AND grp = 'expert' AND id IN ($1, $2)",
                   {std::to_string(ann), std::to_string(bob)}),
             std::int64_t(2));
    QCOMPARE(count(admin, "SELECT count(*) FROM raters WHERE id = $1 AND name = 'lea' AND kind = 'human'",
                   {std::to_string(lea)}),
             std::int64_t(1));
    // Login roles without a password of Concord's and without any power beyond their group role.
    QCOMPARE(count(admin, "SELECT count(*) FROM pg_authid WHERE rolname IN ('ann', 'bob', 'lea') AND rolcanlogin "
                          "AND rolpassword IS NULL AND NOT rolsuper AND NOT rolcreaterole AND NOT rolcreatedb"),
             std::int64_t(3));
    admin.query("INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES ($1, 1, 1, 2)",
                {std::to_string(bob)});
    PgTestCluster::givePassword(admin, "ann", "ann-password");
    PgTestCluster::givePassword(admin, "lea", "lea-password");

    Login annLogin(m_cluster->tcpUri(QStringLiteral("ann"), QStringLiteral("ann-password"), QStringLiteral("access")));
    QVERIFY2(annLogin.connected(), qPrintable(annLogin.connectionError()));
    const std::string annId = std::to_string(ann);
    const std::string bobId = std::to_string(bob);
    QCOMPARE(annLogin.run("INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (" + annId
                          + ", 1, 1, 4)"),
             QStringLiteral("INSERT 0 1"));
    QCOMPARE(annLogin.run("INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (" + bobId
                          + ", 1, 2, 1)"),
             QStringLiteral("error: new row violates row-level security policy for table \"ratings\""));
    QCOMPARE(annLogin.run("UPDATE ratings SET rater_id = " + bobId + " WHERE rater_id = " + annId),
             QStringLiteral("error: new row violates row-level security policy for table \"ratings\""));
    QCOMPARE(annLogin.run("SELECT value FROM ratings"), QStringLiteral("4"));
    QCOMPARE(annLogin.run("SELECT value FROM ratings WHERE rater_id = " + bobId), QString());
    QCOMPARE(annLogin.run("SELECT name FROM raters"), QStringLiteral("ann"));
    QCOMPARE(annLogin.run("SELECT name FROM systems"), QStringLiteral("error: permission denied for table systems"));
    QCOMPARE(annLogin.run("SELECT system_id FROM candidates"),
             QStringLiteral("error: permission denied for table candidates"));
    QCOMPARE(annLogin.run("SELECT raw_response FROM judge_calls"),
             QStringLiteral("error: permission denied for table judge_calls"));
    // Nor may an annotator add people.
    QCOMPARE(annLogin.run("CREATE ROLE mallory LOGIN"), QStringLiteral("error: permission denied to create role"));

    Login leaLogin(m_cluster->tcpUri(QStringLiteral("lea"), QStringLiteral("lea-password"), QStringLiteral("access")));
    QVERIFY2(leaLogin.connected(), qPrintable(leaLogin.connectionError()));
    QCOMPARE(leaLogin.run("SELECT value FROM ratings ORDER BY rater_id"), QStringLiteral("5,4,2"));
    QCOMPARE(leaLogin.run("SELECT name FROM systems"), QStringLiteral("secret-system"));
    QCOMPARE(leaLogin.run("SELECT raw_response FROM judge_calls"), QStringLiteral("Score: 4"));
    QCOMPARE(leaLogin.run("SELECT name FROM raters ORDER BY id"), QStringLiteral("gpt,ann,bob,lea"));
}

void TestPgTeam::namesAreData_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("quote") << QStringLiteral("o'brien");
    QTest::newRow("double quote") << QStringLiteral("say \"hi\"");
    QTest::newRow("space and semicolon") << QStringLiteral("ann smith; bob");
    QTest::newRow("statement") << QStringLiteral("x\"; DROP TABLE ratings; --");
    QTest::newRow("role options") << QStringLiteral("eve\" SUPERUSER CREATEROLE LOGIN --");
    QTest::newRow("dollar quote") << QStringLiteral("$$; DROP TABLE raters; $$");
    QTest::newRow("upper case") << QStringLiteral("Ann");
    QTest::newRow("keyword") << QStringLiteral("select");
    QTest::newRow("non-ASCII") << QStringLiteral("Zoë 张");
    QTest::newRow("backslash") << QStringLiteral("a\\b");
    QTest::newRow("63 bytes") << QString(63, QLatin1Char('n'));
}

void TestPgTeam::namesAreData()
{
    QFETCH(QString, name);
    if (m_names.empty())
        m_names = teamStudy("names");
    QVERIFY(!m_names.empty());
    const std::string person = name.toStdString();
    PgConnection admin(m_names);
    PgTeam::addMember(admin, person, "crowd", TeamRole::Annotator);
    // The role and the rater are named exactly so, the role has no option the name spelled, and the study
    // is whole.
    QCOMPARE(count(admin,
                   "SELECT count(*) FROM pg_roles WHERE rolname = $1 AND rolcanlogin AND NOT rolsuper AND NOT "
                   "rolcreaterole AND pg_has_role(rolname, 'concord_annotator', 'MEMBER') AND NOT "
                   "pg_has_role(rolname, 'concord_lead', 'MEMBER')",
                   {person}),
             std::int64_t(1));
    QCOMPARE(count(admin, "SELECT count(*) FROM raters WHERE name = $1 AND kind = 'human' AND grp = 'crowd'", {person}),
             std::int64_t(1));
    QCOMPARE(count(admin, "SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema() AND "
                          "table_name IN ('ratings', 'raters')"),
             std::int64_t(2));
    // Logged in as that role, the person is their rater and sees only themselves.
    PgTestCluster::givePassword(admin, person, "secret");
    Login login(m_cluster->tcpUri(name, QStringLiteral("secret"), QStringLiteral("names")));
    QVERIFY2(login.connected(), qPrintable(login.connectionError()));
    QCOMPARE(login.run("SELECT current_user"), name);
    QCOMPARE(login.run("SELECT name FROM raters"), name);
}

void TestPgTeam::badNamesRefused_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("group");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty") << QString() << QString() << QStringLiteral("a team member needs a name");
    QTest::newRow("blank") << QStringLiteral("  \t") << QString() << QStringLiteral("a team member needs a name");
    QTest::newRow("64 bytes") << QString(64, QLatin1Char('n')) << QString()
                              << QStringLiteral("longer than PostgreSQL's 63 bytes");
    QTest::newRow("32 two-byte letters") << QString(32, QChar(0xe9)) << QString()
                                         << QStringLiteral("longer than PostgreSQL's 63 bytes");
    QTest::newRow("two lines") << QStringLiteral("ann\nbob") << QString()
                               << QStringLiteral("must be one line without control characters");
    QTest::newRow("group of two lines") << QStringLiteral("ann") << QStringLiteral("a\nb")
                                        << QStringLiteral("a group name must be one line");
}

void TestPgTeam::badNamesRefused()
{
    QFETCH(QString, name);
    QFETCH(QString, group);
    QFETCH(QString, message);
    const std::string uri = m_cluster->uri(QStringLiteral("access"));
    PgConnection admin(uri);
    const std::int64_t roles = count(admin, "SELECT count(*) FROM pg_roles");
    const std::int64_t raters = count(admin, "SELECT count(*) FROM raters");
    const std::string got
        = messageOf([&] { PgTeam::addMember(admin, name.toStdString(), group.toStdString(), TeamRole::Annotator); });
    QVERIFY2(got.find(message.toStdString()) != std::string::npos, got.c_str());
    QCOMPARE(count(admin, "SELECT count(*) FROM pg_roles"), roles);
    QCOMPARE(count(admin, "SELECT count(*) FROM raters"), raters);
}

void TestPgTeam::existingNamesRefusedUnchanged()
{
    const std::string uri = teamStudy("twice");
    QVERIFY(!uri.empty());
    PgConnection admin(uri);
    PgTeam::addMember(admin, "dana", "expert", TeamRole::Annotator);
    admin.query("INSERT INTO raters (name, kind, grp) VALUES ('carol', 'human', 'expert'), ('gpt-4o', 'judge', '')");
    QVERIFY(m_cluster->exec("CREATE ROLE frank LOGIN").isEmpty());
    const auto state = [&] {
        return std::to_string(count(admin, "SELECT count(*) FROM pg_roles")) + " roles, "
               + std::to_string(count(admin, "SELECT count(*) FROM raters")) + " raters, dana in "
               + std::to_string(count(admin, "SELECT count(*) FROM pg_auth_members m JOIN pg_roles r ON r.oid = "
                                             "m.member WHERE r.rolname = 'dana'"))
               + " group roles";
    };
    const std::string before = state();

    std::string got = messageOf([&] { PgTeam::addMember(admin, "dana", "expert", TeamRole::Lead); });
    QVERIFY2(got.find("a role named 'dana' already exists") != std::string::npos, got.c_str());
    // A rater without a login role, or a judge, keeps its name: no role is made for it.
    got = messageOf([&] { PgTeam::addMember(admin, "carol", "expert", TeamRole::Annotator); });
    QVERIFY2(got.find("the study already has a rater named 'carol'") != std::string::npos, got.c_str());
    got = messageOf([&] { PgTeam::addMember(admin, " gpt-4o ", "", TeamRole::Annotator); });
    QVERIFY2(got.find("the study already has a rater named 'gpt-4o'") != std::string::npos, got.c_str());
    // A role of the cluster (another study's member, a service account) is not taken over.
    got = messageOf([&] { PgTeam::addMember(admin, "frank", "expert", TeamRole::Annotator); });
    QVERIFY2(got.find("a role named 'frank' already exists") != std::string::npos, got.c_str());
    QVERIFY(!admin.inTransaction());
    QCOMPARE(state(), before);
    QCOMPARE(count(admin, "SELECT count(*) FROM pg_roles WHERE rolname IN ('carol', 'gpt-4o')"), std::int64_t(0));
    QCOMPARE(count(admin, "SELECT count(*) FROM raters WHERE name = 'frank'"), std::int64_t(0));
}

void TestPgTeam::withoutCreateRoleRefusedUnchanged()
{
    const std::string uri = teamStudy("nocreaterole");
    QVERIFY(!uri.empty());
    {
        PgConnection admin(uri);
        // A lead may change the study, but not the cluster's roles.
        PgTeam::addMember(admin, "lena", "", TeamRole::Lead);
        PgTestCluster::givePassword(admin, "lena", "lena-password");
    }
    PgConnection lead(
        m_cluster->tcpUri(QStringLiteral("lena"), QStringLiteral("lena-password"), QStringLiteral("nocreaterole")));
    const std::string got = messageOf([&] { PgTeam::addMember(lead, "newbie", "expert", TeamRole::Annotator); });
    QVERIFY2(got.find("role 'lena' may not create login roles: adding a team member needs the CREATEROLE privilege")
                 != std::string::npos,
             got.c_str());
    QVERIFY2(got.find("lena-password") == std::string::npos, got.c_str());
    QVERIFY(got.find('\n') == std::string::npos);
    QVERIFY(!lead.inTransaction());
    PgConnection admin(uri);
    QCOMPARE(count(admin, "SELECT count(*) FROM pg_roles WHERE rolname = 'newbie'"), std::int64_t(0));
    QCOMPARE(count(admin, "SELECT count(*) FROM raters WHERE name = 'newbie'"), std::int64_t(0));
}

void TestPgTeam::needsAStudyWithAccessRules()
{
    const std::string empty = m_cluster->createDatabase(QStringLiteral("nostudy"));
    QVERIFY(!empty.empty());
    PgConnection none(empty);
    std::string got = messageOf([&] { PgTeam::addMember(none, "gina", "", TeamRole::Annotator); });
    QVERIFY2(got.find("holds no Concord study") != std::string::npos, got.c_str());
    got = messageOf([&] { PgTeam::list(none); });
    QVERIFY2(got.find("holds no Concord study") != std::string::npos, got.c_str());

    // A study without access rules: the group roles exist (another study's), its tables have no policies.
    const std::string bare = m_cluster->createDatabase(QStringLiteral("norules"));
    QVERIFY(!bare.empty());
    QVERIFY(!teamStudy("otherstudy").empty());
    PgConnection noRules(bare);
    PgSchema::create(noRules);
    got = messageOf([&] { PgTeam::addMember(noRules, "gina", "", TeamRole::Annotator); });
    QVERIFY2(got.find("the study has no team access rules") != std::string::npos, got.c_str());
    QCOMPARE(count(noRules, "SELECT count(*) FROM pg_roles WHERE rolname = 'gina'"), std::int64_t(0));
    QVERIFY(!noRules.inTransaction());
}

void TestPgTeam::listShowsRolesAndProgress()
{
    const std::string uri = teamStudy("progress");
    QVERIFY(!uri.empty());
    PgConnection admin(uri);
    // Two documents of two summaries, two Likert dimensions and no stored plan: the derived plan asks for the
    // two ratings of each summary and an explanation of each document, 10 answers of each annotator.
    admin.script(R"sql(
        INSERT INTO documents (external_id, source) VALUES ('d1', 'One.'), ('d2', 'Two.');
        INSERT INTO systems (name) VALUES ('A'), ('B');
        INSERT INTO candidates (id, document_id, system_id, text) VALUES (1, 1, 1, '1A'), (2, 1, 2, '1B'), (3, 2, 1, '2A'), (4, 2, 2, '2B');
        INSERT INTO dimensions (name, kind, position) VALUES ('coherence', 'likert', 0), ('fluency', 'likert', 1);
        INSERT INTO raters (name, kind, grp) VALUES ('gpt', 'judge', ''), ('old-hand', 'human', 'expert');
        INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (1, 1, 1, 3), (2, 3, 2, 4);
    )sql");
    const auto ann = PgTeam::addMember(admin, "annie", "crowd", TeamRole::Annotator);
    PgTeam::addMember(admin, "leo", "expert", TeamRole::Lead);
    PgTestCluster::givePassword(admin, "annie", "annie-password");
    {
        // The annotator's own work through their own login: document 1 complete, one answer on document 2.
        Login annie(
            m_cluster->tcpUri(QStringLiteral("annie"), QStringLiteral("annie-password"), QStringLiteral("progress")));
        QVERIFY2(annie.connected(), qPrintable(annie.connectionError()));
        const std::string id = std::to_string(ann);
        QCOMPARE(annie.run("INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (" + id
                           + ", 1, 1, 4), (" + id + ", 1, 2, 4), (" + id + ", 2, 1, 2), (" + id + ", 2, 2, 5), (" + id
                           + ", 4, 1, 1)"),
                 QStringLiteral("INSERT 0 5"));
        QCOMPARE(annie.run("INSERT INTO explanations (rater_id, document_id, dimension_id, text) VALUES (" + id
                           + ", 1, 0, 'Both fine.')"),
                 QStringLiteral("INSERT 0 1"));
    }
    const auto members = PgTeam::list(admin);
    QVERIFY(!admin.inTransaction());
    QCOMPARE(members.size(), std::size_t(3));
    QCOMPARE(members[0].name, std::string("old-hand"));
    QCOMPARE(members[0].group, std::string("expert"));
    QCOMPARE(members[0].login, false);
    QCOMPARE(members[0].role, std::string());
    QCOMPARE(members[0].answered, 1);
    QCOMPARE(members[0].started, 1);
    QCOMPARE(members[1].name, std::string("annie"));
    QCOMPARE(members[1].group, std::string("crowd"));
    QCOMPARE(members[1].login, true);
    QCOMPARE(members[1].role, std::string("annotator"));
    QCOMPARE(members[1].documents, 2);
    QCOMPARE(members[1].finished, 1);
    QCOMPARE(members[1].started, 1);
    QCOMPARE(members[1].answered, 6);
    QCOMPARE(members[1].asked, 10);
    QCOMPARE(members[2].name, std::string("leo"));
    QCOMPARE(members[2].role, std::string("lead"));
    QCOMPARE(members[2].answered, 0);
    QCOMPARE(members[2].asked, 10);

    // The annotator's own list holds only themselves, with their progress, and no group they may not read.
    PgConnection own(
        m_cluster->tcpUri(QStringLiteral("annie"), QStringLiteral("annie-password"), QStringLiteral("progress")));
    const auto mine = PgTeam::list(own);
    QCOMPARE(mine.size(), std::size_t(1));
    QCOMPARE(mine[0].name, std::string("annie"));
    QCOMPARE(mine[0].group, std::string());
    QCOMPARE(mine[0].answered, 6);
    QCOMPARE(mine[0].asked, 10);
}

void TestPgTeam::sameProgressAsTheStudyFile()
{
    // The Annotate view's study: Likert, two rankings, explanations, content units and a stored plan.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("team.concord"));
    QCOMPARE(test::AnnotationStudy::create(path), QString());
    auto opened = Study::open(path.toStdString());
    QVERIFY(opened.ok());
    Study &study = *opened.value();
    const auto candidates = study.candidates();
    QCOMPARE(candidates.size(), std::size_t(9));
    const model::Id fluency = study.dimensionId("fluency").value_or(0);
    const model::Id overall = study.dimensionId("overall").value_or(0);
    const model::Id missing = study.dimensionId("missing").value_or(0);
    const Status written = study.write([&] {
        const model::Id alice = study.ensureRater({0, "alice", model::RaterKind::Human, "expert", {}, {}, {}, {}});
        const model::Id bob = study.ensureRater({0, "bob", model::RaterKind::Human, "crowd", {}, {}, {}, {}});
        study.ensureRater({0, "carol", model::RaterKind::Human, "crowd", {}, {}, {}, {}});
        const model::Id judge = study.ensureRater({0, "gpt", model::RaterKind::Judge, "", {}, {}, {}, {}});
        const model::Id doc1 = candidates[0].documentId;
        // alice: document 1 complete (units included), document 2 with an impossible ranking.
        for (int i = 0; i < 3; ++i) {
            study.setRating(alice, candidates[i].id, fluency, 4);
            study.setUnitMark(alice, candidates[i].id, 0, true);
            study.setUnitMark(alice, candidates[i].id, 1, i == 1);
            study.setRating(judge, candidates[i].id, fluency, 5);
        }
        study.setRanking(alice, doc1, overall, {{candidates[0].id, 1}, {candidates[1].id, 2}, {candidates[2].id, 3}});
        study.setRanking(alice, doc1, missing, {{candidates[0].id, 1}, {candidates[1].id, 1}, {candidates[2].id, 2}});
        study.setExplanation(alice, doc1, 0, "Clear.");
        study.setExplanation(alice, doc1, overall, "A reads best.");
        study.setRating(alice, candidates[3].id, fluency, 2);
        study.setRating(alice, candidates[4].id, fluency, 3);
        study.setRanking(alice, candidates[3].documentId, overall,
                         {{candidates[3].id, 1}, {candidates[4].id, 3}, {candidates[5].id, 3}});
        // bob: a little of document 3 and one unit of document 1.
        study.setRating(bob, candidates[8].id, fluency, 1);
        study.setExplanation(bob, candidates[8].documentId, 0, "Short.");
        study.setUnitMark(bob, candidates[0].id, 0, false);
    });
    QVERIFY2(written.ok(), written.ok() ? "" : written.error().describe().c_str());

    const std::string uri = teamStudy("sameprogress");
    QVERIFY(!uri.empty());
    PgConnection connection(uri);
    copyStudy(study, connection);
    const auto members = PgTeam::list(connection);
    const AnnotationProgress progress(AnnotationPlan::of(study), study.dimensions());
    std::vector<model::Rater> humans;
    for (const auto &r : study.raters())
        if (r.kind == model::RaterKind::Human)
            humans.push_back(r);
    QCOMPARE(members.size(), humans.size());
    for (std::size_t i = 0; i < humans.size(); ++i) {
        const auto documents = progress.read(study, humans[i].id);
        const auto summary = AnnotationProgress::summarise(documents);
        int answered = 0, asked = 0;
        for (const auto &p : documents) {
            answered += p.answered;
            asked += p.asked;
        }
        const TeamMember &m = members[i];
        QCOMPARE(m.name, humans[i].name);
        QCOMPARE(m.group, humans[i].group);
        QCOMPARE(m.documents, summary.documents);
        QCOMPARE(m.finished, summary.finished);
        QCOMPARE(m.started, summary.started);
        QCOMPARE(m.answered, answered);
        QCOMPARE(m.asked, asked);
    }
    // Not trivially equal: alice finished one document and started one, bob started two, carol nothing.
    QCOMPARE(members[0].finished, 1);
    QCOMPARE(members[0].started, 1);
    QCOMPARE(members[1].finished, 0);
    QCOMPARE(members[1].started, 2);
    QCOMPARE(members[2].answered, 0);
    QVERIFY(members[0].asked > 0);
}

void TestPgTeam::annotatorsWriteNoIdsNorCalls()
{
    const std::string uri = teamStudy("ids");
    QVERIFY(!uri.empty());
    PgConnection admin(uri);
    admin.script(R"sql(
        INSERT INTO documents (external_id, source) VALUES ('d1', 'An article.');
        INSERT INTO systems (name) VALUES ('s1'), ('s2');
        INSERT INTO candidates (id, document_id, system_id, text) VALUES (1, 1, 1, 'A summary.'), (2, 1, 2, 'Another.');
        INSERT INTO dimensions (name, kind) VALUES ('coherence', 'likert');
        INSERT INTO raters (name, kind) VALUES ('gpt', 'judge');
        INSERT INTO judge_runs (rater_id, protocol, started_at) VALUES (1, 'rts', '2026-11-24T12:00:00Z');
        INSERT INTO judge_calls (run_id, request_hash) VALUES (1, 'h');
    )sql");
    const std::string ann = std::to_string(PgTeam::addMember(admin, "ida", "", TeamRole::Annotator));
    PgTestCluster::givePassword(admin, "ida", "ida-password");
    Login login(m_cluster->tcpUri(QStringLiteral("ida"), QStringLiteral("ida-password"), QStringLiteral("ids")));
    QVERIFY2(login.connected(), qPrintable(login.connectionError()));

    // Their own rows, with the ids the shared identity gives, still go in and change.
    QCOMPARE(login.run("INSERT INTO error_spans (rater_id, candidate_id, char_start, char_end, quote) VALUES (" + ann
                       + ", 1, 0, 1, 'A') RETURNING id"),
             QStringLiteral("1"));
    QCOMPARE(login.run("INSERT INTO explanations (rater_id, document_id, text) VALUES (" + ann
                       + ", 1, 'Clear.') RETURNING id"),
             QStringLiteral("1"));
    QCOMPARE(login.run("INSERT INTO pairwise_outcomes (rater_id, dimension_id, candidate_a, candidate_b, shown_order, "
                       "outcome) VALUES ("
                       + ann + ", 1, 1, 2, 'ab', 'a') RETURNING id"),
             QStringLiteral("1"));
    QCOMPARE(login.run("INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (" + ann
                       + ", 1, 1, 3) ON CONFLICT (rater_id, candidate_id, dimension_id) DO UPDATE SET value = "
                         "excluded.value"),
             QStringLiteral("INSERT 0 1"));
    QCOMPARE(login.run("UPDATE explanations SET text = 'Very clear.'"), QStringLiteral("UPDATE 1"));

    // Neither an id of their choosing nor a judge call.
    const QString spans = QStringLiteral("error: permission denied for table error_spans");
    QCOMPARE(login.run("INSERT INTO error_spans (id, rater_id, candidate_id, char_start, char_end, quote) VALUES "
                       "(1000, "
                       + ann + ", 1, 0, 1, 'A')"),
             spans);
    QCOMPARE(login.run("UPDATE error_spans SET id = 1000"), spans);
    QCOMPARE(login.run("INSERT INTO explanations (id, rater_id, document_id, dimension_id, text) VALUES (1000, " + ann
                       + ", 1, 1, 'x')"),
             QStringLiteral("error: permission denied for table explanations"));
    QCOMPARE(login.run("UPDATE ratings SET call_id = 1"), QStringLiteral("error: permission denied for table ratings"));
    QCOMPARE(login.run("INSERT INTO rankings (rater_id, document_id, dimension_id, candidate_id, rank, call_id) "
                       "VALUES ("
                       + ann + ", 1, 1, 1, 1, 1)"),
             QStringLiteral("error: permission denied for table rankings"));
    QCOMPARE(login.run("UPDATE pairwise_outcomes SET call_id = 1"),
             QStringLiteral("error: permission denied for table pairwise_outcomes"));
    // Nor may they move the identity every rater's rows draw from.
    QCOMPARE(login.run("SELECT nextval(pg_get_serial_sequence('error_spans', 'id'))"),
             QStringLiteral("error: permission denied for sequence error_spans_id_seq"));
    QCOMPARE(count(admin, "SELECT count(*) FROM ratings WHERE call_id IS NOT NULL"), std::int64_t(0));
    QCOMPARE(count(admin,
                   "INSERT INTO error_spans (rater_id, candidate_id, char_start, char_end, quote) VALUES ($1, "
                   "2, 0, 1, 'A') RETURNING id",
                   {ann}),
             std::int64_t(2));
}

void TestPgTeam::membersConnectOnlyToTheirStudy()
{
    const std::string first = teamStudy("study_a");
    const std::string second = teamStudy("study_b");
    QVERIFY(!first.empty() && !second.empty());
    PgConnection a(first);
    PgConnection b(second);
    PgTeam::addMember(a, "amy", "", TeamRole::Annotator);
    PgTeam::addMember(b, "ben", "", TeamRole::Lead);
    PgTestCluster::givePassword(a, "amy", "amy-password");
    PgTestCluster::givePassword(b, "ben", "ben-password");

    Login amyHome(m_cluster->tcpUri(QStringLiteral("amy"), QStringLiteral("amy-password"), QStringLiteral("study_a")));
    QVERIFY2(amyHome.connected(), qPrintable(amyHome.connectionError()));
    QCOMPARE(amyHome.run("SELECT count(*) FROM documents"), QStringLiteral("0"));
    Login amyAway(m_cluster->tcpUri(QStringLiteral("amy"), QStringLiteral("amy-password"), QStringLiteral("study_b")));
    QVERIFY(!amyAway.connected());
    QVERIFY2(amyAway.connectionError().contains(QStringLiteral("permission denied for database \"study_b\"")),
             qPrintable(amyAway.connectionError()));
    // A lead of one study is no lead of another.
    Login benAway(m_cluster->tcpUri(QStringLiteral("ben"), QStringLiteral("ben-password"), QStringLiteral("study_a")));
    QVERIFY(!benAway.connected());
    QVERIFY2(benAway.connectionError().contains(QStringLiteral("permission denied for database \"study_a\"")),
             qPrintable(benAway.connectionError()));
    Login benHome(m_cluster->tcpUri(QStringLiteral("ben"), QStringLiteral("ben-password"), QStringLiteral("study_b")));
    QVERIFY2(benHome.connected(), qPrintable(benHome.connectionError()));

    // Setting the rules again keeps the members that are there.
    PgSchema::createAccessRules(a);
    Login amyAgain(m_cluster->tcpUri(QStringLiteral("amy"), QStringLiteral("amy-password"), QStringLiteral("study_a")));
    QVERIFY2(amyAgain.connected(), qPrintable(amyAgain.connectionError()));
}

void TestPgTeam::annotatorsCreateNothingBesideTheStudy()
{
    const std::string uri = teamStudy("plant");
    QVERIFY(!uri.empty());
    PgConnection admin(uri);
    // As a database carried over from before PostgreSQL 15 or made from such a template has it.
    admin.script("GRANT CREATE ON SCHEMA public TO PUBLIC");
    PgSchema::createAccessRules(admin);
    PgTeam::addMember(admin, "eve", "", TeamRole::Annotator);
    PgTestCluster::givePassword(admin, "eve", "eve-password");
    Login login(m_cluster->tcpUri(QStringLiteral("eve"), QStringLiteral("eve-password"), QStringLiteral("plant")));
    QVERIFY2(login.connected(), qPrintable(login.connectionError()));
    const QString refused = QStringLiteral("error: permission denied for schema public");
    QCOMPARE(login.run("CREATE TABLE public.planted (x int)"), refused);
    QCOMPARE(login.run("CREATE FUNCTION public.lower(text) RETURNS text LANGUAGE sql AS 'SELECT $1'"), refused);
    QCOMPARE(login.run("CREATE OPERATOR public.= (LEFTARG = text, RIGHTARG = text, FUNCTION = texteq)"), refused);
}

void TestPgTeam::appliedEditsAreEachAnnotatorsOwn()
{
    const std::string uri = teamStudy("applied");
    QVERIFY(!uri.empty());
    PgConnection admin(uri);
    const std::string eve = std::to_string(PgTeam::addMember(admin, "edit_sender_a", "expert", TeamRole::Annotator));
    const std::string fay = std::to_string(PgTeam::addMember(admin, "edit_sender_b", "expert", TeamRole::Annotator));
    PgTeam::addMember(admin, "edit_sender_lead", "", TeamRole::Lead);
    PgTestCluster::givePassword(admin, "edit_sender_a", "eve-password");
    PgTestCluster::givePassword(admin, "edit_sender_lead", "gil-password");
    admin.query("INSERT INTO concord_applied_edits (edit_id, rater_id, applied_at) VALUES ('b1', $1, 'then')", {fay});

    Login eveLogin(
        m_cluster->tcpUri(QStringLiteral("edit_sender_a"), QStringLiteral("eve-password"), QStringLiteral("applied")));
    QVERIFY2(eveLogin.connected(), qPrintable(eveLogin.connectionError()));
    QCOMPARE(eveLogin.run("INSERT INTO concord_applied_edits (edit_id, rater_id, applied_at) VALUES ('a1', " + eve
                          + ", 'now') ON CONFLICT (edit_id) DO NOTHING"),
             QStringLiteral("INSERT 0 1"));
    QCOMPARE(eveLogin.run("INSERT INTO concord_applied_edits (edit_id, rater_id, applied_at) VALUES ('a2', " + fay
                          + ", 'now')"),
             QStringLiteral("error: new row violates row-level security policy for table \"concord_applied_edits\""));
    QCOMPARE(eveLogin.run("SELECT edit_id FROM concord_applied_edits ORDER BY edit_id"), QStringLiteral("a1"));
    // Taking an id back would let its edit apply again.
    QCOMPARE(eveLogin.run("DELETE FROM concord_applied_edits"),
             QStringLiteral("error: permission denied for table concord_applied_edits"));
    QCOMPARE(eveLogin.run("UPDATE concord_applied_edits SET applied_at = 'x'"),
             QStringLiteral("error: permission denied for table concord_applied_edits"));

    Login gilLogin(m_cluster->tcpUri(QStringLiteral("edit_sender_lead"), QStringLiteral("gil-password"),
                                     QStringLiteral("applied")));
    QVERIFY2(gilLogin.connected(), qPrintable(gilLogin.connectionError()));
    QCOMPARE(gilLogin.run("SELECT edit_id FROM concord_applied_edits ORDER BY edit_id"), QStringLiteral("a1,b1"));
    // A rater's ids go with the rater.
    admin.query("DELETE FROM raters WHERE id = $1", {fay});
    QCOMPARE(count(admin, "SELECT count(*) FROM concord_applied_edits"), std::int64_t(1));
}

void TestPgTeam::accessRulesBringAppliedEditsToOlderStudies()
{
    const std::string uri = teamStudy("older");
    QVERIFY(!uri.empty());
    PgConnection admin(uri);
    // A study published before edits were recorded.
    admin.query("DROP TABLE concord_applied_edits");
    PgSchema::createAccessRules(admin);
    QCOMPARE(count(admin, "SELECT count(*) FROM concord_applied_edits"), std::int64_t(0));
    QCOMPARE(count(admin, "SELECT count(*) FROM pg_policies WHERE tablename = 'concord_applied_edits'"),
             std::int64_t(2));
}

void TestPgTeam::loginSaysWhoIsConnectedAndWhatTheyMayDo()
{
    const std::string uri = teamStudy("logins");
    QVERIFY(!uri.empty());
    PgConnection admin(uri);
    PgTeam::addMember(admin, "login_ana", "expert", TeamRole::Annotator);
    PgTeam::addMember(admin, "login_leo", "", TeamRole::Lead);
    PgTestCluster::givePassword(admin, "login_ana", "ana-password");
    PgTestCluster::givePassword(admin, "login_leo", "leo-password");

    PgConnection ana(
        m_cluster->tcpUri(QStringLiteral("login_ana"), QStringLiteral("ana-password"), QStringLiteral("logins")));
    const TeamLogin annotator = PgTeam::login(ana);
    QCOMPARE(annotator.name, std::string("login_ana"));
    QVERIFY(annotator.annotator);
    QVERIFY(!annotator.lead);
    QVERIFY(!annotator.mayAddRaters);
    QVERIFY(!annotator.mayReadGroups);
    // Her own row only, its group kept from her and said to be.
    const auto members = PgTeam::list(ana);
    QCOMPARE(members.size(), std::size_t(1));
    QCOMPARE(members.front().name, std::string("login_ana"));
    QVERIFY(!members.front().groupKnown);

    PgConnection leo(
        m_cluster->tcpUri(QStringLiteral("login_leo"), QStringLiteral("leo-password"), QStringLiteral("logins")));
    const TeamLogin lead = PgTeam::login(leo);
    QCOMPARE(lead.name, std::string("login_leo"));
    QVERIFY(lead.lead);
    QVERIFY(!lead.annotator);
    QVERIFY(lead.mayAddRaters);
    QVERIFY(lead.mayReadGroups);
    const auto all = PgTeam::list(leo);
    QVERIFY(std::ranges::all_of(all, [](const TeamMember &m) { return m.groupKnown; }));

    // The owner (here the superuser who set the study up) leads; a database without a study names its login.
    QVERIFY(PgTeam::login(admin).lead);
    QVERIFY(PgTeam::login(admin).mayAddRaters);
    PgConnection empty(m_cluster->uri(QStringLiteral("postgres")));
    const TeamLogin nobody = PgTeam::login(empty);
    QCOMPARE(QString::fromStdString(nobody.name), PgTestCluster::superuser());
    QVERIFY(!nobody.annotator);
    QVERIFY(!nobody.mayAddRaters);
}

// Whom rejected work may go to: the members who annotate, as the lead and a reviewer both see them; not a reviewer,
// the lead, a person without a login, nor a judge.
void TestPgTeam::annotatorsAreOnlyThoseWhoAnnotate()
{
    const std::string uri = teamStudy("annotators");
    QVERIFY(!uri.empty());
    PgConnection admin(uri);
    admin.query("INSERT INTO raters (name, kind, grp) VALUES ('gpt', 'judge', ''), ('old-hand', 'human', 'expert')");
    PgTeam::addMember(admin, "only_ana", "expert", TeamRole::Annotator);
    PgTeam::addMember(admin, "only_leo", "", TeamRole::Lead);
    PgTeam::addMember(admin, "only_rev", "", TeamRole::Reviewer);
    PgTeam::addMember(admin, "only_bo", "crowd", TeamRole::Annotator);
    PgTestCluster::givePassword(admin, "only_leo", "leo-password");
    PgTestCluster::givePassword(admin, "only_rev", "rev-password");
    const std::vector<std::string> expected{"only_ana", "only_bo"};
    QCOMPARE(PgTeam::annotators(admin), expected);
    PgConnection leo(
        m_cluster->tcpUri(QStringLiteral("only_leo"), QStringLiteral("leo-password"), QStringLiteral("annotators")));
    QCOMPARE(PgTeam::annotators(leo), expected);
    PgConnection rev(
        m_cluster->tcpUri(QStringLiteral("only_rev"), QStringLiteral("rev-password"), QStringLiteral("annotators")));
    QCOMPARE(PgTeam::annotators(rev), expected);
    // The same people list() says annotate.
    std::vector<std::string> listed;
    for (const TeamMember &m : PgTeam::list(admin))
        if (m.role == "annotator")
            listed.push_back(m.name);
    QCOMPARE(listed, expected);
    // A database without a study has none, though the cluster has the group roles.
    PgConnection empty(m_cluster->uri(QStringLiteral("postgres")));
    QVERIFY(PgTeam::annotators(empty).empty());
}

QTEST_GUILESS_MAIN(TestPgTeam)
#include "tst_pg_team.moc"

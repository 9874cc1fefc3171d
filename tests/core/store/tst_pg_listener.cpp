// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A team study announces its changes: a commit is heard once per table, a rollback never, the payload
// names a table and nothing of who wrote what, no member can make the trigger do anything else, and a
// listener knows when its connection is gone.
#include "store/pg_connection.h"
#include "store/pg_listener.h"
#include "store/pg_notifications.h"
#include "store/pg_schema.h"
#include "store/pg_team.h"
#include "store/pg_transaction.h"

#include "error.h"
#include "pg_login.h"
#include "pg_test_cluster.h"

#include <QDeadlineTimer>
#include <QSignalSpy>
#include <QSocketNotifier>
#include <QStringList>
#include <QTest>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

using namespace concord;
using namespace concord::store;
using concord::test::PgLogin;
using concord::test::PgTestCluster;

namespace {

// Notifications are delivered in commit order: what arrives before a later marker commit is all that the
// earlier transactions sent.
constexpr const char *kMarker = "systems";

void commitMarker(PgConnection &admin)
{
    admin.query("DELETE FROM systems WHERE false"); // a statement-level trigger fires for no rows too
}

// Payloads heard until the marker's (left out), waiting on the socket as an event loop would.
QStringList heardUntilMarker(PgListener &listener)
{
    QStringList heard;
    QSocketNotifier notifier(listener.socket(), QSocketNotifier::Read);
    QSignalSpy readable(&notifier, &QSocketNotifier::activated);
    const QDeadlineTimer deadline(10000);
    while (!deadline.hasExpired()) {
        for (const std::string &payload : listener.drain()) {
            if (payload == kMarker)
                return heard;
            heard << QString::fromStdString(payload);
        }
        if (listener.isLost())
            break;
        readable.wait(static_cast<int>(std::max<qint64>(1, deadline.remainingTime())));
    }
    heard << QStringLiteral("(no marker)");
    return heard;
}

} // namespace

class TestPgListener : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void createdWithTheSchema();
    void oneNotificationPerCommit();
    void rollbackSendsNothing();
    void everyTableAnnounced();
    void payloadNamesOnlyTheTable();
    void searchPathCannotRedirect();
    void accessRulesAddThemToOlderStudies();
    void lostConnectionIsKnown();
    void unreachableServerRefused();

private:
    std::unique_ptr<PgTestCluster> m_cluster;
    std::string m_admin; // the study's owner
    std::string m_zelda; // an annotator over TCP with her password
    std::string m_zeldaId;
};

void TestPgListener::initTestCase()
{
    m_cluster = std::make_unique<PgTestCluster>();
    QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
    m_admin = m_cluster->createTeamStudy(QStringLiteral("live"));
    QVERIFY2(!m_admin.empty(), qPrintable(m_cluster->error()));
    PgConnection admin(m_admin);
    admin.script(R"sql(
        INSERT INTO documents (external_id, source, scus) VALUES ('d1', 'An article.', '["It is an article."]');
        INSERT INTO systems (name) VALUES ('secret-a'), ('secret-b');
        INSERT INTO candidates (id, document_id, system_id, text) VALUES (1, 1, 1, 'A summary.'), (2, 1, 2, 'B summary.');
        INSERT INTO dimensions (name, kind) VALUES ('coherence', 'likert'), ('fluency', 'likert');
    )sql");
    m_zeldaId = std::to_string(PgTeam::addMember(admin, "zelda", "crowd", TeamRole::Annotator));
    PgTestCluster::givePassword(admin, "zelda", "zelda-password");
    m_zelda = m_cluster->tcpUri(QStringLiteral("zelda"), QStringLiteral("zelda-password"), QStringLiteral("live"));
}

void TestPgListener::cleanupTestCase()
{
    m_cluster.reset();
}

void TestPgListener::createdWithTheSchema()
{
    PgConnection admin(m_admin);
    QCOMPARE(admin.query("SELECT count(*) FROM pg_trigger WHERE tgname = 'concord_notify'").integer(0, 0),
             std::int64_t(PgNotifications::tables().size()));
    // Statement-level AFTER triggers (tgtype: row bit clear), owned with the tables by the study's owner,
    // with a search_path of their own.
    QCOMPARE(
        admin.query("SELECT count(*) FROM pg_trigger WHERE tgname = 'concord_notify' AND tgtype & 1 = 0").integer(0, 0),
        std::int64_t(PgNotifications::tables().size()));
    QCOMPARE(admin
                 .query("SELECT p.proowner = c.relowner FROM pg_proc p, pg_class c WHERE p.proname = "
                        "'concord_notify_change' AND c.oid = 'ratings'::regclass")
                 .text(0, 0),
             std::string_view("t"));
    QCOMPARE(admin.query("SELECT array_to_string(proconfig, ';') FROM pg_proc WHERE proname = 'concord_notify_change'")
                 .text(0, 0),
             std::string_view("search_path=pg_catalog, pg_temp"));
}

void TestPgListener::oneNotificationPerCommit()
{
    PgListener listener(m_admin);
    PgConnection admin(m_admin);
    PgLogin zelda(m_zelda);
    QVERIFY2(zelda.connected(), qPrintable(zelda.connectionError()));
    // Three statements on one table in one transaction: one notification, at commit.
    QCOMPARE(zelda.run("BEGIN"), QStringLiteral("BEGIN"));
    QCOMPARE(zelda.run("INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (" + m_zeldaId
                       + ", 1, 1, 4)"),
             QStringLiteral("INSERT 0 1"));
    QCOMPARE(zelda.run("INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (" + m_zeldaId
                       + ", 2, 1, 3)"),
             QStringLiteral("INSERT 0 1"));
    QCOMPARE(zelda.run("UPDATE ratings SET value = 5 WHERE candidate_id = 1"), QStringLiteral("UPDATE 1"));
    QVERIFY(listener.drain().empty()); // nothing before the commit
    QCOMPARE(zelda.run("COMMIT"), QStringLiteral("COMMIT"));
    commitMarker(admin);
    QCOMPARE(heardUntilMarker(listener), QStringList{QStringLiteral("ratings")});

    // One transaction over two tables: one notification for each.
    QCOMPARE(zelda.run("BEGIN"), QStringLiteral("BEGIN"));
    // An annotator deletes through the study's function (no DELETE on the table): it is heard all the same.
    QCOMPARE(zelda.run("SELECT concord_clear_rating(" + m_zeldaId + ", 2, 1)"), QStringLiteral("1"));
    QCOMPARE(zelda.run("INSERT INTO explanations (rater_id, document_id, dimension_id, text) VALUES (" + m_zeldaId
                       + ", 1, 0, 'Fine.')"),
             QStringLiteral("INSERT 0 1"));
    QCOMPARE(zelda.run("COMMIT"), QStringLiteral("COMMIT"));
    commitMarker(admin);
    QCOMPARE(heardUntilMarker(listener), (QStringList{QStringLiteral("ratings"), QStringLiteral("explanations")}));
    QVERIFY(!listener.isLost());
}

void TestPgListener::rollbackSendsNothing()
{
    PgListener listener(m_admin);
    PgConnection admin(m_admin);
    PgLogin zelda(m_zelda);
    QVERIFY2(zelda.connected(), qPrintable(zelda.connectionError()));
    QCOMPARE(zelda.run("BEGIN"), QStringLiteral("BEGIN"));
    QCOMPARE(zelda.run("INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (" + m_zeldaId
                       + ", 2, 2, 1)"),
             QStringLiteral("INSERT 0 1"));
    QCOMPARE(zelda.run("ROLLBACK"), QStringLiteral("ROLLBACK"));
    // A transaction the server rolls back itself (a failed statement) sends nothing either.
    QCOMPARE(zelda.run("BEGIN"), QStringLiteral("BEGIN"));
    QCOMPARE(zelda.run("INSERT INTO unit_marks (rater_id, candidate_id, unit_index, present) VALUES (" + m_zeldaId
                       + ", 1, 0, 1)"),
             QStringLiteral("INSERT 0 1"));
    QVERIFY(zelda
                .run("INSERT INTO unit_marks (rater_id, candidate_id, unit_index, present) VALUES (" + m_zeldaId
                     + ", 1, 0, 1)")
                .startsWith(QStringLiteral("error: duplicate key")));
    QCOMPARE(zelda.run("COMMIT"), QStringLiteral("ROLLBACK"));
    commitMarker(admin);
    QCOMPARE(heardUntilMarker(listener), QStringList());
}

void TestPgListener::everyTableAnnounced()
{
    PgListener listener(m_admin);
    PgConnection admin(m_admin);
    QStringList expected;
    {
        PgTransaction transaction(admin);
        for (const std::string_view table : PgNotifications::tables()) {
            if (table == kMarker)
                continue;
            admin.query("DELETE FROM " + std::string(table) + " WHERE false");
            expected << QString::fromUtf8(table.data(), static_cast<qsizetype>(table.size()));
        }
        transaction.commit();
    }
    commitMarker(admin);
    QCOMPARE(heardUntilMarker(listener), expected);
}

void TestPgListener::payloadNamesOnlyTheTable()
{
    // Any member may listen: zelda hears the lead's edits, and the lead hers, as table names only.
    PgListener lead(m_admin);
    PgListener annotator(m_zelda);
    PgConnection admin(m_admin);
    PgLogin zelda(m_zelda);
    QVERIFY2(zelda.connected(), qPrintable(zelda.connectionError()));
    QCOMPARE(zelda.run("INSERT INTO error_spans (rater_id, candidate_id, char_start, char_end, quote, note) VALUES ("
                       + m_zeldaId + ", 2, 0, 1, 'B', 'zelda thinks 4.75')"),
             QStringLiteral("INSERT 0 1"));
    admin.query("INSERT INTO raters (name, kind) VALUES ('hidden-judge', 'judge')");
    admin.query("INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) SELECT id, 2, 2, 4.75 FROM raters "
                "WHERE name = 'hidden-judge'");
    commitMarker(admin);
    const QStringList expected{QStringLiteral("error_spans"), QStringLiteral("raters"), QStringLiteral("ratings")};
    QCOMPARE(heardUntilMarker(lead), expected);
    QCOMPARE(heardUntilMarker(annotator), expected);
}

void TestPgListener::searchPathCannotRedirect()
{
    PgListener listener(m_admin);
    PgConnection admin(m_admin);
    // A schema zelda may create in (an administrator's scratch space for her): she plants a pg_notify that
    // would announce her value, and puts it ahead of pg_catalog.
    admin.script("CREATE SCHEMA scratch AUTHORIZATION zelda");
    PgLogin zelda(m_zelda);
    QVERIFY2(zelda.connected(), qPrintable(zelda.connectionError()));
    QCOMPARE(zelda.run("CREATE FUNCTION scratch.pg_notify(text, text) RETURNS void LANGUAGE sql AS "
                       "$$ SELECT pg_catalog.pg_notify('concord_study', 'forged: ' || $2) $$"),
             QStringLiteral("CREATE FUNCTION"));
    QCOMPARE(zelda.run("SET search_path = scratch, pg_catalog, public"), QStringLiteral("SET"));
    QCOMPARE(zelda.run("INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (" + m_zeldaId
                       + ", 1, 2, 2)"),
             QStringLiteral("INSERT 0 1"));
    // Nor may she change the function or the triggers.
    QCOMPARE(zelda.run("CREATE OR REPLACE FUNCTION public.concord_notify_change() RETURNS trigger LANGUAGE plpgsql "
                       "AS $$ BEGIN RETURN NULL; END $$"),
             QStringLiteral("error: permission denied for schema public"));
    QCOMPARE(zelda.run("DROP TRIGGER concord_notify ON public.ratings"),
             QStringLiteral("error: must be owner of relation ratings"));
    QCOMPARE(zelda.run("ALTER TABLE public.ratings DISABLE TRIGGER concord_notify"),
             QStringLiteral("error: must be owner of table ratings"));
    commitMarker(admin);
    QCOMPARE(heardUntilMarker(listener), QStringList{QStringLiteral("ratings")});
    admin.script("DROP SCHEMA scratch CASCADE");
}

void TestPgListener::accessRulesAddThemToOlderStudies()
{
    const std::string uri = m_cluster->createDatabase(QStringLiteral("older"));
    QVERIFY2(!uri.empty(), qPrintable(m_cluster->error()));
    PgConnection admin(uri);
    admin.query("SET client_min_messages = warning");
    PgSchema::create(admin);
    // A study made before notifications: no trigger, no function.
    admin.script("DROP FUNCTION concord_notify_change() CASCADE");
    QCOMPARE(admin.query("SELECT count(*) FROM pg_trigger WHERE tgname = 'concord_notify'").integer(0, 0),
             std::int64_t(0));
    PgSchema::createAccessRules(admin);
    PgSchema::createAccessRules(admin); // again: nothing twice
    QCOMPARE(admin.query("SELECT count(*) FROM pg_trigger WHERE tgname = 'concord_notify'").integer(0, 0),
             std::int64_t(PgNotifications::tables().size()));
    PgListener listener(uri);
    admin.query("INSERT INTO documents (external_id, source) VALUES ('d1', 'One.')");
    commitMarker(admin);
    QCOMPARE(heardUntilMarker(listener), QStringList{QStringLiteral("documents")});
}

void TestPgListener::lostConnectionIsKnown()
{
    PgListener listener(m_admin);
    QVERIFY(listener.socket() >= 0);
    QVERIFY(!listener.isLost());
    QCOMPARE(m_cluster->exec("SELECT pg_terminate_backend(" + std::to_string(listener.backendPid()) + ")"), QString());
    QSocketNotifier notifier(listener.socket(), QSocketNotifier::Read);
    QSignalSpy readable(&notifier, &QSocketNotifier::activated);
    const QDeadlineTimer deadline(10000);
    while (!listener.isLost() && !deadline.hasExpired()) {
        QVERIFY(listener.drain().empty());
        if (!listener.isLost())
            readable.wait(static_cast<int>(std::max<qint64>(1, deadline.remainingTime())));
    }
    QVERIFY(listener.isLost());
    QCOMPARE(listener.socket(), -1);
    QVERIFY(listener.drain().empty());
}

void TestPgListener::unreachableServerRefused()
{
    const std::string wrong
        = m_cluster->tcpUri(QStringLiteral("zelda"), QStringLiteral("not-her-password"), QStringLiteral("live"));
    try {
        PgListener listener(wrong);
        QFAIL("a wrong password connected");
    } catch (const Failure &failure) {
        const std::string message = failure.error().describe();
        QVERIFY2(message.find("not-her-password") == std::string::npos, message.c_str());
        QVERIFY2(message.find("cannot connect to PostgreSQL") != std::string::npos, message.c_str());
    }
}

QTEST_GUILESS_MAIN(TestPgListener)
#include "tst_pg_listener.moc"

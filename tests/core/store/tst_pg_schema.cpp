// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A study's schema on PostgreSQL: the study file's tables, columns, keys and indexes at the same version,
// created all at once or not at all, and never twice.
#include "store/database.h"
#include "store/pg_connection.h"
#include "store/pg_schema.h"
#include "store/schema.h"
#include "store/statement.h"

#include "error.h"
#include "pg_login.h"
#include "pg_test_cluster.h"

#include <QTest>

#include <map>
#include <memory>
#include <set>
#include <string>

using namespace concord;
using namespace concord::store;
using concord::test::PgTestCluster;

namespace {

// table -> what the test compares of it, as comparable text.
using Layout = std::map<std::string, std::set<std::string>>;

// A fresh study file's tables: columns, primary key, foreign keys (column -> table.column on delete) and
// unique constraints, read from SQLite itself.
void sqliteLayout(Layout &columns, Layout &keys, std::set<std::string> &indexes)
{
    Database db(":memory:", Database::Mode::ReadWriteCreate);
    Schema::migrate(db, 0);
    auto tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
    while (tables.step()) {
        const std::string table = tables.textAt(0);
        std::string primaryKey[8];
        auto info = db.prepare("SELECT name, pk FROM pragma_table_info(?1)");
        info.bind(1, table);
        while (info.step()) {
            columns[table].insert(info.textAt(0));
            if (const int pk = info.intAt(1); pk > 0)
                primaryKey[pk - 1] = info.textAt(0);
        }
        std::string pk = "primary key";
        for (const std::string &column : primaryKey) {
            if (!column.empty()) {
                pk += ' ';
                pk += column;
            }
        }
        keys[table].insert(pk);
        auto foreign = db.prepare("SELECT \"from\", \"table\", \"to\", on_delete FROM pragma_foreign_key_list(?1)");
        foreign.bind(1, table);
        while (foreign.step()) {
            keys[table].insert("foreign key " + foreign.textAt(0) + " -> " + foreign.textAt(1) + "." + foreign.textAt(2)
                               + " on delete " + foreign.textAt(3));
        }
        auto unique = db.prepare("SELECT name FROM pragma_index_list(?1) WHERE origin = 'u'");
        unique.bind(1, table);
        while (unique.step()) {
            std::string text = "unique";
            auto parts = db.prepare("SELECT name FROM pragma_index_info(?1) ORDER BY seqno");
            parts.bind(1, unique.textAt(0));
            while (parts.step()) {
                text += ' ';
                text += parts.textAt(0);
            }
            keys[table].insert(text);
        }
    }
    auto named = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL");
    while (named.step())
        indexes.insert(named.textAt(0));
}

// The same of the PostgreSQL schema, from the catalogues.
void pgLayout(PgConnection &connection, Layout &columns, Layout &keys, std::set<std::string> &indexes)
{
    // concord_applied_edits is the team's bookkeeping of sent edits, which a study file has no use for.
    const PgResult cols = connection.query("SELECT table_name, column_name FROM information_schema.columns "
                                           "WHERE table_schema = current_schema() "
                                           "AND table_name NOT IN ('concord_schema', 'concord_applied_edits')");
    for (int row = 0; row < cols.rows(); ++row)
        columns[std::string(cols.text(row, 0))].insert(std::string(cols.text(row, 1)));
    // Each constraint with its columns in key order; foreign keys with what they refer to and their action.
    const PgResult constraints = connection.query(R"sql(
        SELECT c.conrelid::regclass::text, c.contype,
               (SELECT string_agg(a.attname, ' ' ORDER BY k.ord) FROM unnest(c.conkey) WITH ORDINALITY k(num, ord)
                  JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.num),
               c.confrelid::regclass::text,
               (SELECT string_agg(a.attname, ' ' ORDER BY k.ord) FROM unnest(c.confkey) WITH ORDINALITY k(num, ord)
                  JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.num),
               c.confdeltype
        FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE n.nspname = current_schema() AND c.contype IN ('p', 'f', 'u')
          AND c.conrelid::regclass::text NOT IN ('concord_schema', 'concord_applied_edits'))sql");
    const std::map<std::string, std::string> actions{
        {"a", "NO ACTION"}, {"r", "RESTRICT"}, {"c", "CASCADE"}, {"n", "SET NULL"}, {"d", "SET DEFAULT"}};
    for (int row = 0; row < constraints.rows(); ++row) {
        const std::string table(constraints.text(row, 0));
        const std::string kind(constraints.text(row, 1));
        const std::string columnsOfKey(constraints.text(row, 2));
        if (kind == "p")
            keys[table].insert("primary key " + columnsOfKey);
        else if (kind == "u")
            keys[table].insert("unique " + columnsOfKey);
        else
            keys[table].insert("foreign key " + columnsOfKey + " -> " + std::string(constraints.text(row, 3)) + "."
                               + std::string(constraints.text(row, 4)) + " on delete "
                               + actions.at(std::string(constraints.text(row, 5))));
    }
    const PgResult named = connection.query("SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()");
    for (int row = 0; row < named.rows(); ++row)
        indexes.insert(std::string(named.text(row, 0)));
}

using Login = concord::test::PgLogin;

QString describe(const Layout &layout)
{
    QString text;
    for (const auto &[table, items] : layout) {
        text += QString::fromStdString(table) + QStringLiteral(":");
        for (const std::string &item : items)
            text += QStringLiteral(" [") + QString::fromStdString(item) + QStringLiteral("]");
        text += QLatin1Char('\n');
    }
    return text;
}

} // namespace

class TestPgSchema : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void sameVersionAsTheStudyFile();
    void emptyDatabaseHoldsNoStudy();
    void createsTheCurrentVersion();
    void sameTablesAndKeysAsTheStudyFile();
    void keysHold();
    void createTwiceRefused();
    void createIsAllOrNothing();
    void oneVersionRow();
    void accessRulesNeedAStudy();
    void annotatorSeesOnlyTheirOwn();
    void annotatorCannotLockOrDelete();
    void annotatorDeletesOnlyTheirOwnThroughFunctions();

private:
    std::string freshDatabase(const char *name);

    std::unique_ptr<PgTestCluster> m_cluster;
};

void TestPgSchema::initTestCase()
{
    m_cluster = std::make_unique<PgTestCluster>();
    QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
}

void TestPgSchema::cleanupTestCase()
{
    m_cluster.reset();
}

std::string TestPgSchema::freshDatabase(const char *name)
{
    const std::string uri = m_cluster->createDatabase(QString::fromLatin1(name));
    if (uri.empty())
        qWarning("%s", qPrintable(m_cluster->error()));
    return uri;
}

void TestPgSchema::sameVersionAsTheStudyFile()
{
    // A study file migration without its PostgreSQL counterpart fails here.
    QCOMPARE(PgSchema::currentVersion(), Schema::currentVersion());
}

void TestPgSchema::emptyDatabaseHoldsNoStudy()
{
    const std::string uri = freshDatabase("empty");
    QVERIFY(!uri.empty());
    PgConnection connection(uri);
    QCOMPARE(PgSchema::version(connection), std::optional<int>());
}

void TestPgSchema::createsTheCurrentVersion()
{
    const std::string uri = freshDatabase("created");
    QVERIFY(!uri.empty());
    PgConnection connection(uri);
    PgSchema::create(connection);
    QVERIFY(!connection.inTransaction());
    QCOMPARE(PgSchema::version(connection), std::optional<int>(9));
    PgConnection another(uri);
    QCOMPARE(PgSchema::version(another), std::optional<int>(9));
    // Both backends keep the same version numbers.
    QCOMPARE(PgSchema::currentVersion(), Schema::currentVersion());
}

void TestPgSchema::sameTablesAndKeysAsTheStudyFile()
{
    const std::string uri = freshDatabase("layout");
    QVERIFY(!uri.empty());
    PgConnection connection(uri);
    PgSchema::create(connection);
    Layout sqliteColumns, sqliteKeys, pgColumns, pgKeys;
    std::set<std::string> sqliteIndexes, pgIndexes;
    sqliteLayout(sqliteColumns, sqliteKeys, sqliteIndexes);
    pgLayout(connection, pgColumns, pgKeys, pgIndexes);
    QCOMPARE(sqliteColumns.size(), std::size_t(25));
    QCOMPARE(describe(pgColumns), describe(sqliteColumns));
    QCOMPARE(describe(pgKeys), describe(sqliteKeys));
    for (const std::string &index : sqliteIndexes)
        QVERIFY2(pgIndexes.count(index) == 1, index.c_str());
    // The version table is there too, and a study's tables are found through information_schema.
    const PgResult table = connection.query("SELECT count(*) FROM information_schema.tables WHERE table_schema = "
                                            "current_schema() AND table_name = ANY($1::text[])",
                                            {std::string("{concord_schema,ratings,judge_calls}")});
    QCOMPARE(table.integer(0, 0), std::int64_t(3));
}

void TestPgSchema::keysHold()
{
    const std::string uri = freshDatabase("keys");
    QVERIFY(!uri.empty());
    PgConnection connection(uri);
    PgSchema::create(connection);
    connection.query("INSERT INTO documents (external_id, source) VALUES ('d1', 'An article.')");
    connection.query("INSERT INTO systems (name) VALUES ('M1')");
    connection.query("INSERT INTO candidates (document_id, system_id, text) VALUES (1, 1, 'A summary.')");
    connection.query("INSERT INTO dimensions (name, kind) VALUES ('coherence', 'likert')");
    connection.query("INSERT INTO raters (name, kind) VALUES ('ann', 'human')");
    connection.query("INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (1, 1, 1, 4)");
    // Keyed by who rated which summary on what: a second rating of the same is refused.
    QVERIFY_THROWS_EXCEPTION(
        Failure,
        connection.query("INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (1, 1, 1, 2)"));
    QVERIFY_THROWS_EXCEPTION(Failure, connection.query("INSERT INTO raters (name, kind) VALUES ('bob', 'robot')"));
    QVERIFY_THROWS_EXCEPTION(Failure, connection.query("INSERT INTO candidates (document_id, system_id, text) "
                                                       "VALUES (7, 1, 'No such document.')"));
    // Deleting a document takes its summaries and their judgements with it.
    connection.query("DELETE FROM documents WHERE external_id = 'd1'");
    QCOMPARE(connection.query("SELECT count(*) FROM candidates").integer(0, 0), std::int64_t(0));
    QCOMPARE(connection.query("SELECT count(*) FROM ratings").integer(0, 0), std::int64_t(0));
}

void TestPgSchema::createTwiceRefused()
{
    const std::string uri = freshDatabase("twice");
    QVERIFY(!uri.empty());
    PgConnection connection(uri);
    PgSchema::create(connection);
    connection.query("INSERT INTO systems (name) VALUES ('kept')");
    try {
        PgSchema::create(connection);
        QFAIL("a second schema was created over the first");
    } catch (const Failure &failure) {
        QVERIFY2(failure.error().message.find("already holds a Concord study (schema version 9)") != std::string::npos,
                 failure.error().message.c_str());
    }
    QVERIFY(!connection.inTransaction());
    QCOMPARE(PgSchema::version(connection), std::optional<int>(9));
    QCOMPARE(connection.query("SELECT count(*) FROM systems WHERE name = 'kept'").integer(0, 0), std::int64_t(1));
}

void TestPgSchema::createIsAllOrNothing()
{
    const std::string uri = freshDatabase("clash");
    QVERIFY(!uri.empty());
    PgConnection connection(uri);
    // A table of the schema's, made by someone else: the schema is not half created around it.
    connection.query("CREATE TABLE ratings (anything text)");
    QVERIFY_THROWS_EXCEPTION(Failure, PgSchema::create(connection));
    QVERIFY(!connection.inTransaction());
    QCOMPARE(PgSchema::version(connection), std::optional<int>());
    const PgResult tables = connection.query(
        "SELECT string_agg(table_name, ',') FROM information_schema.tables WHERE table_schema = current_schema()");
    QCOMPARE(tables.text(0, 0), std::string_view("ratings"));
}

void TestPgSchema::oneVersionRow()
{
    const std::string uri = freshDatabase("onerow");
    QVERIFY(!uri.empty());
    PgConnection connection(uri);
    PgSchema::create(connection);
    QVERIFY_THROWS_EXCEPTION(Failure, connection.query("INSERT INTO concord_schema (version) VALUES (4)"));
    QCOMPARE(PgSchema::version(connection), std::optional<int>(9));
}

void TestPgSchema::accessRulesNeedAStudy()
{
    const std::string uri = freshDatabase("norules");
    QVERIFY(!uri.empty());
    PgConnection connection(uri);
    QVERIFY_THROWS_EXCEPTION(Failure, PgSchema::createAccessRules(connection));
    QVERIFY(!connection.inTransaction());
}

void TestPgSchema::annotatorSeesOnlyTheirOwn()
{
    const std::string uri = freshDatabase("team");
    QVERIFY(!uri.empty());
    {
        PgConnection connection(uri);
        PgSchema::create(connection);
        PgSchema::createAccessRules(connection);
        PgSchema::createAccessRules(connection); // again: the same rules, nothing refused
        connection.script(R"sql(
            INSERT INTO documents (external_id, source) VALUES ('d1', 'An article.');
            INSERT INTO systems (name) VALUES ('secret-system');
            INSERT INTO candidates (id, document_id, system_id, text) VALUES (1, 1, 1, 'A summary.');
            INSERT INTO dimensions (name, kind) VALUES ('coherence', 'likert'), ('fluency', 'likert');
            INSERT INTO raters (name, kind) VALUES ('ann', 'human'), ('bob', 'human'), ('gpt', 'judge');
            INSERT INTO judge_runs (rater_id, protocol, started_at) VALUES (3, 'rts', '2026-11-24T12:00:00Z');
            INSERT INTO judge_calls (run_id, request_hash, raw_response) VALUES (1, 'h', 'Score: 4');
            INSERT INTO ratings (rater_id, candidate_id, dimension_id, value, call_id)
                VALUES (1, 1, 1, 4, NULL), (2, 1, 1, 2, NULL), (3, 1, 1, 5, 1);
            CREATE ROLE ann LOGIN PASSWORD 'ann-password' IN ROLE concord_annotator;
            CREATE ROLE lea LOGIN PASSWORD 'lea-password' IN ROLE concord_lead;
            -- The rules take CONNECT from PUBLIC; PgTeam::addMember grants it to each member.
            GRANT CONNECT ON DATABASE team TO ann, lea;
        )sql");
    }
    Login ann(m_cluster->tcpUri(QStringLiteral("ann"), QStringLiteral("ann-password"), QStringLiteral("team")));
    QVERIFY2(ann.connected(), qPrintable(ann.connectionError()));
    // What there is to annotate.
    QCOMPARE(ann.run("SELECT source FROM documents"), QStringLiteral("An article."));
    QCOMPARE(ann.run("SELECT text FROM concord_summaries_of(1)"), QStringLiteral("A summary."));
    QCOMPARE(ann.run("SELECT id FROM concord_summary_ids()"), QStringLiteral("1"));
    QCOMPARE(ann.run("SELECT name FROM dimensions ORDER BY position, id"), QStringLiteral("coherence,fluency"));
    // Blind: not which system wrote it, nor the summaries' table, whose rows and indexes are in an order
    // that groups them by system.
    QCOMPARE(ann.run("SELECT system_id FROM candidates"),
             QStringLiteral("error: permission denied for table candidates"));
    QCOMPARE(ann.run("SELECT id FROM candidates WHERE document_id = 1"),
             QStringLiteral("error: permission denied for table candidates"));
    QCOMPARE(ann.run("SELECT name FROM systems"), QStringLiteral("error: permission denied for table systems"));
    // Only their own judgements, and only themselves among the raters.
    QCOMPARE(ann.run("SELECT value FROM ratings"), QStringLiteral("4"));
    QCOMPARE(ann.run("SELECT name FROM raters"), QStringLiteral("ann"));
    QCOMPARE(ann.run("UPDATE ratings SET value = 1 WHERE rater_id = 2"), QStringLiteral("UPDATE 0"));
    QCOMPARE(ann.run("INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (2, 1, 2, 1)"),
             QStringLiteral("error: new row violates row-level security policy for table \"ratings\""));
    QCOMPARE(ann.run("INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (1, 1, 2, 3)"),
             QStringLiteral("INSERT 0 1"));
    QCOMPARE(ann.run("INSERT INTO error_spans (rater_id, candidate_id, char_start, char_end, quote) "
                     "VALUES (1, 1, 0, 1, 'A')"),
             QStringLiteral("INSERT 0 1"));
    QCOMPARE(ann.run("DELETE FROM ratings WHERE rater_id <> 1"),
             QStringLiteral("error: permission denied for table ratings"));
    // No judge's record.
    QCOMPARE(ann.run("SELECT raw_response FROM judge_calls"),
             QStringLiteral("error: permission denied for table judge_calls"));
    QCOMPARE(ann.run("SELECT status FROM judge_runs"), QStringLiteral("error: permission denied for table judge_runs"));

    // The lead sees everything, the annotator's new rating included.
    Login lea(m_cluster->tcpUri(QStringLiteral("lea"), QStringLiteral("lea-password"), QStringLiteral("team")));
    QVERIFY2(lea.connected(), qPrintable(lea.connectionError()));
    QCOMPARE(lea.run("SELECT value FROM ratings ORDER BY rater_id, dimension_id"), QStringLiteral("4,3,2,5"));
    QCOMPARE(lea.run("SELECT name FROM systems"), QStringLiteral("secret-system"));
    QCOMPARE(lea.run("SELECT raw_response FROM judge_calls"), QStringLiteral("Score: 4"));
    QCOMPARE(lea.run("SELECT count(*) FROM error_spans"), QStringLiteral("1"));
}

// A study with two annotators (one named with quotes and SQL; every login is named after the database,
// as roles are the cluster's), each with a rating, a rank, an error span,
// an explanation and a unit mark, and a lead; every login's password is its name with "-password".
void createTeamWithJudgements(const std::string &uri, const char *database)
{
    PgConnection connection(uri);
    PgSchema::create(connection);
    PgSchema::createAccessRules(connection);
    // Roles are the cluster's: each test's members are named after its database.
    const std::string db(database);
    connection.script(R"sql(
        INSERT INTO documents (external_id, source, scus) VALUES ('d1', 'An article.', '["It is an article."]');
        INSERT INTO systems (name) VALUES ('m');
        INSERT INTO candidates (id, document_id, system_id, text) VALUES (1, 1, 1, 'A summary.');
        INSERT INTO dimensions (name, kind) VALUES ('coherence', 'likert'), ('overall', 'rank');
    )sql");
    // Raters 1 and 2, made before the judgements that name them.
    connection.query("INSERT INTO raters (id, name, kind) VALUES (1, $1, 'human'), (2, $2, 'human')",
                     {db + "_ann", db + "_o'brien\"); DROP TABLE ratings; --"});
    connection.script(R"sql(
        INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (1, 1, 1, 4), (2, 1, 1, 2);
        INSERT INTO rankings (rater_id, document_id, dimension_id, candidate_id, rank) VALUES (1, 1, 2, 1, 1),
            (2, 1, 2, 1, 1);
        INSERT INTO error_spans (id, rater_id, candidate_id, char_start, char_end, quote)
            VALUES (1, 1, 1, 0, 1, 'A'), (2, 2, 1, 0, 1, 'A');
        INSERT INTO explanations (rater_id, document_id, dimension_id, text) VALUES (1, 1, 0, 'a'), (2, 1, 0, 'b');
        INSERT INTO unit_marks (rater_id, candidate_id, unit_index, present) VALUES (1, 1, 0, 1), (2, 1, 0, 1);
    )sql");
    connection.script("CREATE ROLE " + db
                      + "_ann LOGIN PASSWORD 'ann-password' IN ROLE concord_annotator;"
                        "CREATE ROLE \""
                      + db
                      + "_o'brien\"\"); DROP TABLE ratings; --\" LOGIN PASSWORD 'obrien-password' "
                        "IN ROLE concord_annotator;"
                        "CREATE ROLE "
                      + db
                      + "_lea LOGIN PASSWORD 'lea-password' IN ROLE concord_lead;"
                        "CREATE ROLE "
                      + db
                      + "_nobody LOGIN PASSWORD 'nobody-password';"
                        "GRANT CONNECT ON DATABASE "
                      + db + " TO " + db + "_ann, \"" + db + "_o'brien\"\"); DROP TABLE ratings; --\", " + db + "_lea, "
                      + db + "_nobody");
}

void TestPgSchema::annotatorCannotLockOrDelete()
{
    const std::string uri = freshDatabase("nolock");
    QVERIFY(!uri.empty());
    createTeamWithJudgements(uri, "nolock");
    Login ann(
        m_cluster->tcpUri(QStringLiteral("nolock_ann"), QStringLiteral("ann-password"), QStringLiteral("nolock")));
    QVERIFY2(ann.connected(), qPrintable(ann.connectionError()));
    // A lock that blocks other sessions' writes would stall the whole team for as long as one annotator wants.
    for (const char *table : {"ratings", "rankings", "error_spans", "pairwise_outcomes", "explanations", "unit_marks",
                              "presentation_orders"}) {
        for (const char *mode : {"SHARE ROW EXCLUSIVE", "ACCESS EXCLUSIVE", "EXCLUSIVE", "SHARE"}) {
            QCOMPARE(ann.run("BEGIN"), QStringLiteral("BEGIN"));
            QCOMPARE(ann.run("LOCK TABLE " + std::string(table) + " IN " + mode + " MODE"),
                     QStringLiteral("error: permission denied for table ") + QLatin1String(table));
            QCOMPARE(ann.run("ROLLBACK"), QStringLiteral("ROLLBACK"));
        }
        QCOMPARE(ann.run("DELETE FROM " + std::string(table) + " WHERE rater_id = 1"),
                 QStringLiteral("error: permission denied for table ") + QLatin1String(table));
    }
    QCOMPARE(ann.run("SELECT count(*) FROM ratings"), QStringLiteral("1"));
}

void TestPgSchema::annotatorDeletesOnlyTheirOwnThroughFunctions()
{
    const std::string uri = freshDatabase("ownrows");
    QVERIFY(!uri.empty());
    createTeamWithJudgements(uri, "ownrows");
    PgConnection admin(uri);
    // Run with the owner's rights, on the study's own tables whatever the caller's search_path.
    const PgResult functions = admin.query(R"sql(
        SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = current_schema() AND p.proname IN ('concord_clear_rating', 'concord_clear_ranking',
          'concord_clear_explanation', 'concord_clear_unit_mark', 'concord_remove_error_span') AND p.prosecdef
          AND p.proconfig = ARRAY['search_path=pg_catalog, pg_temp']
          AND p.proowner = (SELECT relowner FROM pg_class WHERE oid = 'documents'::regclass)
          AND NOT has_function_privilege('public', p.oid, 'EXECUTE')
          AND has_function_privilege('concord_annotator', p.oid, 'EXECUTE')
          AND NOT has_function_privilege('concord_lead', p.oid, 'EXECUTE'))sql");
    QCOMPARE(functions.integer(0, 0), std::int64_t(5));

    Login ann(
        m_cluster->tcpUri(QStringLiteral("ownrows_ann"), QStringLiteral("ann-password"), QStringLiteral("ownrows")));
    QVERIFY2(ann.connected(), qPrintable(ann.connectionError()));
    // The other annotator's rows (rater 2) by their keys: nothing is deleted.
    ann.run("SET search_path = pg_temp, public");
    QCOMPARE(ann.run("SELECT concord_clear_rating(2, 1, 1)"), QStringLiteral("0"));
    QCOMPARE(ann.run("SELECT concord_clear_ranking(2, 1, 2)"), QStringLiteral("0"));
    QCOMPARE(ann.run("SELECT concord_clear_explanation(2, 1, 0)"), QStringLiteral("0"));
    QCOMPARE(ann.run("SELECT concord_clear_unit_mark(2, 1, 0)"), QStringLiteral("0"));
    QCOMPARE(ann.run("SELECT concord_remove_error_span(2)"), QStringLiteral("0"));
    // Taking on another role does not make someone else's rows theirs.
    QCOMPARE(ann.run("SET ROLE concord_annotator"), QStringLiteral("SET"));
    QCOMPARE(ann.run("SELECT concord_clear_rating(2, 1, 1)"), QStringLiteral("0"));
    QCOMPARE(ann.run("RESET ROLE"), QStringLiteral("RESET"));
    // Their own: each deleted.
    QCOMPARE(ann.run("SELECT concord_clear_rating(1, 1, 1)"), QStringLiteral("1"));
    QCOMPARE(ann.run("SELECT concord_clear_ranking(1, 1, 2)"), QStringLiteral("1"));
    QCOMPARE(ann.run("SELECT concord_clear_explanation(1, 1, 0)"), QStringLiteral("1"));
    QCOMPARE(ann.run("SELECT concord_clear_unit_mark(1, 1, 0)"), QStringLiteral("1"));
    QCOMPARE(ann.run("SELECT concord_remove_error_span(1)"), QStringLiteral("1"));
    const char *everyJudgement
        = "SELECT (SELECT count(*) FROM ratings) || ' ' || (SELECT count(*) FROM rankings) || ' ' "
          "|| (SELECT count(*) FROM explanations) || ' ' || (SELECT count(*) FROM unit_marks) "
          "|| ' ' || (SELECT count(*) FROM error_spans)";
    QCOMPARE(QString::fromUtf8(admin.query(everyJudgement).text(0, 0)), QStringLiteral("1 1 1 1 1"));

    // The annotator whose name holds quotes and SQL deletes their own, and nothing else happens.
    Login odd(m_cluster->tcpUri(QStringLiteral("ownrows_o'brien\"); DROP TABLE ratings; --"),
                                QStringLiteral("obrien-password"), QStringLiteral("ownrows")));
    QVERIFY2(odd.connected(), qPrintable(odd.connectionError()));
    QCOMPARE(odd.run("SELECT concord_clear_rating(1, 1, 1)"), QStringLiteral("0"));
    QCOMPARE(odd.run("SELECT concord_clear_rating(2, 1, 1)"), QStringLiteral("1"));
    QCOMPARE(odd.run("SELECT concord_remove_error_span(2)"), QStringLiteral("1"));
    QCOMPARE(QString::fromUtf8(admin.query(everyJudgement).text(0, 0)), QStringLiteral("0 1 1 1 0"));

    // Neither a lead nor a login outside the team may call them.
    Login lea(
        m_cluster->tcpUri(QStringLiteral("ownrows_lea"), QStringLiteral("lea-password"), QStringLiteral("ownrows")));
    QVERIFY2(lea.connected(), qPrintable(lea.connectionError()));
    QCOMPARE(lea.run("SELECT concord_clear_ranking(2, 1, 2)"),
             QStringLiteral("error: permission denied for function concord_clear_ranking"));
    Login nobody(m_cluster->tcpUri(QStringLiteral("ownrows_nobody"), QStringLiteral("nobody-password"),
                                   QStringLiteral("ownrows")));
    QVERIFY2(nobody.connected(), qPrintable(nobody.connectionError()));
    QCOMPARE(nobody.run("SELECT public.concord_clear_ranking(2, 1, 2)"),
             QStringLiteral("error: permission denied for function concord_clear_ranking"));
    QCOMPARE(QString::fromUtf8(admin.query(everyJudgement).text(0, 0)), QStringLiteral("0 1 1 1 0"));
}

QTEST_GUILESS_MAIN(TestPgSchema)
#include "tst_pg_schema.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The rules Concord keeps on judgements, kept by the server of a team study: an annotator's own login with
// a SQL client of their own is refused every write that breaks one, with the values in the message; rows
// written around them (by the superuser) are named by check; a study of the format before the rules gets
// them when its owner opens it.
#include "store/pg_connection.h"
#include "store/pg_data_rules.h"
#include "store/pg_schema.h"
#include "store/pg_team.h"
#include "store/study.h"
#include "store/study_check.h"

#include "error.h"
#include "pg_login.h"
#include "pg_test_cluster.h"

#include <QTest>

#include <memory>
#include <string>

using namespace concord;
using namespace concord::store;
using concord::test::PgLogin;
using concord::test::PgTestCluster;

namespace {

// The fixture of tst_data_rules on the server: summaries 1 and 2 of d1 (two content units), 3 of d2;
// dimensions 1 coherence (labelled), 2 plain, 3 overall (rank); raters 1 gpt (G-Eval), 2 yes (LLMScore);
// the annotator "ida" is added after them.
constexpr const char *kFixture = R"sql(
    INSERT INTO documents (external_id, source, scus) VALUES ('d1', 'An article.', '["first", "second"]'),
        ('d2', 'Another article.', '[]');
    INSERT INTO systems (name) VALUES ('s1'), ('s2');
    INSERT INTO candidates (id, document_id, system_id, text) VALUES (1, 1, 1, 'Alpha beta.'),
        (2, 1, 2, 'Café crème au lait.'), (3, 2, 1, 'Gamma delta.');
    INSERT INTO dimensions (name, kind, labels) VALUES ('coherence', 'likert', '["1","2","3","4","5"]'),
        ('plain', 'likert', '[]'), ('overall', 'rank', '[]');
    INSERT INTO raters (name, kind, protocol) VALUES ('gpt', 'judge', 'geval'), ('yes', 'judge', 'llmscore');
)sql";

void givePassword(PgConnection &admin, const std::string &role, const std::string &password)
{
    const PgResult statement
        = admin.query("SELECT format('ALTER ROLE %I PASSWORD %L', $1::text, $2::text)", {role, password});
    admin.script(statement.text(0, 0));
}

} // namespace

class TestPgDataRules : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void annotatorRefused_data();
    void annotatorRefused();
    void annotatorAccepted_data();
    void annotatorAccepted();
    void leadCannotChangeWhatIsJudged();
    void checkNamesRowsWrittenAroundTheRules();
    void olderStudyGetsTheRulesFromItsOwner();

private:
    std::unique_ptr<PgTestCluster> m_cluster;
    std::string m_admin;
    std::string m_ida; // the annotator's rater id
};

void TestPgDataRules::initTestCase()
{
    m_cluster = std::make_unique<PgTestCluster>();
    QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
    m_admin = m_cluster->createTeamStudy(QStringLiteral("rules"));
    QVERIFY2(!m_admin.empty(), qPrintable(m_cluster->error()));
    PgConnection admin(m_admin);
    admin.script(kFixture);
    m_ida = std::to_string(PgTeam::addMember(admin, "ida", "expert", TeamRole::Annotator));
    givePassword(admin, "ida", "ida-password");
    QCOMPARE(m_ida, std::string("3"));
}

void TestPgDataRules::cleanupTestCase()
{
    m_cluster.reset();
}

void TestPgDataRules::annotatorRefused_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("refusal");
    QTest::newRow("a rating above the scale")
        << "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (3, 1, 1, 99)"
        << QStringLiteral("error: rating 99 is outside the scale of dimension 'coherence' (1 to 5)");
    QTest::newRow("a rating below the scale")
        << "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (3, 1, 2, -1)"
        << QStringLiteral("error: rating -1 is outside the scale of dimension 'plain' (1 to 5)");
    QTest::newRow("a rating between two labelled points")
        << "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (3, 1, 1, 2.5)"
        << QStringLiteral("error: rating 2.5 is not one of the labelled points of dimension 'coherence' (whole "
                          "steps from 1 to 5)");
    QTest::newRow("a rating updated out of the scale")
        << "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (3, 2, 2, 3); UPDATE ratings "
           "SET value = 6 WHERE rater_id = 3"
        << QStringLiteral("error: rating 6 is outside the scale of dimension 'plain' (1 to 5)");
    QTest::newRow("a rank above the number of summaries")
        << "INSERT INTO rankings (rater_id, document_id, dimension_id, candidate_id, rank) VALUES (3, 1, 3, 1, 3)"
        << QStringLiteral("error: rank 3 is above the number of the document's summaries (2)");
    QTest::newRow("a rank of another document's summary")
        << "INSERT INTO rankings (rater_id, document_id, dimension_id, candidate_id, rank) VALUES (3, 1, 3, 3, 1)"
        << QStringLiteral("error: summary 3 is not a summary of document 1, which the ranking is of");
    QTest::newRow("a span quoting other text")
        << "INSERT INTO error_spans (rater_id, candidate_id, char_start, char_end, quote) VALUES (3, 1, 0, 5, 'Omega')"
        << QStringLiteral("error: the quote is not the text of summary 1 at characters 0 to 5");
    QTest::newRow("a span past the summary's end")
        << "INSERT INTO error_spans (rater_id, candidate_id, char_start, char_end, quote) VALUES (3, 1, 6, 40, "
           "'beta.')"
        << QStringLiteral("error: the span 6 to 40 runs past the end of summary 1 (11 characters)");
    QTest::newRow("a span counting bytes, not characters")
        << "INSERT INTO error_spans (rater_id, candidate_id, char_start, char_end, quote) VALUES (3, 2, 6, 12, "
           "'crème')"
        << QStringLiteral("error: the quote is not the text of summary 2 at characters 6 to 12");
    QTest::newRow("a unit the document lacks")
        << "INSERT INTO unit_marks (rater_id, candidate_id, unit_index, present) VALUES (3, 1, 2, 1)"
        << QStringLiteral("error: unit 2 is not one of the document's units (2 units, counted from 0)");
    QTest::newRow("a unit of a document without units")
        << "INSERT INTO unit_marks (rater_id, candidate_id, unit_index, present) VALUES (3, 3, 0, 1)"
        << QStringLiteral("error: unit 0 is not one of the document's units (0 units, counted from 0)");
    QTest::newRow("a verdict across documents")
        << "INSERT INTO pairwise_outcomes (rater_id, dimension_id, candidate_a, candidate_b, shown_order, outcome) "
           "VALUES (3, 1, 1, 3, 'ab', 'a')"
        << QStringLiteral("error: summaries 1 and 3 are not summaries of one document");
    QTest::newRow("an explanation of no dimension")
        << "INSERT INTO explanations (rater_id, document_id, dimension_id, text) VALUES (3, 1, 99, 'Why.')"
        << QStringLiteral("error: dimension 99 is not one of the study's dimensions");
}

void TestPgDataRules::annotatorRefused()
{
    QFETCH(QString, sql);
    QFETCH(QString, refusal);
    PgLogin ida(m_cluster->tcpUri(QStringLiteral("ida"), QStringLiteral("ida-password"), QStringLiteral("rules")));
    QVERIFY2(ida.connected(), qPrintable(ida.connectionError()));
    QCOMPARE(ida.run(sql.toStdString()), refusal);
    PgConnection admin(m_admin);
    const PgResult rows
        = admin.query("SELECT (SELECT count(*) FROM ratings) + (SELECT count(*) FROM rankings) + (SELECT count(*) FROM "
                      "error_spans) + (SELECT count(*) FROM unit_marks) + (SELECT count(*) FROM pairwise_outcomes) + "
                      "(SELECT count(*) FROM explanations)");
    QCOMPARE(rows.integer(0, 0), std::int64_t(0));
}

void TestPgDataRules::annotatorAccepted_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("table");
    QTest::newRow("a rating on a labelled point")
        << "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (3, 1, 1, 5)"
        << "ratings";
    QTest::newRow("a rating between points where there are no labels")
        << "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (3, 1, 2, 2.5)"
        << "ratings";
    QTest::newRow("a ranking with a tie")
        << "INSERT INTO rankings (rater_id, document_id, dimension_id, candidate_id, rank) VALUES (3, 1, 3, 1, 1), "
           "(3, 1, 3, 2, 1)"
        << "rankings";
    QTest::newRow("a span quoting characters beyond ASCII")
        << "INSERT INTO error_spans (rater_id, candidate_id, char_start, char_end, quote) VALUES (3, 2, 5, 10, "
           "'crème')"
        << "error_spans";
    QTest::newRow("the document's last unit")
        << "INSERT INTO unit_marks (rater_id, candidate_id, unit_index, present) VALUES (3, 2, 1, 0)"
        << "unit_marks";
    QTest::newRow("a verdict within a document")
        << "INSERT INTO pairwise_outcomes (rater_id, dimension_id, candidate_a, candidate_b, shown_order, outcome) "
           "VALUES (3, 1, 1, 2, 'ba', 'tie')"
        << "pairwise_outcomes";
    QTest::newRow("an explanation of a dimension")
        << "INSERT INTO explanations (rater_id, document_id, dimension_id, text) VALUES (3, 1, 3, 'Why.')"
        << "explanations";
}

void TestPgDataRules::annotatorAccepted()
{
    QFETCH(QString, sql);
    QFETCH(QString, table);
    PgLogin ida(m_cluster->tcpUri(QStringLiteral("ida"), QStringLiteral("ida-password"), QStringLiteral("rules")));
    QVERIFY2(ida.connected(), qPrintable(ida.connectionError()));
    QVERIFY(ida.run(sql.toStdString()).startsWith(QStringLiteral("INSERT 0 ")));
    PgConnection admin(m_admin);
    admin.script("DELETE FROM " + table.toStdString());
}

void TestPgDataRules::leadCannotChangeWhatIsJudged()
{
    PgConnection admin(m_admin);
    admin.script("INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (3, 1, 1, 4), (1, 1, 1, "
                 "3.47), (2, 2, 2, 0.73);"
                 "INSERT INTO error_spans (rater_id, candidate_id, char_start, char_end, quote) VALUES (3, 1, 0, 5, "
                 "'Alpha');"
                 "INSERT INTO unit_marks (rater_id, candidate_id, unit_index, present) VALUES (3, 1, 1, 1);"
                 "INSERT INTO explanations (rater_id, document_id, dimension_id, text) VALUES (3, 1, 3, 'Why.')");
    const auto refused = [&](const std::string &sql) {
        try {
            admin.script(sql);
        } catch (const Failure &failure) {
            return failure.error().message;
        }
        return std::string("(not refused)");
    };
    QVERIFY2(refused("UPDATE dimensions SET scale_max = 3 WHERE name = 'coherence'")
                     .find("the new scale of dimension 'coherence' would leave ratings made on it outside it")
                 != std::string::npos,
             "scale");
    QVERIFY2(refused("UPDATE candidates SET text = 'Omega beta.' WHERE id = 1")
                     .find("the new text of summary 1 would not hold the quotes of its error spans")
                 != std::string::npos,
             "text");
    QVERIFY2(refused("UPDATE documents SET scus = '[\"only\"]' WHERE external_id = 'd1'")
                     .find("the new content units of document 'd1' would leave marks on units it no longer has")
                 != std::string::npos,
             "units");
    QVERIFY2(refused("DELETE FROM dimensions WHERE name = 'overall'")
                     .find("dimension 'overall' has explanations and cannot be removed")
                 != std::string::npos,
             "explanations");
    // An LLMScore judge's probability stays valid whatever the scale (its rating of 0.73 is kept).
    admin.script("UPDATE dimensions SET scale_min = 2 WHERE name = 'plain'");
    admin.script("UPDATE dimensions SET scale_min = 1 WHERE name = 'plain'");
    admin.script("DELETE FROM ratings; DELETE FROM error_spans; DELETE FROM unit_marks; DELETE FROM explanations");
}

void TestPgDataRules::checkNamesRowsWrittenAroundTheRules()
{
    const std::string uri = m_cluster->createTeamStudy(QStringLiteral("around"));
    QVERIFY2(!uri.empty(), qPrintable(m_cluster->error()));
    {
        PgConnection admin(uri);
        admin.script(kFixture);
        admin.script("INSERT INTO raters (name, kind) VALUES ('ann', 'human')");
        // Only a superuser can write around triggers (as replication does).
        admin.script("SET session_replication_role = replica;"
                     "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (3, 1, 1, 99), "
                     "(2, 1, 1, 4);"
                     "INSERT INTO rankings (rater_id, document_id, dimension_id, candidate_id, rank) VALUES (3, 1, 3, "
                     "1, 3);"
                     "INSERT INTO error_spans (id, rater_id, candidate_id, char_start, char_end, quote) VALUES (7, 3, "
                     "2, 6, 12, 'crème');"
                     "INSERT INTO unit_marks (rater_id, candidate_id, unit_index, present) VALUES (3, 3, 0, 1);"
                     "INSERT INTO pairwise_outcomes (id, rater_id, dimension_id, candidate_a, candidate_b, "
                     "shown_order, outcome) VALUES (4, 3, 1, 1, 3, 'ab', 'a');"
                     "INSERT INTO explanations (id, rater_id, document_id, dimension_id, text) VALUES (5, 3, 1, 99, "
                     "'Why.');"
                     "SET session_replication_role = origin;");
        admin.script("DROP TRIGGER concord_rule ON unit_marks");
    }
    const auto report = StudyCheck::run(uri);
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QVERIFY(report.value().shared);
    QVERIFY(report.value().name.find("password") == std::string::npos);
    QCOMPARE(report.value().problems,
             (std::vector<std::string>{
                 "the server does not keep the data rules of table unit_marks (its trigger is missing); the study's "
                 "owner opens it once with this Concord to set them again",
                 "table ratings, row rater_id 2, candidate_id 1, dimension_id 1: rating 4 by the LLMScore judge 'yes' "
                 "is not a probability (0 to 1)",
                 "table ratings, row rater_id 3, candidate_id 1, dimension_id 1: rating 99 by 'ann' is outside the "
                 "scale of dimension 'coherence' (1 to 5)",
                 "table rankings, row rater_id 3, dimension_id 3, candidate_id 1: rank 3 is above the number of the "
                 "document's summaries (2)",
                 "table error_spans, row id 7: the quote is not the text of summary 2 at characters 6 to 12",
                 "table unit_marks, row rater_id 3, candidate_id 3, unit_index 0: unit 0 is not one of the document's "
                 "units (0 units, counted from 0)",
                 "table pairwise_outcomes, row id 4: summaries 1 and 3 are not summaries of one document",
                 "table explanations, row id 5: dimension 99 is not one of the study's dimensions"}));
    // The access rules, set again, bring the missing rule back.
    {
        PgConnection admin(uri);
        PgSchema::createAccessRules(admin);
        QVERIFY(PgDataRules::missing(admin).empty());
    }
}

void TestPgDataRules::olderStudyGetsTheRulesFromItsOwner()
{
    const std::string uri = m_cluster->createTeamStudy(QStringLiteral("older"));
    QVERIFY2(!uri.empty(), qPrintable(m_cluster->error()));
    {
        // As the Concord before the rules left a team study.
        PgConnection admin(uri);
        for (const char *table : {"ratings", "rankings", "error_spans", "unit_marks", "pairwise_outcomes",
                                  "explanations", "dimensions", "candidates", "documents", "raters"})
            admin.script(std::string("DROP TRIGGER concord_rule ON ") + table);
        admin.script("DROP TABLE judge_batch_requests; DROP TABLE judge_batches; "
                     "DROP TABLE label_plan_pools; DROP TABLE label_plan_items; DROP TABLE label_plans; DROP TABLE "
                     "assignments; DROP TABLE reviews; "
                     "DROP TABLE document_splits; DROP TABLE edit_times; "
                     "UPDATE concord_schema SET version = 3");
        QCOMPARE(PgDataRules::missing(admin).size(), std::size_t(13));
    }
    OpenOptions readOnly;
    readOnly.readOnly = true;
    const auto reading = Study::open(uri, readOnly);
    QVERIFY(!reading.ok());
    QVERIFY2(reading.error().message.find("uses an older study format (3); whoever published it brings it up to date")
                 != std::string::npos,
             reading.error().message.c_str());
    {
        auto opened = Study::open(uri);
        QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
        QCOMPARE(opened.value()->schemaVersion(), PgSchema::currentVersion());
    }
    PgConnection admin(uri);
    QCOMPARE(PgSchema::version(admin), std::optional<int>(9));
    QVERIFY(PgDataRules::missing(admin).empty());
}

QTEST_GUILESS_MAIN(TestPgDataRules)
#include "tst_pg_data_rules.moc"

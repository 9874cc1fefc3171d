// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// publish and pull against a throwaway PostgreSQL cluster: a study goes to the database and comes back the
// same (every table, every id, every value; the summaries under ids drawn at random, which say nothing of
// their systems), all or nothing, never over another study or an existing file,
// and no message shows a password.
#include "store/database.h"
#include "store/pg_connection.h"
#include "store/pg_schema.h"
#include "store/schema.h"
#include "store/study.h"
#include "store/study_publisher.h"

#include "demo_study.h"
#include "error.h"
#include "pg_test_cluster.h"
#include "study_fingerprint.h"
#include "summeval_judges.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <limits>
#include <memory>
#include <string>
#include <vector>

using namespace concord;
using namespace concord::store;
using concord::test::PgTestCluster;
using concord::test::studyFingerprint;

namespace {

// Tables and rows of the connection's current schema: nothing at all for an untouched database.
std::int64_t tableCount(PgConnection &connection)
{
    return connection.query("SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()")
        .integer(0, 0);
}

} // namespace

class TestStudyPublisher : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void withoutCreateRoleNothingIsWritten();
    void summEvalComesBackTheSame();
    void demoComesBackTheSame();
    void sequencesMovedOn();
    void accessRulesCreated();
    void studyInTheDatabaseRefused();
    void cancelLeavesTheDatabaseEmpty();
    void conflictLeavesTheDatabaseAsItWas();
    void valuesTravelUnchanged_data();
    void valuesTravelUnchanged();
    void summaryIdsSayNothingOfTheirSystems();
    void pullNeverOverwrites();
    void pullWithoutAStudy();
    void errorsNeverShowThePassword();
    void olderFormatNeedsAnUpgrade();

private:
    std::string freshDatabase(const char *name);
    QString path(const char *name) const { return m_dir.filePath(QString::fromLatin1(name)); }

    std::unique_ptr<PgTestCluster> m_cluster;
    QTemporaryDir m_dir;
    QString m_summeval;
    QString m_demo;
    std::string m_published; // the SummEval study's database, once summEvalComesBackTheSame ran
};

void TestStudyPublisher::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_cluster = std::make_unique<PgTestCluster>();
    QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
    m_summeval = path("summeval.concord");
    const std::string error = test::createSummEvalWithJudges(m_summeval.toStdString());
    QVERIFY2(error.empty(), error.c_str());
    m_demo = path("demo.concord");
    const auto demo = resources::createDemoStudy(m_demo.toStdString());
    QVERIFY2(demo.ok(), demo.ok() ? "" : demo.error().message.c_str());
}

void TestStudyPublisher::cleanupTestCase()
{
    m_cluster.reset();
}

std::string TestStudyPublisher::freshDatabase(const char *name)
{
    const std::string uri = m_cluster->createDatabase(QString::fromLatin1(name));
    if (uri.empty())
        qWarning("%s", qPrintable(m_cluster->error()));
    return uri;
}

void TestStudyPublisher::withoutCreateRoleNothingIsWritten()
{
    // First in the cluster, before any publish made the team's roles: a database owner without CREATEROLE.
    QCOMPARE(m_cluster->exec("CREATE ROLE dbowner LOGIN PASSWORD 'owner-pw'"), QString());
    QCOMPARE(m_cluster->exec("CREATE DATABASE owned OWNER dbowner"), QString());
    const std::string uri
        = m_cluster->tcpUri(QStringLiteral("dbowner"), QStringLiteral("owner-pw"), QStringLiteral("owned"));
    const auto published = StudyPublisher::publish(m_demo.toStdString(), uri);
    QVERIFY(!published.ok());
    const QString message = QString::fromStdString(published.error().message);
    QVERIFY2(message.contains(QStringLiteral("permission denied to create role")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("CREATEROLE")), qPrintable(message));
    QVERIFY2(!message.contains(QStringLiteral("owner-pw")), qPrintable(message));
    QVERIFY2(!message.contains(QLatin1Char('\n')), qPrintable(message));
    PgConnection connection(uri);
    QCOMPARE(PgSchema::version(connection), std::optional<int>());
    QCOMPARE(tableCount(connection), std::int64_t(0));
}

void TestStudyPublisher::summEvalComesBackTheSame()
{
    m_published = freshDatabase("summeval");
    QVERIFY(!m_published.empty());
    std::vector<std::int64_t> seen;
    const auto published = StudyPublisher::publish(m_summeval.toStdString(), m_published,
                                                   [&](std::int64_t done, std::int64_t) { seen.push_back(done); });
    QVERIFY2(published.ok(), published.ok() ? "" : published.error().message.c_str());
    QCOMPARE(published.value().tables, std::int64_t(25));
    QVERIFY(published.value().rows > 50000);
    QVERIFY(seen.size() > 2);
    QCOMPARE(seen.back(), published.value().rows);

    const QString pulled = path("summeval-pulled.concord");
    const auto back = StudyPublisher::pull(m_published, pulled.toStdString(), false);
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
    QCOMPARE(back.value().rows, published.value().rows);
    // Every table, every row with its id and every value with its type, the schema and its version, once
    // the summaries have their own ids again.
    QCOMPARE(test::restoreSummaryIds(pulled, m_summeval), QString());
    const QByteArray original = studyFingerprint(m_summeval);
    QVERIFY(!original.isEmpty());
    QCOMPARE(studyFingerprint(pulled), original);
    QCOMPARE(studyFingerprint(pulled, {}, test::RowOrder::Key), studyFingerprint(m_summeval, {}, test::RowOrder::Key));
    QCOMPARE(test::integrityCheck(pulled), QStringLiteral("ok"));
    // Nothing but the study is left beside it.
    QCOMPARE(QDir(m_dir.path()).entryList({QStringLiteral("summeval-pulled*")}, QDir::Files),
             QStringList{QStringLiteral("summeval-pulled.concord")});
}

void TestStudyPublisher::demoComesBackTheSame()
{
    // The demo study has what SummEval has not: ranks, error spans, explanations, unit marks, orders, pairs.
    const std::string uri = freshDatabase("demo");
    QVERIFY(!uri.empty());
    const auto published = StudyPublisher::publish(m_demo.toStdString(), uri);
    QVERIFY2(published.ok(), published.ok() ? "" : published.error().message.c_str());
    const QString pulled = path("demo-pulled.concord");
    const auto back = StudyPublisher::pull(uri, pulled.toStdString(), false);
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
    // Its ranks were stored in another order than their key's, which PostgreSQL does not keep.
    QCOMPARE(test::restoreSummaryIds(pulled, m_demo), QString());
    QCOMPARE(studyFingerprint(pulled, {}, test::RowOrder::Key), studyFingerprint(m_demo, {}, test::RowOrder::Key));
    PgConnection connection(uri);
    QVERIFY(connection.query("SELECT count(*) FROM unit_marks").integer(0, 0) > 0);
    QVERIFY(connection.query("SELECT count(*) FROM error_spans").integer(0, 0) > 0);
}

void TestStudyPublisher::sequencesMovedOn()
{
    QVERIFY(!m_published.empty());
    PgConnection connection(m_published);
    const std::int64_t last = connection.query("SELECT max(id) FROM documents").integer(0, 0);
    // New rows without an id, as the team's Concord adds them, follow the published ones.
    const PgResult added = connection.query(
        "INSERT INTO documents (external_id, source) VALUES ('added-later', 'A new article.') RETURNING id");
    QCOMPARE(added.integer(0, 0), last + 1);
    connection.query("INSERT INTO raters (name, kind) VALUES ('late_expert', 'human')");
    connection.query("INSERT INTO systems (name) VALUES ('late-system')");
    connection.query("INSERT INTO judge_runs (rater_id, protocol, started_at) VALUES (1, 'rts', 'now')");
    connection.query("INSERT INTO judge_calls (run_id, request_hash) VALUES (1, 'h')");
    connection.query("DELETE FROM documents WHERE external_id = 'added-later'");
}

void TestStudyPublisher::accessRulesCreated()
{
    QVERIFY(!m_published.empty());
    PgConnection connection(m_published);
    QCOMPARE(connection.query("SELECT count(*) FROM pg_roles WHERE rolname IN ('concord_lead', 'concord_annotator')")
                 .integer(0, 0),
             std::int64_t(2));
    QCOMPARE(connection.query("SELECT relrowsecurity FROM pg_class WHERE oid = 'ratings'::regclass").text(0, 0),
             std::string_view("t"));
}

void TestStudyPublisher::studyInTheDatabaseRefused()
{
    QVERIFY(!m_published.empty());
    PgConnection connection(m_published);
    const std::int64_t ratings = connection.query("SELECT count(*) FROM ratings").integer(0, 0);
    const auto again = StudyPublisher::publish(m_demo.toStdString(), m_published);
    QVERIFY(!again.ok());
    QVERIFY2(again.error().message.find("already holds a Concord study (schema version 9)") != std::string::npos,
             again.error().message.c_str());
    QCOMPARE(connection.query("SELECT count(*) FROM ratings").integer(0, 0), ratings);
    QCOMPARE(connection.query("SELECT count(*) FROM documents WHERE external_id LIKE 'demo-%'").integer(0, 0),
             std::int64_t(0));
}

void TestStudyPublisher::cancelLeavesTheDatabaseEmpty()
{
    const std::string uri = freshDatabase("cancelled");
    QVERIFY(!uri.empty());
    std::atomic<bool> cancel{false};
    const auto published = StudyPublisher::publish(
        m_summeval.toStdString(), uri, [&](std::int64_t done, std::int64_t) { cancel = done > 0; }, &cancel);
    QVERIFY(!published.ok());
    QCOMPARE(published.error().message, StudyPublisher::cancelledMessage());
    PgConnection connection(uri);
    QCOMPARE(PgSchema::version(connection), std::optional<int>());
    QCOMPARE(tableCount(connection), std::int64_t(0));
}

void TestStudyPublisher::conflictLeavesTheDatabaseAsItWas()
{
    const std::string uri = freshDatabase("conflict");
    QVERIFY(!uri.empty());
    PgConnection connection(uri);
    // Someone else's table of the same name as one the copy reaches late.
    connection.query("CREATE TABLE presentation_orders (anything text)");
    const auto published = StudyPublisher::publish(m_summeval.toStdString(), uri);
    QVERIFY(!published.ok());
    QCOMPARE(PgSchema::version(connection), std::optional<int>());
    QCOMPARE(tableCount(connection), std::int64_t(1));
    // A check constraint the file's row breaks, met mid-copy after earlier tables went in.
    const std::string second = freshDatabase("badrow");
    QVERIFY(!second.empty());
    const QString study = path("badrow.concord");
    {
        auto created = Study::create(study.toStdString());
        QVERIFY(created.ok());
        auto &s = *created.value();
        QVERIFY(s.write([&] {
                     model::Document d;
                     d.externalId = "d1";
                     d.source = "An article.";
                     const model::Id doc = s.addDocument(d);
                     model::Rater rater;
                     rater.name = "ann";
                     s.setPresentationOrder(s.ensureRater(rater), doc, 7, {});
                 }).ok());
        // SQLite keeps a text in an integer column; PostgreSQL refuses it in the copy's last table.
        s.database().exec("UPDATE presentation_orders SET seed = 'not a number'");
    }
    const auto bad = StudyPublisher::publish(study.toStdString(), second);
    QVERIFY(!bad.ok());
    QVERIFY2(bad.error().message.find("presentation_orders") != std::string::npos, bad.error().message.c_str());
    PgConnection other(second);
    QCOMPARE(PgSchema::version(other), std::optional<int>());
    QCOMPARE(tableCount(other), std::int64_t(0));
}

void TestStudyPublisher::valuesTravelUnchanged_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("value");
    QTest::newRow("tab, newline, carriage return") << QStringLiteral("a\tb\nc\r\nd") << 1.0;
    QTest::newRow("backslashes and COPY's null") << QStringLiteral("\\N \\\\ \\t \\") << 2.5;
    QTest::newRow("COPY's end marker") << QStringLiteral("\\.\n\\.") << 3.0;
    QTest::newRow("non-ASCII") << QStringLiteral("Grüße, 你好 ☃ 😀") << 0.1;
    QTest::newRow("empty text, a third") << QString() << 1.0 / 3.0;
    QTest::newRow("tiny") << QStringLiteral("x") << 4.9e-324;
    QTest::newRow("huge") << QStringLiteral("y") << 1.7976931348623157e308;
    QTest::newRow("negative zero") << QStringLiteral("z") << -0.0;
    QTest::newRow("negative subnormal") << QStringLiteral("inf") << -1e-310;
    QTest::newRow("quotes and SQL") << QStringLiteral("O'Brien\"); DROP TABLE documents; --") << 0.30000000000000004;
}

void TestStudyPublisher::valuesTravelUnchanged()
{
    QFETCH(QString, text);
    QFETCH(double, value);
    static int round = 0;
    const std::string name = "values" + std::to_string(++round);
    const std::string uri = freshDatabase(name.c_str());
    QVERIFY(!uri.empty());
    const QString study = path((name + ".concord").c_str());
    {
        auto created = Study::create(study.toStdString());
        QVERIFY(created.ok());
        auto &s = *created.value();
        const Status written = s.write([&] {
            model::Document d;
            d.externalId = text.toStdString() + "-id";
            d.source = text.toStdString();
            const model::Id doc = s.addDocument(d); // no requirement: NULL
            const model::Id candidate = s.addCandidate(doc, s.ensureSystem("sys"), text.toStdString());
            model::Dimension dimension;
            dimension.name = "open"; // a scale without ends: infinities travel too
            dimension.scaleMin = -std::numeric_limits<double>::infinity();
            dimension.scaleMax = std::numeric_limits<double>::infinity();
            const model::Id dim = s.ensureDimension(dimension);
            model::Rater rater;
            rater.name = "ann";
            s.setRating(s.ensureRater(rater), candidate, dim, value);
            s.setInfo("note", text.toStdString());
        });
        QVERIFY2(written.ok(), written.ok() ? "" : written.error().message.c_str());
    }
    const auto published = StudyPublisher::publish(study.toStdString(), uri);
    QVERIFY2(published.ok(), published.ok() ? "" : published.error().message.c_str());
    PgConnection connection(uri);
    QCOMPARE(QString::fromStdString(std::string(connection.query("SELECT source FROM documents").text(0, 0))), text);
    QVERIFY(connection.query("SELECT requirement FROM documents").isNull(0, 0));
    const QString pulled = path((name + "-pulled.concord").c_str());
    const auto back = StudyPublisher::pull(uri, pulled.toStdString(), false);
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
    auto reopened = Study::open(pulled.toStdString());
    QVERIFY(reopened.ok());
    const auto candidates = reopened.value()->candidates();
    QCOMPARE(candidates.size(), std::size_t(1));
    const auto rating = reopened.value()->rating(1, candidates.front().id, 1);
    QVERIFY(rating.has_value());
    QVERIFY(*rating == value);
    reopened.value().reset();
    QCOMPARE(test::restoreSummaryIds(pulled, study), QString());
    QCOMPARE(studyFingerprint(pulled, {}, test::RowOrder::Key), studyFingerprint(study, {}, test::RowOrder::Key));
}

void TestStudyPublisher::summaryIdsSayNothingOfTheirSystems()
{
    // Summaries imported one system after another: in the file, the smallest id of every document is the
    // first system's.
    constexpr int documents = 30;
    const QString study = path("by-system.concord");
    {
        auto created = Study::create(study.toStdString());
        QVERIFY(created.ok());
        auto &s = *created.value();
        QVERIFY(s.write([&] {
                     std::vector<model::Id> docs;
                     for (int d = 0; d < documents; ++d) {
                         model::Document doc;
                         doc.externalId = QStringLiteral("d%1").arg(d).toStdString();
                         doc.source = "An article.";
                         docs.push_back(s.addDocument(doc));
                     }
                     std::vector<model::Id> shown;
                     for (const std::string system : {"first", "second", "third", "fourth"})
                         for (const model::Id doc : docs) {
                             const model::Id id = s.addCandidate(doc, s.ensureSystem(system), system);
                             if (doc == docs.front())
                                 shown.insert(shown.begin(), id);
                         }
                     // What an annotator was shown of the first document: the systems from last to first.
                     model::Rater ann;
                     ann.name = "ann";
                     s.setPresentationOrder(s.ensureRater(ann), docs.front(), 7, shown);
                 }).ok());
    }
    const std::string uri = freshDatabase("bysystem");
    QVERIFY(!uri.empty());
    const auto published = StudyPublisher::publish(study.toStdString(), uri);
    QVERIFY2(published.ok(), published.ok() ? "" : published.error().message.c_str());

    // The system of each document's summary with the smallest id: were the ids in the order of the
    // import, all thirty would name one system; drawn at random, that happens once in 4^29.
    PgConnection lead(uri);
    auto firstBySystem = [&] {
        return lead
            .query("SELECT max(n) FROM (SELECT y.name, count(*) AS n FROM candidates c JOIN systems y ON y.id = "
                   "c.system_id WHERE c.id = (SELECT min(o.id) FROM candidates o WHERE o.document_id = c.document_id) "
                   "GROUP BY 1) t")
            .integer(0, 0);
    };
    QVERIFY(firstBySystem() < documents);
    // The presentation order holds the new ids, of the same summaries in the same order.
    const std::string shown(lead.query("SELECT shown_order FROM presentation_orders").text(0, 0));
    QCOMPARE(lead.query("SELECT string_agg(y.name, ',' ORDER BY e.n) FROM jsonb_array_elements_text($1::jsonb) "
                        "WITH ORDINALITY e(id, n) JOIN candidates c ON c.id = e.id::bigint JOIN systems y ON y.id = "
                        "c.system_id JOIN documents d ON d.id = c.document_id AND d.external_id = 'd0'",
                        {shown})
                 .text(0, 0),
             std::string_view("fourth,third,second,first"));

    // Summaries a lead adds later are drawn the same way: not all after the published ones.
    const std::int64_t before = lead.query("SELECT max(id) FROM candidates").integer(0, 0);
    {
        auto opened = Study::open(uri);
        QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().message.c_str());
        auto &s = *opened.value();
        QVERIFY(s.write([&] {
                     const model::Id fifth = s.ensureSystem("fifth");
                     for (const auto &summary : s.documentSummaries())
                         s.addCandidate(summary.id, fifth, "By fifth.");
                 }).ok());
    }
    QCOMPARE(lead.query("SELECT count(*) FROM candidates").integer(0, 0), std::int64_t(5 * documents));
    QVERIFY(lead.query("SELECT count(*) FROM candidates c JOIN systems y ON y.id = c.system_id WHERE y.name = 'fifth' "
                       "AND c.id > $1",
                       {std::to_string(before)})
                .integer(0, 0)
            < documents);
    QVERIFY(firstBySystem() < documents);
    // Ids stay below 2^52, exact as doubles too.
    QVERIFY(lead.query("SELECT max(id) FROM candidates").integer(0, 0) <= (std::int64_t(1) << 52));
}

void TestStudyPublisher::pullNeverOverwrites()
{
    QVERIFY(!m_published.empty());
    const QString out = path("taken.concord");
    QFile file(out);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("someone's notes");
    file.close();
    const auto refused = StudyPublisher::pull(m_published, out.toStdString(), false);
    QVERIFY(!refused.ok());
    QVERIFY2(refused.error().message.find("already exists") != std::string::npos, refused.error().message.c_str());
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("someone's notes"));
    file.close();
    // Asked to replace it, the file is a study afterwards.
    const auto replaced = StudyPublisher::pull(m_published, out.toStdString(), true);
    QVERIFY2(replaced.ok(), replaced.ok() ? "" : replaced.error().message.c_str());
    QCOMPARE(test::integrityCheck(out), QStringLiteral("ok"));
    QVERIFY(Study::open(out.toStdString()).ok());
}

void TestStudyPublisher::pullWithoutAStudy()
{
    const std::string uri = freshDatabase("nostudy");
    QVERIFY(!uri.empty());
    const QString out = path("nothing.concord");
    const auto pulled = StudyPublisher::pull(uri, out.toStdString(), false);
    QVERIFY(!pulled.ok());
    QVERIFY2(pulled.error().message.find("holds no Concord study") != std::string::npos,
             pulled.error().message.c_str());
    QVERIFY(!QFile::exists(out));
    QCOMPARE(QDir(m_dir.path()).entryList({QStringLiteral("nothing*")}, QDir::Files), QStringList());
}

void TestStudyPublisher::errorsNeverShowThePassword()
{
    const std::string wrong
        = m_cluster->tcpUri(PgTestCluster::superuser(), QStringLiteral("Wr0ng-S3cret"), QStringLiteral("postgres"));
    const auto published = StudyPublisher::publish(m_demo.toStdString(), wrong);
    QVERIFY(!published.ok());
    const auto pulled = StudyPublisher::pull(wrong, path("never.concord").toStdString(), false);
    QVERIFY(!pulled.ok());
    for (const std::string &message : {published.error().message, pulled.error().message}) {
        QVERIFY2(message.find("Wr0ng-S3cret") == std::string::npos, message.c_str());
        QVERIFY2(message.find("password authentication failed") != std::string::npos, message.c_str());
    }
    QVERIFY(!QFile::exists(path("never.concord")));
}

void TestStudyPublisher::olderFormatNeedsAnUpgrade()
{
    // publish only reads the file: a study of format 2 is not upgraded behind the user's back.
    const QString old = path("v2.concord");
    {
        Database db(old.toStdString(), Database::Mode::ReadWriteCreate);
        db.exec(Schema::migrations()[0]);
        db.exec(Schema::migrations()[1]);
        db.exec("PRAGMA application_id = " + std::to_string(Schema::kApplicationId));
        db.exec("PRAGMA user_version = 2");
    }
    const QByteArray before = studyFingerprint(old);
    const std::string uri = freshDatabase("older");
    QVERIFY(!uri.empty());
    const auto published = StudyPublisher::publish(old.toStdString(), uri);
    QVERIFY(!published.ok());
    QVERIFY2(published.error().message.find("older study format (2)") != std::string::npos
                 && published.error().message.find("concord-cli upgrade") != std::string::npos,
             published.error().message.c_str());
    QCOMPARE(studyFingerprint(old), before);
    PgConnection connection(uri);
    QCOMPARE(tableCount(connection), std::int64_t(0));
}

QTEST_GUILESS_MAIN(TestStudyPublisher)
#include "tst_study_publisher.moc"

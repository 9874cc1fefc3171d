// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Assignment on both backends: a study file gets the table when opened; an assignment is balanced, reproducible
// from its seed and keeps work done when made again; only people are assigned (refused by the database on both
// backends); publish and pull carry it; on a team study each annotator's own login reads their own documents
// only and changes none, and concord-cli team assign assigns the team's annotators.
#include "reports/assignment_report.h"
#include "store/database.h"
#include "store/pg_connection.h"
#include "store/pg_data_rules.h"
#include "store/pg_schema.h"
#include "store/pg_team.h"
#include "store/schema.h"
#include "store/study.h"
#include "store/study_publisher.h"

#include "cli_run.h"
#include "error.h"
#include "pg_login.h"
#include "pg_test_cluster.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

using namespace concord;
using namespace concord::store;
using concord::test::PgLogin;
using concord::test::PgTestCluster;
using concord::test::runCli;

namespace {

// Twelve documents of two summaries, four people (ann, bea, cal, dan), a judge.
void makeStudy(const std::string &path)
{
    auto created = Study::create(path);
    QVERIFY(created.ok());
    Study &s = *created.value();
    QVERIFY(s.write([&] {
                 model::Dimension coherence;
                 coherence.name = "coherence";
                 s.ensureDimension(coherence);
                 for (const char *name : {"ann", "bea", "cal", "dan"})
                     s.ensureRater({0, name, model::RaterKind::Human, "expert", {}, {}, {}, {}});
                 model::Rater judge;
                 judge.name = "j1";
                 judge.kind = model::RaterKind::Judge;
                 s.ensureRater(judge);
                 for (int doc = 1; doc <= 12; ++doc) {
                     model::Document d;
                     d.externalId = std::string("d").append(std::to_string(doc));
                     d.source = "An article.";
                     const model::Id docId = s.addDocument(d);
                     for (const char *system : {"A", "B"})
                         s.addCandidate(docId, s.ensureSystem(system), "A summary.");
                 }
             }).ok());
}

model::Id raterId(Study &study, const std::string &name)
{
    for (const auto &r : study.raters())
        if (r.name == name)
            return r.id;
    return 0;
}

// (annotator name, document external id, calibration): ids differ between a file and its published copy.
std::set<std::tuple<std::string, std::string, bool>> byName(Study &study)
{
    std::map<model::Id, std::string> raters, documents;
    for (const auto &r : study.raters())
        raters[r.id] = r.name;
    for (const auto &d : study.documentSummariesWithoutJudgements())
        documents[d.id] = d.externalId;
    std::set<std::tuple<std::string, std::string, bool>> out;
    for (const auto &row : study.assignments())
        out.insert({raters[row.annotator], documents[row.document], row.calibration});
    return out;
}

} // namespace

class TestAssignments : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void olderFileGetsTheTable();
    void balancedAndReproducible_data();
    void balancedAndReproducible();
    void workDoneIsKept();
    void onlyPeopleAreAssigned();
    void unknownAnnotatorChangesNothing();
    void publishAndPullCarryIt();
    void annotatorReadsOnlyTheirOwn();
    void cliAssignsTheTeamsAnnotators();
    void olderTeamStudyGetsTheTableFromItsOwner();

private:
    std::unique_ptr<PgTestCluster> m_cluster;
    QTemporaryDir m_dir;
    std::string m_published;
};

void TestAssignments::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_cluster = std::make_unique<PgTestCluster>();
    QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
}

void TestAssignments::cleanupTestCase()
{
    m_cluster.reset();
}

void TestAssignments::olderFileGetsTheTable()
{
    const std::string older = m_dir.filePath(QStringLiteral("older.concord")).toStdString();
    {
        Database db(older, Database::Mode::ReadWriteCreate);
        Schema::migrate(db, 0, Schema::migrations().first(5));
        db.exec("PRAGMA application_id = " + std::to_string(Schema::kApplicationId));
    }
    auto opened = Study::open(older);
    QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
    QCOMPARE(opened.value()->schemaVersion(), Schema::currentVersion());
    QVERIFY(opened.value()->assignments().empty());
}

void TestAssignments::balancedAndReproducible_data()
{
    QTest::addColumn<int>("perDocument");
    QTest::addColumn<double>("everyone");
    QTest::addColumn<int>("calibration"); // documents everyone gets: round(everyone * 12)

    QTest::newRow("pairs") << 2 << 0.0 << 0;
    QTest::newRow("triples") << 3 << 0.0 << 0;
    QTest::newRow("pairs and a calibration quarter") << 2 << 0.25 << 3;
    QTest::newRow("one each") << 1 << 0.0 << 0;
}

void TestAssignments::balancedAndReproducible()
{
    QFETCH(int, perDocument);
    QFETCH(double, everyone);
    QFETCH(int, calibration);
    const std::string file
        = m_dir
              .filePath(
                  QStringLiteral("balanced-%1.concord")
                      .arg(QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-'))))
              .toStdString();
    makeStudy(file);
    auto study = Study::open(file);
    QVERIFY(study.ok());
    reports::AssignmentRequest request;
    request.annotators = {"ann", "bea", "cal", "dan"};
    request.perDocument = static_cast<std::size_t>(perDocument);
    request.everyone = everyone;
    request.seed = 11;
    const auto made = reports::assignDocuments(*study.value(), request);
    QVERIFY2(made.ok(), made.ok() ? "" : made.error().describe().c_str());
    const auto &report = made.value();
    QCOMPARE(report.documents, std::size_t(12));
    QCOMPARE(report.calibration, std::size_t(calibration));
    // Every document has its K annotators, the calibration set all four.
    std::map<std::size_t, std::size_t> expected;
    if (calibration > 0)
        expected[4] = static_cast<std::size_t>(calibration);
    expected[static_cast<std::size_t>(perDocument)] += static_cast<std::size_t>(12 - calibration);
    QCOMPARE(report.documentsByOverlap, expected);
    // Loads within one of each other.
    std::size_t least = 1000, most = 0;
    for (const auto &a : report.annotators) {
        least = std::min(least, a.documents);
        most = std::max(most, a.documents);
        QCOMPARE(a.calibration, std::size_t(calibration));
        QCOMPARE(a.kept, std::size_t(0));
    }
    QCOMPARE(report.annotators.size(), std::size_t(4));
    QVERIFY2(most - least <= 1, qPrintable(QStringLiteral("loads from %1 to %2").arg(least).arg(most)));
    const auto first = byName(*study.value());
    // The same seed gives the same assignment; another seed another.
    QVERIFY(reports::assignDocuments(*study.value(), request).ok());
    QCOMPARE(byName(*study.value()), first);
    const auto settings = study.value()->info("assignment");
    QVERIFY(settings.has_value());
    QVERIFY2(settings->find("\"seed\":11") != std::string::npos, settings->c_str());
    if (perDocument < 4) {
        request.seed = 12;
        QVERIFY(reports::assignDocuments(*study.value(), request).ok());
        QVERIFY(byName(*study.value()) != first);
    }
}

void TestAssignments::workDoneIsKept()
{
    const std::string file = m_dir.filePath(QStringLiteral("kept.concord")).toStdString();
    makeStudy(file);
    auto study = Study::open(file);
    QVERIFY(study.ok());
    Study &s = *study.value();
    reports::AssignmentRequest request;
    request.perDocument = 1;
    request.seed = 5;
    QVERIFY(reports::assignDocuments(s, request).ok());
    // ann rates the first summary of each of her documents, then the lead assigns again with another seed.
    const model::Id ann = raterId(s, "ann");
    const auto hers = s.assignedDocuments(ann);
    QCOMPARE(hers.size(), std::size_t(3));
    const model::Id dim = s.dimensions().front().id;
    QVERIFY(s.write([&] {
                 for (const model::Id doc : hers)
                     s.setRating(ann, s.candidatesOf(doc).front().id, dim, 3);
             }).ok());
    request.seed = 99;
    const auto again = reports::assignDocuments(s, request);
    QVERIFY(again.ok());
    const auto now = s.assignedDocuments(ann);
    for (const model::Id doc : hers)
        QVERIFY2(std::find(now.begin(), now.end(), doc) != now.end(), "ann lost a document she had worked on");
    for (const auto &a : again.value().annotators)
        QCOMPARE(a.kept, a.name == "ann" ? std::size_t(3) : std::size_t(0));
    // Each document still has one annotator: her work counts towards its overlap.
    QCOMPARE(again.value().documentsByOverlap, (std::map<std::size_t, std::size_t>{{1, 12}}));
    // A person's (rater, document) pairs with work, the judge's not.
    const auto worked = s.documentsWorkedOn();
    QCOMPARE(worked.size(), std::size_t(3));
    for (const auto &[rater, doc] : worked)
        QCOMPARE(rater, ann);
}

void TestAssignments::onlyPeopleAreAssigned()
{
    const std::string file = m_dir.filePath(QStringLiteral("people.concord")).toStdString();
    makeStudy(file);
    auto study = Study::open(file);
    QVERIFY(study.ok());
    Study &s = *study.value();
    const model::Id judge = raterId(s, "j1");
    const model::Id doc = s.documentSummariesWithoutJudgements().front().id;
    const Status raw = s.write([&] { s.replaceAssignments({{judge, doc, false, {}}}); });
    QVERIFY(!raw.ok());
    QVERIFY2(raw.error().message.find("assigned to people only") != std::string::npos, raw.error().message.c_str());
    reports::AssignmentRequest request;
    request.annotators = {"ann", "j1"};
    const auto refused = reports::assignDocuments(s, request);
    QVERIFY(!refused.ok());
    QVERIFY2(refused.error().message.find("'j1' is a judge, not a person") != std::string::npos,
             refused.error().message.c_str());
    // One with documents stays a person.
    QVERIFY(s.write([&] { s.replaceAssignments({{raterId(s, "ann"), doc, false, {}}}); }).ok());
    QVERIFY(!s.write([&] { s.database().exec("UPDATE raters SET kind = 'judge' WHERE name = 'ann'"); }).ok());
}

void TestAssignments::unknownAnnotatorChangesNothing()
{
    const std::string file = m_dir.filePath(QStringLiteral("unknown.concord")).toStdString();
    makeStudy(file);
    auto study = Study::open(file);
    QVERIFY(study.ok());
    Study &s = *study.value();
    reports::AssignmentRequest request;
    request.seed = 3;
    QVERIFY(reports::assignDocuments(s, request).ok());
    const auto before = byName(s);
    for (const auto &bad : std::vector<std::pair<std::vector<std::string>, std::size_t>>{
             {{"ann", "zoe"}, 1}, {{"ann", "bea"}, 3}, {{"ann"}, 0}}) {
        request.annotators = bad.first;
        request.perDocument = bad.second;
        const auto refused = reports::assignDocuments(s, request);
        QVERIFY(!refused.ok());
        QCOMPARE(byName(s), before);
    }
    request.annotators = {"ann", "bea"};
    request.perDocument = 1;
    request.everyone = 1.5;
    QVERIFY(!reports::assignDocuments(s, request).ok());
    QCOMPARE(byName(s), before);
}

void TestAssignments::publishAndPullCarryIt()
{
    const std::string file = m_dir.filePath(QStringLiteral("assigned.concord")).toStdString();
    makeStudy(file);
    std::set<std::tuple<std::string, std::string, bool>> before;
    {
        auto study = Study::open(file);
        QVERIFY(study.ok());
        reports::AssignmentRequest request;
        request.perDocument = 2;
        request.everyone = 0.25;
        request.seed = 4;
        QVERIFY(reports::assignDocuments(*study.value(), request).ok());
        before = byName(*study.value());
    }
    QCOMPARE(before.size(), std::size_t(3 * 4 + 9 * 2));
    m_published = m_cluster->createDatabase(QStringLiteral("assigned"));
    QVERIFY(!m_published.empty());
    const auto published = StudyPublisher::publish(file, m_published);
    QVERIFY2(published.ok(), published.ok() ? "" : published.error().describe().c_str());
    const std::string pulled = m_dir.filePath(QStringLiteral("pulled.concord")).toStdString();
    const auto back = StudyPublisher::pull(m_published, pulled, false);
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().describe().c_str());
    for (const std::string &where : {m_published, pulled}) {
        auto study = Study::open(where);
        QVERIFY2(study.ok(), study.ok() ? "" : study.error().describe().c_str());
        QCOMPARE(byName(*study.value()), before);
        QVERIFY(study.value()->info("assignment").has_value());
    }
}

void TestAssignments::annotatorReadsOnlyTheirOwn()
{
    QVERIFY(!m_published.empty());
    {
        PgConnection admin(m_published);
        // ann is a rater of the published file already: her login is added beside her.
        admin.script("CREATE ROLE ann LOGIN PASSWORD 'ann-password' IN ROLE concord_annotator");
        admin.script("GRANT CONNECT ON DATABASE assigned TO ann");
        PgTeam::addMember(admin, "una", "expert", TeamRole::Annotator);
        PgTestCluster::givePassword(admin, "una", "una-password");
    }
    std::string hers;
    {
        PgConnection admin(m_published);
        hers = std::string(admin
                               .query("SELECT string_agg(document_id::text, ',' ORDER BY document_id) FROM "
                                      "assignments a JOIN raters r ON r.id = a.annotator_id WHERE r.name = 'ann'")
                               .text(0, 0));
    }
    QVERIFY(!hers.empty());
    PgLogin ann(m_cluster->tcpUri(QStringLiteral("ann"), QStringLiteral("ann-password"), QStringLiteral("assigned")));
    QVERIFY2(ann.connected(), qPrintable(ann.connectionError()));
    QCOMPARE(ann.run("SELECT document_id FROM assignments ORDER BY document_id"), QString::fromStdString(hers));
    for (const char *write : {"DELETE FROM assignments",
                              "INSERT INTO assignments (annotator_id, document_id, assigned_at) "
                              "SELECT id, 1, 'now' FROM raters WHERE name = 'ann'",
                              "UPDATE assignments SET calibration = 1"}) {
        const QString refused = ann.run(write);
        QVERIFY2(refused.startsWith(QStringLiteral("error: permission denied")), qPrintable(refused));
    }
    // una has nothing assigned: she reads nothing, and her Concord finds no queue.
    PgLogin una(m_cluster->tcpUri(QStringLiteral("una"), QStringLiteral("una-password"), QStringLiteral("assigned")));
    QVERIFY2(una.connected(), qPrintable(una.connectionError()));
    QCOMPARE(una.run("SELECT count(*) FROM assignments"), QStringLiteral("0"));
    // ann's own Concord reads her queue through the Study, as the Annotate view does.
    auto annStudy = Study::open(
        m_cluster->tcpUri(QStringLiteral("ann"), QStringLiteral("ann-password"), QStringLiteral("assigned")));
    QVERIFY2(annStudy.ok(), annStudy.ok() ? "" : annStudy.error().describe().c_str());
    QVERIFY(annStudy.value()->isBlind());
    model::Id annId = 0;
    for (const auto &r : annStudy.value()->raters())
        if (r.name == "ann")
            annId = r.id;
    QVERIFY(annId != 0);
    std::string queue;
    for (const model::Id doc : annStudy.value()->assignedDocuments(annId))
        queue.append(queue.empty() ? "" : ",").append(std::to_string(doc));
    QCOMPARE(queue, hers);
    // The lead's own raw write of a judge's assignment is refused by the server's rule.
    PgConnection admin(m_published);
    const Status judge = captureStatus([&] {
        admin.script("INSERT INTO assignments (annotator_id, document_id, assigned_at) "
                     "SELECT id, 1, 'now' FROM raters WHERE name = 'j1'");
    });
    QVERIFY(!judge.ok());
    QVERIFY2(judge.error().message.find("assigned to people only") != std::string::npos, judge.error().message.c_str());
}

void TestAssignments::cliAssignsTheTeamsAnnotators()
{
    const std::string socket = m_cluster->createTeamStudy(QStringLiteral("team"));
    QVERIFY2(!socket.empty(), qPrintable(m_cluster->error()));
    {
        PgConnection admin(socket);
        admin.script(R"sql(
            INSERT INTO documents (external_id, source) VALUES ('d1', 'One.'), ('d2', 'Two.'), ('d3', 'Three.'),
                ('d4', 'Four.'), ('d5', 'Five.'), ('d6', 'Six.');
            INSERT INTO systems (name) VALUES ('A');
            INSERT INTO candidates (id, document_id, system_id, text) VALUES (1, 1, 1, '1A'), (2, 2, 1, '2A'),
                (3, 3, 1, '3A'), (4, 4, 1, '4A'), (5, 5, 1, '5A'), (6, 6, 1, '6A');
            INSERT INTO dimensions (name, kind) VALUES ('coherence', 'likert');
        )sql");
        for (const char *name : {"amy", "bob", "cyd"})
            PgTeam::addMember(admin, name, "expert", TeamRole::Annotator);
        PgTeam::addMember(admin, "lea", "", TeamRole::Lead);
    }
    const QString uri = QString::fromStdString(
        m_cluster->tcpUri(PgTestCluster::superuser(), m_cluster->superuserPassword(), QStringLiteral("team")));
    const auto run = runCli({QStringLiteral("team"), QStringLiteral("assign"), uri, QStringLiteral("--per-document"),
                             QStringLiteral("2"), QStringLiteral("--seed"), QStringLiteral("7"),
                             QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonObject report = QJsonDocument::fromJson(run.out.toUtf8()).object();
    QCOMPARE(report.value(QStringLiteral("documents")).toInt(), 6);
    const QJsonArray annotators = report.value(QStringLiteral("annotators")).toArray();
    // The lead leads: only the three annotators are given documents, four each (6 x 2 / 3).
    QCOMPARE(annotators.size(), 3);
    for (const auto &a : annotators)
        QCOMPARE(a.toObject().value(QStringLiteral("documents")).toInt(), 4);
    const QJsonArray overlap = report.value(QStringLiteral("overlap")).toArray();
    QCOMPARE(overlap.size(), 1);
    QCOMPARE(overlap.at(0).toObject().value(QStringLiteral("annotators")).toInt(), 2);
    QCOMPARE(overlap.at(0).toObject().value(QStringLiteral("documents")).toInt(), 6);
    // --show reads it back unchanged, as text.
    const auto shown = runCli({QStringLiteral("team"), QStringLiteral("assign"), uri, QStringLiteral("--show")});
    QVERIFY2(shown.exitCode == 0, qPrintable(shown.err));
    QVERIFY2(shown.out.contains(QStringLiteral("6 documents, 6 with 2 annotators; 0 in the calibration set")),
             qPrintable(shown.out));
    // Usage errors change nothing and say what is wrong in one line.
    const auto bad = runCli(
        {QStringLiteral("team"), QStringLiteral("assign"), uri, QStringLiteral("--per-document"), QStringLiteral("4")});
    QCOMPARE(bad.exitCode, 1);
    QVERIFY2(bad.err.contains(QStringLiteral("3 annotators")), qPrintable(bad.err));
    const auto again = runCli({QStringLiteral("team"), QStringLiteral("assign"), uri, QStringLiteral("--show")});
    QCOMPARE(again.out, shown.out);
}

void TestAssignments::olderTeamStudyGetsTheTableFromItsOwner()
{
    const std::string uri = m_cluster->createTeamStudy(QStringLiteral("older"));
    QVERIFY2(!uri.empty(), qPrintable(m_cluster->error()));
    {
        // As the Concord before assignment left a team study, with a lead.
        PgConnection admin(uri);
        admin.script("DROP TRIGGER concord_rule ON raters; DROP TABLE assignments; DROP TABLE reviews; "
                     "DROP TABLE document_splits; DROP TABLE edit_times; DROP TABLE label_plan_pools; "
                     "DROP TABLE judge_batch_requests; DROP TABLE judge_batches; "
                     "UPDATE concord_schema SET version = 5");
        QCOMPARE(PgDataRules::missing(admin),
                 (std::vector<std::string>{"assignments", "raters", "reviews", "judge_batches"}));
        PgTeam::addMember(admin, "leo", "expert", TeamRole::Lead);
        PgTestCluster::givePassword(admin, "leo", "leo-password");
    }
    {
        auto opened = Study::open(uri);
        QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
        QCOMPARE(opened.value()->schemaVersion(), Schema::currentVersion());
    }
    PgConnection admin(uri);
    QVERIFY(PgDataRules::missing(admin).empty());
    PgLogin lea(m_cluster->tcpUri(QStringLiteral("leo"), QStringLiteral("leo-password"), QStringLiteral("older")));
    QVERIFY2(lea.connected(), qPrintable(lea.connectionError()));
    // The lead may use the new table (the access rules were set again); it is empty.
    QCOMPARE(lea.run("SELECT count(*) FROM assignments"), QStringLiteral("0"));
}

QTEST_GUILESS_MAIN(TestAssignments)
#include "tst_assignments.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Label plans in both backends: a study file of format 4 gets the plans' tables when opened; publish and pull
// carry a plan and every probability (summaries renumbered on the way, so compared by document and system);
// an annotator's own login reads no plan; a team study of format 4 gets the tables from its owner, and its
// lead may write plans; a plan of more items than one insert takes is stored whole on both.
#include "reports/label_plan_report.h"
#include "store/database.h"
#include "store/pg_connection.h"
#include "store/pg_schema.h"
#include "store/pg_team.h"
#include "store/plan_pool.h"
#include "store/schema.h"
#include "store/study.h"
#include "store/study_check.h"
#include "store/study_publisher.h"

#include "error.h"
#include "pg_login.h"
#include "pg_test_cluster.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

using namespace concord;
using namespace concord::store;
using concord::test::PgLogin;
using concord::test::PgTestCluster;

namespace {

// Each plan item as (document, system, probability, drawn): ids differ between the file and the server.
using PlanByName = std::map<std::pair<std::string, std::string>, std::pair<double, bool>>;

PlanByName planByName(Study &study, model::Id plan)
{
    std::map<model::Id, std::string> systems, documents;
    for (const auto &s : study.systems())
        systems[s.id] = s.name;
    for (const auto &d : study.documentSummariesWithoutJudgements())
        documents[d.id] = d.externalId;
    std::map<model::Id, std::pair<std::string, std::string>> names;
    for (const auto &c : study.candidates())
        names[c.id] = {documents[c.documentId], systems[c.systemId]};
    PlanByName out;
    for (const auto &item : study.labelPlanItems(plan))
        out[names.at(item.candidate)] = {item.probability, item.drawn};
    return out;
}

// A study file with a judge over 20 documents of two systems, the experts' labels on the first five, and one
// plan of 8 labels.
void makeStudy(const std::string &path)
{
    auto created = Study::create(path);
    QVERIFY(created.ok());
    Study &s = *created.value();
    QVERIFY(s.write([&] {
                 model::Dimension coherence;
                 coherence.name = "coherence";
                 const model::Id dim = s.ensureDimension(coherence);
                 const model::Id e1 = s.ensureRater({0, "e1", model::RaterKind::Human, "expert", {}, {}, {}, {}});
                 model::Rater judge;
                 judge.name = "j1";
                 judge.kind = model::RaterKind::Judge;
                 const model::Id j1 = s.ensureRater(judge);
                 for (int doc = 1; doc <= 20; ++doc) {
                     model::Document d;
                     d.externalId = std::string("d").append(std::to_string(doc));
                     d.source = "An article.";
                     const model::Id docId = s.addDocument(d);
                     for (const char *system : {"A", "B"}) {
                         const model::Id c = s.addCandidate(docId, s.ensureSystem(system), "A summary.");
                         s.setRating(j1, c, dim, 1 + doc % 5);
                         if (doc <= 5)
                             s.setRating(e1, c, dim, 1 + (doc + 1) % 5);
                     }
                 }
             }).ok());
    reports::PlanRequest request;
    request.judges = {"j1"};
    request.humanGroup = "expert";
    request.dimension = "coherence";
    request.budget = 8;
    request.strategy = "uncertainty";
    request.seed = 3;
    const auto plan = reports::planLabels(s, request);
    QVERIFY2(plan.ok(), plan.ok() ? "" : plan.error().describe().c_str());
}

} // namespace

class TestPgLabelPlans : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void olderFileGetsThePlansTables();
    void publishAndPullCarryThePlan();
    void annotatorReadsNoPlan();
    void olderTeamStudyGetsThePlansFromItsOwner();
    void aPlanOfManyItemsIsStoredWhole();
    void anOlderFilesPlanKeepsItsRows();
    void aDamagedPoolIsSaid();
    void checkFindsPoolsNamingOtherSummaries();

private:
    std::unique_ptr<PgTestCluster> m_cluster;
    QTemporaryDir m_dir;
    std::string m_published;
};

void TestPgLabelPlans::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_cluster = std::make_unique<PgTestCluster>();
    QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
}

void TestPgLabelPlans::cleanupTestCase()
{
    m_cluster.reset();
}

void TestPgLabelPlans::olderFileGetsThePlansTables()
{
    const std::string older = m_dir.filePath(QStringLiteral("older.concord")).toStdString();
    {
        Database db(older, Database::Mode::ReadWriteCreate);
        Schema::migrate(db, 0, Schema::migrations().first(4));
        db.exec("PRAGMA application_id = " + std::to_string(Schema::kApplicationId));
    }
    auto opened = Study::open(older);
    QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
    QCOMPARE(opened.value()->schemaVersion(), Schema::currentVersion());
    QVERIFY(opened.value()->labelPlans().empty());
}

void TestPgLabelPlans::publishAndPullCarryThePlan()
{
    const std::string file = m_dir.filePath(QStringLiteral("planned.concord")).toStdString();
    makeStudy(file);
    PlanByName before;
    {
        auto study = Study::open(file);
        QVERIFY(study.ok());
        QCOMPARE(study.value()->labelPlans().size(), std::size_t(1));
        before = planByName(*study.value(), study.value()->labelPlans()[0].id);
    }
    QCOMPARE(before.size(), std::size_t(30));
    {
        // The drawn summaries are rows; the others are the pool's entries, 16 bytes each.
        Database db(file, Database::Mode::ReadOnly);
        const auto drawn
            = std::count_if(before.begin(), before.end(), [](const auto &item) { return item.second.second; });
        QVERIFY(drawn > 0 && drawn < 30);
        auto rows = db.prepare("SELECT count(*), sum(drawn) FROM label_plan_items");
        QVERIFY(rows.step());
        QCOMPARE(rows.int64At(0), std::int64_t(drawn));
        QCOMPARE(rows.int64At(1), std::int64_t(drawn));
        auto pool = db.prepare("SELECT length(entries) FROM label_plan_pools");
        QVERIFY(pool.step());
        QCOMPARE(pool.int64At(0), std::int64_t(16 * (30 - drawn)));
    }
    m_published = m_cluster->createDatabase(QStringLiteral("planned"));
    QVERIFY(!m_published.empty());
    const auto published = StudyPublisher::publish(file, m_published);
    QVERIFY2(published.ok(), published.ok() ? "" : published.error().describe().c_str());
    const std::string pulled = m_dir.filePath(QStringLiteral("pulled.concord")).toStdString();
    const auto back = StudyPublisher::pull(m_published, pulled, false);
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().describe().c_str());
    for (const std::string &where : {file, m_published, pulled}) {
        const auto checked = StudyCheck::run(where);
        QVERIFY2(checked.ok() && checked.value().healthy(),
                 checked.ok() ? (checked.value().problems.empty() ? "" : checked.value().problems[0].c_str())
                              : checked.error().describe().c_str());
    }
    for (const std::string &where : {m_published, pulled}) {
        auto study = Study::open(where);
        QVERIFY2(study.ok(), study.ok() ? "" : study.error().describe().c_str());
        const auto plans = study.value()->labelPlans();
        QCOMPARE(plans.size(), std::size_t(1));
        QCOMPARE(plans[0].strategy, std::string("uncertainty"));
        QCOMPARE(plans[0].seed, std::int64_t(3));
        QCOMPARE(planByName(*study.value(), plans[0].id), before);
    }
}

void TestPgLabelPlans::annotatorReadsNoPlan()
{
    QVERIFY(!m_published.empty());
    {
        PgConnection admin(m_published);
        PgTeam::addMember(admin, "una", "expert", TeamRole::Annotator);
        PgTestCluster::givePassword(admin, "una", "una-password");
    }
    PgLogin una(m_cluster->tcpUri(QStringLiteral("una"), QStringLiteral("una-password"), QStringLiteral("planned")));
    QVERIFY2(una.connected(), qPrintable(una.connectionError()));
    QVERIFY2(una.run("SELECT count(*) FROM label_plans").startsWith(QStringLiteral("error: permission denied")),
             qPrintable(una.run("SELECT count(*) FROM label_plans")));
    QVERIFY(una.run("SELECT count(*) FROM label_plan_items").startsWith(QStringLiteral("error: permission denied")));
    QVERIFY(una.run("SELECT count(*) FROM label_plan_pools").startsWith(QStringLiteral("error: permission denied")));
    QVERIFY(una.run("INSERT INTO label_plan_items VALUES (1, 1, 0.5, 1)")
                .startsWith(QStringLiteral("error: permission denied")));
    // Her queue comes through the server's function: only documents of a plan made for her, with a drawn
    // summary she has not rated on its dimension.
    QCOMPARE(una.run("SELECT count(*) FROM concord_planned_documents()"), QStringLiteral("0"));
    std::string expected;
    {
        PgConnection admin(m_published);
        admin.script("UPDATE label_plans SET annotator_id = (SELECT id FROM raters WHERE name = 'una')");
        expected = admin
                       .query("SELECT string_agg(DISTINCT c.document_id::text, ',') FROM label_plan_items i "
                              "JOIN candidates c ON c.id = i.candidate_id WHERE i.drawn = 1")
                       .text(0, 0);
    }
    QVERIFY(!expected.empty());
    const QString queue = una.run("SELECT document_id FROM concord_planned_documents()");
    QVERIFY2(!queue.startsWith(QStringLiteral("error")), qPrintable(queue));
    QStringList sorted = queue.split(QLatin1Char(','));
    QStringList wanted = QString::fromStdString(expected).split(QLatin1Char(','));
    std::sort(sorted.begin(), sorted.end());
    std::sort(wanted.begin(), wanted.end());
    QCOMPARE(sorted, wanted);
    // The window reads the same through the Study, as una.
    OpenOptions options;
    auto asUna = Study::open(
        m_cluster->tcpUri(QStringLiteral("una"), QStringLiteral("una-password"), QStringLiteral("planned")), options);
    QVERIFY2(asUna.ok(), asUna.ok() ? "" : asUna.error().describe().c_str());
    const auto unaId = asUna.value()->raterId("una");
    QVERIFY(unaId);
    QCOMPARE(static_cast<qsizetype>(asUna.value()->plannedDocuments(*unaId).size()), wanted.size());
    QVERIFY(asUna.value()->labelPlans().empty()); // the plans themselves stay the lead's
}

void TestPgLabelPlans::olderTeamStudyGetsThePlansFromItsOwner()
{
    const std::string uri = m_cluster->createTeamStudy(QStringLiteral("older"));
    QVERIFY2(!uri.empty(), qPrintable(m_cluster->error()));
    {
        // As the Concord before the plans left a team study, with a lead.
        PgConnection admin(uri);
        admin.script("DROP TABLE judge_batch_requests; DROP TABLE judge_batches; "
                     "DROP TABLE label_plan_pools; DROP TABLE label_plan_items; DROP TABLE label_plans; DROP TABLE "
                     "assignments; DROP TABLE reviews; "
                     "DROP TABLE document_splits; DROP TABLE edit_times; "
                     "UPDATE concord_schema SET version = 4");
        PgTeam::addMember(admin, "lea", "expert", TeamRole::Lead);
        PgTestCluster::givePassword(admin, "lea", "lea-password");
    }
    {
        auto opened = Study::open(uri);
        QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
        QCOMPARE(opened.value()->schemaVersion(), PgSchema::currentVersion());
    }
    PgLogin lea(m_cluster->tcpUri(QStringLiteral("lea"), QStringLiteral("lea-password"), QStringLiteral("older")));
    QVERIFY2(lea.connected(), qPrintable(lea.connectionError()));
    // The lead may use the new tables (the access rules were set again); the table is empty.
    QCOMPARE(lea.run("SELECT count(*) FROM label_plans"), QStringLiteral("0"));
}

void TestPgLabelPlans::aPlanOfManyItemsIsStoredWhole()
{
    // Items go in by the hundred: 250 are two full statements and 50 one at a time, on both backends.
    const std::string file = m_dir.filePath(QStringLiteral("many.concord")).toStdString();
    {
        auto created = Study::create(file);
        QVERIFY(created.ok());
        Study &s = *created.value();
        QVERIFY(s.write([&] {
                     model::Dimension coherence;
                     coherence.name = "coherence";
                     s.ensureDimension(coherence);
                     model::Rater judge;
                     judge.name = "j1";
                     judge.kind = model::RaterKind::Judge;
                     s.ensureRater(judge);
                     for (int doc = 1; doc <= 125; ++doc) {
                         model::Document d;
                         d.externalId = std::string("d").append(std::to_string(doc));
                         d.source = "An article.";
                         const model::Id docId = s.addDocument(d);
                         for (const char *system : {"A", "B"})
                             s.addCandidate(docId, s.ensureSystem(system), "A summary.");
                     }
                 }).ok());
    }
    const std::string server = m_cluster->createDatabase(QStringLiteral("many"));
    QVERIFY(!server.empty());
    const auto published = StudyPublisher::publish(file, server);
    QVERIFY2(published.ok(), published.ok() ? "" : published.error().describe().c_str());
    for (const std::string &where : {file, server}) {
        auto opened = Study::open(where);
        QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
        Study &s = *opened.value();
        std::vector<LabelPlanItem> items;
        for (const auto &c : s.candidates()) {
            const auto k = static_cast<double>(items.size());
            items.push_back({c.id, (k + 1) / 1000, items.size() % 7 == 0});
        }
        QCOMPARE(items.size(), std::size_t(250));
        LabelPlanRow row;
        row.judge = *s.raterId("j1");
        row.dimension = *s.dimensionId("coherence");
        row.strategy = "uniform";
        row.budget = 5;
        row.uniformShare = 1;
        row.seed = 1;
        model::Id plan = 0;
        QVERIFY(s.write([&] { plan = s.addLabelPlan(row, items); }).ok());
        const auto stored = s.labelPlanItems(plan);
        QCOMPARE(stored.size(), items.size());
        std::sort(items.begin(), items.end(),
                  [](const LabelPlanItem &a, const LabelPlanItem &b) { return a.candidate < b.candidate; });
        for (std::size_t i = 0; i < items.size(); ++i) {
            QCOMPARE(stored[i].candidate, items[i].candidate);
            QCOMPARE(stored[i].probability, items[i].probability);
            QCOMPARE(stored[i].drawn, items[i].drawn);
        }
    }
}

void TestPgLabelPlans::anOlderFilesPlanKeepsItsRows()
{
    // A study file of format 7 kept every summary of a plan as a row, drawn or not: opened now, the plan reads
    // the same, and a plan made now keeps its undrawn summaries in the pool beside it.
    const std::string older = m_dir.filePath(QStringLiteral("format7.concord")).toStdString();
    std::vector<LabelPlanItem> items;
    model::Id plan = 0;
    {
        Database db(older, Database::Mode::ReadWriteCreate);
        Schema::migrate(db, 0, Schema::migrations().first(7));
        db.exec("PRAGMA application_id = " + std::to_string(Schema::kApplicationId));
        db.exec("INSERT INTO dimensions (id, name, kind) VALUES (1, 'coherence', 'likert')");
        db.exec("INSERT INTO raters (id, name, kind) VALUES (1, 'j1', 'judge')");
        db.exec("INSERT INTO documents (id, external_id, source) VALUES (1, 'd1', 'An article.')");
        for (int c = 1; c <= 6; ++c) {
            const std::string id = std::to_string(c);
            db.exec("INSERT INTO systems (id, name) VALUES (" + id + ", 'S" + id + "')");
            db.exec("INSERT INTO candidates (id, document_id, system_id, text) VALUES (" + id + ", 1, " + id
                    + ", 'A summary.')");
            items.push_back({c, c / 8.0, c % 3 == 0});
        }
        db.exec("INSERT INTO label_plans (id, judge_id, dimension_id, strategy, budget, uniform_share, seed, "
                "created_at) VALUES (1, 1, 1, 'uniform', 2, 1, 7, '2026-11-01T00:00:00Z')");
        for (const auto &i : items)
            db.exec("INSERT INTO label_plan_items VALUES (1, " + std::to_string(i.candidate) + ", "
                    + std::to_string(i.probability) + ", " + (i.drawn ? "1" : "0") + ")");
        plan = 1;
    }
    auto opened = Study::open(older);
    QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
    Study &s = *opened.value();
    QCOMPARE(s.schemaVersion(), Schema::currentVersion());
    auto same = [](const std::vector<LabelPlanItem> &a, const std::vector<LabelPlanItem> &b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const auto &x, const auto &y) {
            return x.candidate == y.candidate && x.probability == y.probability && x.drawn == y.drawn;
        });
    };
    QVERIFY(same(s.labelPlanItems(plan), items));
    LabelPlanRow row;
    row.judge = 1;
    row.dimension = 1;
    row.strategy = "uniform";
    row.budget = 2;
    row.uniformShare = 1;
    row.seed = 8;
    model::Id second = 0;
    QVERIFY(s.write([&] { second = s.addLabelPlan(row, items); }).ok());
    QVERIFY(same(s.labelPlanItems(second), items));
    QVERIFY(same(s.labelPlanItems(plan), items));
}

void TestPgLabelPlans::aDamagedPoolIsSaid()
{
    // The database keeps a pool a whole number of entries long, on both backends; what lies inside is read
    // whole and checked, so a damaged pool is said, with its plan, and never read as probabilities.
    const std::string file = m_dir.filePath(QStringLiteral("damaged.concord")).toStdString();
    makeStudy(file);
    const std::string server = m_cluster->createDatabase(QStringLiteral("damaged"));
    QVERIFY(!server.empty());
    const auto published = StudyPublisher::publish(file, server);
    QVERIFY2(published.ok(), published.ok() ? "" : published.error().describe().c_str());
    {
        Database db(file, Database::Mode::ReadWrite);
        QVERIFY_THROWS_EXCEPTION(Failure, db.exec("UPDATE label_plan_pools SET entries = x'00'"));
        QVERIFY_THROWS_EXCEPTION(Failure, db.exec("UPDATE label_plan_pools SET entries = 'sixteen letters!'"));
        // Sixteen bytes with the probability 2 (0x4000000000000000, little-endian).
        db.exec("UPDATE label_plan_pools SET entries = x'01000000000000000000000000000040'");
    }
    PgConnection admin(server);
    try {
        admin.script("UPDATE label_plan_pools SET entries = '\\x00'::bytea");
        QFAIL("the server kept a pool of one byte");
    } catch (const Failure &refused) {
        QVERIFY2(refused.error().message.find("check") != std::string::npos, refused.error().message.c_str());
    }
    admin.script("UPDATE label_plan_pools SET entries = '\\x01000000000000000000000000000040'::bytea");
    for (const std::string &where : {file, server}) {
        const auto checked = StudyCheck::run(where);
        QVERIFY2(checked.ok(), checked.ok() ? "" : checked.error().describe().c_str());
        QCOMPARE(checked.value().problems.size(), std::size_t(1));
        QVERIFY2(checked.value().problems[0].find("is damaged: entry 1 of the plan's pool has the probability 2")
                     != std::string::npos,
                 checked.value().problems[0].c_str());
        auto opened = Study::open(where);
        QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
        const model::Id plan = opened.value()->labelPlans().at(0).id;
        try {
            opened.value()->labelPlanItems(plan);
            QFAIL("a damaged pool was read");
        } catch (const Failure &damaged) {
            const std::string said = damaged.error().message;
            QVERIFY2(said.find("label plan " + std::to_string(plan)
                               + " is damaged: entry 1 of the plan's pool has "
                                 "the probability 2")
                         != std::string::npos,
                     said.c_str());
        }
    }
}

void TestPgLabelPlans::checkFindsPoolsNamingOtherSummaries()
{
    // A pool of well-formed entries may still name a summary the study does not have, or one the plan also
    // holds as drawn: reading the plan does not look, the study's check does.
    const std::string file = m_dir.filePath(QStringLiteral("misnamed.concord")).toStdString();
    makeStudy(file);
    std::int64_t drawn = 0;
    {
        Database db(file, Database::Mode::ReadWrite);
        auto first = db.prepare("SELECT min(candidate_id) FROM label_plan_items");
        QVERIFY(first.step());
        drawn = first.int64At(0);
        std::string entries = PlanPool::encode({{drawn, 0.5}, {999999, 0.5}});
        auto update = db.prepare("UPDATE label_plan_pools SET entries = ?1");
        update.bindBlob(1, entries);
        update.run();
    }
    const auto checked = StudyCheck::run(file);
    QVERIFY2(checked.ok(), checked.ok() ? "" : checked.error().describe().c_str());
    const std::vector<std::string> expected{"label plan 1 holds summary " + std::to_string(drawn)
                                                + " both among its drawn and in its pool",
                                            "label plan 1's pool names summary 999999, which the study does not have"};
    QCOMPARE(checked.value().problems, expected);
}

QTEST_GUILESS_MAIN(TestPgLabelPlans)
#include "tst_pg_label_plans.moc"

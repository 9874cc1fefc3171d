// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Judge batches on both backends: recorded with their requests before submission, the provider's id and state
// after, read back by run; the rules kept by the database itself (states, an id once given never changes, a
// fetched batch stays fetched, tokens and custom ids unique); a study file of format 8 gets the tables; an
// annotator of a team study reads no batch.
#include "store/database.h"
#include "store/pg_connection.h"
#include "store/pg_team.h"
#include "store/schema.h"
#include "store/study.h"

#include "pg_login.h"
#include "pg_test_cluster.h"

#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <memory>
#include <string>

using namespace concord;
using namespace concord::store;
using concord::test::PgLogin;
using concord::test::PgTestCluster;

namespace {

const std::string kHashA(64, 'a');
const std::string kHashB(64, 'b');

// A judge with one run; returns the run's id.
model::Id addRun(Study &s)
{
    model::Id run = 0;
    const Status written = s.write([&] {
        model::Rater judge;
        judge.name = "gpt judge";
        judge.kind = model::RaterKind::Judge;
        run = s.addJudgeRun(s.ensureRater(judge), "rts", "{}");
    });
    if (!written.ok())
        qWarning("%s", written.error().describe().c_str());
    return run;
}

} // namespace

class TestJudgeBatches : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void recordedBeforeSubmission_data();
    void recordedBeforeSubmission();
    void rulesKeptByTheDatabase_data();
    void rulesKeptByTheDatabase();
    void manyRequestsAndForgetting_data();
    void manyRequestsAndForgetting();
    void olderFileGetsTheTables();
    void annotatorReadsNoBatch();

private:
    std::unique_ptr<Study> open(const QString &backend, const QString &name);

    std::unique_ptr<PgTestCluster> m_cluster;
    QTemporaryDir m_dir;
    int m_studies = 0;
};

void TestJudgeBatches::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_cluster = std::make_unique<PgTestCluster>();
    QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
}

void TestJudgeBatches::cleanupTestCase()
{
    m_cluster.reset();
}

std::unique_ptr<Study> TestJudgeBatches::open(const QString &backend, const QString &name)
{
    if (backend == QStringLiteral("sqlite")) {
        auto created = Study::create(m_dir.filePath(name + QStringLiteral(".concord")).toStdString());
        return created.ok() ? std::move(created.value()) : nullptr;
    }
    const std::string uri = m_cluster->createTeamStudy(name);
    if (uri.empty())
        return nullptr;
    auto opened = Study::open(uri);
    return opened.ok() ? std::move(opened.value()) : nullptr;
}

void TestJudgeBatches::recordedBeforeSubmission_data()
{
    QTest::addColumn<QString>("backend");
    QTest::newRow("study file") << QStringLiteral("sqlite");
    QTest::newRow("team study") << QStringLiteral("postgres");
}

void TestJudgeBatches::recordedBeforeSubmission()
{
    QFETCH(QString, backend);
    auto study = open(backend, QStringLiteral("recorded"));
    QVERIFY(study);
    const model::Id run = addRun(*study);
    QVERIFY(run != 0);
    model::Id batch = 0;
    QVERIFY(study
                ->write([&] {
                    batch = study->addJudgeBatch(run, "openai", "tok-1",
                                                 {{"c-2", kHashB, 1}, {"c-1", kHashA, 0}, {"c-3", kHashA, 1}});
                })
                .ok());
    auto batches = study->judgeBatches();
    QCOMPARE(batches.size(), std::size_t{1});
    QCOMPARE(batches[0].id, batch);
    QCOMPARE(batches[0].runId, run);
    QCOMPARE(QString::fromStdString(batches[0].state), QStringLiteral("submitting"));
    QVERIFY(batches[0].remoteId.empty());
    QVERIFY(batches[0].polledAt.empty());
    QCOMPARE(batches[0].submittedAt.size(), std::size_t{20});
    QCOMPARE(batches[0].requests, std::size_t{3});
    const auto requests = study->judgeBatchRequests(batch);
    QCOMPARE(requests.size(), std::size_t{3});
    QCOMPARE(QString::fromStdString(requests[0].customId), QStringLiteral("c-1"));
    QCOMPARE(QString::fromStdString(requests[1].requestHash), QString::fromStdString(kHashB));
    QCOMPARE(requests[1].sampleIndex, 1);

    QVERIFY(study->write([&] { study->setJudgeBatchState(batch, "batch_abc", "validating"); }).ok());
    QVERIFY(study->write([&] { study->setJudgeBatchState(batch, "batch_abc", "completed"); }).ok());
    QVERIFY(study->write([&] { study->setJudgeBatchState(batch, "batch_abc", "fetched"); }).ok());
    batches = study->judgeBatches(run);
    QCOMPARE(batches.size(), std::size_t{1});
    QCOMPARE(QString::fromStdString(batches[0].remoteId), QStringLiteral("batch_abc"));
    QCOMPARE(QString::fromStdString(batches[0].state), QStringLiteral("fetched"));
    QCOMPARE(batches[0].polledAt.size(), std::size_t{20});
    QVERIFY(study->judgeBatches(run + 1).empty());

    // The study names a batch it does not hold, and a batch without requests is refused before anything is written.
    QVERIFY(!study->write([&] { study->setJudgeBatchState(batch + 100, "batch_x", "completed"); }).ok());
    QVERIFY(!study->write([&] { study->addJudgeBatch(run, "openai", "tok-2", {}); }).ok());
    QCOMPARE(study->judgeBatches().size(), std::size_t{1});
}

void TestJudgeBatches::rulesKeptByTheDatabase_data()
{
    QTest::addColumn<QString>("backend");
    QTest::addColumn<QString>("sql");
    const char *rules[][2] = {
        {"unknown state", "UPDATE judge_batches SET state = 'done' WHERE token = 'tok-1'"},
        {"past submitting without an id", "UPDATE judge_batches SET state = 'validating' WHERE token = 'tok-1'"},
        {"an id changed", "UPDATE judge_batches SET remote_id = 'batch_other' WHERE token = 'tok-2'"},
        {"an id taken away", "UPDATE judge_batches SET remote_id = NULL, state = 'submitting' WHERE token = 'tok-2'"},
        {"fetched taken back", "UPDATE judge_batches SET state = 'in_progress' WHERE token = 'tok-3'"},
        {"a token twice", "UPDATE judge_batches SET token = 'tok-1' WHERE token = 'tok-2'"},
        {"an id twice", "UPDATE judge_batches SET remote_id = 'batch_2' WHERE token = 'tok-1'"},
        {"unknown provider", "UPDATE judge_batches SET provider = 'ollama' WHERE token = 'tok-1'"},
        {"a custom id twice", "UPDATE judge_batch_requests SET custom_id = 'c-1' WHERE custom_id = 'c-2'"},
        {"a short request hash", "UPDATE judge_batch_requests SET request_hash = 'abc' WHERE custom_id = 'c-1'"},
        {"a negative sample", "UPDATE judge_batch_requests SET sample_index = -1 WHERE custom_id = 'c-1'"},
        {"a malformed time", "UPDATE judge_batches SET polled_at = 'yesterday' WHERE token = 'tok-2'"},
    };
    for (const char *backend : {"sqlite", "postgres"})
        for (const auto &[name, sql] : rules)
            QTest::addRow("%s: %s", backend, name) << QString::fromLatin1(backend) << QString::fromLatin1(sql);
}

void TestJudgeBatches::rulesKeptByTheDatabase()
{
    QFETCH(QString, backend);
    QFETCH(QString, sql);
    auto study = open(backend, QStringLiteral("rules_%1").arg(++m_studies)); // a new study for each rule
    QVERIFY(study);
    const model::Id run = addRun(*study);
    QVERIFY(run != 0);
    // tok-1 submitting, tok-2 submitted (batch_2), tok-3 fetched.
    QVERIFY(study
                ->write([&] {
                    study->addJudgeBatch(run, "openai", "tok-1", {{"c-1", kHashA, 0}, {"c-2", kHashB, 0}});
                    study->setJudgeBatchState(study->addJudgeBatch(run, "openai", "tok-2", {{"c-1", kHashA, 0}}),
                                              "batch_2", "in_progress");
                    study->setJudgeBatchState(study->addJudgeBatch(run, "anthropic", "tok-3", {{"c-1", kHashA, 0}}),
                                              "msgbatch_3", "fetched");
                })
                .ok());
    const auto before = study->judgeBatches();
    const Status refused = study->write([&] { study->database().exec(sql.toStdString()); });
    QVERIFY2(!refused.ok(), qPrintable(sql));
    // Nothing changed.
    const auto after = study->judgeBatches();
    QCOMPARE(after.size(), before.size());
    for (std::size_t i = 0; i < after.size(); ++i) {
        QCOMPARE(QString::fromStdString(after[i].state), QString::fromStdString(before[i].state));
        QCOMPARE(QString::fromStdString(after[i].remoteId), QString::fromStdString(before[i].remoteId));
        QCOMPARE(QString::fromStdString(after[i].token), QString::fromStdString(before[i].token));
        QCOMPARE(after[i].requests, before[i].requests);
    }
    QCOMPARE(study->judgeBatchRequests(before[0].id).size(), std::size_t{2});
}

void TestJudgeBatches::manyRequestsAndForgetting_data()
{
    QTest::addColumn<QString>("backend");
    QTest::newRow("study file") << QStringLiteral("sqlite");
    QTest::newRow("team study") << QStringLiteral("postgres");
}

// A batch's requests go in a hundred to a statement: 250 are two full statements and 50 single rows, read back
// whole; a custom id twice in the last full statement refuses the whole batch. A batch the provider never received
// is forgotten with its requests; one with the provider's id never is.
void TestJudgeBatches::manyRequestsAndForgetting()
{
    QFETCH(QString, backend);
    auto study = open(backend, QStringLiteral("many"));
    QVERIFY(study);
    const model::Id run = addRun(*study);
    QVERIFY(run != 0);
    std::vector<model::JudgeBatchRequest> requests;
    for (int i = 0; i < 250; ++i) {
        std::string id(1, 'r');
        id.append(std::to_string(i + 1));
        requests.push_back({id, i % 2 ? kHashA : kHashB, i % 7});
    }
    model::Id batch = 0;
    QVERIFY(study->write([&] { batch = study->addJudgeBatch(run, "openai", "tok-many", requests); }).ok());
    const auto stored = study->judgeBatchRequests(batch);
    QCOMPARE(stored.size(), std::size_t{250});
    std::map<std::string, model::JudgeBatchRequest> byId;
    for (const auto &r : stored)
        byId[r.customId] = r;
    QCOMPARE(byId.size(), std::size_t{250});
    for (const auto &r : requests) {
        QVERIFY(byId.count(r.customId));
        QCOMPARE(QString::fromStdString(byId[r.customId].requestHash), QString::fromStdString(r.requestHash));
        QCOMPARE(byId[r.customId].sampleIndex, r.sampleIndex);
    }
    QCOMPARE(study->judgeBatches(run).at(0).requests, std::size_t{250});

    auto twice = requests;
    twice[150].customId = twice[120].customId;
    QVERIFY(!study->write([&] { study->addJudgeBatch(run, "openai", "tok-twice", twice); }).ok());
    QCOMPARE(study->judgeBatches().size(), std::size_t{1});

    bool forgotten = false;
    QVERIFY(study->write([&] { forgotten = study->forgetUnsubmittedJudgeBatch(batch); }).ok());
    QVERIFY(forgotten);
    QVERIFY(study->judgeBatches().empty());
    QVERIFY(study->judgeBatchRequests(batch).empty());

    model::Id sent = 0;
    QVERIFY(study
                ->write([&] {
                    sent = study->addJudgeBatch(run, "openai", "tok-sent", {{"c-1", kHashA, 0}});
                    study->setJudgeBatchState(sent, "batch_sent", "in_progress");
                })
                .ok());
    QVERIFY(study->write([&] { forgotten = study->forgetUnsubmittedJudgeBatch(sent); }).ok());
    QVERIFY(!forgotten);
    QCOMPARE(study->judgeBatches().size(), std::size_t{1});
    QCOMPARE(study->judgeBatchRequests(sent).size(), std::size_t{1});
}

void TestJudgeBatches::olderFileGetsTheTables()
{
    const std::string older = m_dir.filePath(QStringLiteral("format8.concord")).toStdString();
    {
        Database db(older, Database::Mode::ReadWriteCreate);
        Schema::migrate(db, 0, Schema::migrations().first(8));
        db.exec("PRAGMA application_id = " + std::to_string(Schema::kApplicationId));
    }
    auto opened = Study::open(older);
    QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
    QCOMPARE(opened.value()->schemaVersion(), Schema::currentVersion());
    QCOMPARE(Schema::currentVersion(), 9);
    QVERIFY(opened.value()->judgeBatches().empty());
    const model::Id run = addRun(*opened.value());
    QVERIFY(opened.value()
                ->write([&] {
                    opened.value()->addJudgeBatch(run, "anthropic", "t", {{"c", kHashA, 0}});
                })
                .ok());
    QCOMPARE(opened.value()->judgeBatches().size(), std::size_t{1});
}

void TestJudgeBatches::annotatorReadsNoBatch()
{
    const std::string uri = m_cluster->createTeamStudy(QStringLiteral("batches_access"));
    QVERIFY2(!uri.empty(), qPrintable(m_cluster->error()));
    {
        auto study = Study::open(uri);
        QVERIFY(study.ok());
        const model::Id run = addRun(*study.value());
        QVERIFY(study.value()
                    ->write([&] {
                        study.value()->addJudgeBatch(run, "openai", "tok", {{"c", kHashA, 0}});
                    })
                    .ok());
        PgConnection admin(uri);
        PgTeam::addMember(admin, "una", "expert", TeamRole::Annotator);
        PgTestCluster::givePassword(admin, "una", "una-password");
    }
    PgLogin una(
        m_cluster->tcpUri(QStringLiteral("una"), QStringLiteral("una-password"), QStringLiteral("batches_access")));
    QVERIFY2(una.connected(), qPrintable(una.connectionError()));
    for (const char *sql : {"SELECT count(*) FROM judge_batches", "SELECT count(*) FROM judge_batch_requests",
                            "UPDATE judge_batches SET state = 'cancelled'", "DELETE FROM judge_batch_requests"}) {
        const QString answer = una.run(sql);
        QVERIFY2(answer.startsWith(QStringLiteral("error: permission denied")), qPrintable(answer));
    }
    auto asUna = Study::open(
        m_cluster->tcpUri(QStringLiteral("una"), QStringLiteral("una-password"), QStringLiteral("batches_access")));
    QVERIFY2(asUna.ok(), asUna.ok() ? "" : asUna.error().describe().c_str());
    QVERIFY(asUna.value()->judgeBatches().empty());
}

QTEST_GUILESS_MAIN(TestJudgeBatches)
#include "tst_judge_batches.moc"

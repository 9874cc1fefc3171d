// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Review on both backends: the queue ordered by a hand-computed disagreement; accept, reject (a comment needed;
// work sent to another person joins their assignment); adjudicated labels as the group "adjudicated" that stats
// uses as the human reference; a decision never changed and a label outside the scale refused, changing
// nothing; on a team study the server records the login as the reviewer, and an annotator reads only the
// decisions on their own work and writes none.
#include "reports/review_report.h"
#include "store/pg_connection.h"
#include "store/pg_team.h"
#include "store/study.h"
#include "store/study_publisher.h"

#include "cli_run.h"
#include "error.h"
#include "pg_login.h"
#include "pg_test_cluster.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

using namespace concord;
using namespace concord::store;
using concord::test::PgLogin;
using concord::test::PgTestCluster;
using concord::test::runCli;

namespace {

// Three documents of systems A and B on coherence (1 to 5). ann and bea rate d1 (A: 1 and 5, B: 3 and 3) and
// d2 (A: 2 and 3, B: 4 and 4); only ann rates d3. Disagreement: d1 (4/4 + 0)/2 = 0.5, d2 (1/4 + 0)/2 = 0.125,
// d3 none. cal rates nothing.
void makeStudy(const std::string &path)
{
    auto created = Study::create(path);
    QVERIFY(created.ok());
    Study &s = *created.value();
    QVERIFY(s.write([&] {
                 model::Dimension coherence;
                 coherence.name = "coherence";
                 const model::Id dim = s.ensureDimension(coherence);
                 const model::Id ann = s.ensureRater({0, "ann", model::RaterKind::Human, "expert", {}, {}, {}, {}});
                 const model::Id bea = s.ensureRater({0, "bea", model::RaterKind::Human, "expert", {}, {}, {}, {}});
                 s.ensureRater({0, "cal", model::RaterKind::Human, "expert", {}, {}, {}, {}});
                 const double annValues[3][2] = {{1, 3}, {2, 4}, {5, 5}};
                 const double beaValues[2][2] = {{5, 3}, {3, 4}};
                 for (int doc = 0; doc < 3; ++doc) {
                     model::Document d;
                     d.externalId = std::string("d").append(std::to_string(doc + 1));
                     d.source = "An article.";
                     const model::Id docId = s.addDocument(d);
                     int k = 0;
                     for (const char *system : {"A", "B"}) {
                         const model::Id c = s.addCandidate(docId, s.ensureSystem(system), "A summary.");
                         s.setRating(ann, c, dim, annValues[doc][k]);
                         if (doc < 2)
                             s.setRating(bea, c, dim, beaValues[doc][k]);
                         ++k;
                     }
                 }
             }).ok());
}

std::vector<std::string> order(const std::vector<reports::ReviewQueueItem> &queue)
{
    std::vector<std::string> out;
    for (const auto &item : queue)
        out.push_back(item.externalId);
    return out;
}

} // namespace

class TestReview : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void queueByDisagreement();
    void decisionsAndReturnedWork();
    void adjudicatedIsAGroup();
    void badDecisionsChangeNothing();
    void teamServerKeepsTheRecord();

private:
    std::unique_ptr<PgTestCluster> m_cluster;
    QTemporaryDir m_dir;
    std::string m_file;
};

void TestReview::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_file = m_dir.filePath(QStringLiteral("review.concord")).toStdString();
    makeStudy(m_file);
    m_cluster = std::make_unique<PgTestCluster>();
    QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
}

void TestReview::cleanupTestCase()
{
    m_cluster.reset();
}

void TestReview::queueByDisagreement()
{
    auto study = Study::open(m_file);
    QVERIFY(study.ok());
    const auto queue = reports::reviewQueue(*study.value(), {});
    QVERIFY(queue.ok());
    QCOMPARE(order(queue.value()), (std::vector<std::string>{"d1", "d2", "d3"}));
    QCOMPARE(*queue.value()[0].disagreement, 0.5);
    QCOMPARE(*queue.value()[1].disagreement, 0.125);
    QCOMPARE(queue.value()[0].cells, std::size_t(2));
    QVERIFY(!queue.value()[2].disagreement.has_value());
    QCOMPARE(queue.value()[0].annotators, (std::vector<std::string>{"ann", "bea"}));
    QCOMPARE(queue.value()[2].status, std::string("open"));
    // One annotator's work only: bea worked on d1 and d2.
    reports::ReviewQueueRequest hers;
    hers.annotator = "bea";
    QCOMPARE(order(reports::reviewQueue(*study.value(), hers).value()), (std::vector<std::string>{"d1", "d2"}));
    // A seeded random order is the same each time.
    reports::ReviewQueueRequest random;
    random.order = reports::ReviewQueueRequest::Order::Random;
    random.seed = 5;
    QCOMPARE(order(reports::reviewQueue(*study.value(), random).value()),
             order(reports::reviewQueue(*study.value(), random).value()));
}

void TestReview::decisionsAndReturnedWork()
{
    const QString file = QString::fromStdString(m_file);
    const auto accepted = runCli({QStringLiteral("review"), QStringLiteral("accept"), file, QStringLiteral("d2"),
                                  QStringLiteral("--annotator"), QStringLiteral("ann"), QStringLiteral("--reviewer"),
                                  QStringLiteral("lead")});
    QVERIFY2(accepted.exitCode == 0, qPrintable(accepted.err));
    const auto rejected = runCli({QStringLiteral("review"), QStringLiteral("reject"), file, QStringLiteral("d2"),
                                  QStringLiteral("--annotator"), QStringLiteral("bea"), QStringLiteral("--comment"),
                                  QStringLiteral("B is fluent, not incoherent"), QStringLiteral("--send-to"),
                                  QStringLiteral("cal"), QStringLiteral("--reviewer"), QStringLiteral("lead")});
    QVERIFY2(rejected.exitCode == 0, qPrintable(rejected.err));
    QVERIFY2(rejected.out.contains(QStringLiteral("sent to cal")), qPrintable(rejected.out));
    auto study = Study::open(m_file);
    QVERIFY(study.ok());
    // The returned document is in cal's queue.
    const model::Id cal = *study.value()->raterId("cal");
    QCOMPARE(study.value()->assignedDocuments(cal), (std::vector<model::Id>{*study.value()->documentId("d2")}));
    const auto reviews = study.value()->reviews();
    QCOMPARE(reviews.size(), std::size_t(2));
    QCOMPARE(reviews[1].decision, std::string("rejected"));
    QCOMPARE(reviews[1].reviewer, std::string("lead"));
    QCOMPARE(reviews[1].returnedTo, std::optional<model::Id>(cal));
    QVERIFY(!reviews[1].decidedAt.empty());
    const auto queue = reports::reviewQueue(*study.value(), {});
    QCOMPARE(queue.value()[1].externalId, std::string("d2"));
    QCOMPARE(queue.value()[1].status, std::string("rejected"));
    // Once bea's work is accepted too, d2 leaves the queue (--all shows it).
    QVERIFY(reports::recordDecision(*study.value(), {"d2", "bea", "accepted", "", std::nullopt, "lead"}).ok());
    QCOMPARE(order(reports::reviewQueue(*study.value(), {}).value()), (std::vector<std::string>{"d1", "d3"}));
    reports::ReviewQueueRequest all;
    all.decided = true;
    QCOMPARE(reports::reviewQueue(*study.value(), all).value()[1].status, std::string("accepted"));
}

void TestReview::adjudicatedIsAGroup()
{
    const QString file = QString::fromStdString(m_file);
    const auto run = runCli({QStringLiteral("review"), QStringLiteral("adjudicate"), file, QStringLiteral("d1"),
                             QStringLiteral("--dimension"), QStringLiteral("coherence"), QStringLiteral("--value"),
                             QStringLiteral("A=2"), QStringLiteral("--value"), QStringLiteral("B=3"),
                             QStringLiteral("--reviewer"), QStringLiteral("lead")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY(reports::adjudicate(*Study::open(m_file).value(), {"d3", "coherence", "ann", {}, "", "lead"}).ok());
    auto study = Study::open(m_file);
    QVERIFY(study.ok());
    const auto adjudicated = study.value()->raterId("adjudicated");
    QVERIFY(adjudicated.has_value());
    const model::Id dim = *study.value()->dimensionId("coherence");
    const auto labels = study.value()->ratingsOf(*adjudicated, dim);
    QCOMPARE(labels.size(), std::size_t(4));
    double sum = 0;
    for (const auto &[candidate, value] : labels)
        sum += value;
    QCOMPARE(sum, 2.0 + 3.0 + 5.0 + 5.0);
    // d1 and d3 are decided now: one adjudicated decision per annotator with work on them.
    std::size_t decisions = 0;
    for (const auto &r : study.value()->reviews())
        decisions += r.decision == "adjudicated" ? 1 : 0;
    QCOMPARE(decisions, std::size_t(3));
    QVERIFY(reports::reviewQueue(*study.value(), {}).value().empty());
    // The adjudicated labels are a human group every analysis may compare with.
    const auto stats
        = runCli({QStringLiteral("stats"), file, QStringLiteral("--human"), QStringLiteral("adjudicated"),
                  QStringLiteral("--rater"), QStringLiteral("ann"), QStringLiteral("--format"), QStringLiteral("csv")});
    QVERIFY2(stats.exitCode == 0, qPrintable(stats.err));
    QVERIFY2(stats.out.contains(QStringLiteral("ann,adjudicated,coherence,dataset")), qPrintable(stats.out));
}

void TestReview::badDecisionsChangeNothing()
{
    auto study = Study::open(m_file);
    QVERIFY(study.ok());
    Study &s = *study.value();
    const std::size_t before = s.reviews().size();
    const std::vector<std::pair<reports::ReviewDecision, std::string>> bad{
        {{"d1", "bea", "rejected", "", std::nullopt, "lead"}, "needs a comment"},
        {{"d3", "bea", "accepted", "", std::nullopt, "lead"}, "has no work on document 'd3'"},
        {{"d1", "zoe", "accepted", "", std::nullopt, "lead"}, "no rater named 'zoe'"},
        {{"d9", "ann", "accepted", "", std::nullopt, "lead"}, "no document 'd9'"},
        {{"d1", "ann", "accepted", "", std::string("cal"), "lead"}, "only rejected work is sent back"},
    };
    for (const auto &[decision, why] : bad) {
        const auto refused = reports::recordDecision(s, decision);
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().message.find(why) != std::string::npos, refused.error().message.c_str());
    }
    // A label outside the scale is the database's to refuse: nothing of the adjudication is stored.
    const auto outside = reports::adjudicate(s, {"d2", "coherence", std::nullopt, {{"A", 9}}, "", "lead"});
    QVERIFY(!outside.ok());
    QCOMPARE(s.reviews().size(), before);
    // A decision is a record.
    const Status changed = s.write([&] { s.database().exec("UPDATE reviews SET decision = 'accepted'"); });
    QVERIFY(!changed.ok());
    QVERIFY2(changed.error().message.find("never changed") != std::string::npos, changed.error().message.c_str());
}

void TestReview::teamServerKeepsTheRecord()
{
    const std::string uri = m_cluster->createDatabase(QStringLiteral("reviewed"));
    QVERIFY(!uri.empty());
    const auto published = StudyPublisher::publish(m_file, uri);
    QVERIFY2(published.ok(), published.ok() ? "" : published.error().describe().c_str());
    {
        PgConnection admin(uri);
        // The file's decisions came with it, under the names they were made by.
        QCOMPARE(std::string(admin.query("SELECT count(*) FROM reviews WHERE reviewer = 'lead'").text(0, 0)),
                 std::to_string(Study::open(m_file).value()->reviews().size()));
        admin.script("CREATE ROLE ann LOGIN PASSWORD 'ann-password' IN ROLE concord_annotator; "
                     "GRANT CONNECT ON DATABASE reviewed TO ann");
        PgTeam::addMember(admin, "liz", "", TeamRole::Lead);
        admin.script("ALTER ROLE liz PASSWORD 'liz-password'");
    }
    const std::string lizUri
        = m_cluster->tcpUri(QStringLiteral("liz"), QStringLiteral("liz-password"), QStringLiteral("reviewed"));
    auto liz = Study::open(lizUri);
    QVERIFY2(liz.ok(), liz.ok() ? "" : liz.error().describe().c_str());
    // Another name than the login is refused by the server; the login's own is recorded.
    const auto other = reports::recordDecision(*liz.value(), {"d1", "bea", "accepted", "", std::nullopt, "lead"});
    QVERIFY(!other.ok());
    QVERIFY2(other.error().message.find("own login") != std::string::npos, other.error().message.c_str());
    QVERIFY(reports::recordDecision(*liz.value(), {"d1", "bea", "accepted", "", std::nullopt, "liz"}).ok());
    PgLogin lead(lizUri);
    QVERIFY(lead.run("UPDATE reviews SET comment = 'x'").startsWith(QStringLiteral("error: permission denied")));
    QVERIFY(lead.run("DELETE FROM reviews").startsWith(QStringLiteral("error: permission denied")));
    // ann reads the decisions on her own work only, and writes none.
    PgLogin ann(m_cluster->tcpUri(QStringLiteral("ann"), QStringLiteral("ann-password"), QStringLiteral("reviewed")));
    QVERIFY2(ann.connected(), qPrintable(ann.connectionError()));
    PgConnection admin(uri);
    const std::string hers(admin
                               .query("SELECT count(*) FROM reviews v JOIN raters r ON r.id = v.annotator_id "
                                      "WHERE r.name = 'ann'")
                               .text(0, 0));
    QVERIFY(hers != "0");
    QCOMPARE(ann.run("SELECT count(*) FROM reviews"), QString::fromStdString(hers));
    const QString insert = ann.run("INSERT INTO reviews (annotator_id, document_id, reviewer, decision, decided_at) "
                                   "SELECT id, 1, 'ann', 'accepted', 'now' FROM raters WHERE name = 'ann'");
    QVERIFY2(insert.startsWith(QStringLiteral("error: permission denied")), qPrintable(insert));
}

QTEST_GUILESS_MAIN(TestReview)
#include "tst_review.moc"

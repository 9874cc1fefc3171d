// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The reviewer role on a real PostgreSQL: a study whose rules predate it gets it when they are set again; added
// with concord-cli team add --role reviewer and listed as such; a reviewer's login reads every annotator's ratings
// (and no system), records accept and reject under its own login only (work sent to someone joins their
// assignment), adjudicates (labels stored as the rater adjudicated); its raw SQL cannot change or remove a
// decision, write anyone's judgements but the adjudicated labels, nor change raters, documents or dimensions;
// annotators stay blind to each other's work and decisions; and setting the access rules again changes none of it.
#include "reports/review_report.h"
#include "reports/team_progress.h"
#include "store/pg_connection.h"
#include "store/pg_schema.h"
#include "store/pg_team.h"
#include "store/study.h"
#include "store/study_publisher.h"

#include "cli_run.h"
#include "error.h"
#include "pg_login.h"
#include "pg_test_cluster.h"

#include <QTemporaryDir>
#include <QTest>

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
// d2 (A: 2 and 3, B: 4 and 4); only ann rates d3. cal rates nothing.
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

class TestPgReviewer : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void olderRulesGetTheRole();
    void published();
    void addedAndListedAsReviewer();
    void readsEveryAnnotatorsWork();
    void statisticsBySystemRefused();
    void recordsDecisionsUnderItsLogin();
    void adjudicates();
    void rawSqlRefused_data();
    void rawSqlRefused();
    void annotatorsStayBlind();
    void accessRulesSetAgain();
    void decisionsOnlyOnPeople();
    void reviewerRoleNotNeeded();

private:
    std::string fingerprint();
    std::string ritaUri() const
    {
        return m_cluster->tcpUri(QStringLiteral("rita"), QStringLiteral("rita-password"), QStringLiteral("reviewed"));
    }

    std::unique_ptr<PgTestCluster> m_cluster;
    QTemporaryDir m_dir;
    std::string m_file;
    std::string m_uri; // the superuser's
};

void TestPgReviewer::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_file = m_dir.filePath(QStringLiteral("review.concord")).toStdString();
    makeStudy(m_file);
    m_cluster = std::make_unique<PgTestCluster>();
    QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
}

void TestPgReviewer::cleanupTestCase()
{
    m_cluster.reset();
}

// A study whose access rules were set before the reviewer role gets the reviewers' rules with its first reviewer.
void TestPgReviewer::olderRulesGetTheRole()
{
    const std::string uri = m_cluster->createDatabase(QStringLiteral("older"));
    QVERIFY(!uri.empty());
    const auto published = StudyPublisher::publish(m_file, uri);
    QVERIFY2(published.ok(), published.ok() ? "" : published.error().describe().c_str());
    PgConnection admin(uri);
    // No other database of the cluster refers to the role yet: it can go, with all it was granted here.
    admin.script(
        "DROP FUNCTION concord_adjudicated_rater(); DROP OWNED BY concord_reviewer; DROP ROLE concord_reviewer");
    PgTeam::addMember(admin, "rex", "", TeamRole::Reviewer);
    PgTestCluster::givePassword(admin, "rex", "rex-password");
    PgLogin rex(m_cluster->tcpUri(QStringLiteral("rex"), QStringLiteral("rex-password"), QStringLiteral("older")));
    QVERIFY2(rex.connected(), qPrintable(rex.connectionError()));
    QCOMPARE(rex.run("SELECT count(*) FROM ratings"), QStringLiteral("10"));
    QVERIFY(rex.run("DELETE FROM reviews").startsWith(QStringLiteral("error: permission denied")));
}

void TestPgReviewer::published()
{
    m_uri = m_cluster->createDatabase(QStringLiteral("reviewed"));
    QVERIFY(!m_uri.empty());
    const auto published = StudyPublisher::publish(m_file, m_uri);
    QVERIFY2(published.ok(), published.ok() ? "" : published.error().describe().c_str());
    PgConnection admin(m_uri);
    // ann and bea are raters of the published file already: their logins are added beside them.
    for (const char *name : {"ann", "bea"}) {
        admin.script(std::string("CREATE ROLE ").append(name).append(" LOGIN IN ROLE concord_annotator"));
        admin.script(std::string("GRANT CONNECT ON DATABASE reviewed TO ").append(name));
        PgTestCluster::givePassword(admin, name, std::string(name).append("-password"));
    }
}

// What the reviewer's raw SQL must leave as it was: every row of the tables it might reach.
std::string TestPgReviewer::fingerprint()
{
    PgConnection admin(m_uri);
    std::string out;
    for (const char *table : {"ratings", "reviews", "assignments", "raters", "dimensions", "documents", "judge_runs"})
        out.append(table)
            .append(":")
            .append(admin
                        .query(std::string("SELECT md5(COALESCE(string_agg(t::text, '|' ORDER BY t::text), '')) FROM ")
                                   .append(table)
                                   .append(" t"))
                        .text(0, 0))
            .append(";");
    return out;
}

void TestPgReviewer::addedAndListedAsReviewer()
{
    const QString uri = QString::fromStdString(m_uri);
    const auto added
        = runCli({QStringLiteral("team"), QStringLiteral("add"), uri, QStringLiteral("rita"), QStringLiteral("--role"),
                  QStringLiteral("reviewer"), QStringLiteral("--group"), QStringLiteral("reviewers")});
    QVERIFY2(added.exitCode == 0, qPrintable(added.err));
    QVERIFY2(added.out.contains(QStringLiteral("added reviewer 'rita'")), qPrintable(added.out));
    const auto unknown = runCli({QStringLiteral("team"), QStringLiteral("add"), uri, QStringLiteral("ron"),
                                 QStringLiteral("--role"), QStringLiteral("judge")});
    QVERIFY(unknown.exitCode != 0);
    QVERIFY2(unknown.err.contains(QStringLiteral("annotator, reviewer or lead")), qPrintable(unknown.err));
    {
        PgConnection admin(m_uri);
        PgTestCluster::givePassword(admin, "rita", "rita-password");
        QCOMPARE(std::string(admin.query("SELECT count(*) FROM pg_roles WHERE rolname = 'ron'").text(0, 0)),
                 std::string("0"));
    }
    const auto listed = runCli(
        {QStringLiteral("team"), QStringLiteral("list"), uri, QStringLiteral("--format"), QStringLiteral("csv")});
    QVERIFY2(listed.exitCode == 0, qPrintable(listed.err));
    QVERIFY2(listed.out.contains(QStringLiteral("rita,reviewers,yes,reviewer,")), qPrintable(listed.out));
    QVERIFY2(listed.out.contains(QStringLiteral("ann,expert,yes,annotator,")), qPrintable(listed.out));
    // The reviewer's own login knows what it is, and lists the team with its groups.
    PgConnection rita(ritaUri());
    const TeamLogin login = PgTeam::login(rita);
    QCOMPARE(login.name, std::string("rita"));
    QVERIFY(login.reviewer);
    QVERIFY(!login.lead);
    QVERIFY(!login.annotator);
    QVERIFY(!login.mayAddRaters);
    QVERIFY(login.mayReadGroups);
    std::vector<std::string> team;
    for (const TeamMember &m : PgTeam::list(rita))
        team.push_back(m.name + ":" + m.role);
    QCOMPARE(team, (std::vector<std::string>{"ann:annotator", "bea:annotator", "cal:", "rita:reviewer"}));
    // A reviewer is no annotator: the team's default assignment leaves them out.
    const auto assigned
        = runCli({QStringLiteral("team"), QStringLiteral("assign"), uri, QStringLiteral("--per-document"),
                  QStringLiteral("1"), QStringLiteral("--format"), QStringLiteral("csv")});
    QVERIFY2(assigned.exitCode == 0, qPrintable(assigned.err));
    QVERIFY2(!assigned.out.contains(QStringLiteral("rita")), qPrintable(assigned.out));
    // The reviewer reads the whole assignment, with the work kept, as the lead does.
    const QStringList show{QStringLiteral("--show"), QStringLiteral("--format"), QStringLiteral("csv")};
    const auto leads = runCli(QStringList{QStringLiteral("team"), QStringLiteral("assign"), uri} + show);
    const auto reviewers = runCli(
        QStringList{QStringLiteral("team"), QStringLiteral("assign"), QString::fromStdString(ritaUri())} + show);
    QVERIFY2(reviewers.exitCode == 0, qPrintable(reviewers.err));
    QVERIFY2(leads.out.contains(QStringLiteral("ann,")), qPrintable(leads.out));
    QCOMPARE(reviewers.out, leads.out);
}

void TestPgReviewer::readsEveryAnnotatorsWork()
{
    PgConnection admin(m_uri);
    const std::string all(admin
                              .query("SELECT count(*) FROM ratings g JOIN raters r ON r.id = g.rater_id "
                                     "WHERE r.name IN ('ann', 'bea')")
                              .text(0, 0));
    QCOMPARE(all, std::string("10"));
    PgLogin rita(ritaUri());
    QVERIFY2(rita.connected(), qPrintable(rita.connectionError()));
    QCOMPARE(rita.run("SELECT count(*) FROM ratings"), QString::fromStdString(all));
    // Both annotators' ratings of d1, by rater and value.
    QCOMPARE(rita.run("SELECT r.name || '=' || g.value FROM ratings g JOIN raters r ON r.id = g.rater_id "
                      "JOIN concord_summary_ids() c ON c.id = g.candidate_id JOIN documents d ON d.id = c.document_id "
                      "WHERE d.external_id = 'd1' ORDER BY r.name, g.value"),
             QStringLiteral("ann=1,ann=3,bea=3,bea=5"));
    // Blind to the systems as an annotator is.
    QVERIFY(rita.run("SELECT count(*) FROM candidates").startsWith(QStringLiteral("error: permission denied")));
    QVERIFY(rita.run("SELECT count(*) FROM systems").startsWith(QStringLiteral("error: permission denied")));
    // Its Concord reads the queue the lead's does, without the systems.
    auto study = Study::open(ritaUri());
    QVERIFY2(study.ok(), study.ok() ? "" : study.error().describe().c_str());
    QVERIFY(study.value()->isBlind());
    QVERIFY(study.value()->isReviewer());
    QVERIFY(study.value()->systems().empty());
    const auto queue = reports::reviewQueue(*study.value(), {});
    QVERIFY2(queue.ok(), queue.ok() ? "" : queue.error().message.c_str());
    QCOMPARE(order(queue.value()), (std::vector<std::string>{"d1", "d2", "d3"}));
    QCOMPARE(*queue.value()[0].disagreement, 0.5);
    QCOMPARE(queue.value()[0].annotators, (std::vector<std::string>{"ann", "bea"}));
    std::string groups;
    for (const auto &r : study.value()->raters())
        groups.append(r.name).append("/").append(r.group).append(" ");
    QCOMPARE(groups, std::string("ann/expert bea/expert cal/expert rita/reviewers "));
}

// A reviewer reads every person's work but not which system wrote a summary: statistics by system from its login
// are refused in words, never computed with every summary of a document taken as one system.
void TestPgReviewer::statisticsBySystemRefused()
{
    auto study = Study::open(ritaUri());
    QVERIFY2(study.ok(), study.ok() ? "" : study.error().describe().c_str());
    const auto dimension = study.value()->dimensionId("coherence");
    QVERIFY(dimension);
    try {
        const auto rows = study.value()->ratingsOn(*dimension);
        QFAIL(qPrintable(QStringLiteral("read %1 ratings by system").arg(rows.size())));
    } catch (const Failure &failure) {
        const std::string message = failure.what();
        QVERIFY2(message.starts_with("a team study's reviewer cannot read judgements by system"), message.c_str());
    }
    // The review queue reads them by summary and still sees both annotators' disagreement on d1.
    const auto queue = reports::reviewQueue(*study.value(), {});
    QVERIFY2(queue.ok(), queue.ok() ? "" : queue.error().message.c_str());
    QCOMPARE(*queue.value()[0].disagreement, 0.5);
    // The CLI's statistics say so rather than print numbers over one merged system.
    const auto stats = runCli({QStringLiteral("stats"), QString::fromStdString(ritaUri()), QStringLiteral("--human"),
                               QStringLiteral("expert"), QStringLiteral("--rater"), QStringLiteral("bea")});
    QVERIFY(stats.exitCode != 0);
    QVERIFY2(stats.err.contains(QStringLiteral("reviewer cannot read judgements by system")), qPrintable(stats.err));
    // The team's progress and times are the lead's: said so, not the server's "permission denied" half-way.
    const auto progress = reports::computeTeamProgress(*study.value(), {});
    QVERIFY(!progress.ok());
    QVERIFY2(progress.error().message.starts_with("a team study's reviewer cannot read the team's progress"),
             progress.error().message.c_str());
}

void TestPgReviewer::recordsDecisionsUnderItsLogin()
{
    auto study = Study::open(ritaUri());
    QVERIFY2(study.ok(), study.ok() ? "" : study.error().describe().c_str());
    Study &s = *study.value();
    // Another name than the login is refused by the server; the login's own is recorded.
    const auto other = reports::recordDecision(s, {"d1", "bea", "accepted", "", std::nullopt, "liz"});
    QVERIFY(!other.ok());
    QVERIFY2(other.error().message.find("own login") != std::string::npos, other.error().message.c_str());
    QVERIFY(reports::recordDecision(s, {"d1", "bea", "accepted", "", std::nullopt, "rita"}).ok());
    const auto rejected = reports::recordDecision(
        s, {"d2", "bea", "rejected", "B is fluent, not incoherent", std::string("cal"), "rita"});
    QVERIFY2(rejected.ok(), rejected.ok() ? "" : rejected.error().message.c_str());
    // concord-cli review as the reviewer's login: the server records the login.
    const auto accepted = runCli({QStringLiteral("review"), QStringLiteral("accept"), QString::fromStdString(ritaUri()),
                                  QStringLiteral("d2"), QStringLiteral("--annotator"), QStringLiteral("ann")});
    QVERIFY2(accepted.exitCode == 0, qPrintable(accepted.err));
    // The queue and the log read from the reviewer's login as from the lead's.
    const auto queue = runCli({QStringLiteral("review"), QStringLiteral("queue"), QString::fromStdString(ritaUri()),
                               QStringLiteral("--all"), QStringLiteral("--format"), QStringLiteral("csv")});
    QVERIFY2(queue.exitCode == 0, qPrintable(queue.err));
    QVERIFY2(queue.out.contains(QStringLiteral("d2,\"ann, bea\"")), qPrintable(queue.out));
    const auto log = runCli({QStringLiteral("review"), QStringLiteral("log"), QString::fromStdString(ritaUri()),
                             QStringLiteral("--format"), QStringLiteral("csv")});
    QVERIFY2(log.exitCode == 0, qPrintable(log.err));
    QVERIFY2(log.out.contains(QStringLiteral(",rita,d2,bea,rejected,cal,\"B is fluent, not incoherent\"")),
             qPrintable(log.out));
    PgConnection admin(m_uri);
    QCOMPARE(std::string(admin
                             .query("SELECT string_agg(v.reviewer || ':' || r.name || ':' || d.external_id || ':' || "
                                    "v.decision, ',' ORDER BY v.id) FROM reviews v JOIN raters r ON "
                                    "r.id = v.annotator_id JOIN documents d ON d.id = v.document_id")
                             .text(0, 0)),
             std::string("rita:bea:d1:accepted,rita:bea:d2:rejected,rita:ann:d2:accepted"));
    // The work sent to cal joined her assignment.
    QCOMPARE(std::string(admin
                             .query("SELECT string_agg(d.external_id, ',') FROM assignments a JOIN raters r ON "
                                    "r.id = a.annotator_id JOIN documents d ON d.id = a.document_id "
                                    "WHERE r.name = 'cal'")
                             .text(0, 0)),
             std::string("d2"));
}

void TestPgReviewer::adjudicates()
{
    auto study = Study::open(ritaUri());
    QVERIFY2(study.ok(), study.ok() ? "" : study.error().describe().c_str());
    Study &s = *study.value();
    // Labels per system are not a blind login's to give.
    const auto bySystem = reports::adjudicate(s, {"d1", "coherence", std::nullopt, {{"A", 2}}, "", "rita"});
    QVERIFY(!bySystem.ok());
    QVERIFY2(bySystem.error().message.find("which system") != std::string::npos, bySystem.error().message.c_str());
    const auto taken = reports::adjudicate(s, {"d1", "coherence", std::string("bea"), {}, "bea is right", "rita"});
    QVERIFY2(taken.ok(), taken.ok() ? "" : taken.error().message.c_str());
    QCOMPARE(taken.value(), std::size_t(2));
    // Through concord-cli too, as the reviewer's login; the rater made once is used again.
    const auto run = runCli({QStringLiteral("review"), QStringLiteral("adjudicate"), QString::fromStdString(ritaUri()),
                             QStringLiteral("d3"), QStringLiteral("--dimension"), QStringLiteral("coherence"),
                             QStringLiteral("--take"), QStringLiteral("ann")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    // Adjudicated again, the labels are replaced: the reviewer updates the adjudicated rater's ratings.
    const auto again = reports::adjudicate(s, {"d1", "coherence", std::string("ann"), {}, "ann after all", "rita"});
    QVERIFY2(again.ok(), again.ok() ? "" : again.error().message.c_str());
    PgConnection admin(m_uri);
    QCOMPARE(std::string(admin
                             .query("SELECT count(*) FROM raters WHERE name = 'adjudicated' AND kind = 'human' "
                                    "AND grp = 'adjudicated'")
                             .text(0, 0)),
             std::string("1"));
    QCOMPARE(std::string(admin
                             .query("SELECT string_agg(d.external_id || '=' || g.value, ',' ORDER BY d.external_id, "
                                    "g.value) FROM ratings g JOIN raters r ON r.id = g.rater_id JOIN candidates c "
                                    "ON c.id = g.candidate_id JOIN documents d ON d.id = c.document_id "
                                    "WHERE r.name = 'adjudicated'")
                             .text(0, 0)),
             std::string("d1=1,d1=3,d3=5,d3=5"));
    QCOMPARE(std::string(admin
                             .query("SELECT count(*) FROM reviews WHERE decision = 'adjudicated' AND "
                                    "reviewer = 'rita'")
                             .text(0, 0)),
             std::string("5"));
}

void TestPgReviewer::rawSqlRefused_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("refusal"); // how the answer starts

    const QString denied = QStringLiteral("error: permission denied");
    const QString policy = QStringLiteral("error: new row violates row-level security policy");
    QTest::newRow("update a review") << QStringLiteral("UPDATE reviews SET comment = 'x'") << denied;
    QTest::newRow("delete a review") << QStringLiteral("DELETE FROM reviews") << denied;
    QTest::newRow("a review under another name")
        << QStringLiteral("INSERT INTO reviews (annotator_id, document_id, reviewer, decision, decided_at) "
                          "SELECT id, (SELECT min(id) FROM documents), 'liz', 'accepted', 'now' FROM raters "
                          "WHERE name = 'ann'")
        << QStringLiteral("error: a review decision is recorded under the reviewer's own login");
    QTest::newRow("change an annotator's rating")
        << QStringLiteral("UPDATE ratings SET value = 1 WHERE rater_id = (SELECT id FROM raters WHERE name = 'ann')")
        << QStringLiteral("UPDATE 0");
    QTest::newRow("delete ratings") << QStringLiteral("DELETE FROM ratings") << denied;
    QTest::newRow("rate as an annotator")
        << QStringLiteral("INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) SELECT r.id, c.id, "
                          "(SELECT min(id) FROM dimensions), 3 FROM raters r, concord_summary_ids() c "
                          "WHERE r.name = 'cal' LIMIT 1")
        << policy;
    QTest::newRow("rate as their own rater")
        << QStringLiteral("INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) SELECT r.id, c.id, "
                          "(SELECT min(id) FROM dimensions), 3 FROM raters r, concord_summary_ids() c "
                          "WHERE r.name = 'rita' LIMIT 1")
        << policy;
    QTest::newRow("an adjudicated rating from a judge call")
        << QStringLiteral("UPDATE ratings SET call_id = NULL") << denied;
    QTest::newRow("clear an annotator's rating") << QStringLiteral("SELECT concord_clear_rating(1, 1, 1)") << denied;
    QTest::newRow("rename a rater") << QStringLiteral("UPDATE raters SET grp = 'x'") << denied;
    QTest::newRow("add a rater") << QStringLiteral("INSERT INTO raters (name, kind) VALUES ('zed', 'human')") << denied;
    QTest::newRow("change a dimension") << QStringLiteral("UPDATE dimensions SET scale_max = 7") << denied;
    QTest::newRow("add a document") << QStringLiteral("INSERT INTO documents (external_id, source) VALUES ('d9', 'x')")
                                    << denied;
    QTest::newRow("read judge runs") << QStringLiteral("SELECT count(*) FROM judge_runs") << denied;
    QTest::newRow("start a judge run") << QStringLiteral(
        "INSERT INTO judge_runs (rater_id, protocol, started_at) VALUES (1, 'direct', 'now')")
                                       << denied;
    QTest::newRow("assign work not sent back")
        << QStringLiteral("INSERT INTO assignments (annotator_id, document_id, assigned_at) "
                          "SELECT id, (SELECT max(id) FROM documents), 'now' FROM raters WHERE name = 'bea'")
        << policy;
    QTest::newRow("remove an assignment") << QStringLiteral("DELETE FROM assignments") << denied;
    QTest::newRow("read the held-out split") << QStringLiteral("SELECT count(*) FROM document_splits") << denied;
}

void TestPgReviewer::rawSqlRefused()
{
    QFETCH(QString, sql);
    QFETCH(QString, refusal);
    const std::string before = fingerprint();
    PgLogin rita(ritaUri());
    QVERIFY2(rita.connected(), qPrintable(rita.connectionError()));
    const QString answer = rita.run(sql.toStdString());
    QVERIFY2(answer.startsWith(refusal), qPrintable(answer));
    QCOMPARE(fingerprint(), before);
}

void TestPgReviewer::annotatorsStayBlind()
{
    PgConnection admin(m_uri);
    const std::string hers(admin
                               .query("SELECT count(*) FROM ratings g JOIN raters r ON r.id = g.rater_id "
                                      "WHERE r.name = 'bea'")
                               .text(0, 0));
    const std::string onHer(admin
                                .query("SELECT count(*) FROM reviews v WHERE v.annotator_id = (SELECT id FROM raters "
                                       "WHERE name = 'bea') OR v.returned_to = (SELECT id FROM raters WHERE name = "
                                       "'bea')")
                                .text(0, 0));
    // Accepted on d1, rejected on d2, adjudicated twice on d1: all by rita.
    QCOMPARE(onHer, std::string("4"));
    PgLogin bea(m_cluster->tcpUri(QStringLiteral("bea"), QStringLiteral("bea-password"), QStringLiteral("reviewed")));
    QVERIFY2(bea.connected(), qPrintable(bea.connectionError()));
    QCOMPARE(bea.run("SELECT count(*) FROM ratings"), QString::fromStdString(hers));
    QCOMPARE(bea.run("SELECT count(*) FROM reviews"), QString::fromStdString(onHer));
    QCOMPARE(bea.run("SELECT count(*) FROM reviews v JOIN raters r ON r.id = v.annotator_id WHERE r.name <> 'bea'"),
             QStringLiteral("0"));
    QCOMPARE(bea.run("SELECT string_agg(name, ',') FROM raters"), QStringLiteral("bea"));
    QVERIFY(bea.run("SELECT concord_adjudicated_rater()").startsWith(QStringLiteral("error: permission denied")));
}

void TestPgReviewer::accessRulesSetAgain()
{
    // What each policy allows, not only its name: a rule set again must be the same rule.
    const std::string policies = "SELECT string_agg(tablename || '.' || policyname || ':' || cmd || ':' || "
                                 "array_to_string(roles, '+') || ':' || COALESCE(qual, '') || ':' || "
                                 "COALESCE(with_check, ''), ',' ORDER BY tablename, policyname) FROM pg_policies";
    const std::string grants = "SELECT string_agg(table_name || '.' || privilege_type, ',' ORDER BY table_name, "
                               "privilege_type) FROM information_schema.role_table_grants WHERE grantee = "
                               "'concord_reviewer'";
    const std::string columns = "SELECT string_agg(table_name || '.' || column_name || '.' || privilege_type, ',' "
                                "ORDER BY table_name, column_name, privilege_type) FROM "
                                "information_schema.role_column_grants WHERE grantee = 'concord_reviewer'";
    std::string policiesBefore, grantsBefore, columnsBefore;
    {
        PgConnection admin(m_uri);
        policiesBefore = std::string(admin.query(policies).text(0, 0));
        grantsBefore = std::string(admin.query(grants).text(0, 0));
        columnsBefore = std::string(admin.query(columns).text(0, 0));
        PgSchema::createAccessRules(admin);
        PgSchema::createAccessRules(admin);
        QCOMPARE(std::string(admin.query(policies).text(0, 0)), policiesBefore);
        QCOMPARE(std::string(admin.query(grants).text(0, 0)), grantsBefore);
        QCOMPARE(std::string(admin.query(columns).text(0, 0)), columnsBefore);
    }
    QVERIFY(policiesBefore.find("reviews.reviewer_decides:INSERT:concord_reviewer") != std::string::npos);
    // The reviewer still reads everyone's work and still may not change a decision.
    PgLogin rita(ritaUri());
    QVERIFY2(rita.connected(), qPrintable(rita.connectionError()));
    QCOMPARE(rita.run("SELECT count(*) FROM ratings g JOIN raters r ON r.id = g.rater_id WHERE r.name IN ('ann', "
                      "'bea')"),
             QStringLiteral("10"));
    QVERIFY(rita.run("UPDATE reviews SET comment = 'x'").startsWith(QStringLiteral("error: permission denied")));
}

// Decisions and returned work are about people only, by the reviewers' own rules too: with the data rules off (as
// after someone disabled them by hand, until the rules are set again) a review of a judge's id would otherwise be
// stored, and the foreign key refusing ids no rater has would tell a reviewer which ids are judges'.
void TestPgReviewer::decisionsOnlyOnPeople()
{
    PgConnection admin(m_uri);
    const std::string judge(
        admin.query("INSERT INTO raters (name, kind) VALUES ('gpt', 'judge') RETURNING id").text(0, 0));
    const std::string bea(admin.query("SELECT id FROM raters WHERE name = 'bea'").text(0, 0));
    const std::string document(admin.query("SELECT min(id) FROM documents").text(0, 0));
    const std::string review = "INSERT INTO reviews (annotator_id, document_id, reviewer, decision, comment, "
                               "returned_to, decided_at) VALUES (";
    const std::string sentToJudge = bea + ", " + document + ", 'rita', 'rejected', 'redo', " + judge + ", 'now')";
    const std::vector<std::string> refused{
        review + judge + ", " + document + ", 'rita', 'accepted', '', NULL, 'now')",
        review + sentToJudge,
        "INSERT INTO assignments (annotator_id, document_id, assigned_at) VALUES (" + judge + ", " + document
            + ", 'now')",
    };
    const std::string before = fingerprint();
    PgLogin rita(ritaUri());
    QVERIFY2(rita.connected(), qPrintable(rita.connectionError()));
    for (const std::string &sql : refused) {
        const QString answer = rita.run(sql);
        QVERIFY2(answer.startsWith(QStringLiteral("error: ")), qPrintable(answer));
    }
    admin.script("ALTER TABLE reviews DISABLE TRIGGER concord_rule; "
                 "ALTER TABLE assignments DISABLE TRIGGER concord_rule");
    // A rejection sending work to the judge, as only the owner could record one: the judge's assignment row is
    // still not the reviewer's to add.
    const std::string owners(admin.query(review + sentToJudge + " RETURNING id").text(0, 0));
    for (const std::string &sql : refused) {
        const QString answer = rita.run(sql);
        QVERIFY2(answer.startsWith(QStringLiteral("error: new row violates row-level security policy")),
                 qPrintable(answer));
    }
    admin.script("DELETE FROM reviews WHERE id = " + owners
                 + "; ALTER TABLE reviews ENABLE TRIGGER concord_rule; "
                   "ALTER TABLE assignments ENABLE TRIGGER concord_rule");
    QCOMPARE(fingerprint(), before);
    admin.script("DELETE FROM raters WHERE id = " + judge);
}

// An owner without CREATEROLE, in a cluster whose administrator made the leads' and annotators' roles but no
// reviewers' role: publishing, opening and upgrading from format 6 need no reviewer role, and none is made. The
// first reviewer is added by a role that may create roles and owns the study, which sets the reviewers' rules then.
void TestPgReviewer::reviewerRoleNotNeeded()
{
    PgTestCluster cluster; // of its own: no other study of it has made the reviewer role
    QVERIFY2(cluster.ok(), qPrintable(cluster.error()));
    for (const char *sql : {"CREATE ROLE concord_lead NOLOGIN", "CREATE ROLE concord_annotator NOLOGIN",
                            "CREATE ROLE olga LOGIN PASSWORD 'olga-password'", "CREATE DATABASE owned OWNER olga",
                            "CREATE ROLE leo LOGIN CREATEROLE PASSWORD 'leo-password' IN ROLE concord_lead"})
        QCOMPARE(cluster.exec(sql), QString());
    QCOMPARE(cluster.exec("GRANT CONNECT ON DATABASE owned TO leo"), QString());
    const QString db = QStringLiteral("owned");
    const QString olga
        = QString::fromStdString(cluster.tcpUri(QStringLiteral("olga"), QStringLiteral("olga-password"), db));
    PgConnection admin(cluster.uri(db));
    const auto reviewerRole = [&] {
        return std::string(admin.query("SELECT to_regrole('concord_reviewer') IS NOT NULL").text(0, 0)) == "t";
    };

    const auto published = StudyPublisher::publish(m_file, olga.toStdString());
    QVERIFY2(published.ok(), published.ok() ? "" : published.error().describe().c_str());
    QVERIFY(!reviewerRole());
    {
        auto opened = Study::open(olga.toStdString());
        QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
    }
    {
        // As the Concord before edit times left a team study.
        PgConnection owner(olga.toStdString());
        owner.script("DROP TABLE judge_batch_requests; DROP TABLE judge_batches; DROP TABLE edit_times; DROP TABLE "
                     "label_plan_pools; UPDATE concord_schema SET version = 6");
    }
    {
        auto opened = Study::open(olga.toStdString());
        QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
        QCOMPARE(opened.value()->schemaVersion(), PgSchema::currentVersion());
    }
    QVERIFY(!reviewerRole());
    QCOMPARE(std::string(admin.query("SELECT to_regclass('edit_times') IS NOT NULL").text(0, 0)), std::string("t"));

    // Nobody here may add the first reviewer yet, and each is told why in words.
    const auto addRita = [](const QString &uri) {
        return runCli({QStringLiteral("team"), QStringLiteral("add"), uri, QStringLiteral("rita"),
                       QStringLiteral("--role"), QStringLiteral("reviewer")});
    };
    const auto byOwner = addRita(olga);
    QVERIFY(byOwner.exitCode != 0);
    QVERIFY2(byOwner.err.contains(QStringLiteral("needs the CREATEROLE privilege")), qPrintable(byOwner.err));
    const auto byLead
        = addRita(QString::fromStdString(cluster.tcpUri(QStringLiteral("leo"), QStringLiteral("leo-password"), db)));
    QVERIFY(byLead.exitCode != 0);
    QVERIFY2(byLead.err.contains(QStringLiteral("owner")), qPrintable(byLead.err));
    QVERIFY(!reviewerRole());
    QCOMPARE(std::string(admin.query("SELECT count(*) FROM pg_roles WHERE rolname = 'rita'").text(0, 0)),
             std::string("0"));

    // Given CREATEROLE, the owner adds her, and the reviewers' rules come with the role.
    QCOMPARE(cluster.exec("ALTER ROLE olga CREATEROLE"), QString());
    const auto added = addRita(olga);
    QVERIFY2(added.exitCode == 0, qPrintable(added.err));
    QVERIFY(reviewerRole());
    QCOMPARE(std::string(admin
                             .query("SELECT count(*) FROM pg_policies WHERE tablename = 'reviews' AND policyname = "
                                    "'reviewer_decides'")
                             .text(0, 0)),
             std::string("1"));
    PgTestCluster::givePassword(admin, "rita", "rita-password");
    PgLogin rita(cluster.tcpUri(QStringLiteral("rita"), QStringLiteral("rita-password"), db));
    QVERIFY2(rita.connected(), qPrintable(rita.connectionError()));
    QCOMPARE(rita.run("SELECT count(*) FROM ratings"), QStringLiteral("10"));
    QVERIFY(rita.run("DELETE FROM reviews").startsWith(QStringLiteral("error: permission denied")));
}

QTEST_GUILESS_MAIN(TestPgReviewer)
#include "tst_pg_reviewer.moc"

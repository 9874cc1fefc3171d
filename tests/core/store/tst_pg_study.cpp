// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A team study through the Study API: an annotator's own login opens it blind and does everything the
// Annotate view does without touching what the server keeps from the role; a connection lost when the
// server stops throws ConnectionLost, and reconnect() brings the study back once the server is up.
#include "store/annotation_plan.h"
#include "store/annotation_progress.h"
#include "store/pg_connection.h"
#include "store/pg_team.h"
#include "store/study.h"

#include "error.h"
#include "pg_test_cluster.h"

#include <QTest>

#include <algorithm>
#include <chrono>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

using namespace concord;
using namespace concord::store;
using concord::model::Id;
using concord::test::PgTestCluster;

namespace {

bool contains(const std::string &text, const char *part)
{
    return text.find(part) != std::string::npos;
}

std::int64_t count(PgConnection &connection, const std::string &sql, const std::vector<PgValue> &params = {})
{
    return connection.query(sql, params).integer(0, 0);
}

std::string describe(const Result<std::unique_ptr<Study>> &study)
{
    return study.ok() ? std::string() : study.error().describe();
}

} // namespace

class TestPgStudy : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void annotatorWorksBlind();
    void annotatorReadsBlindOrIsToldWhy();
    void lostConnectionThrowsAndReconnects();
    void deadlockIsRetriedAsAConflict();
    void blockedWriteIsBusyAndRetried();
    void writeNeverCommitsHalf();
    void annotatorRefusesRulesThatShowTheSystems();

private:
    // A database holding an empty study with the team's access rules; its superuser URI.
    std::string teamStudy(const char *name);

    std::unique_ptr<PgTestCluster> m_cluster;
};

void TestPgStudy::initTestCase()
{
    m_cluster = std::make_unique<PgTestCluster>();
    QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
}

void TestPgStudy::cleanupTestCase()
{
    m_cluster.reset();
}

std::string TestPgStudy::teamStudy(const char *name)
{
    const std::string uri = m_cluster->createTeamStudy(QString::fromLatin1(name));
    if (uri.empty())
        qWarning("%s", qPrintable(m_cluster->error()));
    return uri;
}

void TestPgStudy::annotatorWorksBlind()
{
    const std::string uri = teamStudy("blind");
    QVERIFY(!uri.empty());
    PgConnection admin(uri);
    // The lead's study: a document with two summaries by secret systems, a judge with a call and a rating,
    // and two annotators, one of whom (bob) has rated already.
    Id doc = 0, c1 = 0, c2 = 0, likert = 0, rank = 0, pairwise = 0, judge = 0;
    {
        auto opened = Study::open(uri);
        QVERIFY2(opened.ok(), describe(opened).c_str());
        Study &lead = *opened.value();
        QVERIFY(!lead.isBlind());
        QVERIFY(lead.write([&] {
            model::Document d;
            d.externalId = std::string("d1");
            d.source = std::string("The council met on Tuesday.");
            d.scus = {"council met"};
            doc = lead.addDocument(d);
            c1 = lead.addCandidate(doc, lead.ensureSystem("secret-a"), "Council met.");
            c2 = lead.addCandidate(doc, lead.ensureSystem("secret-b"), "It met Tuesday.");
            model::Dimension l;
            l.name = std::string("coherence");
            likert = lead.ensureDimension(l);
            model::Dimension r;
            r.name = std::string("overall");
            r.kind = model::DimensionKind::Rank;
            rank = lead.ensureDimension(r);
            model::Dimension p;
            p.name = std::string("preference");
            p.kind = model::DimensionKind::Pairwise;
            pairwise = lead.ensureDimension(p);
            model::Rater j;
            j.name = std::string("gpt");
            j.kind = model::RaterKind::Judge;
            judge = lead.ensureRater(j);
            model::JudgeCall call;
            call.runId = lead.addJudgeRun(judge, "rts", "{}");
            call.requestHash = std::string("h");
            lead.setRating(judge, c1, likert, 5, lead.addJudgeCall(call));
        }));
    }
    const Id ann = PgTeam::addMember(admin, "ann", "expert", TeamRole::Annotator);
    const Id bob = PgTeam::addMember(admin, "bob", "expert", TeamRole::Annotator);
    admin.query("INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES ($1, $2, $3, 2)",
                {std::to_string(bob), std::to_string(c1), std::to_string(likert)});
    admin.query("INSERT INTO explanations (rater_id, document_id, dimension_id, text) VALUES ($1, $2, 0, 'bob''s')",
                {std::to_string(bob), std::to_string(doc)});
    admin.script("ALTER ROLE ann PASSWORD 'ann-password'");

    const std::string annUri
        = m_cluster->tcpUri(QStringLiteral("ann"), QStringLiteral("ann-password"), QStringLiteral("blind"));
    auto opened = Study::open(annUri);
    QVERIFY2(opened.ok(), describe(opened).c_str());
    Study &s = *opened.value();
    QVERIFY(s.isShared());
    QVERIFY(s.isBlind());
    QVERIFY(!contains(s.displayName(), "ann-password"));

    // What the Annotate view and the document list read.
    QCOMPARE(s.dimensions().size(), std::size_t{3});
    QVERIFY(s.systems().empty());
    const AnnotationPlan plan = AnnotationPlan::of(s);
    const auto candidates = s.candidatesOf(doc);
    QCOMPARE(candidates.size(), std::size_t{2});
    // In the order of their ids, which a team study draws at random: not the order they were added in.
    QVERIFY(candidates[0].id < candidates[1].id);
    const auto second = std::find_if(candidates.begin(), candidates.end(), [&](const auto &c) { return c.id == c2; });
    QVERIFY(second != candidates.end());
    QCOMPARE(second->text, std::string("It met Tuesday."));
    QCOMPARE(candidates[0].systemId, Id{0});
    QCOMPARE(candidates[1].systemId, Id{0});
    QCOMPARE(s.candidates().size(), std::size_t{2});
    QCOMPARE(s.document(doc)->scus.size(), std::size_t{1});
    const auto raters = s.raters();
    QCOMPARE(raters.size(), std::size_t{1}); // only herself
    QCOMPARE(raters[0].name, std::string("ann"));
    QCOMPARE(raters[0].id, ann);
    QVERIFY(raters[0].kind == model::RaterKind::Human);
    QCOMPARE(s.raterId("ann"), std::optional<Id>(ann));
    QVERIFY(!s.raterId("bob").has_value());
    QCOMPARE(s.documentSummaries().size(), std::size_t{1});
    QCOMPARE(s.documentSummaries()[0].judgements, 0); // bob's and the judge's are not hers to count
    QCOMPARE(s.documentSummariesWithoutJudgements().size(), std::size_t{1});
    QVERIFY(s.judgementCounts().empty());
    QCOMPARE(s.judgementCount(doc), 0);
    QCOMPARE(s.counts().documents, 1);
    QCOMPARE(s.counts().ratings, 0);
    QCOMPARE(s.counts().systems, 0);
    QCOMPARE(s.annotatorTallies(ann).size(), std::size_t{1});
    QCOMPARE(AnnotationProgress(plan, s.dimensions()).read(s, ann).size(), std::size_t{1});
    const AnnotatorJudgements bobs = s.judgementsOf(bob, doc);
    QVERIFY(bobs.ratings.empty());
    QVERIFY(bobs.explanations.empty());

    // Everything an annotator answers, set, changed and taken back.
    Id span = 0;
    const Status wrote = s.write([&] {
        s.setRating(ann, c1, likert, 4);
        s.setRating(ann, c2, likert, 3);
        s.clearRating(ann, c2, likert);
        s.setRating(ann, c1, likert, 2);
        s.setRanking(ann, doc, rank, {{c1, 2}, {c2, 1}});
        s.setRanking(ann, doc, rank, {{c1, 1}, {c2, 2}});
        span = s.addErrorSpan({0, ann, c2, 3, 15, "met Tuesday.", ""});
        s.setErrorSpanNote(span, "wrong day");
        const Id gone = s.addErrorSpan({0, ann, c1, 0, 7, "Council", ""});
        s.removeErrorSpan(gone);
        s.setExplanation(ann, doc, 0, "B has the day wrong.");
        s.setExplanation(ann, doc, rank, "close");
        s.setExplanation(ann, doc, rank, "");
        s.setUnitMark(ann, c1, 0, true);
        s.setUnitMark(ann, c2, 0, false);
        s.clearUnitMark(ann, c2, 0);
        s.setPresentationOrder(ann, doc, 42, {c2, c1});
        s.addPairwiseOutcome({0, ann, pairwise, c1, c2, true, model::PairwiseWinner::A, std::nullopt});
    });
    QVERIFY2(wrote.ok(), wrote.ok() ? "" : wrote.error().describe().c_str());
    const AnnotatorJudgements mine = s.judgementsOf(ann, doc);
    QCOMPARE(mine.ratings.size(), std::size_t{1});
    QCOMPARE(mine.ratings.at({c1, likert}), 2.0);
    QCOMPARE(mine.rankings.at(rank).at(c1), 1);
    QCOMPARE(mine.errorSpans.size(), std::size_t{1});
    QCOMPARE(mine.errorSpans[0].id, span);
    QCOMPARE(mine.errorSpans[0].note, std::string("wrong day"));
    QCOMPARE(mine.explanations.size(), std::size_t{1});
    QCOMPARE(mine.explanations.at(0), std::string("B has the day wrong."));
    QCOMPARE(mine.unitMarks.size(), std::size_t{1});
    QVERIFY(mine.order.has_value());
    QCOMPARE(mine.order->seed, std::uint64_t{42});
    QCOMPARE(s.judgementCount(doc), 4); // one rating, two ranks, one span
    QCOMPARE(s.counts().pairwiseOutcomes, 1);

    // The lead sees them, with no judge call named, beside bob's and the judge's.
    QCOMPARE(count(admin, "SELECT count(*) FROM ratings WHERE rater_id = $1 AND value = 2 AND call_id IS NULL",
                   {std::to_string(ann)}),
             std::int64_t{1});
    QCOMPARE(count(admin, "SELECT count(*) FROM ratings"), std::int64_t{3});
    QCOMPARE(count(admin, "SELECT count(*) FROM rankings WHERE call_id IS NULL"), std::int64_t{2});
    QCOMPARE(count(admin, "SELECT count(*) FROM pairwise_outcomes WHERE call_id IS NULL"), std::int64_t{1});

    // Taking back someone else's judgements by their keys deletes nothing (an annotator deletes through
    // the study's functions, which touch only the caller's own rows).
    const Status othersKept = s.write([&] {
        s.clearRating(bob, c1, likert);
        s.setExplanation(bob, doc, 0, "");
    });
    QVERIFY2(othersKept.ok(), othersKept.ok() ? "" : othersKept.error().describe().c_str());
    QCOMPARE(count(admin, "SELECT count(*) FROM ratings WHERE rater_id = $1", {std::to_string(bob)}), std::int64_t{1});
    QCOMPARE(count(admin, "SELECT count(*) FROM explanations WHERE rater_id = $1", {std::to_string(bob)}),
             std::int64_t{1});
    // What she took back is gone on the server too.
    QCOMPARE(count(admin, "SELECT count(*) FROM ratings WHERE rater_id = $1", {std::to_string(ann)}), std::int64_t{1});
    QCOMPARE(count(admin, "SELECT count(*) FROM error_spans"), std::int64_t{1});
    QCOMPARE(count(admin, "SELECT count(*) FROM explanations WHERE rater_id = $1", {std::to_string(ann)}),
             std::int64_t{1});
    QCOMPARE(count(admin, "SELECT count(*) FROM unit_marks"), std::int64_t{1});

    // Writing as someone else, or naming a judge call, is refused and changes nothing.
    const Status asBob = s.write([&] { s.setRating(bob, c2, likert, 1); });
    QVERIFY(!asBob.ok());
    QVERIFY2(contains(asBob.error().message, "row-level security"), asBob.error().message.c_str());
    const Status withCall = s.write([&] { s.setRating(ann, c2, likert, 1, Id{1}); });
    QVERIFY(!withCall.ok());
    QCOMPARE(count(admin, "SELECT count(*) FROM ratings"), std::int64_t{3});
}

// Every read the GUI can make in an annotator's session (the window's counts and statistics export, the
// Judges view, Inspect and Compare through the reports) either works on what her role may read or fails in
// one sentence saying an annotator cannot make it, never with the server's "permission denied".
void TestPgStudy::annotatorReadsBlindOrIsToldWhy()
{
    const std::string uri = teamStudy("blindreads");
    QVERIFY(!uri.empty());
    PgConnection admin(uri);
    Id doc = 0, c1 = 0, likert = 0, judge = 0, system = 0;
    {
        auto opened = Study::open(uri);
        QVERIFY2(opened.ok(), describe(opened).c_str());
        Study &lead = *opened.value();
        QVERIFY(lead.write([&] {
            model::Document d;
            d.externalId = std::string("d1");
            d.source = std::string("The council met on Tuesday.");
            doc = lead.addDocument(d);
            system = lead.ensureSystem("secret-a");
            c1 = lead.addCandidate(doc, system, "Council met.");
            model::Dimension l;
            l.name = std::string("coherence");
            likert = lead.ensureDimension(l);
            model::Rater j;
            j.name = std::string("gpt");
            j.kind = model::RaterKind::Judge;
            judge = lead.ensureRater(j);
            model::JudgeCall call;
            call.runId = lead.addJudgeRun(judge, "rts", "{}");
            call.requestHash = std::string("h");
            call.httpStatus = 200;
            call.rawResponse = std::string("{}");
            lead.setRating(judge, c1, likert, 5, lead.addJudgeCall(call));
        }));
    }
    const Id cleo = PgTeam::addMember(admin, "cleo", "experts", TeamRole::Annotator);
    admin.script("ALTER ROLE cleo PASSWORD 'cleo-password'");
    auto opened = Study::open(
        m_cluster->tcpUri(QStringLiteral("cleo"), QStringLiteral("cleo-password"), QStringLiteral("blindreads")));
    QVERIFY2(opened.ok(), describe(opened).c_str());
    Study &s = *opened.value();
    QVERIFY(s.isBlind());
    QVERIFY(s.write([&] { s.setRating(cleo, c1, likert, 3); }).ok());

    // What works blind, and what it reads.
    QCOMPARE(s.ratersByGroup(), (std::map<std::string, std::int64_t>{{"human", 1}})); // groups are the lead's
    QVERIFY(s.judgeRuns().empty());
    QVERIFY(s.judgeRuns(judge).empty());
    QVERIFY(s.callsOfRater(judge, false).empty());
    QVERIFY(s.judgeCalls(judge, "rts").empty());
    QVERIFY(s.judgeCallsOfCandidate(judge, "rts", c1).empty());
    QVERIFY(s.judgeCallsWithHash(judge, "h").empty());
    QVERIFY(!s.answeredCall("h", 0, judge).has_value());
    QVERIFY(!s.systemId("secret-a").has_value());
    QCOMPARE(s.rating(cleo, c1, likert), std::optional<double>(3));
    QCOMPARE(s.documentId("d1"), std::optional<Id>(doc));
    QCOMPARE(s.dimensionId("coherence"), std::optional<Id>(likert));
    QCOMPARE(s.judgedCandidates().size(), std::size_t{1});
    QVERIFY(s.errorSpans().empty());
    QVERIFY(s.errorSpansOf(c1).empty());
    QVERIFY(s.unitMarks().empty());
    QVERIFY(s.explanations().empty());
    QVERIFY(s.presentationOrders().empty());
    QVERIFY(!s.presentationOrder(cleo, doc).has_value());
    QVERIFY(!s.promptTemplateId("rts", "default", 1).has_value());
    QVERIFY(s.schemaVersion() > 0);
    (void)s.info("anything");

    // What needs the systems fails in a sentence that says why.
    const auto refused = [](const std::function<void()> &read) {
        try {
            read();
        } catch (const Failure &f) {
            return f.error().message;
        }
        return std::string("no failure");
    };
    for (const std::string &message :
         {refused([&] { s.ratingsOn(likert); }), refused([&] { s.rankingsOn(likert); }),
          refused([&] { s.pairwiseOn(likert); }), refused([&] { s.candidateId(doc, system); })}) {
        QVERIFY2(message.starts_with("a team study's annotator cannot "), message.c_str());
        QVERIFY2(!contains(message, "permission denied"), message.c_str());
    }
}

void TestPgStudy::lostConnectionThrowsAndReconnects()
{
    const std::string uri = teamStudy("lost");
    QVERIFY(!uri.empty());
    auto opened = Study::open(uri);
    QVERIFY2(opened.ok(), describe(opened).c_str());
    Study &s = *opened.value();
    QVERIFY(s.write([&] { s.setInfo("before", "1"); }).ok());

    QVERIFY2(m_cluster->stop(), qPrintable(m_cluster->error()));
    QVERIFY_THROWS_EXCEPTION(ConnectionLost, s.setInfo("during", "1"));
    // write() gives the same as a failure whose words say so.
    const Status lost = s.write([&] { s.setInfo("during", "2"); });
    QVERIFY(!lost.ok());
    QVERIFY2(contains(lost.error().message, "connection to the server was lost"), lost.error().message.c_str());
    // While the server is away, reconnecting fails the same way.
    QVERIFY_THROWS_EXCEPTION(ConnectionLost, s.reconnect());

    QVERIFY2(m_cluster->start(), qPrintable(m_cluster->error()));
    s.reconnect();
    QVERIFY(s.write([&] { s.setInfo("after", "Ünïcode"); }).ok());
    QCOMPARE(s.info("after"), std::optional<std::string>("Ünïcode"));
    QCOMPARE(s.info("before"), std::optional<std::string>("1"));
    QVERIFY(!s.info("during").has_value());

    // A read-only session stays read-only on its new connection.
    OpenOptions options;
    options.readOnly = true;
    auto reader = Study::open(uri, options);
    QVERIFY(reader.ok());
    QVERIFY2(m_cluster->stop(), qPrintable(m_cluster->error()));
    QVERIFY2(m_cluster->start(), qPrintable(m_cluster->error()));
    Study &r = *reader.value();
    QVERIFY_THROWS_EXCEPTION(ConnectionLost, r.info("after"));
    r.reconnect();
    QCOMPARE(r.info("after"), std::optional<std::string>("Ünïcode"));
    const Status refused = r.write([&] { r.setInfo("reader", "1"); });
    QVERIFY(!refused.ok());
    QVERIFY2(contains(refused.error().message, "read-only"), refused.error().message.c_str());
}

// Two writers updating two rows in opposite order deadlock; the server rolls one back (the study's, whose
// deadlock_timeout is the shorter), which write(..., BusyWait) tries again until it goes through. Given no
// time to wait, the write fails saying what happened on a team study rather than "locked by another program".
void TestPgStudy::deadlockIsRetriedAsAConflict()
{
    const std::string uri = teamStudy("deadlock");
    QVERIFY(!uri.empty());
    auto opened = Study::open(uri);
    QVERIFY2(opened.ok(), describe(opened).c_str());
    Study &s = *opened.value();
    QVERIFY(s.write([&] {
                 s.setInfo("a", "0");
                 s.setInfo("b", "0");
             }).ok());
    s.database().postgres()->query("SET deadlock_timeout = '20ms'");
    PgConnection other(uri);
    other.query("SET deadlock_timeout = '60s'");
    const std::string otherPid(other.query("SELECT pg_backend_pid()").text(0, 0));
    PgConnection monitor(uri);

    // One round: the other writer holds b, then waits for a, which the study's write holds; the write then
    // goes for b. Returns what the write returned and how often its function ran.
    bool otherWaited = false;
    const auto round = [&](const BusyWait &wait, const std::string &value, int &tries) {
        tries = 0;
        other.query("BEGIN");
        other.query("UPDATE study_info SET value = 'other' WHERE key = 'b'");
        std::thread otherWriter;
        std::string otherError;
        otherWaited = false;
        const Status status = s.write(
            [&] {
                ++tries;
                s.setInfo("a", value);
                if (tries == 1) {
                    otherWriter = std::thread([&] {
                        try {
                            other.query("UPDATE study_info SET value = 'other' WHERE key = 'a'");
                            other.query("COMMIT");
                        } catch (const Failure &f) {
                            otherError = f.error().message;
                        }
                    });
                    // Only once the other writer waits for a is the order of the locks certain.
                    otherWaited = QTest::qWaitFor(
                        [&] {
                            return count(monitor,
                                         "SELECT count(*) FROM pg_stat_activity WHERE pid = $1 AND "
                                         "wait_event_type = 'Lock'",
                                         {otherPid})
                                   == 1;
                        },
                        10000);
                }
                s.setInfo("b", value);
            },
            wait);
        if (otherWriter.joinable())
            otherWriter.join();
        if (!otherError.empty())
            qWarning("the other writer failed: %s", otherError.c_str());
        return status;
    };

    int tries = 0;
    int waits = 0;
    BusyWait patient;
    patient.maxSeconds = 30;
    patient.onWait = [&](double) { ++waits; };
    const Status retried = round(patient, "study", tries);
    QVERIFY(otherWaited);
    QVERIFY2(retried.ok(), retried.ok() ? "" : retried.error().message.c_str());
    QCOMPARE(tries, 2);
    QCOMPARE(waits, 1);
    QCOMPARE(s.info("a"), std::optional<std::string>("study")); // the retry came after the other's commit
    QCOMPARE(s.info("b"), std::optional<std::string>("study"));

    BusyWait impatient;
    impatient.maxSeconds = 0;
    const Status gaveUp = round(impatient, "never", tries);
    QVERIFY(otherWaited);
    QVERIFY(!gaveUp.ok());
    QCOMPARE(tries, 1);
    const std::string message = gaveUp.error().message;
    QVERIFY2(contains(message, "other writers' changes to the same rows of the team study"), message.c_str());
    QVERIFY2(!contains(message, "locked by another program"), message.c_str());
    QCOMPARE(s.info("a"), std::optional<std::string>("other"));
    QCOMPARE(s.info("b"), std::optional<std::string>("other"));
}

void TestPgStudy::blockedWriteIsBusyAndRetried()
{
    const std::string uri = teamStudy("blocked");
    QVERIFY(!uri.empty());
    auto opened = Study::open(uri);
    QVERIFY2(opened.ok(), describe(opened).c_str());
    Study &s = *opened.value();
    QVERIFY(s.write([&] { s.setInfo("key", "1"); }).ok());

    // Another session holds the table: the write does not wait for as long as that session likes but
    // reports a busy study, and BusyWait tries again once the lock is gone.
    PgConnection holder(uri);
    holder.query("BEGIN");
    holder.query("LOCK TABLE study_info IN ACCESS EXCLUSIVE MODE");
    std::mutex holding;
    bool released = false;
    const auto release = [&] {
        const std::lock_guard lock(holding);
        if (!released)
            holder.query("ROLLBACK");
        released = true;
    };
    int waits = 0;
    BusyWait wait;
    wait.onWait = [&](double) {
        ++waits;
        release();
    };
    auto pending = std::async(std::launch::async, [&] { return s.write([&] { s.setInfo("key", "2"); }, wait); });
    const bool finished = pending.wait_for(std::chrono::seconds(30)) == std::future_status::ready;
    release();
    const Status status = pending.get();
    QVERIFY2(finished, "a write blocked by another session's lock waited until the lock was gone");
    QVERIFY2(status.ok(), status.ok() ? "" : status.error().describe().c_str());
    QCOMPARE(waits, 1);
    QCOMPARE(s.info("key"), std::optional<std::string>("2"));
}

void TestPgStudy::writeNeverCommitsHalf()
{
    const std::string uri = teamStudy("halves");
    QVERIFY(!uri.empty());
    auto opened = Study::open(uri);
    QVERIFY2(opened.ok(), describe(opened).c_str());
    Study &s = *opened.value();

    // A transaction begun inside another is refused, and the outer one rolls back.
    const Status nested = s.write([&] {
        s.setInfo("outer", "1");
        Transaction inner(s.database());
        s.setInfo("inner", "1");
        inner.commit();
    });
    QVERIFY(!nested.ok());
    QVERIFY2(contains(nested.error().message, "nested transaction"), nested.error().message.c_str());
    QVERIFY(!s.info("outer").has_value());
    QVERIFY(!s.info("inner").has_value());

    // Reconnecting in the middle of a write is refused: its second half would run on a new session,
    // outside the transaction, and COMMIT would pass it off as the whole.
    const Status midway = s.write([&] {
        s.setInfo("first", "1");
        s.reconnect();
        s.setInfo("second", "1");
    });
    QVERIFY(!midway.ok());
    QVERIFY2(contains(midway.error().message, "cannot reconnect while a write is under way"),
             midway.error().message.c_str());
    QVERIFY(!s.info("first").has_value());
    QVERIFY(!s.info("second").has_value());

    // A transaction whose session was replaced underneath it does not commit as if nothing happened.
    {
        Transaction tx(s.database());
        s.setInfo("third", "1");
        QVERIFY(s.database().postgres()->reset());
        QVERIFY_THROWS_EXCEPTION(ConnectionLost, tx.commit());
    }
    QVERIFY(!s.info("third").has_value());
    // The study works on as before.
    QVERIFY(s.write([&] { s.setInfo("after", "1"); }).ok());
    QCOMPARE(s.info("after"), std::optional<std::string>("1"));
}

// A team study published by an earlier Concord let annotators read the summaries' table; an annotator's
// Concord refuses it in words rather than fail at the first read, and says how the lead mends it.
void TestPgStudy::annotatorRefusesRulesThatShowTheSystems()
{
    const std::string uri = teamStudy("olderrules");
    QVERIFY(!uri.empty());
    PgConnection admin(uri);
    PgTeam::addMember(admin, "olga", "expert", TeamRole::Annotator);
    admin.script("ALTER ROLE olga PASSWORD 'olga-password'");
    const std::string annUri
        = m_cluster->tcpUri(QStringLiteral("olga"), QStringLiteral("olga-password"), QStringLiteral("olderrules"));
    QVERIFY2(Study::open(annUri).ok(), "the rules of this Concord open");
    admin.script("DROP FUNCTION concord_summary_ids(); GRANT SELECT (id, document_id, text) ON candidates TO "
                 "concord_annotator");
    const auto refused = Study::open(annUri);
    QVERIFY(!refused.ok());
    const std::string message = refused.error().message;
    QVERIFY2(contains(message, "published by an earlier Concord"), message.c_str());
    QVERIFY2(contains(message, "concord-cli pull"), message.c_str());
    QVERIFY2(!contains(message, "olga-password"), message.c_str());
    // The lead's session reads the table itself and needs no function.
    QVERIFY2(Study::open(uri).ok(), "the lead opens it");
}

QTEST_APPLESS_MAIN(TestPgStudy)
#include "tst_pg_study.moc"

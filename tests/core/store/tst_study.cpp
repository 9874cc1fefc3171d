// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The study file: creation, round trips of every judgement kind, migrations with a backup,
// and the clear errors for files Concord cannot use. What is not about the file runs on both backends:
// a study file and a team study on PostgreSQL (a throwaway cluster, started for the first such row).
#include "store/connection_uri.h"
#include "store/pg_connection.h"
#include "store/pg_schema.h"
#include "store/study.h"

#include "pg_test_cluster.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <sstream>

using namespace concord;
using namespace concord::store;
using concord::model::Id;

namespace {

std::string path(const QTemporaryDir &dir, const char *name)
{
    return dir.filePath(QString::fromUtf8(name)).toStdString();
}

bool contains(const std::string &text, const char *part)
{
    return text.find(part) != std::string::npos;
}

// A small study: two documents, two systems, one Likert and one rank dimension, two raters.
struct Fixture {
    Id doc1, doc2, sysA, sysB, c1a, c1b, c2a, dimLikert, dimRank, alice, judge;
};

Fixture fill(Study &study)
{
    Fixture f{};
    const auto status = study.write([&] {
        model::Document d1;
        d1.externalId = "doc-1";
        d1.source = "The council met on Tuesday.";
        d1.requirement = "Summarise the decision.";
        d1.references = {"A ref.", "Another ref."};
        d1.scus = {"council met", "on Tuesday"};
        d1.metadata = {{"source", "test"}};
        f.doc1 = study.addDocument(d1);
        model::Document d2;
        d2.externalId = "doc-2";
        d2.source = "Rain fell.";
        f.doc2 = study.addDocument(d2);
        f.sysA = study.ensureSystem("A");
        f.sysB = study.ensureSystem("B");
        f.c1a = study.addCandidate(f.doc1, f.sysA, "Council met.");
        f.c1b = study.addCandidate(f.doc1, f.sysB, "It met Tuesday.");
        f.c2a = study.addCandidate(f.doc2, f.sysA, "Rain.");
        model::Dimension likert;
        likert.name = "coherence";
        likert.labels = {"very poor", "poor", "fair", "good", "very good"};
        likert.definition = "How well the summary hangs together.";
        f.dimLikert = study.ensureDimension(likert);
        model::Dimension rank;
        rank.name = "overall";
        rank.kind = model::DimensionKind::Rank;
        f.dimRank = study.ensureDimension(rank);
        f.alice = study.ensureRater({0, "alice", model::RaterKind::Human, "expert", {}, {}, {}, {}});
        model::Rater judge;
        judge.name = "gpt-judge";
        judge.kind = model::RaterKind::Judge;
        judge.provider = "openai";
        judge.model = "gpt-4o-mini";
        judge.protocol = "geval";
        judge.params = {{"temperature", 0}};
        f.judge = study.ensureRater(judge);
    });
    if (!status)
        qFatal("fixture: %s", status.error().describe().c_str());
    return f;
}

// Every write of a Study, once each at least, in an order that gives both backends the same ids.
void exercise(Study &s, const Fixture &f)
{
    const Status st = s.write([&] {
        s.setInfo("purpose", "both backends");
        s.setInfo("purpose", "both backends, \"quoted\" and 'single' ?1 $1");
        const Id run = s.addJudgeRun(f.judge, "geval", R"({"n":1})");
        s.setJudgeRunSettings(run, R"({"n":2})");
        s.setJudgeRunTemplate(run, s.ensurePromptTemplate("geval", "geval", 1, "Rate {summary}?"));
        model::JudgeCall call;
        call.runId = run;
        call.requestHash = "h1";
        call.documentId = f.doc1;
        call.candidateId = f.c1a;
        call.dimensionId = f.dimLikert;
        call.unit = R"({"u":1})";
        call.prompt = "Rate it.";
        call.requestBody = R"({"model":"m"})";
        call.rawResponse = "Score: 4";
        call.parsedValue = 0.1 + 0.2;
        call.parsed = R"({"score":4})";
        call.valid = true;
        call.tokensIn = 10;
        call.tokensOut = 2;
        call.cost = 1e-7 / 3;
        call.latencyMs = 12.5;
        call.attempts = 1;
        call.httpStatus = 200;
        call.startedAt = "t0";
        call.finishedAt = "t1";
        const Id first = s.addJudgeCall(call);
        call.sampleIndex = 1;
        call.valid = false;
        call.parsedValue.reset();
        call.invalidReason = "no score";
        call.httpStatus = 500;
        call.error = "boom";
        s.addJudgeCall(call);
        s.setRating(f.alice, f.c1a, f.dimLikert, 4);
        s.setRating(f.alice, f.c1b, f.dimLikert, 2);
        s.setRating(f.alice, f.c1b, f.dimLikert, 3);
        // Doubles with no short decimal form, inside the scale 1 to 5.
        s.setRating(f.judge, f.c1a, f.dimLikert, 1 + (0.1 + 0.2), first);
        s.setRating(f.judge, f.c2a, f.dimLikert, 1 + 1.0 / 3);
        s.clearRating(f.alice, f.c1b, f.dimLikert);
        s.setRanking(f.alice, f.doc1, f.dimRank, {{f.c1a, 2}, {f.c1b, 1}});
        s.setRanking(f.judge, f.doc1, f.dimRank, {{f.c1a, 1}, {f.c1b, 2}}, first);
        const Id span = s.addErrorSpan({0, f.alice, f.c1b, 3, 15, "met Tuesday.", ""});
        s.setErrorSpanNote(span, "wrong day");
        const model::ErrorSpan other{0, f.alice, f.c1a, 0, 7, "Council", "a name"};
        const Id removed = s.addErrorSpan(other);
        s.removeErrorSpan(removed);
        model::ErrorSpan restored = other;
        restored.id = removed;
        s.restoreErrorSpan(restored);
        s.addPairwiseOutcome({0, f.alice, f.dimRank, f.c1a, f.c1b, true, model::PairwiseWinner::A, std::nullopt});
        s.replacePairwiseOutcome({0, f.judge, f.dimRank, f.c1a, f.c1b, false, model::PairwiseWinner::B, first});
        s.replacePairwiseOutcome({0, f.judge, f.dimRank, f.c1a, f.c1b, false, model::PairwiseWinner::Tie, first});
        s.setExplanation(f.alice, f.doc1, 0, "Ünïcode ✓, 'quotes' and \"more\"");
        s.setExplanation(f.alice, f.doc1, f.dimRank, "tied");
        s.setExplanation(f.alice, f.doc1, f.dimRank, "");
        s.setExplanation(f.alice, f.doc2, f.dimLikert, "short");
        s.setUnitMark(f.alice, f.c1a, 0, true);
        s.setUnitMark(f.alice, f.c1a, 1, false);
        s.setUnitMark(f.alice, f.c1b, 0, false);
        s.clearUnitMark(f.alice, f.c1a, 1);
        s.setPresentationOrder(f.alice, f.doc1, 0xfedcba9876543210ULL, {f.c1b, f.c1a});
        s.setPresentationOrder(f.alice, f.doc2, 7, {f.c2a});
        s.finishJudgeRun(run, "finished");
        const Id claimed = s.addJudgeRun(f.judge, "rts", "{}");
        s.claimJudgeRun(claimed, RunOwner{1, "elsewhere", ""});
        s.touchJudgeRun(claimed);
        s.interruptJudgeRun(claimed);
        const Id dead = s.addJudgeRun(f.judge, "rts", "{}");
        s.claimJudgeRun(dead, RunOwner{1, "elsewhere", ""});
        s.markInterruptedRuns();
        // Names that sort differently by bytes and by a language's rules.
        s.ensureSystem("b");
        s.ensureSystem("_c");
        s.ensureSystem("é");
    });
    if (!st)
        qFatal("exercise: %s", st.error().describe().c_str());
}

std::string number(double value)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", value);
    return buf;
}

std::string callText(const model::JudgeCall &c)
{
    std::ostringstream out;
    out << c.id << ' ' << c.runId << ' ' << c.requestHash << ' ' << c.sampleIndex << ' ' << c.documentId.value_or(-1)
        << ' ' << c.candidateId.value_or(-1) << ' ' << c.dimensionId.value_or(-1) << ' ' << c.unit << ' ' << c.prompt
        << ' ' << c.requestBody << ' ' << c.rawResponse << ' '
        << (c.parsedValue ? number(*c.parsedValue) : std::string("null")) << ' ' << c.parsed << ' ' << c.valid << ' '
        << c.invalidReason << ' ' << c.tokensIn << ' ' << c.tokensOut << ' ' << number(c.cost) << ' '
        << number(c.latencyMs) << ' ' << c.attempts << ' ' << c.httpStatus << ' ' << c.error << ' ' << c.startedAt
        << ' ' << c.finishedAt;
    return out.str();
}

// What every read of a Study gives, one line each, with numbers to their last bit.
std::vector<std::string> everyRead(Study &s, const Fixture &f)
{
    std::vector<std::string> lines;
    std::ostringstream out;
    const auto line = [&](const std::string &what) {
        lines.push_back(what + ": " + out.str());
        out.str({});
    };
    const StudyCounts c = s.counts();
    out << c.documents << ' ' << c.systems << ' ' << c.candidates << ' ' << c.dimensions << ' ' << c.raters << ' '
        << c.ratings << ' ' << c.rankings << ' ' << c.errorSpans << ' ' << c.pairwiseOutcomes << ' ' << c.explanations
        << ' ' << c.unitMarks << ' ' << c.presentationOrders << ' ' << c.judgeCalls;
    line("counts");
    for (const auto &[group, n] : s.ratersByGroup())
        out << group << '=' << n << ' ';
    line("ratersByGroup");
    for (const auto &d : s.documentSummaries())
        out << d.id << ' ' << d.externalId << ' ' << d.candidates << ' ' << d.judgements << ' ' << d.hasRequirement
            << "; ";
    line("documentSummaries");
    for (const auto &d : s.documentSummariesWithoutJudgements())
        out << d.id << ' ' << d.externalId << ' ' << d.candidates << ' ' << d.hasRequirement << "; ";
    line("documentSummariesWithoutJudgements");
    for (const auto &[doc, n] : s.judgementCounts())
        out << doc << '=' << n << ' ';
    out << s.judgementCount(f.doc1) << ' ' << s.judgementCount(f.doc2);
    line("judgementCounts");
    const auto doc = s.document(f.doc1);
    out << doc->externalId << ' ' << doc->source << ' ' << doc->requirement.value_or("-") << ' '
        << doc->references.size() << ' ' << doc->scus.size() << ' ' << doc->metadata.dump() << ' '
        << s.document(f.doc2)->requirement.has_value() << ' ' << s.document(999).has_value() << ' '
        << s.documentId("doc-2").value_or(-1) << ' ' << s.documentId("nope").value_or(-1);
    line("document");
    for (const auto &cand : s.candidatesOf(f.doc1))
        out << cand.id << ' ' << cand.documentId << ' ' << cand.systemId << ' ' << cand.text << "; ";
    out << s.candidateId(f.doc1, f.sysB).value_or(-1);
    line("candidatesOf");
    for (const auto &sys : s.systems())
        out << sys.id << ' ' << sys.name << "; ";
    out << s.systemId("B").value_or(-1);
    line("systems");
    for (const auto &d : s.dimensions())
        out << d.id << ' ' << d.name << ' ' << toString(d.kind) << ' ' << number(d.scaleMin) << ' '
            << number(d.scaleMax) << ' ' << d.labels.size() << ' ' << d.definition << "; ";
    out << s.dimensionId("overall").value_or(-1);
    line("dimensions");
    for (const auto &r : s.raters())
        out << r.id << ' ' << r.name << ' ' << toString(r.kind) << ' ' << r.group << ' ' << r.provider << ' ' << r.model
            << ' ' << r.protocol << ' ' << r.params.dump() << "; ";
    out << s.raterId("gpt-judge").value_or(-1);
    line("raters");
    for (const auto &e : s.errorSpansOf(f.c1b))
        out << e.id << ' ' << e.raterId << ' ' << e.start << ' ' << e.end << ' ' << e.quote << ' ' << e.note << "; ";
    line("errorSpansOf");
    for (const auto &e : s.errorSpans())
        out << e.id << ' ' << e.raterId << ' ' << e.candidateId << ' ' << e.start << ' ' << e.note << "; ";
    line("errorSpans");
    out << number(s.rating(f.judge, f.c1a, f.dimLikert).value_or(-1)) << ' '
        << s.rating(f.alice, f.c1b, f.dimLikert).has_value();
    line("rating");
    for (const auto &r : s.ratingsOn(f.dimLikert))
        out << r.rater << ' ' << r.candidate << ' ' << r.document << ' ' << r.system << ' ' << number(r.value) << "; ";
    line("ratingsOn");
    for (const auto &r : s.rankingsOn(f.dimRank))
        out << r.rater << ' ' << r.document << ' ' << r.candidate << ' ' << r.system << ' ' << r.rank << "; ";
    line("rankingsOn");
    for (const auto &p : s.pairwiseOn(f.dimRank))
        out << p.rater << ' ' << p.document << ' ' << p.systemA << ' ' << p.systemB << ' ' << p.aShownFirst << ' '
            << toString(p.winner) << "; ";
    line("pairwiseOn");
    for (const auto &u : s.unitMarks())
        out << u.rater << ' ' << u.candidate << ' ' << u.unit << ' ' << u.present << "; ";
    line("unitMarks");
    for (const auto &call : s.judgeCalls(f.judge, "geval"))
        out << callText(call) << "; ";
    line("judgeCalls");
    for (const auto &call : s.judgeCallsOfCandidate(f.judge, "geval", f.c1a))
        out << call.id << ' ';
    for (const auto &call : s.judgeCallsWithHash(f.judge, "h1"))
        out << call.id << ' ';
    out << (s.answeredCall("h1", 0, f.alice) ? s.answeredCall("h1", 0, f.alice)->id : -1) << ' '
        << s.answeredCall("h1", 1, f.judge).has_value() << ' ';
    for (const bool invalidOnly : {false, true})
        for (const auto &call : s.callsOfRater(f.judge, invalidOnly))
            out << call.id << ' ';
    // Those stored after the first, as a browser following a run reads them.
    if (const auto all = s.callsOfRater(f.judge, false); !all.empty()) {
        out << "after " << all.front().id << ": ";
        for (const auto &call : s.callsOfRater(f.judge, false, all.front().id))
            out << call.id << ' ';
    }
    line("calls");
    for (const auto &cand : s.candidates())
        out << cand.id << ' ' << cand.documentId << ' ' << cand.systemId << "; ";
    line("candidates");
    for (const auto &[rater, cand] : s.judgedCandidates())
        out << rater << '/' << cand << ' ';
    line("judgedCandidates");
    out << s.info("purpose").value_or("-") << ' ' << s.info("nope").has_value() << ' '
        << s.promptTemplateId("geval", "geval", 1).value_or(-1) << ' ' << s.schemaVersion();
    line("info");
    for (const auto &run : s.judgeRuns())
        out << run.id << ' ' << run.rater << ' ' << run.raterName << ' ' << run.protocol << ' ' << run.status << ' '
            << run.settings << ' ' << run.owner.pid << ' ' << run.owner.host << ' ' << run.calls << ' '
            << run.finishedAt.empty() << "; ";
    out << s.judgeRuns(f.alice).size();
    line("judgeRuns");
    const AnnotatorJudgements j = s.judgementsOf(f.alice, f.doc1);
    for (const auto &[key, value] : j.ratings)
        out << key.first << '/' << key.second << '=' << number(value) << ' ';
    for (const auto &[dim, ranks] : j.rankings)
        for (const auto &[cand, rank] : ranks)
            out << dim << '/' << cand << '#' << rank << ' ';
    for (const auto &e : j.errorSpans)
        out << 'e' << e.id << ' ';
    for (const auto &[dim, text] : j.explanations)
        out << dim << ':' << text << ' ';
    for (const auto &[key, present] : j.unitMarks)
        out << key.first << '/' << key.second << '=' << present << ' ';
    if (j.order)
        out << j.order->seed << ' ' << j.order->candidates.size();
    out << ' ' << s.presentationOrder(f.alice, f.doc2).value_or(PresentationOrder{}).seed;
    line("judgementsOf");
    for (const auto &t : s.annotatorTallies(f.alice))
        out << t.document << ' ' << t.candidates << ' ' << t.units << ' ' << t.ratings.size() << ' ' << t.ranks.size()
            << ' ' << t.explained.size() << ' ' << t.unitMarks << "; ";
    out << s.annotatorTallies(f.alice, f.doc2).size();
    line("annotatorTallies");
    for (const auto &e : s.explanations())
        out << e.rater << ' ' << e.document << ' ' << e.dimension << ' ' << e.text << "; ";
    for (const auto &o : s.presentationOrders())
        out << o.rater << ' ' << o.document << ' ' << o.order.seed << ' ' << o.order.candidates.size() << "; ";
    line("explanations and orders");
    // Text sorts bytewise on both, whatever the database's locale.
    auto names = s.database().prepare("SELECT name FROM systems ORDER BY name");
    while (names.step())
        out << names.textAt(0) << ' ';
    line("systems by name");
    return lines;
}

} // namespace

class TestStudy : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cleanupTestCase();
    void createSetsPragmasAndVersion();
    void createRefusesAnExistingFile();
    void roundTripsEveryEntityAfterReopen_data() { backends(); }
    void roundTripsEveryEntityAfterReopen();
    void failedActionChangesNothing_data() { backends(); }
    void failedActionChangesNothing();
    void discardsOnlyARunWithoutCalls_data() { backends(); }
    void discardsOnlyARunWithoutCalls();
    void duplicatesAreRefused_data() { backends(); }
    void duplicatesAreRefused();
    void ensureKeepsOneRowPerName_data() { backends(); }
    void ensureKeepsOneRowPerName();
    void rankingsReplaceAndCheckTheDocument_data() { backends(); }
    void rankingsReplaceAndCheckTheDocument();
    void ratersByGroupCountsEveryone_data() { backends(); }
    void ratersByGroupCountsEveryone();
    void documentSummariesCountJudgements_data() { backends(); }
    void documentSummariesCountJudgements();
    void everyMethodAnswersAlikeOnBothBackends();
    void teamStudyKnowsItIsShared();
    void migratesOlderStudyAfterBackup();
    void migratesRatingsToKeyedTable();
    void refusesNewerStudy();
    void refusesNonStudyFiles_data();
    void refusesNonStudyFiles();
    void refusesReadOnlyFileForWriting();
    void readsReadOnlyFileWhenAsked();
    void reportsLockedStudy();
    void committedActionSurvivesWithoutClose();
    void readsSeeOtherConnectionsCommits();

private:
    // The column `postgres`: a row for the study file and one for a team study.
    static void backends();
    // A new empty study: in memory, or a team study in a database of its own (PgSchema::create, as
    // publishing an empty study does) opened from its URI.
    std::unique_ptr<Study> fresh(bool postgres);
    // A database holding an empty team study; its URI.
    std::string teamStudy();

    std::unique_ptr<concord::test::PgTestCluster> m_cluster;
    int m_databases = 0;
};

void TestStudy::backends()
{
    QTest::addColumn<bool>("postgres");
    QTest::newRow("file") << false;
    QTest::newRow("postgres") << true;
}

void TestStudy::cleanupTestCase()
{
    m_cluster.reset();
}

std::string TestStudy::teamStudy()
{
    if (!m_cluster)
        m_cluster = std::make_unique<concord::test::PgTestCluster>();
    if (!m_cluster->ok()) {
        qWarning("%s", qPrintable(m_cluster->error()));
        return {};
    }
    const std::string uri = m_cluster->createDatabase(QStringLiteral("study_%1").arg(++m_databases));
    if (uri.empty()) {
        qWarning("%s", qPrintable(m_cluster->error()));
        return {};
    }
    PgConnection connection(uri);
    PgSchema::create(connection);
    return uri;
}

std::unique_ptr<Study> TestStudy::fresh(bool postgres)
{
    auto study = postgres ? Study::open(teamStudy()) : Study::createInMemory();
    if (!study) {
        qWarning("%s", study.error().describe().c_str());
        return nullptr;
    }
    return std::move(study).value();
}

void TestStudy::createSetsPragmasAndVersion()
{
    QTemporaryDir dir;
    auto study = Study::create(path(dir, "a.concord"));
    QVERIFY2(study.ok(), study.ok() ? "" : study.error().describe().c_str());
    Database &db = study.value()->database();
    QCOMPARE(db.pragmaInt("user_version"), Schema::currentVersion());
    QCOMPARE(db.pragmaInt("application_id"), Schema::kApplicationId);
    QCOMPARE(db.pragmaInt("foreign_keys"), 1);
    QCOMPARE(db.pragmaInt("synchronous"), 2); // FULL
    auto mode = db.prepare("PRAGMA journal_mode");
    QVERIFY(mode.step());
    QCOMPARE(QString::fromStdString(mode.textAt(0)), QStringLiteral("wal"));
    // When it was made, in UTC to the second (model::UtcTimestamp).
    const auto created = study.value()->info("created_at");
    QVERIFY(created.has_value());
    QVERIFY2(QRegularExpression(QStringLiteral("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$"))
                 .match(QString::fromStdString(*created))
                 .hasMatch(),
             created->c_str());
}

void TestStudy::createRefusesAnExistingFile()
{
    QTemporaryDir dir;
    const auto p = path(dir, "a.concord");
    QVERIFY(Study::create(p).ok());
    auto again = Study::create(p);
    QVERIFY(!again.ok());
    QVERIFY(contains(again.error().message, "already exists"));
}

void TestStudy::roundTripsEveryEntityAfterReopen()
{
    QFETCH(bool, postgres);
    QTemporaryDir dir;
    const auto p = postgres ? teamStudy() : path(dir, "a.concord");
    QVERIFY(!p.empty());
    Fixture f;
    Id spanId = 0;
    {
        auto study = postgres ? Study::open(p) : Study::create(p);
        QVERIFY(study.ok());
        Study &s = *study.value();
        f = fill(s);
        QVERIFY(s.write([&] {
                     s.setRating(f.alice, f.c1a, f.dimLikert, 4);
                     s.setRating(f.judge, f.c1a, f.dimLikert, 3.42);
                     s.setRanking(f.alice, f.doc1, f.dimRank, {{f.c1a, 1}, {f.c1b, 1}});
                     spanId = s.addErrorSpan({0, f.alice, f.c1b, 3, 15, "met Tuesday.", "wrong day"});
                     s.addPairwiseOutcome(
                         {0, f.alice, f.dimRank, f.c1a, f.c1b, false, model::PairwiseWinner::B, std::nullopt});
                     s.setExplanation(f.alice, f.doc1, 0, "Both fine; \"B\" has the day wrong.");
                     s.setExplanation(f.alice, f.doc1, f.dimRank, "tied");
                     s.setUnitMark(f.alice, f.c1a, 1, true);
                     s.setPresentationOrder(f.alice, f.doc1, 0xfedcba9876543210ULL, {f.c1b, f.c1a});
                 }).ok());
    }
    auto reopened = Study::open(p);
    QVERIFY2(reopened.ok(), reopened.ok() ? "" : reopened.error().describe().c_str());
    Study &s = *reopened.value();

    const auto doc = s.document(f.doc1);
    QVERIFY(doc.has_value());
    QCOMPARE(doc->externalId, std::string("doc-1"));
    QCOMPARE(doc->requirement.value_or(""), std::string("Summarise the decision."));
    QCOMPARE(doc->references.size(), std::size_t{2});
    QCOMPARE(doc->scus.at(1), std::string("on Tuesday"));
    QCOMPARE(doc->metadata.at("source").get<std::string>(), std::string("test"));
    QVERIFY(!s.document(f.doc2)->requirement.has_value());

    const auto cands = s.candidatesOf(f.doc1);
    QCOMPARE(cands.size(), std::size_t{2});
    QCOMPARE(cands[1].text, std::string("It met Tuesday."));
    QCOMPARE(*s.candidateId(f.doc1, f.sysB), f.c1b);

    const auto dims = s.dimensions();
    QCOMPARE(dims.size(), std::size_t{2});
    QCOMPARE(dims[0].name, std::string("coherence"));
    QCOMPARE(dims[0].labels.size(), std::size_t{5});
    QVERIFY(dims[1].kind == model::DimensionKind::Rank);

    const auto raters = s.raters();
    QCOMPARE(raters.size(), std::size_t{2});
    QCOMPARE(raters[1].model, std::string("gpt-4o-mini"));
    QCOMPARE(raters[1].params.at("temperature").get<int>(), 0);

    QCOMPARE(s.rating(f.judge, f.c1a, f.dimLikert).value_or(-1), 3.42);
    const auto rows = s.ratingsOn(f.dimLikert);
    QCOMPARE(rows.size(), std::size_t{2});
    QCOMPARE(rows[0].rater, f.alice);
    QCOMPARE(rows[0].document, f.doc1);
    QCOMPARE(rows[0].system, f.sysA);
    QCOMPARE(rows[1].value, 3.42);
    QCOMPARE(s.rating(f.alice, f.c1a, f.dimLikert).value_or(-1), 4.0);

    const auto spans = s.errorSpansOf(f.c1b);
    QCOMPARE(spans.size(), std::size_t{1});
    QCOMPARE(spans[0].id, spanId);
    QCOMPARE(spans[0].start, 3);
    QCOMPARE(spans[0].end, 15);
    QCOMPARE(spans[0].note, std::string("wrong day"));

    const auto c = s.counts();
    QCOMPARE(c.documents, 2);
    QCOMPARE(c.systems, 2);
    QCOMPARE(c.candidates, 3);
    QCOMPARE(c.dimensions, 2);
    QCOMPARE(c.raters, 2);
    QCOMPARE(c.ratings, 2);
    QCOMPARE(c.rankings, 2);
    QCOMPARE(c.errorSpans, 1);
    QCOMPARE(c.pairwiseOutcomes, 1);
    QCOMPARE(c.explanations, 2);

    auto order = s.database().prepare("SELECT seed, shown_order FROM presentation_orders");
    QVERIFY(order.step());
    QCOMPARE(static_cast<std::uint64_t>(order.int64At(0)), 0xfedcba9876543210ULL);
    QCOMPARE(QString::fromStdString(order.textAt(1)), QStringLiteral("[%1,%2]").arg(f.c1b).arg(f.c1a));
    auto pair = s.database().prepare("SELECT shown_order, outcome FROM pairwise_outcomes");
    QVERIFY(pair.step());
    QCOMPARE(pair.textAt(0), std::string("ba"));
    QCOMPARE(pair.textAt(1), std::string("b"));

    // Removing and clearing work and are persisted.
    QVERIFY(s.write([&] {
                 s.removeErrorSpan(spanId);
                 s.clearRating(f.alice, f.c1a, f.dimLikert);
                 s.setExplanation(f.alice, f.doc1, f.dimRank, "");
             }).ok());
    QCOMPARE(s.counts().errorSpans, 0);
    QCOMPARE(s.counts().explanations, 1);
    QVERIFY(!s.rating(f.alice, f.c1a, f.dimLikert).has_value());
}

void TestStudy::failedActionChangesNothing()
{
    QFETCH(bool, postgres);
    const auto study = fresh(postgres);
    QVERIFY(study);
    Study &s = *study;
    const Fixture f = fill(s);
    const auto before = s.counts();
    const Status st = s.write([&] {
        s.setRating(f.alice, f.c2a, f.dimLikert, 2);
        model::Document d;
        d.externalId = "doc-3";
        s.addDocument(d);
        s.addCandidate(f.doc1, f.sysA, "a second summary by A: refused"); // throws
    });
    QVERIFY(!st.ok());
    QVERIFY(contains(st.error().message, "already has a summary"));
    QCOMPARE(st.error().field, std::string("summary"));
    const auto after = s.counts();
    QCOMPARE(after.ratings, before.ratings);
    QCOMPARE(after.documents, before.documents);
    QVERIFY(!s.documentId("doc-3").has_value());
}

void TestStudy::discardsOnlyARunWithoutCalls()
{
    QFETCH(bool, postgres);
    const auto study = fresh(postgres);
    QVERIFY(study);
    Study &s = *study;
    const Fixture f = fill(s);
    Id kept = 0;
    Id empty = 0;
    Id newcomer = 0;
    Id added = 0;
    QVERIFY(s.write([&] {
        kept = s.addJudgeRun(f.judge, "rts", "{}");
        s.setJudgeRunTemplate(kept, s.ensurePromptTemplate("rts", "rts", 1, "Rate it."));
        model::JudgeCall call;
        call.runId = kept;
        call.requestHash = "h";
        s.addJudgeCall(call);
        // A run by a rater and with a template that were new with it, and nothing stored yet.
        newcomer = s.ensureRater({0, "newcomer", model::RaterKind::Judge, {}, {}, {}, {}, {}});
        empty = s.addJudgeRun(newcomer, "rts", "{}");
        added = s.ensurePromptTemplate("rts", "rts (custom)", 1, "Rate it, please.");
        s.setJudgeRunTemplate(empty, added);
    }));
    QCOMPARE(s.promptTemplateId("rts", "rts (custom)", 1), std::optional<Id>(added));

    bool discarded = true;
    QVERIFY(s.write([&] { discarded = s.discardJudgeRun(kept, std::nullopt, {}); }));
    QVERIFY(!discarded); // it holds a call
    QCOMPARE(s.counts().judgeCalls, 1);

    QVERIFY(s.write([&] { discarded = s.discardJudgeRun(empty, newcomer, {added}); }));
    QVERIFY(discarded);
    QVERIFY(!s.raterId("newcomer").has_value());
    QVERIFY(!s.promptTemplateId("rts", "rts (custom)", 1).has_value());
    QVERIFY(s.promptTemplateId("rts", "rts", 1).has_value());
    QVERIFY(s.raterId("gpt-judge").has_value());
    QCOMPARE(s.judgeCalls(f.judge, "rts").size(), std::size_t{1});
}

void TestStudy::duplicatesAreRefused()
{
    QFETCH(bool, postgres);
    const auto study = fresh(postgres);
    QVERIFY(study);
    Study &s = *study;
    fill(s);
    model::Document d;
    d.externalId = "doc-1";
    const Status st = s.write([&] { s.addDocument(d); });
    QVERIFY(!st.ok());
    QVERIFY(contains(st.error().message, "already in the study"));
    const Status bad = s.write([&] { s.setRating(1, 1, 1, std::nan("")); });
    QVERIFY(!bad.ok());
    const Status span = s.write([&] { s.addErrorSpan({0, 1, 1, 5, 5, "", ""}); });
    QVERIFY(!span.ok());
}

void TestStudy::ensureKeepsOneRowPerName()
{
    QFETCH(bool, postgres);
    const auto study = fresh(postgres);
    QVERIFY(study);
    Study &s = *study;
    const Fixture f = fill(s);
    Id again = 0;
    QVERIFY(s.write([&] { again = s.ensureSystem("A"); }).ok());
    QCOMPARE(again, f.sysA);
    model::Dimension sameNameOtherKind;
    sameNameOtherKind.name = "coherence";
    sameNameOtherKind.kind = model::DimensionKind::Binary;
    const Status st = s.write([&] { s.ensureDimension(sameNameOtherKind); });
    QVERIFY(!st.ok());
    QVERIFY(contains(st.error().message, "already in the study as a likert"));
    const Status rater = s.write([&] { s.ensureRater({0, "alice", model::RaterKind::Judge, {}, {}, {}, {}, {}}); });
    QVERIFY(!rater.ok());
}

void TestStudy::rankingsReplaceAndCheckTheDocument()
{
    QFETCH(bool, postgres);
    const auto study = fresh(postgres);
    QVERIFY(study);
    Study &s = *study;
    const Fixture f = fill(s);
    QVERIFY(s.write([&] { s.setRanking(f.alice, f.doc1, f.dimRank, {{f.c1a, 2}, {f.c1b, 1}}); }).ok());
    QVERIFY(s.write([&] { s.setRanking(f.alice, f.doc1, f.dimRank, {{f.c1a, 1}}); }).ok());
    QCOMPARE(s.counts().rankings, 1);
    // A candidate of another document cannot be ranked here; the earlier ranking stays.
    const Status st = s.write([&] { s.setRanking(f.alice, f.doc1, f.dimRank, {{f.c2a, 1}}); });
    QVERIFY(!st.ok());
    QCOMPARE(s.counts().rankings, 1);
    const Status zero = s.write([&] { s.setRanking(f.alice, f.doc1, f.dimRank, {{f.c1a, 0}}); });
    QVERIFY(!zero.ok());
}

void TestStudy::ratersByGroupCountsEveryone()
{
    QFETCH(bool, postgres);
    const auto study = fresh(postgres);
    QVERIFY(study);
    Study &s = *study;
    fill(s);
    QVERIFY(s.write([&] { s.ensureRater({0, "bob", model::RaterKind::Human, "expert", {}, {}, {}, {}}); }).ok());
    const auto groups = s.ratersByGroup();
    QCOMPARE(groups.size(), std::size_t{2});
    QCOMPARE(groups.at("expert"), 2);
    QCOMPARE(groups.at("judge"), 1);
}

void TestStudy::documentSummariesCountJudgements()
{
    QFETCH(bool, postgres);
    const auto study = fresh(postgres);
    QVERIFY(study);
    Study &s = *study;
    const Fixture f = fill(s);
    QVERIFY(s.write([&] {
                 s.setRating(f.alice, f.c1a, f.dimLikert, 4);
                 s.setRanking(f.alice, f.doc1, f.dimRank, {{f.c1a, 1}, {f.c1b, 2}});
                 s.addErrorSpan({0, f.alice, f.c1b, 0, 2, "It", ""});
             }).ok());
    const auto rows = s.documentSummaries();
    QCOMPARE(rows.size(), std::size_t{2});
    QCOMPARE(rows[0].externalId, std::string("doc-1"));
    QCOMPARE(rows[0].candidates, 2);
    QCOMPARE(rows[0].judgements, 4);
    QVERIFY(rows[0].hasRequirement);
    QCOMPARE(rows[1].judgements, 0);
    // The same rows without their counts, and the counts on their own, for a list that shows at once.
    const auto quick = s.documentSummariesWithoutJudgements();
    QCOMPARE(quick.size(), rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        QCOMPARE(quick[i].id, rows[i].id);
        QCOMPARE(quick[i].externalId, rows[i].externalId);
        QCOMPARE(quick[i].candidates, rows[i].candidates);
        QCOMPARE(quick[i].hasRequirement, rows[i].hasRequirement);
        QCOMPARE(quick[i].judgements, 0);
    }
    const auto counts = s.judgementCounts();
    QCOMPARE(counts.size(), std::size_t{1});
    QCOMPARE(counts.at(rows[0].id), 4);
    // One document's count, as the list reads it again after an edit: the same number, 0 for none.
    QCOMPARE(s.judgementCount(rows[0].id), 4);
    QCOMPARE(s.judgementCount(rows[1].id), 0);
}

void TestStudy::migratesOlderStudyAfterBackup()
{
    QTemporaryDir dir;
    const auto p = path(dir, "old.concord");
    {
        auto study = Study::create(p);
        QVERIFY(study.ok());
        fill(*study.value());
    }
    // A future Concord with one more migration opens today's study.
    std::vector<std::string_view> migrations(Schema::migrations().begin(), Schema::migrations().end());
    migrations.push_back("ALTER TABLE documents ADD COLUMN difficulty REAL; "
                         "UPDATE documents SET difficulty = length(source);");
    OpenOptions options;
    options.migrations = migrations;
    auto study = Study::open(p, options);
    QVERIFY2(study.ok(), study.ok() ? "" : study.error().describe().c_str());
    QCOMPARE(study.value()->schemaVersion(), Schema::currentVersion() + 1);
    auto s = study.value()->database().prepare("SELECT difficulty FROM documents WHERE external_id = 'doc-2'");
    QVERIFY(s.step());
    QCOMPARE(s.doubleAt(0), 10.0);

    // The backup is the study as it was, and opens with today's Concord.
    const std::string backup = p + ".v" + std::to_string(Schema::currentVersion()) + ".bak";
    QVERIFY(std::filesystem::exists(backup));
    auto old = Study::open(backup);
    QVERIFY2(old.ok(), old.ok() ? "" : old.error().describe().c_str());
    QCOMPARE(old.value()->schemaVersion(), Schema::currentVersion());
    QCOMPARE(old.value()->counts().candidates, 3);
}

// A version-2 study keeps every rating, with its link to the judge call, when the ratings table is
// rebuilt keyed by (rater, candidate, dimension); the result is the table a new study has.
void TestStudy::migratesRatingsToKeyedTable()
{
    QTemporaryDir dir;
    const auto p = path(dir, "v2.concord");
    {
        Database db(p, Database::Mode::ReadWriteCreate);
        db.exec("PRAGMA foreign_keys = ON");
        db.exec(Schema::migrations()[0]);
        db.exec(Schema::migrations()[1]);
        db.exec("PRAGMA application_id = " + std::to_string(Schema::kApplicationId));
        db.exec("PRAGMA user_version = 2");
        db.exec("INSERT INTO documents (id, external_id, source) VALUES (1, 'd1', 'Source one.');"
                "INSERT INTO systems (id, name) VALUES (1, 'A'), (2, 'B');"
                "INSERT INTO candidates (id, document_id, system_id, text) VALUES (1, 1, 1, 'a'), (2, 1, 2, 'b');"
                "INSERT INTO dimensions (id, name, kind) VALUES (1, 'coherence', 'likert'), (2, 'fluency', 'likert');"
                "INSERT INTO raters (id, name, kind) VALUES (1, 'alice', 'human'), (2, 'judge', 'judge');"
                "INSERT INTO judge_runs (id, rater_id, protocol, started_at, status) "
                "VALUES (1, 2, 'rts', '2026-01-01T00:00:00Z', 'finished');"
                "INSERT INTO judge_calls (id, run_id, request_hash) VALUES (7, 1, 'h');"
                "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value, call_id) VALUES "
                "(1, 1, 1, 4, NULL), (1, 2, 1, 2, NULL), (1, 1, 2, 5, NULL), (2, 2, 2, 3.42, 7);");
    }
    auto study = Study::open(p);
    QVERIFY2(study.ok(), study.ok() ? "" : study.error().describe().c_str());
    Study &s = *study.value();
    QCOMPARE(s.schemaVersion(), Schema::currentVersion());
    QCOMPARE(s.rating(1, 1, 1), std::optional<double>(4));
    QCOMPARE(s.rating(1, 2, 1), std::optional<double>(2));
    QCOMPARE(s.rating(1, 1, 2), std::optional<double>(5));
    QCOMPARE(s.rating(2, 2, 2), std::optional<double>(3.42));
    auto call = s.database().prepare("SELECT call_id FROM ratings WHERE rater_id = 2");
    QVERIFY(call.step());
    QCOMPARE(call.int64At(0), Id{7});
    auto count = s.database().prepare("SELECT COUNT(*) FROM ratings");
    QVERIFY(count.step());
    QCOMPARE(count.int64At(0), std::int64_t{4});
    QCOMPARE(s.database().pragmaInt("foreign_keys"), 1);

    // The rebuilt table and its index are those of a study created today.
    const auto schemaOf = [](Database &db) {
        std::vector<std::string> out;
        auto q = db.prepare("SELECT type || ' ' || name || ': ' || COALESCE(sql, '') FROM sqlite_master "
                            "WHERE tbl_name = 'ratings' ORDER BY type, name");
        while (q.step())
            out.push_back(q.textAt(0));
        return out;
    };
    auto fresh = Study::create(path(dir, "new.concord"));
    QVERIFY(fresh.ok());
    const auto migrated = schemaOf(s.database());
    QCOMPARE(migrated, schemaOf(fresh.value()->database()));
    QVERIFY(std::any_of(migrated.begin(), migrated.end(),
                        [](const std::string &sql) { return contains(sql, "WITHOUT ROWID"); }));
    QVERIFY(std::any_of(migrated.begin(), migrated.end(),
                        [](const std::string &sql) { return contains(sql, "ratings_by_candidate"); }));

    // The key still refuses a second rating of the same summary on the same dimension by the same rater.
    const auto twice = s.write([&] {
        s.database().exec("INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (1, 1, 1, 3)");
    });
    QVERIFY(!twice.ok());
    QCOMPARE(s.rating(1, 1, 1), std::optional<double>(4));
}

void TestStudy::refusesNewerStudy()
{
    QTemporaryDir dir;
    const auto p = path(dir, "new.concord");
    {
        auto study = Study::create(p);
        QVERIFY(study.ok());
        study.value()->database().exec("PRAGMA user_version = 99");
    }
    auto study = Study::open(p);
    QVERIFY(!study.ok());
    QVERIFY2(contains(study.error().message, "newer Concord"), study.error().message.c_str());
    QVERIFY(contains(study.error().message, "99"));
}

void TestStudy::refusesNonStudyFiles_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("expected");
    QTest::newRow("empty") << QByteArray() << QStringLiteral("is empty");
    QTest::newRow("text") << QByteArray("doc_id,summary\n1,hello\n") << QStringLiteral("not an SQLite database");
    QTest::newRow("json") << QByteArray("{\"documents\": []}") << QStringLiteral("not an SQLite database");
    QTest::newRow("other sqlite") << QByteArray("sqlite") << QStringLiteral("another program");
    QTest::newRow("missing") << QByteArray("missing") << QStringLiteral("no study file");
}

void TestStudy::refusesNonStudyFiles()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const auto p = path(dir, "x.concord");
    if (content == "sqlite") {
        sqlite3 *raw = nullptr;
        QCOMPARE(sqlite3_open(p.c_str(), &raw), SQLITE_OK);
        QCOMPARE(sqlite3_exec(raw, "CREATE TABLE notes (x TEXT)", nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(raw);
    } else if (content != "missing") {
        QFile file(QString::fromStdString(p));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(content);
    }
    auto study = Study::open(p);
    QVERIFY(!study.ok());
    QVERIFY2(contains(study.error().message, expected.toUtf8().constData()), study.error().message.c_str());
}

void TestStudy::refusesReadOnlyFileForWriting()
{
    QTemporaryDir dir;
    const auto p = path(dir, "ro.concord");
    QVERIFY(Study::create(p).ok());
    QFile::setPermissions(QString::fromStdString(p), QFileDevice::ReadOwner);
    auto study = Study::open(p);
    QVERIFY(!study.ok());
    QVERIFY(contains(study.error().message, "read-only"));
}

void TestStudy::readsReadOnlyFileWhenAsked()
{
    QTemporaryDir dir;
    const auto p = path(dir, "ro.concord");
    {
        auto study = Study::create(p);
        QVERIFY(study.ok());
        fill(*study.value());
    }
    OpenOptions options;
    options.readOnly = true;
    auto study = Study::open(p, options);
    QVERIFY2(study.ok(), study.ok() ? "" : study.error().describe().c_str());
    QVERIFY(study.value()->isReadOnly());
    QCOMPARE(study.value()->counts().documents, 2);
    Study &s = *study.value();
    const Status st = s.write([&] { s.ensureSystem("C"); });
    QVERIFY(!st.ok());
    QVERIFY2(contains(st.error().message, "read-only"), st.error().message.c_str());
}

void TestStudy::reportsLockedStudy()
{
    QTemporaryDir dir;
    const auto p = path(dir, "locked.concord");
    QVERIFY(Study::create(p).ok());
    auto study = Study::open(p);
    QVERIFY(study.ok());
    // Another program holds the write lock.
    sqlite3 *other = nullptr;
    QCOMPARE(sqlite3_open(p.c_str(), &other), SQLITE_OK);
    QCOMPARE(
        sqlite3_exec(other, "BEGIN IMMEDIATE; INSERT INTO systems (name) VALUES ('x');", nullptr, nullptr, nullptr),
        SQLITE_OK);
    Study &s = *study.value();
    const Status st = s.write([&] { s.ensureSystem("y"); });
    sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
    sqlite3_close(other);
    QVERIFY(!st.ok());
    QVERIFY2(contains(st.error().message, "locked by another program"), st.error().message.c_str());
    QVERIFY(s.write([&] { s.ensureSystem("y"); }).ok());
}

void TestStudy::committedActionSurvivesWithoutClose()
{
    // What write() returned ok for is on disk for a second connection at once (no close, no checkpoint).
    QTemporaryDir dir;
    const auto p = path(dir, "live.concord");
    auto study = Study::create(p);
    QVERIFY(study.ok());
    Study &s = *study.value();
    const Fixture f = fill(s);
    QVERIFY(s.write([&] { s.setRating(f.alice, f.c1a, f.dimLikert, 5); }).ok());
    OpenOptions options;
    options.readOnly = true;
    auto reader = Study::open(p, options);
    QVERIFY(reader.ok());
    QCOMPARE(reader.value()->rating(f.alice, f.c1a, f.dimLikert).value_or(0), 5.0);
}

void TestStudy::readsSeeOtherConnectionsCommits()
{
    // A single-row read must not leave its statement mid-step: that would keep an old snapshot open
    // on the connection, hiding what another program (a CLI judge run, a background import) commits.
    QTemporaryDir dir;
    const auto p = path(dir, "shared.concord");
    auto gui = Study::create(p);
    QVERIFY(gui.ok());
    const Fixture f = fill(*gui.value());
    QVERIFY(gui.value()->documentId("doc-1").has_value());
    QVERIFY(gui.value()->document(f.doc1).has_value());
    QVERIFY(gui.value()->rating(f.alice, f.c1a, f.dimLikert) == std::nullopt);

    auto worker = Study::open(p);
    QVERIFY(worker.ok());
    Study &w = *worker.value();
    QVERIFY(w.write([&] {
                 model::Document d;
                 d.externalId = "doc-3";
                 w.addDocument(d);
                 w.setRating(f.alice, f.c1a, f.dimLikert, 2);
             }).ok());

    QCOMPARE(gui.value()->documentSummaries().size(), std::size_t{3});
    QVERIFY(gui.value()->documentId("doc-3").has_value());
    QCOMPARE(gui.value()->rating(f.alice, f.c1a, f.dimLikert).value_or(0), 2.0);
    QCOMPARE(gui.value()->counts().documents, 3);
}

void TestStudy::everyMethodAnswersAlikeOnBothBackends()
{
    const auto file = fresh(false);
    QVERIFY(file);
    const Fixture f = fill(*file);
    exercise(*file, f);

    // A team study in a database whose own text order is a language's (ICU English), not bytes.
    QVERIFY(!teamStudy().empty()); // starts the cluster
    QCOMPARE(m_cluster->exec("CREATE DATABASE english TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' "
                             "LOCALE 'C'"),
             QString());
    const std::string uri = m_cluster->uri(QStringLiteral("english"));
    {
        PgConnection connection(uri);
        PgSchema::create(connection);
    }
    auto shared = Study::open(uri);
    QVERIFY2(shared.ok(), shared.ok() ? "" : shared.error().describe().c_str());
    Study &team = *shared.value();
    const Fixture g = fill(team);
    QCOMPARE(g.c2a, f.c2a);
    QCOMPARE(g.judge, f.judge);
    exercise(team, g);

    const auto expected = everyRead(*file, f);
    const auto actual = everyRead(team, g);
    QCOMPARE(actual.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i)
        QCOMPARE(QString::fromStdString(actual[i]), QString::fromStdString(expected[i]));
}

void TestStudy::teamStudyKnowsItIsShared()
{
    const std::string uri = teamStudy();
    QVERIFY(!uri.empty());
    auto study = Study::open(uri);
    QVERIFY2(study.ok(), study.ok() ? "" : study.error().describe().c_str());
    QVERIFY(study.value()->isShared());
    QVERIFY(!study.value()->isBlind()); // the owner reads everything
    QCOMPARE(study.value()->path(), uri);
    QCOMPARE(study.value()->displayName(), withoutPassword(uri));
    QCOMPARE(study.value()->schemaVersion(), PgSchema::currentVersion());

    // A team study is published, not created; the message never shows the password.
    auto created = Study::create("postgresql://lead:s3cret@localhost/newstudy");
    QVERIFY(!created.ok());
    QVERIFY2(contains(created.error().message, "concord-cli publish"), created.error().message.c_str());
    QVERIFY(!contains(created.error().message, "s3cret"));

    // A database without a study is refused, by name.
    QCOMPARE(m_cluster->exec("CREATE DATABASE empty_one"), QString());
    auto empty = Study::open(m_cluster->uri(QStringLiteral("empty_one")));
    QVERIFY(!empty.ok());
    QVERIFY2(contains(empty.error().message, "holds no study"), empty.error().message.c_str());

    // Read-only: the server refuses writes.
    OpenOptions options;
    options.readOnly = true;
    auto reader = Study::open(uri, options);
    QVERIFY(reader.ok());
    Study &r = *reader.value();
    const Status st = r.write([&] { r.ensureSystem("C"); });
    QVERIFY(!st.ok());
    QVERIFY2(contains(st.error().message, "read-only"), st.error().message.c_str());

    // A study file is not shared and is named by its path.
    const auto file = fresh(false);
    QVERIFY(!file->isShared());
    QCOMPARE(file->displayName(), std::string(":memory:"));
}

QTEST_APPLESS_MAIN(TestStudy)
#include "tst_study.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The lead's team progress on a small study whose answers are known by hand: four documents of two summaries,
// two Likert dimensions, three people with assignments, partial and unassigned work and review decisions (one
// rejection later accepted). Each person's counts are checked row by row; the quality columns are
// computeAnnotatorQuality's own; the adjudicated labels' rater and a judge are no team members.
#include "reports/annotator_quality.h"
#include "reports/team_progress.h"
#include "store/study.h"

#include <QTest>

#include <memory>
#include <string>
#include <vector>

using namespace concord;

namespace {

std::unique_ptr<store::Study> makeStudy(bool assigned = true)
{
    auto study = std::move(store::Study::createInMemory()).value();
    store::Study &s = *study;
    const Status written = s.write([&] {
        model::Dimension coherence;
        coherence.name = "coherence";
        model::Dimension fluency;
        fluency.name = "fluency";
        const model::Id coh = s.ensureDimension(coherence);
        const model::Id flu = s.ensureDimension(fluency);
        const auto human = [&](const char *name, const char *group) {
            return s.ensureRater({0, name, model::RaterKind::Human, group, {}, {}, {}, {}});
        };
        const model::Id ann = human("ann", "expert");
        const model::Id bob = human("bob", "expert");
        const model::Id cat = human("cat", "crowd");
        const model::Id adjudicated = human("adjudicated", "adjudicated");
        const model::Id judge = s.ensureRater({0, "gpt", model::RaterKind::Judge, "", "openai", "m", "p", {}});
        const model::Id a = s.ensureSystem("A");
        const model::Id b = s.ensureSystem("B");
        std::vector<model::Id> docs;
        std::vector<std::vector<model::Id>> summaries;
        for (int i = 0; i < 4; ++i) {
            model::Document d;
            d.externalId = std::string("d").append(std::to_string(i));
            d.source = "An article.";
            docs.push_back(s.addDocument(d));
            summaries.push_back({s.addCandidate(docs.back(), a, "First."), s.addCandidate(docs.back(), b, "Second.")});
        }
        // Everything asked on a document: both summaries on both dimensions, and the document explained (the plan
        // a study without rank dimensions derives).
        const auto finish = [&](model::Id rater, int doc, double base) {
            for (int c = 0; c < 2; ++c) {
                s.setRating(rater, summaries[doc][c], coh, base + c);
                s.setRating(rater, summaries[doc][c], flu, base);
            }
            s.setExplanation(rater, docs[doc], 0, "Why.");
        };
        finish(ann, 0, 3);
        s.setRating(ann, summaries[1][0], coh, 2); // d1 started, not finished
        s.setRating(ann, summaries[1][1], coh, 4);
        finish(ann, 3, 2); // unassigned work
        finish(bob, 1, 2);
        finish(bob, 2, 4);
        finish(adjudicated, 1, 2);
        finish(judge, 0, 1);
        finish(judge, 1, 1);
        if (assigned) {
            std::vector<store::AssignmentRow> rows;
            for (const auto &[rater, doc] : std::vector<std::pair<model::Id, int>>{
                     {ann, 0}, {ann, 1}, {ann, 2}, {bob, 1}, {bob, 2}, {bob, 3}, {cat, 0}})
                rows.push_back({rater, docs[doc], false, {}});
            s.replaceAssignments(rows);
        }
        const auto review = [&](model::Id rater, int doc, const char *decision) {
            store::ReviewRow r;
            r.annotator = rater;
            r.document = docs[doc];
            r.reviewer.append("lead");
            r.decision.append(decision);
            r.comment.append("c");
            s.addReview(r);
        };
        review(ann, 0, "accepted");
        review(ann, 1, "rejected");
        review(ann, 1, "accepted"); // the latest decision counts
        review(bob, 1, "rejected");
        review(bob, 2, "adjudicated");
    });
    if (!written)
        qFatal("%s", written.error().describe().c_str());
    return study;
}

const reports::TeamMemberProgress *rowOf(const reports::TeamProgress &p, const std::string &name)
{
    for (const auto &m : p.annotators)
        if (m.name == name)
            return &m;
    return nullptr;
}

} // namespace

class TestTeamProgress : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void countsPerPerson_data();
    void countsPerPerson();
    void teamIsTheHumanAnnotators();
    void qualityIsComputeAnnotatorQualitys_data();
    void qualityIsComputeAnnotatorQualitys();
    void withoutAssignmentThereIsNoProgressShare();
    void unknownGroupIsAnError();
    void jsonHasEveryKey();
    void timesPerPersonAndTeamThroughput();
};

void TestTeamProgress::countsPerPerson_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("assigned");
    QTest::addColumn<int>("done");
    QTest::addColumn<int>("finished");
    QTest::addColumn<int>("worked");
    QTest::addColumn<int>("accepted");
    QTest::addColumn<int>("rejected");
    QTest::addColumn<int>("adjudicated");
    QTest::addColumn<double>("progress");
    // ann: d0 finished, d1 half rated, d2 untouched of three assigned; d3 finished though not hers.
    QTest::newRow("ann") << "ann" << 3 << 1 << 2 << 3 << 2 << 0 << 0 << 1.0 / 3;
    QTest::newRow("bob") << "bob" << 3 << 2 << 2 << 2 << 0 << 1 << 1 << 2.0 / 3;
    QTest::newRow("cat") << "cat" << 1 << 0 << 0 << 0 << 0 << 0 << 0 << 0.0;
}

void TestTeamProgress::countsPerPerson()
{
    QFETCH(QString, name);
    auto study = makeStudy();
    const auto p = reports::computeTeamProgress(*study, {});
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().describe().c_str());
    const auto *m = rowOf(p.value(), name.toStdString());
    QVERIFY(m);
    QTEST(m->assigned, "assigned");
    QTEST(m->assignedFinished, "done");
    QTEST(m->finished, "finished");
    QTEST(m->worked, "worked");
    QTEST(m->accepted, "accepted");
    QTEST(m->rejected, "rejected");
    QTEST(m->adjudicated, "adjudicated");
    QVERIFY(m->progress().has_value());
    QTEST(*m->progress(), "progress");
}

void TestTeamProgress::teamIsTheHumanAnnotators()
{
    auto study = makeStudy();
    const auto p = reports::computeTeamProgress(*study, {}).value();
    std::vector<std::string> names;
    for (const auto &m : p.annotators)
        names.push_back(m.name);
    QCOMPARE(names, (std::vector<std::string>{"ann", "bob", "cat"}));
    QCOMPARE(p.documents, 4);
    QCOMPARE(p.groups, (std::vector<std::string>{"expert", "crowd"}));
    QCOMPARE(p.dimensions, (std::vector<std::string>{"coherence", "fluency"}));
    // Defaults: the first group and the first Likert dimension.
    QCOMPARE(p.request.group, std::string("expert"));
    QCOMPARE(p.request.dimension, std::string("coherence"));
}

void TestTeamProgress::qualityIsComputeAnnotatorQualitys_data()
{
    QTest::addColumn<QString>("group");
    QTest::addColumn<QString>("dimension");
    QTest::newRow("expert coherence") << "expert"
                                      << "coherence";
    QTest::newRow("expert fluency") << "expert"
                                    << "fluency";
}

void TestTeamProgress::qualityIsComputeAnnotatorQualitys()
{
    QFETCH(QString, group);
    QFETCH(QString, dimension);
    auto study = makeStudy();
    reports::TeamProgressRequest request;
    request.group = group.toStdString();
    request.dimension = dimension.toStdString();
    const auto p = reports::computeTeamProgress(*study, request).value();
    const auto q = reports::computeAnnotatorQuality(*study, {request.group, request.dimension, {}, {}}).value();
    QCOMPARE(p.groupAlpha->alpha, q.groupAlpha.alpha);
    QCOMPARE(p.maceWhy, q.maceWhy);
    QCOMPARE(q.annotators.size(), std::size_t(2));
    for (const auto &expected : q.annotators) {
        const auto *m = rowOf(p, expected.rater);
        QVERIFY(m && m->quality);
        QCOMPARE(m->quality->labels, expected.labels);
        QCOMPARE(m->quality->alphaWithout, expected.alphaWithout);
        QCOMPARE(m->quality->alphaWithoutReason, expected.alphaWithoutReason);
        QCOMPARE(m->quality->correlationWithOthers, expected.correlationWithOthers);
        QCOMPARE(m->quality->competence, expected.competence);
    }
    // cat is of another group: no quality of hers on the experts' dimension.
    QVERIFY(!rowOf(p, "cat")->quality);
}

void TestTeamProgress::withoutAssignmentThereIsNoProgressShare()
{
    auto study = makeStudy(false);
    const auto p = reports::computeTeamProgress(*study, {}).value();
    const auto *ann = rowOf(p, "ann");
    QCOMPARE(ann->assigned, 0);
    QCOMPARE(ann->assignedFinished, 0);
    QCOMPARE(ann->finished, 2);
    QVERIFY(!ann->progress());
}

void TestTeamProgress::unknownGroupIsAnError()
{
    auto study = makeStudy();
    reports::TeamProgressRequest request;
    request.group.append("nobody");
    const auto p = reports::computeTeamProgress(*study, request);
    QVERIFY(!p.ok());
    QVERIFY(p.error().message.find("nobody") != std::string::npos);
}

void TestTeamProgress::jsonHasEveryKey()
{
    auto study = makeStudy();
    const auto j = reports::toJson(reports::computeTeamProgress(*study, {}).value());
    for (const char *key : {"group", "dimension", "documents", "groups", "dimensions", "group_alpha", "quality_why",
                            "mace_why", "idle_seconds", "bucket_seconds", "throughput", "annotators"})
        QVERIFY2(j.contains(key), key);
    QCOMPARE(j["annotators"].size(), std::size_t(3));
    const auto &ann = j["annotators"][0];
    for (const char *key :
         {"rater", "group", "assigned", "assigned_finished", "progress", "finished", "worked", "accepted", "rejected",
          "adjudicated", "labels", "alpha_without", "correlation_with_others", "competence",
          "median_seconds_per_document", "timed_documents", "active_seconds", "throughput"})
        QVERIFY2(ann.contains(key), key);
    QCOMPARE(ann["assigned_finished"].get<int>(), 1);
    QVERIFY(j["annotators"][2]["alpha_without"].is_null()); // cat: not of the group
}

// Times from the edits' times: each person's own (workTimes), throughput over the documents they finished (ann's
// d1, only started, is not one), the team's the sum of theirs; a person without recorded times has none, and an
// idle limit of 0 is refused.
void TestTeamProgress::timesPerPersonAndTeamThroughput()
{
    auto study = makeStudy();
    const auto raterOf = [&](const char *name) {
        for (const model::Rater &r : study->raters())
            if (r.name == name)
                return r.id;
        return model::Id(0);
    };
    std::vector<model::Id> docs;
    for (const auto &d : study->documentSummariesWithoutJudgements())
        docs.push_back(d.id);
    const model::Id ann = raterOf("ann");
    const model::Id bob = raterOf("bob");
    QVERIFY(study
                ->write([&] {
                    // ann: d0 12:00, 12:02; d1 12:05 -> d0 untimed, d1 3 min. bob: d1 12:30, 12:31; d2 13:10
                    // (a 39-minute pause: a break, d2 untimed) -> d1 untimed. The 12 o'clock hour ends ann's d0
                    // (finished) and d1 (not) and bob's d1 (finished), the 13 o'clock hour bob's d2 (finished).
                    study->recordEditTime(ann, docs[0], 0, "2026-11-24T12:00:00Z");
                    study->recordEditTime(ann, docs[0], 0, "2026-11-24T12:02:00Z");
                    study->recordEditTime(ann, docs[1], 0, "2026-11-24T12:05:00Z");
                    study->recordEditTime(bob, docs[1], 0, "2026-11-24T12:30:00Z");
                    study->recordEditTime(bob, docs[1], 0, "2026-11-24T12:31:00Z");
                    study->recordEditTime(bob, docs[2], 0, "2026-11-24T13:10:00Z");
                })
                .ok());
    const auto report = reports::computeTeamProgress(*study, {});
    QVERIFY(report.ok());
    const reports::TeamProgress &p = report.value();
    const auto *annRow = rowOf(p, "ann");
    QVERIFY(annRow && annRow->time);
    QCOMPARE(annRow->time->medianSecondsPerDocument, std::optional<double>(180.0));
    QCOMPARE(annRow->time->activeSeconds, std::int64_t(300));
    const auto *bobRow = rowOf(p, "bob");
    QVERIFY(bobRow && bobRow->time);
    QCOMPARE(bobRow->time->timedDocuments, std::size_t(0));
    QVERIFY(!bobRow->time->medianSecondsPerDocument);
    QVERIFY(!rowOf(p, "cat")->time);
    QCOMPARE(p.throughput.size(), std::size_t(2));
    QCOMPARE(p.throughput[0].documents, std::size_t(2));
    QCOMPARE(p.throughput[1].documents, std::size_t(1));
    QCOMPARE(annRow->time->throughput.size(), std::size_t(1));
    QCOMPARE(annRow->time->throughput[0].documents, std::size_t(1));
    QCOMPARE(annRow->time->documents.size(), std::size_t(2)); // the times still know both
    const auto j = reports::toJson(p);
    QCOMPARE(j["annotators"][0]["median_seconds_per_document"].get<double>(), 180.0);
    QCOMPARE(j["throughput"][0]["start"].get<std::string>(), std::string("2026-11-24T12:00:00Z"));
    QVERIFY(j["annotators"][2]["median_seconds_per_document"].is_null());

    reports::TeamProgressRequest perDay;
    perDay.times.bucketSeconds = 86400;
    const auto daily = reports::computeTeamProgress(*study, perDay);
    QVERIFY(daily.ok());
    QCOMPARE(daily.value().throughput.size(), std::size_t(1));
    QCOMPARE(daily.value().throughput[0].documents, std::size_t(3));
    reports::TeamProgressRequest noBreaks;
    noBreaks.times.idleSeconds = 0;
    QVERIFY(!reports::computeTeamProgress(*study, noBreaks).ok());
}

QTEST_GUILESS_MAIN(TestTeamProgress)
#include "tst_team_progress.moc"

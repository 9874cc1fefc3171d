// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// What a study asks annotators (plan, templates), the blind presentation order, and per-annotator
// progress: finished means everything asked is answered and every ranking is possible.
#include "store/annotation_plan.h"
#include "store/annotation_progress.h"
#include "store/presentation_shuffle.h"
#include "store/study.h"
#include "store/study_template.h"

#include <QTest>

#include <algorithm>
#include <functional>

using namespace concord;
using namespace concord::store;
using concord::model::Id;

namespace {

struct Fixture {
    std::unique_ptr<Study> study;
    Id doc1 = 0, doc2 = 0, c1a = 0, c1b = 0, c2a = 0, c2b = 0, alice = 0, bob = 0;
    Id coherence = 0, overall = 0, missing = 0;
};

Fixture make(const char *templateName)
{
    Fixture f;
    f.study = std::move(Study::createInMemory()).value();
    Study &s = *f.study;
    const auto *t = StudyTemplate::find(templateName);
    if (!t || !StudyTemplate::apply(s, *t))
        qFatal("template");
    const Status ok = s.write([&] {
        model::Document d1;
        d1.externalId = "doc-1";
        d1.source = "Article one.";
        d1.scus = {"unit one", "unit two"};
        f.doc1 = s.addDocument(d1);
        model::Document d2;
        d2.externalId = "doc-2";
        d2.source = "Article two.";
        f.doc2 = s.addDocument(d2);
        const Id a = s.ensureSystem("A");
        const Id b = s.ensureSystem("B");
        f.c1a = s.addCandidate(f.doc1, a, "One A.");
        f.c1b = s.addCandidate(f.doc1, b, "One B.");
        f.c2a = s.addCandidate(f.doc2, a, "Two A.");
        f.c2b = s.addCandidate(f.doc2, b, "Two B.");
        f.alice = s.ensureRater({0, "alice", model::RaterKind::Human, "expert", {}, {}, {}, {}});
        f.bob = s.ensureRater({0, "bob", model::RaterKind::Human, "expert", {}, {}, {}, {}});
    });
    if (!ok)
        qFatal("%s", ok.error().describe().c_str());
    f.coherence = s.dimensionId("coherence").value_or(0);
    f.overall = s.dimensionId("overall").value_or(0);
    f.missing = s.dimensionId("missing").value_or(0);
    return f;
}

} // namespace

class TestAnnotationProgress : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void templatesDefineDimensionsAndPlan();
    void planRoundTripsAndRejectsBadJson();
    void derivedPlanWithoutStoredOne();
    void summevalProgress();
    void instrusumProgressNeedsPossibleRankingsAndExplanation();
    void unitsCountWhereTheDocumentHasThem();
    void shuffleIsStableAndDiffersBetweenAnnotators();
    void ensureStoresTheOrderOnce();
    void judgementsOfReadsOneAnnotatorsDocument();
    void tallyFromJudgementsIsTheTallyRead_data();
    void tallyFromJudgementsIsTheTallyRead();
};

void TestAnnotationProgress::templatesDefineDimensionsAndPlan()
{
    auto f = make("summeval");
    const auto dims = f.study->dimensions();
    QCOMPARE(dims.size(), std::size_t(4));
    QCOMPARE(dims[0].name, std::string("coherence"));
    QCOMPARE(dims[0].labels.size(), std::size_t(5));
    QVERIFY(!dims[0].definition.empty());
    const auto plan = AnnotationPlan::of(*f.study);
    QCOMPARE(plan.templateName, std::string("summeval"));
    QCOMPARE(plan.likert, (std::vector<std::string>{"coherence", "consistency", "fluency", "relevance"}));
    QVERIFY(plan.rank.empty());

    auto g = make("instrusum");
    const auto iplan = AnnotationPlan::of(*g.study);
    QCOMPARE(iplan.rank, (std::vector<std::string>{"overall", "missing", "irrelevant", "factual"}));
    QCOMPARE(iplan.explainRanks, std::vector<std::string>{"overall"});
    QVERIFY(iplan.likert.empty());
    QVERIFY(iplan.errorSpans);
    QVERIFY(StudyTemplate::find("no-such") == nullptr);
}

void TestAnnotationProgress::planRoundTripsAndRejectsBadJson()
{
    AnnotationPlan plan;
    plan.templateName = "custom";
    plan.instructions = "Read carefully.";
    plan.likert = {"fluency"};
    plan.rank = {"overall"};
    plan.explainDocument = true;
    plan.explainRanks = {"overall"};
    plan.units = false;
    plan.errorSpans = false;
    auto back = AnnotationPlan::fromJson(plan.toJson());
    QVERIFY(back.ok());
    QCOMPARE(back.value().instructions, plan.instructions);
    QCOMPARE(back.value().likert, plan.likert);
    QCOMPARE(back.value().rank, plan.rank);
    QCOMPARE(back.value().explainDocument, true);
    QCOMPARE(back.value().units, false);
    QCOMPARE(back.value().errorSpans, false);

    QVERIFY(!AnnotationPlan::fromJson("[1, 2]").ok());
    const auto bad = AnnotationPlan::fromJson(R"({"likert": "coherence"})");
    QVERIFY(!bad.ok());
    QVERIFY(bad.error().message.find("likert") != std::string::npos);
    QVERIFY(!AnnotationPlan::fromJson(R"({"units": "yes"})").ok());
}

void TestAnnotationProgress::derivedPlanWithoutStoredOne()
{
    auto f = make("empty");
    const Status ok = f.study->write([&] {
        model::Dimension d;
        d.name = "q";
        f.study->ensureDimension(d);
        d.name = "best";
        d.kind = model::DimensionKind::Rank;
        f.study->ensureDimension(d);
    });
    QVERIFY(ok.ok());
    const auto plan = AnnotationPlan::of(*f.study);
    QCOMPARE(plan.likert, std::vector<std::string>{"q"});
    QCOMPARE(plan.rank, std::vector<std::string>{"best"});
    QCOMPARE(plan.explainRanks, std::vector<std::string>{"best"});
    // A stored plan naming a dimension the study lacks drops it instead of blocking progress.
    QVERIFY(
        f.study->write([&] { f.study->setInfo("annotation", R"({"likert": ["q", "gone"], "rank": ["q"]})"); }).ok());
    const auto stored = AnnotationPlan::of(*f.study);
    QCOMPARE(stored.likert, std::vector<std::string>{"q"});
    QVERIFY(stored.rank.empty());
}

void TestAnnotationProgress::summevalProgress()
{
    auto f = make("summeval");
    Study &s = *f.study;
    AnnotationProgress progress(AnnotationPlan::of(s), s.dimensions());
    auto all = progress.read(s, f.alice);
    QCOMPARE(all.size(), std::size_t(2));
    // doc-1 has SCUs: 2 candidates x (4 dimensions + 2 units).
    QCOMPARE(all[0].asked, 12);
    QCOMPARE(all[1].asked, 8);
    QCOMPARE(all[0].answered, 0);
    QVERIFY(!all[1].finished());

    QVERIFY(s.write([&] {
                 for (const auto &d : s.dimensions())
                     for (const Id c : {f.c2a, f.c2b})
                         s.setRating(f.alice, c, d.id, 3);
             }).ok());
    const auto one = progress.readOne(s, f.alice, f.doc2);
    QCOMPARE(one.answered, 8);
    QVERIFY(one.finished());
    // Bob's progress is his own.
    QCOMPARE(progress.readOne(s, f.bob, f.doc2).answered, 0);
    const auto summary = AnnotationProgress::summarise(progress.read(s, f.alice));
    QCOMPARE(summary.documents, 2);
    QCOMPARE(summary.finished, 1);
    QCOMPARE(summary.started, 0);
}

void TestAnnotationProgress::instrusumProgressNeedsPossibleRankingsAndExplanation()
{
    auto f = make("instrusum");
    Study &s = *f.study;
    AnnotationProgress progress(AnnotationPlan::of(s), s.dimensions());
    // 4 rank dimensions x 2 candidates + 1 explanation (+ 2x2 units on doc-1).
    QCOMPARE(progress.readOne(s, f.alice, f.doc2).asked, 9);
    QVERIFY(s.write([&] {
                 for (const auto &d : s.dimensions())
                     s.setRanking(f.alice, f.doc2, d.id, {{f.c2a, 1}, {f.c2b, 1}});
             }).ok());
    auto p = progress.readOne(s, f.alice, f.doc2);
    QCOMPARE(p.answered, 8);
    QVERIFY(!p.finished());
    QVERIFY(s.write([&] { s.setExplanation(f.alice, f.doc2, f.overall, "Both equal."); }).ok());
    QVERIFY(progress.readOne(s, f.alice, f.doc2).finished());
    // "2, 2" for two candidates cannot be: flagged, and not finished though every candidate has a rank.
    QVERIFY(s.write([&] { s.setRanking(f.alice, f.doc2, f.missing, {{f.c2a, 2}, {f.c2b, 2}}); }).ok());
    p = progress.readOne(s, f.alice, f.doc2);
    QVERIFY(p.rankingProblem);
    QCOMPARE(p.answered, p.asked);
    QVERIFY(!p.finished());
    // Incomplete: one candidate of two.
    QVERIFY(s.write([&] { s.setRanking(f.alice, f.doc2, f.missing, {{f.c2a, 1}}); }).ok());
    p = progress.readOne(s, f.alice, f.doc2);
    QVERIFY(!p.rankingProblem);
    QCOMPARE(p.answered, p.asked - 1);
}

void TestAnnotationProgress::unitsCountWhereTheDocumentHasThem()
{
    auto f = make("summeval");
    Study &s = *f.study;
    AnnotationProgress progress(AnnotationPlan::of(s), s.dimensions());
    QVERIFY(s.write([&] {
                 for (const auto &d : s.dimensions())
                     for (const Id c : {f.c1a, f.c1b})
                         s.setRating(f.alice, c, d.id, 4);
                 s.setUnitMark(f.alice, f.c1a, 0, true);
                 s.setUnitMark(f.alice, f.c1a, 1, false);
                 s.setUnitMark(f.alice, f.c1b, 0, false);
             }).ok());
    auto p = progress.readOne(s, f.alice, f.doc1);
    QCOMPARE(p.answered, 11);
    QVERIFY(!p.finished());
    QVERIFY(s.write([&] { s.setUnitMark(f.alice, f.c1b, 1, true); }).ok());
    QVERIFY(progress.readOne(s, f.alice, f.doc1).finished());
    QVERIFY(s.write([&] { s.clearUnitMark(f.alice, f.c1b, 1); }).ok());
    QVERIFY(!progress.readOne(s, f.alice, f.doc1).finished());
    // A plan without units does not ask for them.
    AnnotationPlan plan = AnnotationPlan::of(s);
    plan.units = false;
    AnnotationProgress noUnits(plan, s.dimensions());
    QVERIFY(noUnits.readOne(s, f.alice, f.doc1).finished());
}

void TestAnnotationProgress::shuffleIsStableAndDiffersBetweenAnnotators()
{
    const std::vector<Id> ids{11, 12, 13, 14, 15};
    const auto seedA = PresentationShuffle::seedFor("alice", "doc-1");
    QCOMPARE(seedA, PresentationShuffle::seedFor("alice", "doc-1"));
    QVERIFY(seedA != PresentationShuffle::seedFor("bob", "doc-1"));
    QVERIFY(seedA != PresentationShuffle::seedFor("alice", "doc-2"));
    // The boundary between name and document matters: ("ab", "c") is not ("a", "bc").
    QVERIFY(PresentationShuffle::seedFor("ab", "c") != PresentationShuffle::seedFor("a", "bc"));
    const auto order = PresentationShuffle::shuffled(ids, seedA);
    QCOMPARE(order, PresentationShuffle::shuffled(ids, seedA));
    auto sorted = order;
    std::sort(sorted.begin(), sorted.end());
    QCOMPARE(sorted, ids);
    // Over many documents two annotators see different orders almost always, and each order is a permutation.
    int differ = 0;
    for (int doc = 0; doc < 50; ++doc) {
        const std::string name = "doc-" + std::to_string(doc);
        if (PresentationShuffle::shuffled(ids, PresentationShuffle::seedFor("alice", name))
            != PresentationShuffle::shuffled(ids, PresentationShuffle::seedFor("bob", name)))
            ++differ;
    }
    QVERIFY2(differ >= 40, std::to_string(differ).c_str());
}

void TestAnnotationProgress::ensureStoresTheOrderOnce()
{
    auto f = make("summeval");
    Study &s = *f.study;
    QVERIFY(!s.presentationOrder(f.alice, f.doc1));
    auto first = PresentationShuffle::ensure(s, f.alice, f.doc1);
    QVERIFY(first.ok());
    const auto stored = s.presentationOrder(f.alice, f.doc1);
    QVERIFY(stored.has_value());
    QCOMPARE(stored->candidates, first.value());
    QCOMPARE(stored->seed, PresentationShuffle::seedFor("alice", "doc-1"));
    // A stored order is kept as it is, even one the seed would not give (it is what was shown).
    const std::vector<Id> shown{f.c1b, f.c1a};
    QVERIFY(s.write([&] { s.setPresentationOrder(f.alice, f.doc1, 7, shown); }).ok());
    QCOMPARE(PresentationShuffle::ensure(s, f.alice, f.doc1).value(), shown);
    // A stale one (naming other candidates) is replaced.
    QVERIFY(s.write([&] { s.setPresentationOrder(f.alice, f.doc1, 7, {f.c1a}); }).ok());
    auto again = PresentationShuffle::ensure(s, f.alice, f.doc1).value();
    QCOMPARE(again.size(), std::size_t(2));
    QVERIFY(!PresentationShuffle::ensure(s, 999, f.doc1).ok());
}

void TestAnnotationProgress::judgementsOfReadsOneAnnotatorsDocument()
{
    auto f = make("instrusum");
    Study &s = *f.study;
    Id span = 0;
    QVERIFY(s.write([&] {
                 s.setRanking(f.alice, f.doc1, f.overall, {{f.c1a, 1}, {f.c1b, 2}});
                 s.setRanking(f.bob, f.doc1, f.overall, {{f.c1a, 2}, {f.c1b, 1}});
                 span = s.addErrorSpan({0, f.alice, f.c1a, 0, 3, "One", ""});
                 s.addErrorSpan({0, f.bob, f.c1a, 1, 3, "ne", ""});
                 s.setExplanation(f.alice, f.doc1, f.overall, "A is better.");
                 s.setExplanation(f.alice, f.doc1, 0, "Overall fine.");
                 s.setUnitMark(f.alice, f.c1b, 1, true);
                 s.setPresentationOrder(f.alice, f.doc1, 5, {f.c1b, f.c1a});
             }).ok());
    const auto j = s.judgementsOf(f.alice, f.doc1);
    QCOMPARE(j.rankings.at(f.overall).at(f.c1a), 1);
    QCOMPARE(j.rankings.at(f.overall).at(f.c1b), 2);
    QCOMPARE(j.errorSpans.size(), std::size_t(1));
    QCOMPARE(j.errorSpans[0].quote, std::string("One"));
    QCOMPARE(j.explanations.at(f.overall), std::string("A is better."));
    QCOMPARE(j.explanations.at(0), std::string("Overall fine."));
    QCOMPARE(j.unitMarks.at({f.c1b, 1}), true);
    QVERIFY(j.order.has_value());
    QCOMPARE(j.order->seed, std::uint64_t(5));
    // Notes change in place; a removed span comes back under its id.
    QVERIFY(s.write([&] { s.setErrorSpanNote(span, "wrong number"); }).ok());
    auto spanRow = s.judgementsOf(f.alice, f.doc1).errorSpans.at(0);
    QCOMPARE(spanRow.note, std::string("wrong number"));
    QVERIFY(s.write([&] { s.removeErrorSpan(span); }).ok());
    QVERIFY(s.judgementsOf(f.alice, f.doc1).errorSpans.empty());
    QVERIFY(s.write([&] { s.restoreErrorSpan(spanRow); }).ok());
    QCOMPARE(s.judgementsOf(f.alice, f.doc1).errorSpans.at(0).id, span);
    QVERIFY(!s.write([&] { s.setErrorSpanNote(987654, "x"); }).ok());
    QVERIFY(s.judgementsOf(f.bob, f.doc2).rankings.empty());
}

// An editor that keeps an annotator's judgements counts their progress without reading the study: the
// tally it makes of them is the one the study reads, answer by answer, and so is the judgement count when
// only this annotator has judged the document.
void TestAnnotationProgress::tallyFromJudgementsIsTheTallyRead_data()
{
    QTest::addColumn<QString>("templateName");
    QTest::addColumn<int>("answers"); // how many of the answers below alice has given
    for (const char *name : {"summeval", "instrusum"})
        for (int answers : {0, 1, 3, 6, 9}) {
            const QByteArray tag = QByteArray(name) + " " + QByteArray::number(answers);
            QTest::newRow(tag.constData()) << QString::fromLatin1(name) << answers;
        }
}

void TestAnnotationProgress::tallyFromJudgementsIsTheTallyRead()
{
    QFETCH(QString, templateName);
    QFETCH(int, answers);
    auto f = make(templateName.toLatin1().constData());
    Study &s = *f.study;
    const auto dimensions = s.dimensions();
    const Id first = dimensions.front().id;
    const Id last = dimensions.back().id;
    const std::vector<std::function<void()>> steps{
        [&] { s.setRating(f.alice, f.c1a, first, 4); },
        [&] { s.setUnitMark(f.alice, f.c1a, 0, true); },
        [&] {
            s.setRanking(f.alice, f.doc1, last, {{f.c1a, 2}, {f.c1b, 2}});
        },
        [&] {
            s.addErrorSpan({0, f.alice, f.c1b, 0, 3, "One", ""});
        },
        [&] { s.setExplanation(f.alice, f.doc1, 0, "Fine."); },
        [&] { s.setExplanation(f.alice, f.doc1, last, "Tied."); },
        [&] { s.setRating(f.alice, f.c1b, last, 2); },
        [&] { s.setUnitMark(f.alice, f.c1b, 1, false); },
        [&] { s.setRating(f.alice, f.c1b, first, 1); },
    };
    QVERIFY(s.write([&] {
                 for (int i = 0; i < answers; ++i)
                     steps[static_cast<std::size_t>(i)]();
             }).ok());
    for (const Id document : {f.doc1, f.doc2}) {
        const auto read = s.annotatorTallies(f.alice, document).front();
        const auto judgements = s.judgementsOf(f.alice, document);
        const auto made = AnnotationProgress::tallyOf(judgements, document, read.candidates, read.units);
        QCOMPARE(made.document, read.document);
        QCOMPARE(made.ratings, read.ratings);
        auto sorted = [](std::map<Id, std::vector<int>> ranks) {
            for (auto &[dimension, list] : ranks)
                std::sort(list.begin(), list.end());
            return ranks;
        };
        QCOMPARE(sorted(made.ranks), sorted(read.ranks));
        auto explained = read.explained;
        std::sort(explained.begin(), explained.end());
        QCOMPARE(made.explained, explained);
        QCOMPARE(made.unitMarks, read.unitMarks);
        QCOMPARE(AnnotationProgress::judgementCount(judgements), s.judgementCount(document));
        AnnotationProgress progress(AnnotationPlan::of(s), dimensions);
        QCOMPARE(progress.of(made).answered, progress.readOne(s, f.alice, document).answered);
        QCOMPARE(progress.of(made).rankingProblem, progress.readOne(s, f.alice, document).rankingProblem);
    }
}

QTEST_GUILESS_MAIN(TestAnnotationProgress)
#include "tst_annotation_progress.moc"

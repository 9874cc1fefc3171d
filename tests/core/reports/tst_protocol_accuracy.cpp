// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Accuracy of a judge's pairwise choices, Pyramid unit answers and per-sentence factuality answers
// against the humans, on a small study worked out by hand.
#include "reports/protocol_accuracy.h"
#include "store/study.h"

#include <QTest>

#include <set>

using namespace concord;
using model::Id;

class TestProtocolAccuracy : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void pairwiseChoice();
    void pyramid();
    void factuality();
    void unknownNamesAreErrors();
    void onlyTheDocumentsAsked();

private:
    std::unique_ptr<store::Study> m_study;
    Id m_judge = 0, m_candA = 0, m_candB = 0, m_candC = 0, m_doc = 0;
    Id m_pyramidRun = 0, m_factualityRun = 0;
};

void TestProtocolAccuracy::init()
{
    m_study = std::move(store::Study::createInMemory().value());
    store::Study &s = *m_study;
    QVERIFY(
        s.write([&] {
             model::Document d;
             d.externalId = "d1";
             d.source = "It rained all day. The fans left early.";
             d.scus = {"it rained", "fans left early"};
             m_doc = s.addDocument(d);
             m_candA = s.addCandidate(m_doc, s.ensureSystem("A"), "It rained. Fans left early.");
             m_candB = s.addCandidate(m_doc, s.ensureSystem("B"), "Fans stayed.");
             m_candC = s.addCandidate(m_doc, s.ensureSystem("C"), "It was sunny.");
             model::Dimension relevance;
             relevance.name = "relevance";
             const Id rel = s.ensureDimension(relevance);
             model::Dimension preference;
             preference.name = "preference";
             preference.kind = model::DimensionKind::Pairwise;
             const Id pref = s.ensureDimension(preference);
             const Id h1 = s.ensureRater({0, "h1", model::RaterKind::Human, "expert", {}, {}, {}, {}});
             const Id h2 = s.ensureRater({0, "h2", model::RaterKind::Human, "expert", {}, {}, {}, {}});
             m_judge = s.ensureRater({0, "judge", model::RaterKind::Judge, {}, "openai", "m", "pairwise", {}});
             // Human means: A 4.5, B 3, C 3.
             s.setRating(h1, m_candA, rel, 5);
             s.setRating(h2, m_candA, rel, 4);
             s.setRating(h1, m_candB, rel, 3);
             s.setRating(h2, m_candB, rel, 3);
             s.setRating(h1, m_candC, rel, 2);
             s.setRating(h2, m_candC, rel, 4);
             // Judge: A over B (right), B over C (humans tie: wrong), C over A shown C first (wrong).
             s.addPairwiseOutcome({0, m_judge, pref, m_candA, m_candB, true, model::PairwiseWinner::A, std::nullopt});
             s.addPairwiseOutcome({0, m_judge, pref, m_candB, m_candC, true, model::PairwiseWinner::A, std::nullopt});
             s.addPairwiseOutcome({0, m_judge, pref, m_candA, m_candC, false, model::PairwiseWinner::B, std::nullopt});
             // Pyramid marks: A has unit 0 (both agree), unit 1 split; B lacks unit 0 (both agree).
             s.setUnitMark(h1, m_candA, 0, true);
             s.setUnitMark(h2, m_candA, 0, true);
             s.setUnitMark(h1, m_candA, 1, true);
             s.setUnitMark(h2, m_candA, 1, false);
             s.setUnitMark(h1, m_candB, 0, false);
             s.setUnitMark(h2, m_candB, 0, false);
             // h1 marks "early" in A's second sentence as an error.
             s.addErrorSpan({0, h1, m_candA, 21, 26, "early", "not in the article"});
             m_pyramidRun = s.addJudgeRun(m_judge, "pyramid", "{}");
             m_factualityRun = s.addJudgeRun(m_judge, "factuality", "{}");
             auto call = [&](Id run, Id cand, const std::string &unit, std::optional<double> value, bool valid) {
                 model::JudgeCall c;
                 c.runId = run;
                 c.requestHash = unit + std::to_string(cand);
                 c.candidateId = cand;
                 c.documentId = m_doc;
                 c.unit = unit;
                 c.parsedValue = value;
                 c.valid = valid;
                 c.invalidReason = valid ? "" : "no Yes or No in the answer";
                 s.addJudgeCall(c);
             };
             call(m_pyramidRun, m_candA, R"({"scu": 0})", 1, true); // right
             call(m_pyramidRun, m_candA, R"({"scu": 1})", 1, true); // split vote: no truth
             call(m_pyramidRun, m_candB, R"({"scu": 0})", 1, true); // wrong
             call(m_pyramidRun, m_candB, R"({"scu": 1})", std::nullopt, false);
             call(m_factualityRun, m_candA, R"({"sentence": 0})", 1, true); // right
             call(m_factualityRun, m_candA, R"({"sentence": 1})", 1, true); // wrong: h1 marked an error there
             call(m_factualityRun, m_candA, R"({"sentence": 5})", 0, true); // no such sentence
             call(m_factualityRun, m_candB, R"({"sentence": 0})", 0, true); // wrong: no human marked an error
         }).ok());
}

void TestProtocolAccuracy::pairwiseChoice()
{
    reports::ProtocolAccuracyRequest r{"judge", "expert", "preference", "relevance"};
    const auto a = reports::pairwiseChoiceAccuracy(*m_study, r);
    QVERIFY2(a.ok(), a.ok() ? "" : a.error().describe().c_str());
    QCOMPARE(a.value().accuracy.total, std::size_t{3});
    QCOMPARE(a.value().accuracy.correct, std::size_t{1});
    QVERIFY(a.value().accuracy.ciLow < 1.0 / 3 && 1.0 / 3 < a.value().accuracy.ciHigh);
}

void TestProtocolAccuracy::pyramid()
{
    const auto a = reports::pyramidAccuracy(*m_study, {"judge", "expert", {}, {}});
    QVERIFY2(a.ok(), a.ok() ? "" : a.error().describe().c_str());
    QCOMPARE(a.value().accuracy.total, std::size_t{2});
    QCOMPARE(a.value().accuracy.correct, std::size_t{1});
    QCOMPARE(a.value().withoutTruth, std::size_t{1});
    QCOMPARE(a.value().invalidAnswers, std::size_t{1});
}

void TestProtocolAccuracy::factuality()
{
    const auto a = reports::factualityAccuracy(*m_study, {"judge", "expert", {}, {}});
    QVERIFY2(a.ok(), a.ok() ? "" : a.error().describe().c_str());
    QCOMPARE(a.value().accuracy.total, std::size_t{3});
    QCOMPARE(a.value().accuracy.correct, std::size_t{1});
    QCOMPARE(a.value().withoutTruth, std::size_t{1});
    QCOMPARE(a.value().invalidAnswers, std::size_t{0});
}

void TestProtocolAccuracy::unknownNamesAreErrors()
{
    QCOMPARE(reports::pyramidAccuracy(*m_study, {"nobody", "expert", {}, {}}).error().field, std::string("judge"));
    QCOMPARE(reports::factualityAccuracy(*m_study, {"judge", "crowd", {}, {}}).error().field, std::string("group"));
    QCOMPARE(reports::pairwiseChoiceAccuracy(*m_study, {"judge", "expert", "taste", {}}).error().field,
             std::string("dimension"));
}

// A held-out split's documents: the answers about its documents count as before, the others not at all (neither
// as invalid nor as without truth).
void TestProtocolAccuracy::onlyTheDocumentsAsked()
{
    reports::ProtocolAccuracyRequest r{"judge", "expert", "preference", "relevance"};
    r.documents = std::set<Id>{m_doc};
    const auto pairwise = reports::pairwiseChoiceAccuracy(*m_study, r);
    QVERIFY(pairwise.ok());
    QCOMPARE(pairwise.value().accuracy.total, std::size_t{3});
    QCOMPARE(pairwise.value().accuracy.correct, std::size_t{1});
    const auto pyramid = reports::pyramidAccuracy(*m_study, r);
    QVERIFY(pyramid.ok());
    QCOMPARE(pyramid.value().accuracy.total, std::size_t{2});
    QCOMPARE(pyramid.value().invalidAnswers, std::size_t{1});
    const auto factuality = reports::factualityAccuracy(*m_study, r);
    QVERIFY(factuality.ok());
    QCOMPARE(factuality.value().accuracy.total, std::size_t{3});
    QCOMPARE(factuality.value().withoutTruth, std::size_t{1});

    r.documents = std::set<Id>{m_doc + 1}; // a split without this study's only document
    for (const auto &a : {reports::pairwiseChoiceAccuracy(*m_study, r), reports::pyramidAccuracy(*m_study, r),
                          reports::factualityAccuracy(*m_study, r)}) {
        QVERIFY(a.ok());
        QCOMPARE(a.value().accuracy.total, std::size_t{0});
        QCOMPARE(a.value().accuracy.correct, std::size_t{0});
        QCOMPARE(a.value().invalidAnswers, std::size_t{0});
        QCOMPARE(a.value().withoutTruth, std::size_t{0});
    }
}

QTEST_APPLESS_MAIN(TestProtocolAccuracy)
#include "tst_protocol_accuracy.moc"

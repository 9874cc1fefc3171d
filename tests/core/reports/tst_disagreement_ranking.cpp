// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The disagreement ranking and the detail of one item, on a small study worked out by hand, and on
// the SummEval study with two recorded judges.
#include "reports/disagreement_ranking.h"
#include "store/study.h"
#include "summeval_judges.h"
#include "test_paths.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace concord;
using model::Id;

class TestDisagreementRanking : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void rankedByNormalisedDistance();
    void filters();
    void unknownNamesAreErrors();
    void detail();
    void summEval();

private:
    std::unique_ptr<store::Study> m_study;
    Id m_doc1 = 0, m_candX1 = 0, m_judgeA = 0, m_coherence = 0;
};

void TestDisagreementRanking::init()
{
    m_study = std::move(store::Study::createInMemory().value());
    store::Study &s = *m_study;
    QVERIFY(s.write([&] {
                 model::Dimension coherence;
                 coherence.name = "coherence"; // 1–5: width 4
                 m_coherence = s.ensureDimension(coherence);
                 model::Dimension quality;
                 quality.name = "quality";
                 quality.scaleMin = 1;
                 quality.scaleMax = 10; // width 9
                 const Id qual = s.ensureDimension(quality);
                 const Id h1 = s.ensureRater({0, "h1", model::RaterKind::Human, "expert", {}, {}, {}, {}});
                 const Id h2 = s.ensureRater({0, "h2", model::RaterKind::Human, "expert", {}, {}, {}, {}});
                 const Id t1 = s.ensureRater({0, "t1", model::RaterKind::Human, "turker", {}, {}, {}, {}});
                 m_judgeA = s.ensureRater({0, "judgeA", model::RaterKind::Judge, {}, "openai", "m", "rts", {}});
                 const Id judgeB = s.ensureRater({0, "judgeB", model::RaterKind::Judge, {}, "openai", "m", "rts", {}});
                 const Id x = s.ensureSystem("X"), y = s.ensureSystem("Y");
                 model::Document d1;
                 d1.externalId = "doc-1";
                 d1.source = "The article.";
                 m_doc1 = s.addDocument(d1);
                 model::Document d2;
                 d2.externalId = "doc-2";
                 d2.source = "Another article.";
                 const Id doc2 = s.addDocument(d2);
                 m_candX1 = s.addCandidate(m_doc1, x, "Zoë met the café owner. It rained.");
                 const Id y1 = s.addCandidate(m_doc1, y, "Y one.");
                 const Id x2 = s.addCandidate(doc2, x, "X two.");
                 // coherence: X/doc-1 humans 2 and 4 (mean 3), judgeA 5 -> 2/4 = 0.5, judgeB 3 -> 0.
                 s.setRating(h1, m_candX1, m_coherence, 2);
                 s.setRating(h2, m_candX1, m_coherence, 4);
                 s.setRating(t1, m_candX1, m_coherence, 5); // another group: ignored
                 s.setRating(m_judgeA, m_candX1, m_coherence, 5);
                 s.setRating(judgeB, m_candX1, m_coherence, 3);
                 // Y/doc-1: human 1, judgeA 2 -> 0.25.
                 s.setRating(h1, y1, m_coherence, 1);
                 s.setRating(m_judgeA, y1, m_coherence, 2);
                 // quality: X/doc-2 human 1, judgeA 10 -> 9/9 = 1; judgeB 4 -> 3/9.
                 s.setRating(h2, x2, qual, 1);
                 s.setRating(m_judgeA, x2, qual, 10);
                 s.setRating(judgeB, x2, qual, 4);
                 // A judge rating without any human rating: not an item.
                 s.setRating(judgeB, y1, qual, 7);

                 s.addErrorSpan({0, h1, m_candX1, 0, 3, "Zoë", "wrong name"});
                 s.addErrorSpan({0, h2, m_candX1, 8, 22, "the café owner", ""});
                 s.addErrorSpan({0, t1, m_candX1, 24, 33, "It rained", "other group"});
                 s.setExplanation(h1, m_doc1, m_coherence, "Jumps between topics.");
                 s.setExplanation(h2, m_doc1, 0, "Fine overall.");
                 const Id run = s.addJudgeRun(m_judgeA, "rts", "{}");
                 model::JudgeCall call;
                 call.runId = run;
                 call.requestHash = "h1";
                 call.documentId = m_doc1;
                 call.candidateId = m_candX1;
                 call.dimensionId = m_coherence;
                 call.rawResponse = "Coherence: 5 <b>great</b>";
                 call.parsedValue = 5;
                 call.valid = true;
                 s.addJudgeCall(call);
                 call.requestHash = "h2";
                 call.dimensionId = qual;
                 call.rawResponse = "quality answer";
                 s.addJudgeCall(call);
             }).ok());
}

void TestDisagreementRanking::rankedByNormalisedDistance()
{
    const auto items = reports::rankDisagreements(*m_study, {"expert", {}, {}, {}});
    QVERIFY2(items.ok(), items.ok() ? "" : items.error().describe().c_str());
    const auto &v = items.value();
    QCOMPARE(v.size(), std::size_t{5});
    QCOMPARE(v[0].judgeName, std::string("judgeA"));
    QCOMPARE(v[0].dimensionName, std::string("quality"));
    QCOMPARE(v[0].distance, 1.0);
    QCOMPARE(v[1].distance, 0.5);
    QCOMPARE(v[1].humanMean, 3.0);
    QCOMPARE(v[1].humans, std::size_t{2});
    QCOMPARE(v[1].judgeValue, 5.0);
    QCOMPARE(v[1].documentName, std::string("doc-1"));
    QCOMPARE(v[1].systemName, std::string("X"));
    QCOMPARE(v[2].judgeName, std::string("judgeB"));
    QCOMPARE(v[2].distance, 3.0 / 9.0);
    QCOMPARE(v[3].distance, 0.25);
    QCOMPARE(v[3].systemName, std::string("Y"));
    QCOMPARE(v[4].distance, 0.0);
    // The turker's 5 is not in the mean; with the turkers as the group, only X/doc-1 is an item.
    const auto turker = reports::rankDisagreements(*m_study, {"turker", {}, {}, {}});
    QVERIFY(turker.ok());
    QCOMPARE(turker.value().size(), std::size_t{2});
    QCOMPARE(turker.value()[0].distance, 0.5); // judgeB 3 against 5
    QCOMPARE(turker.value()[1].distance, 0.0); // judgeA 5 against 5
}

void TestDisagreementRanking::filters()
{
    auto count = [&](reports::DisagreementRequest r) {
        const auto items = reports::rankDisagreements(*m_study, r);
        return items.ok() ? static_cast<int>(items.value().size()) : -1;
    };
    QCOMPARE(count({"expert", {"judgeB"}, {}, {}}), 2);
    QCOMPARE(count({"expert", {}, "coherence", {}}), 3);
    QCOMPARE(count({"expert", {}, {}, "Y"}), 1);
    QCOMPARE(count({"expert", {"judgeA"}, "quality", "X"}), 1);
    QCOMPARE(count({"expert", {"judgeB"}, {}, "Y"}), 0);
    QCOMPARE(count({{}, {}, {}, {}}), 5); // the first group: expert
}

void TestDisagreementRanking::unknownNamesAreErrors()
{
    QVERIFY(!reports::rankDisagreements(*m_study, {"nobody", {}, {}, {}}).ok());
    QVERIFY(!reports::rankDisagreements(*m_study, {"expert", {"judgeZ"}, {}, {}}).ok());
    QVERIFY(!reports::rankDisagreements(*m_study, {"expert", {}, "nothing", {}}).ok());
    QVERIFY(!reports::rankDisagreements(*m_study, {"expert", {}, {}, "Z"}).ok());
}

void TestDisagreementRanking::detail()
{
    const auto items = reports::rankDisagreements(*m_study, {"expert", {}, "coherence", {}});
    QVERIFY(items.ok());
    const auto &item = items.value()[0];
    QCOMPARE(item.candidate, m_candX1);
    const auto d = reports::disagreementDetail(*m_study, item, "expert");
    QVERIFY2(d.ok(), d.ok() ? "" : d.error().describe().c_str());
    QCOMPARE(d.value().article, std::string("The article."));
    QCOMPARE(d.value().summary, std::string("Zoë met the café owner. It rained."));
    QCOMPARE(d.value().humanSpans.size(), std::size_t{2}); // the turker's span is left out
    QCOMPARE(d.value().humanSpans[1].start, 8);
    QCOMPARE(d.value().humans.size(), std::size_t{2});
    QCOMPARE(d.value().humans[0].rater, std::string("h1"));
    QCOMPARE(*d.value().humans[0].rating, 2.0);
    QCOMPARE(d.value().humans[0].explanation, std::string("Jumps between topics."));
    QCOMPARE(d.value().humans[1].explanation,
             std::string("Fine overall."));                  // the document's, as none is on the dimension
    QCOMPARE(d.value().judgeAnswers.size(), std::size_t{1}); // not the quality call
    QCOMPARE(d.value().judgeAnswers[0].rawResponse, std::string("Coherence: 5 <b>great</b>"));
    QCOMPARE(*d.value().judgeAnswers[0].parsedValue, 5.0);
}

void TestDisagreementRanking::summEval()
{
    if (test::summevalFiles().isEmpty())
        QSKIP("../shared/data/summeval is absent: the SummEval ranking cannot be checked here");
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("s.concord")).toStdString();
    const std::string error = test::createSummEvalWithJudges(path);
    QVERIFY2(error.empty(), error.c_str());
    auto study = store::Study::open(path, {true});
    QVERIFY(study.ok());
    const auto items = reports::rankDisagreements(*study.value(), {"expert", {"judge_noisy"}, {}, {}});
    QVERIFY(items.ok());
    // Every valid recorded value is an item: 4,800 lines less the unreadable ones.
    QCOMPARE(items.value().size(), std::size_t{4800 - 4800 / 41});
    for (std::size_t i = 1; i < items.value().size(); ++i)
        QVERIFY(items.value()[i - 1].distance >= items.value()[i].distance);
    const auto &top = items.value().front();
    QCOMPARE(top.distance, std::fabs(top.judgeValue - top.humanMean) / 4.0);
    QCOMPARE(top.humans, std::size_t{3});
}

QTEST_GUILESS_MAIN(TestDisagreementRanking)
#include "tst_disagreement_ranking.moc"

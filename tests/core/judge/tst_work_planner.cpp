// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The judge's work list: one unit per candidate × dimension, pairs in both orders for h2h, seeded
// shuffles that depend only on the seed and the unit, SCUs and sentences, and clear refusals.
#include "judge/work_planner.h"
#include "store/study.h"

#include <QTest>

#include <set>

using namespace concord;
using namespace concord::judge;
using model::Id;

class TestWorkPlanner : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void shapes_data();
    void shapes();
    void bothOrdersForHeadToHead();
    void shuffleIsSeeded();
    void sentencesAndUnits();
    void refusals_data();
    void refusals();
    void rankDimensionsForRankingProtocols_data();
    void rankDimensionsForRankingProtocols();
    void documentLimit();
    void splitKeepsItsDocuments();

private:
    std::unique_ptr<store::Study> m_study;
};

void TestWorkPlanner::init()
{
    m_study = std::move(store::Study::createInMemory().value());
    store::Study &s = *m_study;
    QVERIFY(s.write([&] {
                 for (int d = 0; d < 3; ++d) {
                     model::Document doc;
                     doc.externalId = std::string("d").append(std::to_string(d));
                     doc.source = "An article.";
                     if (d == 0)
                         doc.scus = {"one fact", "another fact"};
                     const Id id = s.addDocument(doc);
                     for (const char *sys : {"A", "B", "C", "D"})
                         s.addCandidate(id, s.ensureSystem(sys),
                                        std::string("First sentence from ").append(sys).append(" here. Second one."));
                 }
                 for (const char *name : {"coherence", "relevance"}) {
                     model::Dimension dim;
                     dim.name = name;
                     s.ensureDimension(dim);
                 }
                 model::Dimension rank;
                 rank.name = "overall";
                 rank.kind = model::DimensionKind::Rank;
                 s.ensureDimension(rank);
             }).ok());
}

void TestWorkPlanner::shapes_data()
{
    QTest::addColumn<QString>("protocol");
    QTest::addColumn<int>("units");
    QTest::addColumn<int>("candidatesPerUnit");
    // 3 documents × 4 candidates × 2 Likert dimensions; 6 pairs per document.
    QTest::newRow("rts") << QStringLiteral("rts") << 24 << 1;
    QTest::newRow("geval") << QStringLiteral("geval") << 24 << 1;
    QTest::newRow("likert-multi") << QStringLiteral("likert-multi") << 12 << 1;
    QTest::newRow("h2h") << QStringLiteral("h2h") << 3 * 6 * 2 * 2 << 2;
    QTest::newRow("llmcompare") << QStringLiteral("llmcompare") << 3 * 6 * 2 << 2;
    QTest::newRow("pairwise") << QStringLiteral("pairwise") << 3 * 6 << 2;
    QTest::newRow("llmrank") << QStringLiteral("llmrank") << 3 * 2 << 4;
}

void TestWorkPlanner::shapes()
{
    QFETCH(QString, protocol);
    QFETCH(int, units);
    QFETCH(int, candidatesPerUnit);
    PlanRequest r;
    r.protocol = protocolFromString(protocol.toStdString()).value();
    const auto plan = planWork(*m_study, r);
    QVERIFY2(plan.ok(), plan.ok() ? "" : plan.error().describe().c_str());
    QCOMPARE(static_cast<int>(plan.value().size()), units);
    for (const auto &u : plan.value())
        QCOMPARE(static_cast<int>(u.candidates.size()), candidatesPerUnit);
}

void TestWorkPlanner::bothOrdersForHeadToHead()
{
    PlanRequest r;
    r.protocol = Protocol::H2h;
    r.dimensions = {"coherence"};
    const auto plan = planWork(*m_study, r).value();
    std::set<std::pair<Id, Id>> seen;
    for (const auto &u : plan)
        seen.insert({u.candidates[0], u.candidates[1]});
    for (const auto &[a, b] : seen)
        QVERIFY2(seen.count({b, a}), "every pair is asked in both orders");
    QCOMPARE(seen.size(), plan.size());
}

void TestWorkPlanner::shuffleIsSeeded()
{
    PlanRequest r;
    r.protocol = Protocol::LlmRank;
    r.seed = 7;
    const auto a = planWork(*m_study, r).value();
    const auto b = planWork(*m_study, r).value();
    QCOMPARE(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i)
        QCOMPARE(a[i].candidates, b[i].candidates);
    // The same unit keeps its order when the plan is restricted to one dimension.
    r.dimensions = {"relevance"};
    const auto only = planWork(*m_study, r).value();
    QCOMPARE(only.front().candidates, a[1].candidates);
    // Another seed shows some document in another order.
    r.dimensions.clear();
    r.seed = 8;
    const auto c = planWork(*m_study, r).value();
    bool differs = false;
    for (std::size_t i = 0; i < a.size(); ++i)
        differs = differs || a[i].candidates != c[i].candidates;
    QVERIFY(differs);
    // Every ranking shows all four candidates once.
    for (const auto &u : a)
        QCOMPARE(std::set<Id>(u.candidates.begin(), u.candidates.end()).size(), std::size_t{4});
}

void TestWorkPlanner::sentencesAndUnits()
{
    PlanRequest r;
    r.protocol = Protocol::Factuality;
    const auto sentences = planWork(*m_study, r).value();
    QCOMPARE(sentences.size(), std::size_t{3 * 4 * 2});
    QCOMPARE(sentences[1].index, 1);
    QCOMPARE(sentences[0].sentenceStart, 0);
    QCOMPARE(sentences[0].sentenceEnd, 27); // "First sentence from A here."
    QCOMPARE(sentences[1].toJson().at("sentence").get<int>(), 1);
    r.protocol = Protocol::Pyramid;
    const auto units = planWork(*m_study, r).value();
    QCOMPARE(units.size(), std::size_t{4 * 2}); // only d0 has SCUs
    QCOMPARE(units[1].toJson().at("scu").get<int>(), 1);
}

void TestWorkPlanner::refusals_data()
{
    QTest::addColumn<QString>("protocol");
    QTest::addColumn<QStringList>("dimensions");
    QTest::addColumn<QString>("reason");
    QTest::newRow("unknown dimension") << QStringLiteral("rts") << QStringList{QStringLiteral("taste")}
                                       << QStringLiteral("no dimension named 'taste'");
    // A rank dimension is refused by every protocol that scores one summary at a time, before any call,
    // and the message names the protocols that can judge rankings.
    const QString rankingsBy
        = QStringLiteral("rank dimension; rankings are judged by llmrank (all summaries of a document at once), "
                         "h2h or llmcompare (pairs of summaries)");
    for (const char *single : {"rts", "mcq", "geval", "llmscore", "llmeval"})
        QTest::addRow("%s on a rank dimension", single)
            << QString::fromLatin1(single) << QStringList{QStringLiteral("overall")}
            << QStringLiteral("judges one summary at a time and cannot judge 'overall', a ") + rankingsBy;
    QTest::newRow("dimension for pyramid") << QStringLiteral("pyramid") << QStringList{QStringLiteral("coherence")}
                                           << QStringLiteral("does not ask about a dimension");
}

void TestWorkPlanner::refusals()
{
    QFETCH(QString, protocol);
    QFETCH(QStringList, dimensions);
    QFETCH(QString, reason);
    PlanRequest r;
    r.protocol = protocolFromString(protocol.toStdString()).value();
    for (const auto &d : dimensions)
        r.dimensions.push_back(d.toStdString());
    const auto plan = planWork(*m_study, r);
    QVERIFY(!plan.ok());
    QVERIFY2(QString::fromStdString(plan.error().message).contains(reason), plan.error().message.c_str());
}

void TestWorkPlanner::rankDimensionsForRankingProtocols_data()
{
    QTest::addColumn<QString>("protocol");
    QTest::addColumn<int>("units");
    QTest::newRow("llmrank") << QStringLiteral("llmrank") << 3;
    QTest::newRow("llmcompare") << QStringLiteral("llmcompare") << 3 * 6;
    QTest::newRow("h2h") << QStringLiteral("h2h") << 3 * 6 * 2;
}

void TestWorkPlanner::rankDimensionsForRankingProtocols()
{
    QFETCH(QString, protocol);
    QFETCH(int, units);
    PlanRequest r;
    r.protocol = protocolFromString(protocol.toStdString()).value();
    r.dimensions = {"overall"};
    const auto plan = planWork(*m_study, r);
    QVERIFY2(plan.ok(), plan.ok() ? "" : plan.error().describe().c_str());
    QCOMPARE(static_cast<int>(plan.value().size()), units);
}

void TestWorkPlanner::documentLimit()
{
    PlanRequest r;
    r.protocol = Protocol::Rts;
    r.documentLimit = 1;
    const auto plan = planWork(*m_study, r).value();
    QCOMPARE(plan.size(), std::size_t{8});
    for (const auto &u : plan)
        QCOMPARE(u.document, plan.front().document);
}

void TestWorkPlanner::splitKeepsItsDocuments()
{
    PlanRequest r;
    r.protocol = Protocol::Rts;
    r.split = "test";
    // Without a held-out split there is nothing to keep.
    const auto unsplit = planWork(*m_study, r);
    QVERIFY(!unsplit.ok());
    QCOMPARE(unsplit.error().field, std::string("split"));
    const auto documents = m_study->documentSummaries();
    QVERIFY(m_study
                ->write([&] {
                    m_study->replaceDocumentSplits(
                        {{documents[0].id, "dev"}, {documents[1].id, "test"}, {documents[2].id, "test"}});
                })
                .ok());
    // Two test documents × four summaries × two Likert dimensions; the limit counts the split's documents.
    const auto plan = planWork(*m_study, r).value();
    QCOMPARE(plan.size(), std::size_t{16});
    for (const auto &u : plan)
        QVERIFY(u.document != documents[0].id);
    r.documentLimit = 1;
    const auto limited = planWork(*m_study, r).value();
    QCOMPARE(limited.size(), std::size_t{8});
    QCOMPARE(limited.front().document, documents[1].id);
    r.split = "dev";
    r.documentLimit.reset();
    const auto dev = planWork(*m_study, r).value();
    QCOMPARE(dev.size(), std::size_t{8});
    QCOMPARE(dev.front().document, documents[0].id);
    r.split = "train";
    QVERIFY(!planWork(*m_study, r).ok());
}

QTEST_APPLESS_MAIN(TestWorkPlanner)
#include "tst_work_planner.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Rank dimensions in the correlation report: rankings become scores N − #{ranked better}, a judge's
// ranking is compared with the human group's mean score, and impossible rankings are left out.
#include "reports/correlation_report.h"
#include "reports/rating_matrices.h"
#include "store/study.h"

#include <QTest>

#include <cmath>

using namespace concord;
using model::Id;

class TestRankCorrelations : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void scoresFromRankingsSkipsImpossibleOnes();
    void judgeRankingAgainstHumans();
};

void TestRankCorrelations::scoresFromRankingsSkipsImpossibleOnes()
{
    const std::vector<store::RankingRow> rows{
        {1, 10, 100, 1, 1}, {1, 10, 101, 2, 2}, {1, 10, 102, 3, 2}, // dense 1,2,2 -> scores 3,2,2
        {1, 11, 110, 1, 1}, {1, 11, 111, 2, 3}, {1, 11, 112, 3, 3}, // 1,3,3: impossible
        {2, 10, 100, 1, 2}, {2, 10, 101, 2, 1}, {2, 10, 102, 3, 3}, // 2,1,3 -> 2,3,1
    };
    std::size_t skipped = 0;
    const auto scores
        = reports::RatingMatrices::fromRankings(rows, reports::RatingMatrices::RankValue::Score, &skipped);
    QCOMPARE(skipped, std::size_t{1});
    QCOMPARE(scores.size(), std::size_t{6});
    QCOMPARE(scores[0].value, 3.0);
    QCOMPARE(scores[1].value, 2.0);
    QCOMPARE(scores[2].value, 2.0);
    QCOMPARE(scores[3].rater, Id{2});
    QCOMPARE(scores[3].value, 2.0);
    QCOMPARE(scores[4].value, 3.0);
    QCOMPARE(scores[5].value, 1.0);
    // For agreement the same rankings come as ranks in competition form: the dense 1,2,2 is 1,2,2.
    const auto ranks = reports::RatingMatrices::fromRankings(rows, reports::RatingMatrices::RankValue::CompetitionRank);
    QCOMPARE(ranks.size(), std::size_t{6});
    QCOMPARE(ranks[2].value, 2.0);
    QCOMPARE(ranks[3].value, 2.0);
    QCOMPARE(ranks[4].value, 1.0);
}

void TestRankCorrelations::judgeRankingAgainstHumans()
{
    auto created = store::Study::createInMemory();
    QVERIFY(created.ok());
    store::Study &s = *created.value();
    Id dim = 0, judge = 0;
    std::vector<Id> humans;
    std::vector<std::vector<Id>> cands(3);
    QVERIFY(s.write([&] {
                 model::Dimension overall;
                 overall.name = "overall";
                 overall.kind = model::DimensionKind::Rank;
                 dim = s.ensureDimension(overall);
                 for (const char *name : {"h1", "h2"})
                     humans.push_back(s.ensureRater({0, name, model::RaterKind::Human, "expert", {}, {}, {}, {}}));
                 judge = s.ensureRater({0, "judge", model::RaterKind::Judge, {}, "openai", "m", "llmrank", {}});
                 for (int d = 0; d < 3; ++d) {
                     model::Document doc;
                     doc.externalId = std::string("d").append(std::to_string(d));
                     const Id docId = s.addDocument(doc);
                     for (const char *sys : {"A", "B", "C", "D"})
                         cands[static_cast<std::size_t>(d)].push_back(s.addCandidate(docId, s.ensureSystem(sys), sys));
                 }
                 const std::vector<std::vector<int>> h1{{1, 2, 2, 4}, {1, 2, 3, 4}, {2, 1, 3, 3}};
                 const std::vector<std::vector<int>> h2{{1, 2, 2, 3}, {2, 1, 3, 4}, {1, 2, 3, 4}};
                 const std::vector<std::vector<int>> jr{{1, 3, 2, 4}, {1, 2, 4, 3}, {4, 1, 2, 3}};
                 for (int d = 0; d < 3; ++d) {
                     const auto &c = cands[static_cast<std::size_t>(d)];
                     auto set = [&](Id rater, const std::vector<int> &r) {
                         std::vector<std::pair<Id, int>> ranks;
                         for (std::size_t i = 0; i < 4; ++i)
                             ranks.push_back({c[i], r[i]});
                         s.setRanking(rater, s.documentId(std::string("d").append(std::to_string(d))).value(), dim,
                                      ranks);
                     };
                     set(humans[0], h1[static_cast<std::size_t>(d)]);
                     set(humans[1], h2[static_cast<std::size_t>(d)]);
                     set(judge, jr[static_cast<std::size_t>(d)]);
                 }
             }).ok());

    reports::CorrelationRequest request;
    request.humanGroup = "expert";
    request.rater = "judge";
    request.methods = {stats::CorrelationMethod::KendallB};
    const auto report = reports::computeCorrelationReport(s, request);
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report.value().dimensions.size(), std::size_t{1});
    const auto &d = report.value().dimensions[0];
    QCOMPARE(d.dimension, std::string("overall"));
    // Document d0: judge scores 4,2,3,1; human mean of (4,3,3,1) and (4,3,3,1) = 4,3,3,1.
    const std::vector<double> judge0{4, 2, 3, 1}, human0{4, 3, 3, 1};
    const auto expected0 = stats::kendallTauB(judge0, human0);
    const auto &summary = d.summary.at(stats::CorrelationMethod::KendallB);
    QCOMPARE(summary.documentsUsed, std::size_t{3});
    // The summary level is the mean of the three per-document taus; check the first through the system-free path.
    const auto rows
        = reports::RatingMatrices::fromRankings(s.rankingsOn(dim), reports::RatingMatrices::RankValue::Score);
    const reports::RatingMatrices matrices(rows);
    const auto per
        = stats::summaryLevel(*matrices.of(judge), matrices.mean(humans), stats::CorrelationMethod::KendallB);
    QVERIFY(std::fabs(per.perDocument[0].value - expected0.value) < 1e-15);
    QVERIFY(std::fabs(summary.correlation.value - per.mean.value) < 1e-15);
    QVERIFY(d.system.at(stats::CorrelationMethod::KendallB).correlation.defined());
}

QTEST_APPLESS_MAIN(TestRankCorrelations)
#include "tst_rank_correlations.moc"

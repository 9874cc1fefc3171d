// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// `concord-cli stats` on a rank dimension gives InstruSum's system- and summary-level Kendall of an
// LLMRank judge against a human group's rankings: the system level correlates the systems' mean rank
// scores, the summary level averages the per-document coefficients. A study ranked by hand, with ties,
// and the expected values counted by hand below.
#include "cli_run.h"

#include "store/study.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <array>
#include <cmath>

using namespace concord;
using model::Id;

namespace {

// Rankings (1 = best; ties share the better rank) of systems A, B, C per document. A rank becomes the
// score N − #{ranked better} (N = 3), so on both sides higher is better.
//
//        h1        h2        human mean score   llmrank judge   judge score
//   d1   1 2 3     1 2 3     3   2   1          1 3 2           3 1 2
//   d2   1 1 3     2 1 3     2.5 3   1          1 2 2           3 2 2
//   d3   2 3 1     3 2 1     1.5 1.5 3          2 3 1           2 1 3
//
// Summary level, Kendall tau-b per document over the three systems:
//   d1: A–B, A–C concordant, B–C discordant: (2 − 1) / 3 = 1/3
//   d2: A–B discordant, A–C concordant, B–C tied by the judge: (1 − 1) / sqrt(2 · 3) = 0
//   d3: A–B tied by the humans, A–C and B–C concordant: 2 / sqrt(3 · 2) = 2 / sqrt(6)
//   mean: (1/3 + 0 + 2/sqrt(6)) / 3 = 0.38327663809702...
// System level, the systems' mean scores: humans A 7/3 > B 13/6 > C 5/3, judge A 8/3 > C 7/3 > B 4/3:
//   A–B, A–C concordant, B–C discordant: 1/3.
const int kHuman1[3][3] = {{1, 2, 3}, {1, 1, 3}, {2, 3, 1}};
const int kHuman2[3][3] = {{1, 2, 3}, {2, 1, 3}, {3, 2, 1}};
const int kJudge[3][3] = {{1, 3, 2}, {1, 2, 2}, {2, 3, 1}};

std::string createRankedStudy(const std::string &path)
{
    auto created = store::Study::create(path);
    if (!created)
        return created.error().describe();
    store::Study &s = *created.value();
    const Status written = s.write([&] {
        model::Dimension overall;
        overall.name = "overall";
        overall.kind = model::DimensionKind::Rank;
        const Id dim = s.ensureDimension(overall);
        const Id h1 = s.ensureRater({0, "h1", model::RaterKind::Human, "expert", {}, {}, {}, {}});
        const Id h2 = s.ensureRater({0, "h2", model::RaterKind::Human, "expert", {}, {}, {}, {}});
        const Id judge = s.ensureRater({0, "ranker", model::RaterKind::Judge, {}, "openai", "m", "llmrank", {}});
        const std::array<Id, 3> systems{s.ensureSystem("A"), s.ensureSystem("B"), s.ensureSystem("C")};
        const std::array<const char *, 3> documents{"d1", "d2", "d3"};
        const std::array<const char *, 3> summaries{"Summary by A.", "Summary by B.", "Summary by C."};
        for (int d = 0; d < 3; ++d) {
            model::Document doc;
            doc.externalId = documents[d];
            doc.source = "An article.";
            const Id id = s.addDocument(doc);
            std::vector<std::pair<Id, int>> r1, r2, rj;
            for (int k = 0; k < 3; ++k) {
                const Id candidate = s.addCandidate(id, systems[k], summaries[k]);
                r1.emplace_back(candidate, kHuman1[d][k]);
                r2.emplace_back(candidate, kHuman2[d][k]);
                rj.emplace_back(candidate, kJudge[d][k]);
            }
            s.setRanking(h1, id, dim, r1);
            s.setRanking(h2, id, dim, r2);
            s.setRanking(judge, id, dim, rj);
        }
    });
    return written ? std::string() : written.error().describe();
}

} // namespace

class TestCliRankStats : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void instruSumKendall_data();
    void instruSumKendall();

private:
    QTemporaryDir m_dir;
    QString m_path;
};

void TestCliRankStats::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_path = m_dir.filePath(QStringLiteral("ranked.concord"));
    const std::string error = createRankedStudy(m_path.toStdString());
    QVERIFY2(error.empty(), error.c_str());
}

void TestCliRankStats::instruSumKendall_data()
{
    QTest::addColumn<QString>("level");
    QTest::addColumn<double>("expected");
    QTest::addColumn<int>("n");
    QTest::newRow("system") << QStringLiteral("system") << 1.0 / 3.0 << 3;
    QTest::newRow("summary") << QStringLiteral("summary") << (1.0 / 3.0 + 0.0 + 2.0 / std::sqrt(6.0)) / 3.0 << 3;
}

void TestCliRankStats::instruSumKendall()
{
    QFETCH(QString, level);
    QFETCH(double, expected);
    QFETCH(int, n);
    const auto run = test::runCli({QStringLiteral("stats"), m_path, QStringLiteral("--human"), QStringLiteral("expert"),
                                   QStringLiteral("--rater"), QStringLiteral("ranker"), QStringLiteral("--levels"),
                                   QStringLiteral("system,summary"), QStringLiteral("--correlation"),
                                   QStringLiteral("kendall_b"), QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonObject levels
        = QJsonDocument::fromJson(run.out.toUtf8()).object().value(QStringLiteral("overall")).toObject();
    const QJsonObject entry = levels.value(level).toObject();
    const QJsonObject kendall = entry.value(QStringLiteral("kendall_b")).toObject();
    QVERIFY2(!kendall.isEmpty(), qPrintable(run.out));
    // The same sums in another order: equal to the last few bits.
    QVERIFY2(std::abs(kendall.value(QStringLiteral("value")).toDouble() - expected) < 1e-12,
             qPrintable(QString::number(kendall.value(QStringLiteral("value")).toDouble(), 'g', 17)));
    if (level == QStringLiteral("system")) {
        QCOMPARE(kendall.value(QStringLiteral("n")).toInt(), n); // three systems
    } else {
        QCOMPARE(entry.value(QStringLiteral("documents_used")).toInt(), n); // every document defined
        QCOMPARE(entry.value(QStringLiteral("documents_total")).toInt(), 3);
    }
}

QTEST_GUILESS_MAIN(TestCliRankStats)
#include "tst_cli_rank_stats.moc"

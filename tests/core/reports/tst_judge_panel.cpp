// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A panel of three judges on a study worked by hand: two documents of two summaries, a Likert, a pass/fail, a rank
// and a pairwise dimension. The panel's scores are the combination of its members' where all three scored a
// summary (mean, median, majority, weights), the others counted; its rankings order by weighted mean rank, its
// verdicts follow the weighted votes; it is kept as a judge with its members in its settings; a
// member's changed, new or removed score moves the panel at the next refresh. Refusals change nothing.
#include "reports/judge_panel.h"
#include "store/study.h"

#include <QTest>

#include <memory>
#include <string>
#include <utility>
#include <vector>

using namespace concord;
using Scores = std::vector<std::pair<model::Id, double>>;

namespace {

// Judges a, b and c. Coherence of the summaries s1..s4: a 1 2 4 5, b 3 2 5 -, c 2 5 5 5 (b left s4 out).
// Pass: a 1 0, b 1 1, c 0 1 on s1 and s2. Judge d scored s4's coherence only. A person, e, rated s1.
struct PanelStudy {
    std::unique_ptr<store::Study> study = std::move(store::Study::createInMemory()).value();
    std::vector<model::Id> summaries;
    std::vector<model::Id> docs;
    model::Id coherence = 0;
    model::Id pass = 0;
    model::Id overall = 0;
    model::Id preference = 0;

    PanelStudy()
    {
        const Status written = study->write([&] {
            store::Study &s = *study;
            model::Dimension c;
            c.name = "coherence";
            coherence = s.ensureDimension(c);
            model::Dimension p;
            p.name = "pass";
            p.kind = model::DimensionKind::Binary;
            p.scaleMin = 0;
            p.scaleMax = 1;
            pass = s.ensureDimension(p);
            for (int d = 1; d <= 2; ++d) {
                model::Document doc;
                doc.externalId = std::string("d").append(std::to_string(d));
                doc.source = "An article.";
                const model::Id id = s.addDocument(doc);
                docs.push_back(id);
                summaries.push_back(s.addCandidate(id, s.ensureSystem("A"), "A summary."));
                summaries.push_back(s.addCandidate(id, s.ensureSystem("B"), "Another summary."));
            }
            const auto judge = [&](const char *name) {
                return s.ensureRater({0, name, model::RaterKind::Judge, {}, "openai", "m", "rts", {}});
            };
            const std::vector<std::vector<double>> coherenceScores{{1, 2, 4, 5}, {3, 2, 5, 0}, {2, 5, 5, 5}};
            const std::vector<std::vector<double>> passScores{{1, 0}, {1, 1}, {0, 1}};
            const char *names[] = {"a", "b", "c"};
            for (int j = 0; j < 3; ++j) {
                const model::Id id = judge(names[j]);
                for (std::size_t k = 0; k < 4; ++k)
                    if (coherenceScores[j][k] > 0)
                        s.setRating(id, summaries[k], coherence, coherenceScores[j][k]);
                for (std::size_t k = 0; k < 2; ++k)
                    s.setRating(id, summaries[k], pass, passScores[j][k]);
            }
            // Rankings of each document's two summaries: a s1 s2, s3 s4; b s2 s1, s3 = s4; c s1 s2 and not d2.
            model::Dimension o;
            o.name = "overall";
            o.kind = model::DimensionKind::Rank;
            overall = s.ensureDimension(o);
            const model::Id ja = *s.raterId("a"), jb = *s.raterId("b"), jc = *s.raterId("c");
            s.setRanking(ja, docs[0], overall, {{summaries[0], 1}, {summaries[1], 2}});
            s.setRanking(ja, docs[1], overall, {{summaries[2], 1}, {summaries[3], 2}});
            s.setRanking(jb, docs[0], overall, {{summaries[0], 2}, {summaries[1], 1}});
            s.setRanking(jb, docs[1], overall, {{summaries[2], 1}, {summaries[3], 1}});
            s.setRanking(jc, docs[0], overall, {{summaries[0], 1}, {summaries[1], 2}});
            // Verdicts on s1 against s2, s1 shown first: a s1, b s2 (stored the other way round: s2 as A, shown
            // second), c s1. Shown the other way round only a gave one.
            model::Dimension q;
            q.name = "preference";
            q.kind = model::DimensionKind::Pairwise;
            preference = s.ensureDimension(q);
            const auto verdict
                = [&](model::Id rater, model::Id first, model::Id second, bool aFirst, model::PairwiseWinner winner) {
                      model::PairwiseOutcome v;
                      v.raterId = rater;
                      v.dimensionId = preference;
                      v.candidateA = first;
                      v.candidateB = second;
                      v.shownAFirst = aFirst;
                      v.winner = winner;
                      s.addPairwiseOutcome(v);
                  };
            verdict(ja, summaries[0], summaries[1], true, model::PairwiseWinner::A);
            verdict(jb, summaries[1], summaries[0], false, model::PairwiseWinner::A);
            verdict(jc, summaries[0], summaries[1], true, model::PairwiseWinner::A);
            verdict(ja, summaries[0], summaries[1], false, model::PairwiseWinner::B);
            // d scored only s4, which b did not: the two share nothing.
            s.setRating(judge("d"), summaries[3], coherence, 3);
            const model::Id e = s.ensureRater({0, "e", model::RaterKind::Human, "expert", {}, {}, {}, {}});
            s.setRating(e, summaries[0], coherence, 4);
        });
        if (!written)
            qFatal("%s", written.error().describe().c_str());
    }

    Scores scoresOf(const std::string &rater, model::Id dimension)
    {
        const auto id = study->raterId(rater);
        return id ? study->ratingsOf(*id, dimension) : Scores{};
    }
};

reports::PanelRequest request(std::vector<std::string> members = {"a", "b", "c"})
{
    reports::PanelRequest r;
    r.name.append("jury");
    r.members = std::move(members);
    return r;
}

} // namespace

class TestJudgePanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void meanOfEveryMember();
    void medianAndMajority();
    void weighted();
    void rankingsByMeanRank();
    void verdictsByWeightedVotes();
    void keptAsAJudgeWithItsMembers();
    void followsItsMembers();
    void refusedChangingNothing_data();
    void refusedChangingNothing();
    void damagedSettingsSaidSo_data();
    void damagedSettingsSaidSo();
};

void TestJudgePanel::meanOfEveryMember()
{
    PanelStudy f;
    const auto report = reports::formPanel(*f.study, request());
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    const auto &s = f.summaries;
    // s4 lacks b's score: left out.
    QCOMPARE(f.scoresOf("jury", f.coherence), (Scores{{s[0], 2}, {s[1], 3}, {s[2], 14.0 / 3}}));
    QCOMPARE(f.scoresOf("jury", f.pass), (Scores{{s[0], 2.0 / 3}, {s[1], 2.0 / 3}}));
    const auto &dims = report.value().dimensions;
    QCOMPARE(dims.size(), std::size_t(4));
    QCOMPARE(dims[0].dimension, std::string("coherence"));
    QCOMPARE(dims[0].gives, std::string("scores"));
    QCOMPARE(dims[0].scored, std::size_t(3));
    QCOMPARE(dims[0].incomplete, std::size_t(1));
    QCOMPARE(dims[0].tied, std::size_t(0));
    QCOMPARE(dims[1].scored, std::size_t(2));
}

void TestJudgePanel::medianAndMajority()
{
    PanelStudy f;
    auto r = request();
    r.combine = stats::PanelCombine::Median;
    QVERIFY(reports::formPanel(*f.study, r).ok());
    const auto &s = f.summaries;
    QCOMPARE(f.scoresOf("jury", f.coherence), (Scores{{s[0], 2}, {s[1], 2}, {s[2], 5}}));

    r.name = "majority";
    r.combine = stats::PanelCombine::Majority;
    const auto report = reports::formPanel(*f.study, r);
    QVERIFY(report.ok());
    // s1's three scores differ (1, 3, 2): tied, left out.
    QCOMPARE(f.scoresOf("majority", f.coherence), (Scores{{s[1], 2}, {s[2], 5}}));
    QCOMPARE(report.value().dimensions[0].tied, std::size_t(1));
    QCOMPARE(report.value().dimensions[0].incomplete, std::size_t(1));
    QCOMPARE(f.scoresOf("majority", f.pass), (Scores{{s[0], 1}, {s[1], 1}}));
}

void TestJudgePanel::weighted()
{
    PanelStudy f;
    auto r = request();
    r.weights = {2, 1, 1};
    QVERIFY(reports::formPanel(*f.study, r).ok());
    const auto &s = f.summaries;
    // (2·1 + 3 + 2) / 4, (2·2 + 2 + 5) / 4, (2·4 + 5 + 5) / 4.
    QCOMPARE(f.scoresOf("jury", f.coherence), (Scores{{s[0], 7.0 / 4}, {s[1], 11.0 / 4}, {s[2], 18.0 / 4}}));
}

void TestJudgePanel::rankingsByMeanRank()
{
    using Ranks = std::vector<std::pair<model::Id, int>>;
    const auto ranksOf = [](PanelStudy &f, const char *rater) {
        Ranks out;
        for (const store::RankingRow &row : f.study->rankingsOn(f.overall))
            if (row.rater == *f.study->raterId(rater))
                out.emplace_back(row.candidate, row.rank);
        std::sort(out.begin(), out.end());
        return out;
    };
    PanelStudy f;
    const auto report = reports::formPanel(*f.study, request());
    QVERIFY(report.ok());
    const auto &s = f.summaries;
    // d1: mean ranks s1 (1 + 2 + 1) / 3, s2 (2 + 1 + 2) / 3; d2 lacks c's ranking.
    QCOMPARE(ranksOf(f, "jury"), (Ranks{{s[0], 1}, {s[1], 2}}));
    const reports::PanelDimension &overall = report.value().dimensions[2];
    QCOMPARE(overall.dimension, std::string("overall"));
    QCOMPARE(overall.gives, std::string("rankings"));
    QCOMPARE(overall.scored, std::size_t(1));
    QCOMPARE(overall.incomplete, std::size_t(1));
    // b weighs twice: s1 (1 + 4 + 1) / 4 = s2 (2 + 2 + 2) / 4, a tie, both ranked first.
    auto weighted = request();
    weighted.name = "weighted";
    weighted.weights = {1, 2, 1};
    QVERIFY(reports::formPanel(*f.study, weighted).ok());
    QCOMPARE(ranksOf(f, "weighted"), (Ranks{{s[0], 1}, {s[1], 1}}));
    // c ranks d2 now (s4 first) and takes back its ranking of d1: on d2 s3 (1 + 1 + 2) / 3 and s4 (2 + 1 + 1) / 3
    // are equal, both first; d1's panel ranking goes.
    QVERIFY(f.study
                ->write([&] {
                    f.study->setRanking(*f.study->raterId("c"), f.docs[1], f.overall, {{s[2], 2}, {s[3], 1}});
                    f.study->setRanking(*f.study->raterId("c"), f.docs[0], f.overall, {});
                })
                .ok());
    QVERIFY(reports::refreshPanels(*f.study).ok());
    QCOMPARE(ranksOf(f, "jury"), (Ranks{{s[2], 1}, {s[3], 1}}));
}

void TestJudgePanel::verdictsByWeightedVotes()
{
    const auto verdictsOf = [](PanelStudy &f, const char *rater) {
        return f.study->pairwiseOutcomesOf(*f.study->raterId(rater), f.preference);
    };
    PanelStudy f;
    const auto report = reports::formPanel(*f.study, request());
    QVERIFY(report.ok());
    const auto &s = f.summaries;
    // s1 shown first: a and c for s1, b for s2: s1. Shown second: only a's verdict, left out.
    auto got = verdictsOf(f, "jury");
    QCOMPARE(got.size(), std::size_t(1));
    QCOMPARE(got[0].candidateA, s[0]);
    QCOMPARE(got[0].candidateB, s[1]);
    QVERIFY(got[0].shownAFirst);
    QVERIFY(got[0].winner == model::PairwiseWinner::A);
    const reports::PanelDimension &preference = report.value().dimensions[3];
    QCOMPARE(preference.gives, std::string("verdicts"));
    QCOMPARE(preference.scored, std::size_t(1));
    QCOMPARE(preference.incomplete, std::size_t(1));
    // b weighs as much as a and c together: equal support, a tie.
    auto weighted = request();
    weighted.name = "weighted";
    weighted.weights = {1, 2, 1};
    QVERIFY(reports::formPanel(*f.study, weighted).ok());
    got = verdictsOf(f, "weighted");
    QCOMPARE(got.size(), std::size_t(1));
    QVERIFY(got[0].winner == model::PairwiseWinner::Tie);
    // b weighs three times: s2.
    weighted.name = "heavier";
    weighted.weights = {1, 3, 1};
    QVERIFY(reports::formPanel(*f.study, weighted).ok());
    QVERIFY(verdictsOf(f, "heavier").at(0).winner == model::PairwiseWinner::B);
    // c's verdict taken back: the jury's verdict goes at the next refresh.
    QVERIFY(
        f.study->write([&] { f.study->clearPairwiseOutcome(*f.study->raterId("c"), f.preference, s[0], s[1], true); })
            .ok());
    QVERIFY(reports::refreshPanels(*f.study).ok());
    QVERIFY(verdictsOf(f, "jury").empty());
}

void TestJudgePanel::keptAsAJudgeWithItsMembers()
{
    PanelStudy f;
    auto r = request({"c", "a"});
    r.weights = {0.5, 2};
    r.combine = stats::PanelCombine::Median;
    QVERIFY(reports::formPanel(*f.study, r).ok());
    const auto raters = f.study->raters();
    const auto panel = std::find_if(raters.begin(), raters.end(), [](const auto &x) { return x.name == "jury"; });
    QVERIFY(panel != raters.end());
    QVERIFY(panel->kind == model::RaterKind::Judge);
    QCOMPARE(panel->protocol, std::string("panel"));
    QCOMPARE(panel->model, std::string("c + a"));
    const nlohmann::json expected
        = {{"members", {{{"name", "c"}, {"weight", 0.5}}, {{"name", "a"}, {"weight", 2.0}}}}, {"combine", "median"}};
    QVERIFY2(panel->params.at("panel") == expected, panel->params.dump().c_str());
    // Read back from the study as it is kept, the panel recomputes to the same scores.
    const Scores before = f.scoresOf("jury", f.coherence);
    const auto refreshed = reports::refreshPanels(*f.study);
    QVERIFY2(refreshed.ok(), refreshed.ok() ? "" : refreshed.error().describe().c_str());
    QCOMPARE(refreshed.value().size(), std::size_t(1));
    QCOMPARE(refreshed.value()[0].request.members, (std::vector<std::string>{"c", "a"}));
    QCOMPARE(refreshed.value()[0].request.weights, (std::vector<double>{0.5, 2}));
    QVERIFY(refreshed.value()[0].request.combine == stats::PanelCombine::Median);
    QCOMPARE(f.scoresOf("jury", f.coherence), before);
}

void TestJudgePanel::followsItsMembers()
{
    PanelStudy f;
    QVERIFY(reports::formPanel(*f.study, request()).ok());
    const auto &s = f.summaries;
    // a changes s1 to 4, b scores s4 at last, c's score of s3 is taken back.
    const Status changed = f.study->write([&] {
        f.study->setRating(*f.study->raterId("a"), s[0], f.coherence, 4);
        f.study->setRating(*f.study->raterId("b"), s[3], f.coherence, 2);
        f.study->clearRating(*f.study->raterId("c"), s[2], f.coherence);
    });
    QVERIFY(changed.ok());
    // Until it is recomputed, the panel keeps what it had.
    QCOMPARE(f.scoresOf("jury", f.coherence), (Scores{{s[0], 2}, {s[1], 3}, {s[2], 14.0 / 3}}));
    const auto refreshed = reports::refreshPanels(*f.study);
    QVERIFY(refreshed.ok());
    // s1 (4 + 3 + 2) / 3; s4 (5 + 2 + 5) / 3; s3 now lacks c's: gone.
    QCOMPARE(f.scoresOf("jury", f.coherence), (Scores{{s[0], 3}, {s[1], 3}, {s[3], 4}}));
    QCOMPARE(refreshed.value()[0].dimensions[0].scored, std::size_t(3));
    QCOMPARE(refreshed.value()[0].dimensions[0].incomplete, std::size_t(1));
    // No panel: nothing to do.
    PanelStudy plain;
    const auto none = reports::refreshPanels(*plain.study);
    QVERIFY(none.ok());
    QVERIFY(none.value().empty());
}

void TestJudgePanel::refusedChangingNothing_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QStringList>("members");
    QTest::addColumn<QString>("weights"); // spaced numbers
    QTest::addColumn<QString>("message");
    const QStringList abc{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
    QTest::newRow("name taken") << QStringLiteral("a") << abc << QString()
                                << QStringLiteral("a rater named 'a' is in the study already");
    QTest::newRow("no name") << QString() << abc << QString() << QStringLiteral("name the panel");
    QTest::newRow("one member") << QStringLiteral("jury") << QStringList{QStringLiteral("a")} << QString()
                                << QStringLiteral("at least two members");
    QTest::newRow("a member twice") << QStringLiteral("jury") << QStringList{QStringLiteral("a"), QStringLiteral("a")}
                                    << QString() << QStringLiteral("'a' is named twice");
    QTest::newRow("unknown member") << QStringLiteral("jury") << QStringList{QStringLiteral("a"), QStringLiteral("z")}
                                    << QString() << QStringLiteral("rater 'z' is not in the study");
    QTest::newRow("a person") << QStringLiteral("jury") << QStringList{QStringLiteral("a"), QStringLiteral("e")}
                              << QString() << QStringLiteral("'e' is a person");
    QTest::newRow("a panel") << QStringLiteral("jury") << QStringList{QStringLiteral("a"), QStringLiteral("first")}
                             << QString() << QStringLiteral("'first' is a panel");
    QTest::newRow("weights short") << QStringLiteral("jury") << abc << QStringLiteral("1 2")
                                   << QStringLiteral("one weight per member");
    QTest::newRow("nothing shared") << QStringLiteral("jury") << QStringList{QStringLiteral("b"), QStringLiteral("d")}
                                    << QString() << QStringLiteral("share nothing they all judged");
    QTest::newRow("weight 0") << QStringLiteral("jury") << abc << QStringLiteral("1 0 1")
                              << QStringLiteral("weight must be above 0");
}

void TestJudgePanel::refusedChangingNothing()
{
    QFETCH(QString, name);
    QFETCH(QStringList, members);
    QFETCH(QString, weights);
    QFETCH(QString, message);
    PanelStudy f;
    QVERIFY(reports::formPanel(*f.study,
                               [] {
                                   auto r = request({"a", "b"});
                                   r.name = "first";
                                   return r;
                               }())
                .ok());
    const auto raters = f.study->raters().size();
    reports::PanelRequest r;
    r.name = name.toStdString();
    for (const QString &m : members)
        r.members.push_back(m.toStdString());
    for (const QString &w : weights.split(QLatin1Char(' '), Qt::SkipEmptyParts))
        r.weights.push_back(w.toDouble());
    const auto report = reports::formPanel(*f.study, r);
    QVERIFY(!report.ok());
    QVERIFY2(QString::fromStdString(report.error().message).contains(message), report.error().message.c_str());
    QCOMPARE(f.study->raters().size(), raters);
}

void TestJudgePanel::damagedSettingsSaidSo_data()
{
    QTest::addColumn<QString>("settings");
    QTest::addColumn<QString>("message");
    QTest::newRow("no panel") << QStringLiteral("{}") << QStringLiteral("no \"panel\" object");
    QTest::newRow("members not a list") << QStringLiteral(R"({"panel": {"members": "a", "combine": "mean"}})")
                                        << QStringLiteral("no list of members");
    QTest::newRow("a member without a name")
        << QStringLiteral(R"({"panel": {"members": [{"name": "a"}, {"weight": 1}], "combine": "mean"}})")
        << QStringLiteral("a member without a name");
    QTest::newRow("a weight of 0") << QStringLiteral(
        R"({"panel": {"members": [{"name": "a", "weight": 0}, {"name": "b"}], "combine": "mean"}})")
                                   << QStringLiteral("weight that is not a number above 0");
    QTest::newRow("a weight in words") << QStringLiteral(
        R"({"panel": {"members": [{"name": "a", "weight": "two"}, {"name": "b"}], "combine": "mean"}})")
                                       << QStringLiteral("weight that is not a number above 0");
    QTest::newRow("an unknown combination")
        << QStringLiteral(R"({"panel": {"members": [{"name": "a"}, {"name": "b"}], "combine": "mode"}})")
        << QStringLiteral("the combination 'mode'");
    QTest::newRow("a member gone") << QStringLiteral(
        R"({"panel": {"members": [{"name": "a"}, {"name": "gone"}], "combine": "mean"}})")
                                   << QStringLiteral("cannot be recomputed: rater 'gone' is not in the study");
}

// A panel whose settings a damaged or edited study file holds wrong: the refresh says which panel and what, and
// changes nothing.
void TestJudgePanel::damagedSettingsSaidSo()
{
    QFETCH(QString, settings);
    QFETCH(QString, message);
    PanelStudy f;
    const nlohmann::json params = nlohmann::json::parse(settings.toStdString());
    QVERIFY(f.study
                ->write([&] {
                    f.study->ensureRater({0, "broken", model::RaterKind::Judge, {}, "panel", "", "panel", params});
                })
                .ok());
    const auto counts = f.study->counts().ratings;
    const auto refreshed = reports::refreshPanels(*f.study);
    QVERIFY(!refreshed.ok());
    const QString said = QString::fromStdString(refreshed.error().message);
    QVERIFY2(said.contains(QStringLiteral("the panel 'broken'")) && said.contains(message), qPrintable(said));
    QCOMPARE(f.study->counts().ratings, counts);
    model::Rater rater{0, "broken", model::RaterKind::Judge, {}, "panel", "", "panel", params};
    QCOMPARE(reports::panelRequestOf(rater).ok(), message.startsWith(QStringLiteral("cannot")));
}

QTEST_APPLESS_MAIN(TestJudgePanel)
#include "tst_judge_panel.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli rank end to end: a judge's verdicts on two systems worked by hand (Davidson's fit is then the
// shares themselves), a human group's ranking from its ratings equal to the core's numbers, the seed that
// reproduces the intervals, and the command line's mistakes.
#include "cli_run.h"
#include "reports/ranking_report.h"
#include "store/study.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <array>
#include <cmath>
#include <string>

namespace {

using concord::test::CliRun;
using namespace concord;

CliRun cli(const QStringList &args)
{
    return concord::test::runCli(args);
}

// Systems A, B, C with summaries of 3, 2 and 4 words on documents d1–d7; the experts h1 and h2 rate "overall"
// (both alike: A 5 4 4 3 5 2 4, B 4 4 3 4 3 3 2, C 2 3 4 2 4 3 1); the judge "j" compared only A and B, one
// order each: A won d1–d4, B won d5, d6 and d7 were ties. On "preference" (a pairwise dimension) the experts
// compared A and B themselves on d1–d3: h1 A, A, B; h2 A, a tie, B.
std::string createStudy(const std::string &path)
{
    auto created = store::Study::create(path);
    if (!created)
        return created.error().describe();
    store::Study &s = *created.value();
    const Status written = s.write([&] {
        model::Dimension overall;
        overall.name.append("overall"); // append: GCC 12 warns wrongly on assigning a short literal
        const model::Id dim = s.ensureDimension(overall);
        model::Dimension preference;
        preference.name.append("preference");
        preference.kind = model::DimensionKind::Pairwise;
        const model::Id preferenceDim = s.ensureDimension(preference);
        const model::Id h1 = s.ensureRater({0, "h1", model::RaterKind::Human, "expert", {}, {}, {}, {}});
        const model::Id h2 = s.ensureRater({0, "h2", model::RaterKind::Human, "expert", {}, {}, {}, {}});
        const model::Id judge = s.ensureRater({0, "j", model::RaterKind::Judge, {}, "openai", "m", "h2h", {}});
        const std::array<model::Id, 3> systems{s.ensureSystem("A"), s.ensureSystem("B"), s.ensureSystem("C")};
        const std::array<const char *, 3> texts{"one two three", "one two", "a b c d"};
        const double ratings[3][7] = {{5, 4, 4, 3, 5, 2, 4}, {4, 4, 3, 4, 3, 3, 2}, {2, 3, 4, 2, 4, 3, 1}};
        const model::PairwiseWinner verdicts[7] = {
            model::PairwiseWinner::A, model::PairwiseWinner::A,   model::PairwiseWinner::A,  model::PairwiseWinner::A,
            model::PairwiseWinner::B, model::PairwiseWinner::Tie, model::PairwiseWinner::Tie};
        for (int d = 0; d < 7; ++d) {
            model::Document doc;
            doc.externalId.append("d").append(std::to_string(d + 1));
            doc.source.append("An article.");
            const model::Id id = s.addDocument(doc);
            std::array<model::Id, 3> candidates{};
            for (int k = 0; k < 3; ++k) {
                candidates[static_cast<std::size_t>(k)]
                    = s.addCandidate(id, systems[static_cast<std::size_t>(k)], texts[static_cast<std::size_t>(k)]);
                s.setRating(h1, candidates[static_cast<std::size_t>(k)], dim, ratings[k][d]);
                s.setRating(h2, candidates[static_cast<std::size_t>(k)], dim, ratings[k][d]);
            }
            s.addPairwiseOutcome({0, judge, dim, candidates[0], candidates[1], true, verdicts[d], std::nullopt});
            if (d < 3) {
                const model::PairwiseWinner first[3]
                    = {model::PairwiseWinner::A, model::PairwiseWinner::A, model::PairwiseWinner::B};
                const model::PairwiseWinner second[3]
                    = {model::PairwiseWinner::A, model::PairwiseWinner::Tie, model::PairwiseWinner::B};
                s.addPairwiseOutcome(
                    {0, h1, preferenceDim, candidates[0], candidates[1], true, first[d], std::nullopt});
                s.addPairwiseOutcome(
                    {0, h2, preferenceDim, candidates[0], candidates[1], true, second[d], std::nullopt});
            }
        }
    });
    return written ? std::string() : written.error().describe();
}

QJsonObject json(const CliRun &run)
{
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

} // namespace

class TestCliRank : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void judgeByHand();
    void humansEqualTheCore();
    void humansOwnVerdicts();
    void seedReproduces();
    void tablesAndFormats();
    void mistakes_data();
    void mistakes();
    void choicesOfTheStudy();

private:
    QTemporaryDir m_dir;
    QString m_study;
};

void TestCliRank::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_study = m_dir.filePath(QStringLiteral("rank.concord"));
    const std::string error = createStudy(m_study.toStdString());
    QVERIFY2(error.empty(), error.c_str());
}

void TestCliRank::judgeByHand()
{
    // Two systems: Davidson's model is saturated, so π_A/π_B = 4/1 and ν = 2/√(4·1) = 1; with the log-mean 0,
    // θ = ±log 2. The log-likelihood is 4 log(4/7) + log(1/7) + 2 log(2/7). Against B, A's length difference is
    // 1 word on every document, so there is no length term: the controlled rate is the plain one, (4 + 2/2)/7.
    const CliRun run
        = cli({QStringLiteral("rank"), m_study, QStringLiteral("--rater"), QStringLiteral("j"),
               QStringLiteral("--baseline"), QStringLiteral("B"), QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject top = json(run);
    QCOMPARE(top.value(QStringLiteral("bootstrap")).toObject().value(QStringLiteral("unit")).toString(),
             QStringLiteral("documents"));
    const QJsonArray rankings = top.value(QStringLiteral("rankings")).toArray();
    QCOMPARE(rankings.size(), 1);
    const QJsonObject r = rankings.at(0).toObject();
    QCOMPARE(r.value(QStringLiteral("rater")).toString(), QStringLiteral("j"));
    QCOMPARE(r.value(QStringLiteral("kind")).toString(), QStringLiteral("judge"));
    QCOMPARE(r.value(QStringLiteral("comparisons")).toInt(), 7);
    QCOMPARE(r.value(QStringLiteral("documents")).toInt(), 7);
    QVERIFY(r.value(QStringLiteral("estimable")).toBool());
    QVERIFY(std::fabs(r.value(QStringLiteral("nu")).toDouble() - 1.0) < 1e-12);
    const double ll = 4 * std::log(4.0 / 7) + std::log(1.0 / 7) + 2 * std::log(2.0 / 7);
    QVERIFY(std::fabs(r.value(QStringLiteral("log_likelihood")).toDouble() - ll) < 1e-12);
    const QJsonArray systems = r.value(QStringLiteral("systems")).toArray();
    QCOMPARE(systems.size(), 2); // C was never compared by the judge: not ranked
    const QJsonObject a = systems.at(0).toObject();
    const QJsonObject b = systems.at(1).toObject();
    QCOMPARE(a.value(QStringLiteral("system")).toString(), QStringLiteral("A"));
    QCOMPARE(a.value(QStringLiteral("rank")).toInt(), 1);
    QCOMPARE(b.value(QStringLiteral("rank")).toInt(), 2);
    QVERIFY(std::fabs(a.value(QStringLiteral("log_strength")).toDouble() - std::log(2.0)) < 1e-12);
    QVERIFY(std::fabs(b.value(QStringLiteral("log_strength")).toDouble() + std::log(2.0)) < 1e-12);
    QCOMPARE(a.value(QStringLiteral("wins")).toDouble(), 4.0);
    QCOMPARE(a.value(QStringLiteral("ties")).toDouble(), 2.0);
    QCOMPARE(a.value(QStringLiteral("losses")).toDouble(), 1.0);
    const QJsonObject vs = a.value(QStringLiteral("against_baseline")).toObject();
    QCOMPARE(vs.value(QStringLiteral("comparisons")).toInt(), 7);
    QCOMPARE(vs.value(QStringLiteral("win_rate")).toDouble(), 5.0 / 7);
    QCOMPARE(vs.value(QStringLiteral("lc_win_rate")).toDouble(), 5.0 / 7);
    QVERIFY(vs.value(QStringLiteral("note")).isString());
    QVERIFY(b.value(QStringLiteral("against_baseline")).isNull());
    // The interval holds the estimate.
    const QJsonObject interval = a.value(QStringLiteral("interval")).toObject();
    QVERIFY(interval.value(QStringLiteral("low")).toDouble() <= std::log(2.0));
    QVERIFY(interval.value(QStringLiteral("high")).toDouble() >= std::log(2.0));
}

void TestCliRank::humansEqualTheCore()
{
    const CliRun run = cli({QStringLiteral("rank"), m_study, QStringLiteral("--group"), QStringLiteral("expert"),
                            QStringLiteral("--dimension"), QStringLiteral("overall"), QStringLiteral("--resamples"),
                            QStringLiteral("300"), QStringLiteral("--seed"), QStringLiteral("5"),
                            QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(run.exitCode, 0);
    store::OpenOptions options;
    options.readOnly = true;
    auto study = store::Study::open(m_study.toStdString(), options);
    QVERIFY(study.ok());
    reports::RankingRequest request;
    request.groups = {"expert"};
    request.dimensions = {"overall"};
    request.bootstrap.resamples = 300;
    request.bootstrap.seed = 5;
    const auto core = reports::computeRankings(*study.value(), request);
    QVERIFY(core.ok());
    QCOMPARE(core.value().size(), std::size_t{1});
    const reports::RaterRanking &expected = core.value().front();
    QVERIFY(expected.estimable);
    const QJsonObject r = json(run).value(QStringLiteral("rankings")).toArray().at(0).toObject();
    QCOMPARE(r.value(QStringLiteral("kind")).toString(), QStringLiteral("human group"));
    // Per document the group's mean: A–B 4 wins, 2 losses, 1 tie; A–C 5, 1, 1; B–C 4, 2, 1.
    QCOMPARE(r.value(QStringLiteral("comparisons")).toInt(), 21);
    QCOMPARE(r.value(QStringLiteral("nu")).toDouble(), expected.tieParameter);
    const QJsonArray systems = r.value(QStringLiteral("systems")).toArray();
    QCOMPARE(systems.size(), 3);
    const char *order[] = {"A", "B", "C"};
    for (int i = 0; i < 3; ++i) {
        const QJsonObject s = systems.at(i).toObject();
        QCOMPARE(s.value(QStringLiteral("system")).toString(), QString::fromLatin1(order[i]));
        QCOMPARE(s.value(QStringLiteral("rank")).toInt(), i + 1);
        QCOMPARE(s.value(QStringLiteral("log_strength")).toDouble(),
                 expected.systems[static_cast<std::size_t>(i)].logStrength);
        QCOMPARE(s.value(QStringLiteral("interval")).toObject().value(QStringLiteral("low")).toDouble(),
                 expected.systems[static_cast<std::size_t>(i)].interval.low);
    }
    QCOMPARE(systems.at(0).toObject().value(QStringLiteral("wins")).toDouble(), 9.0);
}

void TestCliRank::humansOwnVerdicts()
{
    // The experts' own verdicts on "preference", each member's counted: A won 3, B 2, 1 tie; saturated, so
    // θ = ±½ log(3/2), ν = 1/√(3·2), and the log-likelihood 3 log(3/6) + 2 log(2/6) + log(1/6).
    const CliRun run = cli({QStringLiteral("rank"), m_study, QStringLiteral("--group"), QStringLiteral("expert"),
                            QStringLiteral("--dimension"), QStringLiteral("preference"), QStringLiteral("--format"),
                            QStringLiteral("json")});
    QCOMPARE(run.exitCode, 0);
    const QJsonArray rankings = json(run).value(QStringLiteral("rankings")).toArray();
    QCOMPARE(rankings.size(), 1);
    const QJsonObject r = rankings.at(0).toObject();
    QCOMPARE(r.value(QStringLiteral("kind")).toString(), QStringLiteral("human group"));
    QCOMPARE(r.value(QStringLiteral("comparisons")).toInt(), 6);
    QCOMPARE(r.value(QStringLiteral("documents")).toInt(), 3);
    QVERIFY(std::fabs(r.value(QStringLiteral("nu")).toDouble() - 1 / std::sqrt(6.0)) < 1e-12);
    const double ll = 3 * std::log(3.0 / 6) + 2 * std::log(2.0 / 6) + std::log(1.0 / 6);
    QVERIFY(std::fabs(r.value(QStringLiteral("log_likelihood")).toDouble() - ll) < 1e-12);
    const QJsonObject a = r.value(QStringLiteral("systems")).toArray().at(0).toObject();
    QCOMPARE(a.value(QStringLiteral("system")).toString(), QStringLiteral("A"));
    QVERIFY(std::fabs(a.value(QStringLiteral("log_strength")).toDouble() - std::log(1.5) / 2) < 1e-12);
}

void TestCliRank::seedReproduces()
{
    const QStringList args{QStringLiteral("rank"),        m_study,
                           QStringLiteral("--resamples"), QStringLiteral("200"),
                           QStringLiteral("--format"),    QStringLiteral("csv")};
    const CliRun first = cli(args + QStringList{QStringLiteral("--seed"), QStringLiteral("11")});
    const CliRun again = cli(args + QStringList{QStringLiteral("--seed"), QStringLiteral("11")});
    const CliRun other = cli(args + QStringList{QStringLiteral("--seed"), QStringLiteral("12")});
    QCOMPARE(first.exitCode, 0);
    QCOMPARE(first.out, again.out);
    QVERIFY(first.out != other.out);
}

void TestCliRank::tablesAndFormats()
{
    // Without --rater or --group: the human group first, then the judge, on the dimension with verdicts.
    const CliRun run = cli({QStringLiteral("rank"), m_study, QStringLiteral("--format"), QStringLiteral("markdown")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.startsWith(QStringLiteral("### Bradley–Terry–Davidson rankings\n")));
    QVERIFY(run.out.contains(QStringLiteral("### Fits")));
    QVERIFY(run.out.indexOf(QStringLiteral("| expert | human group |"))
            < run.out.indexOf(QStringLiteral("| j | judge |")));
    const CliRun table = cli({QStringLiteral("rank"), m_study, QStringLiteral("--confidence"), QStringLiteral("0.9")});
    QCOMPARE(table.exitCode, 0);
    QVERIFY(table.out.contains(QStringLiteral("log_strength")));
}

void TestCliRank::mistakes_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown baseline") << QStringList{QStringLiteral("--baseline"), QStringLiteral("Z")} << 1
                                      << QStringLiteral("no system named 'Z'");
    QTest::newRow("a human as a judge") << QStringList{QStringLiteral("--rater"), QStringLiteral("h1")} << 1
                                        << QStringLiteral("not a judge");
    QTest::newRow("unknown group") << QStringList{QStringLiteral("--group"), QStringLiteral("crowd")} << 1
                                   << QStringLiteral("no human group named 'crowd'");
    QTest::newRow("unknown dimension") << QStringList{QStringLiteral("--dimension"), QStringLiteral("fluency")} << 1
                                       << QStringLiteral("no dimension named 'fluency'");
    QTest::newRow("confidence out of range")
        << QStringList{QStringLiteral("--confidence"), QStringLiteral("1.5")} << 2 << QStringLiteral("--confidence");
    QTest::newRow("resamples not a number")
        << QStringList{QStringLiteral("--resamples"), QStringLiteral("many")} << 2 << QStringLiteral("--resamples");
    QTest::newRow("unknown rule") << QStringList{QStringLiteral("--rule"), QStringLiteral("best")} << 2
                                  << QStringLiteral("unknown --rule");
}

void TestCliRank::mistakes()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, message);
    const CliRun run = cli(QStringList{QStringLiteral("rank"), m_study} + args);
    QCOMPARE(run.exitCode, code);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
}

// What the window's Rankings tab offers: every dimension, those with verdicts, the systems by id, and which to show
// first — the first with verdicts, or without any the first Likert dimension (the groups ranked by their means).
void TestCliRank::choicesOfTheStudy()
{
    {
        auto study = store::Study::open(m_study.toStdString(), {.readOnly = true});
        QVERIFY(study.ok());
        const reports::RankingChoices choices = reports::rankingChoices(*study.value());
        QCOMPARE(choices.dimensions, (std::vector<std::string>{"overall", "preference"}));
        QCOMPARE(choices.withVerdicts, (std::vector<std::string>{"overall", "preference"}));
        QCOMPARE(choices.systems, (std::vector<std::string>{"A", "B", "C"}));
        QCOMPARE(choices.firstChoice(), std::string("overall"));
    }
    auto created = store::Study::createInMemory();
    QVERIFY(created.ok());
    store::Study &s = *created.value();
    QVERIFY(s.write([&] {
                 model::Dimension preference;
                 preference.name.append("preference");
                 preference.kind = model::DimensionKind::Pairwise;
                 s.ensureDimension(preference);
                 model::Dimension fluency;
                 fluency.name.append("fluency");
                 s.ensureDimension(fluency);
                 s.ensureSystem("Z");
             }).ok());
    const reports::RankingChoices choices = reports::rankingChoices(s);
    QVERIFY(choices.withVerdicts.empty());
    QCOMPARE(choices.firstLikert, std::string("fluency"));
    QCOMPARE(choices.firstChoice(), std::string("fluency"));
}

QTEST_GUILESS_MAIN(TestCliRank)
#include "tst_cli_rank.moc"

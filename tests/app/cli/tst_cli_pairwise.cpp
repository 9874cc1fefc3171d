// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli pairwise end to end: recorded head-to-head answers (both orders, ties, unreadable ones)
// imported through the CLI, then every section of the report (system pairs, baseline, LLMCompare
// ranking, position bias) counted by hand, under both rules, and equal to the core's numbers.
#include "cli_run.h"
#include "h2h_study.h"
#include "reports/pairwise_report.h"
#include "store/study.h"
#include "test_paths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace {

using Run = concord::test::CliRun;

Run cli(const QStringList &args)
{
    return concord::test::runCli(args);
}

// The recorded judge "rec" on relevance, per pair and document, the raw answer with the pair's first
// system shown first ("ab") and with the second shown first ("ba"); "1" is the summary shown first.
// "?" stands for an answer the h2h parser cannot read (kept as invalid, so no verdict).
//
//          ab     ba     in system terms       agree-or-tie   points (first system's W/T/L)
//   A–B d1 1      2      A, A                  A              1 / 0 / 0
//   A–B d2 1      tie    A, tie                tie            .5 / .5 / 0
//   A–B d3 1      1      A, B (flip)           tie            .5 / 0 / .5
//   A–B d4 ?      2      –, A (one order)      A              1 / 0 / 0
//   A–C d1 2      tie    C, tie                tie            0 / .5 / .5
//   A–C d2 tie    tie                          tie            0 / 1 / 0
//   A–C d3 ?      ?      not compared
//   A–C d4 tie    tie                          tie            0 / 1 / 0
//   B–C d1 1      tie    B, tie                tie            .5 / .5 / 0
//   B–C d2 tie    tie                          tie            0 / 1 / 0
//
// 17 verdicts, 3 unreadable answers, 9 comparisons. Per pair, agree-or-tie: A–B 2/2/0 (prefers A),
// A–C 0/3/0 (neither), B–C 0/2/0 (neither); points: A–B 3/0.5/0.5 (A), A–C 0/2.5/0.5 (C), B–C
// 0.5/1.5/0 (B). The humans (tests/support/h2h_study.cpp's means): A–B 2/1/1 (A), A–C 3/1/0 (A),
// B–C 2/0/2 (neither). So agree-or-tie agrees on A–B and B–C (2 of 3; consecutive pairs C–B, B–A:
// 2 of 2), points only on A–B (1 of 3; 1 of 2). LLMCompare points: A 9, C 5, B 4 under either rule
// (the halves of the points rule cancel here); against the human means (A 3.5 > B 3.25 > C 2.5)
// tau-b (2 - 1) / 3. Position bias: 8 comparisons in both orders, 4 flip (A–B d2 d3, A–C d1, B–C d1);
// 8 verdicts are not ties, and the summary shown first won 5 (A–B d1 ab, d2 ab, d3 both, B–C d1 ab).
struct Answer {
    const char *a, *b, *doc, *ab, *ba;
};
constexpr Answer kAnswers[] = {
    {"A", "B", "d1", "1", "2"},     {"A", "B", "d2", "1", "tie"},   {"A", "B", "d3", "1", "1"},
    {"A", "B", "d4", "?", "2"},     {"A", "C", "d1", "2", "tie"},   {"A", "C", "d2", "tie", "tie"},
    {"A", "C", "d3", "?", "?"},     {"A", "C", "d4", "tie", "tie"}, {"B", "C", "d1", "1", "tie"},
    {"B", "C", "d2", "tie", "tie"},
};

std::string response(const std::string &answer)
{
    if (answer == "?")
        return "Both summaries have their merits.";
    // The h2h prompt's options: A the summary shown first, B the second, C a tie.
    std::string text = "Answer: ";
    text += answer == "1" ? 'A' : answer == "2" ? 'B' : 'C';
    return text;
}

} // namespace

class TestCliPairwise : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void handCount_data();
    void handCount();
    void equalsTheCore_data();
    void equalsTheCore();
    void dimensionFilter();
    void sectionsInEveryFormat_data();
    void sectionsInEveryFormat();
    void refusesUnknownNames_data();
    void refusesUnknownNames();
    void summEvalEndToEnd_data();
    void summEvalEndToEnd();

private:
    QTemporaryDir m_dir;
    QString m_study;
};

void TestCliPairwise::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_study = m_dir.filePath(QStringLiteral("h2h.concord"));
    QCOMPARE(QString::fromStdString(concord::test::H2hStudy::create(m_study.toStdString())), QString());
    {
        // A second dimension without human ratings, for the dimension filter.
        auto study = concord::store::Study::open(m_study.toStdString());
        QVERIFY(study.ok());
        const concord::Status added = study.value()->write([&] {
            concord::model::Dimension coherence;
            coherence.name = "coherence";
            study.value()->ensureDimension(coherence);
        });
        QVERIFY(added.ok());
    }
    const QString recorded = m_dir.filePath(QStringLiteral("rec.jsonl"));
    QFile file(recorded);
    QVERIFY(file.open(QIODevice::WriteOnly));
    for (const char *dimension : {"relevance", "coherence"})
        for (const Answer &a : kAnswers)
            for (const auto &[order, answer] : {std::pair{"ab", a.ab}, std::pair{"ba", a.ba}}) {
                const nlohmann::json line{{"doc_id", a.doc}, {"system_a", a.a},        {"system_b", a.b},
                                          {"order", order},  {"dimension", dimension}, {"response", response(answer)}};
                file.write(QByteArray::fromStdString(line.dump()) + '\n');
            }
    file.close();
    const Run imported = cli({QStringLiteral("import-judgements"), m_study, recorded, QStringLiteral("--protocol"),
                              QStringLiteral("h2h"), QStringLiteral("--rater"), QStringLiteral("rec")});
    QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
    QVERIFY2(imported.out.contains(QStringLiteral("imported 40 judgements: 34 valid, 6 invalid")),
             qPrintable(imported.out));
}

void TestCliPairwise::handCount_data()
{
    QTest::addColumn<QString>("rule");
    QTest::addColumn<int>("agreed");
    QTest::addColumn<int>("consecutiveAgreed");
    // Per pair: system_a system_b, the judge's W/T/L and preference, the humans' and whether they agree.
    QTest::addColumn<QStringList>("pairs");
    // Against baseline B: system, the judge's W/T/L, the humans'.
    QTest::addColumn<QStringList>("baseline");
    QTest::newRow("agree-or-tie") << QStringLiteral("agree-or-tie") << 2 << 2
                                  << QStringList{QStringLiteral("A B 2 2 0 A 2 1 1 A yes"),
                                                 QStringLiteral("A C 0 3 0 neither 3 1 0 A no"),
                                                 QStringLiteral("B C 0 2 0 neither 2 0 2 neither yes")}
                                  << QStringList{QStringLiteral("A 2 2 0 2 1 1"), QStringLiteral("C 0 2 0 2 0 2")};
    QTest::newRow("points") << QStringLiteral("points") << 1 << 1
                            << QStringList{QStringLiteral("A B 3 0.5 0.5 A 2 1 1 A yes"),
                                           QStringLiteral("A C 0 2.5 0.5 C 3 1 0 A no"),
                                           QStringLiteral("B C 0.5 1.5 0 B 2 0 2 neither no")}
                            << QStringList{QStringLiteral("A 3 0.5 0.5 2 1 1"), QStringLiteral("C 0 1.5 0.5 2 0 2")};
}

void TestCliPairwise::handCount()
{
    QFETCH(QString, rule);
    QFETCH(int, agreed);
    QFETCH(int, consecutiveAgreed);
    QFETCH(QStringList, pairs);
    QFETCH(QStringList, baseline);
    const Run run = cli({QStringLiteral("pairwise"), m_study, QStringLiteral("--human"), QStringLiteral("expert"),
                         QStringLiteral("--rater"), QStringLiteral("rec"), QStringLiteral("--dimension"),
                         QStringLiteral("relevance"), QStringLiteral("--baseline"), QStringLiteral("B"),
                         QStringLiteral("--rule"), rule, QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonObject top = QJsonDocument::fromJson(run.out.toUtf8()).object();
    QCOMPARE(top.value(QStringLiteral("human_group")).toString(), QStringLiteral("expert"));
    QCOMPARE(top.value(QStringLiteral("rule")).toString(), rule);
    const QJsonArray results = top.value(QStringLiteral("results")).toArray();
    QCOMPARE(results.size(), 1);
    const QJsonObject r = results.at(0).toObject();
    QCOMPARE(r.value(QStringLiteral("judge")).toString(), QStringLiteral("rec"));
    QCOMPARE(r.value(QStringLiteral("dimension")).toString(), QStringLiteral("relevance"));
    QCOMPARE(r.value(QStringLiteral("verdicts")).toInt(), 17);
    QCOMPARE(r.value(QStringLiteral("comparisons")).toInt(), 9);

    const QJsonObject success = r.value(QStringLiteral("h2h_success")).toObject();
    const QJsonObject all = success.value(QStringLiteral("all")).toObject();
    QCOMPARE(all.value(QStringLiteral("pairs")).toInt(), 3);
    QCOMPARE(all.value(QStringLiteral("agreed")).toInt(), agreed);
    QCOMPARE(all.value(QStringLiteral("rate")).toDouble(), agreed / 3.0);
    const QJsonObject consecutive = success.value(QStringLiteral("consecutive")).toObject();
    QCOMPARE(consecutive.value(QStringLiteral("pairs")).toInt(), 2);
    QCOMPARE(consecutive.value(QStringLiteral("agreed")).toInt(), consecutiveAgreed);

    auto wtl = [](const QJsonObject &o) {
        return QStringList{QString::number(o.value(QStringLiteral("wins")).toDouble()),
                           QString::number(o.value(QStringLiteral("ties")).toDouble()),
                           QString::number(o.value(QStringLiteral("losses")).toDouble())}
            .join(QLatin1Char(' '));
    };
    QStringList gotPairs;
    int agreeing = 0;
    for (const auto &value : r.value(QStringLiteral("pairs")).toArray()) {
        const QJsonObject p = value.toObject();
        const QJsonObject judge = p.value(QStringLiteral("judge")).toObject();
        const QJsonObject humans = p.value(QStringLiteral("humans")).toObject();
        const bool agree = p.value(QStringLiteral("agree")).toBool();
        agreeing += agree ? 1 : 0;
        gotPairs << QStringList{p.value(QStringLiteral("system_a")).toString(),
                                p.value(QStringLiteral("system_b")).toString(),
                                wtl(judge),
                                judge.value(QStringLiteral("prefers")).toString(),
                                wtl(humans),
                                humans.value(QStringLiteral("prefers")).toString(),
                                agree ? QStringLiteral("yes") : QStringLiteral("no")}
                        .join(QLatin1Char(' '));
    }
    QCOMPARE(gotPairs, pairs);
    QCOMPARE(agreeing, agreed); // the per-pair table is what the success rate counts

    const QJsonObject base = r.value(QStringLiteral("baseline")).toObject();
    QCOMPARE(base.value(QStringLiteral("system")).toString(), QStringLiteral("B"));
    QStringList gotBaseline;
    for (const auto &value : base.value(QStringLiteral("systems")).toArray()) {
        const QJsonObject b = value.toObject();
        gotBaseline << b.value(QStringLiteral("system")).toString() + QLatin1Char(' ')
                           + wtl(b.value(QStringLiteral("judge")).toObject()) + QLatin1Char(' ')
                           + wtl(b.value(QStringLiteral("humans")).toObject());
    }
    QCOMPARE(gotBaseline, baseline);

    QStringList ranking;
    for (const auto &value : r.value(QStringLiteral("ranking")).toArray()) {
        const QJsonObject s = value.toObject();
        ranking << QStringLiteral("%1 %2 %3 %4")
                       .arg(s.value(QStringLiteral("rank")).toInt())
                       .arg(s.value(QStringLiteral("system")).toString())
                       .arg(s.value(QStringLiteral("points")).toDouble())
                       .arg(s.value(QStringLiteral("human_rank")).toInt());
    }
    QCOMPARE(ranking, (QStringList{QStringLiteral("1 A 9 1"), QStringLiteral("2 C 5 3"), QStringLiteral("3 B 4 2")}));
    QCOMPARE(r.value(QStringLiteral("llmcompare_tau_b")).toDouble(), 1.0 / 3.0);

    const QJsonObject bias = r.value(QStringLiteral("position_bias")).toObject();
    QCOMPARE(bias.value(QStringLiteral("swapped_pairs")).toInt(), 8);
    QCOMPARE(bias.value(QStringLiteral("flips")).toInt(), 4);
    QCOMPARE(bias.value(QStringLiteral("flip_rate")).toDouble(), 0.5);
    QCOMPARE(bias.value(QStringLiteral("decided")).toInt(), 8);
    QCOMPARE(bias.value(QStringLiteral("first_shown_wins")).toInt(), 5);
    QCOMPARE(bias.value(QStringLiteral("first_shown_win_rate")).toDouble(), 0.625);
}

void TestCliPairwise::equalsTheCore_data()
{
    QTest::addColumn<QString>("rule");
    QTest::newRow("agree-or-tie") << QStringLiteral("agree-or-tie");
    QTest::newRow("points") << QStringLiteral("points");
}

void TestCliPairwise::equalsTheCore()
{
    QFETCH(QString, rule);
    // Every judge and dimension, with a baseline: the CLI prints exactly what the core computes.
    const Run run = cli({QStringLiteral("pairwise"), m_study, QStringLiteral("--human"), QStringLiteral("expert"),
                         QStringLiteral("--baseline"), QStringLiteral("A"), QStringLiteral("--rule"), rule,
                         QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    auto opened = concord::store::Study::open(m_study.toStdString(), {true});
    QVERIFY(opened.ok());
    concord::reports::PairwiseRequest request;
    request.humanGroup = "expert";
    request.baseline = QStringLiteral("A").toStdString(); // (GCC 12 warns wrongly on assigning "A" here)
    request.rule = *concord::stats::pairwiseRuleFromString(rule.toStdString());
    const auto summaries = concord::reports::computePairwise(*opened.value(), request);
    QVERIFY(summaries.ok());
    QCOMPARE(summaries.value().size(), std::size_t{3}); // judge and rec on relevance, rec on coherence
    const nlohmann::json expected = concord::reports::pairwiseJson(summaries.value(), "expert");
    QCOMPARE(QString::fromStdString(nlohmann::json::parse(run.out.toStdString()).dump()),
             QString::fromStdString(expected.dump()));
}

void TestCliPairwise::dimensionFilter()
{
    auto judgesAndDimensions = [&](const QStringList &extra) {
        const Run run = cli(QStringList{QStringLiteral("pairwise"), m_study, QStringLiteral("--human"),
                                        QStringLiteral("expert"), QStringLiteral("--format"), QStringLiteral("json")}
                            + extra);
        QStringList out;
        for (const auto &value :
             QJsonDocument::fromJson(run.out.toUtf8()).object().value(QStringLiteral("results")).toArray())
            out << value.toObject().value(QStringLiteral("judge")).toString() + QLatin1Char('/')
                       + value.toObject().value(QStringLiteral("dimension")).toString();
        return out;
    };
    QCOMPARE(judgesAndDimensions({}), (QStringList{QStringLiteral("judge/relevance"), QStringLiteral("rec/relevance"),
                                                   QStringLiteral("rec/coherence")}));
    QCOMPARE(judgesAndDimensions({QStringLiteral("--dimension"), QStringLiteral("coherence")}),
             QStringList{QStringLiteral("rec/coherence")});
    QCOMPARE(judgesAndDimensions({QStringLiteral("--dimension"), QStringLiteral("coherence"),
                                  QStringLiteral("--dimension"), QStringLiteral("relevance")}),
             (QStringList{QStringLiteral("judge/relevance"), QStringLiteral("rec/relevance"),
                          QStringLiteral("rec/coherence")}));

    // Without human ratings on coherence, the success rate is undefined but the judge's own counts stand.
    const Run run = cli({QStringLiteral("pairwise"), m_study, QStringLiteral("--human"), QStringLiteral("expert"),
                         QStringLiteral("--dimension"), QStringLiteral("coherence"), QStringLiteral("--format"),
                         QStringLiteral("json")});
    const QJsonObject r = QJsonDocument::fromJson(run.out.toUtf8())
                              .object()
                              .value(QStringLiteral("results"))
                              .toArray()
                              .at(0)
                              .toObject();
    QVERIFY(r.value(QStringLiteral("h2h_success"))
                .toObject()
                .value(QStringLiteral("all"))
                .toObject()
                .value(QStringLiteral("rate"))
                .isNull());
    QCOMPARE(r.value(QStringLiteral("pairs")).toArray().size(), 3);
    QVERIFY(r.value(QStringLiteral("pairs")).toArray().at(0).toObject().value(QStringLiteral("agree")).isNull());
    QCOMPARE(r.value(QStringLiteral("position_bias")).toObject().value(QStringLiteral("flips")).toInt(), 4);
}

void TestCliPairwise::sectionsInEveryFormat_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("titlePrefix");
    QTest::newRow("table") << QStringLiteral("table") << QString();
    QTest::newRow("markdown") << QStringLiteral("markdown") << QStringLiteral("### ");
    QTest::newRow("latex") << QStringLiteral("latex") << QStringLiteral("% ");
    QTest::newRow("csv") << QStringLiteral("csv") << QStringLiteral("# ");
}

void TestCliPairwise::sectionsInEveryFormat()
{
    QFETCH(QString, format);
    QFETCH(QString, titlePrefix);
    const Run run = cli({QStringLiteral("pairwise"), m_study, QStringLiteral("--human"), QStringLiteral("expert"),
                         QStringLiteral("--rater"), QStringLiteral("rec"), QStringLiteral("--dimension"),
                         QStringLiteral("relevance"), QStringLiteral("--baseline"), QStringLiteral("B"),
                         QStringLiteral("--rule"), QStringLiteral("points"), QStringLiteral("--format"), format});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QStringList lines = run.out.split(QLatin1Char('\n'));
    for (const QString &title :
         {QStringLiteral("Pairwise verdicts of each judge against the human group's mean ratings (rule: points)"),
          QStringLiteral("System pairs: rec on relevance (rule: points)"),
          QStringLiteral("Against baseline B: rec on relevance (rule: points)"),
          QStringLiteral("LLMCompare ranking (2 points a won document, 1 a tie): rec on relevance (rule: points)"),
          QStringLiteral("Position bias (each presentation order on its own, whatever the rule)")})
        QVERIFY2(lines.contains(titlePrefix + title), qPrintable(title + QStringLiteral("\n") + run.out));
    // The half documents of the points rule print as halves.
    QVERIFY2(run.out.contains(QStringLiteral("2.5")), qPrintable(run.out));
}

void TestCliPairwise::refusesUnknownNames_data()
{
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<QString>("message");
    QTest::newRow("dimension") << QStringList{QStringLiteral("--dimension"), QStringLiteral("fluency")}
                               << QStringLiteral("dimension named 'fluency'");
    QTest::newRow("baseline") << QStringList{QStringLiteral("--baseline"), QStringLiteral("Z")}
                              << QStringLiteral("system named 'Z'");
}

void TestCliPairwise::refusesUnknownNames()
{
    QFETCH(QStringList, extra);
    QFETCH(QString, message);
    const Run run = cli(
        QStringList{QStringLiteral("pairwise"), m_study, QStringLiteral("--human"), QStringLiteral("expert")} + extra);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
    QCOMPARE(run.err.count(QLatin1Char('\n')), 1);
    QVERIFY(run.out.isEmpty());
}

void TestCliPairwise::summEvalEndToEnd_data()
{
    QTest::addColumn<QString>("rule");
    QTest::newRow("agree-or-tie") << QStringLiteral("agree-or-tie");
    QTest::newRow("points") << QStringLiteral("points");
}

// SummEval with a recorded head-to-head judge built here: three system pairs on 40 documents, both
// orders, mostly following the experts' mean relevance, with ties, first-shown wins and unreadable
// answers mixed in by a fixed pattern. The judge's side, the humans' side (from the data files, not
// from the study), the agreement and the position bias are counted again here; the CLI's JSON must
// equal those counts and the core's own JSON.
void TestCliPairwise::summEvalEndToEnd()
{
    QFETCH(QString, rule);
    const bool points = rule == QStringLiteral("points");
    const QStringList files = concord::test::summevalFiles();
    if (files.isEmpty())
        QSKIP("../shared/data/summeval is absent (CONCORD_SHARED_DIR)");

    // The experts' mean relevance per document and system, read from the files themselves.
    std::map<std::string, std::map<std::string, double>> mean; // doc -> system -> mean
    std::set<std::string> systemSet;
    std::vector<std::string> docs;
    for (const QString &f : files) {
        std::ifstream in(f.toStdString());
        std::string line;
        while (std::getline(in, line)) {
            if (line.find_first_not_of(" \t\r") == std::string::npos)
                continue;
            const nlohmann::json r = nlohmann::json::parse(line);
            double sum = 0;
            for (const auto &a : r.at("expert_annotations"))
                sum += a.at("relevance").get<double>();
            const std::string doc = r.at("id").get<std::string>();
            const std::string system = r.at("model_id").get<std::string>();
            if (!mean.contains(doc))
                docs.push_back(doc);
            mean[doc][system] = sum / static_cast<double>(r.at("expert_annotations").size());
            systemSet.insert(system);
        }
    }
    QVERIFY(systemSet.size() >= 3);
    QVERIFY(docs.size() >= 40);
    const std::vector<std::string> systems(systemSet.begin(), std::next(systemSet.begin(), 3));
    const std::vector<std::pair<int, int>> pairs{{0, 1}, {1, 2}, {0, 2}};

    // Answers in shown terms: "1" the summary shown first wins, "2" the second, "tie", "?" unreadable.
    const auto answerFor = [&](std::size_t d, std::size_t p, int order, const std::string &first,
                               const std::string &second) -> std::string {
        switch ((d * 7 + p * 3 + static_cast<std::size_t>(order)) % 10) {
        case 0:
            return "?";
        case 1:
            return "tie";
        case 2:
            return "1";
        default: {
            const double a = mean[docs[d]][first], b = mean[docs[d]][second];
            return a > b ? "1" : a < b ? "2" : "tie";
        }
        }
    };
    struct Side {
        double wins = 0, ties = 0, losses = 0;
    };
    std::map<std::pair<std::string, std::string>, Side> judge, humans; // (system_a, system_b) as generated
    int verdicts = 0, invalid = 0, comparisons = 0, swapped = 0, flips = 0, decided = 0, firstWins = 0;
    const QString recorded = m_dir.filePath(QStringLiteral("summeval-h2h-%1.jsonl").arg(rule));
    QFile file(recorded);
    QVERIFY(file.open(QIODevice::WriteOnly));
    for (std::size_t d = 0; d < 40; ++d) {
        for (std::size_t p = 0; p < pairs.size(); ++p) {
            const std::string &a = systems[static_cast<std::size_t>(pairs[p].first)];
            const std::string &b = systems[static_cast<std::size_t>(pairs[p].second)];
            // The verdict of each order in system terms: +1 a wins, -1 b wins, 0 a tie; none if unreadable.
            std::vector<int> inSystemTerms;
            for (int order = 0; order < 2; ++order) {
                const std::string &first = order == 0 ? a : b;
                const std::string &second = order == 0 ? b : a;
                const std::string answer = answerFor(d, p, order, first, second);
                const nlohmann::json line{{"doc_id", docs[d]},
                                          {"system_a", a},
                                          {"system_b", b},
                                          {"order", order == 0 ? "ab" : "ba"},
                                          {"dimension", "relevance"},
                                          {"response", response(answer)}};
                file.write(QByteArray::fromStdString(line.dump()) + '\n');
                if (answer == "?") {
                    ++invalid;
                    continue;
                }
                ++verdicts;
                if (answer != "tie") {
                    ++decided;
                    firstWins += answer == "1" ? 1 : 0;
                }
                const int shownFirstWins = answer == "1" ? 1 : answer == "2" ? -1 : 0;
                inSystemTerms.push_back(order == 0 ? shownFirstWins : -shownFirstWins);
            }
            if (inSystemTerms.empty())
                continue;
            ++comparisons;
            Side &side = judge[{a, b}];
            if (inSystemTerms.size() == 2) {
                ++swapped;
                flips += inSystemTerms[0] != inSystemTerms[1] ? 1 : 0;
            }
            if (inSystemTerms.size() == 1 || !points) {
                // One order alone counts whole; agree-or-tie: a win needs both orders, else a tie.
                const int v = inSystemTerms.size() == 1 || inSystemTerms[0] == inSystemTerms[1] ? inSystemTerms[0] : 0;
                (v > 0 ? side.wins : v < 0 ? side.losses : side.ties) += 1;
            } else {
                for (const int v : inSystemTerms)
                    (v > 0 ? side.wins : v < 0 ? side.losses : side.ties) += 0.5;
            }
        }
    }
    file.close();
    for (const auto &[a, b] : pairs) {
        Side &side = humans[{systems[static_cast<std::size_t>(a)], systems[static_cast<std::size_t>(b)]}];
        for (const std::string &doc : docs) {
            const auto &m = mean[doc];
            const auto ia = m.find(systems[static_cast<std::size_t>(a)]);
            const auto ib = m.find(systems[static_cast<std::size_t>(b)]);
            if (ia == m.end() || ib == m.end())
                continue;
            (ia->second > ib->second ? side.wins : ia->second < ib->second ? side.losses : side.ties) += 1;
        }
    }
    QVERIFY(invalid > 0 && flips > 0 && swapped > flips); // the pattern gives every case

    const QString study = m_dir.filePath(QStringLiteral("summeval-%1.concord").arg(rule));
    const Run created = cli({QStringLiteral("new"), study});
    QVERIFY2(created.exitCode == 0, qPrintable(created.err));
    const Run imported = cli(QStringList{QStringLiteral("import"), study} + files
                             + QStringList{QStringLiteral("--format"), QStringLiteral("summeval")});
    QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
    const Run judged = cli({QStringLiteral("import-judgements"), study, recorded, QStringLiteral("--protocol"),
                            QStringLiteral("h2h"), QStringLiteral("--rater"), QStringLiteral("recorded h2h")});
    QVERIFY2(judged.exitCode == 0, qPrintable(judged.err));
    QVERIFY2(judged.out.contains(QStringLiteral("imported %1 judgements: %2 valid, %3 invalid")
                                     .arg(verdicts + invalid)
                                     .arg(verdicts)
                                     .arg(invalid)),
             qPrintable(judged.out));

    const Run run = cli({QStringLiteral("pairwise"), study, QStringLiteral("--human"), QStringLiteral("expert"),
                         QStringLiteral("--rater"), QStringLiteral("recorded h2h"), QStringLiteral("--dimension"),
                         QStringLiteral("relevance"), QStringLiteral("--rule"), rule, QStringLiteral("--format"),
                         QStringLiteral("json")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const nlohmann::json top = nlohmann::json::parse(run.out.toStdString());
    QCOMPARE(top.at("results").size(), std::size_t{1});
    const nlohmann::json &r = top.at("results").at(0);
    QCOMPARE(r.at("verdicts").get<int>(), verdicts);
    QCOMPARE(r.at("comparisons").get<int>(), comparisons);

    const auto prefers = [](const Side &side, const std::string &a, const std::string &b) {
        return side.wins > side.losses ? a : side.losses > side.wins ? b : std::string("neither");
    };
    int agreed = 0;
    QCOMPARE(r.at("pairs").size(), pairs.size());
    for (const auto &pair : r.at("pairs")) {
        std::string a = pair.at("system_a").get<std::string>(), b = pair.at("system_b").get<std::string>();
        const bool reversed = !judge.contains({a, b});
        Side j = judge.at(reversed ? std::pair{b, a} : std::pair{a, b});
        Side h = humans.at(reversed ? std::pair{b, a} : std::pair{a, b});
        if (reversed) {
            std::swap(j.wins, j.losses);
            std::swap(h.wins, h.losses);
        }
        const std::string what = a + " vs " + b;
        QCOMPARE(pair.at("judge").at("wins").get<double>(), j.wins);
        QCOMPARE(pair.at("judge").at("ties").get<double>(), j.ties);
        QCOMPARE(pair.at("judge").at("losses").get<double>(), j.losses);
        QCOMPARE(pair.at("judge").at("prefers").get<std::string>(), prefers(j, a, b));
        QCOMPARE(pair.at("humans").at("wins").get<double>(), h.wins);
        QCOMPARE(pair.at("humans").at("ties").get<double>(), h.ties);
        QCOMPARE(pair.at("humans").at("losses").get<double>(), h.losses);
        QCOMPARE(pair.at("humans").at("prefers").get<std::string>(), prefers(h, a, b));
        const bool agree = prefers(j, a, b) == prefers(h, a, b);
        QVERIFY2(pair.at("agree").get<bool>() == agree, what.c_str());
        agreed += agree ? 1 : 0;
    }
    const nlohmann::json &all = r.at("h2h_success").at("all");
    QCOMPARE(all.at("pairs").get<int>(), 3);
    QCOMPARE(all.at("agreed").get<int>(), agreed);
    QCOMPARE(all.at("rate").get<double>(), agreed / 3.0);

    const nlohmann::json &bias = r.at("position_bias");
    QCOMPARE(bias.at("swapped_pairs").get<int>(), swapped);
    QCOMPARE(bias.at("flips").get<int>(), flips);
    QCOMPARE(bias.at("decided").get<int>(), decided);
    QCOMPARE(bias.at("first_shown_wins").get<int>(), firstWins);

    // And exactly what the core computes (the Agreement view's numbers).
    auto opened = concord::store::Study::open(study.toStdString(), {true});
    QVERIFY(opened.ok());
    concord::reports::PairwiseRequest request;
    request.humanGroup = "expert";
    request.judges = {"recorded h2h"};
    request.dimensions = {"relevance"};
    request.rule = *concord::stats::pairwiseRuleFromString(rule.toStdString());
    const auto summaries = concord::reports::computePairwise(*opened.value(), request);
    QVERIFY2(summaries.ok(), summaries.ok() ? "" : summaries.error().describe().c_str());
    QCOMPARE(QString::fromStdString(top.dump()),
             QString::fromStdString(concord::reports::pairwiseJson(summaries.value(), "expert").dump()));
}

QTEST_GUILESS_MAIN(TestCliPairwise)
#include "tst_cli_pairwise.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The dashboard's report: on the SummEval study with two recorded judges (every part present and
// consistent with the statistics it is made of), and on a small hand-made study with an H2H judge
// (pairwise numbers worked out by hand under each rule, in tests/support/h2h_study.cpp), whose
// pairwise table and pairwise-only report give the same numbers.
#include "h2h_study.h"
#include "reports/agreement_report.h"
#include "reports/agreement_table.h"
#include "reports/dashboard_report.h"
#include "reports/pairwise_report.h"
#include "store/study.h"
#include "summeval_judges.h"
#include "test_paths.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <string>

using namespace concord;
using model::Id;

Q_DECLARE_METATYPE(std::vector<double>)

class TestDashboardReport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void raterListsAndOrder();
    void judgesMatchTheCorrelationReport();
    void closeJudgeBeatsNoisyJudge();
    void ceilingSummarisesTheHumans();
    void scatterPointsAndFittedLine();
    void alphaRows();
    void alphaAsTheExportedTableHasIt();
    void invalidRates();
    void sameResultOnOneOrTwoThreads();
    void cancelStops();
    void errorsAreValues();
    void pairwiseByHand_data();
    void pairwiseByHand();
    void pairwiseTableEqualsTheReport_data();
    void pairwiseTableEqualsTheReport();

private:
    static reports::DashboardOptions options(std::size_t resamples = 200);
    // The hand-counted H2H study (made on first use).
    std::string h2hStudy();
    QTemporaryDir m_dir;
    std::string m_path;
    std::string m_h2hPath;
    reports::DashboardReport m_report;
};

reports::DashboardOptions TestDashboardReport::options(std::size_t resamples)
{
    reports::DashboardOptions o;
    o.humanGroup = "expert";
    o.resamples = resamples;
    return o;
}

void TestDashboardReport::initTestCase()
{
    QVERIFY(m_dir.isValid());
    if (test::summevalFiles().isEmpty())
        QSKIP("../shared/data/summeval is absent: the dashboard report on SummEval cannot be checked here");
    m_path = m_dir.filePath(QStringLiteral("summeval.concord")).toStdString();
    const std::string error = test::createSummEvalWithJudges(m_path);
    QVERIFY2(error.empty(), error.c_str());
    auto report = reports::computeDashboard(m_path, options());
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    m_report = std::move(report.value());
}

void TestDashboardReport::raterListsAndOrder()
{
    QCOMPARE(m_report.humanGroup, std::string("expert"));
    QCOMPARE(m_report.groups, (std::vector<std::string>{"expert", "turker"}));
    QCOMPARE(m_report.judges, (std::vector<std::string>{"judge_close", "judge_noisy"}));
    QCOMPARE(m_report.dimensions, (std::vector<std::string>{"coherence", "consistency", "fluency", "relevance"}));
    QVERIFY2(m_report.warnings.empty(), m_report.warnings.empty() ? "" : m_report.warnings.front().c_str());
    // Judges first, then each expert.
    QCOMPARE(m_report.correlations.size(), std::size_t{5});
    QCOMPARE(m_report.correlations[0].rater, std::string("judge_close"));
    QVERIFY(!m_report.correlations[0].human);
    QCOMPARE(m_report.correlations[2].rater, std::string("expert_1"));
    QVERIFY(m_report.correlations[2].human);
}

void TestDashboardReport::judgesMatchTheCorrelationReport()
{
    auto study = store::Study::open(m_path, {true});
    QVERIFY(study.ok());
    reports::CorrelationRequest request;
    request.humanGroup = "expert";
    request.rater = "judge_noisy";
    request.methods = {stats::CorrelationMethod::KendallB};
    request.bootstrap = 200;
    // The dashboard draws intervals at its chosen level only, and computes them only there.
    request.bootstrapLevels = {reports::Level::Dataset};
    request.bootstrapOptions.seed = 24301;
    const auto direct = reports::computeCorrelationReport(*study.value(), request);
    QVERIFY(direct.ok());
    QCOMPARE(reports::toJson(m_report.correlations[1].report).dump(), reports::toJson(direct.value()).dump());
    const auto &dimension = m_report.correlations[1].report.dimensions[0];
    QVERIFY(reports::entryAt(dimension, reports::Level::Dataset, stats::CorrelationMethod::KendallB)->ci.defined());
    QVERIFY(!reports::entryAt(dimension, reports::Level::System, stats::CorrelationMethod::KendallB)->ci.defined());
    // The humans give the ceiling's values; no interval is drawn for them.
    const auto &human = m_report.correlations[2].report.dimensions[0];
    QVERIFY(!reports::entryAt(human, reports::Level::Dataset, stats::CorrelationMethod::KendallB)->ci.defined());
    QVERIFY(!std::isnan(
        reports::entryAt(human, reports::Level::Dataset, stats::CorrelationMethod::KendallB)->correlation.value));
}

void TestDashboardReport::closeJudgeBeatsNoisyJudge()
{
    for (std::size_t d = 0; d < 4; ++d) {
        const auto *close = reports::entryAt(m_report.correlations[0].report.dimensions[d], reports::Level::Dataset,
                                             stats::CorrelationMethod::KendallB);
        const auto *noisy = reports::entryAt(m_report.correlations[1].report.dimensions[d], reports::Level::Dataset,
                                             stats::CorrelationMethod::KendallB);
        QVERIFY(close && noisy);
        QVERIFY(close->correlation.value > noisy->correlation.value);
        QVERIFY(close->ci.defined());
        QVERIFY(close->ci.low <= close->correlation.value && close->correlation.value <= close->ci.high);
    }
}

void TestDashboardReport::ceilingSummarisesTheHumans()
{
    QCOMPARE(m_report.ceiling.size(), std::size_t{4});
    for (std::size_t d = 0; d < 4; ++d) {
        const auto &c = m_report.ceiling[d];
        QCOMPARE(c.dimension, m_report.dimensions[d]);
        QCOMPARE(c.raters, std::size_t{3});
        double sum = 0, lo = 2, hi = -2;
        for (std::size_t r = 2; r < 5; ++r) {
            const double v = reports::entryAt(m_report.correlations[r].report.dimensions[d], reports::Level::Dataset,
                                              stats::CorrelationMethod::KendallB)
                                 ->correlation.value;
            sum += v;
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
        QCOMPARE(c.mean, sum / 3);
        QCOMPARE(c.min, lo);
        QCOMPARE(c.max, hi);
    }
}

void TestDashboardReport::scatterPointsAndFittedLine()
{
    QCOMPARE(m_report.scatter.size(), std::size_t{8}); // 4 dimensions × 2 judges
    for (const auto &s : m_report.scatter) {
        QVERIFY(s.points.size() > 1000);
        double mx = 0, my = 0;
        std::vector<double> xs, ys;
        for (const auto &p : s.points) {
            QVERIFY(std::fabs(p.jitteredHuman - p.human) <= 0.08 + 1e-12);
            QVERIFY(std::fabs(p.jitteredJudge - p.judge) <= 0.08 + 1e-12);
            QVERIFY(!p.document.empty() && !p.system.empty());
            mx += p.human;
            my += p.judge;
            xs.push_back(p.human);
            ys.push_back(p.judge);
        }
        mx /= static_cast<double>(s.points.size());
        my /= static_cast<double>(s.points.size());
        // The least-squares line passes through the means, and r is Pearson's over the unjittered points.
        QVERIFY(std::fabs(s.intercept + s.slope * mx - my) < 1e-9);
        QVERIFY(s.slope > 0);
        QCOMPARE(s.pearson.value, stats::pearson(xs, ys).value);
        QCOMPARE(s.pearson.n, s.points.size());
    }
    QCOMPARE(m_report.lengthBias.size(), std::size_t{8});
}

void TestDashboardReport::alphaRows()
{
    // 2 groups × 4 dimensions alone, then the experts with each judge on 4 dimensions.
    QCOMPARE(m_report.alpha.size(), std::size_t{16});
    auto study = store::Study::open(m_path, {true});
    QVERIFY(study.ok());
    reports::AgreementRequest request;
    request.group = "turker";
    request.dimension = "fluency";
    request.bootstrap = 200;
    const auto direct = reports::computeAgreement(*study.value(), request);
    QVERIFY(direct.ok());
    const auto &row = m_report.alpha[6];
    QCOMPARE(row.group, std::string("turker"));
    QCOMPARE(row.dimension, std::string("fluency"));
    QVERIFY(row.judge.empty());
    QCOMPARE(*row.report.alpha.alpha, *direct.value().alpha.alpha);
    QCOMPARE(*row.report.interval.low, *direct.value().interval.low);
    const auto &withJudge = m_report.alpha[8];
    QCOMPARE(withJudge.judge, std::string("judge_close"));
    QCOMPARE(withJudge.report.raters.size(), std::size_t{4});
}

void TestDashboardReport::alphaAsTheExportedTableHasIt()
{
    // The Agreement view (this report) and File > Export > Statistics Table (the agreement table) give
    // one alpha per dimension: the same level and value, by default and with one level chosen for all.
    auto study = store::Study::open(m_path, {true});
    QVERIFY(study.ok());
    for (const auto level :
         {std::optional<stats::MeasurementLevel>(), std::optional(stats::MeasurementLevel::Interval)}) {
        auto o = options();
        o.judges = {"judge_close"};
        o.bootstrap = false;
        o.alphaLevel = level;
        const auto dashboard = reports::computeDashboard(m_path, o);
        QVERIFY2(dashboard.ok(), dashboard.ok() ? "" : dashboard.error().describe().c_str());
        const auto table = reports::agreementTable(*study.value(), {"expert", "judge_close", level}, true);
        QVERIFY2(table.ok(), table.ok() ? "" : table.error().describe().c_str());
        QCOMPARE(table.value().rows.size(), std::size_t{8}); // 4 dimensions, alone and with the judge
        for (const auto &row : table.value().rows) {
            const bool withJudge = row[2] != "expert";
            const auto shown = std::find_if(
                dashboard.value().alpha.begin(), dashboard.value().alpha.end(), [&](const reports::AlphaRow &a) {
                    return a.group == "expert" && a.dimension == row[0] && a.judge == (withJudge ? "judge_close" : "");
                });
            QVERIFY2(shown != dashboard.value().alpha.end(), row[2].c_str());
            const std::string what = row[0] + " of " + row[2];
            // Likert dimensions: ordinal unless chosen otherwise.
            QCOMPARE(row[6], std::string(level ? "interval" : "ordinal"));
            QVERIFY2(std::string(stats::toString(shown->report.alpha.level)) == row[6], what.c_str());
            QVERIFY2(reports::formatAlpha(shown->report.alpha.alpha, true) == row[3],
                     (what + ": view " + reports::formatAlpha(shown->report.alpha.alpha, true) + ", table " + row[3])
                         .c_str());
            QCOMPARE(std::to_string(shown->report.alpha.units), row[4]);
            QCOMPARE(std::to_string(shown->report.alpha.pairableValues), row[5]);
        }
    }
}

void TestDashboardReport::invalidRates()
{
    // The fixture writes an unreadable answer on every 97th (close) and 41st (noisy) line of 4,800.
    std::map<std::string, std::size_t> invalid, calls;
    for (const auto &r : m_report.invalidRates) {
        invalid[r.judge] += r.invalid;
        calls[r.judge] += r.calls;
        QCOMPARE(r.protocol, std::string("rts"));
        QVERIFY(!r.dimension.empty());
        QCOMPARE(r.rate, static_cast<double>(r.invalid) / static_cast<double>(r.calls));
    }
    QCOMPARE(calls["judge_close"], std::size_t{4800});
    QCOMPARE(invalid["judge_close"], std::size_t{4800 / 97});
    QCOMPARE(invalid["judge_noisy"], std::size_t{4800 / 41});
}

void TestDashboardReport::sameResultOnOneOrTwoThreads()
{
    auto o = options(50);
    o.level = reports::Level::Summary;
    o.method = stats::CorrelationMethod::Spearman;
    o.threads = 1;
    const auto one = reports::computeDashboard(m_path, o);
    o.threads = 2;
    const auto two = reports::computeDashboard(m_path, o);
    QVERIFY(one.ok() && two.ok());
    QCOMPARE(one.value().correlations.size(), two.value().correlations.size());
    for (std::size_t i = 0; i < one.value().correlations.size(); ++i)
        QCOMPARE(reports::toJson(one.value().correlations[i].report).dump(),
                 reports::toJson(two.value().correlations[i].report).dump());
    for (std::size_t i = 0; i < one.value().alpha.size(); ++i)
        QCOMPARE(reports::toJson(one.value().alpha[i].report).dump(),
                 reports::toJson(two.value().alpha[i].report).dump());
    QCOMPARE(one.value().ceiling[2].mean, two.value().ceiling[2].mean);
}

void TestDashboardReport::cancelStops()
{
    std::atomic<bool> cancel{true};
    auto o = options();
    o.cancel = &cancel;
    const auto r = reports::computeDashboard(m_path, o);
    QVERIFY(!r.ok());
    QVERIFY(r.error().message.find("cancelled") != std::string::npos);
}

void TestDashboardReport::errorsAreValues()
{
    auto o = options(0);
    o.humanGroup = "nobody";
    QVERIFY(!reports::computeDashboard(m_path, o).ok());
    o = options(0);
    o.judges = {"no_such_judge"};
    QVERIFY(!reports::computeDashboard(m_path, o).ok());
    o = options(0);
    o.level = reports::Level::Meta;
    QVERIFY(!reports::computeDashboard(m_path, o).ok());
    QVERIFY(
        !reports::computeDashboard(m_dir.filePath(QStringLiteral("absent.concord")).toStdString(), options(0)).ok());
}

std::string TestDashboardReport::h2hStudy()
{
    if (m_h2hPath.empty()) {
        const std::string path = m_dir.filePath(QStringLiteral("h2h.concord")).toStdString();
        const std::string error = test::H2hStudy::create(path);
        if (!error.empty())
            qFatal("the H2H study: %s", error.c_str());
        m_h2hPath = path;
    }
    return m_h2hPath;
}

void TestDashboardReport::pairwiseByHand_data()
{
    // Counted by hand in tests/support/h2h_study.cpp: three systems, four documents, every pair judged
    // in both orders. Each order used to count as a verdict of its own: 24 verdicts for 12
    // comparisons, and a flip counted once for each side.
    QTest::addColumn<int>("rule");
    QTest::addColumn<std::vector<double>>("won"); // per system A, B, C: documents won
    QTest::addColumn<std::vector<double>>("tied");
    QTest::addColumn<std::vector<double>>("lost");
    QTest::addColumn<std::vector<double>>("points"); // LLMCompare, 2 a won document and 1 a tie
    QTest::addColumn<int>("agreed");                 // of the 3 pairs
    QTest::addColumn<int>("consecutiveAgreed");      // of the 2 consecutive pairs (C–B, B–A)
    // agree-or-tie: a document is won only when both orders agree. A–B: d1 A, the rest ties; A–C: d1
    // A, the rest ties; B–C: d2 B, d3 C, d1 and d4 ties. Judge and humans: A, A, neither: all agree.
    QTest::newRow("agree-or-tie") << int(stats::PairwiseRule::AgreeOrTie) << std::vector<double>{2, 1, 1}
                                  << std::vector<double>{6, 5, 5} << std::vector<double>{0, 2, 2}
                                  << std::vector<double>{10, 7, 7} << 3 << 2;
    // points: each order half a document. A–B 2.5 of 4 points (A, agrees); A–C 2 of 4 (neither,
    // the humans prefer A); B–C 2.25 (B, the humans prefer neither).
    QTest::newRow("points") << int(stats::PairwiseRule::Points) << std::vector<double>{3, 3, 2.5}
                            << std::vector<double>{3, 1.5, 2.5} << std::vector<double>{2, 3.5, 3}
                            << std::vector<double>{9, 7.5, 7.5} << 1 << 1;
}

void TestDashboardReport::pairwiseByHand()
{
    QFETCH(int, rule);
    QFETCH(std::vector<double>, won);
    QFETCH(std::vector<double>, tied);
    QFETCH(std::vector<double>, lost);
    QFETCH(std::vector<double>, points);
    QFETCH(int, agreed);
    QFETCH(int, consecutiveAgreed);
    reports::DashboardOptions o;
    o.bootstrap = false;
    o.pairwiseRule = stats::PairwiseRule(rule);
    const auto r = reports::computeDashboard(h2hStudy(), o);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().describe().c_str());
    QCOMPARE(r.value().pairwise.size(), std::size_t{1});
    const auto &p = r.value().pairwise[0];
    QCOMPARE(p.judge, std::string("judge"));
    QCOMPARE(p.dimension, std::string("relevance"));
    QVERIFY(p.rule == stats::PairwiseRule(rule));
    QCOMPARE(p.verdicts, std::size_t{24});
    QCOMPARE(p.comparisons, std::size_t{12});
    QCOMPARE(p.systems, (std::vector<std::string>{"A", "B", "C"}));
    for (std::size_t i = 0; i < 3; ++i) {
        QCOMPARE(p.perSystem[i].wins, won[i]);
        QCOMPARE(p.perSystem[i].ties, tied[i]);
        QCOMPARE(p.perSystem[i].losses, lost[i]);
        QCOMPARE(p.perSystem[i].wins + p.perSystem[i].ties + p.perSystem[i].losses, 8.0); // 2 pairs × 4 documents
    }
    QCOMPARE(p.points, points);
    QCOMPARE(p.ranks, (std::vector<int>{1, 2, 2}));
    QCOMPARE(p.humanMeans, (std::vector<double>{3.5, 3.25, 2.5}));
    // Points 10 > 7 = 7 (or 9 > 7.5 = 7.5) against means 3.5 > 3.25 > 2.5: tau-b = 2 / sqrt(2 · 3).
    QVERIFY(std::fabs(p.pointsWithHumans.value - 2 / std::sqrt(6.0)) < 1e-12);
    QCOMPARE(p.h2hAll.pairs, std::size_t{3});
    QCOMPARE(p.h2hAll.agreed, std::size_t(agreed));
    QCOMPARE(p.h2hAll.rate, agreed / 3.0);
    QCOMPARE(p.h2hConsecutive.pairs, std::size_t{2});
    QCOMPARE(p.h2hConsecutive.agreed, std::size_t(consecutiveAgreed));
    QCOMPARE(p.h2hConsecutive.rate, consecutiveAgreed / 2.0);
    // Position bias looks at each order, the same under either rule: the orders disagree on 7 of 12
    // comparisons; the first-shown summary won 10 of the 17 verdicts that are not ties.
    QCOMPARE(p.position.swappedPairs, std::size_t{12});
    QCOMPARE(p.position.flips, std::size_t{7});
    QCOMPARE(p.position.flipRate, 7.0 / 12.0);
    QCOMPARE(p.position.decided, std::size_t{17});
    QCOMPARE(p.position.firstWins, std::size_t{10});
    QCOMPARE(p.position.firstWinRate, 10.0 / 17.0);
    QVERIFY(r.value().invalidRates.empty());
}

void TestDashboardReport::pairwiseTableEqualsTheReport_data()
{
    QTest::addColumn<int>("rule");
    QTest::newRow("agree-or-tie") << int(stats::PairwiseRule::AgreeOrTie);
    QTest::newRow("points") << int(stats::PairwiseRule::Points);
}

void TestDashboardReport::pairwiseTableEqualsTheReport()
{
    QFETCH(int, rule);
    reports::DashboardOptions o;
    o.bootstrap = false;
    o.pairwiseRule = stats::PairwiseRule(rule);
    const auto dashboard = reports::computeDashboard(h2hStudy(), o);
    QVERIFY(dashboard.ok());
    const auto &p = dashboard.value().pairwise.at(0);

    // The pairwise report alone gives the dashboard's summaries.
    auto study = store::Study::open(h2hStudy(), {true});
    QVERIFY(study.ok());
    const auto alone = reports::computePairwise(*study.value(), {"expert", {}, stats::PairwiseRule(rule)});
    QVERIFY2(alone.ok(), alone.ok() ? "" : alone.error().describe().c_str());
    QCOMPARE(alone.value().size(), std::size_t{1});
    const auto &q = alone.value()[0];
    QCOMPARE(q.h2hAll.agreed, p.h2hAll.agreed);
    QCOMPARE(q.h2hConsecutive.agreed, p.h2hConsecutive.agreed);
    QCOMPARE(q.points, p.points);
    QCOMPARE(q.position.flips, p.position.flips);

    // Its table, with every digit: the report's numbers, read back exactly.
    const io::Table t = reports::pairwiseTable(alone.value(), true);
    QCOMPARE(t.header, (std::vector<std::string>{"judge", "human_group", "dimension", "rule", "verdicts", "comparisons",
                                                 "pairs", "pairs_agreed", "h2h_success", "consecutive_pairs",
                                                 "consecutive_agreed", "h2h_success_consecutive", "llmcompare_tau_b",
                                                 "flip_rate", "first_shown_wins"}));
    QCOMPARE(t.rows.size(), std::size_t{1});
    const auto &row = t.rows[0];
    auto number = [&](const char *column) {
        const auto it = std::find(t.header.begin(), t.header.end(), column);
        return std::stod(row.at(static_cast<std::size_t>(it - t.header.begin())));
    };
    QCOMPARE(row[0], std::string("judge"));
    QCOMPARE(row[1], std::string("expert"));
    QCOMPARE(row[2], std::string("relevance"));
    QCOMPARE(row[3], std::string(stats::toString(stats::PairwiseRule(rule))));
    QCOMPARE(number("verdicts"), double(p.verdicts));
    QCOMPARE(number("comparisons"), double(p.comparisons));
    QCOMPARE(number("pairs"), double(p.h2hAll.pairs));
    QCOMPARE(number("pairs_agreed"), double(p.h2hAll.agreed));
    QCOMPARE(number("h2h_success"), p.h2hAll.rate);
    QCOMPARE(number("consecutive_pairs"), double(p.h2hConsecutive.pairs));
    QCOMPARE(number("consecutive_agreed"), double(p.h2hConsecutive.agreed));
    QCOMPARE(number("h2h_success_consecutive"), p.h2hConsecutive.rate);
    QCOMPARE(number("llmcompare_tau_b"), p.pointsWithHumans.value);
    QCOMPARE(number("flip_rate"), p.position.flipRate);
    QCOMPARE(number("first_shown_wins"), p.position.firstWinRate);
    // As a paper prints it: four decimals (1/3 is 0.3333, 7/12 is 0.5833).
    const io::Table rounded = reports::pairwiseTable(alone.value(), false);
    QCOMPARE(rounded.rows[0][13], std::string("0.5833"));
    QCOMPARE(rounded.rows[0][8], std::string(rule == int(stats::PairwiseRule::AgreeOrTie) ? "1.0000" : "0.3333"));
}

QTEST_GUILESS_MAIN(TestDashboardReport)
#include "tst_dashboard_report.moc"

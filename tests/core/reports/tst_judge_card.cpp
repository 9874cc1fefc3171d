// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A judge's card: on the SummEval study with two recorded judges every figure is the one its own report gives
// (correlations as `stats` at every level, the ceiling from the humans, alpha and the invalid answers from the
// dashboard, calibration from the calibration report) and each check is the figure against its bound; on the
// hand-counted head-to-head study the flip rate (7 of 12) and the cost per 1,000 summaries.
#include "h2h_study.h"
#include "reports/calibration_report.h"
#include "reports/correlation_report.h"
#include "reports/dashboard_report.h"
#include "reports/judge_card.h"
#include "reports/number_text.h"
#include "store/study.h"
#include "summeval_judges.h"
#include "test_paths.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <map>
#include <string>

using namespace concord;

class TestJudgeCard : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void agreementIsTheCorrelationReportAtEveryLevel();
    void ceilingAtEveryLevelIsTheHumansMean();
    void alphaAndInvalidAnswersAreTheDashboards();
    void calibrationIsTheCalibrationReport();
    void checksCompareEachFigureWithItsBound_data();
    void checksCompareEachFigureWithItsBound();
    void verdictCountsTheChecks();
    void flipRateAndCostOnTheHeadToHeadStudy();
    void tablesAndJson();

private:
    static reports::DashboardOptions options();
    std::vector<reports::JudgeCard> cards(const reports::CardThresholds &thresholds = {});
    QTemporaryDir m_dir;
    std::string m_path;
    reports::DashboardReport m_dashboard;
    std::vector<reports::JudgeCard> m_cards;
};

reports::DashboardOptions TestJudgeCard::options()
{
    reports::DashboardOptions o;
    o.humanGroup = "expert";
    o.resamples = 200;
    return o;
}

std::vector<reports::JudgeCard> TestJudgeCard::cards(const reports::CardThresholds &thresholds)
{
    auto study = store::Study::open(m_path, {true});
    if (!study.ok())
        qFatal("%s", study.error().describe().c_str());
    reports::JudgeCardOptions o;
    o.dashboard = options();
    o.thresholds = thresholds;
    auto cards = reports::judgeCards(m_dashboard, *study.value(), o);
    if (!cards.ok())
        qFatal("%s", cards.error().describe().c_str());
    return std::move(cards).value();
}

void TestJudgeCard::initTestCase()
{
    QVERIFY(m_dir.isValid());
    if (test::summevalFiles().isEmpty())
        QSKIP("../shared/data/summeval is absent: the judge card on SummEval cannot be checked here");
    m_path = m_dir.filePath(QStringLiteral("summeval.concord")).toStdString();
    const std::string error = test::createSummEvalWithJudges(m_path);
    QVERIFY2(error.empty(), error.c_str());
    auto dashboard = reports::computeDashboard(m_path, options());
    QVERIFY2(dashboard.ok(), dashboard.ok() ? "" : dashboard.error().describe().c_str());
    m_dashboard = std::move(dashboard).value();
    m_cards = cards();
    QCOMPARE(m_cards.size(), std::size_t{2});
    QCOMPARE(m_cards[0].judge, std::string("judge_close"));
    QCOMPARE(m_cards[1].judge, std::string("judge_noisy"));
}

void TestJudgeCard::agreementIsTheCorrelationReportAtEveryLevel()
{
    auto study = store::Study::open(m_path, {true});
    QVERIFY(study.ok());
    for (const auto &card : m_cards) {
        // What `concord-cli stats --rater J --human expert --correlation kendall_b --bootstrap 200` gives.
        reports::CorrelationRequest request;
        request.humanGroup = "expert";
        request.rater = card.judge;
        request.methods = {stats::CorrelationMethod::KendallB};
        request.bootstrap = 200;
        request.bootstrapOptions.seed = options().correlationSeed;
        const auto expected = reports::computeCorrelationReport(*study.value(), request);
        QVERIFY(expected.ok());
        QCOMPARE(card.agreement.size(), std::size_t{4 * 3});
        for (const auto &a : card.agreement) {
            const reports::ReportEntry *e = nullptr;
            for (const auto &d : expected.value().dimensions)
                if (d.dimension == a.dimension)
                    e = reports::entryAt(d, a.level, stats::CorrelationMethod::KendallB);
            QVERIFY(e);
            QCOMPARE(a.correlation.value, e->correlation.value);
            QCOMPARE(a.correlation.n, e->correlation.n);
            QVERIFY(std::isfinite(a.ci.low) && std::isfinite(a.ci.high));
            QCOMPARE(a.ci.low, e->ci.low);
            QCOMPARE(a.ci.high, e->ci.high);
        }
    }
}

void TestJudgeCard::ceilingAtEveryLevelIsTheHumansMean()
{
    for (const auto &a : m_cards[0].agreement) {
        // Each expert against the others at the card's level, averaged by hand.
        double sum = 0;
        std::size_t humans = 0;
        for (const auto &rc : m_dashboard.correlations) {
            if (!rc.human)
                continue;
            for (const auto &d : rc.report.dimensions)
                if (d.dimension == a.dimension)
                    if (const auto *e = reports::entryAt(d, a.level, stats::CorrelationMethod::KendallB)) {
                        sum += e->correlation.value;
                        ++humans;
                    }
        }
        QCOMPARE(a.ceiling.raters, std::size_t{3});
        QCOMPARE(humans, std::size_t{3});
        QCOMPARE(a.ceiling.mean, sum / 3.0);
        QVERIFY(a.ceiling.min <= a.ceiling.mean && a.ceiling.mean <= a.ceiling.max);
        // At the dashboard's own level it is the ceiling the dashboard shows.
        if (a.level == reports::Level::Dataset)
            for (const auto &c : m_dashboard.ceiling)
                if (c.dimension == a.dimension)
                    QCOMPARE(a.ceiling.mean, c.mean);
    }
}

void TestJudgeCard::alphaAndInvalidAnswersAreTheDashboards()
{
    for (const auto &card : m_cards) {
        QCOMPARE(card.alpha.size(), std::size_t{4});
        for (const auto &a : card.alpha) {
            bool withJudge = false, alone = false;
            for (const auto &row : m_dashboard.alpha) {
                if (row.group != "expert" || row.dimension != a.dimension)
                    continue;
                if (row.judge == card.judge) {
                    withJudge = true;
                    QCOMPARE(a.withJudge, *row.report.alpha.alpha);
                    QCOMPARE(a.low, *row.report.interval.low);
                } else if (row.judge.empty()) {
                    alone = true;
                    QCOMPARE(a.humans, *row.report.alpha.alpha);
                }
            }
            QVERIFY(withJudge && alone);
        }
    }
    // The fixture writes an unreadable answer on every 97th (close) and 41st (noisy) line of 4,800.
    QCOMPARE(m_cards[0].calls, std::size_t{4800});
    QCOMPARE(m_cards[0].invalid, std::size_t{4800 / 97});
    QCOMPARE(m_cards[1].invalid, std::size_t{4800 / 41});
    QCOMPARE(m_cards[1].invalidRate, static_cast<double>(4800 / 41) / 4800.0);
}

void TestJudgeCard::calibrationIsTheCalibrationReport()
{
    auto study = store::Study::open(m_path, {true});
    QVERIFY(study.ok());
    for (const auto &card : m_cards) {
        reports::CalibrationRequest request;
        request.judge = card.judge;
        request.humanGroup = "expert";
        const auto expected = reports::computeCalibration(*study.value(), request);
        QVERIFY(expected.ok());
        QCOMPARE(card.calibration.size(), expected.value().dimensions.size());
        QCOMPARE(card.calibration.size(), std::size_t{4});
        for (std::size_t i = 0; i < card.calibration.size(); ++i) {
            const auto &c = card.calibration[i];
            const auto &e = expected.value().dimensions[i];
            QCOMPARE(c.dimension, e.dimension);
            QCOMPARE(c.pairs, e.pairs);
            QCOMPARE(c.eceEqualWidth, e.reliability.at(0).ece);
            QCOMPARE(c.eceEqualMass, e.reliability.at(1).ece);
            QCOMPARE(c.brier, e.brier);
        }
    }
}

void TestJudgeCard::checksCompareEachFigureWithItsBound_data()
{
    QTest::addColumn<double>("ceilingShare");
    QTest::addColumn<double>("alpha");
    QTest::addColumn<double>("invalidRate");
    QTest::addColumn<double>("lengthBias");
    QTest::addColumn<double>("ece");
    QTest::newRow("defaults") << 1.0 << 0.667 << 0.05 << 0.1 << 0.1;
    QTest::newRow("lenient") << 0.5 << 0.3 << 0.1 << 0.3 << 0.3;
    QTest::newRow("strict") << 1.5 << 0.9 << 0.01 << 0.01 << 0.01;
}

void TestJudgeCard::checksCompareEachFigureWithItsBound()
{
    QFETCH(double, ceilingShare);
    QFETCH(double, alpha);
    QFETCH(double, invalidRate);
    QFETCH(double, lengthBias);
    QFETCH(double, ece);
    reports::CardThresholds t;
    t.ceilingShare = ceilingShare;
    t.alpha = alpha;
    t.invalidRate = invalidRate;
    t.lengthBias = lengthBias;
    t.ece = ece;
    using M = reports::CardMeasure;
    using O = reports::CardOutcome;
    for (const auto &card : cards(t)) {
        std::map<M, int> checked;
        for (const auto &c : card.checks) {
            ++checked[c.measure];
            bool pass = false;
            switch (c.measure) {
            case M::Agreement: {
                const reports::CardAgreement *a = nullptr;
                for (const auto &x : card.agreement)
                    if (x.dimension == c.dimension && reports::toString(x.level) == c.level)
                        a = &x;
                QVERIFY(a);
                QCOMPARE(c.value, a->correlation.value);
                QCOMPARE(c.reference, a->ceiling.mean);
                pass = a->correlation.value >= ceilingShare * a->ceiling.mean;
                break;
            }
            case M::Alpha:
                pass = c.value >= alpha;
                break;
            case M::InvalidRate:
                QCOMPARE(c.value, card.invalidRate);
                pass = card.invalidRate <= invalidRate;
                break;
            case M::LengthBias:
                for (const auto &l : card.lengthBias)
                    if (l.dimension == c.dimension)
                        QCOMPARE(c.value, l.bias.judgeWithLength.value - l.bias.humansWithLength.value);
                pass = std::fabs(c.value) <= lengthBias;
                break;
            case M::Ece:
                pass = c.value <= ece;
                break;
            case M::FlipRate:
                // SummEval's judges scored Likert only: nothing to swap.
                QCOMPARE(c.outcome, O::NotMeasured);
                QCOMPARE(c.why, std::string("no head-to-head verdicts"));
                continue;
            }
            QVERIFY2(c.outcome == (pass ? O::Pass : O::Fail),
                     (card.judge + " " + reports::toString(c.measure) + " " + c.dimension + " " + c.level).c_str());
        }
        QCOMPARE(checked[M::Agreement], 12);
        QCOMPARE(checked[M::Alpha], 4);
        QCOMPARE(checked[M::InvalidRate], 1);
        QCOMPARE(checked[M::LengthBias], 4);
        QCOMPARE(checked[M::Ece], 4);
        QCOMPARE(checked[M::FlipRate], 1);
    }
}

void TestJudgeCard::verdictCountsTheChecks()
{
    for (const auto &card : m_cards) {
        std::size_t pass = 0, fail = 0, none = 0;
        for (const auto &c : card.checks)
            ++(c.outcome == reports::CardOutcome::Pass ? pass : c.outcome == reports::CardOutcome::Fail ? fail : none);
        QCOMPARE(card.passed, pass);
        QCOMPARE(card.failed, fail);
        QCOMPARE(card.notMeasured, none);
        const std::string measured = std::to_string(pass + fail);
        if (fail == 0)
            QCOMPARE(card.verdict, "meets every bound checked (" + measured + " of " + measured + "; "
                                       + std::to_string(none) + " not measured)");
        else
            QVERIFY2(card.verdict.rfind("fails " + std::to_string(fail) + " of " + measured + " bounds checked (", 0)
                         == 0,
                     card.verdict.c_str());
    }
    // Every bound lenient enough: nothing fails; every bound out of reach: everything measured fails.
    reports::CardThresholds lenient;
    lenient.ceilingShare = -100; // below -1 wherever the ceiling's mean is above 0.01
    lenient.alpha = -1;
    lenient.invalidRate = 1;
    lenient.lengthBias = 2;
    lenient.ece = 1;
    for (const auto &card : cards(lenient)) {
        QCOMPARE(card.failed, std::size_t{0});
        QCOMPARE(card.passed, std::size_t{25});
        QCOMPARE(card.verdict, std::string("meets every bound checked (25 of 25; 1 not measured)"));
    }
    reports::CardThresholds strict;
    strict.ceilingShare = 10;
    strict.alpha = 1;
    strict.invalidRate = 0;
    strict.lengthBias = 0;
    strict.ece = 0;
    for (const auto &card : cards(strict)) {
        QCOMPARE(card.passed, std::size_t{0});
        QCOMPARE(card.failed, std::size_t{25});
        QVERIFY(card.verdict.rfind("fails 25 of 25 bounds checked (agreement coherence dataset, ", 0) == 0);
    }
    QCOMPARE(m_cards[0].selfConsistency, std::string("not measured: no summary has repeated answers from this judge"));
    QCOMPARE(m_cards[0].protocols, std::vector<std::string>{"rts"});
}

// H2H study: the judge compared 12 (document, pair)s in both orders and 7 flipped (counted in h2h_study.cpp).
// QCOMPARE of doubles is qFuzzyCompare: the cost, a sum of six prices, is not exactly 0.021.
void TestJudgeCard::flipRateAndCostOnTheHeadToHeadStudy()
{
    const std::string path = m_dir.filePath(QStringLiteral("h2h.concord")).toStdString();
    const std::string error = test::H2hStudy::create(path);
    QVERIFY2(error.empty(), error.c_str());
    // A run of the judge with six calls about three summaries, one unreadable, that cost 0.001 to 0.006: 0.021 in
    // all, 7 per 1,000 summaries, one invalid in six.
    {
        auto writable = store::Study::open(path);
        QVERIFY(writable.ok());
        store::Study &w = *writable.value();
        const Status written = w.write([&] {
            model::Id judge = 0;
            for (const auto &r : w.raters())
                if (r.name == "judge")
                    judge = r.id;
            const model::Id run = w.addJudgeRun(judge, "h2h", "{\"provider\":\"openai\",\"model\":\"m\"}");
            const auto candidates = w.candidates();
            for (int i = 0; i < 6; ++i) {
                model::JudgeCall call;
                call.runId = run;
                call.requestHash = std::string("request ").append(std::to_string(i));
                call.candidateId = candidates.at(static_cast<std::size_t>(i / 2)).id;
                call.dimensionId = w.dimensions().at(0).id;
                call.valid = i != 5;
                call.cost = 0.001 * (i + 1);
                w.addJudgeCall(call);
            }
            w.finishJudgeRun(run, "finished");
        });
        QVERIFY2(written.ok(), written.ok() ? "" : written.error().describe().c_str());
    }
    auto study = store::Study::open(path, {true});
    QVERIFY(study.ok());
    reports::JudgeCardOptions o;
    o.dashboard = options();
    auto dashboard = reports::computeDashboard(path, o.dashboard);
    QVERIFY(dashboard.ok());
    for (const double bound : {0.2, 0.6}) {
        o.thresholds.flipRate = bound;
        const auto cards = reports::judgeCards(dashboard.value(), *study.value(), o);
        QVERIFY(cards.ok());
        QCOMPARE(cards.value().size(), std::size_t{1});
        const auto &card = cards.value()[0];
        QCOMPARE(card.protocols, std::vector<std::string>{"h2h"});
        QCOMPARE(card.pairwise.size(), std::size_t{1});
        bool found = false;
        for (const auto &c : card.checks)
            if (c.measure == reports::CardMeasure::FlipRate) {
                found = true;
                QCOMPARE(c.dimension, std::string("relevance"));
                QCOMPARE(c.value, 7.0 / 12.0);
                QVERIFY(c.outcome == (bound == 0.6 ? reports::CardOutcome::Pass : reports::CardOutcome::Fail));
            }
        QVERIFY(found);
        QCOMPARE(card.costedSummaries, std::size_t{3});
        QCOMPARE(card.cost, 0.021);
        QCOMPARE(card.costPer1000, 7.0);
        QCOMPARE(card.calls, std::size_t{6});
        QCOMPARE(card.invalid, std::size_t{1});
    }
}

void TestJudgeCard::tablesAndJson()
{
    const auto &card = m_cards[1];
    const io::Table checks = reports::cardChecksTable(card, true);
    QCOMPARE(checks.rows.size(), card.checks.size());
    QCOMPARE(checks.caption, "Judge card of judge_noisy against expert: " + card.verdict);
    QCOMPARE(checks.rows[0][1], std::string("agreement"));
    QCOMPARE(checks.rows[0][4], reports::tableNumber(card.checks[0].value, true, false));
    const io::Table figures = reports::cardFiguresTable(card, false);
    // 12 correlations, 4 alphas, the invalid rate, 4 length taus, 3 calibration rows for each of 4 dimensions,
    // self-consistency and cost.
    QCOMPARE(figures.rows.size(), std::size_t{12 + 4 + 1 + 4 + 12 + 1 + 1});
    const io::Table bounds = reports::cardThresholdsTable(card.thresholds, true);
    QCOMPARE(bounds.rows.size(), std::size_t{6});
    QCOMPARE(bounds.rows[1][0], std::string("alpha"));
    QCOMPARE(bounds.rows[1][2], std::string("0.667"));
    // The bounds in the order of the checks.
    QCOMPARE(bounds.rows[2][0], std::string("invalid_rate"));
    const nlohmann::json j = reports::cardJson(card);
    QCOMPARE(j.at("judge").get<std::string>(), std::string("judge_noisy"));
    QCOMPARE(j.at("checks").size(), card.checks.size());
    QCOMPARE(j.at("agreement").size(), std::size_t{12});
    QCOMPARE(j.at("invalid").at("invalid").get<std::size_t>(), card.invalid);
    QCOMPARE(j.at("thresholds").at("alpha").at("bound").get<double>(), 0.667);
    QVERIFY(j.at("thresholds").at("alpha").at("source").get<std::string>().find("Krippendorff") != std::string::npos);
    QCOMPARE(j.at("verdict").get<std::string>(), card.verdict);
    QVERIFY(j.at("cost").at("per_1000_summaries").is_number() || j.at("cost").at("per_1000_summaries").is_null());
}

QTEST_GUILESS_MAIN(TestJudgeCard)
#include "tst_judge_card.moc"

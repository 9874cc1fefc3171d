// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark of the judge cards: every judge's card of the SummEval study with four judges of recorded values (1,600
// summaries, three experts, four dimensions), as `concord-cli report --cards-only` asks for them: the dashboard
// (Kendall tau-b, 1,000 bootstrap resamples) and each card's correlations with intervals at three levels,
// calibration and cost (goal: every card under 1 s, from the study file). Beside it, in the same run, the reference
// is the same figures asked for one report at a time, as before the card: per judge `stats` with intervals at three
// levels, `agreement` with the judge for each dimension, `calibration`, and the dashboard for the invalid answers
// and length bias; its time over ours is printed, and the two must give the same correlations, alphas and ECEs or
// the benchmark fails. Asserts nothing about time.
#include "bench_report.h"
#include "median_time.h"
#include "reports/agreement_report.h"
#include "reports/calibration_report.h"
#include "reports/correlation_report.h"
#include "reports/dashboard_report.h"
#include "reports/judge_card.h"
#include "store/study.h"
#include "summeval_judges.h"
#include "test_paths.h"

#include <QTemporaryDir>

#include <cstdio>
#include <string>
#include <vector>

using namespace concord;
using test::BenchReport;
using test::medianSeconds;

namespace {

const std::vector<std::string> kJudges{"judge_close", "judge_noisy", "judge_mid", "judge_wild"};

reports::DashboardOptions dashboardOptions()
{
    reports::DashboardOptions o;
    o.humanGroup = "expert";
    o.resamples = 1000;
    return o;
}

// Each judge's correlations (every level and interval end), alphas with the humans and ECEs, in one list.
std::vector<double> figuresOf(const std::vector<reports::JudgeCard> &cards)
{
    std::vector<double> out;
    for (const auto &card : cards) {
        for (const auto &a : card.agreement)
            out.insert(out.end(), {a.correlation.value, a.ci.low, a.ci.high});
        for (const auto &a : card.alpha)
            out.push_back(a.withJudge);
        for (const auto &c : card.calibration)
            out.insert(out.end(), {c.eceEqualWidth, c.eceEqualMass});
    }
    return out;
}

// The same figures, one report at a time, each from a study opened as the CLI opens it.
std::vector<double> reference(const std::string &path)
{
    std::vector<double> out;
    store::OpenOptions readOnly;
    readOnly.readOnly = true;
    const reports::DashboardOptions o = dashboardOptions();
    if (!reports::computeDashboard(path, o).ok()) // the invalid answers and the length bias
        return {};
    for (const auto &judge : kJudges) {
        auto study = store::Study::open(path, readOnly);
        reports::CorrelationRequest c;
        c.humanGroup = "expert";
        c.rater = judge;
        c.levels = {reports::Level::Dataset, reports::Level::System, reports::Level::Summary};
        c.methods = {o.method};
        c.bootstrap = o.resamples;
        c.bootstrapOptions.seed = o.correlationSeed;
        const auto correlations = reports::computeCorrelationReport(*study.value(), c);
        if (!correlations)
            return {};
        for (const auto level : c.levels)
            for (const auto &d : correlations.value().dimensions)
                if (const auto *e = reports::entryAt(d, level, o.method))
                    out.insert(out.end(), {e->correlation.value, e->ci.low, e->ci.high});
        for (const auto &d : correlations.value().dimensions) {
            reports::AgreementRequest a;
            a.group = "expert";
            a.dimension = d.dimension;
            a.extraRaters = {judge};
            a.bootstrap = o.resamples;
            a.options.seed = o.agreementSeed;
            const auto alpha = reports::computeAgreement(*study.value(), a);
            if (!alpha)
                return {};
            out.push_back(alpha.value().alpha.alpha.value_or(0));
        }
        reports::CalibrationRequest k;
        k.judge = judge;
        k.humanGroup = "expert";
        const auto calibration = reports::computeCalibration(*study.value(), k);
        if (!calibration)
            return {};
        for (const auto &d : calibration.value().dimensions)
            out.insert(out.end(), {d.reliability.at(0).ece, d.reliability.at(1).ece});
    }
    return out;
}

} // namespace

int main()
{
    BenchReport bench("bench_judge_card");
    const std::string goal = "every judge's card of SummEval with four judges (1,000 resamples)";
    if (test::summevalFiles().isEmpty()) {
        std::printf("bench_judge_card: ../shared/data/summeval is absent (CONCORD_SHARED_DIR); nothing to measure\n");
        bench.notMeasured(goal, "s", BenchReport::Comparison::Below, 1, "../shared/data/summeval is absent");
        return 0;
    }
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("summeval.concord")).toStdString();
    std::string error = test::createSummEvalWithJudges(path);
    if (error.empty())
        error = test::addNoisyJudge(path, "judge_mid", 0.8, 7, 53);
    if (error.empty())
        error = test::addNoisyJudge(path, "judge_wild", 1.6, 11, 29);
    if (!error.empty()) {
        std::printf("bench_judge_card: %s\n", error.c_str());
        return 1;
    }
    reports::JudgeCardOptions options;
    options.dashboard = dashboardOptions();
    std::vector<reports::JudgeCard> cards;
    const double seconds = medianSeconds(3, [&] {
        auto computed = reports::computeJudgeCards(path, options);
        cards = computed.ok() ? std::move(computed).value() : std::vector<reports::JudgeCard>{};
    });
    std::printf("judge cards: %zu cards, %zu checks in the first: %.0f ms (median of 3)\n", cards.size(),
                cards.empty() ? std::size_t{0} : cards.front().checks.size(), seconds * 1e3);
    if (cards.size() != kJudges.size()) {
        std::printf("bench_judge_card: expected %zu cards, got %zu\n", kJudges.size(), cards.size());
        return 1;
    }
    bench.goal(goal, seconds, "s", BenchReport::Comparison::Below, 1);

    std::vector<double> ref;
    const double refSeconds = medianSeconds(3, [&] { ref = reference(path); });
    if (ref != figuresOf(cards)) {
        std::printf("bench_judge_card: the reference's figures differ from the cards' (%zu against %zu)\n", ref.size(),
                    figuresOf(cards).size());
        return 1;
    }
    std::printf("  reference, the same figures from stats, agreement, calibration and the dashboard: %.0f ms\n",
                refSeconds * 1e3);
    std::printf("  -> the cards are %.2fx as fast\n", refSeconds / seconds);
    bench.reference("reports one at a time / judge cards", refSeconds / seconds);
    return 0;
}

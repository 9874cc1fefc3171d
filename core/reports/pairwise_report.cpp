// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/pairwise_report.h"

#include "reports/agreement_table.h"
#include "reports/dashboard_inputs.h"
#include "reports/dashboard_pairwise.h"
#include "store/study.h"

#include <cmath>

namespace concord::reports {

namespace {

std::string rateText(double value, bool fullPrecision)
{
    if (std::isnan(value))
        return fullPrecision ? std::string() : std::string("–");
    return formatAlpha(value, fullPrecision);
}

} // namespace

Result<std::vector<PairwiseSummary>> computePairwise(store::Study &study, const PairwiseRequest &request)
{
    return capture([&]() -> std::vector<PairwiseSummary> {
        DashboardOptions options;
        options.humanGroup = request.humanGroup;
        options.judges = request.judges;
        options.pairwiseRule = request.rule;
        const DashboardInputs inputs = DashboardInputs::read(study, options);
        std::vector<PairwiseSummary> out;
        for (const auto &dimension : inputs.allDimensions)
            pairwiseSummariesOn(study, inputs, dimension, request.rule, out);
        return out;
    });
}

io::Table pairwiseTable(const std::vector<PairwiseSummary> &summaries, bool fullPrecision)
{
    io::Table t;
    t.header = {"judge",
                "dimension",
                "rule",
                "verdicts",
                "comparisons",
                "pairs",
                "pairs_agreed",
                "h2h_success",
                "consecutive_pairs",
                "consecutive_agreed",
                "h2h_success_consecutive",
                "llmcompare_tau_b",
                "flip_rate",
                "first_shown_wins"};
    t.numeric = {false, false, false, true, true, true, true, true, true, true, true, true, true, true};
    t.caption = "Pairwise verdicts of each judge against the human group's mean ratings";
    if (!summaries.empty())
        t.caption.append(" (rule: ").append(stats::toString(summaries.front().rule)).append(")");
    for (const auto &s : summaries)
        t.rows.push_back(
            {s.judge, s.dimension, std::string(stats::toString(s.rule)), std::to_string(s.verdicts),
             std::to_string(s.comparisons), std::to_string(s.h2hAll.pairs), std::to_string(s.h2hAll.agreed),
             rateText(s.h2hAll.rate, fullPrecision), std::to_string(s.h2hConsecutive.pairs),
             std::to_string(s.h2hConsecutive.agreed), rateText(s.h2hConsecutive.rate, fullPrecision),
             rateText(s.pointsWithHumans.value, fullPrecision), rateText(s.position.flipRate, fullPrecision),
             rateText(s.position.firstWinRate, fullPrecision)});
    return t;
}

} // namespace concord::reports

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "io/table_writer.h"
#include "stats/correlation.h"
#include "stats/pairwise.h"

#include <cstddef>
#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::reports {

// A judge's pairwise verdicts on one dimension (H2H, pairwise, LLMCompare protocols). The two
// presentation orders of a comparison become one document result by the rule, and everything but
// position bias is counted over those results, so a pair judged in both orders counts once.
struct PairwiseSummary {
    std::string judge;
    std::string dimension;
    stats::PairwiseRule rule = stats::PairwiseRule::AgreeOrTie;
    std::size_t verdicts = 0;    // recorded verdicts: one per comparison and order
    std::size_t comparisons = 0; // documents × system pairs judged, in one order or both
    stats::SuccessRate h2hAll;   // against the group's mean ratings of the dimension
    stats::SuccessRate h2hConsecutive;
    std::vector<std::string> systems;
    std::vector<stats::WinTieLoss> perSystem; // each system's documents won, tied, lost over all its pairs
    std::vector<double> points;               // LLMCompare points (2 a won document, 1 a tie)
    std::vector<int> ranks;
    std::vector<double> humanMeans;      // the group's mean score per system
    stats::Correlation pointsWithHumans; // Kendall tau-b of points against the humans' system means
    stats::PositionBias position;        // each order's verdict on its own, whatever the rule
};

struct PairwiseRequest {
    std::string humanGroup;          // empty: the first group with human raters
    std::vector<std::string> judges; // empty: every judge rater of the study
    stats::PairwiseRule rule = stats::PairwiseRule::AgreeOrTie;
};

// The pairwise summaries the Agreement dashboard shows, without the rest of the dashboard: per
// dimension with pairwise verdicts (in the study's order), each judge that gave some (in the order
// of the request). Fails like the dashboard when the group or a judge is unknown.
Result<std::vector<PairwiseSummary>> computePairwise(store::Study &study, const PairwiseRequest &request);

// One row per summary: judge, dimension, rule, verdicts, comparisons, H2H success over all pairs
// and over consecutive pairs (pairs agreed, pairs, rate), LLMCompare tau-b with the humans, flip
// rate and first-shown win rate. fullPrecision writes every number so that it reads back exactly
// (for CSV), otherwise rates have 4 decimals; an undefined number is empty (CSV) or "–".
io::Table pairwiseTable(const std::vector<PairwiseSummary> &summaries, bool fullPrecision);

} // namespace concord::reports

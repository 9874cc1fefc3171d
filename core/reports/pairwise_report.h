// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "io/table_writer.h"
#include "stats/correlation.h"
#include "stats/pairwise.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::reports {

// One system pair the judge compared (first < second, indices into PairwiseSummary::systems), as the
// H2H success rate counts it: the judge's documents by the rule against the humans' documents from
// their mean ratings (every document they rated both systems on), each side preferring the system
// that won more documents than it lost.
struct PairwiseSystemPair {
    std::size_t first = 0;
    std::size_t second = 0;
    stats::WinTieLoss judge;  // the first system's documents won, tied, lost (halves under points)
    stats::WinTieLoss humans; // all zero when the humans rated no document of both
    int judgePrefers = 0;     // stats::pairPreference: +1 first, -1 second, 0 neither
    int humansPrefer = 0;
    bool humansCompared = false; // the pair counts in the success rate only then
    bool agree = false;          // both compared and the same preference
};

// Each other system against the baseline: its documents won, tied and lost against it.
struct BaselineRow {
    std::size_t system = 0; // index into PairwiseSummary::systems
    stats::WinTieLoss judge;
    stats::WinTieLoss humans;
};

// A judge's pairwise verdicts on one dimension (H2H, pairwise, LLMCompare protocols). The two
// presentation orders of a comparison become one document result by the rule, and everything but
// position bias is counted over those results, so a pair judged in both orders counts once.
struct PairwiseSummary {
    std::string judge;
    std::string humanGroup; // whose mean ratings the verdicts are checked against
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
    std::vector<double> humanMeans;           // the group's mean score per system
    stats::Correlation pointsWithHumans;      // Kendall tau-b of points against the humans' system means
    stats::PositionBias position;             // each order's verdict on its own, whatever the rule
    std::vector<PairwiseSystemPair> pairs;    // every pair the judge compared, by (first, second)
    std::vector<int> humanRanks;              // competition ranks of humanMeans (0: never rated)
    std::optional<std::size_t> baseline;      // index into systems, when one was asked for
    std::vector<BaselineRow> againstBaseline; // every other system the judge compared with the baseline
};

struct PairwiseRequest {
    std::string humanGroup;          // empty: the first group with human raters
    std::vector<std::string> judges; // empty: every judge rater of the study
    stats::PairwiseRule rule = stats::PairwiseRule::AgreeOrTie;
    std::vector<std::string> dimensions{}; // empty: every dimension with pairwise verdicts
    std::string baseline{};                // a system's name: the others' wins, ties, losses against it
    std::string split{}; // only the verdicts about this held-out split's documents ("dev" or "test"); empty: all
};

// The pairwise summaries the Agreement dashboard shows, without the rest of the dashboard: per
// dimension with pairwise verdicts (in the study's order), each judge that gave some (in the order
// of the request). Fails like the dashboard when the group or a judge is unknown, and when a
// dimension or the baseline system is not in the study.
Result<std::vector<PairwiseSummary>> computePairwise(store::Study &study, const PairwiseRequest &request);

// One row per summary: judge, dimension, rule, verdicts, comparisons, H2H success over all pairs
// and over consecutive pairs (pairs agreed, pairs, rate), LLMCompare tau-b with the humans, flip
// rate and first-shown win rate. fullPrecision writes every number so that it reads back exactly
// (for CSV), otherwise rates have 4 decimals; an undefined number is empty (CSV) or "–".
io::Table pairwiseTable(const std::vector<PairwiseSummary> &summaries, bool fullPrecision);

// Everything the pairwise command prints, one table a section, each titled in its caption: the
// summary table above; per judge and dimension its system pairs (judge's and humans' documents won,
// tied, lost, whom each prefers, whether they agree), each system against the baseline (when one was
// asked for) and the LLMCompare ranking; and one table of position bias with its counts. Document
// counts are halves under the points rule and written as such ("2.5").
std::vector<io::Table> pairwiseSections(const std::vector<PairwiseSummary> &summaries, bool fullPrecision);

// The same as one object (the README's command-line section documents its shape): humanGroup, the rule and the
// split (null: every document) at the top, then per judge and dimension every number of the sections; undefined
// numbers null.
nlohmann::json pairwiseJson(const std::vector<PairwiseSummary> &summaries, const std::string &humanGroup,
                            const std::string &split = {});

} // namespace concord::reports

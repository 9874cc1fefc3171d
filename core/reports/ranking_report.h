// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "io/table_writer.h"
#include "stats/bootstrap.h"
#include "stats/bradley_terry.h"
#include "stats/length_controlled_win_rate.h"
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

// One system of a ranking: its Davidson log-strength (log-mean 0 over the ranked systems) with a bootstrap
// interval over documents, its comparisons won, tied and lost, and against the baseline its plain and
// length-controlled win rates.
struct RankedSystem {
    std::string system;
    int rank = 0; // competition ranks by log-strength (1 the strongest); 0 when the fit is not estimable
    double logStrength = std::numeric_limits<double>::quiet_NaN();
    stats::ConfidenceInterval interval;
    stats::WinTieLoss record; // over all its comparisons (halves under the points rule)
    std::optional<stats::LengthControlledWinRate> againstBaseline; // none for the baseline itself or without one
};

// A rater's ranking of the systems on one dimension: a judge's pairwise verdicts made one result per document
// by the rule; a human group's own pairwise verdicts the same way, each member's results counted (so a document
// two members compared is two comparisons), or where its members gave none, its verdicts from its mean ratings of
// each document on a Likert dimension (equal means a tie).
struct RaterRanking {
    std::string rater; // the judge, or the human group
    bool human = false;
    std::string dimension;
    stats::PairwiseRule rule = stats::PairwiseRule::AgreeOrTie;
    std::size_t comparisons = 0; // document results: documents × system pairs compared
    std::size_t documents = 0;   // the bootstrap's unit
    bool estimable = false;
    std::string reason; // why not, with the systems named
    double tieParameter = std::numeric_limits<double>::quiet_NaN();
    stats::ConfidenceInterval tieInterval;
    double logLikelihood = std::numeric_limits<double>::quiet_NaN();
    std::size_t iterations = 0;
    std::vector<RankedSystem> systems; // by rank, equal ranks in the study's order; the systems compared only
    std::string baseline;              // empty without one, or when the rater never compared it
};

struct RankingRequest {
    std::vector<std::string> raters;       // judges; empty (and no groups): every judge with pairwise verdicts
    std::vector<std::string> groups;       // human groups; empty (and no raters): every human group
    std::vector<std::string> dimensions{}; // empty: every dimension with pairwise verdicts (of anyone)
    std::string baseline{};                // a system: each other's length-controlled win rate against it
    stats::PairwiseRule rule = stats::PairwiseRule::AgreeOrTie;
    stats::BootstrapOptions bootstrap{1000, 20240601, 0.95, stats::ResampleUnit::Documents};
    std::string split{}; // only the verdicts and ratings of this held-out split's documents ("dev" or "test")
};

// Per dimension (in the study's order), each human group and then each judge with something to rank on it.
// Fails when a named rater, group, dimension or the baseline is not in the study, or a named rater is no judge;
// with a split, when the study has none or it is not dev or test (field "split"). A split restricts every
// verdict, rating, length and the bootstrap's documents to that split; which dimensions are ranked is still
// asked of every document.
Result<std::vector<RaterRanking>> computeRankings(store::Study &study, const RankingRequest &request);

// What a ranking can be asked for in a study: every dimension (the study's order), those with pairwise verdicts of
// anyone among them, and the systems (a baseline's candidates), in the order of their ids as rankings read them.
struct RankingChoices {
    std::vector<std::string> dimensions;
    std::vector<std::string> withVerdicts;
    std::vector<std::string> systems;
    std::string firstLikert; // ranked by the human groups' mean ratings when nobody compared summaries
    // The dimension to show first: the first with verdicts, else the first Likert one, else none.
    std::string firstChoice() const;
};
RankingChoices rankingChoices(store::Study &study);

// Two tables: every ranked system (rater, kind, dimension, rank, system, log-strength and its interval,
// strength = exp(log-strength), wins, ties, losses, and against the baseline the comparisons, win rate and
// length-controlled win rate), and one row per ranking with its fit (comparisons, documents, ν and its
// interval, log-likelihood, iterations, resamples skipped, and why a fit is not estimable). With a split, both
// captions name it and every row has a "split" column.
std::vector<io::Table> rankingSections(const std::vector<RaterRanking> &rankings, bool fullPrecision,
                                       const std::string &split = {});

// The same as one object: "rankings", each with its fit and "systems", and "split" (null: every document);
// undefined numbers null.
nlohmann::json rankingJson(const std::vector<RaterRanking> &rankings, const RankingRequest &request);

} // namespace concord::reports

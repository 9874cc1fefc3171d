#pragma once

#include "stats/accuracy.h"
#include "stats/correlation.h"
#include "stats/score_matrix.h"

#include <cstddef>
#include <limits>
#include <optional>
#include <vector>

namespace concord::stats {

// One comparison of two systems' summaries of a document, in system indices (rows of a
// ScoreMatrix). firstShown says which was shown first, for position bias.
struct PairVerdict {
    std::size_t document = 0;
    std::size_t systemA = 0;
    std::size_t systemB = 0;
    enum class Winner { A, B, Tie } winner = Winner::Tie;
    bool aShownFirst = true;
};

// Head-to-head run in both orders: "first" is the answer with A shown first, "second" with B shown
// first, each as the winner in system terms. A system is preferred only if both orders agree.
PairVerdict::Winner combineBothOrders(PairVerdict::Winner first, PairVerdict::Winner second);

struct WinTieLoss {
    std::size_t wins = 0;   // of the lower-index system of the pair
    std::size_t ties = 0;
    std::size_t losses = 0;
};

// Per system pair (i < j): documents won by i, tied, won by j. Index [i][j] (j > i) holds the pair.
std::vector<std::vector<WinTieLoss>> winTieLoss(const std::vector<PairVerdict> &verdicts, std::size_t systems);

// The humans' verdicts implied by scores: per document and system pair, the system with the
// higher (mean) score wins; equal scores tie. Pairs with a missing score are left out.
std::vector<PairVerdict> verdictsFromScores(const ScoreMatrix &scores);

// Which system of each pair wins more documents: +1 the lower index, -1 the higher, 0 neither.
int pairPreference(const WinTieLoss &w);

enum class PairSelection { All, Consecutive };   // consecutive: neighbours in the human ranking of systems

struct SuccessRate {
    std::size_t agreed = 0;
    std::size_t pairs = 0;
    double rate = std::numeric_limits<double>::quiet_NaN();
};

// H2H success: the share of system pairs for which the judge prefers the same system as the humans
// (each side preferring the system that wins more documents). Consecutive pairs are taken in the
// order of the humans' mean scores.
SuccessRate headToHeadSuccess(const std::vector<PairVerdict> &judge, const ScoreMatrix &humanScores, PairSelection selection);

// Each system against a chosen baseline: documents it won against the baseline, tied, lost
// (the baseline's own entry stays empty).
std::vector<WinTieLoss> againstBaseline(const std::vector<PairVerdict> &verdicts, std::size_t systems, std::size_t baseline);

// LLMCompare: 2 points to the winner of each comparison, 1 each for a tie; totals per system.
std::vector<double> comparePoints(const std::vector<PairVerdict> &verdicts, std::size_t systems);
// Competition ranks from points, 1 = most points; equal points share a rank (1, 2, 2, 4).
std::vector<int> ranksFromPoints(const std::vector<double> &points);

struct PositionBias {
    std::size_t swappedPairs = 0;       // comparisons judged in both orders
    std::size_t flips = 0;              // the verdict (in system terms) differs between the orders
    double flipRate = std::numeric_limits<double>::quiet_NaN();
    std::size_t decided = 0;            // verdicts that are not ties
    std::size_t firstWins = 0;          // the first-shown summary won
    double firstWinRate = std::numeric_limits<double>::quiet_NaN();
};

// From every recorded verdict (both orders where present): matched on document and system pair.
PositionBias positionBias(const std::vector<PairVerdict> &verdicts);

// Pairwise choice against the humans' preference on the same (document, pair); human ties and
// judge ties count as answers (a tie matches only a tie).
Accuracy pairwiseAccuracy(const std::vector<PairVerdict> &judge, const std::vector<PairVerdict> &humans, double confidence = 0.95);

// Length bias. lengths: a systems × documents matrix of summary lengths (e.g. in words).
struct LengthBias {
    Correlation judgeWithLength;        // dataset level over all cells
    Correlation humansWithLength;
    // Agreement of the judge's pairwise verdicts with the humans' on all pairs, and only on pairs whose
    // length difference is within the given quantile (default: the 20th percentile) of all differences.
    Accuracy allPairs;
    Accuracy similarLengthPairs;
    double lengthDifferenceCutoff = std::numeric_limits<double>::quiet_NaN();
};
LengthBias lengthBias(const ScoreMatrix &judge, const ScoreMatrix &humans, const ScoreMatrix &lengths,
                      CorrelationMethod method = CorrelationMethod::KendallB, double quantile = 0.2);

} // namespace concord::stats

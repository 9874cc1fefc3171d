// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "stats/accuracy.h"
#include "stats/correlation.h"
#include "stats/score_matrix.h"

#include <cstddef>
#include <limits>
#include <optional>
#include <string_view>
#include <vector>

namespace concord::stats {

// One comparison of two systems' summaries of a document, in system indices (rows of a
// ScoreMatrix). aShownFirst says which was shown first, for position bias: a judge's verdict is
// stored with A the summary shown first, so the two orders of a pair are two verdicts with A and B
// swapped.
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

// How the two presentation orders of a head-to-head comparison become a document's result (Shen et
// al. 2023): agree-or-tie (the paper's text) gives the document to a system only when both orders
// name it, and calls it a tie otherwise; points (the authors' released scripts) lets each order count
// half the document, a win 1 and a tie 0.5, so a pair's points are the mean of the two orders' sums.
// A document judged in one order only has that order's verdict as its result under either rule.
enum class PairwiseRule { AgreeOrTie, Points };

std::string_view toString(PairwiseRule rule); // "agree-or-tie", "points"
std::optional<PairwiseRule> pairwiseRuleFromString(std::string_view text);

// Documents won, tied and lost. Under the points rule an order counts half a document, so the
// counts are multiples of 0.5 (exact in binary floating point).
struct WinTieLoss {
    double wins = 0; // of the lower-index system of the pair
    double ties = 0;
    double losses = 0;
};

// One document's comparison of a system pair (first < second), with the verdict of each
// presentation order in system terms (A: first won); empty when that order was not judged. A
// comparison recorded twice in the same order keeps the later verdict.
struct OrderedComparison {
    std::size_t document = 0;
    std::size_t first = 0;
    std::size_t second = 0;
    std::optional<PairVerdict::Winner> firstShownFirst;  // with `first` shown first
    std::optional<PairVerdict::Winner> secondShownFirst; // with `second` shown first
};

// The verdicts grouped by document and system pair, ordered by (document, first, second).
std::vector<OrderedComparison> byPresentationOrder(const std::vector<PairVerdict> &verdicts);

// A document's result for a system pair under a rule: the shares of the document the first
// (lower-index) system won, tied and lost; they sum to 1.
struct DocumentResult {
    std::size_t document = 0;
    std::size_t first = 0;
    std::size_t second = 0;
    WinTieLoss share;
};

// Every verdict (each order its own) made into one result per document and system pair.
std::vector<DocumentResult> documentResults(const std::vector<PairVerdict> &verdicts, PairwiseRule rule);

// Per system pair (i < j): documents won by i, tied, won by j. Index [i][j] (j > i) holds the pair.
std::vector<std::vector<WinTieLoss>> winTieLoss(const std::vector<DocumentResult> &results, std::size_t systems);

// The humans' verdicts implied by scores: per document and system pair, the system with the
// higher (mean) score wins; equal scores tie. Pairs with a missing score are left out.
std::vector<PairVerdict> verdictsFromScores(const ScoreMatrix &scores);

// Which system of a pair is preferred: +1 the lower index, -1 the higher, 0 neither. With a win
// worth 1 point and a tie 0.5, the lower-index system is preferred when it has more than half the
// points of the documents, which is when it won more documents than it lost.
int pairPreference(const WinTieLoss &w);

enum class PairSelection { All, Consecutive }; // consecutive: neighbours in the human ranking of systems

struct SuccessRate {
    std::size_t agreed = 0;
    std::size_t pairs = 0;
    double rate = std::numeric_limits<double>::quiet_NaN();
};

// H2H success: the share of system pairs for which the judge prefers the same system as the humans
// (or, on both sides, neither). The judge's verdicts become document results by the rule; the humans
// score each document from their mean scores (1, 0.5, 0). Pairs the judge or the humans never
// compared are left out. Consecutive pairs are taken in the order of the humans' mean scores.
SuccessRate headToHeadSuccess(const std::vector<PairVerdict> &judge, const ScoreMatrix &humanScores,
                              PairSelection selection, PairwiseRule rule);

// Each system against a chosen baseline: documents it won against the baseline, tied, lost
// (the baseline's own entry stays empty).
std::vector<WinTieLoss> againstBaseline(const std::vector<DocumentResult> &results, std::size_t systems,
                                        std::size_t baseline);

// LLMCompare: 2 points to the winner of each document, 1 each for a tie; totals per system.
std::vector<double> comparePoints(const std::vector<DocumentResult> &results, std::size_t systems);
// Competition ranks from points, 1 = most points; equal points share a rank (1, 2, 2, 4).
std::vector<int> ranksFromPoints(const std::vector<double> &points);

// Position bias looks at the orders themselves, whatever the rule.
struct PositionBias {
    std::size_t swappedPairs = 0; // comparisons (document, system pair) judged in both orders
    std::size_t flips = 0;        // of those, the two orders' verdicts (in system terms) differ
    double flipRate = std::numeric_limits<double>::quiet_NaN();
    std::size_t decided = 0;   // verdicts, one per comparison and order, that are not ties
    std::size_t firstWins = 0; // the first-shown summary won
    double firstWinRate = std::numeric_limits<double>::quiet_NaN();
};

// From every recorded verdict (both orders where present), matched on document and system pair.
PositionBias positionBias(const std::vector<PairVerdict> &verdicts);

// Pairwise choice against the humans' preference on the same (document, pair); human ties and
// judge ties count as answers (a tie matches only a tie).
Accuracy pairwiseAccuracy(const std::vector<PairVerdict> &judge, const std::vector<PairVerdict> &humans,
                          double confidence = 0.95);

// Length bias. lengths: a systems × documents matrix of summary lengths (e.g. in words).
struct LengthBias {
    Correlation judgeWithLength; // dataset level over all cells
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

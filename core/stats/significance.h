// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "stats/bootstrap.h"
#include "stats/score_matrix.h"

#include <cstddef>
#include <cstdint>
#include <limits>

namespace concord::stats {

// Williams' test (Williams 1959; Steiger 1980) for two dependent correlations sharing a variable:
// is judge A's correlation with the humans (r12) higher than judge B's (r13), given how A and B
// correlate with each other (r23), on n items? t has n − 3 degrees of freedom.
struct WilliamsResult {
    double t = std::numeric_limits<double>::quiet_NaN();
    double df = std::numeric_limits<double>::quiet_NaN();
    double pOneSided = std::numeric_limits<double>::quiet_NaN(); // H1: r12 > r13
    double pTwoSided = std::numeric_limits<double>::quiet_NaN();
};
WilliamsResult williamsTest(double r12, double r13, double r23, std::size_t n);

// Permutation test (permute-both) for the difference between two raters' correlations with the
// humans: each rater's scores are standardised (z-scores over all cells, so the two scales are
// exchangeable), then every cell's pair of scores is swapped with probability 1/2 and the
// statistic recomputed. p = (1 + #{|d*| ≥ |d|}) / (1 + resamples), two-sided.
struct PermutationResult {
    double difference = std::numeric_limits<double>::quiet_NaN(); // statistic(A) − statistic(B)
    double p = std::numeric_limits<double>::quiet_NaN();
    std::size_t resamples = 0;
    std::size_t undefinedResamples = 0;
};
PermutationResult permutationTest(const ScoreMatrix &a, const ScoreMatrix &b, const ScoreMatrix &humans,
                                  const MatrixStatistic &statistic, std::size_t resamples = 1000,
                                  std::uint64_t seed = 20240601);

} // namespace concord::stats

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "stats/correlation.h"
#include "stats/score_matrix.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace concord::stats {

// Tie-aware meta-evaluation: how often a metric (x) orders pairs of items as the humans (z) do.
// Items where either side is NaN are left out. None of these has a p-value (p stays NaN). As for the
// correlations, n counts items (systems, or cells), not the pairs of items judged.

// Pairwise accuracy (Kocmi et al. 2021): over the pairs the humans order, the share the metric orders
// the same way; a metric tie on such a pair counts as wrong. Pairs the humans tie are left out.
// Undefined with fewer than 2 items or when the humans tie every pair.
Correlation pairwiseAccuracy(std::span<const double> x, std::span<const double> z);

// acc_eq with tie calibration (Deutsch, Foster & Freitag 2023, "Ties Matter"): over all pairs, a pair is
// correct when both sides tie it or both order it the same way; the metric ties a pair when
// |x_i − x_j| <= ε. ε is the smallest value among 0 and the distinct gaps |x_i − x_j| that maximises the
// accuracy; it is returned in tieThreshold. Undefined with fewer than 2 items.
Correlation tieCalibratedAccuracy(std::span<const double> x, std::span<const double> z);

// acc_eq over several groups of items (the documents of the summary level) with one ε for all: the one
// that maximises the mean of the groups' accuracies, as Deutsch et al. calibrate grouped correlations.
// Groups with fewer than 2 complete items are undefined and left out of the mean.
struct GroupedAccuracy {
    Correlation mean; // value = mean over used groups; n = items in them; tieThreshold = the common ε
    std::size_t groupsUsed = 0;
    std::vector<Correlation> perGroup; // each group's acc_eq at the common ε
};
GroupedAccuracy tieCalibratedAccuracy(std::span<const std::vector<double>> x, std::span<const std::vector<double>> z);

// One-sided p-value of "the differences are positive on average": the paired sign-flip permutation test
// of their sum. Exact (all 2^m sign vectors of the m non-zero differences) when m <= exactLimit; otherwise
// `resamples` random sign vectors over all differences, drawn with SplitMix64 from `seed` (bit k % 64 of
// the (k / 64)-th word of a resample flips difference k), and p = (1 + #{T* >= T}) / (resamples + 1).
// T* >= T allows a relative slack of 1e-9 so that rounding does not decide equal sums. No difference: 1.
struct SignFlipOptions {
    std::size_t exactLimit = 12;
    std::size_t resamples = 1000;
    std::uint64_t seed = 20240927;
};
double signFlipPValue(std::span<const double> differences, const SignFlipOptions &options = {});

// Soft pairwise accuracy (Thompson et al. 2024) of systems: for each pair of systems i < j (matrix row
// order) over the documents where both systems have a value on both sides, p_m and p_z are the sign-flip
// p-values (signFlipPValue) of "system i is better than system j" under the metric and under the humans;
// SPA is the mean over those pairs of 1 − |p_z − p_m|. Pairs sharing no document are left out; undefined
// when no pair remains. n = the systems in the pairs used.
Correlation softPairwiseAccuracy(const ScoreMatrix &x, const ScoreMatrix &z, const SignFlipOptions &options = {});

} // namespace concord::stats

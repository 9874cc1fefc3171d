// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace concord::stats {

// Acc, AccEq and Spa are the tie-aware pairwise accuracies of pairwise_accuracy.h: no p-value, and no
// bootstrap interval (hasBootstrapInterval). Spa compares systems over documents, so only the system
// level defines it.
enum class CorrelationMethod { Pearson, Spearman, KendallB, KendallC, Acc, AccEq, Spa };

// "pearson", "spearman", "kendall_b", "kendall_c", "acc", "acc_eq", "spa"
std::string_view toString(CorrelationMethod method);
std::optional<CorrelationMethod> correlationMethodFromString(std::string_view text);
// Whether the level bootstrap (level_bootstrap.h) resamples this coefficient.
bool hasBootstrapInterval(CorrelationMethod method);

// A correlation coefficient with its two-sided p-value, as scipy 1.10 computes them. An undefined
// coefficient (constant input, too few pairs) has NaN value and a reason — never 0.
struct Correlation {
    double value = std::numeric_limits<double>::quiet_NaN();
    double p = std::numeric_limits<double>::quiet_NaN();
    std::size_t n = 0;           // pairs used
    std::string undefinedReason; // empty when value is defined
    // acc_eq only: the metric's tie threshold ε chosen by tie calibration.
    double tieThreshold = std::numeric_limits<double>::quiet_NaN();

    bool defined() const { return undefinedReason.empty(); }
    static Correlation undefined(std::size_t n, std::string reason);
};

// Pairs where either side is NaN are left out before computing. withP = false skips the p-value
// (left NaN): what resampling loops want, thousands of times over.
Correlation correlate(std::span<const double> x, std::span<const double> y, CorrelationMethod method,
                      bool withP = true);

Correlation pearson(std::span<const double> x, std::span<const double> y, bool withP = true);
// Pearson on average ranks; p from Student's t with n - 2 degrees of freedom.
Correlation spearman(std::span<const double> x, std::span<const double> y, bool withP = true);
// Tau-b in O(n log n) (Knight's algorithm: a radix sort of the pairs and a merge-sort count of the
// discordant ones; small samples are counted pair by pair). p: exact when there are no ties and n <= 33
// (or at most one discordant or concordant pair), otherwise the normal approximation with the
// tie-corrected variance.
Correlation kendallTauB(std::span<const double> x, std::span<const double> y, bool withP = true);
// Stuart's tau-c with the same p-value as tau-b (as scipy reports it).
Correlation kendallTauC(std::span<const double> x, std::span<const double> y, bool withP = true);

// The arithmetic behind the coefficients above, for callers that count pairs or rank values their own
// way (the bootstrap of several coefficients at once) and must give the very same numbers.
// Pearson's r of complete pairs (no NaN); NaN when fewer than 2 or either side is constant.
double pearsonValue(std::span<const double> x, std::span<const double> y);
// Tau-b from exact counts: concordant minus discordant pairs, all pairs n(n-1)/2, and the pairs tied in x
// and in y (each sum t(t-1)/2 over runs of equal values).
double kendallTauBFromCounts(double concordantMinusDiscordant, double pairs, double xTiedPairs, double yTiedPairs);
// Tau-c from the same difference, n, and the smaller number of distinct values of the two sides.
double kendallTauCFromCounts(double concordantMinusDiscordant, double n, double classes);

// Ranks 1..n with ties given their average rank (scipy.stats.rankdata 'average').
std::vector<double> averageRanks(std::span<const double> values);

} // namespace concord::stats

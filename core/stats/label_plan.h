// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "stats/ppi_mean.h"

#include <cstdint>
#include <string>
#include <vector>

namespace concord::stats {

// Active inference (Zrnic & Candes 2024): which unlabelled items to label next, drawn with probabilities
// that follow the judge's uncertainty, and a mean that stays unbiased under those draws by weighting each
// label by the inverse of its probability.

// Each item's probability of being drawn, for `budget` labels expected in all (the probabilities sum to
// it). pi_i = (1 - uniformShare) * budget * u_i / sum(u) + uniformShare * budget / N, so no item has
// probability 0 (the uniform share is the floor: at least uniformShare * budget / N); probabilities above
// 1 are set to 1 and the rest scaled up to keep the sum. An uncertainty that is NaN (unknown) counts as
// the mean of the known ones; all unknown or all 0 gives the uniform plan. Throws std::invalid_argument
// unless 0 < budget <= N, 0 < uniformShare <= 1 and every known uncertainty is >= 0.
std::vector<double> planProbabilities(const std::vector<double> &uncertainty, double budget, double uniformShare);

// One Bernoulli draw per item: item i is drawn when U_i < pi_i, U_i uniform on [0, 1) from the top 53 bits
// of std::mt19937_64(seed)'s i-th output, the same on every platform and standard library.
std::vector<bool> drawPlan(const std::vector<double> &probabilities, std::uint64_t seed);

// One item of a planned population: the judge's score, the probability it was drawn with, whether it was
// drawn, and its human score (NaN unless drawn and labelled).
struct PlannedItem {
    double judge = 0;
    double probability = 1;
    bool drawn = false;
    double y = 0;
};

// The mean of Y over the planned items (Zrnic & Candes 2024): theta = mean over every item of
// lambda f_i + (Y_i - lambda f_i) xi_i / pi_i, its standard error the sd of those terms / sqrt(N).
// lambda: classical 0 (inverse-probability weighting alone), PPI 1, PPI++ the variance-minimising
// -cov(A, B) / var(A) with A_i = f_i (1 - xi_i / pi_i), B_i = Y_i xi_i / pi_i, clipped to [0, 1].
// A Student t interval has (drawn labels - 1) degrees of freedom. No interval (why) when a drawn item is
// not labelled yet or fewer than two are drawn.
struct PlannedMean {
    MeanInterval mean;
    double lambda = 0;
    std::size_t items = 0;
    std::size_t drawn = 0;
    std::size_t missing = 0; // drawn, not labelled yet
    std::string why;
};
PlannedMean plannedMean(const std::vector<PlannedItem> &items, double confidence, PpiMethod method,
                        IntervalKind interval);

} // namespace concord::stats

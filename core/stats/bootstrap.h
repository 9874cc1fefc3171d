// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "stats/score_matrix.h"

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string_view>
#include <vector>

namespace concord::stats {

// What a bootstrap resamples: systems (rows), documents (columns) or both at once. Resamples are
// paired: the judge's and the humans' matrices are resampled with the same indices.
enum class ResampleUnit { Systems, Documents, Both };

std::string_view toString(ResampleUnit unit);
std::optional<ResampleUnit> resampleUnitFromString(std::string_view text);

struct ConfidenceInterval {
    double low = std::numeric_limits<double>::quiet_NaN();
    double high = std::numeric_limits<double>::quiet_NaN();
    double confidence = 0.95;
    std::size_t resamples = 0;
    std::size_t undefinedResamples = 0; // skipped: the statistic was undefined (NaN) on them

    bool defined() const { return !std::isnan(low) && !std::isnan(high); }
};

// How every bootstrap in Concord resamples: how often, from which seed, which percentile interval,
// and (for systems × documents matrices) what is drawn.
struct BootstrapOptions {
    std::size_t resamples = 1000;
    std::uint64_t seed = 20240601;
    double confidence = 0.95;               // percentile interval [(1−c)/2, (1+c)/2]
    ResampleUnit unit = ResampleUnit::Both; // matrices only
};

// A statistic of the paired matrices; NaN when undefined on a resample. It may be called from several
// threads at once, so it must not change shared state.
using MatrixStatistic = std::function<double(const ScoreMatrix &x, const ScoreMatrix &z)>;

// Percentile bootstrap interval (quantiles interpolated linearly, as numpy does), seeded so the
// same call gives the same interval.
ConfidenceInterval bootstrap(const ScoreMatrix &x, const ScoreMatrix &z, const MatrixStatistic &statistic,
                             const BootstrapOptions &options);

// The percentile interval of a bootstrap's defined values, with the count of resamples whose statistic
// was undefined; what bootstrap() returns for the same values.
ConfidenceInterval percentileInterval(std::vector<double> values, std::size_t undefinedResamples,
                                      const BootstrapOptions &options);

// The q-quantile (0..1) of sorted values with linear interpolation between order statistics.
double quantileSorted(const std::vector<double> &sorted, double q);

} // namespace concord::stats

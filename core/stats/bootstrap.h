#pragma once

#include "score_matrix.h"

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
    double level = 0.95;
    std::size_t resamples = 0;
    std::size_t undefinedResamples = 0;  // skipped: the statistic was undefined (NaN) on them

    bool defined() const { return !std::isnan(low) && !std::isnan(high); }
};

struct BootstrapOptions {
    std::size_t resamples = 1000;
    std::uint64_t seed = 0x5eed;
    double level = 0.95;
    ResampleUnit unit = ResampleUnit::Both;
};

// A statistic of the paired matrices; NaN when undefined on a resample.
using MatrixStatistic = std::function<double(const ScoreMatrix &x, const ScoreMatrix &z)>;

// Percentile bootstrap interval (quantiles interpolated linearly, as numpy does), seeded so the
// same call gives the same interval.
ConfidenceInterval bootstrap(const ScoreMatrix &x, const ScoreMatrix &z, const MatrixStatistic &statistic,
                             const BootstrapOptions &options);

// The q-quantile (0..1) of sorted values with linear interpolation between order statistics.
double quantileSorted(const std::vector<double> &sorted, double q);

} // namespace concord::stats

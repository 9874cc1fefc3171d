// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/bootstrap.h"

#include "stats/resample_draws.h"

#include <algorithm>
#include <cmath>

namespace concord::stats {

std::string_view toString(ResampleUnit unit)
{
    switch (unit) {
    case ResampleUnit::Systems:
        return "systems";
    case ResampleUnit::Documents:
        return "documents";
    case ResampleUnit::Both:
        return "both";
    }
    return "both";
}

std::optional<ResampleUnit> resampleUnitFromString(std::string_view text)
{
    for (auto u : {ResampleUnit::Systems, ResampleUnit::Documents, ResampleUnit::Both})
        if (toString(u) == text)
            return u;
    return std::nullopt;
}

double quantileSorted(const std::vector<double> &sorted, double q)
{
    if (sorted.empty())
        return std::numeric_limits<double>::quiet_NaN();
    const double position = q * static_cast<double>(sorted.size() - 1);
    const auto below = static_cast<std::size_t>(std::floor(position));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    const double fraction = position - static_cast<double>(below);
    return sorted[below] + (sorted[above] - sorted[below]) * fraction;
}

ConfidenceInterval percentileInterval(std::vector<double> values, std::size_t undefinedResamples,
                                      const BootstrapOptions &options)
{
    ConfidenceInterval ci;
    ci.confidence = options.confidence;
    ci.resamples = values.size() + undefinedResamples;
    ci.undefinedResamples = undefinedResamples;
    std::sort(values.begin(), values.end());
    const double alpha = 1.0 - options.confidence;
    ci.low = quantileSorted(values, alpha / 2);
    ci.high = quantileSorted(values, 1.0 - alpha / 2);
    return ci;
}

ConfidenceInterval bootstrap(const ScoreMatrix &x, const ScoreMatrix &z, const MatrixStatistic &statistic,
                             const BootstrapOptions &options)
{
    ConfidenceInterval ci;
    ci.confidence = options.confidence;
    const std::size_t rows = x.systems();
    const std::size_t cols = x.documents();
    if (rows == 0 || cols == 0 || options.resamples == 0)
        return ci;
    ResampleDraws draws(rows, cols, options);
    ScoreMatrix rx(rows, cols), rz(rows, cols);
    std::vector<double> values;
    values.reserve(options.resamples);
    std::size_t undefined = 0;
    for (std::size_t b = 0; b < options.resamples; ++b) {
        draws.next();
        const auto &rowIndex = draws.rows();
        const auto &colIndex = draws.cols();
        for (std::size_t i = 0; i < rows; ++i)
            for (std::size_t j = 0; j < cols; ++j) {
                rx.at(i, j) = x.at(rowIndex[i], colIndex[j]);
                rz.at(i, j) = z.at(rowIndex[i], colIndex[j]);
            }
        const double v = statistic(rx, rz);
        if (std::isnan(v))
            ++undefined;
        else
            values.push_back(v);
    }
    return percentileInterval(std::move(values), undefined, options);
}

} // namespace concord::stats

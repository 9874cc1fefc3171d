// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/moderated_variance.h"

#include "stats/special_functions.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace concord::stats {

VariancePrior fitVariancePrior(const std::vector<double> &variances, const std::vector<double> &df)
{
    constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
    std::vector<double> s2, d;
    for (std::size_t i = 0; i < variances.size() && i < df.size(); ++i)
        if (std::isfinite(variances[i]) && variances[i] > -1e-15 && std::isfinite(df[i]) && df[i] > 1e-15) {
            s2.push_back(std::max(variances[i], 0.0));
            d.push_back(df[i]);
        }
    const std::size_t count = s2.size();
    if (count < 2)
        return {kNaN, kNaN};
    std::vector<double> sorted = s2;
    std::sort(sorted.begin(), sorted.end());
    double median = count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2;
    if (median == 0)
        median = 1;
    double eSum = 0;
    std::vector<double> e(count);
    for (std::size_t i = 0; i < count; ++i) {
        s2[i] = std::max(s2[i], 1e-5 * median);
        e[i] = std::log(s2[i]) - digamma(d[i] / 2) + std::log(d[i] / 2);
        eSum += e[i];
    }
    const double eMean = eSum / static_cast<double>(count);
    double eVar = 0;
    double trigammaMean = 0;
    for (std::size_t i = 0; i < count; ++i) {
        eVar += (e[i] - eMean) * (e[i] - eMean);
        trigammaMean += trigamma(d[i] / 2);
    }
    eVar = eVar / static_cast<double>(count - 1) - trigammaMean / static_cast<double>(count);
    if (eVar > 0) {
        const double d0 = 2 * trigammaInverse(eVar);
        return {std::exp(eMean + digamma(d0 / 2) - std::log(d0 / 2)), d0};
    }
    // The MLE of the scale when the prior's df is infinite: the pooled variance.
    double weighted = 0;
    double dSum = 0;
    for (std::size_t i = 0; i < count; ++i) {
        weighted += d[i] * s2[i];
        dSum += d[i];
    }
    return {weighted / dSum, std::numeric_limits<double>::infinity()};
}

double moderatedVariance(const VariancePrior &prior, double variance, double df)
{
    if (std::isinf(prior.df))
        return prior.scale;
    return (prior.df * prior.scale + df * variance) / (prior.df + df);
}

} // namespace concord::stats

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/cochran_rule.h"

#include <cmath>
#include <limits>

namespace concord::stats {

double skewness(const std::vector<double> &values)
{
    constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
    if (values.size() < 3)
        return kNaN;
    const double n = static_cast<double>(values.size());
    double sum = 0;
    for (const double x : values)
        sum += x;
    const double mean = sum / n;
    double m2 = 0;
    double m3 = 0;
    for (const double x : values) {
        const double d = x - mean;
        m2 += d * d;
        m3 += d * d * d;
    }
    m2 /= n;
    m3 /= n;
    // Values that agree up to rounding have no shape to speak of.
    if (!(m2 > 1e-24 * (mean * mean + 1)))
        return kNaN;
    return m3 / (m2 * std::sqrt(m2));
}

double cochranLabels(double skewness)
{
    return 25 * skewness * skewness;
}

bool cochranHolds(double n, double skewness)
{
    const double needed = cochranLabels(skewness);
    return !std::isnan(needed) && n > needed;
}

} // namespace concord::stats

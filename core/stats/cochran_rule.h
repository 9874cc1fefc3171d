// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

namespace concord::stats {

// Fisher's skewness of a population, G1 = m3 / m2^(3/2) with the central moments m_k = mean (x - mean)^k
// (scipy's skew with bias=True). NaN for fewer than three values or values that all agree.
double skewness(const std::vector<double> &values);

// Cochran's rule (Sampling Techniques, 3rd ed. 1977, section 2.15): the normal approximation to the mean of
// a skewed population is good enough that a 95% statement is wrong at most about 6% of the time once
// n > 25 G1^2. Returns 25 G1^2 (NaN when G1 is).
double cochranLabels(double skewness);

// Whether n observations are more than the rule asks; false when the rule cannot be applied (NaN).
bool cochranHolds(double n, double skewness);

} // namespace concord::stats

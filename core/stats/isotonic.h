// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

namespace concord::stats {

// A non-decreasing step of y against x, the least-squares one (isotonic regression, fitted by the pool-adjacent-
// violators algorithm): equal x are pooled first (their mean y, weighted by count), then adjacent blocks whose
// means fall are merged until none does. Kept as knots: each distinct x with its fitted value.
struct IsotonicFit {
    std::vector<double> x; // strictly increasing
    std::vector<double> y; // non-decreasing, one per x
};

// Fails (throws concord::Failure) on sizes that differ, no points, or a value that is not finite.
IsotonicFit fitIsotonic(const std::vector<double> &x, const std::vector<double> &y);

// The fitted value at x: a knot's own value, linear between two knots, and the end knot's value beyond them
// (a score the fit never saw is not extrapolated).
double applyIsotonic(const IsotonicFit &fit, double x);

} // namespace concord::stats

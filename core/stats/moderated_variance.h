// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

namespace concord::stats {

// The prior of an empirical-Bayes moderated variance (Smyth 2004, "Linear models and empirical Bayes methods
// for assessing differential expression in microarray experiments"): each group's true variance is drawn as
// s0^2 d0 / chi^2_d0. df is infinite when the groups' variances spread no more than sampling alone would
// spread them (then every group has the variance s0^2).
struct VariancePrior {
    double scale = 0; // s0^2
    double df = 0;    // d0
};

// Smyth's method of moments on log s^2, as limma's fitFDist (without a covariate) computes it: with
// e_i = log s_i^2 - digamma(d_i / 2) + log(d_i / 2), d0 = 2 trigammaInverse(var e - mean trigamma(d_i / 2))
// and s0^2 = exp(mean e + digamma(d0 / 2) - log(d0 / 2)); when var e (divided by count - 1) is no more than
// mean trigamma(d_i / 2), d0 is infinite and s0^2 the pooled variance sum d_i s_i^2 / sum d_i. As in limma,
// a variance of 0 is raised to 1e-5 times the median variance first (a median of 0 counts as 1), and groups
// with d_i = 0 or a NaN variance are left out. Needs at least two groups (else scale and df are NaN).
VariancePrior fitVariancePrior(const std::vector<double> &variances, const std::vector<double> &df);

// A group's posterior variance, (d0 s0^2 + d s^2) / (d0 + d), which has d0 + d degrees of freedom; s0^2 when
// d0 is infinite.
double moderatedVariance(const VariancePrior &prior, double variance, double df);

} // namespace concord::stats

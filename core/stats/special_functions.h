// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace concord::stats {

// The regularized incomplete beta function I_x(a, b) for a, b > 0 and 0 <= x <= 1, by its
// continued fraction (modified Lentz), accurate to about 1e-15 relative.
double regularizedIncompleteBeta(double a, double b, double x);

// Two-sided p-value of Student's t with df degrees of freedom: P(|T| >= |t|).
double studentTTwoSided(double t, double df);

// Two-sided p-value of a standard normal z: P(|Z| >= |z|).
double normalTwoSided(double z);

// The standard normal quantile: z with P(Z <= z) = p, for 0 < p < 1 (NaN outside). Acklam's rational
// approximation refined by one Halley step on erfc, accurate to about 1e-15.
double normalQuantile(double p);

// Student's t quantile: t with P(T <= t) = p for df > 0 degrees of freedom (df may be fractional, as a
// Welch-Satterthwaite df is; infinite df gives the normal quantile). NaN outside 0 < p < 1. Found by
// bisection then Newton steps on the incomplete beta; accurate to about 1e-12 relative.
double studentTQuantile(double p, double df);

// P(S <= c) * 2 (clipped to 1) where S is the number of discordant pairs between a random
// permutation of n items and the identity: the exact two-sided p-value of Kendall's tau without
// ties, with c = min(discordant, concordant). Defined for n <= 170 (n! must fit a double).
double kendallExactTwoSided(int n, long long c);

// The digamma function psi(x) = d/dx ln Gamma(x), its first derivative (trigamma) and its second (psi''),
// for x > 0: recurrence up to x >= 10, then the asymptotic series; accurate to about 1e-14 relative.
double digamma(double x);
double trigamma(double x);
double tetragamma(double x);

// The y > 0 with trigamma(y) = x, for x > 0: Smyth's Newton iteration (limma's trigammaInverse).
double trigammaInverse(double x);

} // namespace concord::stats

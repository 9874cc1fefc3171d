#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Concord developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reference values for tests/core/stats/tst_moderated_variance.cpp.

Written from Smyth (2004), "Linear models and empirical Bayes methods for assessing differential expression
in microarray experiments", as limma's fitFDist computes it without a covariate, independently of Concord's
C++: variances of 0 raised to 1e-5 times the median (a median of 0 counts as 1); e = log s^2 - digamma(d/2) +
log(d/2); var e with count - 1 less mean trigamma(d/2); if positive, d0 = 2 trigammaInverse(that) and
s0^2 = exp(mean e + digamma(d0/2) - log(d0/2)), else d0 infinite and s0^2 the pooled variance. trigammaInverse
is found here by scipy's brentq, not by limma's Newton steps. The moderated variance is
(d0 s0^2 + d s^2) / (d0 + d). The test does not run this script; its output rows are pasted into the test.
Run with: /usr/bin/python3 tests/reference/moderated_variance_reference.py
"""
import numpy as np
from scipy import optimize, special


def trigamma_inverse(x):
    return optimize.brentq(lambda y: special.polygamma(1, y) - x, 1e-8, 1e8, xtol=1e-15, rtol=1e-15)


def prior(variances, df):
    s2 = np.asarray(variances, dtype=float)
    d = np.asarray(df, dtype=float)
    keep = np.isfinite(s2) & (s2 > -1e-15) & np.isfinite(d) & (d > 1e-15)
    s2, d = np.maximum(s2[keep], 0.0), d[keep]
    median = np.median(s2)
    s2 = np.maximum(s2, 1e-5 * (median if median > 0 else 1.0))
    e = np.log(s2) - special.digamma(d / 2) + np.log(d / 2)
    excess = e.var(ddof=1) - special.polygamma(1, d / 2).mean()
    if excess > 0:
        d0 = 2 * trigamma_inverse(excess)
        return np.exp(e.mean() + special.digamma(d0 / 2) - np.log(d0 / 2)), d0
    return (d * s2).sum() / d.sum(), np.inf


def main():
    for x in (0.3, 1.0, 3.7, 12.5):
        print(f'    QTest::newRow("{x:g}") << {x!r} << {float(special.digamma(x))!r} << '
              f'{float(special.polygamma(1, x))!r} << {float(special.polygamma(2, x))!r};')
    rows = [("equal", [1, 1, 1], [4, 4, 4]), ("no more spread than sampling", [0.8, 1, 1.25], [9, 9, 9]),
            ("spread", [0.25, 1, 4, 1], [9, 9, 9, 4]), ("one zero", [0, 1, 1, 2], [9, 9, 9, 9]),
            ("left out", [1, 1, 5, np.nan, 1], [4, 4, 0, 4, 4])]
    for name, variances, df in rows:
        scale, d0 = prior(variances, df)
        print(f'    "{name}": s0^2 {scale!r}, d0 {d0!r}')
    scale, d0 = prior([0.25, 1, 4, 1], [9, 9, 9, 4])
    print(f'    spread, moderated first: {(d0 * scale + 9 * 0.25) / (d0 + 9)!r}')


if __name__ == "__main__":
    main()

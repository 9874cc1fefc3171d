#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Concord developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reference values for tests/core/stats/tst_ppi_mean.cpp.

Written from the papers' formulas, independently of Concord's C++: the classical mean of the labelled
human scores with its normal interval; prediction-powered inference (Angelopoulos et al. 2023, Science),
theta = lambda * mean(f over the unlabelled) + mean(Y - lambda * f over the labelled), with
se^2 = lambda^2 var(f_unlabelled) / N + var(Y - lambda f_labelled) / n; and PPI++'s power tuning
(Angelopoulos, Duchi & Zrnic 2023), lambda = cov(Y, f_labelled) / ((1 + n / N) var(f over all)),
clipped to [0, 1]. Variances with ddof = 1. The fixtures are made by formulas both sides compute alike.
The test does not run this script; its output rows are pasted into the test.
Run with: /usr/bin/python3 tests/reference/ppi_reference.py
"""
import numpy as np
from scipy import stats


def fixture(n, big_n, slope, shift):
    # Item i: a person's score 1 + (7 i mod 5), the judge's slope * Y + ((13 i mod 7) / 7) + shift.
    i = np.arange(n + big_n, dtype=float)
    y = 1.0 + np.mod(7.0 * i, 5.0)
    f = slope * y + np.mod(13.0 * i, 7.0) / 7.0 + shift
    return y[:n], f[:n], f[n:]


def estimate(y, fl, fu, lam, z):
    n, big_n = len(y), len(fu)
    rect = y - lam * fl
    theta = lam * fu.mean() + rect.mean()
    se = np.sqrt(lam * lam * fu.var(ddof=1) / big_n + rect.var(ddof=1) / n)
    return theta, se, theta - z * se, theta + z * se


def main():
    z = stats.norm.ppf(0.975)
    rows = [("correlated judge", 42, 400, 1.6, -0.2), ("judge against the people", 30, 300, -0.5, 4.0),
            ("few labels", 6, 1000, 2.0, 0.0)]
    for name, n, big_n, slope, shift in rows:
        y, fl, fu = fixture(n, big_n, slope, shift)
        every = np.concatenate([fl, fu])
        lam = np.cov(y, fl, ddof=1)[0, 1] / ((1 + n / big_n) * every.var(ddof=1))
        lam = min(max(lam, 0.0), 1.0)
        human_se = y.std(ddof=1) / np.sqrt(n)
        ppi = estimate(y, fl, fu, 1.0, z)
        tuned = estimate(y, fl, fu, lam, z)
        print(f'    QTest::newRow("{name}") << {n} << {big_n} << {slope!r} << {shift!r} << {y.mean()!r} << '
              f'{human_se!r} << {ppi[0]!r} << {ppi[1]!r} << {lam!r} << {tuned[0]!r} << {tuned[1]!r} << '
              f'{tuned[2]!r} << {tuned[3]!r};')


if __name__ == "__main__":
    main()

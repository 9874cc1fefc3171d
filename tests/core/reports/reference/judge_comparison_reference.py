#!/usr/bin/python3
"""Expected values for tests/core/reports/tst_judge_comparison.cpp (and the CLI and GUI tests that
show the same numbers), computed independently of Concord with NumPy and SciPy.

Reads judge_comparison_study.json beside this file and prints, per dimension x level x coefficient,
one QTest row: r(A, humans), r(B, humans), r(A, B), n, Williams' t and p, and the permutation test's
p for a given seed.

    apt-get install -y python3-scipy
    /usr/bin/python3 tests/core/reports/reference/judge_comparison_reference.py [--seed S] [--resamples N]

What it does, so that it can be checked against the literature rather than against Concord's code:

* The human reference is the mean, cell by cell, of the group's raters who rated the cell.
* Two judges are compared on the same items: only cells that judge A, judge B and the human mean
  all have take part.
* Levels: dataset = every cell pooled; system = the correlation of per-system means; summary = the
  mean over documents of the per-document correlation across systems (documents where it is
  undefined are skipped). Coefficients as scipy.stats computes them (Kendall tau-b and tau-c).
* Williams' test in Steiger's (1980, eq. 7) form, for the Pearson correlations at dataset and system
  level:  t = (r12 - r13) sqrt((n-1)(1+r23)) / sqrt(2 (n-1)/(n-3) |R| + rbar^2 (1-r23)^3),
  |R| = 1 - r12^2 - r13^2 - r23^2 + 2 r12 r13 r23, rbar = (r12 + r13)/2, df = n - 3.
* Permutation test, "permute-both" (Deutsch, Dror & Roth 2021): each judge's scores are z-scored
  (population SD over its cells), then in every resample each (system, document) cell's pair of
  scores is swapped with probability 1/2; p = (1 + #{|d*| >= |d|}) / (1 + resamples), two-sided.
  The coin flips come from std::mt19937_64 (reimplemented below, checked against the C++ standard's
  10000th-output value) with each 64-bit output split into two 32-bit halves, low half first, a flip
  being the half's top bit: what Lemire's multiply-and-shift gives for a range of 2, so the same seed
  flips the same coins as in Concord. Every cell of the systems x documents matrix gets a flip, in
  row-major order, whether or not it takes part. At system level the per-system means of z-scores
  that differ only by rounding are treated as equal (ties for Kendall and Spearman).
"""

import argparse
import json
import math
import os

import numpy as np
import scipy
from scipy import stats

MASK64 = (1 << 64) - 1


class MT19937_64:
    """std::mt19937_64 as the C++ standard specifies it."""

    def __init__(self, seed):
        self.mt = [0] * 312
        self.mt[0] = seed & MASK64
        for i in range(1, 312):
            self.mt[i] = (6364136223846793005 * (self.mt[i - 1] ^ (self.mt[i - 1] >> 62)) + i) & MASK64
        self.index = 312

    def _twist(self):
        upper, lower = 0xFFFFFFFF80000000, 0x7FFFFFFF
        for i in range(312):
            x = (self.mt[i] & upper) | (self.mt[(i + 1) % 312] & lower)
            xa = x >> 1
            if x & 1:
                xa ^= 0xB5026F5AA96619E9
            self.mt[i] = self.mt[(i + 156) % 312] ^ xa
        self.index = 0

    def __call__(self):
        if self.index >= 312:
            self._twist()
        y = self.mt[self.index]
        self.index += 1
        y ^= (y >> 29) & 0x5555555555555555
        y ^= (y << 17) & 0x71D67FFFEDA60000
        y ^= (y << 37) & 0xFFF7EEE000000000
        y ^= y >> 43
        return y & MASK64


def check_engine():
    engine = MT19937_64(5489)
    for _ in range(9999):
        engine()
    assert engine() == 9981545732273789042, "mt19937_64 does not match the C++ standard"


class CoinFlips:
    def __init__(self, seed):
        self.engine = MT19937_64(seed)
        self.word = None

    def flip(self):
        if self.word is None:
            self.word = self.engine()
            half = self.word & 0xFFFFFFFF
        else:
            half = self.word >> 32
            self.word = None
        return half >> 31


def correlate(x, y, method):
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    keep = ~np.isnan(x) & ~np.isnan(y)
    x, y = x[keep], y[keep]
    n = len(x)
    if n < 2 or np.all(x == x[0]) or np.all(y == y[0]):
        return math.nan, n
    if method == "pearson":
        return stats.pearsonr(x, y)[0], n
    if method == "spearman":
        return stats.spearmanr(x, y)[0], n
    if method == "kendall_b":
        return stats.kendalltau(x, y, variant="b")[0], n
    if method == "kendall_c":
        return stats.kendalltau(x, y, variant="c")[0], n
    raise ValueError(method)


def dataset_level(x, z, method):
    return correlate(x.ravel(), z.ravel(), method)


def system_level(x, z, method):
    mx, mz = [], []
    for s in range(x.shape[0]):
        both = ~np.isnan(x[s]) & ~np.isnan(z[s])
        mx.append(x[s][both].mean() if both.any() else math.nan)
        mz.append(z[s][both].mean() if both.any() else math.nan)
    return correlate(mx, mz, method)


def merge_rounding_ties(values):
    """Values within rounding of each other (1e-12, relative above 1) become the smallest of their run."""
    values = list(values)
    order = sorted(range(len(values)), key=lambda i: values[i])
    first = 0
    for k in range(1, len(order)):
        head = values[order[first]]
        if values[order[k]] - head <= 1e-12 * max(1.0, abs(head)):
            values[order[k]] = head
        else:
            first = k
    return values


def system_level_of_scores(x, z, method):
    """The system level inside the permutation test, on z-scores: per-system means that are equal in
    exact arithmetic may differ in their last bit, and Kendall and Spearman see ties exactly."""
    mx, mz = [], []
    for s in range(x.shape[0]):
        both = ~np.isnan(x[s]) & ~np.isnan(z[s])
        if both.any():
            mx.append(x[s][both].mean())
            mz.append(z[s][both].mean())
    return correlate(merge_rounding_ties(mx), merge_rounding_ties(mz), method)


def summary_level(x, z, method):
    # n: the pairs of the documents that count, as Concord reports it.
    per_document = [correlate(x[:, d], z[:, d], method) for d in range(x.shape[1])]
    defined = [(v, n) for v, n in per_document if not math.isnan(v)]
    if not defined:
        return math.nan, 0
    return sum(v for v, _ in defined) / len(defined), sum(n for _, n in defined)


LEVELS = {"dataset": dataset_level, "system": system_level, "summary": summary_level}


def williams(r12, r13, r23, n):
    if n < 4:
        return math.nan, math.nan, math.nan
    det = 1 - r12 ** 2 - r13 ** 2 - r23 ** 2 + 2 * r12 * r13 * r23
    rbar = (r12 + r13) / 2
    denominator = 2 * (n - 1) / (n - 3) * det + rbar ** 2 * (1 - r23) ** 3
    if not denominator > 0:
        return math.nan, math.nan, math.nan
    t = (r12 - r13) * math.sqrt((n - 1) * (1 + r23)) / math.sqrt(denominator)
    df = n - 3
    return t, 2 * stats.t.sf(abs(t), df), stats.t.sf(t, df)


def standardised(m):
    cells = m[~np.isnan(m)]
    mean, sd = cells.mean(), cells.std()
    return (m - mean) / sd if sd > 0 else m - mean


def permutation_p(a, b, z, statistic, resamples, seed):
    za, zb = standardised(a), standardised(b)
    observed = abs(statistic(za, z) - statistic(zb, z))
    flips = CoinFlips(seed)
    at_least = used = 0
    for _ in range(resamples):
        pa, pb = za.copy(), zb.copy()
        for s in range(a.shape[0]):
            for d in range(a.shape[1]):
                if flips.flip():
                    pa[s, d], pb[s, d] = zb[s, d], za[s, d]
        diff = statistic(pa, z) - statistic(pb, z)
        if math.isnan(diff):
            continue
        used += 1
        if abs(diff) >= observed - 1e-12:
            at_least += 1
    return (1 + at_least) / (1 + used)


def cpp(value):
    return "qQNaN()" if math.isnan(value) else repr(float(value))


def matrix(rows):
    return np.array([[math.nan if v is None else float(v) for v in row] for row in rows])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=24301)
    parser.add_argument("--resamples", type=int, default=1000)
    parser.add_argument("--judge-b", default="judge_b", help="the second judge (judge_a: a judge against itself)")
    args = parser.parse_args()
    check_engine()
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "judge_comparison_study.json")) as f:
        study = json.load(f)
    print("// judge_comparison_reference.py --seed %d --resamples %d (NumPy %s, SciPy %s)"
          % (args.seed, args.resamples, np.__version__, scipy.__version__))
    print("// dimension, level, coefficient: r(A,H), r(B,H), r(A,B), n, Williams t, p two-sided, p one-sided, permutation p")
    for dimension, ratings in study["ratings"].items():
        with np.errstate(invalid="ignore", divide="ignore"):
            humans = np.nanmean(np.stack([matrix(ratings[h]) for h in study["humans"]]), axis=0)
        a, b = matrix(ratings["judge_a"]), matrix(ratings[args.judge_b])
        together = ~np.isnan(a) & ~np.isnan(b) & ~np.isnan(humans)
        a, b, z = (np.where(together, m, math.nan) for m in (a, b, humans))
        for level, fn in LEVELS.items():
            for method in ("pearson", "spearman", "kendall_b", "kendall_c"):
                rah, n = fn(a, z, method)
                rbh, _ = fn(b, z, method)
                rab, _ = fn(a, b, method)
                if level != "summary" and method == "pearson":
                    t, p2, p1 = williams(rah, rbh, rab, n)
                else:
                    t = p2 = p1 = math.nan
                statistic = system_level_of_scores if level == "system" else fn
                perm = permutation_p(a, b, z, lambda x, y: statistic(x, y, method)[0], args.resamples, args.seed)
                print('    QTest::newRow("%s %s %s") << QStringLiteral("%s") << QStringLiteral("%s") << QStringLiteral("%s")'
                      % (dimension, level, method, dimension, level, method))
                print('        << %s << %s << %s << %d << %s << %s << %s << %s;'
                      % (cpp(rah), cpp(rbh), cpp(rab), n, cpp(t), cpp(p2), cpp(p1), cpp(perm)))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Concord developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reference values for tests/core/stats/tst_calibration.cpp.

An independent implementation (numpy/scipy) of the reliability bins, the expected calibration error of
both binnings and the Brier score as core/stats/calibration.h states them:
- scores mapped to [0, 1] from the scale bounds, (x - min) / (max - min);
- equal width: bin k holds [k/B, (k+1)/B), the last one 1 too;
- equal mass: sorted by the judge's score, a cut after round(k N / B) pairs (half rounded
  up, as C++'s llround does for positive numbers), moved forward past a run of equal scores;
- each bin's mean human score with a Student t interval (scipy.stats.t.ppf);
- Brier: mean (p - y)^2 with y = 1 when the human score is at least the threshold.
The test does not run this script; its output rows are pasted into the test. Run with:
/usr/bin/python3 tests/reference/calibration_reference.py
"""
import numpy as np
from scipy import stats

# Twelve summaries: a G-Eval-like judge's weighted score on a 1-5 scale, and the mean of three people.
JUDGE = [1.2, 1.9, 2.4, 2.6, 3.0, 3.0, 3.0, 3.7, 4.1, 4.4, 4.8, 5.0]
HUMAN = [1.0, 2.333333333333333, 2.0, 3.666666666666667, 2.666666666666667, 3.333333333333333,
         4.0, 3.0, 4.333333333333333, 5.0, 4.666666666666667, 4.333333333333333]
LOW, HIGH = 1.0, 5.0
BINS = 4
CONFIDENCE = 0.95


def unit(x):
    return (np.asarray(x, dtype=float) - LOW) / (HIGH - LOW)


def bin_row(j, h):
    n = len(j)
    mean_h = h.mean()
    if n >= 2:
        half = stats.t.ppf(0.5 + CONFIDENCE / 2, n - 1) * h.std(ddof=1) / np.sqrt(n)
        low, high = mean_h - half, mean_h + half
    else:
        low = high = float("nan")
    return n, j.mean(), mean_h, low, high


def equal_width(j, h):
    k = np.minimum(np.floor(np.clip(j, 0, 1) * BINS).astype(int), BINS - 1)
    return [(j[k == b], h[k == b]) for b in range(BINS)]


def equal_mass(j, h):
    order = np.argsort(j, kind="stable")
    js, hs = j[order], h[order]
    n = len(js)
    cuts = []
    for k in range(1, BINS):
        c = int(np.floor(k * n / BINS + 0.5))
        while 0 < c < n and js[c] == js[c - 1]:
            c += 1
        if 0 < c < n and (not cuts or c > cuts[-1]):
            cuts.append(c)
    edges = [0] + cuts + [n]
    return [(js[a:b], hs[a:b]) for a, b in zip(edges, edges[1:]) if b > a]


def report(name, bins):
    n = sum(len(j) for j, _ in bins)
    ece = 0.0
    print(name)
    for j, h in bins:
        if len(j) == 0:
            print("  empty bin")
            continue
        count, mj, mh, low, high = bin_row(j, h)
        ece += count * abs(mj - mh)
        print(f"  count {count} judge {mj!r} human {mh!r} interval {low!r} {high!r}")
    print(f"  ece {ece / n!r}")


def main():
    j, h = unit(JUDGE), unit(HUMAN)
    report("equal width", equal_width(j, h))
    report("equal mass", equal_mass(j, h))
    threshold = (LOW + HIGH) / 2
    y = (np.asarray(HUMAN) >= threshold).astype(float)
    print(f"brier {np.mean((j - y) ** 2)!r} positives {int(y.sum())}")


if __name__ == "__main__":
    main()

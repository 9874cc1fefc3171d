#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Concord developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reference values for tests/core/stats/tst_label_plan.cpp (stats::plannedMean, plannedMeanReference).

Written from the formulas of active inference (Zrnic & Candes 2024, "Active Statistical Inference",
ICML), independently of Concord's C++. N items, each with the judge's score f_i, the probability pi_i it
was drawn with for labelling, xi_i = 1 when it was drawn, and the person's score Y_i of every drawn item.
- The estimate with weight lambda on the judge:
      theta = mean(lambda f over all N) + (1 / N) * sum over the drawn of (Y_i - lambda f_i) / pi_i,
  the paper's (1/N) sum(lambda f_i + (Y_i - lambda f_i) xi_i / pi_i) written as the judge's mean plus an
  inverse-probability-weighted correction. lambda = 0 is inverse-probability weighting of the labels
  alone (Horvitz-Thompson), lambda = 1 the paper's active estimator.
- Its standard error: the sample standard deviation of the N terms lambda f_i + (Y_i - lambda f_i)
  xi_i / pi_i over sqrt(N); the interval theta -+ z_{1 - alpha/2} se (the paper's CLT interval).
- Power tuning: lambda minimising the sample variance of those terms, a quadratic in lambda, so
  lambda* = Cov(Y xi / pi, f (xi / pi - 1)) / Var(f (xi / pi - 1)); checked here against a numerical
  minimisation of the variance.
What Concord adds to the paper, computed here as core/stats/label_plan.h states it:
- variances divide by N - 1 (ddof = 1), as in tests/reference/ppi_reference.py;
- the tuned lambda is clipped to [0, 1] (0 when f (xi / pi - 1) does not vary); the unclipped lambda* is
  written beside it ("paper_lambda") so a fixture whose clip binds shows it;
- a Student t interval has (drawn items - 1) degrees of freedom; the normal one uses scipy.stats.norm.ppf.
The t quantile is not scipy.stats.t.ppf as it is: in scipy 1.10 that is off by 2e-11 to 1e-9 relative
(e.g. df 1, p 0.975: 12.706204736432095 against tan(0.475 pi) = 12.706204736174696; df 50 worst), more than
the 1e-12 the test holds to. It is polished here by Newton steps on scipy.special.stdtr (the t CDF) and
checked against the closed forms for 1 and 2 degrees of freedom.
The fixtures are built by integer formulas below (no random numbers), and written with their inputs to
tests/reference/planned_mean_reference.json, which the test reads. Doubles are written by json (Python's
shortest round-trip repr), so the C++ reads the same bits.
Run with: /usr/bin/python3 tests/reference/planned_mean_reference.py
"""
import json
import os

import numpy as np
from scipy import optimize, special, stats

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "planned_mean_reference.json")


def t_quantile(p, df):
    """t with P(T <= t) = p: scipy's t.ppf polished by Newton steps on the CDF until it stops moving."""
    t = stats.t.ppf(p, df)
    for _ in range(10):
        step = (special.stdtr(df, t) - p) / stats.t.pdf(t, df)
        t -= step
        if abs(step) <= 1e-16 * abs(t):
            break
    return t


def check_t_quantile():
    for p in (0.9, 0.95, 0.975):
        assert abs(t_quantile(p, 1) - np.tan(np.pi * (p - 0.5))) <= 4e-15 * t_quantile(p, 1)
        exact2 = (2 * p - 1) / np.sqrt(2 * p * (1 - p))
        assert abs(t_quantile(p, 2) - exact2) <= 4e-15 * exact2


def items(n, slope, shift, probability, certain_every=0):
    """n items: Y_i = 1 + (7 i mod 5), f_i = slope * Y_i + (13 i mod 7) / 7 + shift; pi_i from
    `probability(i)`, 1 for every certain_every-th item; drawn when (11 i + 3 mod 17) / 17 < pi_i."""
    out = []
    for i in range(n):
        y = 1.0 + (7 * i) % 5
        f = slope * y + ((13 * i) % 7) / 7.0 + shift
        p = 1.0 if certain_every and i % certain_every == 0 else probability(i)
        assert 0 < p <= 1
        drawn = ((11 * i + 3) % 17) / 17.0 < p
        out.append({"judge": f, "probability": p, "drawn": drawn, "y": y if drawn else None})
    return out


def fixtures():
    return [
        # Probabilities from 0.15 to 0.85 in ten steps; the judge follows the people.
        ("unequal probabilities", items(40, 0.8, -0.3, lambda i: 0.15 + 0.7 * ((3 * i) % 10) / 9.0)),
        # Every fifth item certain (pi = 1, as labels made before a plan count), the rest 0.2 to 0.6.
        ("some certain", items(25, 1.1, 0.4, lambda i: 0.2 + 0.1 * (i % 5), certain_every=5)),
        # Six items, two of them drawn (the fewest with an interval), one of those certain.
        ("small n", items(6, 0.9, 0.1, lambda i: [1.0, 0.3, 0.25, 0.2, 0.5, 0.15][i])),
        # A judge that runs against the people, around 0: the tuned lambda is below 0 and clipped to 0.
        ("judge against the people", items(30, -0.6, 1.0, lambda i: 0.25 + 0.05 * (i % 7))),
        # A judge with a flat slope: the tuned lambda is above 1 and clipped to 1.
        ("flat judge", items(30, 0.3, 1.0, lambda i: 0.3 + 0.1 * (i % 4))),
        # Equal probabilities: the plan is a uniform Bernoulli draw.
        ("uniform probabilities", items(36, 1.0, 0.0, lambda i: 0.35)),
    ]


def arrays(fixture):
    f = np.array([it["judge"] for it in fixture])
    p = np.array([it["probability"] for it in fixture])
    xi = np.array([1.0 if it["drawn"] else 0.0 for it in fixture])
    y = np.array([it["y"] if it["drawn"] else 0.0 for it in fixture])
    return f, p, xi, y


def terms(f, p, xi, y, lam):
    return lam * f + (y - lam * f) * xi / p


def estimate(f, p, xi, y, lam):
    big_n = len(f)
    drawn = xi > 0
    theta = np.mean(lam * f) + np.sum((y[drawn] - lam * f[drawn]) / p[drawn]) / big_n
    # The same as the mean of the paper's terms, up to rounding.
    assert abs(theta - np.mean(terms(f, p, xi, y, lam))) <= 1e-12 * max(1.0, abs(theta))
    se = np.std(terms(f, p, xi, y, lam), ddof=1) / np.sqrt(big_n)
    return theta, se


def tuned_lambda(f, p, xi, y):
    a = f * (xi / p - 1)
    b = y * xi / p
    var_a = np.var(a, ddof=1)
    if var_a == 0:
        return float("nan")
    lam = np.cov(b, a, ddof=1)[0, 1] / var_a
    # lambda* minimises the sample variance of the terms: check it numerically.
    found = optimize.minimize_scalar(lambda l: np.var(terms(f, p, xi, y, l), ddof=1), bracket=(-5, 5),
                                     tol=1e-12)
    assert abs(found.x - lam) <= 1e-6 * max(1.0, abs(lam)), (found.x, lam)
    return lam


def main():
    check_t_quantile()
    rows = []
    for name, fixture in fixtures():
        f, p, xi, y = arrays(fixture)
        drawn = int(xi.sum())
        assert drawn >= 2, name
        paper_lambda = tuned_lambda(f, p, xi, y)
        clipped = 0.0 if np.isnan(paper_lambda) else min(max(paper_lambda, 0.0), 1.0)
        for method, lam in (("classical", 0.0), ("ppi", 1.0), ("ppi++", clipped)):
            for interval in ("normal", "t"):
                for confidence in (0.95, 0.9):
                    theta, se = estimate(f, p, xi, y, lam)
                    df = drawn - 1 if interval == "t" else float("inf")
                    q = t_quantile(0.5 + confidence / 2, df) if interval == "t" else \
                        stats.norm.ppf(0.5 + confidence / 2)
                    rows.append({"fixture": name, "method": method, "interval": interval,
                                 "confidence": confidence, "lambda": float(lam), "estimate": float(theta),
                                 "standard_error": float(se), "low": float(theta - q * se),
                                 "high": float(theta + q * se),
                                 "degrees_of_freedom": None if interval == "normal" else float(df)})
        print(f"{name}: N = {len(f)}, drawn = {drawn}, certain = {int(np.sum(p == 1))}, "
              f"paper lambda* = {paper_lambda!r}, clipped {clipped!r}")
    out = {"generator": "tests/reference/planned_mean_reference.py",
           "numpy": np.__version__, "scipy": __import__("scipy").__version__,
           "fixtures": {name: fixture for name, fixture in fixtures()},
           "paper_lambda": {name: tuned_lambda(*arrays(fx)) for name, fx in fixtures()},
           "expected": rows}
    # One item or expected row a line: a diff shows which value moved.
    lines = ["{"]
    lines.append(f' "generator": {json.dumps(out["generator"])}, "numpy": {json.dumps(out["numpy"])}, '
                 f'"scipy": {json.dumps(out["scipy"])},')
    lines.append(' "fixtures": {')
    names = list(out["fixtures"])
    for k, name in enumerate(names):
        body = ",\n".join("  " + json.dumps(it) for it in out["fixtures"][name])
        lines.append(f' {json.dumps(name)}: [\n{body}\n ]' + ("," if k + 1 < len(names) else ""))
    lines.append(" },")
    lines.append(f' "paper_lambda": {json.dumps(out["paper_lambda"])},')
    lines.append(' "expected": [')
    lines.append(",\n".join("  " + json.dumps(r) for r in rows))
    lines.append(" ]")
    lines.append("}")
    with open(OUT, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    # What was written reads back as the same numbers.
    with open(OUT, encoding="utf-8") as fh:
        assert json.load(fh)["expected"] == rows
    print(f"{len(rows)} rows written to {OUT}")


if __name__ == "__main__":
    main()

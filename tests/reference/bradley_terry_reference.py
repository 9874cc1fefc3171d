#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Concord developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reference values for tests/core/stats/tst_bradley_terry.cpp.

Written from the papers' formulas, independently of Concord's C++:
- Davidson (1970)'s Bradley-Terry model with ties, P(i beats j) = pi_i / (pi_i + pi_j + nu sqrt(pi_i pi_j)),
  P(tie) = nu sqrt(pi_i pi_j) / (the same sum), fitted by maximum likelihood with scipy.optimize (BFGS on
  the negative log-likelihood, written one comparison at a time, then fsolve on the zero of its gradient
  to polish), the log-strengths shifted to mean 0; plain Bradley-Terry the same way with nu = 0;
- AlpacaEval 2's length-controlled win rate (Dubois et al. 2024) for one system against a baseline: a
  logistic regression of the outcome (1, 0.5 for a tie, 0) on an intercept and tanh(delta / sd(delta)),
  sd with ddof = 1, fitted with scipy.optimize.minimize (then fsolve on its gradient); the rate is the logistic of the intercept.
The fixtures are made by formulas both sides compute alike. The test does not run this script;
its output rows are pasted into the test.
Run with: /usr/bin/python3 tests/reference/bradley_terry_reference.py
"""
import warnings

import numpy as np
from scipy import optimize


def davidson_fixture(systems, documents):
    # Document d, systems i < j with handicaps q = (0, 2, 1, 3, 1): v = (13 d + 7 i + 3 j) mod 10; the
    # first system wins when v < 4 + q_j - q_i, ties when v < 6 + q_j - q_i, otherwise the second wins.
    q = [0, 2, 1, 3, 1]
    rows = []
    for d in range(documents):
        for i in range(systems):
            for j in range(i + 1, systems):
                v = (13 * d + 7 * i + 3 * j) % 10
                outcome = 'first' if v < 4 + q[j] - q[i] else 'tie' if v < 6 + q[j] - q[i] else 'second'
                rows.append((i, j, outcome))
    return rows


def negative_log_likelihood(params, rows, systems, ties):
    theta = np.concatenate([[0.0], params[:systems - 1]])
    nu = np.exp(params[-1]) if ties else 0.0
    total = 0.0
    for i, j, outcome in rows:
        if outcome == 'tie' and not ties:
            continue
        pi, pj = np.exp(theta[i]), np.exp(theta[j])
        t = nu * np.sqrt(pi * pj)
        denominator = pi + pj + t
        p = {'first': pi, 'second': pj, 'tie': t}[outcome] / denominator
        total -= np.log(p)
    return total


def fit(rows, systems, ties):
    start = np.zeros(systems - 1 + (1 if ties else 0))
    f = lambda x: negative_log_likelihood(x, rows, systems, ties)
    result = optimize.minimize(f, start, method='BFGS', options={'gtol': 1e-12, 'maxiter': 10000})
    # Polish: the zero of the gradient, d log p / d parameter summed over the comparisons.
    def gradient(x):
        theta = np.concatenate([[0.0], x[:systems - 1]])
        nu = np.exp(x[-1]) if ties else 0.0
        g = np.zeros(systems + 1)
        for i, j, outcome in rows:
            if outcome == 'tie' and not ties:
                continue
            pi, pj = np.exp(theta[i]), np.exp(theta[j])
            t = nu * np.sqrt(pi * pj)
            denominator = pi + pj + t
            g[i] -= (pi + t / 2) / denominator
            g[j] -= (pj + t / 2) / denominator
            g[systems] -= t / denominator
            if outcome == 'first':
                g[i] += 1
            elif outcome == 'second':
                g[j] += 1
            else:
                g[i] += 0.5
                g[j] += 0.5
                g[systems] += 1
        return -np.concatenate([g[1:systems], g[systems:] if ties else []])
    x = optimize.fsolve(gradient, result.x, xtol=1e-14)
    theta = np.concatenate([[0.0], x[:systems - 1]])
    theta -= theta.mean()
    nu = float(np.exp(x[-1])) if ties else 0.0
    return theta, nu, -f(x), np.max(np.abs(gradient(x)))


def lc_fixture(n):
    # Comparison k: v = 7 k mod 5; a loss for v < 2, a tie for v = 2, a win otherwise; the length difference
    # ((11 k) mod 17) - 8 + 2 v words, so that longer summaries win more often.
    outcome, delta = [], []
    for k in range(n):
        v = (7 * k) % 5
        outcome.append(0.0 if v < 2 else 0.5 if v == 2 else 1.0)
        delta.append(float((11 * k) % 17 - 8 + 2 * v))
    return np.array(outcome), np.array(delta)


def lc(outcome, delta):
    x = np.tanh(delta / delta.std(ddof=1))
    def nll(b):
        z = b[0] + b[1] * x
        return -np.sum(outcome * z - np.logaddexp(0, z))
    b = optimize.minimize(nll, np.zeros(2), method='BFGS', options={'gtol': 1e-12}).x
    # Polish: the zero of the gradient, sum of (outcome - p) (1, x).
    def gradient(b):
        r = outcome - 1 / (1 + np.exp(-(b[0] + b[1] * x)))
        return [r.sum(), (r * x).sum()]
    b = optimize.fsolve(gradient, b, xtol=1e-14)
    return outcome.mean(), 1 / (1 + np.exp(-b[0])), b[0], b[1]


def main():
    # fsolve says when xtol is below what double precision can still improve; the gradients printed show the optimum.
    warnings.simplefilter('ignore', RuntimeWarning)
    for name, systems, documents, ties in [("five systems, twelve documents", 5, 12, True),
                                            ("five systems, plain", 5, 12, False),
                                            ("four systems, seven documents", 4, 7, True)]:
        theta, nu, ll, g = fit(davidson_fixture(systems, documents), systems, ties)
        values = ', '.join(repr(float(t)) for t in theta)
        print(f'    // largest |gradient| at the reference optimum: {g:.1e}')
        print(f'    QTest::newRow("{name}") << {systems} << {documents} << {str(ties).lower()} << '
              f'QList<double>{{{values}}} << {nu!r} << {ll!r};')
    for n in (20, 35):
        raw, rate, a, b = lc(*lc_fixture(n))
        print(f'    QTest::newRow("{n} comparisons") << {n} << {raw!r} << {rate!r} << {a!r} << {b!r};')


if __name__ == "__main__":
    main()

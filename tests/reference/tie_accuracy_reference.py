#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Concord developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reference values for tests/core/stats/tst_pairwise_accuracy.cpp.

An independent implementation of Concord's tie-aware meta-evaluation (docs/architecture.md,
"Tie-aware pairwise accuracy"): pairwise accuracy, acc_eq with tie calibration by brute force over
every candidate threshold, and soft pairwise accuracy with scipy's exact paired permutation test
(SplitMix64 sign flips only where the test is sampled). The test does not run this script; its output
rows are pasted into the test. Run with: /usr/bin/python3 tests/reference/tie_accuracy_reference.py

With a directory argument (the SummEval files, e.g. ../shared/data/summeval) it also prints the values of
tst_cli's statsTieAwareAccuracyOnSummEval: turker_1 against the mean of the three experts on coherence, at
system and summary level. Systems and documents are in Concord's study order: files by name, documents as
first met.
"""
import itertools
import json
import os
import sys

import numpy as np
from scipy import stats

MASK = (1 << 64) - 1


def complete(m, h):
    m = np.asarray(m, dtype=float)
    h = np.asarray(h, dtype=float)
    keep = ~(np.isnan(m) | np.isnan(h))
    return m[keep], h[keep]


def acc(m, h):
    m, h = complete(m, h)
    ordered = agree = 0
    for i, j in itertools.combinations(range(len(m)), 2):
        sh = np.sign(h[i] - h[j])
        if sh == 0:
            continue
        ordered += 1
        agree += np.sign(m[i] - m[j]) == sh
    return agree / ordered if ordered else float("nan")


def acc_eq_at(m, h, eps):
    correct = total = 0
    for i, j in itertools.combinations(range(len(m)), 2):
        tied = abs(m[i] - m[j]) <= eps
        sh = np.sign(h[i] - h[j])
        correct += (sh == 0) if tied else (np.sign(m[i] - m[j]) == sh and sh != 0)
        total += 1
    return correct / total


def grouped_acc_eq(ms, hs):
    """One threshold for all groups, maximising the mean of the groups' acc_eq (smallest on ties)."""
    groups = [complete(m, h) for m, h in zip(ms, hs)]
    groups = [(m, h) for m, h in groups if len(m) >= 2]
    if not groups:
        return float("nan"), float("nan")
    gaps = [abs(m[i] - m[j]) for m, _ in groups for i, j in itertools.combinations(range(len(m)), 2)]
    best, best_eps = -1.0, 0.0
    for eps in sorted(set([0.0] + gaps)):
        score = np.mean([acc_eq_at(m, h, eps) for m, h in groups])
        if score > best + 1e-12:
            best, best_eps = score, eps
    return float(np.mean([acc_eq_at(m, h, best_eps) for m, h in groups])), best_eps


def splitmix_p(d, resamples, seed):
    state = seed
    observed = sum(d)
    threshold = observed - 1e-9 * (1 + sum(abs(v) for v in d))
    at_least = 0
    for _ in range(resamples):
        total = 0.0
        word = 0
        for k, v in enumerate(d):
            if k % 64 == 0:
                state = (state + 0x9E3779B97F4A7C15) & MASK
                r = state
                r = ((r ^ (r >> 30)) * 0xBF58476D1CE4E5B9) & MASK
                r = ((r ^ (r >> 27)) * 0x94D049BB133111EB) & MASK
                word = r ^ (r >> 31)
            total += -v if (word >> (k % 64)) & 1 else v
        at_least += total >= threshold
    return (1 + at_least) / (resamples + 1)


def sign_flip_p(d, exact_limit=12, resamples=1000, seed=20240927):
    d = [v for v in d if not np.isnan(v)]
    if not d:
        return 1.0
    nonzero = [v for v in d if v != 0]
    if len(nonzero) <= exact_limit:
        if not nonzero:
            return 1.0
        # scipy's exact test: with one sample, 'samples' flips the sign of every observation.
        res = stats.permutation_test((np.array(nonzero),), lambda a, axis: np.sum(a, axis=axis),
                                     permutation_type="samples", alternative="greater", n_resamples=np.inf)
        return float(res.pvalue)
    return splitmix_p(d, resamples, seed)


def spa(x, z):
    x = np.asarray(x, dtype=float)
    z = np.asarray(z, dtype=float)
    values = []
    for i, j in itertools.combinations(range(x.shape[0]), 2):
        keep = ~(np.isnan(x[i]) | np.isnan(x[j]) | np.isnan(z[i]) | np.isnan(z[j]))
        if not keep.any():
            continue
        pm = sign_flip_p(list(x[i, keep] - x[j, keep]))
        ph = sign_flip_p(list(z[i, keep] - z[j, keep]))
        values.append(1 - abs(ph - pm))
    return float(np.mean(values)) if values else float("nan")


def cpp_list(values):
    return "{" + ", ".join("kNaN" if np.isnan(v) else repr(float(v)) for v in values) + "}"


def main():
    rng = np.random.default_rng(20260115)
    print("// testAccuracy rows: name, metric, human, acc, acc_eq, epsilon")
    cases = {
        "ref_likert_8": (rng.integers(1, 6, 8), rng.integers(1, 6, 8)),
        "ref_thirds_10": (rng.integers(3, 16, 10) / 3, rng.integers(3, 16, 10) / 3),
        "ref_continuous_12": (np.round(rng.normal(0, 1, 12), 2), rng.integers(1, 4, 12)),
    }
    for name, (m, h) in cases.items():
        value, eps = grouped_acc_eq([m], [h])
        print(f'row("{name}", {cpp_list(m)}, {cpp_list(h)}, {acc(m, h)!r}, {value!r}, {eps!r});')

    print("// testSummaryLevel rows: name, systems, documents, metric (row-major), human, acc mean, acc_eq, epsilon")
    for name, (s, d) in {"ref_summary_4x5": (4, 5), "ref_summary_5x6": (5, 6)}.items():
        x = rng.integers(1, 6, (s, d)).astype(float)
        z = rng.integers(3, 16, (s, d)) / 3
        x[1, 2] = np.nan
        per_doc = [acc(x[:, k], z[:, k]) for k in range(d)]
        acc_mean = float(np.nanmean(per_doc))
        value, eps = grouped_acc_eq([x[:, k] for k in range(d)], [z[:, k] for k in range(d)])
        print(f'row("{name}", {s}, {d}, {cpp_list(x.ravel())}, {cpp_list(z.ravel())}, {acc_mean!r}, {value!r}, '
              f'{eps!r});')

    print("// testSignFlip rows: name, differences, p")
    flips = {
        "ref_exact_6": list(rng.integers(-3, 4, 6).astype(float)),
        "ref_exact_thirds_9": list(rng.integers(-6, 7, 9) / 3),
        "ref_sampled_20": list(rng.integers(-3, 5, 20).astype(float)),
        "ref_sampled_70": list(np.round(rng.normal(0.2, 1, 70), 3)),
    }
    for name, d in flips.items():
        print(f'row("{name}", {cpp_list(d)}, {sign_flip_p(d)!r});')

    print("// testSoftPairwiseAccuracy rows: name, systems, documents, metric, human, spa")
    for name, (s, d) in {"ref_spa_3x5": (3, 5), "ref_spa_4x8": (4, 8)}.items():
        x = rng.integers(1, 6, (s, d)).astype(float)
        z = rng.integers(3, 16, (s, d)) / 3
        x[0, 1] = np.nan
        print(f'row("{name}", {s}, {d}, {cpp_list(x.ravel())}, {cpp_list(z.ravel())}, {spa(x, z)!r});')


def summeval(directory, rater=0, dimension="coherence"):
    """The study `concord-cli import --format summeval` makes of the files in `directory`, as matrices."""
    systems, documents, metric, human = [], [], {}, {}
    for name in sorted(f for f in os.listdir(directory) if f.endswith(".jsonl")):
        with open(os.path.join(directory, name), encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                if r["model_id"] not in systems:
                    systems.append(r["model_id"])
                if r["id"] not in documents:
                    documents.append(r["id"])
                key = (r["model_id"], r["id"])
                metric[key] = float(r["turker_annotations"][rater][dimension])
                experts = [float(a[dimension]) for a in r["expert_annotations"]]
                total = 0.0
                for v in experts:  # summed in rater order, as the group mean is
                    total += v
                human[key] = total / len(experts)
    x = np.array([[metric.get((s, d), np.nan) for d in documents] for s in systems])
    z = np.array([[human.get((s, d), np.nan) for d in documents] for s in systems])
    return x, z


def row_means(x, z):
    mx, mz = [], []
    for s in range(x.shape[0]):
        keep = ~(np.isnan(x[s]) | np.isnan(z[s]))
        sx = sz = 0.0
        for a, b in zip(x[s, keep], z[s, keep]):  # summed in document order, as Concord does
            sx += a
            sz += b
        mx.append(sx / keep.sum())
        mz.append(sz / keep.sum())
    return np.array(mx), np.array(mz)


def main_summeval(directory):
    x, z = summeval(directory)
    mx, mz = row_means(x, z)
    value, eps = grouped_acc_eq([mx], [mz])
    print("// statsTieAwareAccuracyOnSummEval: turker_1 against the experts' mean, coherence")
    print(f"// system: acc {acc(mx, mz)!r}, acc_eq {value!r}, tie_threshold {eps!r}, spa {spa(x, z)!r}")
    per_doc = [acc(x[:, k], z[:, k]) for k in range(x.shape[1])]
    value, eps = grouped_acc_eq([x[:, k] for k in range(x.shape[1])], [z[:, k] for k in range(x.shape[1])])
    print(f"// summary: acc {float(np.nanmean(per_doc))!r} over {int(np.sum(~np.isnan(per_doc)))} documents, "
          f"acc_eq {value!r}, tie_threshold {eps!r}")


if __name__ == "__main__":
    if len(sys.argv) > 1:
        main_summeval(sys.argv[1])
    else:
        main()

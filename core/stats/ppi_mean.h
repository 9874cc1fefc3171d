// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace concord::stats {

// How the human labels and the judge's scores are combined.
enum class PpiMethod {
    Classical,   // the human labels alone
    Ppi,         // prediction-powered inference, lambda = 1 (Angelopoulos et al. 2023)
    PpiPlusPlus, // lambda power-tuned and clipped to [0, 1] (Angelopoulos, Duchi & Zrnic 2023)
};

// A mean with its normal (CLT) interval; NaN where it cannot be computed.
struct MeanInterval {
    double estimate;
    double low;
    double high;
    double standardError;
};

// The mean of Y, a person's score, over a population of which only some items are labelled, while a
// judge's score f is known for every item:
// - human: the labelled Y alone, mean +- z * sd(Y) / sqrt(n);
// - judgeOnly: f over every item, labelled or not; it estimates the judge's mean, not the people's (biased);
// - ppi: theta = lambda * mean(f over the unlabelled) + mean(Y - lambda * f over the labelled), with
//   se^2 = lambda^2 * var(f over the unlabelled) / N + var(Y - lambda * f over the labelled) / n.
// PPI++'s lambda = cov(Y, f) / ((1 + n / N) * var(f)), cov over the labelled, var over every item, clipped
// to [0, 1]. Variances and the covariance divide by count - 1. The unlabelled set is every item with a
// judge score and no label, disjoint from the labelled ones, as in the papers.
struct PpiMean {
    MeanInterval human;
    MeanInterval judgeOnly;
    MeanInterval ppi;
    double lambda = 0;
    std::size_t labelled = 0;
    std::size_t unlabelled = 0;
    // The number of human labels alone that would give ppi's standard error, and how many more that is
    // than were used (the labels the judge was worth).
    double effectiveLabels = 0;
    double labelsSaved = 0;
    std::string why; // empty, or why there is no interval (fewer than two labelled items)
};

// y and labelledJudge: one entry per labelled item, in the same order; unlabelledJudge: the judge's
// score of every unlabelled item. confidence in (0, 1), e.g. 0.95.
PpiMean ppiMean(const std::vector<double> &y, const std::vector<double> &labelledJudge,
                const std::vector<double> &unlabelledJudge, double confidence, PpiMethod method);

// The difference of two independent estimates (two systems' means over disjoint items): estimate
// a - b, se = sqrt(se_a^2 + se_b^2).
MeanInterval difference(const MeanInterval &a, const MeanInterval &b, double confidence);

// How many of a system's `items` summaries (every one the judge scored) must be labelled for an interval of
// full width `width`, from the relation measured so far (var Y and cov(Y, f) over the labelled, var f over
// every scored summary): alone, the smallest n with var Y / n <= (width / (2 z))^2; with the judge, the
// smallest n whose PPI variance lambda^2 var f / (items - n) + (var Y - 2 lambda cov + lambda^2 var f) / n
// gets there, lambda as the method sets it for that n (PPI++: tuned again for n and items - n, clipped to
// [0, 1]; PPI: 1; classical: 0). NaN when no n up to `items` gets there, or fewer than two labels were
// measured.
struct LabelsNeeded {
    double alone = 0;
    double withJudge = 0;
};
LabelsNeeded labelsNeeded(const std::vector<double> &y, const std::vector<double> &labelledJudge,
                          const std::vector<double> &unlabelledJudge, PpiMethod method, double width,
                          double confidence);

const char *toString(PpiMethod method);

} // namespace concord::stats

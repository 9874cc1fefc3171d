// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "stats/moderated_variance.h"

#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace concord::stats {

// How the human labels and the judge's scores are combined.
enum class PpiMethod {
    Classical,   // the human labels alone
    Ppi,         // prediction-powered inference, lambda = 1 (Angelopoulos et al. 2023)
    PpiPlusPlus, // lambda power-tuned and clipped to [0, 1] (Angelopoulos, Duchi & Zrnic 2023)
};

// How an interval's half-width is taken from the standard error.
enum class IntervalKind {
    Normal,   // z: the papers' CLT interval
    StudentT, // t with the degrees of freedom of the standard error (Welch-Satterthwaite where it sums parts)
};

// A mean with its interval; NaN where it cannot be computed. degreesOfFreedom is infinite for a normal
// interval.
struct MeanInterval {
    double estimate;
    double low;
    double high;
    double standardError;
    double degreesOfFreedom = std::numeric_limits<double>::infinity();
};

struct PpiOptions {
    double confidence = 0.95;
    PpiMethod method = PpiMethod::PpiPlusPlus;
    IntervalKind interval = IntervalKind::Normal;
    // PPI++ only: this lambda instead of one tuned on these items (e.g. one tuned over a pool of them, as
    // ppiTunedLambda gives). Any fixed lambda keeps the interval valid; one tuned on a handful of labels
    // that happen to agree is 0 and gives the labels' zero-width interval.
    std::optional<double> lambda;
    // The prior of the rectifier's variance, fitted over several means' rectifiers (fitVariancePrior): PPI's
    // labelled term becomes the moderated var(Y - lambda f) / n, with d0 + n - 1 df (Smyth 2004). Also with
    // lambda 0, where the rectifier is Y; the human-only interval is left as it is.
    std::optional<VariancePrior> rectifierPrior;
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
    // Empty, or why the interval may be too narrow: labels that all agree (a tenth of a skewed dimension's
    // labels often do) give the labels alone a width of 0 and PPI only the judge's spread. With ten labels
    // piled at one end of the scale, a draw that misses the rare other scores has a high mean and a small
    // spread together, so the t interval is short exactly when it is off; only more labels mend that.
    std::string caution;
};

// y and labelledJudge: one entry per labelled item, in the same order; unlabelledJudge: the judge's
// score of every unlabelled item. confidence in (0, 1), e.g. 0.95.
PpiMean ppiMean(const std::vector<double> &y, const std::vector<double> &labelledJudge,
                const std::vector<double> &unlabelledJudge, double confidence, PpiMethod method);
// The same with options. With IntervalKind::StudentT the labels' interval has n - 1 degrees of freedom and
// PPI's the Welch-Satterthwaite df of its two variance terms, (a + b)^2 / (a^2 / (n - 1) + b^2 / (N - 1)) with
// a = var(rectifier) / n and b = lambda^2 var(f unlabelled) / N; the judge-only interval N + n - 1.
PpiMean ppiMean(const std::vector<double> &y, const std::vector<double> &labelledJudge,
                const std::vector<double> &unlabelledJudge, const PpiOptions &options);

// PPI++'s power-tuned lambda, cov(Y, f) / ((1 + n / N) var f), clipped to [0, 1]: 0 without two labelled
// and one unlabelled item or when f does not vary.
double ppiTunedLambda(const std::vector<double> &y, const std::vector<double> &labelledJudge,
                      const std::vector<double> &unlabelledJudge);

// The difference of two independent estimates (two systems' means over disjoint items): estimate
// a - b, se = sqrt(se_a^2 + se_b^2); a t interval when either is one, its df by Welch-Satterthwaite.
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

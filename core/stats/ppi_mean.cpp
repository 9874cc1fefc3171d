// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/ppi_mean.h"

#include "stats/special_functions.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <stdexcept>
#include <utility>

namespace concord::stats {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double mean(const std::vector<double> &v)
{
    double sum = 0;
    for (const double x : v)
        sum += x;
    return v.empty() ? kNaN : sum / static_cast<double>(v.size());
}

// Sample covariance (divided by count - 1) of two equally long lists.
double covariance(const std::vector<double> &a, const std::vector<double> &b)
{
    if (a.size() < 2)
        return kNaN;
    const double ma = mean(a);
    const double mb = mean(b);
    double sum = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        sum += (a[i] - ma) * (b[i] - mb);
    return sum / static_cast<double>(a.size() - 1);
}

double variance(const std::vector<double> &v)
{
    return covariance(v, v);
}

constexpr double kInf = std::numeric_limits<double>::infinity();

MeanInterval around(double estimate, double se, double confidence, double df)
{
    if (std::isnan(se) || std::isnan(df))
        return {estimate, kNaN, kNaN, kNaN, df};
    const double q = studentTQuantile(0.5 + confidence / 2, df);
    return {estimate, estimate - q * se, estimate + q * se, se, df};
}

// Welch-Satterthwaite: the df of a sum of variance terms, each with its own df. A term of zero adds
// nothing; all zero leaves the largest df (the interval has zero width anyway).
double satterthwaite(std::initializer_list<std::pair<double, double>> terms)
{
    double sum = 0;
    double weighted = 0;
    double largest = 0;
    for (const auto &[variance, df] : terms) {
        sum += variance;
        largest = std::max(largest, df);
        if (variance > 0)
            weighted += variance * variance / df;
    }
    if (std::isnan(sum))
        return kNaN;
    return weighted > 0 ? sum * sum / weighted : largest;
}

} // namespace

const char *toString(PpiMethod method)
{
    switch (method) {
    case PpiMethod::Classical:
        return "classical";
    case PpiMethod::Ppi:
        return "ppi";
    case PpiMethod::PpiPlusPlus:
        return "ppi++";
    }
    return "?";
}

double ppiTunedLambda(const std::vector<double> &y, const std::vector<double> &labelledJudge,
                      const std::vector<double> &unlabelledJudge)
{
    if (y.size() != labelledJudge.size())
        throw std::invalid_argument("ppiTunedLambda: one judge score per labelled item");
    if (unlabelledJudge.empty() || y.size() < 2)
        return 0;
    std::vector<double> every = labelledJudge;
    every.insert(every.end(), unlabelledJudge.begin(), unlabelledJudge.end());
    const double varF = variance(every);
    const double n = static_cast<double>(y.size());
    const double bigN = static_cast<double>(unlabelledJudge.size());
    const double tuned = varF > 0 ? covariance(y, labelledJudge) / ((1 + n / bigN) * varF) : 0;
    return std::isnan(tuned) ? 0 : std::clamp(tuned, 0.0, 1.0);
}

PpiMean ppiMean(const std::vector<double> &y, const std::vector<double> &labelledJudge,
                const std::vector<double> &unlabelledJudge, double confidence, PpiMethod method)
{
    PpiOptions options;
    options.confidence = confidence;
    options.method = method;
    return ppiMean(y, labelledJudge, unlabelledJudge, options);
}

PpiMean ppiMean(const std::vector<double> &y, const std::vector<double> &labelledJudge,
                const std::vector<double> &unlabelledJudge, const PpiOptions &options)
{
    const double confidence = options.confidence;
    const PpiMethod method = options.method;
    if (y.size() != labelledJudge.size())
        throw std::invalid_argument("ppiMean: one judge score per labelled item");
    if (!(confidence > 0 && confidence < 1))
        throw std::invalid_argument("ppiMean: confidence must lie between 0 and 1");
    if (options.lambda && !(*options.lambda >= 0 && *options.lambda <= 1))
        throw std::invalid_argument("ppiMean: a given lambda lies in [0, 1]");
    const bool t = options.interval == IntervalKind::StudentT;
    const double n = static_cast<double>(y.size());
    const double bigN = static_cast<double>(unlabelledJudge.size());

    PpiMean out;
    out.labelled = y.size();
    out.unlabelled = unlabelledJudge.size();
    if (y.size() < 2)
        out.why = "fewer than two labelled items";

    const double varY = variance(y);
    if (varY == 0)
        out.caution = "the labels all agree: the interval may be too narrow; label more summaries";
    out.human = around(mean(y), std::sqrt(varY / n), confidence, t ? n - 1 : kInf);

    std::vector<double> every = labelledJudge;
    every.insert(every.end(), unlabelledJudge.begin(), unlabelledJudge.end());
    const double everyN = static_cast<double>(every.size());
    out.judgeOnly = around(mean(every), std::sqrt(variance(every) / everyN), confidence, t ? everyN - 1 : kInf);

    // Without unlabelled items the judge adds nothing: the estimate is the human one.
    double lambda = 0;
    if (method == PpiMethod::Ppi && !unlabelledJudge.empty())
        lambda = 1;
    if (method == PpiMethod::PpiPlusPlus && !unlabelledJudge.empty() && y.size() >= 2)
        lambda = options.lambda ? *options.lambda : ppiTunedLambda(y, labelledJudge, unlabelledJudge);
    out.lambda = lambda;
    if (lambda == 0 && !options.rectifierPrior) {
        out.ppi = out.human;
    } else {
        std::vector<double> rectifier(y.size());
        for (std::size_t i = 0; i < y.size(); ++i)
            rectifier[i] = y[i] - lambda * labelledJudge[i];
        // Lambda 0 (moderated): the judge's term is absent, unlabelled items or not.
        const double estimate = (lambda > 0 ? lambda * mean(unlabelledJudge) : 0) + mean(rectifier);
        // One unlabelled item has no variance to estimate: it counts as none.
        const double varU = unlabelledJudge.size() >= 2 ? variance(unlabelledJudge) : 0;
        const double imputed = lambda > 0 ? lambda * lambda * varU / bigN : 0;
        double rectified = variance(rectifier) / n;
        double rectifiedDf = n - 1;
        if (options.rectifierPrior && y.size() >= 2) {
            rectified = moderatedVariance(*options.rectifierPrior, rectified * n, n - 1) / n;
            rectifiedDf = options.rectifierPrior->df + n - 1;
        }
        const double df = t ? satterthwaite({{rectified, rectifiedDf}, {imputed, std::max(bigN - 1, 1.0)}}) : kInf;
        out.ppi = around(estimate, std::sqrt(imputed + rectified), confidence, df);
    }
    // Without the judge (lambda 0) the labels are worth themselves exactly, not up to rounding.
    const double sePpi = out.ppi.standardError;
    if (lambda == 0)
        out.effectiveLabels = std::isnan(sePpi) ? kNaN : n;
    else
        out.effectiveLabels = sePpi > 0 ? varY / (sePpi * sePpi) : (std::isnan(sePpi) ? kNaN : n);
    out.labelsSaved = out.effectiveLabels - n;
    return out;
}

LabelsNeeded labelsNeeded(const std::vector<double> &y, const std::vector<double> &labelledJudge,
                          const std::vector<double> &unlabelledJudge, PpiMethod method, double width, double confidence)
{
    if (y.size() != labelledJudge.size())
        throw std::invalid_argument("labelsNeeded: one judge score per labelled item");
    LabelsNeeded out{kNaN, kNaN};
    if (y.size() < 2 || !(width > 0))
        return out;
    const double z = normalQuantile(0.5 + confidence / 2);
    const double target = (width / (2 * z)) * (width / (2 * z)); // the variance to reach
    const std::size_t items = y.size() + unlabelledJudge.size();
    const double varY = variance(y);
    const double alone = std::max(std::ceil(varY / target), 2.0);
    if (alone <= static_cast<double>(items))
        out.alone = alone;
    std::vector<double> every = labelledJudge;
    every.insert(every.end(), unlabelledJudge.begin(), unlabelledJudge.end());
    const double varF = variance(every);
    const double cov = covariance(y, labelledJudge);
    for (std::size_t n = 2; n <= items; ++n) {
        const double labelled = static_cast<double>(n);
        const double unlabelled = static_cast<double>(items - n);
        double lambda = method == PpiMethod::Ppi ? 1.0 : 0.0;
        if (method == PpiMethod::PpiPlusPlus && unlabelled > 0 && varF > 0)
            lambda = std::clamp(cov / ((1 + labelled / unlabelled) * varF), 0.0, 1.0);
        if (unlabelled == 0)
            lambda = 0; // every summary labelled: the labels alone
        const double imputed = lambda > 0 ? lambda * lambda * varF / unlabelled : 0;
        const double rectified = (varY - 2 * lambda * cov + lambda * lambda * varF) / labelled;
        if (imputed + rectified <= target) {
            out.withJudge = labelled;
            break;
        }
    }
    return out;
}

MeanInterval difference(const MeanInterval &a, const MeanInterval &b, double confidence)
{
    const double va = a.standardError * a.standardError;
    const double vb = b.standardError * b.standardError;
    const bool normal = std::isinf(a.degreesOfFreedom) && std::isinf(b.degreesOfFreedom);
    const double df = normal ? kInf : satterthwaite({{va, a.degreesOfFreedom}, {vb, b.degreesOfFreedom}});
    return around(a.estimate - b.estimate, std::sqrt(va + vb), confidence, df);
}

} // namespace concord::stats

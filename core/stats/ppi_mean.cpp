// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/ppi_mean.h"

#include "stats/special_functions.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

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

MeanInterval around(double estimate, double se, double z)
{
    if (std::isnan(se))
        return {estimate, kNaN, kNaN, kNaN};
    return {estimate, estimate - z * se, estimate + z * se, se};
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

PpiMean ppiMean(const std::vector<double> &y, const std::vector<double> &labelledJudge,
                const std::vector<double> &unlabelledJudge, double confidence, PpiMethod method)
{
    if (y.size() != labelledJudge.size())
        throw std::invalid_argument("ppiMean: one judge score per labelled item");
    if (!(confidence > 0 && confidence < 1))
        throw std::invalid_argument("ppiMean: confidence must lie between 0 and 1");
    const double z = normalQuantile(0.5 + confidence / 2);
    const double n = static_cast<double>(y.size());
    const double bigN = static_cast<double>(unlabelledJudge.size());

    PpiMean out;
    out.labelled = y.size();
    out.unlabelled = unlabelledJudge.size();
    if (y.size() < 2)
        out.why = "fewer than two labelled items";

    const double varY = variance(y);
    out.human = around(mean(y), std::sqrt(varY / n), z);

    std::vector<double> every = labelledJudge;
    every.insert(every.end(), unlabelledJudge.begin(), unlabelledJudge.end());
    out.judgeOnly = around(mean(every), std::sqrt(variance(every) / static_cast<double>(every.size())), z);

    // Without unlabelled items the judge adds nothing: the estimate is the human one.
    double lambda = 0;
    if (method == PpiMethod::Ppi && !unlabelledJudge.empty())
        lambda = 1;
    if (method == PpiMethod::PpiPlusPlus && !unlabelledJudge.empty() && y.size() >= 2) {
        const double varF = variance(every);
        const double tuned = varF > 0 ? covariance(y, labelledJudge) / ((1 + n / bigN) * varF) : 0;
        lambda = std::isnan(tuned) ? 0 : std::clamp(tuned, 0.0, 1.0);
    }
    out.lambda = lambda;
    if (lambda == 0) {
        out.ppi = out.human;
    } else {
        std::vector<double> rectifier(y.size());
        for (std::size_t i = 0; i < y.size(); ++i)
            rectifier[i] = y[i] - lambda * labelledJudge[i];
        const double estimate = lambda * mean(unlabelledJudge) + mean(rectifier);
        // One unlabelled item has no variance to estimate: it counts as none.
        const double varU = unlabelledJudge.size() >= 2 ? variance(unlabelledJudge) : 0;
        const double se = std::sqrt(lambda * lambda * varU / bigN + variance(rectifier) / n);
        out.ppi = around(estimate, se, z);
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
    const double z = normalQuantile(0.5 + confidence / 2);
    return around(a.estimate - b.estimate,
                  std::sqrt(a.standardError * a.standardError + b.standardError * b.standardError), z);
}

} // namespace concord::stats

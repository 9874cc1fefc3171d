// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/label_plan.h"

#include "stats/special_functions.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>

namespace concord::stats {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

} // namespace

std::vector<double> planProbabilities(const std::vector<double> &uncertainty, double budget, double uniformShare)
{
    const std::size_t n = uncertainty.size();
    if (!(budget > 0 && budget <= static_cast<double>(n)))
        throw std::invalid_argument("planProbabilities: the budget must lie above 0 and at most the number of items");
    if (!(uniformShare > 0 && uniformShare <= 1))
        throw std::invalid_argument("planProbabilities: the uniform share must lie above 0 and at most 1");
    double known = 0;
    std::size_t knownCount = 0;
    for (const double u : uncertainty) {
        if (std::isnan(u))
            continue;
        if (!(u >= 0) || std::isinf(u))
            throw std::invalid_argument("planProbabilities: an uncertainty must be a number of at least 0");
        known += u;
        ++knownCount;
    }
    const double fill = knownCount > 0 ? known / static_cast<double>(knownCount) : 0;
    const double total = known + fill * static_cast<double>(n - knownCount);
    const double share = total > 0 ? uniformShare : 1.0;
    std::vector<double> p(n);
    for (std::size_t i = 0; i < n; ++i) {
        const double u = std::isnan(uncertainty[i]) ? fill : uncertainty[i];
        p[i] = (1 - share) * budget * (total > 0 ? u / total : 0) + share * budget / static_cast<double>(n);
    }
    // Cap at 1 and give what was cut to the others in proportion, until none is above 1. Each pass fixes
    // at least one more item at 1, so it ends.
    std::vector<bool> capped(n, false);
    for (;;) {
        double excess = 0;
        double open = 0;
        for (std::size_t i = 0; i < n; ++i) {
            if (capped[i])
                continue;
            if (p[i] >= 1) {
                excess += p[i] - 1;
                p[i] = 1;
                capped[i] = true;
            }
        }
        if (excess <= 0)
            break;
        for (std::size_t i = 0; i < n; ++i)
            if (!capped[i])
                open += p[i];
        if (open <= 0)
            break;
        const double scale = (open + excess) / open;
        for (std::size_t i = 0; i < n; ++i)
            if (!capped[i])
                p[i] *= scale;
    }
    return p;
}

std::vector<bool> drawPlan(const std::vector<double> &probabilities, std::uint64_t seed)
{
    std::mt19937_64 engine(seed);
    std::vector<bool> drawn(probabilities.size());
    for (std::size_t i = 0; i < probabilities.size(); ++i) {
        const double u = static_cast<double>(engine() >> 11) * 0x1.0p-53;
        drawn[i] = u < probabilities[i];
    }
    return drawn;
}

PlannedMean plannedMean(const std::vector<PlannedItem> &items, double confidence, PpiMethod method,
                        IntervalKind interval)
{
    if (!(confidence > 0 && confidence < 1))
        throw std::invalid_argument("plannedMean: confidence must lie between 0 and 1");
    PlannedMean out;
    out.items = items.size();
    out.mean = {kNaN, kNaN, kNaN, kNaN};
    for (const auto &item : items) {
        if (!(item.probability > 0 && item.probability <= 1))
            throw std::invalid_argument("plannedMean: a probability must lie above 0 and at most 1");
        if (item.drawn) {
            ++out.drawn;
            if (std::isnan(item.y))
                ++out.missing;
        }
    }
    if (out.missing > 0) {
        out.why = std::to_string(out.missing) + " drawn item(s) not labelled yet";
        return out;
    }
    if (out.drawn < 2) {
        out.why = "fewer than two drawn items";
        return out;
    }
    const double n = static_cast<double>(items.size());
    // t_i = lambda A_i + B_i.
    std::vector<double> a(items.size()), b(items.size());
    double meanA = 0, meanB = 0;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const double weight = items[i].drawn ? 1 / items[i].probability : 0;
        a[i] = items[i].judge * (1 - weight);
        b[i] = items[i].drawn ? items[i].y * weight : 0;
        meanA += a[i];
        meanB += b[i];
    }
    meanA /= n;
    meanB /= n;
    double varA = 0, covAB = 0;
    for (std::size_t i = 0; i < items.size(); ++i) {
        varA += (a[i] - meanA) * (a[i] - meanA);
        covAB += (a[i] - meanA) * (b[i] - meanB);
    }
    double lambda = method == PpiMethod::Ppi ? 1.0 : 0.0;
    if (method == PpiMethod::PpiPlusPlus)
        lambda = varA > 0 ? std::clamp(-covAB / varA, 0.0, 1.0) : 0.0;
    out.lambda = lambda;
    double sum = 0;
    for (std::size_t i = 0; i < items.size(); ++i)
        sum += lambda * a[i] + b[i];
    const double theta = sum / n;
    double ss = 0;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const double d = lambda * a[i] + b[i] - theta;
        ss += d * d;
    }
    const double se = std::sqrt(ss / (n - 1) / n);
    const double df = interval == IntervalKind::StudentT ? static_cast<double>(out.drawn) - 1
                                                         : std::numeric_limits<double>::infinity();
    const double q = studentTQuantile(0.5 + confidence / 2, df);
    out.mean = {theta, theta - q * se, theta + q * se, se, df};
    return out;
}

} // namespace concord::stats

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/length_controlled_win_rate.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace concord::stats {

namespace {

double logistic(double x)
{
    return x >= 0 ? 1 / (1 + std::exp(-x)) : std::exp(x) / (1 + std::exp(x));
}

} // namespace

LengthControlledWinRate lengthControlledWinRate(const std::vector<BaselineComparison> &comparisons)
{
    LengthControlledWinRate out;
    const std::size_t n = comparisons.size();
    out.comparisons = n;
    if (n == 0) {
        out.note = "no comparisons with the baseline";
        return out;
    }
    double sum = 0, meanDelta = 0;
    for (const auto &c : comparisons) {
        sum += c.outcome;
        meanDelta += c.lengthDifference;
    }
    out.winRate = sum / static_cast<double>(n);
    meanDelta /= static_cast<double>(n);
    double squares = 0;
    for (const auto &c : comparisons)
        squares += (c.lengthDifference - meanDelta) * (c.lengthDifference - meanDelta);
    const double sd = n > 1 ? std::sqrt(squares / static_cast<double>(n - 1)) : 0.0;
    if (out.winRate == 0 || out.winRate == 1) {
        out.controlledWinRate = out.winRate;
        out.note = "every comparison went one way: nothing for the length to explain";
        return out;
    }
    if (!(sd > 0)) {
        out.controlledWinRate = out.winRate;
        out.intercept = std::log(out.winRate / (1 - out.winRate));
        out.lengthCoefficient = 0;
        out.note = "every length difference is the same: no length term";
        return out;
    }
    // The maximum is at an infinite coefficient when a length cut separates the wins from the losses (a tie
    // counts as both, so it must sit on the cut): then no length-controlled rate can be read off.
    constexpr double inf = std::numeric_limits<double>::infinity();
    double lowestWin = inf, highestWin = -inf, lowestLoss = inf, highestLoss = -inf;
    for (const auto &c : comparisons) {
        if (c.outcome > 0) {
            lowestWin = std::min(lowestWin, c.lengthDifference);
            highestWin = std::max(highestWin, c.lengthDifference);
        }
        if (c.outcome < 1) {
            lowestLoss = std::min(lowestLoss, c.lengthDifference);
            highestLoss = std::max(highestLoss, c.lengthDifference);
        }
    }
    if (highestLoss <= lowestWin || highestWin <= lowestLoss) {
        out.note = "the length separates the wins from the losses: the length coefficient is infinite";
        return out;
    }
    std::vector<double> x(n);
    for (std::size_t i = 0; i < n; ++i)
        x[i] = std::tanh(comparisons[i].lengthDifference / sd);
    // Newton's method on the concave log-likelihood, from the plain win rate and no length effect.
    double a = std::log(out.winRate / (1 - out.winRate)), b = 0;
    bool converged = false;
    for (int iteration = 0; iteration < 100 && !converged; ++iteration) {
        double ga = 0, gb = 0, haa = 0, hab = 0, hbb = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const double p = logistic(a + b * x[i]);
            const double r = comparisons[i].outcome - p;
            const double w = p * (1 - p);
            ga += r;
            gb += r * x[i];
            haa += w;
            hab += w * x[i];
            hbb += w * x[i] * x[i];
        }
        const double det = haa * hbb - hab * hab;
        if (!(det > 0))
            break;
        const double da = (hbb * ga - hab * gb) / det;
        const double db = (haa * gb - hab * ga) / det;
        a += da;
        b += db;
        converged = std::fabs(da) < 1e-12 * (1 + std::fabs(a)) && std::fabs(db) < 1e-12 * (1 + std::fabs(b));
    }
    if (!converged || !std::isfinite(a) || !std::isfinite(b)) {
        out.note = "the regression did not converge";
        return out;
    }
    out.intercept = a;
    out.lengthCoefficient = b;
    out.controlledWinRate = logistic(a);
    return out;
}

} // namespace concord::stats

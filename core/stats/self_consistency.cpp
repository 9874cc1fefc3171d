// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/self_consistency.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace concord::stats {

namespace {

std::map<double, std::size_t> counts(const std::vector<double> &values)
{
    std::map<double, std::size_t> out;
    for (const double v : values)
        ++out[v];
    return out;
}

// The zero-one error of `answer` against the majority of `others`, expected over the values tied for it.
double zeroOneError(double answer, const std::vector<double> &others)
{
    const auto c = counts(others);
    std::size_t most = 0;
    for (const auto &[value, n] : c)
        most = std::max(most, n);
    std::size_t tied = 0;
    bool among = false;
    for (const auto &[value, n] : c)
        if (n == most) {
            ++tied;
            among = among || value == answer;
        }
    return 1.0 - (among ? 1.0 / static_cast<double>(tied) : 0.0);
}

// The absolute error of `answer` against the median of `others` (sorted): of an even number, the midpoint of the
// two middle ones, as pandas' median gives it to AlpacaEval.
double absoluteError(double answer, const std::vector<double> &sortedOthers)
{
    const std::size_t n = sortedOthers.size();
    if (n % 2 == 1)
        return std::fabs(answer - sortedOthers[n / 2]);
    return std::fabs(answer - 0.5 * (sortedOthers[n / 2 - 1] + sortedOthers[n / 2]));
}

} // namespace

double voteShare(const std::vector<double> &answers)
{
    if (answers.empty())
        return std::numeric_limits<double>::quiet_NaN();
    std::size_t most = 0;
    for (const auto &[value, n] : counts(answers))
        most = std::max(most, n);
    return static_cast<double>(most) / static_cast<double>(answers.size());
}

SelfConsistency selfConsistency(const std::vector<std::vector<double>> &answersPerItem)
{
    SelfConsistency out;
    double share = 0, unanimous = 0, zeroOne = 0, absolute = 0;
    for (const auto &answers : answersPerItem) {
        if (answers.size() < 2)
            continue;
        ++out.items;
        out.answers += answers.size();
        const double itemShare = voteShare(answers);
        share += itemShare;
        unanimous += itemShare == 1.0 ? 1.0 : 0.0;
        double itemZeroOne = 0, itemAbsolute = 0;
        for (std::size_t i = 0; i < answers.size(); ++i) {
            std::vector<double> others;
            others.reserve(answers.size() - 1);
            for (std::size_t j = 0; j < answers.size(); ++j)
                if (j != i)
                    others.push_back(answers[j]);
            std::sort(others.begin(), others.end());
            itemZeroOne += zeroOneError(answers[i], others);
            itemAbsolute += absoluteError(answers[i], others);
        }
        zeroOne += itemZeroOne / static_cast<double>(answers.size());
        absolute += itemAbsolute / static_cast<double>(answers.size());
    }
    if (out.items == 0)
        return out;
    const double n = static_cast<double>(out.items);
    out.meanVoteShare = share / n;
    out.unanimous = unanimous / n;
    out.zeroOneVariance = zeroOne / n;
    out.absoluteVariance = absolute / n;
    return out;
}

} // namespace concord::stats

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/calibration.h"

#include "stats/special_functions.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace concord::stats {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Fills a bin's means and interval from the pairs whose indices it holds.
void describe(CalibrationBin &bin, const std::vector<std::size_t> &members, const std::vector<double> &judge,
              const std::vector<double> &human, double confidence)
{
    bin.count = members.size();
    if (members.empty())
        return;
    double judgeSum = 0;
    double humanSum = 0;
    for (const std::size_t i : members) {
        judgeSum += judge[i];
        humanSum += human[i];
    }
    const auto n = static_cast<double>(members.size());
    bin.meanJudge = judgeSum / n;
    bin.meanHuman = humanSum / n;
    if (members.size() < 2)
        return;
    double squares = 0;
    for (const std::size_t i : members)
        squares += (human[i] - bin.meanHuman) * (human[i] - bin.meanHuman);
    const double se = std::sqrt(squares / (n - 1) / n);
    const double half = studentTQuantile(0.5 + confidence / 2, n - 1) * se;
    bin.humanLow = bin.meanHuman - half;
    bin.humanHigh = bin.meanHuman + half;
}

std::vector<std::vector<std::size_t>> equalWidth(const std::vector<double> &judge, std::size_t bins)
{
    std::vector<std::vector<std::size_t>> members(bins);
    for (std::size_t i = 0; i < judge.size(); ++i) {
        const double x = std::clamp(judge[i], 0.0, 1.0);
        const auto k = std::min(static_cast<std::size_t>(std::floor(x * static_cast<double>(bins))), bins - 1);
        members[k].push_back(i);
    }
    return members;
}

std::vector<std::vector<std::size_t>> equalMass(const std::vector<double> &judge, std::size_t bins)
{
    std::vector<std::size_t> order(judge.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return judge[a] < judge[b]; });
    const std::size_t n = order.size();
    std::vector<std::size_t> cuts; // a cut at c: pairs [.., c) in one bin, [c, ..) in the next
    for (std::size_t k = 1; k < bins; ++k) {
        auto cut = static_cast<std::size_t>(
            std::llround(static_cast<double>(k) * static_cast<double>(n) / static_cast<double>(bins)));
        // Equal scores are never split: the cut moves past the run the pair before it belongs to.
        while (cut > 0 && cut < n && judge[order[cut]] == judge[order[cut - 1]])
            ++cut;
        if (cut > 0 && cut < n && (cuts.empty() || cut > cuts.back()))
            cuts.push_back(cut);
    }
    std::vector<std::vector<std::size_t>> members;
    std::size_t begin = 0;
    cuts.push_back(n);
    for (const std::size_t end : cuts) {
        if (end <= begin)
            continue;
        members.emplace_back(order.begin() + static_cast<std::ptrdiff_t>(begin),
                             order.begin() + static_cast<std::ptrdiff_t>(end));
        begin = end;
    }
    return members;
}

} // namespace

const char *toString(Binning binning)
{
    return binning == Binning::EqualWidth ? "equal-width" : "equal-mass";
}

Reliability reliability(const std::vector<double> &judge, const std::vector<double> &human, Binning binning,
                        std::size_t bins, double confidence)
{
    if (judge.size() != human.size())
        throw std::invalid_argument("reliability: the judge's and the human scores differ in number");
    if (bins < 1)
        throw std::invalid_argument("reliability: at least one bin");
    Reliability out;
    out.binning = binning;
    out.binsAsked = bins;
    out.pairs = judge.size();
    const auto members = binning == Binning::EqualWidth ? equalWidth(judge, bins) : equalMass(judge, bins);
    double ece = 0;
    for (std::size_t k = 0; k < members.size(); ++k) {
        CalibrationBin bin;
        if (binning == Binning::EqualWidth) {
            bin.low = static_cast<double>(k) / static_cast<double>(bins);
            bin.high = static_cast<double>(k + 1) / static_cast<double>(bins);
        } else {
            bin.low = judge[members[k].front()];
            bin.high = judge[members[k].back()];
        }
        describe(bin, members[k], judge, human, confidence);
        if (bin.count > 0)
            ece += static_cast<double>(bin.count) * std::abs(bin.meanJudge - bin.meanHuman);
        out.bins.push_back(bin);
    }
    out.ece = out.pairs > 0 ? ece / static_cast<double>(out.pairs) : kNaN;
    return out;
}

double unitScale(double value, double min, double max)
{
    if (!(max > min))
        return kNaN;
    return (value - min) / (max - min);
}

double brierScore(const std::vector<double> &p, const std::vector<int> &y)
{
    if (p.size() != y.size())
        throw std::invalid_argument("brierScore: the probabilities and the outcomes differ in number");
    if (p.empty())
        return kNaN;
    double sum = 0;
    for (std::size_t i = 0; i < p.size(); ++i)
        sum += (p[i] - y[i]) * (p[i] - y[i]);
    return sum / static_cast<double>(p.size());
}

} // namespace concord::stats

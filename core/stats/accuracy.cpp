// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/accuracy.h"

#include "model/sentences.h"

#include <algorithm>
#include <cmath>

namespace concord::stats {

namespace {

// z for a two-sided interval at the given confidence, by bisection on erfc (no table needed).
double normalQuantileTwoSided(double confidence)
{
    const double tail = 1.0 - confidence;
    double lo = 0, hi = 10;
    for (int i = 0; i < 200; ++i) {
        const double mid = (lo + hi) / 2;
        if (std::erfc(mid / std::sqrt(2.0)) > tail)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2;
}

} // namespace

Accuracy accuracy(std::size_t correct, std::size_t total, double confidence)
{
    Accuracy a;
    a.correct = correct;
    a.total = total;
    if (total == 0)
        return a;
    const double n = static_cast<double>(total);
    const double p = static_cast<double>(correct) / n;
    a.value = p;
    // Wilson's interval stays inside [0, 1] and behaves at 0 and 1, unlike the normal one.
    const double z = normalQuantileTwoSided(confidence);
    const double z2 = z * z;
    const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
    const double half = z / (1 + z2 / n) * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
    a.ciLow = std::max(0.0, centre - half);
    a.ciHigh = std::min(1.0, centre + half);
    return a;
}

Accuracy binaryAccuracy(const std::vector<std::pair<bool, bool>> &judgeAndHuman, double confidence)
{
    const auto correct = static_cast<std::size_t>(
        std::count_if(judgeAndHuman.begin(), judgeAndHuman.end(), [](const auto &p) { return p.first == p.second; }));
    return accuracy(correct, judgeAndHuman.size(), confidence);
}

std::vector<bool> sentencesSupported(std::string_view summary, const std::vector<model::ErrorSpan> &humanSpans)
{
    const auto sentences = model::splitSentences(summary);
    std::vector<bool> out;
    out.reserve(sentences.size());
    for (const auto &s : sentences)
        out.push_back(std::none_of(humanSpans.begin(), humanSpans.end(),
                                   [&](const model::ErrorSpan &e) { return e.start < s.end && s.start < e.end; }));
    return out;
}

} // namespace concord::stats

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/panel_combination.h"

#include "error.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

namespace concord::stats {

std::string_view toString(PanelCombine combine)
{
    switch (combine) {
    case PanelCombine::Mean:
        return "mean";
    case PanelCombine::Median:
        return "median";
    case PanelCombine::Majority:
        return "majority";
    }
    return "mean";
}

std::optional<PanelCombine> panelCombineFromString(std::string_view text)
{
    for (const PanelCombine c : {PanelCombine::Mean, PanelCombine::Median, PanelCombine::Majority})
        if (toString(c) == text)
            return c;
    return std::nullopt;
}

std::optional<double> combinePanel(PanelCombine combine, const std::vector<double> &scores,
                                   const std::vector<double> &weights)
{
    if (scores.size() != weights.size())
        fail("a panel needs one weight per score", "panel");
    if (scores.empty())
        fail("a panel combines at least one score", "panel");
    for (std::size_t i = 0; i < scores.size(); ++i) {
        if (!std::isfinite(scores[i]))
            fail("a panel's scores must be finite", "panel");
        if (!(std::isfinite(weights[i]) && weights[i] > 0))
            fail("a panel member's weight must be above 0 and finite", "weight");
    }
    const double total = std::accumulate(weights.begin(), weights.end(), 0.0);
    if (combine == PanelCombine::Mean) {
        double sum = 0;
        for (std::size_t i = 0; i < scores.size(); ++i)
            sum += weights[i] * scores[i];
        return sum / total;
    }
    // The weight of each distinct value, values ascending.
    std::vector<std::pair<double, double>> byValue;
    for (std::size_t i = 0; i < scores.size(); ++i)
        byValue.emplace_back(scores[i], weights[i]);
    std::sort(byValue.begin(), byValue.end());
    std::vector<std::pair<double, double>> pooled;
    for (const auto &[value, weight] : byValue) {
        if (!pooled.empty() && pooled.back().first == value)
            pooled.back().second += weight;
        else
            pooled.emplace_back(value, weight);
    }
    if (combine == PanelCombine::Majority) {
        const auto most = std::max_element(pooled.begin(), pooled.end(),
                                           [](const auto &a, const auto &b) { return a.second < b.second; });
        const auto ties
            = std::count_if(pooled.begin(), pooled.end(), [&](const auto &p) { return p.second == most->second; });
        if (ties > 1)
            return std::nullopt;
        return most->first;
    }
    // Median. Exactly half is told apart from "just over" by comparing doubled sums: with equal (integer)
    // weights both sides are exact.
    double below = 0;
    for (std::size_t k = 0; k < pooled.size(); ++k) {
        below += pooled[k].second;
        if (2 * below == total && k + 1 < pooled.size())
            return (pooled[k].first + pooled[k + 1].first) / 2;
        if (2 * below >= total)
            return pooled[k].first;
    }
    return pooled.back().first;
}

} // namespace concord::stats

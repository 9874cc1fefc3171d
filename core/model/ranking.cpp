// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/ranking.h"

#include <algorithm>
#include <string>

namespace concord::model {

namespace {

// #{j : r_j < r_i} for every i, in O(n log n).
std::vector<int> countBelow(std::span<const int> ranks)
{
    std::vector<int> sorted(ranks.begin(), ranks.end());
    std::sort(sorted.begin(), sorted.end());
    std::vector<int> out(ranks.size());
    for (std::size_t i = 0; i < ranks.size(); ++i)
        out[i] = static_cast<int>(std::lower_bound(sorted.begin(), sorted.end(), ranks[i]) - sorted.begin());
    return out;
}

std::string listText(std::span<const int> ranks)
{
    std::string out;
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        if (i)
            out.append(", ");
        out.append(std::to_string(ranks[i]));
    }
    return out;
}

} // namespace

std::string_view toString(RankStyle style)
{
    switch (style) {
    case RankStyle::Competition:
        return "competition";
    case RankStyle::Dense:
        return "dense";
    case RankStyle::Both:
        return "either";
    }
    return "either";
}

Result<NormalisedRanking> normaliseRanking(std::span<const int> ranks)
{
    if (ranks.empty())
        return Error{"an empty ranking", {}, 0, "rank"};
    for (int r : ranks)
        if (r < 1)
            return Error{
                "ranks start at 1 (1 = best); got " + std::to_string(r) + " in " + listText(ranks), {}, 0, "rank"};
    const auto below = countBelow(ranks);
    bool competition = true;
    for (std::size_t i = 0; i < ranks.size(); ++i)
        competition = competition && ranks[i] == below[i] + 1;
    std::vector<int> distinct(ranks.begin(), ranks.end());
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    const bool dense = distinct.front() == 1 && distinct.back() == static_cast<int>(distinct.size());
    if (!competition && !dense)
        return Error{"the ranking " + listText(ranks)
                         + " is neither competition style (1, 2, 2, 4) nor dense style (1, 2, 2, 3)",
                     {},
                     0,
                     "rank"};
    NormalisedRanking out;
    out.style = competition && dense ? RankStyle::Both : competition ? RankStyle::Competition : RankStyle::Dense;
    out.ranks.resize(ranks.size());
    for (std::size_t i = 0; i < ranks.size(); ++i)
        out.ranks[i] = below[i] + 1;
    return out;
}

std::vector<double> rankScores(std::span<const int> ranks)
{
    const auto below = countBelow(ranks);
    const double n = static_cast<double>(ranks.size());
    std::vector<double> out(ranks.size());
    for (std::size_t i = 0; i < ranks.size(); ++i)
        out[i] = n - below[i];
    return out;
}

} // namespace concord::model

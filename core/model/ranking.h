// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <span>
#include <string_view>
#include <vector>

namespace concord::model {

// How an annotator wrote ties: competition "1, 2, 2, 4" (the next rank skips) or dense "1, 2, 2, 3".
enum class RankStyle { Competition, Dense, Both }; // Both: no tie that tells them apart (e.g. 1, 2, 3)

std::string_view toString(RankStyle style);

struct NormalisedRanking {
    std::vector<int> ranks; // competition form: r_i = 1 + #{j : r_j < r_i}
    RankStyle style = RankStyle::Both;
};

// Accepts a ranking of N candidates (1 = best) written in either style and returns it in
// competition form. An impossible ranking ("1, 3, 3", "2, 2, 3", "0, 1") is an error saying why;
// nothing is silently fixed.
Result<NormalisedRanking> normaliseRanking(std::span<const int> ranks);

// Rank to score, higher is better: s_i = N − #{j : r_j < r_i}. Ties share a score.
std::vector<double> rankScores(std::span<const int> ranks);

} // namespace concord::model

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/provider/chat.h"

#include <limits>
#include <string>
#include <vector>

namespace concord::judge {

// G-Eval's probability-weighted score: at the answer's score token, sum s·p(s) over the score tokens
// among the top alternatives, renormalised over the valid scores (integers in [min, max]; " 4", "4"
// and "4." count as 4). valid = false with a reason when no score token is found or no valid score has
// probability among the alternatives.
struct WeightedScore {
    bool valid = false;
    std::string invalidReason;
    double value = std::numeric_limits<double>::quiet_NaN();
    double validMass = 0; // the probability the valid scores had before renormalising
    // The answer token came with its top alternatives (or, when none was found, some token did). Without
    // them a server sent only the chosen token's probability, and the "weighted" score is that token
    // alone: G-Eval then scores by sampling instead.
    bool withAlternatives = false;
};
WeightedScore weightedScore(const std::vector<TokenLogprob> &tokens, int min, int max);

// LLMScore: P(Yes) / (P(Yes) + P(No)) at the first answer token whose alternatives include yes or no
// (any case, with or without a leading space). valid = false when neither appears.
WeightedScore yesProbability(const std::vector<TokenLogprob> &tokens);

} // namespace concord::judge

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ids.h"

#include <optional>
#include <string>
#include <string_view>

namespace concord::model {

enum class PairwiseWinner { A, B, Tie };

std::string_view toString(PairwiseWinner winner);
std::optional<PairwiseWinner> pairwiseWinnerFromString(std::string_view text);

// A comparison of candidates A and B. shownAFirst records the order the rater saw them in,
// which position-bias statistics need.
struct PairwiseOutcome {
    Id id = 0;
    Id raterId = 0;
    Id dimensionId = 0;
    Id candidateA = 0;
    Id candidateB = 0;
    bool shownAFirst = true;
    PairwiseWinner winner = PairwiseWinner::Tie;
    std::optional<Id> callId; // the judge call behind a judge's verdict
};

} // namespace concord::model

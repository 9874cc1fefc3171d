// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/pairwise_outcome.h"

namespace concord::model {

std::string_view toString(PairwiseWinner winner)
{
    switch (winner) {
    case PairwiseWinner::A:
        return "a";
    case PairwiseWinner::B:
        return "b";
    case PairwiseWinner::Tie:
        return "tie";
    }
    return "tie";
}

std::optional<PairwiseWinner> pairwiseWinnerFromString(std::string_view text)
{
    if (text == "a")
        return PairwiseWinner::A;
    if (text == "b")
        return PairwiseWinner::B;
    if (text == "tie")
        return PairwiseWinner::Tie;
    return std::nullopt;
}

} // namespace concord::model

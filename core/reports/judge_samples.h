// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/answer/scoring_method.h"
#include "model/ids.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::reports {

// How a judge's stored calls scored each summary on each dimension, for the protocols that score one summary
// on one dimension: the latest call's method, and for a unit scored by several answers (G-Eval's samples, a
// judge asked k times) every valid answer's value — the latest answer of each request and sample index, as the
// judgement writer counts them. Calibration's vote share, the judge's self-consistency and the label planner's
// uncertainty all read the answers from here, so that they count the same ones.
struct UnitScoring {
    model::Id latestCall = 0;
    bool llmScore = false;
    judge::ScoringMethod method = judge::ScoringMethod::None;
    std::map<std::pair<std::string, int>, std::vector<double>> samples; // (request hash, sample index) → values

    // Every valid answer's value, in the order of their request hash and sample index.
    std::vector<double> answers() const;
};
using UnitKey = std::pair<model::Id, model::Id>; // candidate, dimension

std::map<UnitKey, UnitScoring> unitScoring(store::Study &study, model::Id judge);

} // namespace concord::reports

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "model/rater.h"
#include "reports/judge_samples.h"
#include "stats/self_consistency.h"

#include <map>
#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::reports {

// A judge's self-consistency on one dimension: over the summaries it answered about more than once (G-Eval's
// samples, a judge asked k times), its vote share and its own leave-one-out variance (stats::selfConsistency).
struct DimensionConsistency {
    std::string dimension;
    double scaleMin = 0, scaleMax = 0;
    std::size_t fewestAnswers = 0, mostAnswers = 0; // per summary, among those counted
    stats::SelfConsistency figures;
};

// Every Likert or binary dimension on which the judge has repeated answers, in the study's order; empty when it
// has none. split: only the summaries of that split's documents ("dev", "test"); empty: all. Fails on an unknown
// split or a study without one.
Result<std::vector<DimensionConsistency>> judgeSelfConsistency(store::Study &study, const model::Rater &judge,
                                                               const std::string &split = {});
// The same with the judge's answers already read (unitScoring of that judge), for a caller that needs them twice.
Result<std::vector<DimensionConsistency>> judgeSelfConsistency(store::Study &study, const model::Rater &judge,
                                                               const std::string &split,
                                                               const std::map<UnitKey, UnitScoring> &scoring);

// One line for a card: "coherence: vote share 0.83, leave-one-out variance 0.21 (zero-one), 0.25 (absolute) over 40
// summaries asked 5 times; ..." or, without repeated answers, why it is not measured.
std::string selfConsistencyText(const std::vector<DimensionConsistency> &dimensions);

} // namespace concord::reports

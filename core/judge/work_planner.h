// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "judge/protocol.h"
#include "judge/work_unit.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::judge {

struct PlanRequest {
    Protocol protocol = Protocol::Rts;
    std::vector<std::string> dimensions;      // empty: every Likert dimension (protocols that ask about one)
    std::uint64_t seed = 20240601;            // the shown order of shuffled protocols comes from it
    std::optional<std::size_t> documentLimit; // only the first N documents (a trial run)
    std::string split;                        // "dev" or "test": only that split's documents; empty: every one
};

// The work list of a run: study × protocol × dimension (× pairs, units or sentences), in a stable
// order. Shuffled protocols draw each unit's shown order from (seed, document, dimension), so the same
// seed gives the same orders whatever else the plan holds. Errors: an unknown dimension, a protocol
// that needs something the study lacks (e.g. pyramid without SCUs), a split that is not "dev" or "test" or a
// study without a held-out split.
Result<std::vector<WorkUnit>> planWork(store::Study &study, const PlanRequest &request);

} // namespace concord::judge

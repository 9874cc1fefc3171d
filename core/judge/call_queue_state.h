// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/run_call.h"

#include <cstddef>
#include <deque>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace concord::judge {

// The calls of one phase (the evaluation steps, then the units) and where each stands. Answers add
// calls on the way (G-Eval's samples), so the calls live in a deque: adding leaves the others in place.
struct CallQueueState {
    std::deque<RunCall> calls;
    std::deque<std::size_t> ready;
    std::vector<std::size_t> waiting; // retries not due yet
    // Identical requests (same bytes, same sample) are sent once; the others share the answer.
    std::map<std::pair<std::string, int>, std::size_t> leaderOf;
    std::map<std::size_t, std::vector<std::size_t>> followers;
};

} // namespace concord::judge

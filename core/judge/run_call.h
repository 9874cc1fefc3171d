// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/provider/chat.h"
#include "model/ids.h"

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

namespace concord::judge {

// What a unit call's stored answer was, for re-asking (CallQueue::followUp).
enum class CallOutcome {
    None,    // not stored yet
    Valid,   // read as a judgement
    Refused, // an answer text the protocol's parser refused
    Unread,  // no answer text to read (no choices)
};

enum class CallKind {
    Steps,   // a G-Eval evaluation-steps call (unit: an index into RunContext::stepDimensions)
    Unit,    // a unit's call; for G-Eval one asking for token probabilities
    Samples, // G-Eval scored by sampling: `asked` answers, the first with sample index `sample`
};

// One request of a judge run as planned, and where it stands while it is sent.
struct RunCall {
    CallKind kind = CallKind::Unit;
    std::size_t unit = 0; // index into RunContext::units (the steps calls: index into stepDimensions)
    int sample = 0;
    int asked = 1; // answers asked for (n)
    std::string body;
    std::string prompt;
    std::string hash;
    double estimatedTokens = 0;
    int attempts = 0;
    std::chrono::steady_clock::time_point notBefore{};
    std::string startedAt;
    std::string lastError;
    int lastStatus = 0;
    // Re-asking: 0 for a unit's first call, then 1, 2, ... for each re-ask; a re-ask's whole conversation
    // and the id of the call it asks again.
    int reask = 0;
    std::vector<ChatMessage> conversation;
    model::Id reaskOf = 0;
    model::Id storedId = 0; // the unit call as stored (this run or an earlier one)
    CallOutcome outcome = CallOutcome::None;
};

} // namespace concord::judge

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/judge_call.h"

#include <string_view>

namespace concord::judge {

// How a score was obtained, recorded as "method" in the parsed answer of the calls of the protocols
// scored from token probabilities (geval, llmscore), so a run shows which of its scores are G-Eval's
// probability-weighted ones and which are only stand-ins; and of structured answers.
enum class ScoringMethod {
    None,       // not recorded: a protocol that reads one answer's text, or an evaluation-steps call
    Logprobs,   // weighted by the token probabilities (G-Eval's score tokens, LLMScore's Yes and No)
    Samples,    // the mean of answers sampled at a high temperature (G-Eval without token probabilities)
    Single,     // one answer's text, without token probabilities
    Value,      // an already-read value from a recording
    Structured, // {reason, score} under a JSON schema the provider held the model to
};

// "", "logprobs", "samples", "single", "value", "structured"
std::string_view toString(ScoringMethod method);
ScoringMethod scoringMethodFromString(std::string_view text); // None for anything else

// The method recorded in a stored call's parsed answer.
ScoringMethod scoringMethodOf(const model::JudgeCall &call);

} // namespace concord::judge

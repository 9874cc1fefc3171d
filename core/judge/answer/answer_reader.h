// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/answer/answer_parser.h"
#include "judge/provider/chat.h"
#include "judge/unit_context.h"

#include <vector>

namespace concord::judge {

// What one call's answer says for its unit. For geval and llmscore the value is weighted by token
// probabilities where the answer carries them (hasScoreProbabilities), or averaged over the answer's
// samples (n > 1), or read from the one answer's text; the method is recorded in detail["method"]
// ("logprobs", "samples" or "single", see ScoringMethod), for invalid answers too.
ParsedAnswer readAnswer(const UnitContext &context, const ChatResponse &response);

// Whether the answer carries what the protocol's probability-weighted score needs: for geval the first
// choice's token probabilities with the alternatives at the score token, for llmscore its token
// probabilities. Without them G-Eval is scored by sampling instead; a server shows it in each answer,
// whatever it was asked.
bool hasScoreProbabilities(const UnitContext &context, const ChatResponse &response);

// A sampling call's answers, one sample per choice: combineSamples of what each choice's text says.
ParsedAnswer readSamples(const UnitContext &context, const ChatResponse &response);

// A recorded answer's text alone (imported judgements): parsed by the protocol's parser.
ParsedAnswer readText(const UnitContext &context, std::string_view text);

// The mean of the valid samples' values, with detail {"method": "samples", "samples": k, "valid": v,
// "values": [each sample's value, null when invalid]} and, when some are invalid, "invalid_reasons":
// [{"sample": i, "reason": ...}] (i counts within the list). Invalid when none is valid: with the one
// sample's own reason, or "no sample was valid (the first reason)"; the detail is kept either way.
ParsedAnswer combineSamples(const std::vector<ParsedAnswer> &samples);

} // namespace concord::judge

#pragma once

#include "judge/answer/answer_parser.h"
#include "judge/provider/chat.h"
#include "judge/unit_context.h"

#include <vector>

namespace concord::judge {

// What one call's answer says for its unit. For geval and llmscore the value is weighted by token
// probabilities where the answer carries them, or averaged over the answer's samples (n > 1); the
// method is recorded in detail["method"] ("logprobs", "samples" or "single").
ParsedAnswer readAnswer(const UnitContext &context, const ChatResponse &response);

// A recorded answer's text alone (imported judgements): parsed by the protocol's parser.
ParsedAnswer readText(const UnitContext &context, std::string_view text);

// A unit asked in several calls (samples from a provider without n): the mean of the valid values,
// detail {"method": "samples", "samples": k, "valid": v}; invalid when none is valid.
ParsedAnswer combineSamples(const std::vector<ParsedAnswer> &samples);

} // namespace concord::judge

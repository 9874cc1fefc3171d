// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/answer/answer_parser.h"
#include "judge/protocol.h"
#include "judge/provider/chat.h"

#include <string_view>

namespace concord::judge {

// Structured answers: a single-score protocol (rts, llmeval) asks for {"reason": string, "score": whole number}
// under a JSON schema the provider holds the model to, and reads it strictly. The research protocols keep their
// free-text prompts and parsers.
bool takesStructuredAnswers(Protocol protocol);

// The schema of {reason, score}: both required, nothing else. The range is not in it (OpenAI's strict mode
// takes no bounds); the reader checks it.
AnswerSchema scoreSchema();

// Reads a structured answer: a JSON object with exactly "reason" (a string) and "score" (a whole number within
// [min, max]), nothing around it. detail = {"method": "structured", "reason": ...}; an answer that is not that
// is invalid with what is wrong (not JSON, a missing or extra key, a score of another type or out of range), with
// the method recorded too. The shared failure checks apply to the reason (a refusal is not a reason).
ParsedAnswer parseStructuredScore(std::string_view text, double min, double max, const ParseContext &context = {});

} // namespace concord::judge

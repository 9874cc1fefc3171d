// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/answer/structured_answer.h"

#include "judge/answer/answer_checks.h"
#include "judge/answer/scoring_method.h"
#include "judge/prompt_number.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace concord::judge {

namespace {

ParsedAnswer invalidStructured(std::string reason)
{
    ParsedAnswer a = ParsedAnswer::invalid(std::move(reason));
    a.detail["method"] = std::string(toString(ScoringMethod::Structured));
    return a;
}

} // namespace

bool takesStructuredAnswers(Protocol protocol)
{
    return protocol == Protocol::Rts || protocol == Protocol::LlmEval;
}

AnswerSchema scoreSchema()
{
    return {"score_with_reason",
            R"({"type":"object","properties":{"reason":{"type":"string"},"score":{"type":"integer"}},)"
            R"("required":["reason","score"],"additionalProperties":false})"};
}

ParsedAnswer parseStructuredScore(std::string_view text, double min, double max, const ParseContext &context)
{
    const nlohmann::json answer = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
    if (answer.is_discarded())
        return invalidStructured("the answer is not JSON, as its schema asks");
    if (!answer.is_object())
        return invalidStructured("the answer is JSON but not an object with reason and score");
    for (const auto &[key, value] : answer.items())
        if (key != "reason" && key != "score")
            return invalidStructured("the answer has a key its schema does not: '" + key + "'");
    const auto reason = answer.find("reason");
    if (reason == answer.end())
        return invalidStructured("the answer has no 'reason'");
    if (!reason->is_string())
        return invalidStructured("'reason' is not a string");
    const auto score = answer.find("score");
    if (score == answer.end())
        return invalidStructured("the answer has no 'score'");
    if (!score->is_number())
        return invalidStructured("'score' is not a number");
    const double value = score->get<double>();
    if (!std::isfinite(value) || value != std::floor(value))
        return invalidStructured("'score' is " + score->dump() + ", not a whole number");
    if (value < min || value > max)
        return invalidStructured("'score' is " + promptNumber(value) + ", outside the scale " + promptNumber(min) + "–"
                                 + promptNumber(max));
    const std::string why = reason->get<std::string>();
    if (const auto failure = AnswerChecks::failure(why, context.summary))
        return invalidStructured("the reason: " + *failure);
    ParsedAnswer a;
    a.valid = true;
    a.value = value;
    a.detail["method"] = std::string(toString(ScoringMethod::Structured));
    a.detail["reason"] = why;
    return a;
}

} // namespace concord::judge

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/answer/scoring_method.h"

#include "model/json_text.h"

#include <nlohmann/json.hpp>

#include <array>

namespace concord::judge {

namespace {

constexpr std::array<std::pair<ScoringMethod, std::string_view>, 5> kNames{{
    {ScoringMethod::Logprobs, "logprobs"},
    {ScoringMethod::Samples, "samples"},
    {ScoringMethod::Single, "single"},
    {ScoringMethod::Value, "value"},
    {ScoringMethod::Structured, "structured"},
}};

} // namespace

std::string_view toString(ScoringMethod method)
{
    for (const auto &[m, name] : kNames)
        if (m == method)
            return name;
    return {};
}

ScoringMethod scoringMethodFromString(std::string_view text)
{
    for (const auto &[m, name] : kNames)
        if (name == text)
            return m;
    return ScoringMethod::None;
}

ScoringMethod scoringMethodOf(const model::JudgeCall &call)
{
    const nlohmann::json parsed = model::JsonText::parseOrDiscarded(call.parsed);
    if (!parsed.is_object())
        return ScoringMethod::None;
    const auto method = parsed.find("method");
    if (method == parsed.end() || !method->is_string())
        return ScoringMethod::None;
    return scoringMethodFromString(method->get<std::string>());
}

} // namespace concord::judge

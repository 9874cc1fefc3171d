// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/few_shot_examples.h"

#include "judge/prompt_number.h"

#include <algorithm>

namespace concord::judge {

namespace {

std::string lowered(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); });
    return s;
}

std::string trimmed(const std::string &s)
{
    const auto first = s.find_first_not_of(" \t\r");
    if (first == std::string::npos)
        return {};
    return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

} // namespace

bool takesExamples(Protocol protocol)
{
    return traits(protocol).shape == UnitShape::CandidateDimension;
}

std::vector<FewShotExample> examplesForUnit(const std::vector<FewShotExample> &pool, model::Id document,
                                            model::Id dimension, std::size_t count)
{
    std::vector<FewShotExample> out;
    for (const FewShotExample &e : pool) {
        if (out.size() == count)
            break;
        if (e.dimension == dimension && e.document != document)
            out.push_back(e);
    }
    return out;
}

std::string examplesText(const std::vector<FewShotExample> &examples, const model::Dimension &dimension)
{
    std::string out = "Here are summaries of other articles that human annotators scored on " + dimension.name
                      + " (from " + promptNumber(dimension.scaleMin) + " to " + promptNumber(dimension.scaleMax)
                      + "). They show how the scale is meant; none of them is the summary you are asked about.";
    for (std::size_t i = 0; i < examples.size(); ++i) {
        const FewShotExample &e = examples[i];
        out.append("\n\nExample ").append(std::to_string(i + 1)).append("\nSummary: ").append(e.summary);
        out.append("\nHuman score: ").append(promptNumber(e.humanMean, 2));
        if (e.humans > 1)
            out.append(" (the mean of ").append(std::to_string(e.humans)).append(" annotators)");
        for (const std::string &why : e.explanations)
            out.append("\nAn annotator's reason: ").append(why);
    }
    return out;
}

Result<PromptTemplate> withExamplesPlaceholder(const PromptTemplate &prompt, const std::string &name)
{
    const auto placeholders = prompt.placeholders();
    if (std::find(placeholders.begin(), placeholders.end(), "examples") != placeholders.end())
        return prompt;
    const std::string &text = prompt.text();
    std::string changed;
    std::size_t pos = 0;
    bool inserted = false;
    while (pos <= text.size()) {
        const auto nl = text.find('\n', pos);
        const std::size_t end = nl == std::string::npos ? text.size() : nl;
        changed.append(text, pos, end - pos);
        if (nl != std::string::npos)
            changed.append("\n");
        if (!inserted && lowered(trimmed(text.substr(pos, end - pos))) == "[user]") {
            changed.append(nl == std::string::npos ? "\n" : "").append("{{examples}}\n\n");
            inserted = true;
        }
        if (nl == std::string::npos)
            break;
        pos = nl + 1;
    }
    // A template without section markers is all user message: the examples go first.
    if (!inserted)
        changed = "{{examples}}\n\n" + text;
    return PromptTemplate::parse(changed, name);
}

nlohmann::json toJson(const FewShotSource &source)
{
    nlohmann::json pool = nlohmann::json::array();
    for (const FewShotExample &e : source.pool)
        pool.push_back({{"document", e.document},
                        {"candidate", e.candidate},
                        {"dimension", e.dimension},
                        {"summary", e.summary},
                        {"human_mean", e.humanMean},
                        {"humans", e.humans},
                        {"judge_value", e.judgeValue},
                        {"explanations", e.explanations}});
    return {{"judge", source.judge},
            {"human_group", source.humanGroup},
            {"per_unit", source.perUnit},
            {"pool", std::move(pool)}};
}

FewShotSource fewShotSourceFromJson(const nlohmann::json &json)
{
    const auto field = [](const nlohmann::json &object, const char *name) -> const nlohmann::json & {
        if (!object.is_object() || !object.contains(name))
            fail(std::string("the examples' settings lack '") + name + "'", name);
        return object.at(name);
    };
    // A whole number as written (nlohmann's get converts a float, and one out of range is undefined behaviour).
    const auto count = [&field](const nlohmann::json &object, const char *name) -> std::size_t {
        const nlohmann::json &value = field(object, name);
        if (!value.is_number_unsigned() && !(value.is_number_integer() && value.get<std::int64_t>() >= 0))
            fail(std::string("the examples' settings hold '") + name + "' that is not a whole number of at least 0",
                 name);
        return value.get<std::size_t>();
    };
    const auto id = [&field](const nlohmann::json &object, const char *name) -> model::Id {
        const nlohmann::json &value = field(object, name);
        if (!value.is_number_integer() || (value.is_number_unsigned() && value.get<std::uint64_t>() > INT64_MAX))
            fail(std::string("the examples' settings hold '") + name + "' that is not an id", name);
        return value.get<model::Id>();
    };
    try {
        FewShotSource source;
        source.judge = field(json, "judge").get<std::string>();
        source.humanGroup = field(json, "human_group").get<std::string>();
        source.perUnit = count(json, "per_unit");
        for (const auto &e : field(json, "pool")) {
            FewShotExample example;
            example.document = id(e, "document");
            example.candidate = id(e, "candidate");
            example.dimension = id(e, "dimension");
            example.summary = field(e, "summary").get<std::string>();
            example.humanMean = field(e, "human_mean").get<double>();
            example.humans = count(e, "humans");
            example.judgeValue = field(e, "judge_value").get<double>();
            example.explanations = field(e, "explanations").get<std::vector<std::string>>();
            source.pool.push_back(std::move(example));
        }
        return source;
    } catch (const nlohmann::json::exception &e) {
        fail(std::string("the examples' settings do not read: ") + e.what(), "examples");
    }
}

} // namespace concord::judge

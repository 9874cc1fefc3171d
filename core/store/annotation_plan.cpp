// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/annotation_plan.h"

#include "model/json_text.h"
#include "store/study.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace concord::store {

using nlohmann::json;

std::string AnnotationPlan::toJson() const
{
    json j;
    j["template"] = templateName;
    j["instructions"] = instructions;
    j["likert"] = likert;
    j["rank"] = rank;
    j["error_spans"] = errorSpans;
    j["explain_document"] = explainDocument;
    j["explain_ranks"] = explainRanks;
    j["units"] = units;
    return model::JsonText::dump(j);
}

Result<AnnotationPlan> AnnotationPlan::fromJson(std::string_view text)
{
    const json j = model::JsonText::parseOrDiscarded(text);
    if (j.is_discarded() || !j.is_object())
        return Error{"the study's annotation settings are not a JSON object", {}, 0, std::string(kInfoKey)};
    return capture([&] {
        AnnotationPlan plan;
        const auto names = [&](const char *key) {
            std::vector<std::string> out;
            if (!j.contains(key))
                return out;
            if (!j.at(key).is_array())
                fail(std::string("'") + key + "' must be a list of dimension names", std::string(kInfoKey));
            for (const auto &item : j.at(key)) {
                if (!item.is_string())
                    fail(std::string("'") + key + "' must be a list of dimension names", std::string(kInfoKey));
                out.push_back(item.get<std::string>());
            }
            return out;
        };
        const auto flag = [&](const char *key, bool fallback) {
            if (!j.contains(key))
                return fallback;
            if (!j.at(key).is_boolean())
                fail(std::string("'") + key + "' must be true or false", std::string(kInfoKey));
            return j.at(key).get<bool>();
        };
        plan.templateName = j.value("template", std::string());
        plan.instructions = j.value("instructions", std::string());
        plan.likert = names("likert");
        plan.rank = names("rank");
        plan.explainRanks = names("explain_ranks");
        plan.errorSpans = flag("error_spans", true);
        plan.explainDocument = flag("explain_document", false);
        plan.units = flag("units", true);
        return plan;
    });
}

AnnotationPlan AnnotationPlan::derived(const std::vector<model::Dimension> &dimensions)
{
    AnnotationPlan plan;
    for (const auto &d : dimensions) {
        if (d.kind == model::DimensionKind::Likert)
            plan.likert.push_back(d.name);
        else if (d.kind == model::DimensionKind::Rank)
            plan.rank.push_back(d.name);
    }
    if (!plan.rank.empty())
        plan.explainRanks.push_back(plan.rank.front());
    else
        plan.explainDocument = true;
    return plan;
}

AnnotationPlan AnnotationPlan::of(Study &study)
{
    return of(study.info(kInfoKey), study.dimensions());
}

AnnotationPlan AnnotationPlan::of(const std::optional<std::string> &stored,
                                  const std::vector<model::Dimension> &dimensions)
{
    AnnotationPlan plan = derived(dimensions);
    if (stored) {
        auto parsed = fromJson(*stored);
        if (!parsed)
            throw Failure(parsed.error());
        plan = std::move(parsed).value();
    }
    // Only names the study has, of the right kind: a stale name must not make a document unfinishable.
    const auto keep = [&](std::vector<std::string> &names, model::DimensionKind kind) {
        std::erase_if(names, [&](const std::string &name) {
            return std::none_of(dimensions.begin(), dimensions.end(),
                                [&](const model::Dimension &d) { return d.name == name && d.kind == kind; });
        });
    };
    keep(plan.likert, model::DimensionKind::Likert);
    keep(plan.rank, model::DimensionKind::Rank);
    keep(plan.explainRanks, model::DimensionKind::Rank);
    return plan;
}

} // namespace concord::store

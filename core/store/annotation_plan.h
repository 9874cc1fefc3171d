// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "model/dimension.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace concord::store {

class Study;

// What a study asks its annotators, stored as JSON in study_info under "annotation":
// {"template": "...", "instructions": "...", "likert": [names], "rank": [names], "error_spans": true,
//  "explain_document": false, "explain_ranks": [names], "units": true}
// A study without one asks every Likert and rank dimension it has, and an explanation of the first
// rank dimension (the InstruSum habit: the overall ranking is explained).
struct AnnotationPlan {
    static constexpr std::string_view kInfoKey = "annotation";

    std::string templateName;
    std::string instructions;
    std::vector<std::string> likert;
    std::vector<std::string> rank;
    bool errorSpans = true; // spans are offered; none marked is a valid answer
    bool explainDocument = false;
    std::vector<std::string> explainRanks;
    bool units = true; // Pyramid checklist where a document has SCUs

    std::string toJson() const;
    static Result<AnnotationPlan> fromJson(std::string_view text);
    // The plan a study derives from its dimensions alone.
    static AnnotationPlan derived(const std::vector<model::Dimension> &dimensions);
    // The stored plan, else the derived one; names of dimensions the study lacks are dropped.
    // Throws concord::Failure (call through Study::write or capture).
    static AnnotationPlan of(Study &study);
    // The same from the stored JSON (nothing: none stored) and the study's dimensions, for a study that is
    // not a study file (a team study on PostgreSQL).
    static AnnotationPlan of(const std::optional<std::string> &stored, const std::vector<model::Dimension> &dimensions);
};

} // namespace concord::store

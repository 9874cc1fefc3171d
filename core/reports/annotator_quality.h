// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "stats/krippendorff.h"
#include "stats/mace.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::reports {

// How each annotator of a human group labels one Likert dimension, beside the rest of the group:
// - alpha without them: Krippendorff's alpha of the group with their column left out (the dimension's default
//   level unless another is asked); above the group's alpha, they lower its agreement;
// - their correlation with the others' mean (Pearson, over the summaries they and at least one other labelled);
// - their competence by MACE (stats/mace.h, whose assumptions it states), where the labels are categories: the
//   distinct values given, each a category (a Likert scale's whole steps).
struct AnnotatorQualityRequest {
    std::string group;
    std::string dimension;
    std::optional<stats::MeasurementLevel> level;
    stats::MaceOptions mace;
};

struct AnnotatorQuality {
    std::string rater;
    std::size_t labels = 0;
    std::optional<double> alphaWithout;
    std::string alphaWithoutReason; // set when alphaWithout is absent
    std::optional<double> correlationWithOthers;
    std::size_t correlationPairs = 0;
    std::string correlationReason; // set when correlationWithOthers is absent
    std::optional<double> competence;
};

struct AnnotatorQualityReport {
    AnnotatorQualityRequest request;
    stats::AlphaResult groupAlpha;
    std::vector<AnnotatorQuality> annotators; // the group's raters, in study order
    std::vector<double> categories;           // MACE's categories, ascending
    std::string maceWhy;                      // why there is no competence (non-whole values, too few), else empty
    static const char *maceAssumes();
};

Result<AnnotatorQualityReport> computeAnnotatorQuality(store::Study &study, const AnnotatorQualityRequest &request);

// {"group", "dimension", "level", "group_alpha", "mace": {"assumes", "categories", "why"}, "annotators": [{"rater",
// "labels", "alpha_without", "correlation_with_others", "correlation_pairs", "competence", ...}]}; undefined
// numbers are null, each with its reason.
nlohmann::json toJson(const AnnotatorQualityReport &report);

} // namespace concord::reports

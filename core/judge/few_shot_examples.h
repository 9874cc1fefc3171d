// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "judge/prompt_template.h"
#include "judge/protocol.h"
#include "model/dimension.h"
#include "model/ids.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace concord::judge {

// A human correction shown to a judge as a worked example: a dev summary on which a judge and the people
// disagreed most, with the people's mean score and what they wrote about it. The judge's own score stays out of
// the prompt: the example teaches the people's reading, not the judge's mistake.
struct FewShotExample {
    model::Id document = 0;
    model::Id candidate = 0;
    model::Id dimension = 0;
    std::string summary;
    double humanMean = 0;
    std::size_t humans = 0;                // ratings the mean is over
    double judgeValue = 0;                 // what the corrected judge said (recorded, not shown)
    std::vector<std::string> explanations; // the group's explanations on the dimension, in study order
};

// Where a run's {{examples}} come from (RunOptions::examples): the examples chosen (reports::correctionExamples)
// and how many each unit gets. Kept in the run's settings whole, so that a resumed run asks exactly the same.
struct FewShotSource {
    std::string judge;      // whose disagreements they are
    std::string humanGroup; // whose scores correct them
    std::size_t perUnit = 3;
    // Per dimension, largest disagreement first, at most one per document and all from the dev split; one
    // more than perUnit, so that leaving out a unit's own document still leaves perUnit.
    std::vector<FewShotExample> pool;
};

// Whether a protocol's prompt can take examples: those that score one summary on one dimension.
bool takesExamples(Protocol protocol);

// A unit's examples: the first `count` of the pool on its dimension whose document is not the unit's own, so
// that no summary is ever an example for itself or for another summary of its article.
std::vector<FewShotExample> examplesForUnit(const std::vector<FewShotExample> &pool, model::Id document,
                                            model::Id dimension, std::size_t count);

// The {{examples}} text: each example's summary and the people's score on the dimension, with their
// explanations where they wrote any.
std::string examplesText(const std::vector<FewShotExample> &examples, const model::Dimension &dimension);

// The template with "{{examples}}" first in its user message, named `name`; the template itself when it has the
// placeholder already.
Result<PromptTemplate> withExamplesPlaceholder(const PromptTemplate &prompt, const std::string &name);

nlohmann::json toJson(const FewShotSource &source);
// Throws concord::Failure naming the field that is missing or of the wrong type.
FewShotSource fewShotSourceFromJson(const nlohmann::json &json);

} // namespace concord::judge

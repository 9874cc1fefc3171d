// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "judge/few_shot_examples.h"

#include <cstddef>
#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::reports {

// Human corrections turned into few-shot examples for a new template version: per dimension, the dev split's
// summaries on which the judge and the group's mean disagree most (rankDisagreements' distance), at most one per
// document. Only dev documents are ever examples, so a version built from them can be judged on the test split
// without having seen any of it.
struct CorrectionExamplesRequest {
    std::string judge;
    std::string humanGroup;              // empty: the first group with human raters
    std::vector<std::string> dimensions; // empty: every Likert dimension
    std::size_t perUnit = 3;             // examples in each prompt
};

// The examples (perUnit + 1 per dimension, so that a dev unit's own document can be left out), each with the
// group's explanations on its dimension. Fails, naming the field: no held-out split, the judge or the group
// missing, a dimension missing or not Likert, perUnit 0, or a dimension with fewer dev documents on which the
// two disagree than the pool needs.
Result<judge::FewShotSource> correctionExamples(store::Study &study, const CorrectionExamplesRequest &request);

} // namespace concord::reports

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "model/error_span.h"
#include "model/ids.h"

#include <optional>
#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::reports {

// Where a judge and the humans are furthest apart: every (judge, candidate, Likert dimension) that the
// judge and at least one human of the group rated, ranked by |judge − human mean| divided by the width
// of the dimension's scale, so that a 1-point gap on a 1–5 scale weighs as much as 2.5 on 1–10.
struct DisagreementRequest {
    std::string humanGroup;          // empty: the first group with human raters
    std::vector<std::string> judges; // empty: every judge
    std::string dimension;           // empty: every Likert dimension
    std::string system;              // empty: every system
};

struct DisagreementItem {
    model::Id judge = 0;
    model::Id candidate = 0;
    model::Id document = 0;
    model::Id system = 0;
    model::Id dimension = 0;
    std::string judgeName;
    std::string documentName; // external id
    std::string systemName;
    std::string dimensionName;
    double judgeValue = 0;
    double humanMean = 0;
    std::size_t humans = 0; // ratings the mean is over
    double distance = 0;    // |judge − human mean| / (scale max − scale min), 0..1
};

// Largest distance first; equal distances by judge, document, system and dimension name.
Result<std::vector<DisagreementItem>> rankDisagreements(store::Study &study, const DisagreementRequest &request);

// What the inspector's detail pane shows about one item.
struct HumanJudgement {
    std::string rater;
    std::optional<double> rating; // on the item's dimension
    std::string explanation;      // on the item's dimension, else about the document as a whole
};
struct JudgeAnswer {
    std::string rawResponse;
    std::optional<double> parsedValue;
    bool valid = false;
    std::string invalidReason;
    int sampleIndex = 0;
};
struct DisagreementDetail {
    std::string article;
    std::string summary;
    std::vector<model::ErrorSpan> humanSpans; // of the group's raters, offsets in code points
    std::vector<HumanJudgement> humans;       // the group's raters, in study order
    std::vector<JudgeAnswer> judgeAnswers;    // the judge's calls about this candidate and dimension
};
Result<DisagreementDetail> disagreementDetail(store::Study &study, const DisagreementItem &item,
                                              const std::string &humanGroup);

} // namespace concord::reports

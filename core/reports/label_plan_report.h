// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "io/table_writer.h"
#include "model/ids.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::reports {

// What to label next on a dimension (active inference, Zrnic & Candes 2024). The pool is every summary the
// judge scored that no rater of the human group has labelled; each gets a probability of being drawn from
// the judge's uncertainty, mixed with a uniform share, and a seeded draw takes about `budget` of them.
struct PlanRequest {
    // The judge whose scores stand in for the labels; with strategy disagreement, the judges compared (the
    // first is the one whose scores the estimates use).
    std::vector<std::string> judges;
    std::string humanGroup;
    std::string dimension;
    double budget = 0;         // labels expected
    std::string strategy;      // uniform, uncertainty or disagreement
    double uniformShare = 0.3; // of the probability spread uniformly: the floor
    std::int64_t seed = 1;
    std::optional<std::string> annotator; // whose queue the plan is (a person of the study)
};

// One summary of the plan, as its queue lists it.
struct PlannedSummary {
    model::Id candidate = 0;
    std::string document; // its external id
    double probability = 0;
    double uncertainty = 0; // NaN where unknown
    bool drawn = false;
};

struct LabelPlanReport {
    model::Id plan = 0;
    PlanRequest request;
    // What the uncertainty was read from: "the spread of the judge's sampled answers", "how far the labelled
    // summaries with like judge scores were from the judge", "the spread of the judges' scores" or
    // "none (uniform)".
    std::string uncertaintySource;
    std::size_t pool = 0;
    std::size_t drawn = 0;
    double expected = 0;
    std::vector<PlannedSummary> summaries; // the queue: the drawn summaries, by document (every item is stored)
};

// Makes the plan and stores it in one transaction (label_plans, label_plan_items, label_plan_pools). Fails (changing nothing)
// when a judge, the group, the dimension or the annotator is unknown, the dimension is not Likert or
// binary, the pool is empty, or the budget is not above 0 and at most the pool.
Result<LabelPlanReport> planLabels(store::Study &study, const PlanRequest &request);

// The plan's settings as stored (JSON): judges, uncertainty source, human group.
std::string planSettingsJson(const LabelPlanReport &report);

// The queue: the drawn summaries' document, candidate, probability and uncertainty.
io::Table planTable(const LabelPlanReport &report, bool fullPrecision);

} // namespace concord::reports

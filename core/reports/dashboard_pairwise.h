// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/dimension.h"
#include "reports/dashboard_report.h"
#include "stats/pairwise.h"

#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::reports {

class DashboardJobs;
struct DashboardInputs;

// Pairwise verdicts (H2H, pairwise, LLMCompare protocols): one job per dimension of the study that
// summarises each shown judge's verdicts on it by the rule, against the human group's mean ratings
// when the dimension is a scored one. byDimension[d] receives the summaries of inputs.allDimensions[d]
// (nothing when the dimension has no verdicts); it and inputs must outlive the jobs.
void addPairwiseJobs(DashboardJobs &jobs, const DashboardInputs &inputs, stats::PairwiseRule rule,
                     std::vector<std::vector<PairwiseSummary>> &byDimension);

// One dimension's summaries, a judge at a time in the order shown; judges without verdicts left out.
// baseline names a system to set the others against (empty, or not a system of the study: none).
void pairwiseSummariesOn(store::Study &study, const DashboardInputs &inputs, const model::Dimension &dimension,
                         stats::PairwiseRule rule, std::vector<PairwiseSummary> &out, const std::string &baseline = {});

} // namespace concord::reports

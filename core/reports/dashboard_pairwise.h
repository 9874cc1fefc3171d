// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/dimension.h"
#include "reports/dashboard_report.h"
#include "stats/pairwise.h"
#include "store/study.h"

#include <string>
#include <vector>

namespace concord::reports {

class DashboardJobs;
struct DashboardInputs;

// Pairwise verdicts (H2H, pairwise, LLMCompare protocols): one job per dimension of the study that
// summarises each shown judge's verdicts on it by the rule, against the human group's mean ratings
// when the dimension is a scored one. verdicts[d] holds the study's pairwiseOn(inputs.allDimensions[d]),
// read before; byDimension[d] receives its summaries (nothing when the dimension has no verdicts). It,
// verdicts and inputs must outlive the jobs.
void addPairwiseJobs(DashboardJobs &jobs, const DashboardInputs &inputs,
                     const std::vector<std::vector<store::PairwiseRow>> &verdicts, stats::PairwiseRule rule,
                     std::vector<std::vector<PairwiseSummary>> &byDimension);

// One dimension's summaries from its verdicts (the study's pairwiseOn), a judge at a time in the order
// shown; judges without verdicts left out. baseline names a system to set the others against (empty, or
// not a system of the study: none).
void pairwiseSummariesOn(const std::vector<store::PairwiseRow> &verdicts, const DashboardInputs &inputs,
                         const model::Dimension &dimension, stats::PairwiseRule rule, std::vector<PairwiseSummary> &out,
                         const std::string &baseline = {});

} // namespace concord::reports

#pragma once

#include "reports/dashboard_report.h"

#include <vector>

namespace concord::reports {

class DashboardJobs;
struct DashboardInputs;

// Pairwise verdicts (H2H, pairwise, LLMCompare protocols): one job per dimension of the study that
// summarises each shown judge's verdicts on it, against the human group's mean ratings when the
// dimension is a scored one. byDimension[d] receives the summaries of inputs.allDimensions[d]
// (nothing when the dimension has no verdicts); it and inputs must outlive the jobs.
void addPairwiseJobs(DashboardJobs &jobs, const DashboardInputs &inputs,
                     std::vector<std::vector<PairwiseSummary>> &byDimension);

} // namespace concord::reports

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "reports/dashboard_report.h"

#include <vector>

namespace concord::reports {

class DashboardJobs;
struct DashboardInputs;

// The scatter of each shown judge against the human group's mean, with its fitted line, and the
// judge's length bias, on every Likert dimension: one job per scored dimension, from the ratings
// already read (no connection needed). scatterByDimension[d] and lengthByDimension[d] receive those
// of inputs.scored[d]; they and inputs must outlive the jobs.
void addScatterJobs(DashboardJobs &jobs, const DashboardInputs &inputs,
                    std::vector<std::vector<ScatterSeries>> &scatterByDimension,
                    std::vector<std::vector<LengthBiasRow>> &lengthByDimension);

// The length bias rows of inputs.scored[dimensionIndex] alone, appended to out: what the dashboard's
// jobs compute, for a caller that wants no scatter (the bias report).
void lengthBiasOn(const DashboardInputs &inputs, std::size_t dimensionIndex, std::vector<LengthBiasRow> &out);

} // namespace concord::reports

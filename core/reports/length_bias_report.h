// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "io/table_writer.h"
#include "reports/dashboard_report.h"

#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::reports {

struct LengthBiasRequest {
    std::string humanGroup;          // empty: the first group with human raters
    std::vector<std::string> judges; // empty: every judge rater of the study
    std::string split{};             // only this held-out split's documents ("dev" or "test"); empty: all
};

// The length bias rows the Agreement dashboard shows, without the rest of the dashboard: per Likert
// dimension (in the study's order), each judge (in the order of the request) that scored it. Fails
// like the dashboard when the group or a judge is unknown.
Result<std::vector<LengthBiasRow>> computeLengthBias(store::Study &study, const LengthBiasRequest &request);

// One row per judge and dimension: Kendall tau-b of the judge's and of the humans' scores with summary
// length in words (with the cells used), the judge's pairwise agreement with the humans on all pairs and
// on the pairs within the 20th percentile of length difference (agreed, pairs, rate) and that cutoff.
// fullPrecision writes every number so that it reads back exactly (CSV, JSON), otherwise 4 decimals; an
// undefined number is empty (fullPrecision) or "–".
io::Table lengthBiasTable(const std::vector<LengthBiasRow> &rows, bool fullPrecision);

} // namespace concord::reports

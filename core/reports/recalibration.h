// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "reports/calibration_report.h"
#include "stats/isotonic.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>

namespace concord::store {
class Study;
}

namespace concord::reports {

// An isotonic recalibration of a judge on one Likert dimension: the judge's score mapped, by a non-decreasing
// step (stats::fitIsotonic), to the human group's mean score per summary. Fitted on the dev split's summaries
// only and applied to the test split's, where it is kept as a judge of its own (protocol "isotonic", the fit
// in its params), so that every table and chart can compare it with the judge it came from, on data the fit
// never saw. Nothing of the test split enters the fit.
struct RecalibrationRequest {
    std::string judge;
    std::string humanGroup;
    std::string dimension;
    std::string name; // the recalibrated judge's; empty: "<judge> isotonic"
    std::size_t bins = 10;
};

struct RecalibrationReport {
    RecalibrationRequest request; // the name filled in
    std::size_t devDocuments = 0;
    std::size_t testDocuments = 0;
    std::size_t devPairs = 0; // dev summaries with the judge's score and a human mean: the fit's points
    std::size_t written = 0;  // test summaries the judge scored, now scored by the recalibrated judge
    stats::IsotonicFit fit;   // knots: the judge's score, the fitted human mean
    CalibrationReport before; // the judge on test
    CalibrationReport after;  // the recalibrated judge on test
};

// Fits, writes the recalibrated judge's ratings in one transaction and computes both calibrations on test.
// Fails, changing nothing: no held-out split, the judge, group or dimension missing, a dimension that is not
// Likert, a rater of that name already in the study, or fewer than two dev summaries to fit on.
Result<RecalibrationReport> recalibrateIsotonic(store::Study &study, const RecalibrationRequest &request);

// {"judge", "recalibrated", "human_group", "dimension", "method": "isotonic", "fitted_on": "dev",
//  "applied_to": "test", "dev_documents", "test_documents", "dev_pairs", "written", "knots": [[score, fitted]],
//  "test": [{"rater", "pairs", "ece_equal_width", "ece_equal_mass", "brier"}]}.
nlohmann::json toJson(const RecalibrationReport &report);

} // namespace concord::reports

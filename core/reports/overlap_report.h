// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "stats/alpha_sample_size.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>

namespace concord::store {
class Study;
}

namespace concord::reports {

// How much overlap a study needs: from a pilot (the group's ratings so far), how many summaries rated by two or
// more of the group, and so how many documents given to two or more annotators, give the group's alpha on a
// dimension a bootstrap interval no wider than `width` (stats::alphaUnitsForWidth, whose assumptions hold here:
// the new documents are like the pilot's, rated by the same people).
struct OverlapRequest {
    std::string group;
    std::string dimension;
    std::optional<stats::MeasurementLevel> level; // empty: the dimension's default (ordinal)
    double width = 0.1;
    stats::BootstrapOptions options{500, 20240601, 0.95, stats::ResampleUnit::Both};
    std::size_t maxUnits = 50000;
};

struct OverlapReport {
    OverlapRequest request;
    stats::AlphaSampleSize sizing;
    std::size_t pilotDocuments = 0;  // documents with a summary rated by two or more
    double summariesPerDocument = 0; // such summaries per such document in the pilot
    std::optional<std::size_t> documentsNeeded;
};

Result<OverlapReport> computeOverlap(store::Study &study, const OverlapRequest &request);

// {"group", "dimension", "level", "width", "confidence", "resamples", "pilot": {"alpha", "summaries", "documents",
// "ci_low", "ci_high", "width"}, "summaries_needed", "documents_needed", "curve": [{"summaries", "ci_low",
// "ci_high", "width"}], "why"}.
nlohmann::json toJson(const OverlapReport &report);

} // namespace concord::reports

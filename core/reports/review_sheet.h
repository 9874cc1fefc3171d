// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "model/dimension.h"
#include "model/ids.h"

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::reports {

// One document as the lead reviews it: each annotator's Likert ratings of each of its summaries side by side,
// the adjudicated labels already given, and each annotator's latest decision.
struct ReviewSheet {
    struct Summary {
        model::Id candidate = 0;
        std::string system; // for the lead; a view keeps it hidden until the names are revealed
    };
    model::Id document = 0;
    std::string externalId;
    std::vector<Summary> summaries;           // the document's order: "Summary 1..n" when blind
    std::vector<std::string> annotators;      // people with work on it (not the adjudicated rater), by name
    std::vector<std::string> latestDecision;  // per annotator: accepted, rejected, adjudicated or empty
    std::vector<model::Dimension> dimensions; // the study's Likert dimensions
    // (summary, dimension, annotator) indexes -> rating
    std::map<std::tuple<std::size_t, std::size_t, std::size_t>, double> ratings;
    // (summary, dimension) indexes -> the adjudicated label
    std::map<std::pair<std::size_t, std::size_t>, double> adjudicated;

    std::optional<double> rating(std::size_t summary, std::size_t dimension, std::size_t annotator) const;
};

Result<ReviewSheet> reviewSheet(store::Study &study, model::Id document);

} // namespace concord::reports

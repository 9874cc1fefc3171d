// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/dimension.h"
#include "model/ids.h"
#include "model/rater.h"
#include "reports/rating_matrices.h"
#include "store/study.h"

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace concord::reports {

// The raters, systems and dimensions of a study with the ratings of its Likert dimensions and the
// rankings of its rank dimensions, read once: a correlation or agreement report computed from it reads
// nothing more. The dashboard's many reports share one reading, since on a team study every read is a
// round trip to the server with its rows sent as text, and reading the same ratings again for every
// report took most of a refresh. Read-only once made, so worker threads may share it.
struct StudyScores {
    std::vector<model::Rater> raters;                             // by id
    std::map<model::Id, std::string> systemNames;                 // empty in an annotator's blind session
    std::vector<model::Dimension> dimensions;                     // every dimension, in the study's order
    std::map<model::Id, std::vector<store::RatingRow>> ratings;   // per Likert dimension read
    std::map<model::Id, std::vector<store::RankingRow>> rankings; // per rank dimension read

    // Reads the Likert and rank dimensions among `dimensionNames`, or every one when it is empty; a name
    // the study lacks or of another kind is left for the report to name.
    static StudyScores read(store::Study &study, const std::vector<std::string> &dimensionNames = {});

    // The dimension of that name; nullptr when the study has none.
    const model::Dimension *dimension(const std::string &name) const;
    // A dimension's judgements as values, ordered by rater, document and system: its ratings, or its
    // rankings as RatingMatrices::fromRankings makes them (impossible rankings counted in skippedRankings).
    // Empty for a dimension that was not read.
    std::vector<store::RatingRow> valuesOn(const model::Dimension &dimension, RatingMatrices::RankValue rankAs,
                                           std::size_t *skippedRankings = nullptr) const;
};

} // namespace concord::reports

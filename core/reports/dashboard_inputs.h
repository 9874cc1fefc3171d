// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/dimension.h"
#include "model/ids.h"
#include "model/rater.h"
#include "reports/dashboard_report.h"
#include "reports/study_scores.h"
#include "store/study.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace concord::reports {

// What the study holds that the dashboard needs, read once on the setting-up connection and then
// shared read-only by the worker threads: look-ups use find() or at(), never operator[].
struct DashboardInputs {
    // A Likert or rank dimension's ratings (rank dimensions as rank scores) and who gave them.
    struct ScoredDimension {
        model::Dimension dimension;
        std::vector<store::RatingRow> rows;
        std::set<model::Id> raters;
    };

    StudyScores scores; // what the correlation and agreement jobs compute from, read once for all of them
    std::vector<model::Rater> raters;
    std::map<std::string, model::Id> raterIds;
    std::vector<std::string> groups;    // every human group, in the order of the raters
    std::vector<std::string> allJudges; // every judge of the study
    std::string humanGroup;             // the group the judges are measured against
    std::vector<std::string> humansOfGroup;
    std::vector<model::Id> humanIds;                                             // the same raters, by id
    std::vector<std::string> judges;                                             // the judges shown
    std::map<model::Id, std::string> systemNames, documentNames, dimensionNames; // documents by external id
    std::map<std::pair<model::Id, model::Id>, double> lengths;                   // (document, system) -> words
    std::vector<model::Dimension> allDimensions;
    std::vector<ScoredDimension> scored; // the Likert and rank dimensions, in the study's order
    // The held-out split's documents when the options asked for one; the scores hold only their rows.
    std::optional<std::set<model::Id>> splitDocuments;
    // Drops the verdicts about documents outside the split (none without a split).
    void keepSplitOnly(std::vector<store::PairwiseRow> &verdicts) const;

    // Fails when the study has no human raters, or the options name a group or judge it does not have.
    static DashboardInputs read(store::Study &study, const DashboardOptions &options);

    bool rated(const ScoredDimension &dimension, const std::string &rater) const;
    // The name of an id, or the id itself when the map does not know it.
    static std::string nameOf(const std::map<model::Id, std::string> &names, model::Id id);
};

} // namespace concord::reports

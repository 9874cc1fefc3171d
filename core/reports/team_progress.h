// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "model/ids.h"
#include "reports/annotator_quality.h"
#include "reports/work_times.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::reports {

// The study lead's view of the team: per person, how far their assigned work is, what review made of it, and
// how they label beside their group. A lead's report: it reads everyone's work.
struct TeamProgressRequest {
    std::string group;     // the human group whose quality is shown; empty: the first human group
    std::string dimension; // the Likert dimension it is shown on; empty: the first Likert dimension
    stats::MaceOptions mace;
    WorkTimeOptions times; // what counts as a break, and throughput per hour or per day
};

// One person's row. Every field is filled in computeTeamProgress, in one place, from reads done once for the
// whole team: a new column is one more field and its lines there.
struct TeamMemberProgress {
    model::Id rater = 0;
    std::string name;
    std::string group;
    int assigned = 0;         // documents assigned to them (Study::assignments)
    int assignedFinished = 0; // of those, finished as Annotate counts it (store::AnnotationProgress)
    int finished = 0;         // every document they finished, assigned or not
    int worked = 0;           // documents with some judgement of theirs (Study::documentsWorkedOn)
    // Review: their documents by the latest decision on each (a rejection later accepted counts as accepted).
    int accepted = 0;
    int rejected = 0;
    int adjudicated = 0;
    // How they label the chosen group's dimension (computeAnnotatorQuality); empty when they are not in the group
    // or no quality could be computed (TeamProgress::qualityWhy).
    std::optional<AnnotatorQuality> quality;
    // How long they take and how fast they go, from their edits' times (workTimes); empty without any recorded.
    // Its throughput counts only the documents they finished (every answer asked given), each in the hour (or
    // day) of its last edit: a document only started is work, not a document done.
    std::optional<PersonWorkTime> time;

    // assignedFinished of assigned, 0 to 1; empty with nothing assigned.
    std::optional<double> progress() const;
};

struct TeamProgress {
    TeamProgressRequest request;         // the group and dimension used, defaults filled in
    int documents = 0;                   // the study's documents (read with the people's work: 0 without human raters)
    std::vector<std::string> groups;     // the human groups, in study order (the choices of request.group)
    std::vector<std::string> dimensions; // the Likert dimensions (the choices of request.dimension)
    std::vector<TeamMemberProgress> annotators; // the human raters, in study order, the adjudicated labels left out
    std::optional<stats::AlphaResult> groupAlpha;
    // The whole team's throughput: documents finished whose last edit falls in each hour (or day), in time order.
    std::vector<ThroughputBucket> throughput;
    std::string maceWhy;    // from computeAnnotatorQuality: why there is no competence
    std::string qualityWhy; // why there is no quality at all (no group or dimension, too few ratings), else empty
};

Result<TeamProgress> computeTeamProgress(store::Study &study, const TeamProgressRequest &request);

// {"group", "dimension", "documents", "groups", "dimensions", "group_alpha", "quality_why", "mace_why",
//  "annotators": [{"rater", "group", "assigned", "assigned_finished", "progress", "finished", "worked", "accepted",
//  "rejected", "adjudicated", "labels", "alpha_without", "correlation_with_others", "competence",
//  "median_seconds_per_document", "timed_documents", "active_seconds", "throughput": [{"start", "documents"}]}],
//  "idle_seconds", "bucket_seconds", "throughput": [{"start", "documents"}]}; undefined numbers are null.
nlohmann::json toJson(const TeamProgress &progress);

} // namespace concord::reports

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/dashboard_inputs.h"

#include "error.h"
#include "reports/rating_matrices.h"
#include "reports/split_report.h"
#include "store/name_hints.h"

#include <algorithm>

namespace concord::reports {

using model::Id;

namespace {

std::size_t wordCount(const std::string &text)
{
    std::size_t words = 0;
    bool inWord = false;
    for (const unsigned char c : text) {
        const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
        if (!space && !inWord)
            ++words;
        inWord = !space;
    }
    return words;
}

} // namespace

DashboardInputs DashboardInputs::read(store::Study &study, const DashboardOptions &options)
{
    DashboardInputs in;

    // Everything below comes from one reading of the study: each read is a round trip on a team study.
    in.scores = StudyScores::read(study);
    if (!options.split.empty()) {
        auto documents = documentsOfSplit(study, options.split);
        if (!documents)
            fail(documents.error().message, "split");
        if (const Status kept = reports::keepSplitOnly(study, in.scores, options.split); !kept)
            fail(kept.error().message, "split");
        in.splitDocuments = std::move(documents).value();
    }

    // Who rated: the human groups and the judges, checked against the options.
    in.raters = in.scores.raters;
    std::map<std::string, std::vector<Id>> groupMembers;
    for (const auto &r : in.raters) {
        in.raterIds[r.name] = r.id;
        if (r.kind == model::RaterKind::Human) {
            if (std::find(in.groups.begin(), in.groups.end(), r.group) == in.groups.end())
                in.groups.push_back(r.group);
            groupMembers[r.group].push_back(r.id);
        } else if (r.kind == model::RaterKind::Judge) {
            in.allJudges.push_back(r.name);
        }
    }
    if (in.groups.empty())
        fail("the study has no human raters to compare with", "human");
    in.humanGroup = options.humanGroup.empty() ? in.groups.front() : options.humanGroup;
    if (!groupMembers.count(in.humanGroup))
        fail("no human rater in group '" + in.humanGroup + "'" + store::humanGroupsHint(study), "human");
    for (const auto &r : in.raters)
        if (r.kind == model::RaterKind::Human && r.group == in.humanGroup)
            in.humansOfGroup.push_back(r.name);
    in.judges = options.judges.empty() ? in.allJudges : options.judges;
    for (const auto &j : in.judges)
        if (std::find(in.allJudges.begin(), in.allJudges.end(), j) == in.allJudges.end())
            fail("no judge named '" + j + "' in the study", "rater");
    in.humanIds = groupMembers[in.humanGroup];

    // What was rated: names, summary lengths, and the ratings of every scored dimension.
    in.systemNames = in.scores.systemNames;
    for (const auto &d : study.documentSummariesWithoutJudgements())
        in.documentNames[d.id] = d.externalId;
    for (const auto &c : study.candidates())
        in.lengths[{c.documentId, c.systemId}] = static_cast<double>(wordCount(c.text));
    in.allDimensions = in.scores.dimensions;
    for (const auto &d : in.allDimensions) {
        in.dimensionNames[d.id] = d.name;
        if (d.kind != model::DimensionKind::Likert && d.kind != model::DimensionKind::Rank)
            continue;
        ScoredDimension data{d, in.scores.valuesOn(d, RatingMatrices::RankValue::Score), {}};
        for (const auto &row : data.rows)
            data.raters.insert(row.rater);
        in.scored.push_back(std::move(data));
    }
    return in;
}

void DashboardInputs::keepSplitOnly(std::vector<store::PairwiseRow> &verdicts) const
{
    if (splitDocuments)
        std::erase_if(verdicts, [&](const store::PairwiseRow &row) { return !splitDocuments->contains(row.document); });
}

bool DashboardInputs::rated(const ScoredDimension &dimension, const std::string &rater) const
{
    return dimension.raters.count(raterIds.at(rater)) > 0;
}

std::string DashboardInputs::nameOf(const std::map<Id, std::string> &names, Id id)
{
    const auto it = names.find(id);
    return it == names.end() ? std::to_string(id) : it->second;
}

} // namespace concord::reports

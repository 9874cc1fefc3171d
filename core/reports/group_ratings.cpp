// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/group_ratings.h"

#include "reports/rating_matrices.h"
#include "reports/study_scores.h"
#include "store/name_hints.h"
#include "store/study.h"

#include <map>

namespace concord::reports {

using model::Id;

GroupRatings GroupRatings::read(store::Study &study, const std::string &group, const std::string &dimension)
{
    const StudyScores scores = StudyScores::read(study, {dimension});
    GroupRatings out;
    const model::Dimension *dim = scores.dimension(dimension);
    if (!dim)
        fail("no dimension named '" + dimension + "' in the study" + store::dimensionNamesHint(scores.dimensions),
             "dimension");
    if (dim->kind != model::DimensionKind::Likert)
        fail("dimension '" + dim->name + "' is not a likert dimension: this is computed on ratings", "dimension");
    out.dimension = *dim;
    std::map<Id, std::size_t> coderOf;
    for (const auto &r : scores.raters)
        if (r.kind == model::RaterKind::Human && r.group == group) {
            coderOf[r.id] = out.raters.size();
            out.raters.push_back(r.name);
        }
    if (out.raters.empty())
        fail("no human rater in group '" + group + "'" + store::humanGroupsHint(scores.raters), "group");
    const auto rows = scores.valuesOn(*dim, RatingMatrices::RankValue::CompetitionRank, nullptr);
    std::map<Id, std::size_t> unitOf;
    for (const auto &r : rows)
        if (coderOf.count(r.rater) && unitOf.emplace(r.candidate, unitOf.size()).second) {
            out.candidates.push_back(r.candidate);
            out.documents.push_back(r.document);
        }
    out.data = stats::ReliabilityData(out.candidates.size(), out.raters.size());
    for (const auto &r : rows)
        if (const auto coder = coderOf.find(r.rater); coder != coderOf.end())
            out.data.addValue(unitOf.at(r.candidate), coder->second, r.value);
    return out;
}

} // namespace concord::reports

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/study_scores.h"

#include <algorithm>

namespace concord::reports {

StudyScores StudyScores::read(store::Study &study, const std::vector<std::string> &dimensionNames)
{
    StudyScores scores;
    scores.raters = study.raters();
    for (const auto &s : study.systems())
        scores.systemNames[s.id] = s.name;
    scores.dimensions = study.dimensions();
    for (const auto &d : scores.dimensions) {
        if (!dimensionNames.empty()
            && std::find(dimensionNames.begin(), dimensionNames.end(), d.name) == dimensionNames.end())
            continue;
        if (d.kind == model::DimensionKind::Likert)
            scores.ratings[d.id] = study.ratingsOn(d.id);
        else if (d.kind == model::DimensionKind::Rank)
            scores.rankings[d.id] = study.rankingsOn(d.id);
    }
    return scores;
}

const model::Dimension *StudyScores::dimension(const std::string &name) const
{
    const auto it = std::find_if(dimensions.begin(), dimensions.end(), [&](const auto &d) { return d.name == name; });
    return it == dimensions.end() ? nullptr : &*it;
}

std::vector<store::RatingRow> StudyScores::valuesOn(const model::Dimension &dimension, RatingMatrices::RankValue rankAs,
                                                    std::size_t *skippedRankings) const
{
    if (skippedRankings)
        *skippedRankings = 0;
    if (dimension.kind == model::DimensionKind::Rank) {
        const auto it = rankings.find(dimension.id);
        return it == rankings.end() ? std::vector<store::RatingRow>{}
                                    : RatingMatrices::fromRankings(it->second, rankAs, skippedRankings);
    }
    const auto it = ratings.find(dimension.id);
    return it == ratings.end() ? std::vector<store::RatingRow>{} : it->second;
}

} // namespace concord::reports

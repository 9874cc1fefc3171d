// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ids.h"
#include "stats/score_matrix.h"
#include "store/study.h"

#include <map>
#include <vector>

namespace concord::reports {

// The ratings of one dimension laid out per rater as systems × documents matrices over the same
// systems and documents (every system and document that any rating touches, in id order).
class RatingMatrices {
public:
    explicit RatingMatrices(const std::vector<store::RatingRow> &rows);

    // Each rater's ranking of a document as values: scores (s_i = N − #{j : r_j < r_i}, higher is
    // better) so that rank dimensions correlate like ratings, or the ranks in competition form for
    // agreement. A ranking that is neither competition nor dense style is left out and counted.
    enum class RankValue { Score, CompetitionRank };
    static std::vector<store::RatingRow> fromRankings(const std::vector<store::RankingRow> &rows, RankValue as,
                                                      std::size_t *skippedRankings = nullptr);

    const std::vector<model::Id> &systems() const { return m_systems; }
    const std::vector<model::Id> &documents() const { return m_documents; }
    std::vector<model::Id> raters() const;

    // The rater's matrix; nullptr if the rater has no rating on this dimension.
    const stats::ScoreMatrix *of(model::Id rater) const;
    // Per cell, the mean of the given raters' values where at least one has a value: the human
    // reference (e.g. the experts' mean) a judge is compared with.
    stats::ScoreMatrix mean(const std::vector<model::Id> &raters) const;

private:
    std::vector<model::Id> m_systems;
    std::vector<model::Id> m_documents;
    std::map<model::Id, stats::ScoreMatrix> m_byRater;
};

} // namespace concord::reports

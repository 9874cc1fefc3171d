// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/rating_matrices.h"

#include "model/ranking.h"

#include <algorithm>
#include <cmath>

namespace concord::reports {

namespace {

std::size_t indexOf(const std::vector<model::Id> &sorted, model::Id id)
{
    return static_cast<std::size_t>(std::lower_bound(sorted.begin(), sorted.end(), id) - sorted.begin());
}

void sortUnique(std::vector<model::Id> &v)
{
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
}

} // namespace

RatingMatrices::RatingMatrices(const std::vector<store::RatingRow> &rows)
{
    for (const auto &r : rows) {
        m_systems.push_back(r.system);
        m_documents.push_back(r.document);
    }
    sortUnique(m_systems);
    sortUnique(m_documents);
    for (const auto &r : rows) {
        auto it = m_byRater.find(r.rater);
        if (it == m_byRater.end())
            it = m_byRater.emplace(r.rater, stats::ScoreMatrix(m_systems.size(), m_documents.size())).first;
        it->second.at(indexOf(m_systems, r.system), indexOf(m_documents, r.document)) = r.value;
    }
}

std::vector<store::RatingRow> RatingMatrices::fromRankings(const std::vector<store::RankingRow> &rows, RankValue as,
                                                           std::size_t *skippedRankings)
{
    std::vector<store::RatingRow> out;
    std::size_t skipped = 0;
    // rows come ordered by rater and document: each run is one ranking.
    std::size_t begin = 0;
    while (begin < rows.size()) {
        std::size_t end = begin + 1;
        while (end < rows.size() && rows[end].rater == rows[begin].rater && rows[end].document == rows[begin].document)
            ++end;
        std::vector<int> ranks;
        for (std::size_t i = begin; i < end; ++i)
            ranks.push_back(rows[i].rank);
        if (const auto normalised = model::normaliseRanking(ranks)) {
            const auto scores = model::rankScores(ranks);
            for (std::size_t i = begin; i < end; ++i) {
                const double value = as == RankValue::Score ? scores[i - begin] : normalised.value().ranks[i - begin];
                out.push_back({rows[i].rater, rows[i].candidate, rows[i].document, rows[i].system, value});
            }
        } else {
            ++skipped;
        }
        begin = end;
    }
    if (skippedRankings)
        *skippedRankings = skipped;
    return out;
}

std::vector<model::Id> RatingMatrices::raters() const
{
    std::vector<model::Id> out;
    for (const auto &[id, matrix] : m_byRater)
        out.push_back(id);
    return out;
}

const stats::ScoreMatrix *RatingMatrices::of(model::Id rater) const
{
    const auto it = m_byRater.find(rater);
    return it == m_byRater.end() ? nullptr : &it->second;
}

stats::ScoreMatrix RatingMatrices::mean(const std::vector<model::Id> &raters) const
{
    const std::size_t cells = m_systems.size() * m_documents.size();
    std::vector<double> sum(cells, 0.0);
    std::vector<int> count(cells, 0);
    for (const auto id : raters) {
        const stats::ScoreMatrix *m = of(id);
        if (!m)
            continue;
        const auto &values = m->cells();
        for (std::size_t i = 0; i < cells; ++i)
            if (!std::isnan(values[i])) {
                sum[i] += values[i];
                ++count[i];
            }
    }
    std::vector<double> out(cells, stats::ScoreMatrix::missing());
    for (std::size_t i = 0; i < cells; ++i)
        if (count[i] > 0)
            out[i] = sum[i] / count[i];
    return stats::ScoreMatrix(m_systems.size(), m_documents.size(), std::move(out));
}

} // namespace concord::reports

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/annotation_progress.h"

#include "model/ranking.h"
#include "store/study.h"

#include <algorithm>

namespace concord::store {

AnnotationProgress::AnnotationProgress(const AnnotationPlan &plan, const std::vector<model::Dimension> &dimensions)
    : m_units(plan.units)
{
    const auto idOf = [&](const std::string &name) -> model::Id {
        for (const auto &d : dimensions)
            if (d.name == name)
                return d.id;
        return 0;
    };
    for (const auto &name : plan.likert)
        if (const auto id = idOf(name))
            m_likert.push_back(id);
    for (const auto &name : plan.rank)
        if (const auto id = idOf(name))
            m_rank.push_back(id);
    if (plan.explainDocument)
        m_explained.push_back(0);
    for (const auto &name : plan.explainRanks)
        if (const auto id = idOf(name))
            m_explained.push_back(id);
}

DocumentProgress AnnotationProgress::of(const AnnotatorTally &t) const
{
    DocumentProgress p;
    p.document = t.document;
    if (t.candidates == 0)
        return p;
    for (const auto dimension : m_likert) {
        p.asked += t.candidates;
        const auto it = t.ratings.find(dimension);
        p.answered += it == t.ratings.end() ? 0 : std::min(it->second, t.candidates);
    }
    // A ranking counts as one answer per candidate ranked; an impossible one is flagged.
    for (const auto dimension : m_rank) {
        p.asked += t.candidates;
        const auto it = t.ranks.find(dimension);
        if (it == t.ranks.end())
            continue;
        p.answered += std::min(static_cast<int>(it->second.size()), t.candidates);
        if (!model::normaliseRanking(it->second))
            p.rankingProblem = true;
    }
    for (const auto dimension : m_explained) {
        p.asked += 1;
        if (std::find(t.explained.begin(), t.explained.end(), dimension) != t.explained.end())
            p.answered += 1;
    }
    if (m_units && t.units > 0) {
        p.asked += t.units * t.candidates;
        p.answered += std::min(t.unitMarks, t.units * t.candidates);
    }
    return p;
}

std::vector<DocumentProgress> AnnotationProgress::read(Study &study, model::Id rater) const
{
    std::vector<DocumentProgress> out;
    const auto tallies = study.annotatorTallies(rater);
    out.reserve(tallies.size());
    for (const auto &t : tallies)
        out.push_back(of(t));
    return out;
}

DocumentProgress AnnotationProgress::readOne(Study &study, model::Id rater, model::Id document) const
{
    const auto tallies = study.annotatorTallies(rater, document);
    if (tallies.empty())
        fail("document " + std::to_string(document) + " is not in the study");
    return of(tallies.front());
}

AnnotatorTally AnnotationProgress::tallyOf(const AnnotatorJudgements &judgements, model::Id document, int candidates,
                                           int units)
{
    AnnotatorTally t;
    t.document = document;
    t.candidates = candidates;
    t.units = units;
    for (const auto &[key, value] : judgements.ratings)
        ++t.ratings[key.second];
    for (const auto &[dimension, ranks] : judgements.rankings)
        for (const auto &[candidate, rank] : ranks)
            t.ranks[dimension].push_back(rank);
    for (const auto &[dimension, text] : judgements.explanations)
        if (!text.empty())
            t.explained.push_back(dimension);
    t.unitMarks = static_cast<int>(judgements.unitMarks.size());
    return t;
}

std::int64_t AnnotationProgress::judgementCount(const AnnotatorJudgements &judgements)
{
    std::size_t count = judgements.ratings.size() + judgements.errorSpans.size();
    for (const auto &[dimension, ranks] : judgements.rankings)
        count += ranks.size();
    return static_cast<std::int64_t>(count);
}

ProgressSummary AnnotationProgress::summarise(const std::vector<DocumentProgress> &progress)
{
    ProgressSummary s;
    s.documents = static_cast<int>(progress.size());
    for (const auto &p : progress) {
        if (p.finished())
            ++s.finished;
        else if (p.answered > 0)
            ++s.started;
    }
    return s;
}

} // namespace concord::store

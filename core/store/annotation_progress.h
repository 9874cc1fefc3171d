// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/dimension.h"
#include "model/ids.h"
#include "store/annotation_plan.h"

#include <cstdint>
#include <string>
#include <vector>

namespace concord::store {

struct AnnotatorJudgements;
struct AnnotatorTally;
class Study;

// How far an annotator is with one document: answers given out of answers asked. A document is
// finished when everything asked is answered and every ranking is complete and possible.
struct DocumentProgress {
    model::Id document = 0;
    int asked = 0;
    int answered = 0;
    bool rankingProblem = false; // a ranking that cannot be normalised ("1, 3, 3")
    bool finished() const { return asked > 0 && answered == asked && !rankingProblem; }
};

struct ProgressSummary {
    int documents = 0;
    int finished = 0;
    int started = 0; // some answer given, not finished
};

class AnnotationProgress {
public:
    // Resolves the plan's dimension names to ids once.
    AnnotationProgress(const AnnotationPlan &plan, const std::vector<model::Dimension> &dimensions);

    DocumentProgress of(const AnnotatorTally &tally) const;
    // Every document of the study (or the one given). Throws concord::Failure.
    std::vector<DocumentProgress> read(Study &study, model::Id rater) const;
    DocumentProgress readOne(Study &study, model::Id rater, model::Id document) const;
    static ProgressSummary summarise(const std::vector<DocumentProgress> &progress);

    // What Study::annotatorTallies reads for one document, from the annotator's judgements of it and the
    // document's numbers of summaries and units: an editor that keeps the judgements needs no read.
    static AnnotatorTally tallyOf(const AnnotatorJudgements &judgements, model::Id document, int candidates, int units);
    // The judgements Study::judgementCount counts (ratings, ranked summaries, error spans), of these alone:
    // the document's count as an annotator's blind session reads it.
    static std::int64_t judgementCount(const AnnotatorJudgements &judgements);

private:
    std::vector<model::Id> m_likert;
    std::vector<model::Id> m_rank;
    std::vector<model::Id> m_explained; // 0: the document as a whole
    bool m_units = true;
};

} // namespace concord::store

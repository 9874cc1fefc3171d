#pragma once

#include "judge/answer/answer_parser.h"
#include "model/ids.h"
#include "model/judge_call.h"
#include "judge/protocol.h"
#include "judge/unit_context.h"

namespace concord::store {
class Study;
}

namespace concord::judge {

// Turns answered calls into the study's judgements. Call store() inside one transaction per answer:
// the call and what it means are committed together, so a crash never leaves one without the other.
//
//   rts, mcq, llmeval, geval, llmscore  → a rating of the candidate on the dimension
//   likert-multi                        → a rating on every Likert dimension
//   h2h, pairwise, llmcompare           → a pairwise outcome (candidate A = the one shown first)
//   llmrank                             → the ranking of the document's candidates
//   pyramid, factuality                 → the candidate's rating on "pyramid" / "factuality" (0–1): the
//                                         share of units present / sentences supported among the valid
//                                         answers so far, recomputed from the stored calls
// A unit asked in several sampling calls is rated with the mean of its valid samples so far.
class JudgementWriter {
public:
    JudgementWriter(store::Study &study, model::Id rater, Protocol protocol);

    // Stores the call (whose parsed fields the caller has filled from `answer`) and its judgements.
    model::Id store(const UnitContext &context, model::JudgeCall call, const ParsedAnswer &answer, bool sampled);

private:
    model::Id aggregateDimension();

    store::Study &m_study;
    model::Id m_rater;
    Protocol m_protocol;
    model::Id m_aggregateDimension = 0;
};

} // namespace concord::judge

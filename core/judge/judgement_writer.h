// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/answer/answer_parser.h"
#include "judge/protocol.h"
#include "judge/unit_context.h"
#include "model/ids.h"
#include "model/judge_call.h"

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
// A G-Eval unit scored by sampling is rated with the mean of its valid samples so far (storeSample).
class JudgementWriter {
public:
    JudgementWriter(store::Study &study, model::Id rater, Protocol protocol);

    // Stores the call (its parsed fields filled from `answer`) and its judgements.
    model::Id store(const UnitContext &context, model::JudgeCall call, const ParsedAnswer &answer);
    // Stores a call that judges nothing: a G-Eval answer without token probabilities, whose unit is
    // scored by sampling instead.
    model::Id storeUnused(model::JudgeCall call, const ParsedAnswer &answer);
    // Stores one sampling call of a unit (its answer from readSamples) and rates the unit with the mean
    // of every valid sample in this rater's calls about the unit with these request hashes, this one
    // included: the samples asked with n and those asked one at a time, and what an earlier run of a
    // resumed judge stored.
    model::Id storeSample(const UnitContext &context, model::JudgeCall call, const ParsedAnswer &answer,
                          const std::vector<std::string> &requestHashes);

private:
    model::Id addCall(model::JudgeCall call, const ParsedAnswer &answer);
    model::Id aggregateDimension();

    store::Study &m_study;
    model::Id m_rater;
    Protocol m_protocol;
    model::Id m_aggregateDimension = 0;
};

} // namespace concord::judge

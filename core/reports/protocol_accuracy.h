// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "model/ids.h"
#include "stats/accuracy.h"

#include <optional>
#include <set>
#include <string>

namespace concord::store {
class Study;
}

namespace concord::reports {

// How often a judge's binary or choice answers match the humans' (Gao et al.), from a study.
//
// What the judge's answers are read from:
//   pairwise choice: the judge's pairwise outcomes on judgeDimension;
//   pyramid: valid judge calls of protocol "pyramid", unit {"scu": k}, parsed value 1 (present) or 0;
//   factuality: valid judge calls of protocol "factuality", unit {"sentence": i} (the i-th sentence of
//     model::splitSentences), parsed value 1 (supported) or 0.
// What the humans' truth is:
//   pairwise choice: the system with the higher mean rating of the group on humanDimension (equal: a tie);
//   pyramid: the majority of the group's unit marks (a split vote has no truth and is left out);
//   factuality: a sentence is unsupported when a group member marked an error span in it; candidates no
//     member judged in any way are left out.
struct ProtocolAccuracyRequest {
    std::string judge;
    std::string humanGroup;
    std::string judgeDimension; // pairwise choice only
    std::string humanDimension; // pairwise choice only; empty: the same as judgeDimension
    double confidence = 0.95;
    // Only the answers about these documents (a held-out split's); none: every document.
    std::optional<std::set<model::Id>> documents{};
};

struct ProtocolAccuracy {
    stats::Accuracy accuracy;
    std::size_t invalidAnswers = 0; // judge answers stored as invalid, left out
    std::size_t withoutTruth = 0;   // answers with no human truth to compare with, left out
};

Result<ProtocolAccuracy> pairwiseChoiceAccuracy(store::Study &study, const ProtocolAccuracyRequest &request);
Result<ProtocolAccuracy> pyramidAccuracy(store::Study &study, const ProtocolAccuracyRequest &request);
Result<ProtocolAccuracy> factualityAccuracy(store::Study &study, const ProtocolAccuracyRequest &request);

} // namespace concord::reports

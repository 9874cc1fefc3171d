// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "io/table_writer.h"
#include "reports/protocol_accuracy.h"

#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::reports {

// The protocols whose answers protocol_accuracy.h scores against the humans.
enum class AccuracyProtocol { PairwiseChoice, Pyramid, Factuality };
std::string toString(AccuracyProtocol protocol); // "pairwise", "pyramid", "factuality"

struct AccuracyRow {
    std::string judge;
    AccuracyProtocol protocol = AccuracyProtocol::PairwiseChoice;
    std::string dimension;      // pairwise choice: the dimension of the judge's verdicts; else empty
    std::string humanDimension; // pairwise choice: the dimension of the humans' ratings; else empty
    ProtocolAccuracy result;
};

struct AccuracyReportRequest {
    std::string humanGroup;
    std::vector<std::string> judges; // empty: every judge with pairwise verdicts, Pyramid or factuality answers
    std::string humanDimension;      // pairwise choice: empty means each verdict dimension itself
    double confidence = 0.95;
    std::string split{}; // only the answers about this held-out split's documents ("dev" or "test"); empty: all
};

// Each judge's accuracy on every protocol it has answers for: pairwise choice per dimension with its
// verdicts (in the study's order), then Pyramid, then per-sentence factuality; judges in the order of the
// request. A judge named in the request that has none of these answers, or that is not a judge, is an
// error (field "rater"); so is a study in which no judge has any. With a split, a study without one or a
// split that is not dev or test is an error (field "split"); which judges have answers is still asked of
// every document, so a judge with none on the split has a row of total 0.
Result<std::vector<AccuracyRow>> computeAccuracy(store::Study &study, const AccuracyReportRequest &request);

// One row per judge and protocol: judge, protocol, dimension, human dimension, correct, total, accuracy,
// the Wilson interval, answers left out as invalid and for want of a human truth. fullPrecision writes every
// number so that it reads back exactly (CSV, JSON), otherwise 4 decimals; an undefined number is empty
// (fullPrecision) or "–". With a split, the caption names it and every row has a "split" column.
io::Table accuracyTable(const std::vector<AccuracyRow> &rows, bool fullPrecision, const std::string &split = {});

} // namespace concord::reports

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "io/import_progress.h"
#include "judge/protocol.h"

#include <cstddef>
#include <string>

namespace concord::store {
class Study;
}

namespace concord::judge {

// Published judge outputs brought into a study as a judge rater, so they can be analysed like a run.
// One JSON object per line:
//   {"doc_id", "system", "dimension", "response"}  — the judge's raw answer, read by the protocol's parser
//   {"doc_id", "system", "dimension", "value"}     — an already-read score (within the dimension's scale)
//   {"doc_id", "system", "dimension", "responses"} — several sampled answers (G-Eval's published runs keep
//                                                    their 20 samples so): the mean of the valid ones
// Pairwise protocols (h2h, pairwise, llmcompare) name "system_a" and "system_b" instead of "system", and
// "order": "ab" or "ba" (which was shown first; default "ab"); a "value" is then "a", "b" or "tie".
// llmrank names "systems": [...] in the order shown; a "value" is the list of ranks. pyramid adds
// "scu": k and factuality "sentence": i. "dimension" is left out for protocols without one.
// Answers that do not parse are kept as invalid judgements with their reason and raw text; a line that
// names an unknown document, system or dimension, or is not JSON, is an error naming file, line and
// field, and nothing is imported.
// Protocols scored from token probabilities (geval, llmscore) record how each score was obtained, as a run
// does: a recording holds no token probabilities, so a "response" is a single answer, "responses" the mean
// of samples and "value" an already-read value; the report counts them.
// A unit answered again further down the file (same document, summaries in the same order, dimension and
// SCU or sentence) is a repeat: the later answer becomes the unit's judgement, the earlier ones stay as
// calls, and the report counts the repeats.
struct RecordedImportRequest {
    Protocol protocol = Protocol::Rts;
    std::string rater;
    std::string model; // recorded with the rater (optional)
    std::string path;
};

struct RecordedImportReport {
    std::size_t lines = 0;
    std::size_t valid = 0;
    std::size_t invalid = 0;
    std::size_t repeats = 0; // lines answering a unit an earlier line already answered
    // geval and llmscore (and "responses" of any protocol): lines by how their score was obtained
    std::size_t bySingle = 0;
    std::size_t bySamples = 0;
    std::size_t byValue = 0;
};

// The file is read a line at a time; progress is told the bytes read and may cancel, which leaves the
// study unchanged.
Result<RecordedImportReport> importRecordedJudgements(store::Study &study, const RecordedImportRequest &request,
                                                      io::ImportProgress progress = {});

} // namespace concord::judge

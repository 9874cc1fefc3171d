// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "io/import_progress.h"
#include "io/import_report.h"
#include "model/dimension.h"

#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::io {

// Imports SummEval's annotated summaries, JSON Lines with one summary per line (usually one system per
// file): "id" (the document), "text" (the article), "references" (a list of reference summaries),
// "model_id" (the system), "decoded" (the summary), optional "filepath" (kept as document metadata), and
// "expert_annotations" (3 objects) and "turker_annotations" (5 objects), each with a 1–5 "coherence",
// "consistency", "fluency" and "relevance". They become documents, systems, candidates, the four Likert
// dimensions, raters expert_1..3 (group "expert") and turker_1..5 (group "turker"), and all their ratings.
// All files go in one transaction: any error leaves the study unchanged and names file, line, field.
// Files are read a line at a time (memory does not grow with them); progress is told the bytes read
// over all files and may cancel, which also leaves the study unchanged.
class SummEvalImporter {
public:
    static Result<ImportReport> importFiles(store::Study &study, const std::vector<std::string> &paths,
                                            ImportProgress progress = {});
    // coherence, consistency, fluency, relevance: Likert 1–5 with Concord's own definitions.
    static std::vector<model::Dimension> dimensions();
};

} // namespace concord::io

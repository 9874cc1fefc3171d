#pragma once

#include "error.h"
#include "io/import_report.h"
#include "model/dimension.h"

#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::io {

// Imports SummEval JSONL files (one system per file, as in ../shared/data/summeval): documents
// (id, text, references), systems (model_id), candidates (decoded), the four Likert dimensions,
// raters expert_1..3 (group "expert") and turker_1..5 (group "turker"), and all their ratings.
// All files go in one transaction: any error leaves the study unchanged and names file, line, field.
class SummEvalImporter {
public:
    static Result<ImportReport> importFiles(store::Study &study, const std::vector<std::string> &paths);
    // coherence, consistency, fluency, relevance: Likert 1–5 with Concord's own definitions.
    static std::vector<model::Dimension> dimensions();
};

} // namespace concord::io

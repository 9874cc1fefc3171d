// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "io/import_report.h"

#include <string>
#include <string_view>

namespace concord::store {
class Study;
}

namespace concord::io {

// A whole study as one JSON document: what the demo study is written in, and what Concord can
// bring into a study in one transaction. Shape (every list optional):
// {
//   "format": "concord-study-bundle", "version": 1,
//   "dimensions": [{"name", "kind": "likert|rank|binary|spans|pairwise", "min", "max", "labels": [..], "definition"}],
//   "raters":     [{"name", "kind": "human|judge|metric", "group", "provider", "model", "protocol", "params": {}}],
//   "documents":  [{"id", "article", "requirement", "references": [..], "scus": [..], "metadata": {},
//                   "candidates": [{"system", "summary"}]}],
//   "ratings":      [{"doc_id", "system", "dimension", "rater", "value"}],
//   "rankings":     [{"doc_id", "dimension", "rater", "ranks": {"SYSTEM": rank, ...}}],
//   "error_spans":  [{"doc_id", "system", "rater", "quote", "start", "end", "note"}],
//   "explanations": [{"doc_id", "rater", "dimension" (optional: the document as a whole), "text"}],
//   "unit_marks":   [{"doc_id", "system", "rater", "unit", "present"}]
// }
// Span offsets are Unicode code points into the summary (as Python's str indexes it); "start"/"end"
// may be left out, and the quote's first occurrence is used. Given offsets must match the quote.
class StudyBundle {
public:
    // sourceName is used in error messages in place of a file name.
    static Result<ImportReport> importJson(store::Study &study, std::string_view jsonText,
                                           const std::string &sourceName);
    static Result<ImportReport> importFile(store::Study &study, const std::string &path);
};

} // namespace concord::io

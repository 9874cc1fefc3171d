// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace concord::store {
class Study;
}

namespace concord::io {

enum class ExportFormat { Csv, Jsonl };
std::optional<ExportFormat> exportFormatFromName(std::string_view name); // "csv", "jsonl"

struct ExportOptions {
    // Also the items the judgements are about, first: dimensions (kind, scale, labels, definition),
    // raters (group, kind, provider, model, protocol, parameters), documents (article, requirement,
    // references, content units, metadata), systems and summaries. With them the file alone rebuilds
    // the study's judgements in a new study (TableImporter reads it back).
    bool items = false;
};

struct ExportReport {
    std::int64_t rows = 0;
};

// Writes every judgement of the study in long format, one row per judgement: kind (rating, rank,
// error_span, pairwise, explanation, unit_mark, presentation_order), doc_id, system, dimension, rater,
// group, rater_kind, value, … (the columns are kLongExportColumns). Rows come in a fixed order of the
// study's own order of documents, systems, dimensions and raters, so that exporting a re-imported
// export gives the same file. CSV cells that a spreadsheet would run as a formula are guarded. The
// file is written to a temporary name and renamed, so a failed export never leaves half a file behind.
class StudyExporter {
public:
    static Result<ExportReport> exportTo(store::Study &study, const std::string &path, ExportFormat format,
                                         const ExportOptions &options = {});
};

} // namespace concord::io

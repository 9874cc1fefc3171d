// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "io/import_progress.h"
#include "io/import_report.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace concord::store {
class Study;
}

namespace concord::io {

enum class TableFormat { Jsonl, Csv, Tsv };
std::optional<TableFormat> tableFormatFromName(std::string_view name); // "jsonl", "csv", "tsv"

// Which column (CSV/TSV header name, or JSONL key) holds each field Concord knows.
// Fields: doc_id, article, requirement, system, summary (the items); rater, group, dimension,
// value (long-format ratings); score.NAME (wide format: a column of ratings for dimension NAME).
struct ColumnMapping {
    std::map<std::string, std::string> columns; // field -> column
    // True for identity(): a column missing from the file is skipped instead of being an error.
    bool skipMissingColumns = false;

    // "doc_id=id,article=text,summary=output" — errors name the bad entry.
    static Result<ColumnMapping> parse(std::string_view spec);
    // The mapping used when none is given: each field read from a column of the same name.
    static ColumnMapping identity();
};

// Imports a generic JSONL or CSV/TSV table with a column mapping: enough for InstruSum-style data
// (article + requirement + candidates) and any team's spreadsheet of ratings. A Concord long export
// (recognised by its columns) is read by LongExportImporter instead, every kind of row; a mapping then
// may only name its columns as they are. All or nothing, in one transaction; errors name file, line
// and field.
class TableImporter {
public:
    static Result<ImportReport> importFile(store::Study &study, const std::string &path, TableFormat format,
                                           const ColumnMapping &mapping, ImportProgress progress = {});
};

} // namespace concord::io

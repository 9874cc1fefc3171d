// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "io/import_progress.h"
#include "io/import_report.h"
#include "io/table_preview.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

    // One rater for every rating of a table that has no rater column (a sheet of one person's scores). It is
    // added as a person of group (when it is not in the study yet); with no group given, the group column's
    // cell is used as for a rater column. A table with a rater column takes none: that is an error.
    struct FixedRater {
        std::string name;
        std::string group;
        bool operator==(const FixedRater &) const = default;
    };
    std::optional<FixedRater> fixedRater;

    // "doc_id=id,article=text,summary=output" — errors name the bad entry.
    static Result<ColumnMapping> parse(std::string_view spec);
    // The mapping used when none is given: each field read from a column of the same name.
    static ColumnMapping identity();
    // The fields a mapping may name besides score.NAME, in the order of the list above.
    static const std::vector<std::string> &fields();
};

// Imports a generic JSONL or CSV/TSV table with a column mapping: enough for InstruSum-style data
// (article + requirement + candidates) and any team's spreadsheet of ratings. A Concord long export
// (recognised by its columns) is read by LongExportImporter instead, every kind of row; a mapping then
// may only name its columns as they are. All or nothing, in one transaction; errors name file, line
// and field. The file is read a record at a time and the importer keeps no text of it beyond the
// current document's, so memory stays the same for ten thousand and ten million rows.
class TableImporter {
public:
    static Result<ImportReport> importFile(store::Study &study, const std::string &path, TableFormat format,
                                           const ColumnMapping &mapping, ImportProgress progress = {});
    // importFile without writing: the import runs to its end on a private copy of the study (store::StudyCopy)
    // that is then thrown away, so it meets exactly the errors importFile would (the study's own contents
    // included) and reports what it would add, without ever holding the study's write lock.
    static Result<ImportReport> checkFile(store::Study &study, const std::string &path, TableFormat format,
                                          const ColumnMapping &mapping, ImportProgress progress = {});
    // The columns a mapping can name: the CSV/TSV header's (trimmed, as the import matches them), or the
    // keys of the first maxRecords JSON lines in the order met. Each is listed once.
    static Result<std::vector<std::string>> columnsOf(const std::string &path, TableFormat format,
                                                      std::size_t maxRecords = 100);
    // The first maxRows rows as importFile reads them with mapping, read by the importer's own reader
    // and mapping checks; needs no study and reads no further than those rows.
    static TablePreview preview(const std::string &path, TableFormat format, const ColumnMapping &mapping,
                                std::size_t maxRows);
    // The columns that look like a wide table's ratings, in the file's order: named "score" (in any case) or
    // exactly like one of dimensions, not like a field of ColumnMapping::fields(), with a number in every cell
    // of the first maxRows rows that has one, and at least one. Nothing when the file cannot be read.
    static std::vector<std::string> scoreLikeColumns(const std::string &path, TableFormat format,
                                                     const std::vector<std::string> &dimensions,
                                                     std::size_t maxRows = 50);
};

} // namespace concord::io

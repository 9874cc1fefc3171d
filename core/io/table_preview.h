// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <optional>
#include <string>
#include <vector>

namespace concord::io {

// The first rows of a table as the table importer reads them through a column mapping: what each
// field of the import would get, before anything is written.
struct TablePreview {
    struct Row {
        long line = 0;                                 // the row's line in the file
        std::vector<std::optional<std::string>> cells; // by field; nothing where the row has no cell
    };

    // The mapped fields some row has a cell for: doc_id, article, … as ColumnMapping::fields() lists
    // them, then score.NAME.
    std::vector<std::string> fields;
    std::vector<Row> rows;
    // The file is a Concord export: read by its own columns, every kind of row, so no rows are shown.
    bool concordExport = false;
    // The importer's error on the mapping, the header or one of the rows read (the rows before it are
    // kept); the file's later rows are not read.
    std::optional<Error> error;
};

} // namespace concord::io

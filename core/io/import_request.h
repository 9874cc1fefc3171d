// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "io/import_progress.h"
#include "io/import_report.h"
#include "io/table_importer.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::io {

// What the user asked to import, as a value that can be handed to a worker thread. It decides which
// importer reads the files, so the desktop application and concord-cli cannot differ on that.
struct ImportRequest {
    enum class Kind { SummEval, Table };

    Kind kind = Kind::SummEval;
    std::vector<std::string> paths;                    // SummEval: one or many; Table: exactly one
    TableFormat format = TableFormat::Jsonl;           // Table only
    ColumnMapping mapping = ColumnMapping::identity(); // Table only

    // "summeval", "jsonl", "csv" or "tsv": a request of that kind and format, without paths;
    // nothing for any other name.
    static std::optional<ImportRequest> forFormat(std::string_view name);

    // Runs the import into the open study, all or nothing. Never throws: every failure comes back
    // as an Error. progress (optional) is told the bytes read over all paths as the importer reads
    // them; returning false cancels the import, which then fails with ImportProgress's
    // cancelledMessage() and leaves the study unchanged.
    Result<ImportReport> run(store::Study &study, const ImportProgress::Callback &progress = {}) const;
    // The same on a connection of its own to the study at studyPath, so that it can run off the GUI
    // thread (SQLite WAL lets the GUI's connection keep reading meanwhile).
    Result<ImportReport> run(const std::string &studyPath, const ImportProgress::Callback &progress = {}) const;
};

} // namespace concord::io

#pragma once

#include "error.h"
#include "io/import_report.h"
#include "io/table_importer.h"

#include <string>
#include <vector>

namespace concord::ui {

// What the user asked to import, as a value that can be handed to a worker thread.
struct ImportRequest {
    enum class Kind { SummEval, Table };

    Kind kind = Kind::SummEval;
    std::vector<std::string> paths;                      // SummEval: one or many; Table: exactly one
    io::TableFormat format = io::TableFormat::Jsonl;     // Table only
    io::ColumnMapping mapping = io::ColumnMapping::identity(); // Table only

    // Runs the import on a connection of its own to the study at studyPath, so that it can run
    // off the GUI thread (SQLite WAL lets the GUI's connection keep reading meanwhile).
    // Never throws: every failure comes back as an Error.
    Result<io::ImportReport> run(const std::string &studyPath) const;
};

} // namespace concord::ui

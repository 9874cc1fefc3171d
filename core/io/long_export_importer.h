// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/csv_reader.h"
#include "io/import_report.h"
#include "io/jsonl_reader.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::io {

// Reads Concord's own long export (StudyExporter) back into a study, every kind of row: the items
// (dimension, rater, document, system, summary; written by export --items) and the judgements
// (rating, rank, error_span, pairwise, explanation, unit_mark, presentation_order). Items already in
// the study must be the same as in the file; judgements refer to items of the file or the study.
// CSV text cells lose exactly the formula guard the exporter added.
class LongExportImporter {
public:
    // True for the header of a long export: it starts with the export's first columns.
    static bool isLongExportHeader(const std::vector<std::string> &header);
    // True for a first JSON line of a long export: it has every one of those columns.
    static bool isLongExportObject(const nlohmann::json &object);
    // Import every row after the header, which the reader has read (CSV), or from the first JSON line,
    // which it has read and parsed, on to the end, a record at a time. Throw concord::Failure naming
    // line and field; call them inside Study::write, so that a failure leaves the study as it was.
    static ImportReport importCsv(store::Study &study, CsvReader &reader, const std::vector<std::string> &header);
    static ImportReport importJsonl(store::Study &study, JsonlReader &reader, const nlohmann::json &first);
};

} // namespace concord::io

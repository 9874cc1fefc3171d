// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/import_report.h"
#include "io/table_importer.h"

#include <string_view>

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
    // True when text is a long export: a CSV header that starts with the export's first columns, or
    // a first JSON line that has them all.
    static bool isLongExport(std::string_view text, TableFormat format);
    // Imports every row. Throws concord::Failure naming line and field; call it inside Study::write,
    // so that a failure leaves the study as it was.
    static ImportReport importText(store::Study &study, std::string_view text, TableFormat format);
};

} // namespace concord::io

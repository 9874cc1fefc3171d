// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The CSV table importer on any file, read by its own columns: a table of ratings or a Concord long export
// (items, ratings, ranks, spans, verdicts, explanations, unit marks). An import, or an error with the study
// exactly as it was; and what was imported keeps the study's data rules.
#include "fuzz_support.h"
#include "io/table_importer.h"
#include "store/data_rules.h"

using namespace concord;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string path = fuzz::writeTempFile(".csv", fuzz::asText(data, size));
    auto created = store::Study::createInMemory();
    fuzz::check(created.ok(), "an in-memory study can be created");
    store::Study &study = *created.value();
    const store::StudyCounts before = study.counts();
    const auto result = io::TableImporter::importFile(study, path, io::TableFormat::Csv, io::ColumnMapping::identity());
    if (!result.ok()) {
        fuzz::check(!result.error().message.empty(), "an error says what is wrong");
        fuzz::check(fuzz::sameCounts(before, study.counts()), "a failed import leaves the study unchanged");
    }
    fuzz::check(store::DataRules::violations(study.database()).empty(), "an import keeps the data rules");
    return 0;
}

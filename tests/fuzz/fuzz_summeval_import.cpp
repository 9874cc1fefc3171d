// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The SummEval importer on any file: an import, or an error with the study exactly as it was.
#include "fuzz_support.h"
#include "io/summeval_importer.h"

using namespace concord;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string path = fuzz::writeTempFile(".jsonl", fuzz::asText(data, size));
    auto created = store::Study::createInMemory();
    fuzz::check(created.ok(), "an in-memory study can be created");
    store::Study &study = *created.value();
    const store::StudyCounts before = study.counts();
    const auto result = io::SummEvalImporter::importFiles(study, {path});
    if (!result.ok()) {
        fuzz::check(!result.error().message.empty(), "an error says what is wrong");
        fuzz::check(fuzz::sameCounts(before, study.counts()), "a failed import leaves the study unchanged");
    }
    return 0;
}

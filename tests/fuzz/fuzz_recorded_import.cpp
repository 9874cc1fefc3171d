// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The recorded-judgement importer on any file, for every protocol: an import, or an error naming the
// file with the study exactly as it was. The first byte picks the protocol (its value modulo the
// number of protocols, in the order of allProtocols(): '0' is rts, '1' mcq, ... ';' factuality).
#include "fuzz_support.h"
#include "judge/recorded_import.h"

using namespace concord;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    const std::vector<judge::Protocol> protocols = judge::allProtocols();
    judge::RecordedImportRequest request;
    request.protocol = protocols[data[0] % protocols.size()];
    request.rater = "judge";
    request.model = "recorded-model";
    request.path = fuzz::writeTempFile(".jsonl", fuzz::asText(data + 1, size - 1));
    const std::unique_ptr<store::Study> study = fuzz::smallStudy();
    const store::StudyCounts before = study->counts();
    const auto result = judge::importRecordedJudgements(*study, request);
    if (!result.ok()) {
        fuzz::check(!result.error().message.empty(), "an error says what is wrong");
        fuzz::check(result.error().file == request.path, "an error names the file");
        fuzz::check(fuzz::sameCounts(before, study->counts()), "a failed import leaves the study unchanged");
    } else {
        fuzz::check(result.value().lines == result.value().valid + result.value().invalid,
                    "every imported line is a valid or an invalid judgement");
    }
    return 0;
}

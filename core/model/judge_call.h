// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ids.h"

#include <optional>
#include <string>

namespace concord::model {

// One request to an LLM judge and what came back, kept whole so a run can be audited and
// re-parsed. The request body is stored without any credential.
struct JudgeCall {
    Id id = 0;
    Id runId = 0;
    std::string requestHash; // content address: endpoint, model, body, sample index
    int sampleIndex = 0;
    std::optional<Id> documentId;
    std::optional<Id> candidateId;
    std::optional<Id> dimensionId;
    std::string unit; // JSON describing the unit (pair, sentence, ...)
    std::string prompt;
    std::string requestBody;
    std::string rawResponse;
    std::optional<double> parsedValue;
    std::string parsed; // JSON of the parsed answer (rankings, per-unit answers)
    bool valid = false;
    std::string invalidReason;
    int tokensIn = 0;
    int tokensOut = 0;
    double cost = 0;
    double latencyMs = 0;
    int attempts = 0;
    int httpStatus = 0;
    std::string error;
    std::string startedAt;
    std::string finishedAt;
};

} // namespace concord::model

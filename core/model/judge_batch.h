// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ids.h"

#include <cstddef>
#include <string>

namespace concord::model {

// A batch of a judge run sent to a provider's batch API, as the study keeps it: recorded before it is submitted
// (state "submitting", no remote id), then the provider's id and state as last polled, "fetched" once every
// result is stored.
struct JudgeBatch {
    Id id = 0;
    Id runId = 0;
    std::string provider; // "openai", "anthropic"
    std::string token;    // Concord's handle, sent where the provider keeps one (OpenAI metadata)
    std::string remoteId; // empty until the provider answered the submission
    std::string state;    // "submitting", a batch state as OpenAI spells it (judge::BatchState), or "fetched"
    std::string submittedAt;
    std::string polledAt; // empty before the first poll
    std::size_t requests = 0;
};

// One request of a batch: the custom id it was sent under and the call it stands for.
struct JudgeBatchRequest {
    std::string customId;
    std::string requestHash;
    int sampleIndex = 0;
};

} // namespace concord::model

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace concord::judge {

// Where a provider's batch stands, in OpenAI's words; Anthropic's in_progress, canceling and ended are
// InProgress, Cancelling and Completed (an ended batch has a result for every request, each its own outcome).
enum class BatchState {
    Validating,
    InProgress,
    Finalizing,
    Completed,
    Failed,
    Expired,
    Cancelling,
    Cancelled,
};
const char *toString(BatchState state); // "validating", "in_progress", … as OpenAI spells them
std::optional<BatchState> batchStateFromString(std::string_view text);
// No further change will come: what results there are can be read.
bool isFinal(BatchState state);

// A batch as the provider reports it.
struct BatchStatus {
    std::string id;
    BatchState state = BatchState::Validating;
    std::size_t total = 0;      // requests in the batch
    std::size_t succeeded = 0;  // answered
    std::size_t failed = 0;     // errored, expired or cancelled
    std::size_t processing = 0; // not finished yet
    std::string inputFileId;    // OpenAI: the requests as uploaded
    std::string outputFileId;   // OpenAI: the answers; empty until there are some
    std::string errorFileId;    // OpenAI: the requests that failed
    std::string resultsUrl;     // Anthropic: every request's result, once the batch has ended
    std::string errors;         // why the whole batch failed (OpenAI's validation errors), one per line
    std::string token;          // OpenAI: the metadata "concord_token" Concord submitted it with, if any
};

// What became of one request of a batch.
enum class BatchOutcome {
    Succeeded, // body: the answer, as the online API would have sent it
    Errored,   // error: why; httpStatus where the provider gave one
    Cancelled, // the batch was cancelled before the request was done
    Expired,   // the batch's window ended before the request was done
};
const char *toString(BatchOutcome outcome); // "succeeded", "errored", "cancelled", "expired"

struct BatchResult {
    std::string customId;
    BatchOutcome outcome = BatchOutcome::Errored;
    int httpStatus = 0;
    std::string body;
    std::string error;
    long line = 0; // in the results file, from 1
};

// How large one batch may be: the provider's documented limits, kept as settings.
struct BatchLimits {
    std::size_t maxRequests = 0;
    std::size_t maxBytes = 0;
};
BatchLimits openAiBatchLimits();    // 50,000 requests or 200 MB of input file
BatchLimits anthropicBatchLimits(); // 100,000 requests or 256 MB of request body

// A request's id within a batch, as both providers accept it: 1 to 64 letters, digits, '-' or '_'.
bool validCustomId(std::string_view id);

} // namespace concord::judge

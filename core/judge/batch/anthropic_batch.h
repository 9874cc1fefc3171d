// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "judge/batch/batch_job.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace concord::judge {

// Anthropic's Message Batches, as text: the create body, the batch object and the results file.

// One entry of the create body's "requests": {"custom_id", "params"}, the params being the online Messages
// request's bytes as they are. Throws concord::Failure on a custom id the API would refuse or a body that is not a
// JSON object.
std::string anthropicBatchEntry(std::string_view customId, std::string_view body);
// {"requests": [entries]}: the entries joined by commas.
std::string anthropicBatchBody(const std::vector<std::string> &entries);

// A batch object: id, processing_status (in_progress, canceling, ended), request_counts and results_url.
Result<BatchStatus> parseAnthropicBatch(const std::string &body);

// The results file (JSONL): {"custom_id", "result": {"type": succeeded | errored | canceled | expired, "message" |
// "error"}} per line, blank lines skipped. A succeeded result's body is its message, as the online API would have
// sent it. A line that is not such an object is an error naming fileName, the line and the field.
Result<std::vector<BatchResult>> parseAnthropicBatchResults(std::string_view jsonl, const std::string &fileName);

} // namespace concord::judge

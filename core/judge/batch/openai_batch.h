// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "judge/batch/batch_job.h"

#include <string>
#include <string_view>
#include <vector>

namespace concord::judge {

// OpenAI's Batch API, as text: the input file's lines, the batch object, the output and error files.

// One line of the input file (without its newline): {"custom_id", "method": "POST", "url": path, "body"}, the
// body being the online request's bytes as they are, so that the batch asks exactly what a call would. Throws
// concord::Failure on a custom id the API would refuse or a body that is not a JSON object.
std::string openAiBatchLine(std::string_view customId, std::string_view path, std::string_view body);

// A batch object (POST /v1/batches, GET /v1/batches/{id}): id, status, request_counts, output_file_id,
// error_file_id and the validation errors. An unknown status or a missing id is an error naming the field.
Result<BatchStatus> parseOpenAiBatch(const std::string &body);

// An output or error file: one result per line (blank lines skipped). A line whose response has status 200 and a
// body is Succeeded, its body the chat completion; otherwise Errored with the error's message (and status), or
// Expired / Cancelled for the error codes batch_expired / batch_cancelled. A line that is not such an object is
// an error naming fileName, the line and the field.
Result<std::vector<BatchResult>> parseOpenAiBatchResults(std::string_view jsonl, const std::string &fileName);

} // namespace concord::judge

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "judge/batch/batch_job.h"

#include <nlohmann/json_fwd.hpp>

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace concord::judge {

// What both providers' batch formats share: reading a JSONL results file line by line, and the checks and field
// readers of their objects.

// Throws concord::Failure on a custom id the providers would refuse or a body that is not a JSON object.
void checkBatchRequest(std::string_view customId, std::string_view body);

// A string member, or "" when it is missing or null; a member of another type is an error naming it.
std::string stringField(const nlohmann::json &object, const char *name);
// A whole number of at least 0, or 0 when it is missing; another value is an error naming it.
std::size_t countField(const nlohmann::json &object, const char *name);

// A batch object as both providers send it: a JSON object with a string "id", which is set in `status`. Throws
// concord::Failure naming the field otherwise.
nlohmann::json batchObject(const std::string &body, BatchStatus &status);

// Every non-blank line parsed as an object with a valid "custom_id", then read by `read` into a result (its
// custom id and line set). A custom id twice, or any failure, is an error naming fileName, the line and the field.
Result<std::vector<BatchResult>> readBatchLines(std::string_view jsonl, const std::string &fileName,
                                                const std::function<void(const nlohmann::json &, BatchResult &)> &read);

} // namespace concord::judge

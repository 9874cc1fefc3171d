// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/provider/chat.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

// Reading providers' answers: each helper throws concord::Failure with a message that names the
// field by its path ("no choices[0].message.content in the answer"); parseResponse() turns it into
// an Error value. Shared by the providers, not part of the public API.
namespace concord::judge::wire {

// The body as a JSON object, or "the answer is not JSON (...)".
nlohmann::json parseObject(const std::string &body);

// parent[key], which must be there and not null.
const nlohmann::json &require(const nlohmann::json &parent, std::string_view key, const std::string &path);
const nlohmann::json &requireArray(const nlohmann::json &parent, std::string_view key, const std::string &path);
const nlohmann::json &requireObject(const nlohmann::json &parent, std::string_view key, const std::string &path);
std::string requireString(const nlohmann::json &parent, std::string_view key, const std::string &path);
double requireNumber(const nlohmann::json &parent, std::string_view key, const std::string &path);

// Absent or null gives nothing; a value of the wrong type is an error.
std::optional<std::string> optionalString(const nlohmann::json &parent, std::string_view key, const std::string &path);
std::optional<long long> optionalCount(const nlohmann::json &parent, std::string_view key, const std::string &path);

// [{token, logprob, top_logprobs: [{token, logprob}...]}...] as OpenAI and Ollama send it.
std::vector<TokenLogprob> tokenLogprobs(const nlohmann::json &array, const std::string &path);

// JSON text with a fixed key order; invalid UTF-8 is replaced, never thrown about.
std::string dump(const nlohmann::ordered_json &value);

// [{"role", "content"}, ...] as OpenAI-compatible servers and Ollama's /api/chat both take them.
nlohmann::ordered_json chatMessages(const std::vector<ChatMessage> &messages);

} // namespace concord::judge::wire

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/provider/http_client.h"

#include <string>
#include <vector>

namespace concord::judge {

// What is written in place of a secret.
inline constexpr const char *kRedacted = "[redacted]";

// The secrets a request carries: those it names (HttpRequest::secrets) and the values of its
// credential headers (Authorization and Proxy-Authorization without their scheme, x-api-key, api-key).
// JSON's escaped spelling of each is included, so an echo inside a JSON string is found too. Longest
// first; secrets shorter than 4 characters are left out (blanking them would garble any text).
std::vector<std::string> secretsOf(const HttpRequest &request);

// Replaces every occurrence of each secret in text with [redacted].
void redact(std::string &text, const std::vector<std::string> &secrets);

// A body that broke off may end in the first part of a secret: that part is blanked out too.
void redactTail(std::string &text, const std::vector<std::string> &secrets);

// The response with every secret blanked out of its body, headers and transport error.
void redact(HttpResponse &response, const std::vector<std::string> &secrets);

} // namespace concord::judge

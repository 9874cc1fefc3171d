// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/provider/provider.h"

namespace concord::judge {

// Anthropic's Messages API: POST BASE/messages with x-api-key and anthropic-version headers. The
// system prompt is a top-level field; there are no logprobs and no n (one sample per request).
class AnthropicProvider : public Provider {
public:
    explicit AnthropicProvider(ProviderConfig config);

    Capabilities capabilities() const override;
    std::string endpoint() const override;
    std::string requestBody(const ChatRequest &request) const override;
    HttpRequest httpRequest(const std::string &body) const override;
    Result<ChatResponse> parseResponse(const std::string &body) const override;

protected:
    void addApiHeaders(HttpRequest &request) const override;
};

} // namespace concord::judge

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/provider/provider.h"

namespace concord::judge {

// Ollama's native API: POST BASE/api/chat without streaming, sampling in "options". Ollama 0.12 and
// later return token logprobs with alternatives; there is no n (one sample per request).
class OllamaProvider : public Provider {
public:
    explicit OllamaProvider(ProviderConfig config);

    Capabilities capabilities() const override;
    std::string endpoint() const override;
    std::string requestBody(const ChatRequest &request) const override;
    HttpRequest httpRequest(const std::string &body) const override;
    Result<ChatResponse> parseResponse(const std::string &body) const override;
};

} // namespace concord::judge

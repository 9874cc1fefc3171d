// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/provider/provider.h"

namespace concord::judge {

// The OpenAI-compatible chat completions API (OpenAI, Azure OpenAI, vLLM, llama.cpp, Ollama's /v1,
// OpenRouter, ...): POST BASE/chat/completions with a Bearer key.
class OpenAiProvider : public Provider {
public:
    explicit OpenAiProvider(ProviderConfig config);

    Capabilities capabilities() const override;
    std::string endpoint() const override;
    std::string requestBody(const ChatRequest &request) const override;
    HttpRequest httpRequest(const std::string &body) const override;
    Result<ChatResponse> parseResponse(const std::string &body) const override;
};

} // namespace concord::judge

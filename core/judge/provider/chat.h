// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace concord::judge {

// What every provider can be asked, in provider-neutral terms.
struct ChatMessage {
    std::string role; // "system", "user" or "assistant"
    std::string content;
};

struct SamplingOptions {
    double temperature = 0;
    std::optional<double> topP;
    int maxTokens = 512;
    int n = 1; // samples per request, where the provider offers it
    std::optional<long long> seed;
    bool logprobs = false;
    int topLogprobs = 0; // alternatives per token (OpenAI allows up to 20)
};

// A JSON schema the answer must follow (structured answers): OpenAI's response_format json_schema, Anthropic's
// forced tool input, Ollama's format. The schema is JSON text, sent as it is.
struct AnswerSchema {
    std::string name;
    std::string schema;
};

struct ChatRequest {
    std::vector<ChatMessage> messages;
    SamplingOptions sampling;
    std::optional<AnswerSchema> schema; // none: a free-text answer
};

struct TopLogprob {
    std::string token;
    double logprob = 0;
};

struct TokenLogprob {
    std::string token;
    double logprob = 0;
    std::vector<TopLogprob> top; // the most likely alternatives at this position, the token itself included
};

struct ChatChoice {
    std::string text;
    std::vector<TokenLogprob> logprobs; // empty unless asked for and offered
    std::string finishReason;           // "stop", "length", ...
};

struct ChatResponse {
    std::vector<ChatChoice> choices;
    int tokensIn = 0;
    int tokensOut = 0;
};

} // namespace concord::judge

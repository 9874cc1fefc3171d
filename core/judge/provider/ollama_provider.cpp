// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/provider/ollama_provider.h"

#include "judge/provider/provider_json.h"

namespace concord::judge {

using nlohmann::json;
using nlohmann::ordered_json;

OllamaProvider::OllamaProvider(ProviderConfig config)
    : Provider(std::move(config))
{ }

Capabilities OllamaProvider::capabilities() const
{
    return {.logprobs = true, .multipleSamples = false, .structuredAnswers = true};
}

std::string OllamaProvider::endpoint() const
{
    return endpointFor("/api/chat");
}

std::string OllamaProvider::requestBody(const ChatRequest &request) const
{
    const SamplingOptions &s = request.sampling;
    ordered_json body;
    body["model"] = config().model;
    body["messages"] = wire::chatMessages(request.messages);
    body["stream"] = false;
    ordered_json options;
    options["temperature"] = s.temperature;
    if (s.topP)
        options["top_p"] = *s.topP;
    options["num_predict"] = s.maxTokens;
    if (s.seed)
        options["seed"] = *s.seed;
    body["options"] = std::move(options);
    if (s.logprobs) {
        body["logprobs"] = true;
        if (s.topLogprobs > 0)
            body["top_logprobs"] = s.topLogprobs;
    }
    if (request.schema)
        body["format"] = ordered_json::parse(request.schema->schema);
    return wire::dump(body);
}

HttpRequest OllamaProvider::httpRequest(const std::string &body) const
{
    // A local Ollama needs no key; one behind a gateway (or ollama.com) takes a Bearer token.
    return bearerRequest(body);
}

Result<ChatResponse> OllamaProvider::parseResponse(const std::string &body) const
{
    return capture([&] {
        const json answer = wire::parseObject(body);
        if (const auto error = wire::optionalString(answer, "error", "")) {
            std::string message = "the answer is an error: ";
            message.append(*error);
            fail(std::move(message));
        }
        const json &message = wire::requireObject(answer, "message", "");
        ChatChoice choice;
        choice.text = wire::requireString(message, "content", "message");
        choice.finishReason = wire::optionalString(answer, "done_reason", "").value_or("");
        if (const auto lp = answer.find("logprobs"); lp != answer.end() && !lp->is_null()) {
            if (!lp->is_array())
                fail("logprobs is not an array", "logprobs");
            choice.logprobs = wire::tokenLogprobs(*lp, "logprobs");
        }
        ChatResponse response;
        response.choices.push_back(std::move(choice));
        // prompt_eval_count is left out when the whole prompt came from Ollama's cache.
        response.tokensIn = static_cast<int>(wire::optionalCount(answer, "prompt_eval_count", "").value_or(0));
        response.tokensOut = static_cast<int>(wire::optionalCount(answer, "eval_count", "").value_or(0));
        return response;
    });
}

} // namespace concord::judge

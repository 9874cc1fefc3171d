// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/provider/openai_provider.h"

#include "judge/provider/provider_json.h"

#include <algorithm>

namespace concord::judge {

using nlohmann::json;
using nlohmann::ordered_json;

OpenAiProvider::OpenAiProvider(ProviderConfig config)
    : Provider(std::move(config))
{ }

Capabilities OpenAiProvider::capabilities() const
{
    return {.logprobs = true, .multipleSamples = true, .structuredAnswers = true};
}

std::string OpenAiProvider::endpoint() const
{
    return endpointFor("/chat/completions");
}

std::string OpenAiProvider::requestBody(const ChatRequest &request) const
{
    const SamplingOptions &s = request.sampling;
    ordered_json body;
    body["model"] = config().model;
    body["messages"] = wire::chatMessages(request.messages);
    body["temperature"] = s.temperature;
    if (s.topP)
        body["top_p"] = *s.topP;
    body["max_tokens"] = s.maxTokens;
    if (s.n > 1)
        body["n"] = s.n;
    if (s.seed)
        body["seed"] = *s.seed;
    if (s.logprobs) {
        body["logprobs"] = true;
        if (s.topLogprobs > 0)
            body["top_logprobs"] = s.topLogprobs;
    }
    if (request.schema)
        body["response_format"]
            = ordered_json{{"type", "json_schema"},
                           {"json_schema", ordered_json{{"name", request.schema->name},
                                                        {"strict", true},
                                                        {"schema", ordered_json::parse(request.schema->schema)}}}};
    return wire::dump(body);
}

HttpRequest OpenAiProvider::httpRequest(const std::string &body) const
{
    return bearerRequest(body);
}

Result<ChatResponse> OpenAiProvider::parseResponse(const std::string &body) const
{
    return capture([&] {
        const json answer = wire::parseObject(body);
        const json &choices = wire::requireArray(answer, "choices", "");
        if (choices.empty())
            fail("no choices in the answer (the list is empty)", "choices");
        ChatResponse response;
        std::vector<std::pair<long long, ChatChoice>> indexed;
        for (std::size_t i = 0; i < choices.size(); ++i) {
            std::string at = "choices[";
            at.append(std::to_string(i)).append("]");
            const json &choice = choices[i];
            if (!choice.is_object())
                fail(at + " is not an object", at);
            const json &message = wire::requireObject(choice, "message", at);
            const std::string messagePath = at + ".message";
            const auto content = message.find("content");
            if (content != message.end() && content->is_null()) {
                // A refusal or a tool call instead of text: say which, never guess a text.
                std::string why = messagePath + ".content is null";
                if (const auto refusal = wire::optionalString(message, "refusal", messagePath))
                    why.append(" (refusal: ").append(*refusal).append(")");
                fail(std::move(why), messagePath + ".content");
            }
            ChatChoice out;
            out.text = wire::requireString(message, "content", messagePath);
            out.finishReason = wire::optionalString(choice, "finish_reason", at).value_or("");
            if (const auto lp = choice.find("logprobs"); lp != choice.end() && !lp->is_null()) {
                const std::string lpPath = at + ".logprobs";
                if (!lp->is_object())
                    fail(lpPath + " is not an object", lpPath);
                if (const auto tokens = lp->find("content"); tokens != lp->end() && !tokens->is_null()) {
                    if (!tokens->is_array())
                        fail(lpPath + ".content is not an array", lpPath + ".content");
                    out.logprobs = wire::tokenLogprobs(*tokens, lpPath + ".content");
                }
            }
            const long long index = wire::optionalCount(choice, "index", at).value_or(static_cast<long long>(i));
            indexed.emplace_back(index, std::move(out));
        }
        // Choices are read in their index order, whatever order the server listed them in.
        std::stable_sort(indexed.begin(), indexed.end(),
                         [](const auto &a, const auto &b) { return a.first < b.first; });
        for (auto &[index, choice] : indexed)
            response.choices.push_back(std::move(choice));
        if (const auto usage = answer.find("usage"); usage != answer.end() && !usage->is_null()) {
            if (!usage->is_object())
                fail("usage is not an object", "usage");
            response.tokensIn = static_cast<int>(wire::optionalCount(*usage, "prompt_tokens", "usage").value_or(0));
            response.tokensOut
                = static_cast<int>(wire::optionalCount(*usage, "completion_tokens", "usage").value_or(0));
        }
        return response;
    });
}

} // namespace concord::judge

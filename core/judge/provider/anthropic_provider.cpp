// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/provider/anthropic_provider.h"

#include "judge/provider/provider_json.h"

#include <optional>

namespace concord::judge {

using nlohmann::json;
using nlohmann::ordered_json;

AnthropicProvider::AnthropicProvider(ProviderConfig config)
    : Provider(std::move(config))
{ }

Capabilities AnthropicProvider::capabilities() const
{
    return {.logprobs = false, .multipleSamples = false, .structuredAnswers = true};
}

std::string AnthropicProvider::endpoint() const
{
    return endpointFor("/messages");
}

std::string AnthropicProvider::requestBody(const ChatRequest &request) const
{
    const SamplingOptions &s = request.sampling;
    // System messages become the top-level "system" field (joined, in order); the rest stay messages.
    std::string system;
    ordered_json messages = ordered_json::array();
    for (const ChatMessage &m : request.messages) {
        if (m.role == "system") {
            if (!system.empty())
                system.append("\n\n");
            system.append(m.content);
        } else {
            messages.push_back(ordered_json{{"role", m.role}, {"content", m.content}});
        }
    }
    ordered_json body;
    body["model"] = config().model;
    if (!system.empty())
        body["system"] = system;
    body["messages"] = std::move(messages);
    body["max_tokens"] = s.maxTokens;
    body["temperature"] = s.temperature;
    if (s.topP)
        body["top_p"] = *s.topP;
    // n, seed and logprobs have no counterpart here: the runner repeats calls instead.
    // A schema is the input of the one tool the model must call: its input is the answer.
    if (request.schema) {
        body["tools"]
            = ordered_json::array({ordered_json{{"name", request.schema->name},
                                                {"description", "Give the answer."},
                                                {"input_schema", ordered_json::parse(request.schema->schema)}}});
        body["tool_choice"] = ordered_json{{"type", "tool"}, {"name", request.schema->name}};
    }
    return wire::dump(body);
}

HttpRequest AnthropicProvider::httpRequest(const std::string &body) const
{
    HttpRequest request;
    request.url = endpoint();
    request.headers.emplace_back("Content-Type", "application/json");
    addApiHeaders(request);
    request.body = body;
    return request;
}

void AnthropicProvider::addApiHeaders(HttpRequest &request) const
{
    request.headers.emplace_back("anthropic-version", "2023-06-01");
    if (!apiKey().empty()) {
        request.headers.emplace_back("x-api-key", apiKey());
        request.secrets.push_back(apiKey());
    }
}

Result<ChatResponse> AnthropicProvider::parseResponse(const std::string &body) const
{
    return capture([&] {
        const json answer = wire::parseObject(body);
        if (const auto type = wire::optionalString(answer, "type", ""); type && *type == "error") {
            std::string message = "the answer is an error";
            if (const auto error = answer.find("error"); error != answer.end() && error->is_object())
                if (const auto text = wire::optionalString(*error, "message", "error"))
                    message.append(": ").append(*text);
            fail(std::move(message));
        }
        const json &content = wire::requireArray(answer, "content", "");
        ChatChoice choice;
        bool sawText = false;
        std::optional<std::string> toolInput;
        for (std::size_t i = 0; i < content.size(); ++i) {
            std::string at = "content[";
            at.append(std::to_string(i)).append("]");
            const json &block = content[i];
            if (!block.is_object())
                fail(at + " is not an object", at);
            const std::string type = wire::requireString(block, "type", at);
            // A structured answer is the input of the tool the model was made to call: that is the answer, and a
            // second such call would be two answers.
            if (type == "tool_use") {
                if (toolInput)
                    fail("two tool_use blocks in content in the answer", at);
                const auto input = block.find("input");
                if (input == block.end() || !input->is_object())
                    fail(at + ".input is not an object", at + ".input");
                toolInput = input->dump();
                continue;
            }
            // Text blocks carry the answer; thinking blocks are not part of it.
            if (type != "text")
                continue;
            choice.text.append(wire::requireString(block, "text", at));
            sawText = true;
        }
        if (toolInput)
            choice.text = *toolInput;
        else if (!sawText)
            fail("no text block in content in the answer", "content");
        const std::string stop = wire::optionalString(answer, "stop_reason", "").value_or("");
        // In the words the other providers use: "stop" and "length".
        if (stop == "end_turn" || stop == "stop_sequence" || (stop == "tool_use" && toolInput))
            choice.finishReason = "stop";
        else if (stop == "max_tokens")
            choice.finishReason = "length";
        else
            choice.finishReason = stop;
        ChatResponse response;
        response.choices.push_back(std::move(choice));
        if (const auto usage = answer.find("usage"); usage != answer.end() && !usage->is_null()) {
            if (!usage->is_object())
                fail("usage is not an object", "usage");
            response.tokensIn = static_cast<int>(wire::optionalCount(*usage, "input_tokens", "usage").value_or(0));
            response.tokensOut = static_cast<int>(wire::optionalCount(*usage, "output_tokens", "usage").value_or(0));
        }
        return response;
    });
}

} // namespace concord::judge

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/provider/provider.h"

#include "judge/provider/anthropic_provider.h"
#include "judge/provider/ollama_provider.h"
#include "judge/provider/openai_provider.h"
#include "model/json_text.h"

#include <nlohmann/json.hpp>

#include <cstdlib>

namespace concord::judge {

std::string_view toString(ProviderKind kind)
{
    switch (kind) {
    case ProviderKind::OpenAI:
        return "openai";
    case ProviderKind::Anthropic:
        return "anthropic";
    case ProviderKind::Ollama:
        return "ollama";
    }
    return "openai";
}

std::optional<ProviderKind> providerKindFromString(std::string_view text)
{
    for (ProviderKind kind : {ProviderKind::OpenAI, ProviderKind::Anthropic, ProviderKind::Ollama})
        if (text == toString(kind))
            return kind;
    return std::nullopt;
}

namespace {

Error configError(std::string message, std::string field)
{
    return Error{std::move(message), {}, 0, std::move(field)};
}

// Cuts at most `limit` bytes without splitting a UTF-8 sequence, and flattens control characters,
// so the excerpt stays one readable line.
std::string excerpt(std::string_view text, std::size_t limit)
{
    std::size_t end = std::min(limit, text.size());
    while (end > 0 && end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
        --end;
    std::string out(text.substr(0, end));
    for (char &c : out)
        if (static_cast<unsigned char>(c) < 0x20)
            c = ' ';
    if (end < text.size())
        out.append("...");
    return out;
}

std::string jsonText(const nlohmann::json &value)
{
    if (value.is_string())
        return value.get<std::string>();
    if (value.is_null())
        return {};
    return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace

Result<std::unique_ptr<Provider>> Provider::create(const ProviderConfig &config)
{
    const std::string_view kind = toString(config.kind);
    if (config.baseUrl.empty())
        return configError(std::string("no base URL for the ").append(kind).append(" provider"), "base_url");
    if (!config.baseUrl.starts_with("http://") && !config.baseUrl.starts_with("https://"))
        return configError(std::string("the base URL must start with http:// or https://: ").append(config.baseUrl),
                           "base_url");
    if (config.model.empty())
        return configError(std::string("no model named for the ").append(kind).append(" provider"), "model");

    std::string key;
    if (!config.apiKeyEnv.empty()) {
        // Only the variable's name ever appears in a message, never its value.
        const char *value = std::getenv(config.apiKeyEnv.c_str());
        if (!value)
            return configError(std::string("the environment variable ")
                                   .append(config.apiKeyEnv)
                                   .append(" (named for the API key) is not set"),
                               "api_key_env");
        key = value;
        if (key.empty())
            return configError(std::string("the environment variable ")
                                   .append(config.apiKeyEnv)
                                   .append(" (named for the API key) is empty"),
                               "api_key_env");
        if (key.find_first_of("\r\n") != std::string::npos)
            return configError(std::string("the environment variable ")
                                   .append(config.apiKeyEnv)
                                   .append(" (named for the API key) holds a line break"),
                               "api_key_env");
    }

    std::unique_ptr<Provider> provider;
    switch (config.kind) {
    case ProviderKind::OpenAI:
        provider = std::make_unique<OpenAiProvider>(config);
        break;
    case ProviderKind::Anthropic:
        provider = std::make_unique<AnthropicProvider>(config);
        break;
    case ProviderKind::Ollama:
        provider = std::make_unique<OllamaProvider>(config);
        break;
    }
    if (!provider)
        return configError("unknown provider kind", "provider");
    provider->m_apiKey = std::move(key);
    return provider;
}

std::string Provider::baseUrl() const
{
    std::string url = m_config.baseUrl;
    while (!url.empty() && url.back() == '/')
        url.pop_back();
    return url;
}

std::string Provider::errorMessage(int status, const std::string &body) const
{
    std::string out = "HTTP ";
    out.append(std::to_string(status));
    std::string message;
    std::string type;
    const nlohmann::json json = model::JsonText::parseOrDiscarded(body);
    if (!json.is_discarded() && json.is_object()) {
        // OpenAI {"error": {"message", "type", "code"}}, Anthropic {"type": "error", "error": {"type",
        // "message"}}, Ollama {"error": "..."}, vLLM {"object": "error", "message", "type"}.
        if (const auto e = json.find("error"); e != json.end()) {
            if (e->is_object()) {
                message = jsonText(e->value("message", nlohmann::json()));
                type = jsonText(e->value("type", nlohmann::json()));
                if (type.empty())
                    type = jsonText(e->value("code", nlohmann::json()));
            } else {
                message = jsonText(*e);
            }
        }
        if (message.empty())
            message = jsonText(json.value("message", nlohmann::json()));
        const auto object = json.find("object");
        if (type.empty() && object != json.end() && object->is_string() && *object == "error")
            type = jsonText(json.value("type", nlohmann::json()));
    }
    if (message.empty() && !body.empty())
        message = body;
    // Blank the key out before cutting, so no part of it survives at a cut.
    const auto redact = [this](std::string &text) {
        if (m_apiKey.empty())
            return;
        for (std::size_t at = text.find(m_apiKey); at != std::string::npos; at = text.find(m_apiKey, at))
            text.replace(at, m_apiKey.size(), "[redacted]");
    };
    redact(message);
    redact(type);
    if (!message.empty())
        out.append(": ").append(excerpt(message, 300));
    if (!type.empty())
        out.append(" (").append(excerpt(type, 60)).append(")");
    return out;
}

HttpRequest Provider::bearerRequest(const std::string &body) const
{
    HttpRequest request;
    request.url = endpoint();
    request.headers.emplace_back("Content-Type", "application/json");
    if (!apiKey().empty()) {
        std::string bearer = "Bearer ";
        bearer.append(apiKey());
        request.headers.emplace_back("Authorization", std::move(bearer));
    }
    request.body = body;
    return request;
}

} // namespace concord::judge

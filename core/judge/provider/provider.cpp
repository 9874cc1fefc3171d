// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/provider/provider.h"

#include "judge/provider/anthropic_provider.h"
#include "judge/provider/ollama_provider.h"
#include "judge/provider/openai_provider.h"
#include "model/json_text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
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

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

// A query parameter's name as a server reads it: percent-decoded.
std::string decodedName(std::string_view name)
{
    std::string out;
    for (std::size_t i = 0; i < name.size(); ++i) {
        char c = name[i];
        if (c == '%' && i + 2 < name.size() && hexValue(name[i + 1]) >= 0 && hexValue(name[i + 2]) >= 0) {
            c = static_cast<char>(hexValue(name[i + 1]) * 16 + hexValue(name[i + 2]));
            i += 2;
        } else if (c == '+') {
            c = ' ';
        }
        out.push_back(c);
    }
    return out;
}

bool namesCredential(std::string_view name)
{
    const std::string decoded = decodedName(name);
    // accessToken, clientSecret, subscriptionKey: a word boundary by case, which "monkey" has not.
    for (std::string_view suffix : {"Key", "Token", "Secret", "Password", "Signature", "Credential"})
        if (decoded.size() > suffix.size() && decoded.ends_with(suffix)
            && std::islower(static_cast<unsigned char>(decoded[decoded.size() - suffix.size() - 1])))
            return true;
    // Lower case, '-' as '_'.
    std::string n;
    for (char c : decoded) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        n.push_back(c == '-' ? '_' : c);
    }
    static constexpr std::string_view exact[]
        = {"key",  "apikey", "token",     "secret",     "password",    "passwd",       "pwd",
           "auth", "sig",    "signature", "credential", "credentials", "authorization"};
    if (std::find(std::begin(exact), std::end(exact), n) != std::end(exact))
        return true;
    // api_key, access_token, x_api_key, client_secret, subscription_key, auth_token, ...
    for (std::string_view suffix : {"_key", "_token", "_secret", "_password", "apikey", "_signature", "_credential"})
        if (n.size() > suffix.size() && n.ends_with(suffix))
            return true;
    return false;
}

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

std::string UrlCredential::describe() const
{
    switch (where) {
    case Where::None:
        return {};
    case Where::UserInfo:
        return "user information before the host";
    case Where::QueryParameter:
        return "the query parameter '" + parameter + "'";
    }
    return {};
}

UrlCredential credentialInUrl(std::string_view url)
{
    std::size_t start = url.find("://");
    start = start == std::string_view::npos ? 0 : start + 3;
    const std::size_t authorityEnd = std::min(url.find_first_of("/?#", start), url.size());
    if (url.substr(start, authorityEnd - start).find('@') != std::string_view::npos)
        return {UrlCredential::Where::UserInfo};
    const std::size_t query = url.find('?', start);
    if (query == std::string_view::npos)
        return {};
    std::string_view rest = url.substr(query + 1);
    rest = rest.substr(0, rest.find('#'));
    while (!rest.empty()) {
        const std::size_t amp = rest.find_first_of("&;");
        const std::string_view item = rest.substr(0, amp);
        const std::string_view name = item.substr(0, item.find('='));
        if (!name.empty() && namesCredential(name))
            return {UrlCredential::Where::QueryParameter, std::string(name)};
        if (amp == std::string_view::npos)
            break;
        rest.remove_prefix(amp + 1);
    }
    return {};
}

Result<std::unique_ptr<Provider>> Provider::create(const ProviderConfig &config)
{
    const std::string_view kind = toString(config.kind);
    if (config.baseUrl.empty())
        return configError(std::string("no base URL for the ").append(kind).append(" provider"), "base_url");
    // Before anything quotes the URL: the credential in it would end up in a message.
    if (const UrlCredential credential = credentialInUrl(config.baseUrl))
        return configError("the base URL holds a credential (" + credential.describe()
                               + "), which would be stored with the results: put the key in an environment "
                                 "variable and name that variable as the API key's variable",
                           "base_url");
    if (!config.baseUrl.starts_with("http://") && !config.baseUrl.starts_with("https://"))
        return configError(std::string("the base URL must start with http:// or https://: ").append(config.baseUrl),
                           "base_url");
    // A fragment never reaches the server: whatever it was meant to say would silently not be said. Not
    // quoted: a fragment is where a pasted token would hide.
    if (config.baseUrl.find('#') != std::string::npos)
        return configError("the base URL holds a fragment ('#...'), which is never sent to a server: remove it",
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

std::string endpointUrl(std::string_view base, std::string_view path)
{
    base = base.substr(0, base.find('#'));
    std::size_t start = base.find("://");
    start = start == std::string_view::npos ? 0 : start + 3;
    const std::size_t queryAt = std::min(base.find('?', start), base.size());
    std::string_view head = base.substr(0, queryAt);
    while (head.size() > start && head.back() == '/')
        head.remove_suffix(1);
    std::string url(head);
    url.append(path);
    url.append(base.substr(queryAt));
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
    addApiHeaders(request);
    request.body = body;
    return request;
}

void Provider::addApiHeaders(HttpRequest &request) const
{
    if (apiKey().empty())
        return;
    std::string bearer = "Bearer ";
    bearer.append(apiKey());
    request.headers.emplace_back("Authorization", std::move(bearer));
    request.secrets.push_back(apiKey());
}

HttpRequest Provider::apiRequest(std::string_view path, std::string body, bool post) const
{
    HttpRequest request;
    request.url = endpointFor(path);
    addApiHeaders(request);
    request.body = std::move(body);
    request.post = post;
    return request;
}

namespace {

// "https://host:port" of a URL, lower-cased; empty when it has no scheme.
std::string originOf(std::string_view url)
{
    const auto scheme = url.find("://");
    if (scheme == std::string_view::npos)
        return {};
    const auto end = url.find_first_of("/?#", scheme + 3);
    std::string origin(url.substr(0, end));
    std::transform(origin.begin(), origin.end(), origin.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return origin;
}

} // namespace

HttpRequest Provider::urlRequest(const std::string &url) const
{
    HttpRequest request;
    request.url = url;
    const std::string origin = originOf(url);
    if (!origin.empty() && origin == originOf(m_config.baseUrl))
        addApiHeaders(request);
    else if (!apiKey().empty())
        request.secrets.push_back(apiKey()); // not sent, but blanked should the answer hold it
    return request;
}

} // namespace concord::judge

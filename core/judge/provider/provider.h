// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "judge/provider/chat.h"
#include "judge/provider/http_client.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace concord::judge {

enum class ProviderKind { OpenAI, Anthropic, Ollama };
std::string_view toString(ProviderKind kind); // "openai", "anthropic", "ollama"
std::optional<ProviderKind> providerKindFromString(std::string_view text);

// A credential written into a URL, which would be stored with the results: user information
// ("https://user:KEY@host/v1") or a query parameter that names a key, token, secret or password
// ("?api_key=…", "?access_token=…"; "?api-version=…" is none).
struct UrlCredential {
    enum class Where { None, UserInfo, QueryParameter };
    Where where = Where::None;
    std::string parameter = {}; // QueryParameter: its name as written

    explicit operator bool() const { return where != Where::None; }
    // "user information before the host", "the query parameter 'key'"
    std::string describe() const;
};
UrlCredential credentialInUrl(std::string_view url);

// The URL of a provider's PATH ("/chat/completions") under BASE: PATH joins BASE's own path, its trailing
// slashes dropped, and BASE's query stays after it, as Azure OpenAI needs:
// "https://r.openai.azure.com/openai/deployments/d?api-version=2024-06-01" ->
// "https://r.openai.azure.com/openai/deployments/d/chat/completions?api-version=2024-06-01".
// A fragment is never sent, so it is dropped (Provider::create refuses a base URL with one).
std::string endpointUrl(std::string_view base, std::string_view path);

// Where and how to reach a model. The API key is never part of it: only the name of the environment
// variable that holds it, read when the provider is created and kept in memory only.
struct ProviderConfig {
    ProviderKind kind = ProviderKind::OpenAI;
    std::string baseUrl; // e.g. https://api.openai.com/v1, http://127.0.0.1:11434
    std::string model;
    std::string apiKeyEnv; // e.g. OPENAI_API_KEY; empty for no key (a local server)
};

// What a provider's API can be asked for. A server behind it may still not deliver (a local server
// without token probabilities, one that ignores n): the runner decides from each answer.
struct Capabilities {
    bool logprobs = false;          // token log-probabilities with alternatives
    bool multipleSamples = false;   // n > 1 in one request
    bool structuredAnswers = false; // an answer held to a JSON schema (ChatRequest::schema)
};

// One provider's wire format: how a ChatRequest becomes an HTTP request and how the answer is read.
class Provider {
public:
    virtual ~Provider() = default;

    // Fails with a clear message for an unusable configuration (no base URL, a credential or a fragment
    // in it, no model, the key's variable named but not set).
    static Result<std::unique_ptr<Provider>> create(const ProviderConfig &config);

    virtual Capabilities capabilities() const = 0;
    // The URL requests go to: part of the cache key.
    virtual std::string endpoint() const = 0;
    // The request body: JSON with a fixed key order, so the same request gives the same bytes (it is
    // hashed for the cache and stored with the call). It never holds a credential.
    virtual std::string requestBody(const ChatRequest &request) const = 0;
    // The HTTP request for a body, with the credential in a header.
    virtual HttpRequest httpRequest(const std::string &body) const = 0;
    // A request to another PATH of the same API ("/batches"), carrying the credential as httpRequest does: a GET,
    // or a POST when post is set or a body is given. The caller adds a Content-Type other than JSON.
    HttpRequest apiRequest(std::string_view path, std::string body = {}, bool post = false) const;
    // A GET of a URL the API handed out (Anthropic's results_url). The credential goes with it only when the URL
    // has the base URL's scheme, host and port: a link to elsewhere never learns the key.
    HttpRequest urlRequest(const std::string &url) const;
    // Reads a 2xx answer; an error names what was missing or malformed.
    virtual Result<ChatResponse> parseResponse(const std::string &body) const = 0;
    // One line for a failed call, fit to record: "HTTP 429: Rate limit reached (rate_limit_error)".
    // Reads the error shapes of OpenAI, Anthropic, Ollama and vLLM, else quotes the start of the body;
    // the key, should a server echo it, is blanked out.
    std::string errorMessage(int status, const std::string &body) const;

    const ProviderConfig &config() const { return m_config; }

protected:
    // A JSON POST to endpoint() with the key, if any, as a Bearer token (OpenAI-compatible servers, Ollama).
    HttpRequest bearerRequest(const std::string &body) const;
    // The headers every request to the API carries, the credential among them (listed in request.secrets too):
    // the key as a Bearer token unless the provider says otherwise.
    virtual void addApiHeaders(HttpRequest &request) const;
    explicit Provider(ProviderConfig config)
        : m_config(std::move(config))
    { }
    // The key read from the environment by create(); empty without one. Only for request headers.
    const std::string &apiKey() const { return m_apiKey; }
    // endpointUrl() of the configured base URL and PATH.
    std::string endpointFor(std::string_view path) const { return endpointUrl(m_config.baseUrl, path); }

private:
    ProviderConfig m_config;
    std::string m_apiKey;
};

} // namespace concord::judge

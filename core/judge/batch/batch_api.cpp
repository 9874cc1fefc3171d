// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/batch/batch_api.h"

#include "judge/batch/anthropic_batch_api.h"
#include "judge/batch/openai_batch_api.h"
#include "judge/provider/provider.h"

#include <future>

namespace concord::judge {

Result<std::unique_ptr<BatchApi>> BatchApi::create(const Provider &provider, HttpClient &http)
{
    switch (provider.config().kind) {
    case ProviderKind::OpenAI:
        return std::unique_ptr<BatchApi>(new OpenAiBatchApi(provider, http));
    case ProviderKind::Anthropic:
        return std::unique_ptr<BatchApi>(new AnthropicBatchApi(provider, http));
    case ProviderKind::Ollama:
        break;
    }
    return Error{"Ollama has no batch API; judge without batch", {}, 0, kNoBatchApiField};
}

BatchApi::BatchApi(const Provider &provider, HttpClient &http)
    : m_provider(provider)
    , m_http(http)
{ }

HttpResponse BatchApi::exchange(HttpRequest request)
{
    std::promise<HttpResponse> answered;
    std::future<HttpResponse> answer = answered.get_future();
    m_http.submit(std::move(request), [&answered](HttpResponse response) { answered.set_value(std::move(response)); });
    return answer.get();
}

std::string BatchApi::answerBody(const HttpResponse &response, std::string_view what, const Error *notFound) const
{
    if (response.cancelled)
        fail(std::string(what) + ": cancelled", "batch");
    if (response.status >= 200 && response.status < 300 && response.transportError.empty())
        return response.body;
    if (response.status == 404 && notFound)
        throw Failure(*notFound);
    std::string message(what);
    message.append(": ");
    if (response.status == 0)
        message.append(response.timedOut ? "timed out: " : "no answer: ").append(response.transportError);
    else if (!response.transportError.empty())
        message.append(response.transportError);
    else
        message.append(m_provider.errorMessage(response.status, response.body));
    fail(message, "batch");
}

Result<std::size_t> BatchApi::removeFiles(const BatchStatus &)
{
    return std::size_t{0};
}

void BatchApi::checkId(std::string_view id, const char *what)
{
    const bool safe = !id.empty() && id.size() <= 200
                      && id.find_first_not_of("abcdefghijklmnopqrstuvwxyz"
                                              "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                              "0123456789_-")
                             == std::string_view::npos;
    if (!safe)
        fail(std::string(what) + " '" + std::string(id.substr(0, 80)) + "' is not an id a provider hands out", "batch");
}

} // namespace concord::judge

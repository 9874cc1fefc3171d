// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/batch/anthropic_batch_api.h"

#include "judge/batch/anthropic_batch.h"
#include "judge/provider/provider.h"

namespace concord::judge {

namespace {

BatchStatus parsedBatch(const std::string &body, std::string_view what)
{
    auto parsed = parseAnthropicBatch(body);
    if (!parsed)
        fail(std::string(what) + ": the server's batch object is unreadable: " + parsed.error().describe(), "batch");
    return std::move(parsed.value());
}

} // namespace

AnthropicBatchApi::AnthropicBatchApi(const Provider &provider, HttpClient &http)
    : BatchApi(provider, http)
{ }

BatchLimits AnthropicBatchApi::limits() const
{
    return anthropicBatchLimits();
}

Result<BatchStatus> AnthropicBatchApi::submit(const std::vector<BatchRequest> &requests, const std::string &)
{
    return capture([&]() -> BatchStatus {
        if (requests.empty())
            fail("a batch needs at least one request", "batch");
        std::vector<std::string> entries;
        entries.reserve(requests.size());
        for (const auto &r : requests)
            entries.push_back(anthropicBatchEntry(r.customId, r.body));
        HttpRequest request = m_provider.apiRequest("/messages/batches", anthropicBatchBody(entries));
        request.headers.emplace_back("Content-Type", "application/json");
        const Error noApi{"the server at " + m_provider.config().baseUrl
                              + " has no batch API (HTTP 404 at /messages/batches); judge without batch",
                          {},
                          0,
                          kNoBatchApiField};
        return parsedBatch(answerBody(exchange(std::move(request)), "submitting the batch", &noApi),
                           "submitting the batch");
    });
}

Result<BatchStatus> AnthropicBatchApi::status(const std::string &id)
{
    return capture([&]() -> BatchStatus {
        checkId(id, "batch");
        const Error unknown{"batch " + id + " is not known to the server (HTTP 404)", {}, 0, "batch"};
        return parsedBatch(
            answerBody(exchange(m_provider.apiRequest("/messages/batches/" + id)), "reading batch " + id, &unknown),
            "reading batch " + id);
    });
}

Result<BatchStatus> AnthropicBatchApi::cancel(const std::string &id)
{
    return capture([&]() -> BatchStatus {
        checkId(id, "batch");
        const Error unknown{"batch " + id + " is not known to the server (HTTP 404)", {}, 0, "batch"};
        return parsedBatch(answerBody(exchange(m_provider.apiRequest("/messages/batches/" + id + "/cancel", {}, true)),
                                      "cancelling batch " + id, &unknown),
                           "cancelling batch " + id);
    });
}

Result<std::vector<BatchResult>> AnthropicBatchApi::results(const BatchStatus &status)
{
    return capture([&]() -> std::vector<BatchResult> {
        if (status.resultsUrl.empty())
            fail("batch " + status.id + " has no results yet (it has not ended)", "batch");
        if (!status.resultsUrl.starts_with("https://") && !status.resultsUrl.starts_with("http://"))
            fail("batch " + status.id + ": the results address is not an http(s) URL", "batch");
        HttpRequest request = m_provider.urlRequest(status.resultsUrl);
        request.maxBodyBytes = kMaxResultsBytes;
        const std::string body = answerBody(exchange(std::move(request)), "reading the results of batch " + status.id);
        auto parsed = parseAnthropicBatchResults(body, "results of batch " + status.id);
        if (!parsed)
            throw Failure(parsed.error());
        return std::move(parsed.value());
    });
}

Result<std::optional<BatchStatus>> AnthropicBatchApi::findByToken(const std::string &)
{
    return Error{"Anthropic's batches carry no mark of who submitted them, so a batch whose submission was cut off "
                 "cannot be found again from here; look for it in Anthropic's console",
                 {},
                 0,
                 "batch"};
}

} // namespace concord::judge

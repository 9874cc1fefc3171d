// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "judge/batch/batch_job.h"
#include "judge/provider/http_client.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace concord::judge {

class Provider;

// The field of the error a server without a batch API (HTTP 404 where the batch endpoint should be: vLLM,
// Ollama, most OpenAI-compatible servers) fails a submission with, so that the caller can go online instead.
inline constexpr const char *kNoBatchApiField = "batch api";

// One request of a batch: its custom id (validCustomId) and the body the online API would have been sent.
struct BatchRequest {
    std::string customId;
    std::string body;
};

// A provider's batch API, spoken synchronously: each call sends its requests through the HTTP client and waits
// for the answers, so it belongs on a worker thread. Every failure is an Error saying what the server said
// (its own message where it gives one), never holding the key.
class BatchApi {
public:
    // OpenAI(-compatible) and Anthropic have one; Ollama has none (a clear error).
    static Result<std::unique_ptr<BatchApi>> create(const Provider &provider, HttpClient &http);

    virtual ~BatchApi() = default;
    BatchApi(const BatchApi &) = delete;
    BatchApi &operator=(const BatchApi &) = delete;

    virtual BatchLimits limits() const = 0;
    // Submits one batch (within limits()). token: Concord's handle for it, kept by a provider that keeps one
    // (OpenAI's metadata) so that a batch whose submission was cut off before the answer can be found again.
    virtual Result<BatchStatus> submit(const std::vector<BatchRequest> &requests, const std::string &token) = 0;
    virtual Result<BatchStatus> status(const std::string &id) = 0;
    virtual Result<BatchStatus> cancel(const std::string &id) = 0;
    // Every result there is of the batch (answers, then failures): call it once the batch is final.
    virtual Result<std::vector<BatchResult>> results(const BatchStatus &status) = 0;
    // The batch submitted with this token among the account's recent ones, or nothing; fails where the provider
    // keeps no token (Anthropic), so that the caller never takes "not found" for "not submitted".
    virtual Result<std::optional<BatchStatus>> findByToken(const std::string &token) = 0;
    // Deletes what the provider keeps of a batch whose results are stored, at the account's cost: OpenAI's uploaded
    // requests and its output and error files (one already gone counts as deleted). Returns how many it deleted;
    // nothing to do where the provider keeps nothing the account pays for (Anthropic's results expire on their own).
    virtual Result<std::size_t> removeFiles(const BatchStatus &status);

    // The largest results file read (a full batch's results, kept in memory while they are parsed).
    static constexpr std::size_t kMaxResultsBytes = std::size_t{512} << 20;

protected:
    BatchApi(const Provider &provider, HttpClient &http);

    // Sends one request and waits for its answer.
    HttpResponse exchange(HttpRequest request);
    // The body of a 2xx answer to `what` ("uploading the requests"); throws concord::Failure otherwise, with the
    // provider's words. notFound: what a 404 means here (no batch API, an unknown batch), if not the default.
    std::string answerBody(const HttpResponse &response, std::string_view what, const Error *notFound = nullptr) const;
    // Throws unless the id is one a provider hands out (letters, digits, '_' and '-'): it goes into a URL path.
    static void checkId(std::string_view id, const char *what);

    const Provider &m_provider;
    HttpClient &m_http;
};

} // namespace concord::judge

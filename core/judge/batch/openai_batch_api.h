// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/batch/batch_api.h"

namespace concord::judge {

// OpenAI's Batch API: the requests uploaded as a JSONL file (purpose "batch") to BASE/files, a batch created at
// BASE/batches over the chat completions endpoint with a 24-hour window and the token in its metadata, polled at
// BASE/batches/{id}, its output and error files read from BASE/files/{id}/content.
class OpenAiBatchApi : public BatchApi {
public:
    OpenAiBatchApi(const Provider &provider, HttpClient &http);

    BatchLimits limits() const override;
    Result<BatchStatus> submit(const std::vector<BatchRequest> &requests, const std::string &token) override;
    Result<BatchStatus> status(const std::string &id) override;
    Result<BatchStatus> cancel(const std::string &id) override;
    Result<std::vector<BatchResult>> results(const BatchStatus &status) override;
    Result<std::optional<BatchStatus>> findByToken(const std::string &token) override;
    Result<std::size_t> removeFiles(const BatchStatus &status) override;

    // The pages of the account's batches read looking for a token (100 batches a page), newest first.
    static constexpr int kSearchPages = 10;

private:
    // The chat endpoint's path as the batch lines name it ("/v1/chat/completions"): the base URL's path.
    std::string chatPath() const;
    std::vector<BatchResult> fileResults(const std::string &fileId);
};

} // namespace concord::judge

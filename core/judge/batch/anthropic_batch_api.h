// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/batch/batch_api.h"

namespace concord::judge {

// Anthropic's Message Batches: the requests posted to BASE/messages/batches in one body, polled at
// BASE/messages/batches/{id} until they have ended, every request's result read as JSONL from the batch's
// results_url.
class AnthropicBatchApi : public BatchApi {
public:
    AnthropicBatchApi(const Provider &provider, HttpClient &http);

    BatchLimits limits() const override;
    Result<BatchStatus> submit(const std::vector<BatchRequest> &requests, const std::string &token) override;
    Result<BatchStatus> status(const std::string &id) override;
    Result<BatchStatus> cancel(const std::string &id) override;
    Result<std::vector<BatchResult>> results(const BatchStatus &status) override;
    // Anthropic's batches carry no metadata: always an error saying so.
    Result<std::optional<BatchStatus>> findByToken(const std::string &token) override;
};

} // namespace concord::judge

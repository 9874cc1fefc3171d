// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/batch/batch_api.h"
#include "model/ids.h"
#include "model/judge_batch.h"

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::judge {

// One request of a run to send in a batch: the call it stands for (request hash, sample index) and its body.
struct BatchCall {
    std::string hash;
    int sample = 0;
    std::string body;
};

// What polling a run's batches did.
struct BatchCollection {
    std::size_t open = 0;       // batches still with their provider (not final yet)
    std::size_t fetched = 0;    // batches whose results were stored by this poll
    std::size_t answered = 0;   // requests answered in those batches
    std::size_t unanswered = 0; // requests of those batches without an answer (errored, expired, cancelled)
    std::size_t forgotten = 0;  // batches recorded but never received by the provider: their requests are free again
    std::vector<std::string> notes; // what the user should know, one line each
};

// The batch side of a judge run: cuts a run's requests into batches within the provider's limits, records each in
// the study before it is submitted, submits it, and later polls the run's batches and hands every result of a final
// one to the runner's store, in the same write that marks the batch fetched — so a result is stored once, whatever
// stops the process in between. Everything it writes goes through `write` (the runner's transaction, which waits
// for a busy study); provider calls block, so it runs on the runner's thread.
class BatchDispatch {
public:
    using Write = std::function<void(const std::function<void()> &)>;
    BatchDispatch(store::Study &study, BatchApi &api, std::string provider, model::Id run, Write write);

    // Records and submits the calls in batches of at most limits (0 in a limit: the provider's); called again, it
    // goes on numbering the requests' custom ids, which stay unique over what this dispatch submits. The bodies move
    // into the requests as they are sent. Returns the batches submitted. A failure of the first submission with kNoBatchApiField removes its record and is
    // rethrown, for the caller to go online; any other failure leaves the batch recorded as submitting (a poll
    // finds it at OpenAI by its token) and is rethrown.
    std::size_t submit(std::vector<BatchCall> calls, BatchLimits limits);

    // The result of one request (nullptr: the batch ended without one), stored by the runner.
    using Store = std::function<void(const model::JudgeBatchRequest &request, const BatchResult *result,
                                     const std::string &why)>;
    // Polls every batch of the run not fetched yet; a final one's results go to `store`, in one write with the
    // batch marked fetched.
    BatchCollection collect(const Store &store);

    // Asks the provider to cancel one of the run's batches; what it finished is fetched by the next collect().
    std::string cancel(model::Id batch);

private:
    void adopt(model::JudgeBatch &batch, BatchCollection &out);

    store::Study &m_study;
    BatchApi &m_api;
    std::string m_provider;
    model::Id m_run;
    Write m_write;
    std::size_t m_numbered = 0; // requests given a custom id so far
};

// A fresh handle for a batch: 32 hexadecimal digits.
std::string newBatchToken();

} // namespace concord::judge

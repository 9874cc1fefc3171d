// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "judge/batch/batch_dispatch.h"

#include <string>
#include <vector>

namespace concord::judge {

// What polling one run's batches did, or why it could not.
struct RunBatchPoll {
    long long run = 0;
    std::string judge;
    BatchCollection collected;
    std::string error; // empty when the poll went through
};

// The batches a study has with providers that are not fetched yet, by run: what a window or a poll shows.
struct WaitingBatches {
    std::size_t batches = 0;
    std::size_t requests = 0;
    std::vector<long long> runs;
    std::vector<std::string> judges; // of those runs, in the same order
};
Result<WaitingBatches> waitingBatches(const std::string &studyPath);

// Polls the batches of every run that has some not fetched yet (onlyRun: that run's), each run through a Runner made
// from its own settings (Runner::collectBatches); apiKeyEnv, when given, replaces the variable the run was started
// with. A run that cannot be polled says why and the others are polled still.
Result<std::vector<RunBatchPoll>> pollWaitingBatches(const std::string &studyPath, long long onlyRun = 0,
                                                     const std::string &apiKeyEnv = {});

} // namespace concord::judge

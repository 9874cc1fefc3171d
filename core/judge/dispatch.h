// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "judge/runner.h"

#include <optional>

namespace concord::judge {

// How a run's calls reach the provider: online, a request at a time within the run's limits (OnlineDispatch), or
// in the provider's batches (BatchRunDispatch). Both take the calls from the plan and the queue and store what comes
// back through the run's store.
class Dispatch {
public:
    virtual ~Dispatch() = default;
    // Sends (or submits) every call of the run not answered yet; returns when they are answered, failed, submitted
    // or the run is cancelled. An error returned says why this way cannot send them at all (a server without a batch
    // API): nothing was sent, and the runner sends them another way. A failure that stops the run is thrown.
    virtual std::optional<Error> dispatch(const Runner::ProgressCallback &callback) = 0;
};

} // namespace concord::judge

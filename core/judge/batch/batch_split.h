// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/batch/batch_job.h"

#include <cstddef>
#include <utility>
#include <vector>

namespace concord::judge {

// The requests, in their order, cut into consecutive batches that each keep within the limits: at most
// limits.maxRequests requests and limits.maxBytes bytes (the sum of the requests' sizes in the batch's file or
// body, separators included by the caller). Each batch is [begin, end). Throws concord::Failure naming the request
// when one alone is larger than maxBytes, or when a limit is 0.
std::vector<std::pair<std::size_t, std::size_t>> splitIntoBatches(const std::vector<std::size_t> &requestBytes,
                                                                  const BatchLimits &limits);

} // namespace concord::judge

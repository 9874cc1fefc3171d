// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/batch/batch_split.h"

#include "error.h"

#include <string>

namespace concord::judge {

std::vector<std::pair<std::size_t, std::size_t>> splitIntoBatches(const std::vector<std::size_t> &requestBytes,
                                                                  const BatchLimits &limits)
{
    if (limits.maxRequests == 0 || limits.maxBytes == 0)
        fail("a batch must hold at least one request and one byte", "batch_limits");
    std::vector<std::pair<std::size_t, std::size_t>> out;
    std::size_t begin = 0, bytes = 0;
    for (std::size_t i = 0; i < requestBytes.size(); ++i) {
        if (requestBytes[i] > limits.maxBytes)
            fail("request " + std::to_string(i + 1) + " alone is " + std::to_string(requestBytes[i])
                     + " bytes, more than a batch may hold (" + std::to_string(limits.maxBytes) + ")",
                 "batch_limits");
        if (i > begin && (i - begin == limits.maxRequests || bytes + requestBytes[i] > limits.maxBytes)) {
            out.emplace_back(begin, i);
            begin = i;
            bytes = 0;
        }
        bytes += requestBytes[i];
    }
    if (begin < requestBytes.size())
        out.emplace_back(begin, requestBytes.size());
    return out;
}

} // namespace concord::judge

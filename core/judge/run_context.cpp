// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/run_context.h"

namespace concord::judge {

void RunContext::report(const Runner::ProgressCallback &callback)
{
    progress.elapsedSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const std::size_t remaining = progress.total - progress.done - progress.failed;
    if (progress.sent > 0 && remaining > 0)
        progress.etaSeconds = progress.elapsedSeconds / static_cast<double>(progress.sent + progress.failed)
                              * static_cast<double>(remaining);
    else if (remaining == 0)
        progress.etaSeconds = 0;
    if (callback)
        callback(progress);
}

} // namespace concord::judge

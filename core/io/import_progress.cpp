// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/import_progress.h"

#include "error.h"

#include <filesystem>

namespace concord::io {

ImportProgress::ImportProgress(Callback callback, const std::vector<std::string> &paths)
    : m_callback(std::move(callback))
{
    for (const auto &path : paths) {
        std::error_code ec;
        const auto size = std::filesystem::file_size(path, ec);
        if (!ec)
            m_total += static_cast<std::int64_t>(size);
    }
}

void ImportProgress::attach(ByteSource &source) const
{
    if (!m_callback)
        return;
    // The source calls its own callback: the pointer to it is good for as long as it is called.
    source.setProgress([callback = m_callback, before = m_before, total = m_total, recordsBefore = m_recordsBefore,
                        from = &source](std::int64_t done, std::int64_t) {
        // Thrown from inside the reading, the failure unwinds the import's transaction.
        if (!callback(before + done, total, recordsBefore + from->recordsRead()))
            throw Failure(Error{cancelledMessage(), {}, 0, {}});
    });
}

void ImportProgress::fileDone(const ByteSource &source)
{
    m_before += source.bytesConsumed();
    m_recordsBefore += source.recordsRead();
}

const std::string &ImportProgress::cancelledMessage()
{
    static const std::string message = "the import was cancelled";
    return message;
}

} // namespace concord::io

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/byte_source.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace concord::io {

// How far a long import has read, over all its files, for a progress bar or a terminal line; and
// the way to cancel it. An importer hands it every ByteSource it reads.
class ImportProgress {
public:
    // Told the bytes read so far and the total over all files (0 when unknown), and the records
    // (rows, lines) read so far, after every block; returns false to cancel, which stops the import
    // with cancelledMessage() and changes nothing.
    using Callback = std::function<bool(std::int64_t done, std::int64_t total, std::int64_t records)>;

    ImportProgress() = default;
    // The total is the size of every file of the import, read once at the start.
    ImportProgress(Callback callback, const std::vector<std::string> &paths);

    // Reports source's reading as a part of the whole, after the files read before it. The source
    // must stay where it is (not be moved) while it is read.
    void attach(ByteSource &source) const;
    // Called when a file has been read to its end: the next one's bytes count after it.
    void fileDone(const ByteSource &source);

    static const std::string &cancelledMessage();

private:
    Callback m_callback;
    std::int64_t m_total = 0;
    std::int64_t m_before = 0;        // bytes of the files read completely
    std::int64_t m_recordsBefore = 0; // and their records
};

} // namespace concord::io

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/csv_reader.h"

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace concord::io {

// Reads a CsvReader's records on a thread of its own, a batch ahead of the caller, so that reading
// and parsing the file overlaps with what the caller does with each record (an import's writes).
// The caller sees exactly what the reader gives, in order: the same records, and the reader's
// failure (a broken quote, bad UTF-8, a cancelled progress callback) at the point where the reader
// met it. A few batches are held at most, so memory does not grow with the file. The reader, its
// ByteSource and their progress callback are used on the reading thread until this object is gone.
class CsvReadAhead {
public:
    explicit CsvReadAhead(CsvReader &reader);
    ~CsvReadAhead();
    CsvReadAhead(const CsvReadAhead &) = delete;
    CsvReadAhead &operator=(const CsvReadAhead &) = delete;

    // Like CsvReader::next; rethrows the reader's failure when the records before it are taken.
    bool next(CsvRecord &record);

    static constexpr std::size_t kBatchRecords = 256;
    // A batch also ends once its fields hold this many bytes, so that rows of long texts are not
    // held by the thousand; a field longer than this comes alone.
    static constexpr std::size_t kBatchBytes = std::size_t{4} << 20;
    static constexpr std::size_t kBatchesAhead = 4;

private:
    struct Batch {
        std::vector<CsvRecord> records; // the first `count` are read; the rest keep their memory
        std::size_t count = 0;
        bool end = false;           // the reader has no more records after these
        std::exception_ptr failure; // the reader failed after these
    };

    void read();

    CsvReader &m_reader;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<Batch> m_ready;  // read, in order, not yet taken
    std::vector<Batch> m_spare; // taken, handed back for their memory
    bool m_stop = false;
    Batch m_current;
    std::size_t m_taken = 0;
    std::thread m_thread; // last: starts once everything above exists
};

} // namespace concord::io

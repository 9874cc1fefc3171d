// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace concord::io {

// Input bytes read a block at a time, so that an importer holds the record it is reading and not the
// file: memory stays the same for 10 thousand and 10 million rows. A reader looks at window(),
// consumes what it has used, and asks for more with ensure(); only a record longer than a block makes
// the buffer grow, to that record's length. The same interface over text in memory serves tests and
// fuzzers, which must exercise the readers exactly as files do.
class ByteSource {
public:
    // Called after every block read, with the bytes read so far and the file's size (0 when
    // unknown). A callback may throw to stop the reading, e.g. when the user cancels an import.
    using Progress = std::function<void(std::int64_t done, std::int64_t total)>;

    static constexpr std::size_t kBlockSize = std::size_t{1} << 20;

    // Throws concord::Failure naming the file when it cannot be opened or is a folder.
    static ByteSource fromFile(const std::string &path, std::size_t blockSize = kBlockSize);
    // Over text the caller keeps alive; blockSize > 0 hands it out in pieces of that size, as a file
    // would arrive, so that tests can put a block boundary anywhere.
    static ByteSource fromText(std::string_view text, std::size_t blockSize = 0);

    ByteSource(ByteSource &&) noexcept;
    ByteSource &operator=(ByteSource &&) noexcept;
    ~ByteSource();

    // The bytes read and not yet consumed. Empty does not mean the end: see ensure().
    std::string_view window() const { return {m_data + m_begin, m_end - m_begin}; }
    // Makes at least n unconsumed bytes visible, reading as needed; false when the input ends first
    // (the window then holds what there is). Throws concord::Failure naming the file on a read error.
    bool ensure(std::size_t n);
    void consume(std::size_t n) { m_begin += n; }
    // True when every byte has been consumed and there is nothing left to read.
    bool atEnd() { return !ensure(1); }

    std::int64_t bytesConsumed() const { return m_offset + static_cast<std::int64_t>(m_begin); }
    std::int64_t totalBytes() const { return m_total; }
    const std::string &path() const { return m_path; }
    // Records the readers have handed out from this input (a CSV header counts as one), for a rate
    // in rows per second beside the bytes.
    std::int64_t recordsRead() const { return m_records; }
    void countRecord() { ++m_records; }
    void setProgress(Progress progress) { m_progress = std::move(progress); }

private:
    ByteSource() = default;
    std::size_t readMore(char *into, std::size_t capacity);

    struct FileCloser {
        void operator()(std::FILE *f) const;
    };
    std::unique_ptr<std::FILE, FileCloser> m_file;
    std::string m_path;
    std::string m_buffer;    // a file's bytes; unused over text
    std::string_view m_text; // the text not yet handed out
    std::size_t m_textBlock = 0;
    const char *m_data = nullptr;
    std::size_t m_begin = 0;   // first unconsumed byte in m_data
    std::size_t m_end = 0;     // one past the last byte read
    std::int64_t m_offset = 0; // input offset of m_data[0]
    std::int64_t m_total = 0;
    std::int64_t m_records = 0;
    std::size_t m_blockSize = kBlockSize;
    bool m_eof = false;
    Progress m_progress;
};

} // namespace concord::io

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/byte_source.h"

#include "error.h"
#include "store/open_databases.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

namespace concord::io {

void ByteSource::FileCloser::operator()(std::FILE *f) const
{
    std::fclose(f);
}

ByteSource ByteSource::fromFile(const std::string &path, std::size_t blockSize)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw Failure(Error{"is a folder, not a file", path, 0, {}});
    // A study this process has open is no input: closing the file again would drop SQLite's locks on it.
    if (const Status readable = store::OpenDatabases::checkReadable(path); !readable)
        throw Failure(readable.error());
    ByteSource source;
    source.m_path = path;
    source.m_file.reset(std::fopen(path.c_str(), "rb"));
    if (!source.m_file)
        throw Failure(Error{std::string("cannot read the file: ").append(std::strerror(errno)), path, 0, {}});
    // The reads are block-sized already: stdio's own buffer would only add a copy.
    std::setvbuf(source.m_file.get(), nullptr, _IONBF, 0);
    const auto size = std::filesystem::file_size(path, ec);
    source.m_total = ec ? 0 : static_cast<std::int64_t>(size);
    source.m_blockSize = std::max<std::size_t>(blockSize, 1);
    return source;
}

ByteSource ByteSource::fromText(std::string_view text, std::size_t blockSize)
{
    ByteSource source;
    source.m_text = text;
    source.m_data = text.data();
    source.m_total = static_cast<std::int64_t>(text.size());
    source.m_textBlock = blockSize;
    source.m_end = blockSize == 0 ? text.size() : std::min(blockSize, text.size());
    source.m_eof = source.m_end == text.size();
    return source;
}

// Moved, a file's window must point into the buffer that moved with it (a short one may live
// inside the string object itself), not into the old one.
ByteSource::ByteSource(ByteSource &&other) noexcept
{
    *this = std::move(other);
}

ByteSource &ByteSource::operator=(ByteSource &&other) noexcept
{
    m_file = std::move(other.m_file);
    m_path = std::move(other.m_path);
    m_buffer = std::move(other.m_buffer);
    m_text = other.m_text;
    m_textBlock = other.m_textBlock;
    m_data = m_file ? m_buffer.data() : other.m_data;
    m_begin = other.m_begin;
    m_end = other.m_end;
    m_offset = other.m_offset;
    m_total = other.m_total;
    m_records = other.m_records;
    m_blockSize = other.m_blockSize;
    m_eof = other.m_eof;
    m_progress = std::move(other.m_progress);
    return *this;
}
ByteSource::~ByteSource() = default;

std::size_t ByteSource::readMore(char *into, std::size_t capacity)
{
    const std::size_t got = std::fread(into, 1, capacity, m_file.get());
    if (got == 0) {
        if (std::ferror(m_file.get()))
            throw Failure(Error{std::string("cannot read the file: ").append(std::strerror(errno)), m_path, 0, {}});
        m_eof = true;
    }
    return got;
}

bool ByteSource::ensure(std::size_t n)
{
    if (m_end - m_begin >= n)
        return true;
    if (m_eof)
        return false;
    if (!m_file) {
        // Text hands out its next piece; it is contiguous already.
        m_end = std::min(m_text.size(), std::max(m_end + m_textBlock, m_begin + n));
        m_eof = m_end == m_text.size();
        if (m_progress)
            m_progress(static_cast<std::int64_t>(m_end), m_total);
        return m_end - m_begin >= n;
    }
    // Keep only what is unconsumed, at the front, then read whole blocks behind it.
    const std::size_t kept = m_end - m_begin;
    if (m_begin > 0) {
        if (kept > 0)
            std::memmove(m_buffer.data(), m_buffer.data() + m_begin, kept);
        m_offset += static_cast<std::int64_t>(m_begin);
        m_begin = 0;
        m_end = kept;
    }
    while (m_end < n && !m_eof) {
        const std::size_t wanted = std::max(n, m_end + m_blockSize);
        if (m_buffer.size() < wanted)
            m_buffer.resize(std::max(wanted, m_buffer.size() * 2));
        m_data = m_buffer.data();
        m_end += readMore(m_buffer.data() + m_end, m_buffer.size() - m_end);
        if (m_progress)
            m_progress(m_offset + static_cast<std::int64_t>(m_end), m_total);
    }
    return m_end >= n;
}

} // namespace concord::io

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/byte_source.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace concord::io {

struct CsvRecord {
    std::vector<std::string> fields;
    long line = 0; // 1-based physical line on which the record starts
};

// An RFC 4180 reader over a ByteSource, one record at a time: quoted fields with doubled quotes, delimiters and line
// breaks inside quotes, LF or CRLF line ends, a leading UTF-8 byte order mark skipped.
// Empty lines between records are skipped (a spreadsheet's trailing blank rows mean nothing).
class CsvReader {
public:
    // Reads from source, which must outlive the reader.
    explicit CsvReader(ByteSource &source, char delimiter = ',');
    // Reads text in memory, which must outlive the reader.
    explicit CsvReader(std::string_view text, char delimiter = ',');
    // Not copied or moved: a reader over text points at a source of its own.
    CsvReader(const CsvReader &) = delete;
    CsvReader &operator=(const CsvReader &) = delete;

    // Reads the next record; false at the end. Throws concord::Failure with the line set
    // for an unterminated quote or text after a closing quote, and with the line and field set
    // for a field that is not valid UTF-8.
    bool next(CsvRecord &record);
    // Names the fields of later records in errors (the header); unnamed ones are "column N".
    void setColumnNames(std::vector<std::string> names);

private:
    void checkUtf8(const std::string &field, std::size_t column, long firstLine) const;
    void skipByteOrderMarkAndEmptyLines();
    void markEnds();

    std::optional<ByteSource> m_ownSource;
    ByteSource *m_source;
    bool m_started = false;
    long m_line = 1;
    char m_delimiter;
    std::array<bool, 256> m_ends{}; // the bytes that end an unquoted field: the delimiter and line breaks
    std::vector<std::string> m_columnNames;
};

} // namespace concord::io

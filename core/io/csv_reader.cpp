// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/csv_reader.h"

#include "error.h"

namespace concord::io {

namespace {

[[noreturn]] void failAt(long line, std::string message)
{
    throw Failure(Error{std::move(message), {}, line, {}});
}

} // namespace

CsvReader::CsvReader(std::string_view text, char delimiter)
    : m_text(text)
    , m_delimiter(delimiter)
{
    if (m_text.substr(0, 3) == "\xEF\xBB\xBF")
        m_pos = 3;
}

bool CsvReader::next(CsvRecord &record)
{
    const std::size_t size = m_text.size();
    // Skip empty lines.
    while (m_pos < size && (m_text[m_pos] == '\n' || m_text[m_pos] == '\r')) {
        if (m_text[m_pos] == '\r' && m_pos + 1 < size && m_text[m_pos + 1] == '\n')
            ++m_pos;
        ++m_pos;
        ++m_line;
    }
    if (m_pos >= size)
        return false;

    record.fields.clear();
    record.line = m_line;
    std::string field;
    bool quoted = false;     // the current field started with a quote
    bool afterQuote = false; // its closing quote has been read
    const long start = m_line;
    while (m_pos < size) {
        const char c = m_text[m_pos];
        if (quoted && !afterQuote) {
            if (c == '"') {
                if (m_pos + 1 < size && m_text[m_pos + 1] == '"') {
                    field.push_back('"');
                    m_pos += 2;
                } else {
                    afterQuote = true;
                    ++m_pos;
                }
                continue;
            }
            if (c == '\n')
                ++m_line;
            field.push_back(c);
            ++m_pos;
            continue;
        }
        if (c == m_delimiter) {
            record.fields.push_back(std::move(field));
            field.clear();
            quoted = afterQuote = false;
            ++m_pos;
            continue;
        }
        if (c == '\n' || c == '\r') {
            if (c == '\r' && m_pos + 1 < size && m_text[m_pos + 1] == '\n')
                ++m_pos;
            ++m_pos;
            ++m_line;
            record.fields.push_back(std::move(field));
            return true;
        }
        if (afterQuote)
            failAt(m_line,
                   "unexpected text after a closing quote (a quote inside a quoted field is written twice: \"\")");
        if (c == '"' && field.empty()) {
            quoted = true;
            ++m_pos;
            continue;
        }
        // A quote inside an unquoted field is kept as it is, as spreadsheets do.
        field.push_back(c);
        ++m_pos;
    }
    if (quoted && !afterQuote)
        failAt(start, "a quoted field that starts on line " + std::to_string(start) + " is never closed");
    record.fields.push_back(std::move(field));
    return true;
}

} // namespace concord::io

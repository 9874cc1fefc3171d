// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/csv_reader.h"

#include "error.h"
#include "model/utf8_check.h"

namespace concord::io {

namespace {

[[noreturn]] void failAt(long line, std::string message)
{
    throw Failure(Error{std::move(message), {}, line, {}});
}

} // namespace

void CsvReader::setColumnNames(std::vector<std::string> names)
{
    m_columnNames = std::move(names);
}

void CsvReader::checkUtf8(const std::string &field, std::size_t column, long firstLine) const
{
    const auto bad = model::Utf8Check::firstInvalid(field);
    if (!bad)
        return;
    // A quoted field may span lines: the bad byte's own line is the one to open.
    long line = firstLine;
    for (std::size_t i = 0; i < *bad; ++i)
        line += field[i] == '\n' ? 1 : 0;
    std::string name = column < m_columnNames.size() ? m_columnNames[column] : "column " + std::to_string(column + 1);
    throw Failure(
        Error{model::Utf8Check::describeInvalid(field, *bad) + "; save the file as UTF-8", {}, line, std::move(name)});
}

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
    long fieldLine = m_line;
    const auto finishField = [&] {
        checkUtf8(field, record.fields.size(), fieldLine);
        record.fields.push_back(std::move(field));
        field.clear();
    };
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
            finishField();
            quoted = afterQuote = false;
            ++m_pos;
            fieldLine = m_line;
            continue;
        }
        if (c == '\n' || c == '\r') {
            if (c == '\r' && m_pos + 1 < size && m_text[m_pos + 1] == '\n')
                ++m_pos;
            ++m_pos;
            ++m_line;
            finishField();
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
    finishField();
    return true;
}

} // namespace concord::io

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/csv_reader.h"

#include "error.h"
#include "model/utf8_check.h"

#include <algorithm>

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

CsvReader::CsvReader(ByteSource &source, char delimiter)
    : m_source(&source)
    , m_delimiter(delimiter)
{
    markEnds();
}

CsvReader::CsvReader(std::string_view text, char delimiter)
    : m_ownSource(ByteSource::fromText(text))
    , m_source(&*m_ownSource)
    , m_delimiter(delimiter)
{
    markEnds();
}

void CsvReader::markEnds()
{
    m_ends.fill(false);
    m_ends[static_cast<unsigned char>(m_delimiter)] = true;
    m_ends['\n'] = true;
    m_ends['\r'] = true;
}

void CsvReader::skipByteOrderMarkAndEmptyLines()
{
    ByteSource &in = *m_source;
    if (!m_started) {
        m_started = true;
        if (in.ensure(3) && in.window().substr(0, 3) == "\xEF\xBB\xBF")
            in.consume(3);
    }
    while (in.ensure(1)) {
        const char c = in.window()[0];
        if (c != '\n' && c != '\r')
            return;
        in.consume(1);
        if (c == '\r' && in.ensure(1) && in.window()[0] == '\n')
            in.consume(1);
        ++m_line;
    }
}

bool CsvReader::next(CsvRecord &record)
{
    ByteSource &in = *m_source;
    skipByteOrderMarkAndEmptyLines();
    if (!in.ensure(1))
        return false;

    // Fields are read into the record's own strings, so that a caller reusing the record reuses
    // their memory too.
    std::size_t count = 0;
    const auto startField = [&]() -> std::string & {
        if (record.fields.size() <= count)
            record.fields.emplace_back();
        std::string &f = record.fields[count];
        f.clear();
        return f;
    };
    record.line = m_line;
    std::string *field = &startField();
    bool quoted = false;     // the current field started with a quote
    bool afterQuote = false; // its closing quote has been read
    const long start = m_line;
    long fieldLine = m_line;
    const auto finishField = [&] {
        checkUtf8(*field, count, fieldLine);
        ++count;
    };
    while (in.ensure(1)) {
        const std::string_view w = in.window();
        if (quoted && !afterQuote) {
            const std::size_t quote = w.find('"');
            const std::size_t i = quote == std::string_view::npos ? w.size() : quote;
            m_line += static_cast<long>(std::count(w.data(), w.data() + i, '\n'));
            field->append(w.data(), i);
            in.consume(i);
            if (i == w.size())
                continue;
            // A quote: doubled it is one quote of the text, alone it closes the field.
            if (in.ensure(2) && in.window()[1] == '"') {
                field->push_back('"');
                in.consume(2);
            } else {
                afterQuote = true;
                in.consume(1);
            }
            continue;
        }
        if (!afterQuote && field->empty() && w[0] == '"') {
            quoted = true;
            in.consume(1);
            continue;
        }
        std::size_t i = 0;
        // A quote inside an unquoted field is kept as it is, as spreadsheets do.
        while (i < w.size() && !m_ends[static_cast<unsigned char>(w[i])])
            ++i;
        if (i > 0 && afterQuote)
            failAt(m_line,
                   "unexpected text after a closing quote (a quote inside a quoted field is written twice: \"\")");
        field->append(w.data(), i);
        in.consume(i);
        if (i == w.size())
            continue;
        const char c = w[i];
        in.consume(1);
        if (c == m_delimiter) {
            finishField();
            field = &startField();
            quoted = afterQuote = false;
            fieldLine = m_line;
            continue;
        }
        if (c == '\r' && in.ensure(1) && in.window()[0] == '\n')
            in.consume(1);
        ++m_line;
        finishField();
        record.fields.resize(count);
        in.countRecord();
        return true;
    }
    if (quoted && !afterQuote)
        failAt(start, "a quoted field that starts on line " + std::to_string(start) + " is never closed");
    finishField();
    record.fields.resize(count);
    in.countRecord();
    return true;
}

} // namespace concord::io

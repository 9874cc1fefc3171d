// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/pg_copy_in.h"

#include "store/pg_connection.h"
#include "store/pg_result.h"

#include "error.h"

#include <libpq-fe.h>

#include <charconv>
#include <cmath>

namespace concord::store {

namespace {

// Blocks of about a megabyte: few round trips, little memory.
constexpr std::size_t kBlock = 1 << 20;

std::string oneLine(std::string text)
{
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    for (char &c : text)
        if (c == '\n' || c == '\t')
            c = ' ';
    return text;
}

} // namespace

PgCopyIn::PgCopyIn(PgConnection &connection, std::string_view copySql)
    : m_connection(connection)
{
    PgResult started(PQexec(connection.handle(), std::string(copySql).c_str()));
    if (PQresultStatus(started.handle()) != PGRES_COPY_IN)
        fail("PostgreSQL at " + connection.display() + ": " + oneLine(PQerrorMessage(connection.handle())));
    m_open = true;
    m_buffer.reserve(kBlock + 4096);
}

PgCopyIn::~PgCopyIn()
{
    if (!m_open)
        return;
    // Abandoned (an error or a cancel on the way): the server fails the COPY, the transaction rolls back.
    PQputCopyEnd(m_connection.handle(), "abandoned by Concord");
    while (PGresult *result = PQgetResult(m_connection.handle()))
        PQclear(result);
}

void PgCopyIn::separate()
{
    if (m_rowStarted)
        m_buffer += '\t';
    m_rowStarted = true;
}

void PgCopyIn::addNull()
{
    separate();
    m_buffer += "\\N";
}

void PgCopyIn::addInteger(std::int64_t value)
{
    separate();
    char text[24];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    m_buffer.append(text, end);
}

void PgCopyIn::addReal(double value)
{
    separate();
    if (std::isinf(value)) {
        m_buffer += value > 0 ? "Infinity" : "-Infinity";
        return;
    }
    if (std::isnan(value)) {
        m_buffer += "NaN";
        return;
    }
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    m_buffer.append(text, end);
}

void PgCopyIn::addText(std::string_view value)
{
    separate();
    // The text format's escapes: a backslash, and the characters that end a value or a row.
    for (const char c : value) {
        switch (c) {
        case '\\':
            m_buffer += "\\\\";
            break;
        case '\t':
            m_buffer += "\\t";
            break;
        case '\n':
            m_buffer += "\\n";
            break;
        case '\r':
            m_buffer += "\\r";
            break;
        default:
            m_buffer += c;
        }
    }
}

void PgCopyIn::endRow()
{
    m_buffer += '\n';
    m_rowStarted = false;
    if (m_buffer.size() >= kBlock)
        flush();
}

void PgCopyIn::flush()
{
    if (m_buffer.empty())
        return;
    if (PQputCopyData(m_connection.handle(), m_buffer.data(), static_cast<int>(m_buffer.size())) != 1)
        fail("PostgreSQL at " + m_connection.display() + ": " + oneLine(PQerrorMessage(m_connection.handle())));
    m_buffer.clear();
}

void PgCopyIn::finish()
{
    flush();
    m_open = false;
    if (PQputCopyEnd(m_connection.handle(), nullptr) != 1)
        fail("PostgreSQL at " + m_connection.display() + ": " + oneLine(PQerrorMessage(m_connection.handle())));
    // The COPY's own result, then the end of the command.
    std::string error;
    while (PGresult *raw = PQgetResult(m_connection.handle())) {
        PgResult result(raw);
        if (PQresultStatus(raw) != PGRES_COMMAND_OK && error.empty()) {
            const char *primary = PQresultErrorField(raw, PG_DIAG_MESSAGE_PRIMARY);
            error = primary ? primary : PQresultErrorMessage(raw);
            if (const char *context = PQresultErrorField(raw, PG_DIAG_CONTEXT))
                error += std::string(" (") + context + ")";
        }
    }
    if (!error.empty())
        fail("PostgreSQL at " + m_connection.display() + ": " + oneLine(error));
}

} // namespace concord::store

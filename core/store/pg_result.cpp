// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/pg_result.h"

#include "error.h"

#include <libpq-fe.h>

#include <charconv>
#include <cstdlib>

namespace concord::store {

PgResult::~PgResult()
{
    PQclear(m_result);
}

PgResult &PgResult::operator=(PgResult &&other) noexcept
{
    if (this != &other) {
        PQclear(m_result);
        m_result = std::exchange(other.m_result, nullptr);
    }
    return *this;
}

int PgResult::rows() const
{
    return m_result ? PQntuples(m_result) : 0;
}

int PgResult::columns() const
{
    return m_result ? PQnfields(m_result) : 0;
}

std::string PgResult::columnName(int column) const
{
    checkCell(0, column);
    return PQfname(m_result, column);
}

void PgResult::checkCell(int row, int column) const
{
    // Row 0 of an empty result is allowed for column look-ups; the value accessors check the row.
    if (column < 0 || column >= columns() || row < 0 || (row > 0 && row >= rows()))
        fail("PostgreSQL result: no cell at row " + std::to_string(row) + ", column " + std::to_string(column));
}

bool PgResult::isNull(int row, int column) const
{
    checkCell(row, column);
    if (row >= rows())
        fail("PostgreSQL result: no row " + std::to_string(row));
    return PQgetisnull(m_result, row, column) != 0;
}

std::string_view PgResult::text(int row, int column) const
{
    if (isNull(row, column))
        return {};
    return {PQgetvalue(m_result, row, column), static_cast<std::size_t>(PQgetlength(m_result, row, column))};
}

std::int64_t PgResult::integer(int row, int column) const
{
    if (isNull(row, column))
        fail("PostgreSQL result: column " + columnName(column) + " is NULL where a number was expected");
    const std::string_view value = text(row, column);
    std::int64_t number = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (error != std::errc() || end != value.data() + value.size())
        fail("PostgreSQL result: column " + columnName(column) + " holds '" + std::string(value)
             + "' where an integer was expected");
    return number;
}

double PgResult::real(int row, int column) const
{
    if (isNull(row, column))
        fail("PostgreSQL result: column " + columnName(column) + " is NULL where a number was expected");
    // libpq's text: digits, or NaN / Infinity / -Infinity, which from_chars reads too, whatever the locale.
    const std::string_view value = text(row, column);
    double number = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (error != std::errc() || end != value.data() + value.size())
        fail("PostgreSQL result: column " + columnName(column) + " holds '" + std::string(value)
             + "' where a number was expected");
    return number;
}

std::int64_t PgResult::affectedRows() const
{
    if (!m_result)
        return 0;
    const char *count = PQcmdTuples(m_result);
    return count && *count ? std::strtoll(count, nullptr, 10) : 0;
}

std::string PgResult::sqlState() const
{
    const char *state = m_result ? PQresultErrorField(m_result, PG_DIAG_SQLSTATE) : nullptr;
    return state ? state : "";
}

} // namespace concord::store

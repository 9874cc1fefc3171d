// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

struct pg_result; // libpq's PGresult

namespace concord::store {

// One libpq result, cleared (PQclear) when it goes. Values are read in libpq's text format, the format
// every query of PgConnection asks for; rows and columns count from 0.
class PgResult {
public:
    explicit PgResult(pg_result *result) noexcept
        : m_result(result)
    { }
    ~PgResult();
    PgResult(PgResult &&other) noexcept
        : m_result(std::exchange(other.m_result, nullptr))
    { }
    PgResult &operator=(PgResult &&other) noexcept;
    PgResult(const PgResult &) = delete;
    PgResult &operator=(const PgResult &) = delete;

    int rows() const;
    int columns() const;
    std::string columnName(int column) const;
    bool isNull(int row, int column) const;
    // The value as text; "" for NULL (isNull tells them apart).
    std::string_view text(int row, int column) const;
    // The value as a number; throws concord::Failure when it is NULL or not a number.
    std::int64_t integer(int row, int column) const;
    double real(int row, int column) const;
    // Rows an INSERT, UPDATE or DELETE touched (PQcmdTuples).
    std::int64_t affectedRows() const;
    // The SQLSTATE of a failed statement (e.g. 40001 for a serialization failure); empty when there is none.
    std::string sqlState() const;

    pg_result *handle() const { return m_result; }

private:
    void checkCell(int row, int column) const;

    pg_result *m_result = nullptr;
};

} // namespace concord::store

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "store/statement.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace concord::store {

class Database;

// An INSERT of one row whose new id the caller needs, on either backend. PostgreSQL gives the id back
// (RETURNING id): a team study's summary ids are drawn at random, from no sequence lastval() could read.
// SQLite gives it by the row's rowid, as its RETURNING would make an import of a million summaries take
// twice as long.
class RowInsert {
public:
    // SQL is the INSERT without RETURNING; it may end in ON CONFLICT … DO NOTHING.
    RowInsert(Database &db, std::string_view sql);

    // Bind the values here (reset first, as for any statement run again).
    Statement &statement() { return m_statement; }
    // Runs it: the new row's id, or none when no row was inserted (a conflict did nothing).
    std::optional<std::int64_t> run();

private:
    Database *m_db;
    bool m_returning;
    Statement m_statement;
};

// An INSERT of `rows` rows at once that share their first value: head is "INSERT INTO t (owner, a, b) VALUES ",
// the shared value is ?1 and each row's own `perRow` values follow it (?2, ?3, then ?4, ?5, …). One statement for a
// hundred rows pays a step's fixed cost (on a team study, a round trip) once for all of them.
std::string manyRowsInsert(std::string_view head, std::size_t rows, std::size_t perRow);

} // namespace concord::store

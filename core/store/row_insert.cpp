// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/row_insert.h"

#include "store/database.h"

#include <string>

namespace concord::store {

RowInsert::RowInsert(Database &db, std::string_view sql)
    : m_db(&db)
    , m_returning(db.isPostgres())
    , m_statement(db.prepare(m_returning ? std::string(sql) + " RETURNING id" : std::string(sql)))
{ }

std::optional<std::int64_t> RowInsert::run()
{
    if (m_returning) {
        std::optional<std::int64_t> id;
        if (m_statement.step())
            id = m_statement.int64At(0);
        m_statement.reset();
        return id;
    }
    m_statement.run();
    if (m_db->changes() != 1)
        return std::nullopt;
    return m_db->lastInsertId();
}

std::string manyRowsInsert(std::string_view head, std::size_t rows, std::size_t perRow)
{
    std::string sql(head);
    for (std::size_t k = 0; k < rows; ++k) {
        sql.append(k == 0 ? "(?1" : ", (?1");
        for (std::size_t v = 0; v < perRow; ++v)
            sql.append(", ?").append(std::to_string(2 + perRow * k + v));
        sql.append(")");
    }
    return sql;
}

} // namespace concord::store

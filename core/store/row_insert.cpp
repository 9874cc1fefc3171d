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

} // namespace concord::store

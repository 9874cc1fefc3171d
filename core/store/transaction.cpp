// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/transaction.h"

#include "store/database.h"
#include "store/pg_connection.h"

#include "error.h"

#include <libpq-fe.h>

#include <string_view>

namespace concord::store {

Transaction::Transaction(Database &db)
    : m_db(db)
{
    // SQLite takes the write lock up front; PostgreSQL locks rows as it writes them and reports a conflict
    // as a serialization failure or deadlock, which Study::write's BusyWait retries as a busy study.
    if (m_db.isPostgres())
        m_db.exec("BEGIN");
    else
        m_db.exec("BEGIN IMMEDIATE");
}

Transaction::~Transaction()
{
    // A team study whose connection dropped has no transaction left to roll back.
    if (!m_done && (!m_db.isPostgres() || m_db.inTransaction())) {
        try {
            m_db.exec("ROLLBACK");
        } catch (...) {
            // A failed rollback leaves SQLite to roll back when the connection closes.
        }
    }
}

void Transaction::commit()
{
    if (PgConnection *pg = m_db.postgres()) {
        const PgResult result = pg->query("COMMIT");
        m_done = true;
        // COMMIT of a transaction a failed statement aborted succeeds as a command and reports ROLLBACK.
        if (std::string_view(PQcmdStatus(result.handle())) != "COMMIT")
            fail("PostgreSQL at " + pg->display() + ": the transaction failed and was rolled back");
        return;
    }
    m_db.exec("COMMIT");
    m_done = true;
}

} // namespace concord::store

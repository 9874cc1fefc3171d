// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/pg_transaction.h"

#include "store/pg_connection.h"

#include "error.h"

#include <libpq-fe.h>

#include <string_view>

namespace concord::store {

PgTransaction::PgTransaction(PgConnection &connection)
    : m_connection(connection)
{
    if (m_connection.inTransaction())
        fail("PostgreSQL at " + m_connection.display() + ": a transaction is already open on this connection");
    m_connection.query("BEGIN");
}

PgTransaction::~PgTransaction()
{
    if (m_done || !m_connection.inTransaction())
        return;
    try {
        m_connection.query("ROLLBACK");
    } catch (...) {
        // A lost connection: the server rolls the transaction back when it notices.
    }
}

void PgTransaction::commit()
{
    const PgResult result = m_connection.query("COMMIT");
    m_done = true;
    // COMMIT of a failed transaction succeeds as a command and reports ROLLBACK.
    if (std::string_view(PQcmdStatus(result.handle())) != "COMMIT")
        fail("PostgreSQL at " + m_connection.display() + ": the transaction failed and was rolled back");
}

} // namespace concord::store

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/transaction.h"

#include "store/database.h"
#include "store/pg_connection.h"
#include "store/statement.h"

#include "error.h"

#include <libpq-fe.h>

#include <string_view>

namespace concord::store {

namespace {

[[noreturn]] void lost(const PgConnection &pg, const std::string &what)
{
    throw ConnectionLost(
        Error{"PostgreSQL at " + pg.display() + ": " + what + " (the connection to the server was lost)", {}, 0, {}});
}

} // namespace

Transaction::Transaction(Database &db)
    : m_db(db)
{
    // SQLite takes the write lock up front; PostgreSQL locks rows as it writes them and reports a conflict
    // as a serialization failure or deadlock, which Study::write's BusyWait retries as a busy study.
    if (PgConnection *pg = m_db.postgres()) {
        // PostgreSQL only warns about BEGIN inside a transaction: the inner "transaction" would then commit
        // with the outer one's COMMIT, or vanish with its rollback.
        switch (PQtransactionStatus(pg->handle())) {
        case PQTRANS_IDLE:
            break;
        case PQTRANS_INTRANS:
        case PQTRANS_INERROR:
            fail("PostgreSQL at " + pg->display() + ": a transaction is already open (nested transaction)");
        default:
            lost(*pg, "cannot begin a transaction");
        }
        m_db.exec("BEGIN");
        pg->setTransactionOpen(true);
    } else {
        m_db.exec("BEGIN IMMEDIATE");
        // A connection to a study renamed or deleted while open would write its log beside the old name,
        // where another program opening the study under its new name never looks.
        if (m_db.fileMoved()) {
            m_db.exec("ROLLBACK");
            // SQLite would leave the log under the old name when this connection closes: written back now,
            // what was saved is in the file where it is now.
            try {
                m_db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
            } catch (const Failure &) {
                // Another connection still reads: the next refused write tries again.
            }
            fail("the study file " + m_db.path()
                 + " was renamed, moved or deleted while open; nothing was written. What was saved before is in "
                   "the file where it is now: close it and open it again there");
        }
    }
}

Transaction::~Transaction()
{
    // Committed: done with the connection, which may be closed already (a study closed after its commit).
    if (m_done)
        return;
    if (PgConnection *pg = m_db.postgres())
        pg->setTransactionOpen(false);
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
        // COMMIT outside a transaction only warns and reports COMMIT: a session that lost its transaction
        // (a new one after a reset) must not pass for one whose statements all committed.
        const PGTransactionStatusType status = PQtransactionStatus(pg->handle());
        if (status != PQTRANS_INTRANS && status != PQTRANS_INERROR) {
            m_done = true;
            pg->setTransactionOpen(false);
            lost(*pg, "the transaction is no longer open");
        }
        const PgResult result = pg->query("COMMIT");
        m_done = true;
        pg->setTransactionOpen(false);
        // COMMIT of a transaction a failed statement aborted succeeds as a command and reports ROLLBACK.
        if (std::string_view(PQcmdStatus(result.handle())) != "COMMIT")
            fail("PostgreSQL at " + pg->display() + ": the transaction failed and was rolled back");
        return;
    }
    m_db.exec("COMMIT");
    m_done = true;
}

ReadTogether::ReadTogether(Database &db)
    : m_db(db)
{
    if (m_db.isPostgres() || m_db.inTransaction())
        return;
    m_db.exec("BEGIN DEFERRED");
    m_open = true;
}

ReadTogether::~ReadTogether()
{
    if (!m_open || !m_db.inTransaction())
        return;
    try {
        m_db.exec("COMMIT");
    } catch (...) {
        // Only reads were made: SQLite ends the transaction when the connection closes, losing nothing.
    }
}

} // namespace concord::store

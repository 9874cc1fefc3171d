// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/pg_connection.h"

#include "store/connection_uri.h"
#include "store/statement.h"

#include "error.h"

#include <libpq-fe.h>

#include <utility>

namespace concord::store {

namespace {

// libpq's messages end in a newline and may span lines; a person reads one line.
std::string oneLine(std::string text)
{
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    for (char &c : text) {
        if (c == '\n' || c == '\t')
            c = ' ';
    }
    return text;
}

// The server's own words: its primary message and, where given, the detail (which constraint, which key).
std::string serverMessage(const PGresult *result, pg_conn *conn)
{
    if (!result)
        return oneLine(PQerrorMessage(conn));
    const char *primary = PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY);
    if (!primary)
        return oneLine(PQresultErrorMessage(result));
    std::string message = primary;
    if (const char *detail = PQresultErrorField(result, PG_DIAG_MESSAGE_DETAIL))
        message += std::string(" (") + detail + ")";
    return oneLine(std::move(message));
}

bool succeeded(const PGresult *result)
{
    const ExecStatusType status = PQresultStatus(result);
    return result && (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY);
}

} // namespace

PgConnection::PgConnection(const std::string &connection)
    : m_conn(PQconnectdb(connection.c_str()))
    , m_display(withoutPassword(connection))
{
    if (!m_conn)
        fail("cannot connect to PostgreSQL at " + m_display + ": out of memory");
    if (PQstatus(m_conn) != CONNECTION_OK) {
        // libpq quotes a malformed connection string in its message, password included.
        std::string reason = redactPassword(oneLine(PQerrorMessage(m_conn)), connection);
        PQfinish(m_conn);
        m_conn = nullptr;
        fail("cannot connect to PostgreSQL at " + m_display + ": " + reason);
    }
    // A study holds UTF-8 text whatever the server's or the environment's default encoding.
    if (PQsetClientEncoding(m_conn, "UTF8") != 0) {
        std::string reason = oneLine(PQerrorMessage(m_conn));
        PQfinish(m_conn);
        m_conn = nullptr;
        fail("PostgreSQL at " + m_display + " does not accept UTF-8: " + reason);
    }
}

PgConnection::~PgConnection()
{
    PQfinish(m_conn);
}

PgConnection::PgConnection(PgConnection &&other) noexcept
    : m_conn(std::exchange(other.m_conn, nullptr))
    , m_display(std::move(other.m_display))
    , m_changes(other.m_changes)
{ }

PgConnection &PgConnection::operator=(PgConnection &&other) noexcept
{
    if (this != &other) {
        PQfinish(m_conn);
        m_conn = std::exchange(other.m_conn, nullptr);
        m_display = std::move(other.m_display);
        m_changes = other.m_changes;
    }
    return *this;
}

void PgConnection::failWith(const std::string &what) const
{
    fail("PostgreSQL at " + m_display + ": " + what);
}

void PgConnection::failWith(const PgResult &result) const
{
    const std::string message = "PostgreSQL at " + m_display + ": " + serverMessage(result.handle(), m_conn);
    const std::string state = result.sqlState();
    // Class 08 is the connection's own failure; 57P01..57P03 a server shutting down or not yet up.
    if (PQstatus(m_conn) == CONNECTION_BAD || state.starts_with("08") || state == "57P01" || state == "57P02"
        || state == "57P03")
        throw ConnectionLost(Error{message + " (the connection to the server was lost)", {}, 0, {}});
    // 55P03: lock_timeout ran out waiting for another session's lock.
    if (state == "40001" || state == "40P01" || state == "55P03")
        throw StudyBusy(Error{message, {}, 0, {}});
    fail(message);
}

PgResult PgConnection::query(std::string_view sql, const std::vector<PgValue> &params)
{
    if (!m_conn)
        fail("PostgreSQL: the connection was moved away");
    std::vector<const char *> values;
    values.reserve(params.size());
    for (const PgValue &value : params)
        values.push_back(value ? value->c_str() : nullptr);
    // Text format both ways, and no parameter types: the server infers them from where each $n stands.
    return query(std::string(sql).c_str(), static_cast<int>(values.size()), nullptr, values.data());
}

PgResult PgConnection::query(const char *sql, int count, const unsigned *types, const char *const *values)
{
    if (!m_conn)
        fail("PostgreSQL: the connection was moved away");
    PgResult result(PQexecParams(m_conn, sql, count, types, values, nullptr, nullptr, 0));
    if (!succeeded(result.handle()))
        failWith(result);
    // A SELECT's count is its rows, not changes (SELECT lastval() must not hide the INSERT's).
    if (!std::string_view(PQcmdStatus(result.handle())).starts_with("SELECT"))
        m_changes = result.affectedRows();
    return result;
}

void PgConnection::script(std::string_view sql)
{
    if (!m_conn)
        fail("PostgreSQL: the connection was moved away");
    PgResult result(PQexec(m_conn, std::string(sql).c_str()));
    if (!succeeded(result.handle()))
        failWith(result);
}

    , m_transactionOpen(std::exchange(other.m_transactionOpen, false))
std::string PgConnection::quotedIdentifier(std::string_view name) const
{
    if (!m_conn)
        fail("PostgreSQL: the connection was moved away");
    char *quoted = PQescapeIdentifier(m_conn, name.data(), name.size());
    if (!quoted)
        failWith("cannot quote the name '" + std::string(name) + "': " + oneLine(PQerrorMessage(m_conn)));
    std::string out = quoted;
    PQfreemem(quoted);
        m_transactionOpen = std::exchange(other.m_transactionOpen, false);
    return out;
}

bool PgConnection::inTransaction() const
{
    if (!m_conn)
        return false;
    const PGTransactionStatusType status = PQtransactionStatus(m_conn);
    return status != PQTRANS_IDLE && status != PQTRANS_UNKNOWN;
}

bool PgConnection::reset()
{
    if (!m_conn)
        return false;
    PQreset(m_conn);
    // The encoding was set on the old session; the new one starts from the server's default again.
    return PQstatus(m_conn) == CONNECTION_OK && PQsetClientEncoding(m_conn, "UTF8") == 0;
}

} // namespace concord::store

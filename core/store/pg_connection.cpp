// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/pg_connection.h"

#include "store/connection_uri.h"
#include "store/statement.h"

#include "error.h"

#include <libpq-fe.h>

#include <cstdlib>
#include <set>
#include <string_view>
#include <utility>
#include <vector>

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

bool setByEnvironment(const char *variable)
{
    const char *value = std::getenv(variable);
    return value && *value;
}

// Connects with timeouts that libpq leaves off by default, so that a network that drops silently fails a
// statement within about half a minute (ConnectionLost) instead of blocking it for a quarter of an hour.
// They stand in the keyword list before the user's connection string, which libpq expands (expand_dbname)
// and lets override anything earlier in the list: whatever the string sets wins. What the environment
// (PGCONNECT_TIMEOUT) or a service file sets is the user's too, but libpq applies those only to settings no
// list entry gives, so then the defaults are left out.
pg_conn *connectWithTimeouts(const std::string &connection)
{
    static constexpr std::pair<const char *, const char *> kDefaults[]
        = {{"connect_timeout", "10"},    {"keepalives", "1"},       {"keepalives_idle", "10"},
           {"keepalives_interval", "5"}, {"keepalives_count", "3"}, {"tcp_user_timeout", "30000"}};
    std::set<std::string, std::less<>> given;
    bool service = setByEnvironment("PGSERVICE");
    char *error = nullptr;
    if (PQconninfoOption *parsed = PQconninfoParse(connection.c_str(), &error)) {
        for (const PQconninfoOption *option = parsed; option->keyword; ++option) {
            if (option->val && *option->val)
                given.insert(option->keyword);
        }
        PQconninfoFree(parsed);
        service = service || given.contains("service");
    } else {
        PQfreemem(error); // libpq says what is wrong with the string when it connects
    }
    std::vector<const char *> keywords;
    std::vector<const char *> values;
    for (const auto &[keyword, value] : kDefaults) {
        if (service || given.contains(keyword)
            || (std::string_view(keyword) == "connect_timeout" && setByEnvironment("PGCONNECT_TIMEOUT")))
            continue;
        keywords.push_back(keyword);
        values.push_back(value);
    }
    keywords.push_back("dbname");
    values.push_back(connection.c_str());
    keywords.push_back(nullptr);
    values.push_back(nullptr);
    return PQconnectdbParams(keywords.data(), values.data(), 1);
}

// Doubles are sent back with every digit (shortest exact form) whatever the database's or the role's
// extra_float_digits, so a value read is the value written; false when the server refuses.
bool exactFloats(pg_conn *conn)
{
    PGresult *result = PQexec(conn, "SET extra_float_digits = 3");
    const bool ok = PQresultStatus(result) == PGRES_COMMAND_OK;
    PQclear(result);
    return ok;
}

// What to look at when libpq's reason alone would not say it: a mistyped database name shows either as the
// server's "does not exist" or, when the password file holds a line for the right name only, as libpq having
// no password to give. Empty when there is nothing to add.
std::string connectionHint(const std::string &reason, pg_conn *conn)
{
    const std::string database = PQdb(conn) ? PQdb(conn) : "";
    const std::string user = PQuser(conn) ? PQuser(conn) : "";
    if (reason.find("does not exist") != std::string::npos && reason.find("database") != std::string::npos)
        return "check the database name '" + database + "': the server has no database of that name";
    if (reason.find("no password supplied") != std::string::npos)
        return "the server asks a password of '" + user
               + "' and none was given (none in the connection string, "
                 "PGPASSWORD or a password file line for database '"
               + database + "'); check the database name '" + database
               + "', or give the password in ~/.pgpass or PGPASSWORD";
    return {};
}

bool succeeded(const PGresult *result)
{
    const ExecStatusType status = PQresultStatus(result);
    return result && (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY);
}

} // namespace

PgConnection::PgConnection(const std::string &connection)
    : m_conn(connectWithTimeouts(connection))
    , m_display(withoutPassword(connection))
{
    if (!m_conn)
        fail("cannot connect to PostgreSQL at " + m_display + ": out of memory");
    if (PQstatus(m_conn) != CONNECTION_OK) {
        // libpq quotes a malformed connection string in its message, password included.
        std::string reason = redactPassword(oneLine(PQerrorMessage(m_conn)), connection);
        if (const std::string hint = connectionHint(reason, m_conn); !hint.empty())
            reason += " (hint: " + redactPassword(hint, connection) + ")";
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
    if (!exactFloats(m_conn)) {
        std::string reason = oneLine(PQerrorMessage(m_conn));
        PQfinish(m_conn);
        m_conn = nullptr;
        fail("PostgreSQL at " + m_display + " refuses extra_float_digits: " + reason);
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
    , m_session(other.m_session)
    , m_prepared(other.m_prepared)
    , m_roundTrips(other.m_roundTrips)
    , m_transactionOpen(std::exchange(other.m_transactionOpen, false))
{ }

PgConnection &PgConnection::operator=(PgConnection &&other) noexcept
{
    if (this != &other) {
        PQfinish(m_conn);
        m_conn = std::exchange(other.m_conn, nullptr);
        m_display = std::move(other.m_display);
        m_changes = other.m_changes;
        m_session = other.m_session;
        m_prepared = other.m_prepared;
        m_roundTrips = other.m_roundTrips;
        m_transactionOpen = std::exchange(other.m_transactionOpen, false);
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
    // Nothing is locked for long on a team study: two writers touched the same rows at once, and the server
    // rolled one transaction back so that the other could go on; or (55P03) lock_timeout ran out waiting for
    // another session's lock.
    if (state == "40001" || state == "40P01" || state == "55P03")
        throw StudyBusy(Error{
            "PostgreSQL at " + m_display + ": another writer changed the same rows of the team study at the same time ("
                + serverMessage(result.handle(), m_conn) + "); nothing was written, and the change may be tried again",
            {},
            0,
            {}});
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
    ++m_roundTrips;
    return checked(PgResult(PQexecParams(m_conn, sql, count, types, values, nullptr, nullptr, 0)));
}

std::string PgConnection::prepare(const char *sql, int count, const unsigned *types)
{
    if (!m_conn)
        fail("PostgreSQL: the connection was moved away");
    std::string name = "concord_" + std::to_string(++m_prepared);
    ++m_roundTrips;
    const PgResult result(PQprepare(m_conn, name.c_str(), sql, count, types));
    if (!succeeded(result.handle()))
        failWith(result);
    return name;
}

PgResult PgConnection::queryPrepared(const std::string &name, int count, const char *const *values)
{
    if (!m_conn)
        fail("PostgreSQL: the connection was moved away");
    ++m_roundTrips;
    return checked(PgResult(PQexecPrepared(m_conn, name.c_str(), count, values, nullptr, nullptr, 0)));
}

PgResult PgConnection::checked(PgResult result)
{
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
    ++m_roundTrips;
    PgResult result(PQexec(m_conn, std::string(sql).c_str()));
    if (!succeeded(result.handle()))
        failWith(result);
}

std::string PgConnection::quotedIdentifier(std::string_view name) const
{
    if (!m_conn)
        fail("PostgreSQL: the connection was moved away");
    char *quoted = PQescapeIdentifier(m_conn, name.data(), name.size());
    if (!quoted)
        failWith("cannot quote the name '" + std::string(name) + "': " + oneLine(PQerrorMessage(m_conn)));
    std::string out = quoted;
    PQfreemem(quoted);
    return out;
}

std::string PgConnection::setting(std::string_view keyword) const
{
    std::string value;
    PQconninfoOption *options = m_conn ? PQconninfo(m_conn) : nullptr;
    for (const PQconninfoOption *option = options; option && option->keyword; ++option) {
        if (keyword == option->keyword && option->val)
            value = option->val;
    }
    PQconninfoFree(options);
    return value;
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
    ++m_session; // the new session has none of the old one's prepared statements
    // The encoding and float digits were set on the old session; the new one starts from the server's default again.
    return PQstatus(m_conn) == CONNECTION_OK && PQsetClientEncoding(m_conn, "UTF8") == 0 && exactFloats(m_conn);
}

int PgConnection::socket() const
{
    return m_conn ? PQsocket(m_conn) : -1;
}

bool PgConnection::stillConnected()
{
    if (!m_conn)
        return false;
    // Nothing is asked while the session is idle: what arrives is either a notice or the end.
    if (PQconsumeInput(m_conn) == 0)
        return false;
    while (PGnotify *notify = PQnotifies(m_conn))
        PQfreemem(notify);
    return PQstatus(m_conn) == CONNECTION_OK;
}

} // namespace concord::store

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "store/pg_result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

struct pg_conn; // libpq's PGconn

namespace concord::store {

// A query parameter in libpq's text format; nothing stands for SQL NULL.
using PgValue = std::optional<std::string>;

// One PostgreSQL connection that closes itself (PQfinish). It is opened from a libpq connection string,
// a URI or keyword = value pairs, handed to libpq as it is: sslmode, service files, ~/.pgpass, PGPASSWORD
// and client certificates all work as libpq documents them, and Concord keeps no password of its own.
// Where the string sets none, connect and keepalive timeouts are added so a dropped network fails within
// about half a minute; every session reads doubles exactly (extra_float_digits = 3).
// Every message it gives shows the connection without its password (store/connection_uri).
class PgConnection {
public:
    // Connects; throws concord::Failure naming the connection (password removed) and libpq's reason.
    explicit PgConnection(const std::string &connection);
    ~PgConnection();
    PgConnection(PgConnection &&other) noexcept;
    PgConnection &operator=(PgConnection &&other) noexcept;
    PgConnection(const PgConnection &) = delete;
    PgConnection &operator=(const PgConnection &) = delete;

    // One statement with its values passed apart from the SQL ($1, $2, ... through PQexecParams), so a
    // value is never read as SQL. Throws concord::Failure with the server's message.
    PgResult query(std::string_view sql, const std::vector<PgValue> &params = {});
    // query() for a terminated SQL text whose values come with their types (0: the server infers it), as a
    // Statement on a team study binds them.
    PgResult query(const char *sql, int count, const unsigned *types, const char *const *values);
    // A statement prepared on the server once (PQprepare) under a name new to this connection, with its
    // parameters' types (0: the server infers it); run it with queryPrepared(). A session started by reset()
    // has none of them: session() tells a statement prepared on an earlier one to prepare again.
    std::string prepare(const char *sql, int count, const unsigned *types);
    PgResult queryPrepared(const std::string &name, int count, const char *const *values);
    std::uint64_t session() const { return m_session; }
    // Fixed SQL of several statements (a schema's DDL), run as one string: it may not carry any value
    // that comes from outside the program; those go through query().
    void script(std::string_view sql);
    // NAME as a quoted SQL identifier (PQescapeIdentifier): for statements that take no parameters, such as
    // CREATE ROLE, so that quotes, spaces and SQL in a name stay part of the name.
    std::string quotedIdentifier(std::string_view name) const;

    bool inTransaction() const;
    // A store::Transaction is open on the connection (it sets this): the connection must not be reset under
    // it, or its remaining statements would run outside it on the new session.
    bool transactionOpen() const { return m_transactionOpen; }
    void setTransactionOpen(bool open) { m_transactionOpen = open; }
    // Rows the last INSERT, UPDATE or DELETE run through query() touched, as SQLite's changes().
    std::int64_t changes() const { return m_changes; }
    // The requests sent so far, each waiting for the server's answer: what a person far from the server
    // waits for, a round trip each. The tests count them.
    std::uint64_t roundTrips() const { return m_roundTrips; }
    // Connects again with the same settings (PQreset); false, with the connection still unusable, while the
    // server is away.
    bool reset();
    // The connection's socket (-1 when there is none): a window watches it while idle, since a server that shuts
    // down says so on it before closing it.
    int socket() const;
    // Takes in what the server sent while nobody asked, without waiting (a notice, or the message it sends before
    // it ends the session); false once the connection is gone.
    bool stillConnected();
    // The connection string as given, without its password: for titles, messages and Recent files.
    const std::string &display() const { return m_display; }
    // The value libpq uses for a connection setting (PQconninfo), empty when unset: what is in effect.
    std::string setting(std::string_view keyword) const;
    pg_conn *handle() const { return m_conn; }

    // What the study's statements run on this session read in place of a table (PgStatement::translate):
    // an annotator's session reads the summaries through a function, as the table is not theirs to read.
    struct StandIn {
        std::string table;
        std::string replacement;
    };
    void setStandIns(std::vector<StandIn> standIns) { m_standIns = std::move(standIns); }
    const std::vector<StandIn> &standIns() const { return m_standIns; }

private:
    [[noreturn]] void failWith(const std::string &what) const;
    // The failure a result stands for: ConnectionLost when the connection is gone or the server is shutting
    // down (whether the statement committed is unknown), StudyBusy for a serialization failure or deadlock
    // or a lock waited for longer than lock_timeout (the transaction may be tried again), otherwise
    // concord::Failure with the server's message.
    [[noreturn]] void failWith(const PgResult &result) const;
    PgResult checked(PgResult result);

    pg_conn *m_conn = nullptr;
    std::string m_display;
    std::int64_t m_changes = 0;
    std::uint64_t m_session = 0;
    std::uint64_t m_prepared = 0; // statements prepared so far, for new names
    std::uint64_t m_roundTrips = 0;
    bool m_transactionOpen = false;
    std::vector<StandIn> m_standIns;
};

} // namespace concord::store

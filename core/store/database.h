// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "store/statement.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

struct sqlite3;

namespace concord::store {

class PgConnection;

// A cached statement on loan: ready to bind, and reset when the loan ends, so that a read which
// stops after the first row does not keep a read transaction (an old snapshot) open on the connection.
class StatementLease {
public:
    explicit StatementLease(Statement &statement)
        : m_statement(&statement)
    { }
    ~StatementLease();
    StatementLease(StatementLease &&other) noexcept
        : m_statement(std::exchange(other.m_statement, nullptr))
    { }
    StatementLease(const StatementLease &) = delete;
    StatementLease &operator=(const StatementLease &) = delete;
    StatementLease &operator=(StatementLease &&) = delete;

    Statement *operator->() const { return m_statement; }
    Statement &operator*() const { return *m_statement; }

private:
    Statement *m_statement;
};

// One SQLite connection that closes itself, with a cache of prepared statements so that
// hot inserts and look-ups are prepared once per connection. A team study's Database is a PostgreSQL
// connection instead (connect()), behind the same calls; the SQLite-only ones (pragmaInt, handle) are
// not for it.
class Database {
public:
    // ReadOnlyImmutable: SQLite's immutable=1, which reads without locks and without creating the
    // -wal and -shm files; only for a file that nobody can change while it is open.
    enum class Mode { ReadWrite, ReadWriteCreate, ReadOnly, ReadOnlyImmutable };

    // Opens PATH (":memory:" for a private in-memory database). Throws concord::Failure.
    Database(const std::string &path, Mode mode);
    // A PostgreSQL connection from a libpq connection string (store/connection_uri); path() is the string as
    // given. Throws concord::Failure naming the connection without its password.
    static Database connect(const std::string &connection);
    ~Database();
    Database(Database &&other) noexcept;
    Database &operator=(Database &&other) noexcept;
    Database(const Database &) = delete;
    Database &operator=(const Database &) = delete;

    void exec(std::string_view sql);
    Statement prepare(std::string_view sql);
    // A statement prepared once for the connection's lifetime, lent reset and ready to bind. On a team study
    // it is prepared on the server (again after a reconnect); prepare()'s statements are parsed on every run.
    StatementLease cached(std::string_view sql);

    // On PostgreSQL the value of the sequence last used on the connection (lastval()), which needs a
    // privilege on it that annotators do not have: their inserts read the id with RETURNING.
    std::int64_t lastInsertId() const;
    int changes() const;
    bool inTransaction() const;
    // Whether the file this SQLite connection opened was renamed, moved or deleted since (its name now
    // names no file, or another one): SQLite keeps the log beside the old name. False for PostgreSQL.
    bool fileMoved() const;
    // SQLite's PRAGMA; a team study has none and fails.
    std::int64_t pragmaInt(std::string_view name);

    const std::string &path() const { return m_path; }
    sqlite3 *handle() const { return m_db; }
    // The PostgreSQL connection of a team study, nullptr for a study file.
    PgConnection *postgres() const { return m_pg.get(); }
    bool isPostgres() const { return m_pg != nullptr; }

private:
    Database() = default;
    void close() noexcept;

    sqlite3 *m_db = nullptr;
    std::unique_ptr<PgConnection> m_pg;
    std::string m_path;
    std::string m_registered; // the file as OpenDatabases knows it, while open
    std::map<std::string, std::unique_ptr<Statement>, std::less<>> m_cache;
};

} // namespace concord::store

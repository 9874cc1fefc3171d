// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace concord::store {

class PgConnection;
class PgStatement;

// Throws concord::Failure for an SQLite result code, in words a person can act on (locked, read-only,
// disk full, not a database, a broken rule); message is SQLite's own text, kept in brackets.
// The study was locked by another connection for longer than the busy timeout, or, on a team study, the
// server rolled the transaction back because another writer changed the same rows at once (a serialization
// failure or deadlock): a write may wait and try again (Study::write with a BusyWait) rather than give up.
class StudyBusy : public concord::Failure {
public:
    using Failure::Failure;
};

// A team study's server could not be reached, or the connection dropped while a statement ran: whether
// that statement's transaction committed is unknown. A writer may keep the edit and send it again once the
// server is back (a study file never throws this).
class ConnectionLost : public concord::Failure {
public:
    using Failure::Failure;
};

[[noreturn]] void failSqlite(int resultCode, const std::string &message, const std::string &path = {});

// A prepared statement that finalizes itself. Bind indices are 1-based, column indices 0-based,
// as in SQLite. Failures throw concord::Failure with SQLite's message. On a team study the same
// statement runs on PostgreSQL (PgStatement): every call takes one branch to it, so a study file
// pays nothing more. On both, step() after the last row (false) runs the statement again with its bindings.
class Statement {
public:
    Statement(sqlite3 *db, std::string_view sql);
    // PREPARED: on the server once per connection (for Database::cached), not parsed on every run.
    Statement(PgConnection &connection, std::string_view sql, bool prepared = false);
    ~Statement();
    Statement(Statement &&other) noexcept;
    Statement &operator=(Statement &&other) noexcept;
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;

    Statement &bind(int index, std::int64_t value);
    Statement &bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
    Statement &bind(int index, double value);
    Statement &bind(int index, std::string_view value);
    Statement &bind(int index, const std::string &value) { return bind(index, std::string_view(value)); }
    Statement &bind(int index, const char *value) { return bind(index, std::string_view(value)); }
    Statement &bind(int index, std::nullptr_t);
    // Binds text that SQLite reads in place instead of copying: for a hot insert whose text is still
    // there, unchanged, when the statement is stepped. Rebind or reset before the text goes.
    Statement &bindUnowned(int index, std::string_view value);
    // Bytes as a BLOB (bytea on a team study), never read as text.
    Statement &bindBlob(int index, std::string_view bytes);
    template <typename T> Statement &bind(int index, const std::optional<T> &value)
    {
        return value ? bind(index, *value) : bind(index, nullptr);
    }

    // Binds the arguments to ?1, ?2, ... in order.
    template <typename... Args> Statement &bindAll(const Args &...args)
    {
        int index = 0;
        (bind(++index, args), ...);
        return *this;
    }

    bool step();  // true while a row is available
    void run();   // steps to the end, for statements without result rows
    void reset(); // resets and clears the bindings so the statement can be reused

    bool isNull(int column) const;
    std::int64_t int64At(int column) const;
    int intAt(int column) const { return static_cast<int>(int64At(column)); }
    double doubleAt(int column) const;
    std::string textAt(int column) const;
    // A BLOB's bytes (bytea's on a team study); empty for NULL.
    std::string blobAt(int column) const;
    std::optional<double> optionalDoubleAt(int column) const;
    std::optional<std::int64_t> optionalInt64At(int column) const;
    std::optional<std::string> optionalTextAt(int column) const;

    sqlite3_stmt *handle() const { return m_stmt; }

private:
    void check(int rc, const char *what) const;

    sqlite3 *m_db = nullptr;
    sqlite3_stmt *m_stmt = nullptr;
    std::unique_ptr<PgStatement> m_pg;
};

} // namespace concord::store

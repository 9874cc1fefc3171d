// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/statement.h"

#include "store/bytea_text.h"
#include "store/pg_statement.h"

#include "error.h"

#include <sqlite3.h>

#include <utility>

namespace concord::store {

Statement::Statement(sqlite3 *db, std::string_view sql)
    : m_db(db)
{
    const int rc
        = sqlite3_prepare_v3(db, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT, &m_stmt, nullptr);
    if (rc == SQLITE_OK)
        return;
    const std::string message = sqlite3_errmsg(db);
    // A table or column the study format has is missing: the file is what the user can act on.
    if (message.starts_with("no such table") || message.starts_with("no such column") || (rc & 0xff) == SQLITE_CORRUPT)
        fail("SQLite could not prepare a statement (" + message
             + "); the study file may be damaged or incomplete (concord-cli check STUDY says what is wrong)");
    // Otherwise the statement itself, on one line.
    std::string text;
    for (const char c : sql) {
        const bool blank = c == ' ' || c == '\n' || c == '\r' || c == '\t';
        if (!blank)
            text += c;
        else if (!text.empty() && text.back() != ' ')
            text += ' ';
    }
    fail("SQLite could not prepare a statement (" + message + "): " + text);
}

Statement::Statement(PgConnection &connection, std::string_view sql, bool prepared)
    : m_pg(std::make_unique<PgStatement>(connection, sql, prepared))
{ }

Statement::~Statement()
{
    sqlite3_finalize(m_stmt);
}

Statement::Statement(Statement &&other) noexcept
    : m_db(std::exchange(other.m_db, nullptr))
    , m_stmt(std::exchange(other.m_stmt, nullptr))
    , m_pg(std::move(other.m_pg))
{ }

Statement &Statement::operator=(Statement &&other) noexcept
{
    if (this != &other) {
        sqlite3_finalize(m_stmt);
        m_db = std::exchange(other.m_db, nullptr);
        m_stmt = std::exchange(other.m_stmt, nullptr);
        m_pg = std::move(other.m_pg);
    }
    return *this;
}

void Statement::check(int rc, const char *what) const
{
    if (rc != SQLITE_OK)
        fail(std::string("SQLite could not ") + what + ": " + sqlite3_errmsg(m_db));
}

Statement &Statement::bind(int index, std::int64_t value)
{
    if (m_pg) [[unlikely]] {
        m_pg->bindInteger(index, value);
        return *this;
    }
    check(sqlite3_bind_int64(m_stmt, index, value), "bind an integer");
    return *this;
}

Statement &Statement::bind(int index, double value)
{
    if (m_pg) [[unlikely]] {
        m_pg->bindReal(index, value);
        return *this;
    }
    check(sqlite3_bind_double(m_stmt, index, value), "bind a number");
    return *this;
}

Statement &Statement::bind(int index, std::string_view value)
{
    if (m_pg) [[unlikely]] {
        m_pg->bindText(index, value);
        return *this;
    }
    check(sqlite3_bind_text64(m_stmt, index, value.data(), value.size(), SQLITE_TRANSIENT, SQLITE_UTF8), "bind a text");
    return *this;
}

Statement &Statement::bindUnowned(int index, std::string_view value)
{
    if (m_pg) [[unlikely]] {
        m_pg->bindText(index, value);
        return *this;
    }
    check(sqlite3_bind_text64(m_stmt, index, value.data(), value.size(), SQLITE_STATIC, SQLITE_UTF8), "bind a text");
    return *this;
}

Statement &Statement::bind(int index, std::nullptr_t)
{
    if (m_pg) [[unlikely]] {
        m_pg->bindNull(index);
        return *this;
    }
    check(sqlite3_bind_null(m_stmt, index), "bind NULL");
    return *this;
}

Statement &Statement::bindBlob(int index, std::string_view bytes)
{
    if (m_pg) [[unlikely]] {
        m_pg->bindText(index, ByteaText::fromBytes(bytes));
        return *this;
    }
    check(sqlite3_bind_blob64(m_stmt, index, bytes.data(), bytes.size(), SQLITE_TRANSIENT), "bind a blob");
    return *this;
}

bool Statement::step()
{
    if (m_pg) [[unlikely]]
        return m_pg->step();
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW)
        return true;
    if (rc == SQLITE_DONE)
        return false;
    std::string message = sqlite3_errmsg(m_db);
    sqlite3_reset(m_stmt);
    failSqlite(rc, message);
}

void failSqlite(int resultCode, const std::string &message, const std::string &path)
{
    switch (resultCode & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        throw StudyBusy(Error{
            "the study file is locked by another program (" + message + "); close it there and try again", {}, 0, {}});
    case SQLITE_READONLY:
        fail("the study file is read-only (" + message + "); open a writable copy to make changes");
    case SQLITE_CONSTRAINT:
        fail("the change breaks a rule of the study file (" + message + ")");
    case SQLITE_FULL:
        fail("the disk is full; nothing was saved (" + message + ")");
    case SQLITE_CORRUPT:
        fail("the study file is damaged (" + message + "); concord-cli check STUDY says what is wrong");
    case SQLITE_NOTADB:
        fail("not a Concord study file: " + (path.empty() ? std::string("the file") : path)
             + " is not an SQLite database");
    default:
        fail("SQLite failed (" + message + ")");
    }
}

void Statement::run()
{
    while (step()) { }
}

void Statement::reset()
{
    if (m_pg) [[unlikely]] {
        m_pg->reset();
        return;
    }
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
}

bool Statement::isNull(int column) const
{
    if (m_pg) [[unlikely]]
        return m_pg->isNull(column);
    return sqlite3_column_type(m_stmt, column) == SQLITE_NULL;
}

std::int64_t Statement::int64At(int column) const
{
    if (m_pg) [[unlikely]]
        return m_pg->integerAt(column);
    return sqlite3_column_int64(m_stmt, column);
}

double Statement::doubleAt(int column) const
{
    if (m_pg) [[unlikely]]
        return m_pg->realAt(column);
    return sqlite3_column_double(m_stmt, column);
}

std::string Statement::textAt(int column) const
{
    if (m_pg) [[unlikely]]
        return std::string(m_pg->textAt(column));
    const auto *text = sqlite3_column_text(m_stmt, column);
    if (!text)
        return {};
    return std::string(reinterpret_cast<const char *>(text),
                       static_cast<std::size_t>(sqlite3_column_bytes(m_stmt, column)));
}

std::string Statement::blobAt(int column) const
{
    if (m_pg) [[unlikely]]
        return ByteaText::toBytes(m_pg->textAt(column));
    const auto *bytes = static_cast<const char *>(sqlite3_column_blob(m_stmt, column));
    if (!bytes)
        return {};
    return std::string(bytes, static_cast<std::size_t>(sqlite3_column_bytes(m_stmt, column)));
}

std::optional<double> Statement::optionalDoubleAt(int column) const
{
    if (isNull(column))
        return std::nullopt;
    return doubleAt(column);
}

std::optional<std::int64_t> Statement::optionalInt64At(int column) const
{
    if (isNull(column))
        return std::nullopt;
    return int64At(column);
}

std::optional<std::string> Statement::optionalTextAt(int column) const
{
    if (isNull(column))
        return std::nullopt;
    return textAt(column);
}

} // namespace concord::store

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/database.h"

#include "store/open_databases.h"
#include "store/pg_connection.h"
#include "store/pg_statement.h"

#include "error.h"

#include <sqlite3.h>

#include <cctype>
#include <utility>

namespace concord::store {

namespace {

// A path as an SQLite file: URI, with every byte that could end or change the path escaped.
std::string fileUri(const std::string &path)
{
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string uri = "file:";
    for (const unsigned char c : path) {
        if (std::isalnum(c) || c == '/' || c == '.' || c == '-' || c == '_' || c == '~')
            uri += static_cast<char>(c);
        else {
            uri += '%';
            uri += hex[c >> 4];
            uri += hex[c & 0xf];
        }
    }
    return uri;
}

// SQLite's memory statistics take a global lock around every allocation, and Concord reads none of
// them; a million-row import allocates several times per row. Set once, before SQLite's first use
// (a no-op if something in the process started SQLite already).
void configureSqliteOnce()
{
    static const bool configured = [] {
        sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
        return true;
    }();
    (void)configured;
}

} // namespace

Database::Database(const std::string &path, Mode mode)
    : m_path(path)
{
    configureSqliteOnce();
    int flags = SQLITE_OPEN_NOMUTEX;
    std::string name = path;
    switch (mode) {
    case Mode::ReadOnly:
        flags |= SQLITE_OPEN_READONLY;
        break;
    case Mode::ReadOnlyImmutable:
        flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI;
        name = fileUri(path) + "?immutable=1";
        break;
    case Mode::ReadWrite:
        flags |= SQLITE_OPEN_READWRITE;
        break;
    case Mode::ReadWriteCreate:
        flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
        break;
    }
    const int rc = sqlite3_open_v2(name.c_str(), &m_db, flags, nullptr);
    if (rc != SQLITE_OK) {
        std::string message = m_db ? sqlite3_errmsg(m_db) : sqlite3_errstr(rc);
        close();
        if ((rc & 0xff) == SQLITE_CANTOPEN)
            fail("cannot open " + path + " (" + message + ")");
        fail("cannot open " + path + ": " + message);
    }
    sqlite3_extended_result_codes(m_db, 1);
    // Known to the process while open: nothing else in it may open the file behind SQLite's back.
    if (const char *file = sqlite3_db_filename(m_db, "main"); file && *file) {
        m_registered = file;
        OpenDatabases::add(m_registered);
    }
    // Another program writing (a CLI judge run next to the GUI) makes us wait a little, not fail at once.
    sqlite3_busy_timeout(m_db, 2000);
}

Database Database::connect(const std::string &connection)
{
    Database db;
    db.m_pg = std::make_unique<PgConnection>(connection);
    db.m_path = connection;
    return db;
}

Database::~Database()
{
    close();
}

Database::Database(Database &&other) noexcept
    : m_db(std::exchange(other.m_db, nullptr))
    , m_pg(std::move(other.m_pg))
    , m_path(std::move(other.m_path))
    , m_registered(std::exchange(other.m_registered, {}))
    , m_cache(std::move(other.m_cache))
{ }

Database &Database::operator=(Database &&other) noexcept
{
    if (this != &other) {
        close();
        m_db = std::exchange(other.m_db, nullptr);
        m_pg = std::move(other.m_pg);
        m_path = std::move(other.m_path);
        m_registered = std::exchange(other.m_registered, {});
        m_cache = std::move(other.m_cache);
    }
    return *this;
}

void Database::close() noexcept
{
    m_cache.clear(); // statements must be finalized before the connection closes
    if (m_db) {
        sqlite3_close_v2(m_db);
        m_db = nullptr;
    }
    if (!m_registered.empty()) {
        OpenDatabases::remove(m_registered);
        m_registered.clear();
    }
    m_pg.reset();
}

bool Database::fileMoved() const
{
    int moved = 0;
    return m_db && sqlite3_file_control(m_db, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK && moved != 0;
}

void Database::exec(std::string_view sql)
{
    if (m_pg) [[unlikely]] {
        m_pg->script(PgStatement::translate(sql, nullptr, m_pg->standIns()));
        return;
    }
    // sqlite3_exec needs a terminated string.
    const std::string text(sql);
    char *message = nullptr;
    const int rc = sqlite3_exec(m_db, text.c_str(), nullptr, nullptr, &message);
    if (rc != SQLITE_OK) {
        std::string what = message ? message : sqlite3_errstr(rc);
        sqlite3_free(message);
        failSqlite(rc, what, m_path);
    }
}

Statement Database::prepare(std::string_view sql)
{
    if (m_pg) [[unlikely]]
        return Statement(*m_pg, sql);
    return Statement(m_db, sql);
}

StatementLease::~StatementLease()
{
    if (m_statement)
        m_statement->reset();
}

StatementLease Database::cached(std::string_view sql)
{
    auto it = m_cache.find(sql);
    if (it == m_cache.end()) {
        // A team study's cached statement is prepared on the server: an edit is then one round trip that
        // the server neither parses nor plans again.
        auto statement
            = m_pg ? std::make_unique<Statement>(*m_pg, sql, true) : std::make_unique<Statement>(prepare(sql));
        it = m_cache.emplace(std::string(sql), std::move(statement)).first;
    }
    it->second->reset();
    return StatementLease(*it->second);
}

std::int64_t Database::lastInsertId() const
{
    if (m_pg) [[unlikely]]
        return m_pg->query("SELECT lastval()").integer(0, 0);
    return sqlite3_last_insert_rowid(m_db);
}

int Database::changes() const
{
    if (m_pg) [[unlikely]]
        return static_cast<int>(m_pg->changes());
    return sqlite3_changes(m_db);
}

bool Database::inTransaction() const
{
    if (m_pg) [[unlikely]]
        return m_pg->inTransaction();
    return sqlite3_get_autocommit(m_db) == 0;
}

std::int64_t Database::pragmaInt(std::string_view name)
{
    if (m_pg)
        fail("PRAGMA " + std::string(name) + " is SQLite's; the team study at " + m_pg->display() + " has none");
    auto stmt = prepare("PRAGMA " + std::string(name));
    if (!stmt.step())
        return 0;
    return stmt.int64At(0);
}

} // namespace concord::store

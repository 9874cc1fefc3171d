#pragma once

#include "statement.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>

struct sqlite3;

namespace concord::store {

// One SQLite connection that closes itself, with a cache of prepared statements so that
// hot inserts and look-ups are prepared once per connection.
class Database {
public:
    enum class Mode { ReadWrite, ReadWriteCreate, ReadOnly };

    // Opens PATH (":memory:" for a private in-memory database). Throws concord::Failure.
    Database(const std::string &path, Mode mode);
    ~Database();
    Database(Database &&other) noexcept;
    Database &operator=(Database &&other) noexcept;
    Database(const Database &) = delete;
    Database &operator=(const Database &) = delete;

    void exec(std::string_view sql);
    Statement prepare(std::string_view sql);
    // A statement kept for the connection's lifetime, reset and ready to bind.
    Statement &cached(std::string_view sql);

    std::int64_t lastInsertId() const;
    int changes() const;
    bool inTransaction() const;
    std::int64_t pragmaInt(std::string_view name);

    const std::string &path() const { return m_path; }
    sqlite3 *handle() const { return m_db; }

private:
    void close() noexcept;

    sqlite3 *m_db = nullptr;
    std::string m_path;
    std::map<std::string, std::unique_ptr<Statement>, std::less<>> m_cache;
};

} // namespace concord::store

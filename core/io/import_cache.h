// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

namespace concord::store {
class Database;
}

namespace concord::io {

// A larger page cache for an import's connection while it runs: the import's one transaction then
// writes each page once at commit, instead of spilling pages to the log and writing them again as
// more rows land on them. Bounded, so memory stays the same for any file; the connection's own size
// comes back afterwards.
class ImportCache {
public:
    explicit ImportCache(store::Database &db);
    ~ImportCache();
    ImportCache(const ImportCache &) = delete;
    ImportCache &operator=(const ImportCache &) = delete;

private:
    static constexpr std::int64_t kKibibytes = 48 * 1024;
    store::Database &m_db;
    std::int64_t m_before;
};

} // namespace concord::io

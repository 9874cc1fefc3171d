// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/import_cache.h"

#include "store/database.h"

#include "error.h"

#include <string>

namespace concord::io {

ImportCache::ImportCache(store::Database &db)
    : m_db(db)
    , m_before(db.isPostgres() ? 0 : db.pragmaInt("cache_size"))
{
    // A team study's server keeps its own cache.
    if (!m_db.isPostgres())
        m_db.exec("PRAGMA cache_size = " + std::to_string(-kKibibytes));
}

ImportCache::~ImportCache()
{
    if (m_db.isPostgres())
        return;
    try {
        m_db.exec("PRAGMA cache_size = " + std::to_string(m_before));
    } catch (const Failure &) {
        // The connection keeps the larger cache; nothing is lost.
    }
}

} // namespace concord::io

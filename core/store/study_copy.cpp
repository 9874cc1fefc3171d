// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/study_copy.h"

#include "error.h"

#include <sqlite3.h>

#include <cstdlib>
#include <filesystem>
#include <unistd.h>

namespace fs = std::filesystem;

namespace concord::store {

namespace {

// An empty file of our own in the temp folder, so that no two copies share one.
std::string newTempFile()
{
    std::string name = (fs::temp_directory_path() / "concord-copy-XXXXXX").string();
    const int fd = ::mkstemp(name.data());
    if (fd < 0)
        fail("cannot create a temporary copy of the study in " + fs::temp_directory_path().string());
    ::close(fd);
    return name;
}

void copyAll(Database &source, Database &target)
{
    sqlite3_backup *backup = sqlite3_backup_init(target.handle(), "main", source.handle(), "main");
    if (!backup)
        failSqlite(sqlite3_extended_errcode(target.handle()), sqlite3_errmsg(target.handle()), source.path());
    // One step: the copy is of one snapshot, read under one shared lock.
    sqlite3_backup_step(backup, -1);
    const int rc = sqlite3_backup_finish(backup);
    if (rc != SQLITE_OK)
        failSqlite(rc, sqlite3_errmsg(target.handle()), source.path());
}

} // namespace

StudyCopy::StudyCopy(Study &source, std::int64_t memoryLimit)
{
    Database &from = source.database();
    // The copy is SQLite's backup of a file; a team study would be pulled (StudyPublisher) instead.
    if (from.isPostgres())
        fail("a private copy is made of a study file only; pull the team study " + source.displayName()
             + " to a file first (concord-cli pull)");
    const std::int64_t size = from.pragmaInt("page_count") * from.pragmaInt("page_size");
    try {
        std::string name = ":memory:";
        if (size > memoryLimit)
            name = m_tempPath = newTempFile();
        Database copy(name, Database::Mode::ReadWrite);
        copyAll(from, copy);
        // A throwaway file needs no durability; the rollback journal stays in memory.
        if (!inMemory()) {
            copy.exec("PRAGMA journal_mode = MEMORY");
            copy.exec("PRAGMA synchronous = OFF");
        }
        // As Study's own connections: the import's errors include those of broken references.
        copy.exec("PRAGMA foreign_keys = ON");
        m_study = std::make_unique<Study>(std::move(copy), false);
    } catch (...) {
        removeTempFile();
        throw;
    }
}

StudyCopy::~StudyCopy()
{
    m_study.reset(); // closed before its file goes
    removeTempFile();
}

void StudyCopy::removeTempFile() noexcept
{
    if (m_tempPath.empty())
        return;
    std::error_code ec;
    fs::remove(m_tempPath, ec);
    fs::remove(m_tempPath + "-journal", ec);
}

} // namespace concord::store

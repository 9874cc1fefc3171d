// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/sqlite_header.h"

#include <sqlite3.h>

#include <memory>
#include <string_view>

namespace concord::store {

namespace {

struct FilenameFree {
    void operator()(sqlite3_filename name) const { sqlite3_free_filename(name); }
};

struct FileClose {
    void operator()(sqlite3_file *file) const
    {
        if (file->pMethods)
            file->pMethods->xClose(file);
        sqlite3_free(file);
    }
};

} // namespace

Status SqliteHeader::check(const std::string &path)
{
    const auto cannotRead = [&] { return Error{"cannot read " + path, {}, 0, {}}; };
    if (sqlite3_initialize() != SQLITE_OK)
        return cannotRead();
    sqlite3_vfs *vfs = sqlite3_vfs_find(nullptr);
    if (!vfs)
        return cannotRead();
    // The name as SQLite makes it for its own opens (with room for its URI parameters), and the full path:
    // the unix layer matches descriptors by file identity, so any name of the file shares them.
    std::string full(static_cast<std::size_t>(vfs->mxPathname) + 1, '\0');
    if (vfs->xFullPathname(vfs, path.c_str(), vfs->mxPathname + 1, full.data()) != SQLITE_OK)
        return cannotRead();
    const std::unique_ptr<std::remove_pointer_t<sqlite3_filename>, FilenameFree> name(
        sqlite3_create_filename(full.c_str(), "", "", 0, nullptr));
    auto *raw = static_cast<sqlite3_file *>(sqlite3_malloc(vfs->szOsFile));
    if (!name || !raw) {
        sqlite3_free(raw);
        return cannotRead();
    }
    raw->pMethods = nullptr;
    const std::unique_ptr<sqlite3_file, FileClose> file(raw);
    int flags = 0;
    if (vfs->xOpen(vfs, name.get(), file.get(), SQLITE_OPEN_MAIN_DB | SQLITE_OPEN_READONLY, &flags) != SQLITE_OK)
        return cannotRead();
    sqlite3_int64 size = 0;
    if (file->pMethods->xFileSize(file.get(), &size) != SQLITE_OK)
        return cannotRead();
    if (size == 0)
        return Error{"not a Concord study file: " + path + " is empty", {}, 0, {}};
    char header[16] = {};
    const int rc = file->pMethods->xRead(file.get(), header, sizeof header, 0);
    if (rc != SQLITE_OK && rc != SQLITE_IOERR_SHORT_READ)
        return cannotRead();
    if (size < static_cast<sqlite3_int64>(sizeof header) || std::string_view(header, 15) != "SQLite format 3")
        return Error{"not a Concord study file: " + path + " is not an SQLite database", {}, 0, {}};
    return {};
}

} // namespace concord::store

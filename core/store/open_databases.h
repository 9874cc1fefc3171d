// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <string>

namespace concord::store {

// The SQLite database files this process has open, so that nothing else in it opens one of them, or the
// files SQLite keeps beside them, behind SQLite's back. SQLite's locks are POSIX record locks, which
// belong to the process: closing any descriptor of the file drops all of them, another program then takes
// itself for the last connection, checkpoints and deletes the -wal and -shm under our feet, and commits
// are lost or pages overwritten. Every Database registers its file while it is open; every reader of an
// input file asks checkReadable first. Thread-safe.
class OpenDatabases {
public:
    // resolvedPath: the database file as SQLite names it (sqlite3_db_filename), symlinks followed, so that
    // its sidecars are found under the names SQLite gives them.
    static void add(const std::string &resolvedPath);
    static void remove(const std::string &resolvedPath);

    // The database (by its name as given to SQLite) that path is, or whose -wal, -shm or -journal it is;
    // empty when none. Looks at names and file identities only (stat), never at the file's bytes.
    static std::string holderOf(const std::string &path);

    // Refuses to read path, in words naming it and the study, when a connection of this process has it
    // open as a database or as one of its sidecars.
    static Status checkReadable(const std::string &path);
};

} // namespace concord::store

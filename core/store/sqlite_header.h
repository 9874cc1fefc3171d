// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <string>

namespace concord::store {

// Whether a file begins as every SQLite 3 database does, read through SQLite's own file layer. A plain
// open and close of a file that a connection of this process holds would drop that connection's locks
// (they are POSIX locks, kept per process); SQLite's layer shares one descriptor per file among its
// connections and keeps it open while any of them holds a lock.
class SqliteHeader {
public:
    // "not a Concord study file: PATH is empty / is not an SQLite database", or "cannot read PATH".
    static Status check(const std::string &path);
};

} // namespace concord::store

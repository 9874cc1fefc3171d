// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace concord::test {

// Whether another process sees a read lock of this process's SQLite connections on the database file at
// path: SQLite keeps one (on its "shared" byte range) for as long as a connection in WAL mode is open, and
// another program's connection checkpoints and deletes the -wal and -shm on closing only when it can take
// the whole range. POSIX record locks belong to the process, and closing any descriptor of the file drops
// them all: a file opened and closed by something else than SQLite shows here as the lock gone. Asked from
// a forked child, since a process never sees its own locks as conflicting. False also when it cannot tell.
bool sqliteReadLockVisible(const QString &path);

} // namespace concord::test

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "sqlite_lock_probe.h"

#include <cerrno>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace concord::test {

namespace {

// SQLite's unix locking bytes (os_unix.c): readers lock a byte each of the 510 after the pending byte.
constexpr off_t kPendingByte = 0x40000000;
constexpr off_t kSharedFirst = kPendingByte + 2;
constexpr off_t kSharedSize = 510;

} // namespace

bool sqliteReadLockVisible(const QString &path)
{
    const QByteArray name = path.toLocal8Bit();
    const pid_t child = ::fork();
    if (child < 0)
        return false;
    if (child == 0) {
        // Only async-signal-safe calls here: the parent may have threads.
        const int fd = ::open(name.constData(), O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            ::_exit(2);
        struct flock probe { };
        probe.l_type = F_WRLCK;
        probe.l_whence = SEEK_SET;
        probe.l_start = kSharedFirst;
        probe.l_len = kSharedSize;
        if (::fcntl(fd, F_GETLK, &probe) != 0)
            ::_exit(2);
        ::_exit(probe.l_type == F_UNLCK ? 1 : 0);
    }
    int status = 0;
    while (::waitpid(child, &status, 0) < 0)
        if (errno != EINTR)
            return false;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

} // namespace concord::test

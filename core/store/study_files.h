// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace concord::store {

// The files of one study: the SQLite database and the files SQLite keeps beside it while it is in use
// (the write-ahead log, its shared-memory index, a rollback journal). Every writer of an output file
// asks here first, so that no export, package, bundle, table or picture is ever written over a study.
class StudyFiles {
public:
    static constexpr std::array<std::string_view, 3> kSidecarSuffixes{"-wal", "-shm", "-journal"};

    // Refuses target when writing it would overwrite the study at studyPath or one of its sidecar
    // files: the same file by any name (relative, "./", "..", a hard link, a symlink to it or through a
    // symlinked folder), or the name SQLite gives a sidecar even while that file does not exist.
    static Status checkWriteTarget(const std::string &target, const std::string &studyPath);

    // Refuses a new study named like the sidecar of an existing file (STUDY-wal beside STUDY): SQLite
    // would take the new file for that study's log or journal.
    static Status checkNewStudyPath(const std::string &path);

    // Refuses to write the study at path (or create one there) where SQLite cannot keep it whole: a file
    // with several names (hard links; SQLite keeps the log beside one name, and a writer under another
    // would never see it) or on a network file system (NFS, SMB, ...: the log's shared memory and the
    // record locks do not reach across machines). Reading such a study is safe while nobody writes it.
    static Status checkWritable(const std::string &path);

    // The network file system of this statfs(2) type ("NFS", "SMB", ...); empty for a local one.
    static std::string_view networkFileSystem(long type);
};

} // namespace concord::store

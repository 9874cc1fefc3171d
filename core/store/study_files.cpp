// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/study_files.h"

#include "store/connection_uri.h"
#include "store/open_databases.h"

#include <filesystem>
#include <optional>
#include <sys/stat.h>
#include <sys/statfs.h>

namespace concord::store {

namespace fs = std::filesystem;

namespace {

// The file a path names once every symlink is followed, also through a last component that is a
// dangling symlink (a link to a -wal that does not exist yet still names the -wal).
fs::path resolved(const fs::path &path)
{
    std::error_code ec;
    fs::path p = fs::absolute(path, ec);
    if (ec)
        p = path;
    for (int hops = 0; hops < 40; ++hops) {
        const fs::path parent = fs::weakly_canonical(p.parent_path(), ec);
        if (!ec)
            p = parent / p.filename();
        if (!fs::is_symlink(fs::symlink_status(p, ec)))
            break;
        const fs::path link = fs::read_symlink(p, ec);
        if (ec)
            break;
        p = link.is_absolute() ? link : p.parent_path() / link;
    }
    return p.lexically_normal();
}

std::optional<struct stat> fileIdentity(const std::string &path)
{
    struct stat st { };
    if (::stat(path.c_str(), &st) != 0)
        return std::nullopt;
    return st;
}

bool sameFile(const std::optional<struct stat> &a, const std::optional<struct stat> &b)
{
    return a && b && a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

} // namespace

Status StudyFiles::checkWriteTarget(const std::string &target, const std::string &studyPath)
{
    if (target.empty())
        return {};
    const auto refuse = [&](const std::string &what) {
        return Error{"refusing to write " + target + ": it is " + what + "; choose another file", {}, 0, {}};
    };
    const auto targetId = fileIdentity(target);
    // A team study is no file to overwrite (and its connection string may hold a password, never to be shown).
    if (!studyPath.empty() && studyPath != ":memory:" && !isConnectionString(studyPath)) {
        if (sameFile(targetId, fileIdentity(studyPath)))
            return refuse("the study " + studyPath + " itself");
        const fs::path targetName = resolved(target);
        // SQLite names the sidecars after the study's own name with symlinks resolved; the name as given is
        // checked as well.
        for (const fs::path &study : {resolved(studyPath), fs::absolute(fs::path(studyPath)).lexically_normal()}) {
            if (targetName == study)
                return refuse("the study " + studyPath + " itself");
            for (std::string_view suffix : kSidecarSuffixes) {
                const std::string sidecar = study.string() + std::string(suffix);
                if (targetName == fs::path(sidecar) || sameFile(targetId, fileIdentity(sidecar)))
                    return refuse("the file " + studyPath + std::string(suffix)
                                  + " that SQLite keeps beside the study");
            }
        }
    }
    // Any other database this process has open, or another program's study in use, is no output either:
    // replaced, its connections would go on writing into a file that no longer has a name.
    if (const std::string holder = OpenDatabases::holderOf(target); !holder.empty())
        return refuse("the database " + holder + " (or a file SQLite keeps beside it), which is open in Concord");
    for (std::string_view suffix : kSidecarSuffixes) {
        std::error_code ec;
        if (targetId && fs::exists(target + std::string(suffix), ec))
            return refuse("an SQLite database in use or not closed cleanly (" + target + std::string(suffix)
                          + " is beside it)");
    }
    return {};
}

Status StudyFiles::checkNewStudyPath(const std::string &path)
{
    for (std::string_view suffix : kSidecarSuffixes) {
        if (path.size() <= suffix.size() || !path.ends_with(suffix))
            continue;
        const std::string owner = path.substr(0, path.size() - suffix.size());
        std::error_code ec;
        if (fs::is_regular_file(owner, ec))
            return Error{"cannot create " + path + ": SQLite keeps a file of that name beside " + owner
                             + "; choose another name",
                         {},
                         0,
                         {}};
    }
    return {};
}

std::string_view StudyFiles::networkFileSystem(long type)
{
    // The magic numbers of linux/magic.h and the file systems' own headers.
    switch (static_cast<std::uint32_t>(type)) {
    case 0x6969:
        return "NFS";
    case 0x517B:
        return "SMB";
    case 0xFF534D42:
        return "CIFS";
    case 0xFE534D42:
        return "SMB2";
    case 0x5346414F:
        return "AFS";
    case 0x6B414653:
        return "AFS (kernel)";
    case 0x73757245:
        return "Coda";
    case 0x01021997:
        return "9P";
    case 0x00C36400:
        return "Ceph";
    case 0x0BD00BD0:
        return "Lustre";
    case 0x47504653:
        return "GPFS";
    default:
        return {};
    }
}

Status StudyFiles::checkWritable(const std::string &path)
{
    std::error_code ec;
    const bool exists = fs::exists(path, ec);
    if (exists) {
        struct stat st { };
        if (::stat(path.c_str(), &st) == 0 && st.st_nlink > 1)
            return Error{"the study file " + path + " has " + std::to_string(st.st_nlink)
                             + " names (hard links), and SQLite keeps its log beside one name only: a write "
                               "under another would be lost. Open it read-only, or copy it to a file of its own",
                         {},
                         0,
                         {}};
    }
    const fs::path where = exists ? fs::path(path) : fs::absolute(fs::path(path), ec).parent_path();
    struct statfs fsInfo { };
    if (::statfs(where.c_str(), &fsInfo) == 0) {
        const std::string_view network = networkFileSystem(static_cast<long>(fsInfo.f_type));
        if (!network.empty())
            return Error{"the study " + path + " is on a network file system (" + std::string(network)
                             + "), where SQLite's locks and its log's shared memory cannot keep a study whole: "
                               "copy it to a local disk to work on it, or publish it as a team study "
                               "(concord-cli publish); it can be opened read-only where it is",
                         {},
                         0,
                         {}};
    }
    return {};
}

} // namespace concord::store

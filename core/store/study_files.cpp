// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/study_files.h"

#include "store/connection_uri.h"

#include <filesystem>
#include <optional>
#include <sys/stat.h>

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
    // A team study is no file to overwrite (and its connection string may hold a password, never to be shown).
    if (studyPath.empty() || studyPath == ":memory:" || target.empty() || isConnectionString(studyPath))
        return {};
    const auto refuse = [&](const std::string &what) {
        return Error{"refusing to write " + target + ": it is " + what + "; choose another file", {}, 0, {}};
    };
    const auto targetId = fileIdentity(target);
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
                return refuse("the file " + studyPath + std::string(suffix) + " that SQLite keeps beside the study");
        }
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

} // namespace concord::store

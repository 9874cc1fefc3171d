// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/open_databases.h"

#include "store/study_files.h"

#include <map>
#include <mutex>
#include <sys/stat.h>

namespace concord::store {

namespace {

struct Registry {
    std::mutex mutex;
    std::map<std::string, int> open; // resolved path -> connections of this process to it
};

Registry &registry()
{
    static Registry r;
    return r;
}

bool sameFile(const struct stat &a, const std::string &path)
{
    struct stat b { };
    return ::stat(path.c_str(), &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

} // namespace

void OpenDatabases::add(const std::string &resolvedPath)
{
    if (resolvedPath.empty())
        return;
    Registry &r = registry();
    const std::lock_guard lock(r.mutex);
    ++r.open[resolvedPath];
}

void OpenDatabases::remove(const std::string &resolvedPath)
{
    if (resolvedPath.empty())
        return;
    Registry &r = registry();
    const std::lock_guard lock(r.mutex);
    const auto it = r.open.find(resolvedPath);
    if (it != r.open.end() && --it->second <= 0)
        r.open.erase(it);
}

std::string OpenDatabases::holderOf(const std::string &path)
{
    struct stat target { };
    if (::stat(path.c_str(), &target) != 0)
        return {}; // no such file yet: nothing of ours to lose by opening it
    Registry &r = registry();
    const std::lock_guard lock(r.mutex);
    for (const auto &entry : r.open) {
        const std::string &database = entry.first;
        if (sameFile(target, database))
            return database;
        for (std::string_view suffix : StudyFiles::kSidecarSuffixes)
            if (sameFile(target, database + std::string(suffix)))
                return database;
    }
    return {};
}

Status OpenDatabases::checkReadable(const std::string &path)
{
    const std::string holder = holderOf(path);
    if (holder.empty())
        return {};
    return Error{"refusing to read this file: it is the study " + holder
                     + " (or a file SQLite keeps beside it), which is open in Concord; reading it as input "
                       "could cost the study saved work. Choose the file to import instead",
                 path,
                 0,
                 {}};
}

} // namespace concord::store

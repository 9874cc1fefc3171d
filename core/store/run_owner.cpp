// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/run_owner.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>
#include <unistd.h>
#include <vector>

namespace concord::store {

namespace {

std::string hostName()
{
    char buf[256] = {};
    if (::gethostname(buf, sizeof buf - 1) != 0)
        return "localhost";
    return buf;
}

std::string bootId()
{
    std::ifstream in("/proc/sys/kernel/random/boot_id");
    std::string id;
    std::getline(in, id);
    return id;
}

// The fields of /proc/PID/stat after the command name (which may hold spaces and parentheses):
// [0] is the state, [19] the start time in clock ticks after boot. Empty when there is no such process.
std::vector<std::string> statFields(long long pid)
{
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(in, line))
        return {};
    const auto close = line.rfind(')');
    if (close == std::string::npos)
        return {};
    std::istringstream rest(line.substr(close + 1));
    std::vector<std::string> fields;
    for (std::string f; rest >> f;)
        fields.push_back(f);
    return fields;
}

std::string processStartOf(long long pid)
{
    const auto fields = statFields(pid);
    if (fields.size() < 20)
        return {};
    return bootId() + ":" + fields[19];
}

bool procAvailable()
{
    std::ifstream in("/proc/self/stat");
    return static_cast<bool>(in);
}

std::mutex g_heldMutex;
std::set<std::pair<std::string, long long>> g_held;

std::string studyKey(const std::string &path)
{
    std::error_code ec;
    const auto canonical = std::filesystem::weakly_canonical(path, ec);
    return ec ? path : canonical.string();
}

} // namespace

void RunOwner::hold(const std::string &studyPath, long long run)
{
    std::lock_guard<std::mutex> lock(g_heldMutex);
    g_held.insert({studyKey(studyPath), run});
}

void RunOwner::release(const std::string &studyPath, long long run)
{
    std::lock_guard<std::mutex> lock(g_heldMutex);
    g_held.erase({studyKey(studyPath), run});
}

RunOwner RunOwner::current()
{
    RunOwner o;
    o.pid = static_cast<long long>(::getpid());
    o.host = hostName();
    o.processStart = processStartOf(o.pid);
    return o;
}

long long RunOwner::nowSeconds()
{
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

bool RunOwner::alive(long long heartbeatAt, const std::string &studyPath, long long run) const
{
    if (pid <= 0)
        return false; // a run from before owners were recorded, or one that never had an owner
    if (host != hostName())
        return nowSeconds() - heartbeatAt < kLeaseSeconds;
    if (pid == static_cast<long long>(::getpid()) && (processStart.empty() || processStart == processStartOf(pid))) {
        std::lock_guard<std::mutex> lock(g_heldMutex);
        return g_held.count({studyKey(studyPath), run}) > 0;
    }
    if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)
        return false;
    if (!procAvailable())
        return true; // the pid exists: without /proc, that is all we can tell
    const auto fields = statFields(pid);
    if (fields.empty())
        return false;
    if (fields[0] == "Z" || fields[0] == "X")
        return false; // killed and not yet reaped by its parent
    return processStart.empty() || processStartOf(pid) == processStart;
}

} // namespace concord::store

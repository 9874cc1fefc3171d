// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/answer_spill.h"

#include "judge/sha256.h"
#include "store/connection_uri.h"
#include "store/open_databases.h"
#include "store/sqlite_header.h"

#include "error.h"
#include "model/json_text.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace concord::judge {

namespace {

nlohmann::json toJson(const SpilledAnswer &a)
{
    return {{"hash", a.hash},
            {"sample", a.sample},
            {"status", a.status},
            {"body", a.body},
            {"tokens_in", a.tokensIn},
            {"tokens_out", a.tokensOut},
            {"cost", a.cost},
            {"latency_ms", a.latencyMs},
            {"attempts", a.attempts},
            {"started_at", a.startedAt},
            {"finished_at", a.finishedAt}};
}

bool fromJson(const std::string &line, SpilledAnswer &out)
{
    const auto j = model::JsonText::parseOrDiscarded(line);
    if (!j.is_object() || !j.contains("hash") || !j["hash"].is_string() || !j.contains("body")
        || !j["body"].is_string())
        return false;
    try {
        out.hash = j["hash"].get<std::string>();
        out.sample = j.value("sample", 0);
        out.status = j.value("status", 200);
        out.body = j["body"].get<std::string>();
        out.tokensIn = j.value("tokens_in", 0);
        out.tokensOut = j.value("tokens_out", 0);
        out.cost = j.value("cost", 0.0);
        out.latencyMs = j.value("latency_ms", 0.0);
        out.attempts = j.value("attempts", 0);
        out.startedAt = j.value("started_at", std::string());
        out.finishedAt = j.value("finished_at", std::string());
    } catch (const nlohmann::json::exception &) {
        return false;
    }
    return true;
}

// Writes all of text to fd and flushes it to the disk.
void writeAll(int fd, const std::string &text, const std::string &path)
{
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            fail("cannot write the pending answers to " + path + ": " + std::strerror(errno));
        }
        done += static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0)
        fail("cannot flush the pending answers to " + path + ": " + std::strerror(errno));
}

// A new or renamed file survives a power cut only once its folder is flushed too.
void syncFolderOf(const std::string &path)
{
    const std::string folder = std::filesystem::absolute(path).parent_path().string();
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return;
    ::fsync(fd);
    ::close(fd);
}

// The pending answers' file is named after the study; a database that happens to bear that name (a study
// called "X.pending" beside "X") is never read or appended to as if it were ours.
void refuseDatabase(const std::string &path)
{
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        return;
    if (!store::OpenDatabases::holderOf(path).empty() || store::SqliteHeader::check(path))
        fail("cannot keep the pending answers in " + path
             + ": a database (a study?) has that name; rename it, since a judge run keeps its paid answers there "
               "while the study is busy");
}

} // namespace

AnswerSpill::AnswerSpill(const std::string &studyPath)
    : m_path(pathFor(studyPath))
{ }

std::string AnswerSpill::pathFor(const std::string &studyPath)
{
    if (!store::isConnectionString(studyPath))
        return studyPath + ".pending";
    // A team study has no folder beside it: its pending answers go to the user's state folder, under a name
    // made from the connection without its password (the same study gives the same file, no secret shows).
    std::string base;
    if (const char *state = std::getenv("XDG_STATE_HOME"); state && *state)
        base = state;
    else if (const char *home = std::getenv("HOME"); home && *home)
        base = std::string(home) + "/.local/state";
    else
        base = std::filesystem::temp_directory_path().string();
    const std::string folder = base + "/concord/pending";
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    return folder + "/" + Sha256::hex(store::withoutPassword(studyPath)) + ".pending";
}

void AnswerSpill::load()
{
    m_entries.clear();
    refuseDatabase(m_path);
    std::ifstream in(m_path, std::ios::binary);
    if (!in)
        return;
    for (std::string line; std::getline(in, line);) {
        SpilledAnswer a;
        if (fromJson(line, a))
            m_entries.push_back(std::move(a));
    }
}

const SpilledAnswer *AnswerSpill::find(const std::string &hash, int sample) const
{
    for (const auto &a : m_entries)
        if (a.hash == hash && a.sample == sample)
            return &a;
    return nullptr;
}

void AnswerSpill::append(const std::vector<SpilledAnswer> &answers)
{
    if (answers.empty())
        return;
    std::string text;
    for (const auto &a : answers)
        text.append(toJson(a).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)).append("\n");
    refuseDatabase(m_path);
    const bool existed = std::filesystem::exists(m_path);
    const int fd = ::open(m_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    if (fd < 0)
        fail("cannot keep the pending answers in " + m_path + ": " + std::strerror(errno));
    try {
        writeAll(fd, text, m_path);
    } catch (...) {
        ::close(fd);
        throw;
    }
    ::close(fd);
    if (!existed)
        syncFolderOf(m_path);
    for (const auto &a : answers)
        m_entries.push_back(a);
}

void AnswerSpill::keepOnly(const std::function<bool(const SpilledAnswer &)> &pending)
{
    // Read again first: another run may have added answers since this one loaded the file.
    load();
    std::vector<SpilledAnswer> kept;
    for (auto &a : m_entries)
        if (pending(a))
            kept.push_back(std::move(a));
    m_entries = std::move(kept);
    std::error_code ec;
    if (m_entries.empty()) {
        if (std::filesystem::remove(m_path, ec))
            syncFolderOf(m_path);
        return;
    }
    std::string text;
    for (const auto &a : m_entries)
        text.append(toJson(a).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)).append("\n");
    const std::string temp = m_path + ".tmp";
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
        fail("cannot rewrite the pending answers in " + m_path + ": " + std::strerror(errno));
    try {
        writeAll(fd, text, temp);
    } catch (...) {
        ::close(fd);
        throw;
    }
    ::close(fd);
    if (::rename(temp.c_str(), m_path.c_str()) != 0)
        fail("cannot rewrite the pending answers in " + m_path + ": " + std::strerror(errno));
    syncFolderOf(m_path);
}

} // namespace concord::judge

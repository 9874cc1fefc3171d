// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace concord::judge {

// An answer the provider sent (and was paid for) that the study could not take yet.
struct SpilledAnswer {
    std::string hash; // the request's cache key (endpoint, model, body)
    int sample = 0;
    int status = 200;
    std::string body; // the raw answer
    int tokensIn = 0;
    int tokensOut = 0;
    double cost = 0;
    double latencyMs = 0;
    int attempts = 0;
    std::string startedAt;
    std::string finishedAt;
};

// Paid answers kept outside the study while it cannot be written (another program holds it for
// longer than a run waits): JSON lines in "<study>.pending", appended and fsync'd before the run
// waits, so a kill loses none. The next run of a judge takes its answers from here instead of
// sending the requests again, and the file goes once everything in it is in the study. A team study's
// file is in the user's state folder ($XDG_STATE_HOME/concord/pending), named by a hash of its connection.
class AnswerSpill {
public:
    explicit AnswerSpill(const std::string &studyPath);
    static std::string pathFor(const std::string &studyPath);
    const std::string &path() const { return m_path; }

    // Reads the file if there is one; a line that cannot be read (torn by a kill) is skipped. Throws Failure.
    void load();
    const SpilledAnswer *find(const std::string &hash, int sample) const;
    std::size_t size() const { return m_entries.size(); }
    const std::vector<SpilledAnswer> &entries() const { return m_entries; }

    // Appends the answers and flushes them to the disk (the folder too, when the file is new). Throws Failure.
    void append(const std::vector<SpilledAnswer> &answers);
    // Keeps the answers still pending: the file is rewritten (a new file, flushed, renamed over the old
    // one), or removed when none is left. Throws Failure.
    void keepOnly(const std::function<bool(const SpilledAnswer &)> &pending);

private:
    std::string m_path;
    std::vector<SpilledAnswer> m_entries;
};

} // namespace concord::judge

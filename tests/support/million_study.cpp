// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "million_study.h"

#include "store/study.h"

#include <sqlite3.h>

#include <algorithm>
#include <cstdio>

namespace concord::test {

namespace {

bool exec(sqlite3 *db, const char *sql)
{
    char *message = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &message) == SQLITE_OK)
        return true;
    std::fprintf(stderr, "sqlite: %s: %s\n", sql, message ? message : "?");
    sqlite3_free(message);
    return false;
}

// One prepared INSERT, run once per row.
class Insert {
public:
    Insert(sqlite3 *db, const char *sql) { sqlite3_prepare_v2(db, sql, -1, &m_statement, nullptr); }
    ~Insert() { sqlite3_finalize(m_statement); }
    Insert(const Insert &) = delete;
    Insert &operator=(const Insert &) = delete;

    Insert &bind(int i, std::int64_t value)
    {
        sqlite3_bind_int64(m_statement, i, value);
        return *this;
    }
    Insert &bind(int i, double value)
    {
        sqlite3_bind_double(m_statement, i, value);
        return *this;
    }
    Insert &bind(int i, const std::string &text)
    {
        sqlite3_bind_text(m_statement, i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
        return *this;
    }
    bool run()
    {
        const bool ok = m_statement && sqlite3_step(m_statement) == SQLITE_DONE;
        sqlite3_reset(m_statement);
        return ok;
    }

private:
    sqlite3_stmt *m_statement = nullptr;
};

} // namespace

bool MillionStudy::generate(const std::string &path)
{
    {
        auto created = concord::store::Study::create(path);
        if (!created) {
            std::fprintf(stderr, "cannot create %s: %s\n", path.c_str(), created.error().describe().c_str());
            return false;
        }
    }
    sqlite3 *db = nullptr;
    if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) {
        sqlite3_close(db);
        return false;
    }
    bool ok = exec(db, "PRAGMA synchronous = OFF") && exec(db, "BEGIN");
    {
        Insert system(db, "INSERT INTO systems (id, name) VALUES (?1, ?2)");
        Insert dimension(db, "INSERT INTO dimensions (id, name, kind, scale_min, scale_max, position) "
                             "VALUES (?1, ?2, 'likert', 1, 5, ?1)");
        Insert rater(db, "INSERT INTO raters (id, name, kind, grp) VALUES (?1, ?2, ?3, ?4)");
        Insert document(db, "INSERT INTO documents (id, external_id, source, requirement) VALUES (?1, ?2, ?3, ?4)");
        Insert candidate(db, "INSERT INTO candidates (id, document_id, system_id, text) VALUES (?1, ?2, ?3, ?4)");
        Insert rating(db, "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (?1, ?2, ?3, ?4)");
        for (int s = 1; s <= systems && ok; ++s)
            ok = system.bind(1, std::int64_t{s}).bind(2, "system-" + std::to_string(s)).run();
        for (int d = 1; d <= dimensions && ok; ++d)
            ok = dimension.bind(1, std::int64_t{d}).bind(2, "dimension-" + std::to_string(d)).run();
        for (int r = 1; r <= humans + judges && ok; ++r) {
            const bool human = r <= humans;
            ok = rater.bind(1, std::int64_t{r})
                     .bind(2, (human ? "expert_" : "judge_") + std::to_string(human ? r : r - humans))
                     .bind(3, std::string(human ? "human" : "judge"))
                     .bind(4, std::string(human ? "expert" : ""))
                     .run();
        }
        std::uint64_t state = 42;
        const auto next = [&state] {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            return static_cast<int>((state >> 33) % 1000);
        };
        const std::string filler(1800, 'x');
        std::int64_t candidateId = 0;
        for (int i = 1; i <= documents && ok; ++i) {
            ok = document.bind(1, std::int64_t{i})
                     .bind(2, "doc-" + std::to_string(i))
                     .bind(3, "Article " + std::to_string(i) + ". " + filler)
                     .bind(4, "Summarise article " + std::to_string(i) + ".")
                     .run();
            for (int s = 1; s <= systems && ok; ++s) {
                ok = candidate.bind(1, ++candidateId)
                         .bind(2, std::int64_t{i})
                         .bind(3, std::int64_t{s})
                         .bind(4, "Summary " + std::to_string(s) + " of article " + std::to_string(i) + ". "
                                      + std::string(250, 'y'))
                         .run();
                for (int d = 1; d <= dimensions && ok; ++d) {
                    const int quality = 1 + next() % 5;
                    for (int r = 1; r <= humans + judges && ok; ++r) {
                        const int noise = next() % 3 - 1;
                        const double value = std::clamp(quality + noise, 1, 5);
                        ok = rating.bind(1, std::int64_t{r})
                                 .bind(2, candidateId)
                                 .bind(3, std::int64_t{d})
                                 .bind(4, value)
                                 .run();
                    }
                }
            }
        }
    }
    ok = ok && exec(db, "COMMIT");
    sqlite3_close(db);
    return ok;
}

} // namespace concord::test

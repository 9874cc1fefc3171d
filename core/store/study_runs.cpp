// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The judge runs' owners: who runs a run, whether it is still alive, and runs left behind by the dead.
#include "store/study.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

namespace concord::store {

using model::Id;

void Study::claimJudgeRun(Id run, const RunOwner &owner)
{
    auto s = m_db.cached("UPDATE judge_runs SET status = 'running', finished_at = NULL, owner_pid = ?2, "
                         "owner_host = ?3, owner_start = ?4, heartbeat_at = ?5 WHERE id = ?1");
    s->bindAll(run, static_cast<std::int64_t>(owner.pid), owner.host, owner.processStart,
               static_cast<std::int64_t>(RunOwner::nowSeconds()));
    s->run();
}

void Study::touchJudgeRun(Id run)
{
    auto s = m_db.cached("UPDATE judge_runs SET heartbeat_at = ?2 WHERE id = ?1");
    s->bindAll(run, static_cast<std::int64_t>(RunOwner::nowSeconds()));
    s->run();
}

void Study::interruptJudgeRun(Id run)
{
    auto s = m_db.cached("UPDATE judge_runs SET status = 'interrupted' WHERE id = ?1 AND status = 'running'");
    s->bindAll(run);
    s->run();
}

std::vector<JudgeRunRow> Study::judgeRuns(std::optional<Id> rater)
{
    std::vector<JudgeRunRow> out;
    if (m_blind) // judge records are kept from an annotator, as counts() shows
        return out;
    auto s = m_db.cached(
        "SELECT r.id, r.rater_id, a.name, r.protocol, r.status, r.started_at, COALESCE(r.finished_at, ''), r.settings, "
        "r.owner_pid, r.owner_host, r.owner_start, r.heartbeat_at, "
        "(SELECT COUNT(*) FROM judge_calls c WHERE c.run_id = r.id) "
        "FROM judge_runs r JOIN raters a ON a.id = r.rater_id WHERE CAST(?1 AS BIGINT) IS NULL OR r.rater_id = ?1 "
        "ORDER BY r.id");
    s->bindAll(rater);
    while (s->step()) {
        JudgeRunRow row;
        row.id = s->int64At(0);
        row.rater = s->int64At(1);
        row.raterName = s->textAt(2);
        row.protocol = s->textAt(3);
        row.status = s->textAt(4);
        row.startedAt = s->textAt(5);
        row.finishedAt = s->textAt(6);
        row.settings = s->textAt(7);
        row.owner = {s->int64At(8), s->textAt(9), s->textAt(10)};
        row.heartbeatAt = s->int64At(11);
        row.calls = s->int64At(12);
        if (row.status == "running" && !row.owner.alive(row.heartbeatAt, m_db.path(), row.id))
            row.status = "interrupted";
        out.push_back(std::move(row));
    }
    return out;
}

std::size_t Study::markInterruptedRuns()
{
    std::size_t marked = 0;
    for (const auto &run : judgeRuns())
        if (run.status == "interrupted") {
            auto s = m_db.cached("UPDATE judge_runs SET status = 'interrupted' WHERE id = ?1 AND status = 'running'");
            s->bindAll(run.id);
            s->run();
            marked += static_cast<std::size_t>(m_db.changes());
        }
    return marked;
}

Status Study::writeWaiting(const std::function<void()> &transaction, const BusyWait &wait)
{
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    double pause = 0.1;
    while (true) {
        try {
            transaction();
            return {};
        } catch (const StudyBusy &busy) {
            const double waited = std::chrono::duration<double>(Clock::now() - start).count();
            if (waited >= wait.maxSeconds || (wait.stop && wait.stop())) {
                const std::string seconds = std::to_string(std::lround(waited));
                // A team study is never locked by a program; its writers collide on the same rows.
                if (isShared())
                    return Error{"the change kept colliding with other writers' changes to the same rows of the "
                                 "team study at "
                                     + displayName() + " for " + seconds
                                     + " s; nothing was written this time (try again)",
                                 {},
                                 0,
                                 {}};
                return Error{"the study stayed locked by another program for " + seconds
                                 + " s; nothing was written this time (close the other program or wait for it)",
                             {},
                             0,
                             {}};
            }
            if (wait.onWait)
                wait.onWait(waited);
            std::this_thread::sleep_for(
                std::chrono::duration<double>(std::min(pause, std::max(0.0, wait.maxSeconds - waited))));
            pause = std::min(pause * 2, 2.0);
        } catch (const Failure &f) {
            return f.error();
        } catch (const std::exception &e) {
            return Error{e.what(), {}, 0, {}};
        }
    }
}

Study::JudgeCost Study::judgeCost(Id rater, std::optional<Id> dimension)
{
    const std::string query
        = "SELECT coalesce(sum(c.cost), 0), count(DISTINCT c.candidate_id) FROM judge_calls c "
          "JOIN judge_runs r ON r.id = c.run_id WHERE r.rater_id = ?1 AND c.candidate_id IS NOT NULL";
    auto s = m_db.cached(dimension ? query + " AND c.dimension_id = ?2" : query);
    if (dimension)
        s->bindAll(rater, *dimension);
    else
        s->bindAll(rater);
    JudgeCost out;
    if (s->step()) {
        out.cost = s->doubleAt(0);
        out.summaries = s->int64At(1);
    }
    s->reset();
    return out;
}

} // namespace concord::store

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Batches sent to a provider's batch API: written before they are submitted, so that none is lost to a kill.
#include "store/study.h"

#include "model/utc_timestamp.h"
#include "store/row_insert.h"

namespace concord::store {

using model::Id;

namespace {

constexpr const char *kBatchColumns
    = "b.id, b.run_id, b.provider, b.token, coalesce(b.remote_id, ''), b.state, b.submitted_at, "
      "coalesce(b.polled_at, ''), (SELECT count(*) FROM judge_batch_requests q WHERE q.batch_id = b.id)";

model::JudgeBatch readBatch(Statement &s)
{
    model::JudgeBatch b;
    b.id = s.int64At(0);
    b.runId = s.int64At(1);
    b.provider = s.textAt(2);
    b.token = s.textAt(3);
    b.remoteId = s.textAt(4);
    b.state = s.textAt(5);
    b.submittedAt = s.textAt(6);
    b.polledAt = s.textAt(7);
    b.requests = static_cast<std::size_t>(s.int64At(8));
    return b;
}

// INSERT of ROWS rows sharing ?1 (see manyRowsInsert).
std::string manyRequestsInsert(std::size_t rows)
{
    return manyRowsInsert("INSERT INTO judge_batch_requests (batch_id, custom_id, request_hash, sample_index) VALUES ",
                          rows, 3);
}

} // namespace

Id Study::addJudgeBatch(Id run, std::string_view provider, std::string_view token,
                        const std::vector<model::JudgeBatchRequest> &requests)
{
    if (requests.empty())
        fail("a batch needs at least one request", "batch");
    auto s = m_db.cached("INSERT INTO judge_batches (run_id, provider, token, state, submitted_at) "
                         "VALUES (?1, ?2, ?3, 'submitting', ?4)");
    s->bindAll(run, provider, token, model::UtcTimestamp::now());
    s->run();
    const Id batch = m_db.lastInsertId();
    // One statement inserts kRowsPerInsert requests: a batch of 50,000 is 500 steps (on a team study, round trips).
    constexpr std::size_t kRowsPerInsert = 100;
    std::size_t done = 0;
    if (requests.size() >= kRowsPerInsert) {
        auto many = m_db.cached(manyRequestsInsert(kRowsPerInsert));
        for (; done + kRowsPerInsert <= requests.size(); done += kRowsPerInsert) {
            many->bind(1, batch);
            for (std::size_t k = 0; k < kRowsPerInsert; ++k) {
                const auto &r = requests[done + k];
                const int first = static_cast<int>(2 + 3 * k);
                many->bind(first, r.customId);
                many->bind(first + 1, r.requestHash);
                many->bind(first + 2, std::int64_t{r.sampleIndex});
            }
            many->run();
            many->reset();
        }
    }
    auto one = m_db.cached(manyRequestsInsert(1));
    for (; done < requests.size(); ++done) {
        const auto &r = requests[done];
        one->bindAll(batch, r.customId, r.requestHash, r.sampleIndex);
        one->run();
        one->reset();
    }
    return batch;
}

void Study::setJudgeBatchState(Id batch, std::string_view remoteId, std::string_view state)
{
    auto s = m_db.cached("UPDATE judge_batches SET remote_id = ?2, state = ?3, polled_at = ?4 WHERE id = ?1");
    const std::optional<std::string> id = remoteId.empty() ? std::nullopt : std::optional(std::string(remoteId));
    s->bindAll(batch, id, state, model::UtcTimestamp::now());
    s->run();
    if (m_db.changes() != 1)
        fail("batch " + std::to_string(batch) + " is not in the study", "batch");
}

std::vector<model::JudgeBatch> Study::judgeBatches(std::optional<Id> run)
{
    std::vector<model::JudgeBatch> out;
    if (m_blind) // judge records are kept from an annotator, as counts() shows
        return out;
    auto s = run ? m_db.cached("SELECT " + std::string(kBatchColumns)
                               + " FROM judge_batches b WHERE b.run_id = ?1 ORDER BY b.id")
                 : m_db.cached("SELECT " + std::string(kBatchColumns) + " FROM judge_batches b ORDER BY b.id");
    if (run)
        s->bindAll(*run);
    while (s->step())
        out.push_back(readBatch(*s));
    return out;
}

std::vector<model::JudgeBatchRequest> Study::judgeBatchRequests(Id batch)
{
    std::vector<model::JudgeBatchRequest> out;
    if (m_blind)
        return out;
    auto s = m_db.cached("SELECT custom_id, request_hash, sample_index FROM judge_batch_requests WHERE batch_id = ?1 "
                         "ORDER BY custom_id");
    s->bindAll(batch);
    while (s->step())
        out.push_back({s->textAt(0), s->textAt(1), static_cast<int>(s->int64At(2))});
    return out;
}

bool Study::forgetUnsubmittedJudgeBatch(Id batch)
{
    auto requests = m_db.cached("DELETE FROM judge_batch_requests WHERE batch_id = (SELECT id FROM judge_batches "
                                "WHERE id = ?1 AND state = 'submitting')");
    requests->bindAll(batch);
    requests->run();
    auto s = m_db.cached("DELETE FROM judge_batches WHERE id = ?1 AND state = 'submitting'");
    s->bindAll(batch);
    s->run();
    return m_db.changes() == 1;
}

} // namespace concord::store

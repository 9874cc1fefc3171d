// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Label plans: which summaries to label next, with the probabilities every estimate from them weights by.
#include "store/study.h"

#include "model/utc_timestamp.h"
#include "store/plan_pool.h"
#include "store/row_insert.h"

#include <algorithm>
#include <string>

namespace concord::store {

using model::Id;

namespace {

constexpr std::string_view kPlanColumns
    = "id, judge_id, dimension_id, annotator_id, strategy, budget, uniform_share, seed, settings, created_at";

LabelPlanRow readPlan(Statement &s)
{
    LabelPlanRow p;
    p.id = s.int64At(0);
    p.judge = s.int64At(1);
    p.dimension = s.int64At(2);
    p.annotator = s.optionalInt64At(3);
    p.strategy = s.textAt(4);
    p.budget = s.doubleAt(5);
    p.uniformShare = s.doubleAt(6);
    p.seed = s.int64At(7);
    p.settings = s.textAt(8);
    p.createdAt = s.textAt(9);
    return p;
}

// INSERT of ROWS rows sharing ?1 (see manyRowsInsert).
std::string manyItemsInsert(std::size_t rows)
{
    return manyRowsInsert("INSERT INTO label_plan_items (plan_id, candidate_id, probability, drawn) VALUES ", rows, 3);
}

} // namespace

Id Study::addLabelPlan(const LabelPlanRow &plan, const std::vector<LabelPlanItem> &items)
{
    // RETURNING: on a team study the id comes from an identity column lastInsertId cannot read alike.
    auto s = m_db.cached("INSERT INTO label_plans (judge_id, dimension_id, annotator_id, strategy, budget, "
                         "uniform_share, seed, settings, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) "
                         "RETURNING id");
    s->bindAll(plan.judge, plan.dimension, plan.annotator, plan.strategy, plan.budget, plan.uniformShare, plan.seed,
               plan.settings, plan.createdAt.empty() ? model::UtcTimestamp::now() : plan.createdAt);
    if (!s->step())
        fail("the label plan was not stored");
    const Id id = s->int64At(0);
    s->reset();
    // The drawn summaries are rows (the queue and the estimates join them); the others go into the pool, one
    // value for all of them.
    std::vector<const LabelPlanItem *> drawn;
    std::vector<PoolEntry> pool;
    for (const LabelPlanItem &i : items) {
        if (i.drawn)
            drawn.push_back(&i);
        else
            pool.push_back({i.candidate, i.probability});
    }
    // One statement inserts kRowsPerInsert rows: each step's fixed cost paid once for many rows.
    constexpr std::size_t kRowsPerInsert = 100;
    std::size_t done = 0;
    if (drawn.size() >= kRowsPerInsert) {
        auto many = m_db.cached(manyItemsInsert(kRowsPerInsert));
        for (; done + kRowsPerInsert <= drawn.size(); done += kRowsPerInsert) {
            many->bind(1, id);
            for (std::size_t k = 0; k < kRowsPerInsert; ++k) {
                const LabelPlanItem &i = *drawn[done + k];
                const int first = static_cast<int>(2 + 3 * k);
                many->bind(first, i.candidate);
                many->bind(first + 1, i.probability);
                many->bind(first + 2, std::int64_t{1});
            }
            many->run();
            many->reset();
        }
    }
    auto item = m_db.cached(manyItemsInsert(1));
    for (; done < drawn.size(); ++done) {
        const LabelPlanItem &i = *drawn[done];
        item->bindAll(id, i.candidate, i.probability, std::int64_t{1});
        item->run();
        item->reset();
    }
    if (!pool.empty()) {
        // Probabilities the rows' CHECK would refuse are refused here too, before anything of the plan stays.
        for (const PoolEntry &e : pool)
            if (!(e.probability > 0 && e.probability <= 1))
                fail("summary " + std::to_string(e.candidate) + " of the label plan has the probability "
                     + std::to_string(e.probability) + ", outside (0, 1]");
        auto stored = m_db.cached("INSERT INTO label_plan_pools (plan_id, entries) VALUES (?1, ?2)");
        stored->bind(1, id);
        stored->bindBlob(2, PlanPool::encode(std::move(pool)));
        stored->run();
    }
    return id;
}

std::vector<LabelPlanRow> Study::labelPlans()
{
    std::vector<LabelPlanRow> out;
    if (m_blind)
        return out; // an annotator of a team study may not read the plans
    auto s = m_db.cached("SELECT " + std::string(kPlanColumns) + " FROM label_plans ORDER BY id");
    while (s->step())
        out.push_back(readPlan(*s));
    return out;
}

std::optional<LabelPlanRow> Study::labelPlan(Id id)
{
    if (m_blind)
        return std::nullopt;
    auto s = m_db.cached("SELECT " + std::string(kPlanColumns) + " FROM label_plans WHERE id = ?1");
    s->bindAll(id);
    if (!s->step())
        return std::nullopt;
    LabelPlanRow p = readPlan(*s);
    s->reset();
    return p;
}

std::vector<LabelPlanItem> Study::labelPlanItems(Id plan)
{
    std::vector<LabelPlanItem> out;
    if (m_blind)
        return out;
    auto s = m_db.cached(
        "SELECT candidate_id, probability, drawn FROM label_plan_items WHERE plan_id = ?1 ORDER BY candidate_id");
    s->bindAll(plan);
    while (s->step())
        out.push_back({s->int64At(0), s->doubleAt(1), s->int64At(2) != 0});
    auto pool = m_db.cached("SELECT entries FROM label_plan_pools WHERE plan_id = ?1");
    pool->bindAll(plan);
    if (pool->step()) {
        const std::string bytes = pool->blobAt(0);
        pool->reset();
        std::vector<PoolEntry> entries;
        try {
            entries = PlanPool::decode(bytes);
        } catch (const Failure &damaged) {
            fail("label plan " + std::to_string(plan) + " is damaged: " + damaged.error().message);
        }
        const std::size_t rows = out.size();
        out.reserve(rows + entries.size());
        for (const PoolEntry &e : entries)
            out.push_back({e.candidate, e.probability, false});
        // Both parts are in candidate order; a summary in both is damage, as a row twice would be.
        std::inplace_merge(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(rows), out.end(),
                           [](const LabelPlanItem &a, const LabelPlanItem &b) { return a.candidate < b.candidate; });
        for (std::size_t k = 1; k < out.size(); ++k)
            if (out[k].candidate == out[k - 1].candidate)
                fail("label plan " + std::to_string(plan) + " is damaged: summary " + std::to_string(out[k].candidate)
                     + " is in it twice");
    }
    return out;
}

std::vector<Id> Study::plannedDocuments(Id annotator)
{
    std::vector<Id> out;
    if (m_blind) {
        // The server knows who is asking: the function reads the login's own plans.
        auto own = m_db.cached("SELECT document_id FROM concord_planned_documents()");
        while (own->step())
            out.push_back(own->int64At(0));
        return out;
    }
    auto s = m_db.cached("SELECT DISTINCT c.document_id FROM label_plan_items i "
                         "JOIN label_plans p ON p.id = i.plan_id JOIN candidates c ON c.id = i.candidate_id "
                         "WHERE i.drawn = 1 AND p.annotator_id = ?1 AND NOT EXISTS (SELECT 1 FROM ratings g "
                         "WHERE g.rater_id = ?1 AND g.candidate_id = i.candidate_id "
                         "AND g.dimension_id = p.dimension_id) ORDER BY c.document_id");
    s->bindAll(annotator);
    while (s->step())
        out.push_back(s->int64At(0));
    return out;
}

} // namespace concord::store

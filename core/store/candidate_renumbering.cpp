// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/candidate_renumbering.h"

#include "model/json_text.h"
#include "store/database.h"
#include "store/plan_pool.h"
#include "store/statement.h"
#include "store/study_tables.h"

#include <random>
#include <unordered_set>

namespace concord::store {

namespace {

// Where a summary's id sits inside JSON text, by table and column (the schema's comments name them).
struct JsonColumn {
    std::string_view table;
    std::string_view column;
    CandidateRenumbering::Holds holds;
};
constexpr JsonColumn kJsonColumns[] = {
    {"presentation_orders", "shown_order", CandidateRenumbering::Holds::IdList},
    {"judge_calls", "unit", CandidateRenumbering::Holds::Unit},
    {"label_plan_pools", "entries", CandidateRenumbering::Holds::PlanPool},
};

} // namespace

CandidateRenumbering::CandidateRenumbering(Database &db)
{
    // The operating system's randomness, not a seeded generator: an annotator sees every id drawn.
    std::random_device random;
    std::uniform_int_distribution<std::int64_t> draw(1, kLargestId);
    std::unordered_set<model::Id> taken;
    auto ids = db.prepare("SELECT id FROM candidates ORDER BY id");
    while (ids.step()) {
        model::Id drawn = 0;
        do
            drawn = draw(random);
        while (!taken.insert(drawn).second);
        m_ids.emplace(ids.int64At(0), drawn);
    }
}

std::vector<CandidateRenumbering::Holds> CandidateRenumbering::columnsOf(Database &db, const StudyTable &table) const
{
    std::vector<Holds> out(table.columns.size(), Holds::Nothing);
    auto find = [&](std::string_view name) -> Holds * {
        for (std::size_t c = 0; c < table.columns.size(); ++c)
            if (table.columns[c].name == name)
                return &out[c];
        return nullptr;
    };
    if (table.name == "candidates")
        if (Holds *own = find("id"))
            *own = Holds::Id;
    auto references = db.prepare("SELECT \"from\" FROM pragma_foreign_key_list(?1) WHERE \"table\" = 'candidates'");
    references.bind(1, table.name);
    while (references.step())
        if (Holds *column = find(references.textAt(0)))
            *column = Holds::Id;
    for (const JsonColumn &json : kJsonColumns)
        if (table.name == json.table)
            if (Holds *column = find(json.column))
                *column = json.holds;
    return out;
}

model::Id CandidateRenumbering::id(model::Id old) const
{
    const auto it = m_ids.find(old);
    return it == m_ids.end() ? old : it->second;
}

std::string CandidateRenumbering::text(Holds holds, std::string_view json) const
{
    // Ordered: the members stay where they were.
    nlohmann::ordered_json value = model::JsonText::parseOrderedOrDiscarded(json);
    nlohmann::ordered_json *list = nullptr;
    if (holds == Holds::IdList && value.is_array())
        list = &value;
    else if (holds == Holds::Unit && value.is_object() && value.contains("candidates"))
        list = &value["candidates"];
    if (!list || !list->is_array())
        return std::string(json);
    for (nlohmann::ordered_json &item : *list)
        if (item.is_number_integer())
            item = id(item.get<model::Id>());
    return model::JsonText::dump(value);
}

std::string CandidateRenumbering::pool(std::string_view bytes) const
{
    return PlanPool::renumber(bytes, [this](model::Id old) { return id(old); });
}

} // namespace concord::store

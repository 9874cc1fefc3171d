// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ids.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace concord::store {

class Database;
struct StudyTable;

// New ids, drawn at random, for every summary of a study file that goes to a team: ids numbered in the
// order the summaries were imported would let an annotator follow one system from document to document
// (PgSchema draws the ids of summaries added later the same way). Every place that holds a summary's id
// is renumbered alike: the summaries' own column, every column referring to them, the JSON lists of
// them that judge calls (a work unit's "candidates") and presentation orders keep, and label plans' pools.
class CandidateRenumbering {
public:
    // How a column holds summary ids.
    enum class Holds { Nothing, Id, IdList, Unit, PlanPool };

    // The largest id drawn, as PostgreSQL's draw: 2^52, so that every id is also exact as a double.
    static constexpr std::int64_t kLargestId = std::int64_t{1} << 52;

    // Draws a new id for each summary in db, all distinct, from the operating system's randomness.
    explicit CandidateRenumbering(Database &db);

    // How each of table's columns (in the order of table.columns) holds summary ids.
    std::vector<Holds> columnsOf(Database &db, const StudyTable &table) const;

    // A summary's new id; an id of no summary stays as it is.
    model::Id id(model::Id old) const;
    // The text of a column that holds ids in JSON, with each id renumbered; text that is not such JSON
    // stays as it is.
    std::string text(Holds holds, std::string_view json) const;
    // A label plan's pool (store/plan_pool) with each id renumbered. Throws concord::Failure when it is damaged.
    std::string pool(std::string_view bytes) const;

    std::size_t size() const { return m_ids.size(); }

private:
    std::unordered_map<model::Id, model::Id> m_ids;
};

} // namespace concord::store

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// When people made their edits: the record time per document and throughput are computed from.
#include "store/study.h"

namespace concord::store {

using model::Id;

void Study::recordEditTime(Id rater, Id document, Id candidate, const std::string &madeAt)
{
    if (document != 0) {
        auto insert = m_db.cached("INSERT INTO edit_times (rater_id, document_id, made_at) VALUES (?1, ?2, ?3)");
        insert->bindAll(rater, document, madeAt);
        insert->run();
        return;
    }
    // An edit that did not say its summary's document (the Annotate view's always do): looked up in the same
    // statement. An annotator of a team study reads summaries only through concord_summary_ids().
    auto insert = m_db.cached(isBlind() && m_db.isPostgres()
                                  ? "INSERT INTO edit_times (rater_id, document_id, made_at) "
                                    "SELECT ?1, document_id, ?3 FROM concord_summary_ids() WHERE id = ?2"
                                  : "INSERT INTO edit_times (rater_id, document_id, made_at) "
                                    "SELECT ?1, document_id, ?3 FROM candidates WHERE id = ?2");
    insert->bindAll(rater, candidate, madeAt);
    insert->run();
}

std::vector<EditTimeRow> Study::editTimes()
{
    std::vector<EditTimeRow> out;
    auto s = m_db.cached("SELECT rater_id, document_id, made_at FROM edit_times ORDER BY rater_id, made_at, id");
    while (s->step())
        out.push_back({s->int64At(0), s->int64At(1), s->textAt(2)});
    return out;
}

} // namespace concord::store

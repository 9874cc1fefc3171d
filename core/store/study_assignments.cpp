// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Assignment: which documents a lead gave each annotator.
#include "store/study.h"

#include "model/utc_timestamp.h"

#include <string>

namespace concord::store {

using model::Id;

std::vector<AssignmentRow> Study::assignments()
{
    std::vector<AssignmentRow> out;
    // An annotator's session reads only their own rows: the server's row-level security filters them.
    auto s = m_db.cached("SELECT annotator_id, document_id, calibration, assigned_at FROM assignments "
                         "ORDER BY annotator_id, document_id");
    while (s->step())
        out.push_back({s->int64At(0), s->int64At(1), s->int64At(2) != 0, s->textAt(3)});
    return out;
}

void Study::replaceAssignments(const std::vector<AssignmentRow> &rows)
{
    m_db.exec("DELETE FROM assignments");
    const std::string now = model::UtcTimestamp::now();
    auto insert = m_db.cached(
        "INSERT INTO assignments (annotator_id, document_id, calibration, assigned_at) VALUES (?1, ?2, ?3, ?4)");
    for (const AssignmentRow &row : rows) {
        insert->bindAll(row.annotator, row.document, static_cast<std::int64_t>(row.calibration ? 1 : 0),
                        row.assignedAt.empty() ? now : row.assignedAt);
        insert->run();
        insert->reset();
    }
}

void Study::assignDocument(Id annotator, Id document)
{
    auto s = m_db.cached("INSERT INTO assignments (annotator_id, document_id, calibration, assigned_at) "
                         "VALUES (?1, ?2, 0, ?3) ON CONFLICT DO NOTHING");
    s->bindAll(annotator, document, model::UtcTimestamp::now());
    s->run();
    s->reset();
}

std::vector<Id> Study::assignedDocuments(Id annotator)
{
    std::vector<Id> out;
    auto s = m_db.cached("SELECT document_id FROM assignments WHERE annotator_id = ?1 ORDER BY document_id");
    s->bindAll(annotator);
    while (s->step())
        out.push_back(s->int64At(0));
    return out;
}

std::vector<std::pair<Id, Id>> Study::documentsWorkedOn()
{
    if (m_blind && !m_reviewer)
        fail("an annotator of a team study may not read who worked on which document");
    std::vector<std::pair<Id, Id>> out;
    // Every table of judgements, as a person leaves them; a blind order only shown is not work.
    auto s = m_db.cached(
        "SELECT DISTINCT w.rater_id, w.document_id FROM ("
        "SELECT g.rater_id, c.document_id FROM ratings g JOIN candidates c ON c.id = g.candidate_id "
        "UNION SELECT rater_id, document_id FROM rankings "
        "UNION SELECT e.rater_id, c.document_id FROM error_spans e JOIN candidates c ON c.id = e.candidate_id "
        "UNION SELECT p.rater_id, c.document_id FROM pairwise_outcomes p JOIN candidates c ON c.id = p.candidate_a "
        "UNION SELECT rater_id, document_id FROM explanations "
        "UNION SELECT m.rater_id, c.document_id FROM unit_marks m JOIN candidates c ON c.id = m.candidate_id"
        ") w JOIN raters r ON r.id = w.rater_id WHERE r.kind = 'human' ORDER BY w.rater_id, w.document_id");
    while (s->step())
        out.emplace_back(s->int64At(0), s->int64At(1));
    return out;
}

} // namespace concord::store

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Review: the decisions a lead makes on the annotators' work.
#include "store/study.h"

#include "model/utc_timestamp.h"

namespace concord::store {

using model::Id;

Id Study::adjudicatedRater()
{
    // A function of the server's (PgSchema): it makes the rater adjudicated of group adjudicated and no other.
    auto s = m_db.cached("SELECT concord_adjudicated_rater()");
    if (!s->step())
        fail("the server gave no adjudicated rater");
    const Id id = s->int64At(0);
    s->reset();
    return id;
}

Id Study::addReview(const ReviewRow &review)
{
    // RETURNING: on a team study the id comes from an identity column lastInsertId cannot read alike.
    auto s = m_db.cached("INSERT INTO reviews (annotator_id, document_id, reviewer, decision, comment, returned_to, "
                         "decided_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) RETURNING id");
    s->bindAll(review.annotator, review.document, review.reviewer, review.decision, review.comment, review.returnedTo,
               review.decidedAt.empty() ? model::UtcTimestamp::now() : review.decidedAt);
    if (!s->step())
        fail("the review decision was not stored");
    const Id id = s->int64At(0);
    s->reset();
    return id;
}

std::vector<ReviewRow> Study::reviews()
{
    std::vector<ReviewRow> out;
    auto s = m_db.cached("SELECT id, annotator_id, document_id, reviewer, decision, comment, returned_to, decided_at "
                         "FROM reviews ORDER BY id");
    while (s->step())
        out.push_back({s->int64At(0), s->int64At(1), s->int64At(2), s->textAt(3), s->textAt(4), s->textAt(5),
                       s->optionalInt64At(6), s->textAt(7)});
    return out;
}

std::vector<ReviewRow> Study::reviewsOf(Id rater, Id document)
{
    std::vector<ReviewRow> out;
    auto s = m_db.cached("SELECT id, annotator_id, document_id, reviewer, decision, comment, returned_to, decided_at "
                         "FROM reviews WHERE document_id = ?2 AND (annotator_id = ?1 OR returned_to = ?1) ORDER BY id");
    s->bindAll(rater, document);
    while (s->step())
        out.push_back({s->int64At(0), s->int64At(1), s->int64At(2), s->textAt(3), s->textAt(4), s->textAt(5),
                       s->optionalInt64At(6), s->textAt(7)});
    return out;
}

} // namespace concord::store

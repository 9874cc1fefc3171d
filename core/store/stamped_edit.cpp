// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/stamped_edit.h"

#include "store/database.h"
#include "store/statement.h"
#include "store/study.h"

#include <cmath>
#include <string>

namespace concord::store {

namespace {

// ?1 edit id, ?2 rater, ?3 time. The write below selects its row from `fresh`, which is empty when the id
// was recorded already: then nothing is written. A concurrent send of the same id waits on the key and
// finds it, as in a transaction.
constexpr std::string_view kRecord
    = "WITH fresh AS (INSERT INTO concord_applied_edits (edit_id, rater_id, applied_at) VALUES (?1, ?2, ?3) "
      "ON CONFLICT (edit_id) DO NOTHING RETURNING rater_id) ";

// The same writes as Study::setRating, ::addErrorSpan, ::setExplanation and ::setUnitMark, in the form
// `fresh` can gate.
// A blind session names no call_id (an annotator may not write it); the lead's rating by hand clears it.
constexpr std::string_view kBlindRating
    = "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) SELECT rater_id, ?4, ?5, ?6 FROM fresh "
      "ON CONFLICT (rater_id, candidate_id, dimension_id) DO UPDATE SET value = excluded.value";
constexpr std::string_view kLeadRating
    = "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value, call_id) "
      "SELECT rater_id, ?4, ?5, ?6, NULL FROM fresh "
      "ON CONFLICT (rater_id, candidate_id, dimension_id) DO UPDATE SET value = excluded.value, call_id = NULL";
constexpr std::string_view kErrorSpan
    = "INSERT INTO error_spans (rater_id, candidate_id, char_start, char_end, quote, note) "
      "SELECT rater_id, ?4, ?5, ?6, ?7, ?8 FROM fresh";
constexpr std::string_view kExplanation
    = "INSERT INTO explanations (rater_id, document_id, dimension_id, text) SELECT rater_id, ?4, ?5, ?6 FROM fresh "
      "ON CONFLICT (rater_id, document_id, dimension_id) DO UPDATE SET text = excluded.text";
constexpr std::string_view kUnitMark
    = "INSERT INTO unit_marks (rater_id, candidate_id, unit_index, present) SELECT rater_id, ?4, ?5, ?6 FROM fresh "
      "ON CONFLICT (rater_id, candidate_id, unit_index) DO UPDATE SET present = excluded.present";

// With the edit's time, in the same statement: ?N the document, ?N+1 when the edit was made. Data-modifying
// WITH clauses run whether or not the main statement reads them, and `fresh` gates this one too.
std::string withTime(int n)
{
    std::string sql(kRecord.substr(0, kRecord.size() - 1)); // without its closing space
    sql += ", times AS (INSERT INTO edit_times (rater_id, document_id, made_at) SELECT rater_id, ?" + std::to_string(n)
           + ", ?" + std::to_string(n + 1) + " FROM fresh) ";
    return sql;
}

std::string joined(std::string_view record, std::string_view write)
{
    std::string sql(record);
    sql += write;
    return sql;
}

// The statement for an edit with or without its time (an edit journalled by an older Concord has none).
std::string joined(bool timed, int n, std::string_view write)
{
    return timed ? joined(withTime(n), write) : joined(kRecord, write);
}

} // namespace

std::optional<bool> applyStamped(Study &study, const AnnotationEdit &edit, std::string_view appliedAt)
{
    Database &db = study.database();
    if (!db.isPostgres() || db.inTransaction())
        return std::nullopt;
    // An edit of a summary that does not say its document goes the long way, which looks the document up.
    if (!edit.madeAt.empty() && edit.document == 0)
        return std::nullopt;
    const bool timed = !edit.madeAt.empty();
    switch (edit.kind) {
    case AnnotationEdit::Kind::SetRating: {
        if (!std::isfinite(edit.value))
            return std::nullopt;
        static const std::string blind[2] = {joined(false, 7, kBlindRating), joined(true, 7, kBlindRating)};
        static const std::string lead[2] = {joined(false, 7, kLeadRating), joined(true, 7, kLeadRating)};
        auto s = db.cached((study.isBlind() ? blind : lead)[timed ? 1 : 0]);
        if (timed)
            s->bindAll(edit.id, edit.rater, appliedAt, edit.candidate, edit.dimension, edit.value, edit.document,
                       edit.madeAt);
        else
            s->bindAll(edit.id, edit.rater, appliedAt, edit.candidate, edit.dimension, edit.value);
        s->run();
        break;
    }
    case AnnotationEdit::Kind::AddErrorSpan: {
        if (edit.start < 0 || edit.end <= edit.start)
            return std::nullopt;
        static const std::string sql[2] = {joined(false, 9, kErrorSpan), joined(true, 9, kErrorSpan)};
        auto s = db.cached(sql[timed ? 1 : 0]);
        if (timed)
            s->bindAll(edit.id, edit.rater, appliedAt, edit.candidate, edit.start, edit.end, edit.quote, edit.text,
                       edit.document, edit.madeAt);
        else
            s->bindAll(edit.id, edit.rater, appliedAt, edit.candidate, edit.start, edit.end, edit.quote, edit.text);
        s->run();
        break;
    }
    case AnnotationEdit::Kind::SetExplanation: {
        // An empty text deletes, through a function on a blind session: not one write of this form.
        if (edit.text.empty())
            return std::nullopt;
        static const std::string sql[2] = {joined(false, 7, kExplanation), joined(true, 7, kExplanation)};
        auto s = db.cached(sql[timed ? 1 : 0]);
        if (timed)
            s->bindAll(edit.id, edit.rater, appliedAt, edit.document, edit.dimension, edit.text, edit.document,
                       edit.madeAt);
        else
            s->bindAll(edit.id, edit.rater, appliedAt, edit.document, edit.dimension, edit.text);
        s->run();
        break;
    }
    case AnnotationEdit::Kind::SetUnitMark: {
        static const std::string sql[2] = {joined(false, 7, kUnitMark), joined(true, 7, kUnitMark)};
        auto s = db.cached(sql[timed ? 1 : 0]);
        if (timed)
            s->bindAll(edit.id, edit.rater, appliedAt, edit.candidate, edit.unit, edit.present ? 1 : 0, edit.document,
                       edit.madeAt);
        else
            s->bindAll(edit.id, edit.rater, appliedAt, edit.candidate, edit.unit, edit.present ? 1 : 0);
        s->run();
        break;
    }
    default:
        return std::nullopt;
    }
    return db.changes() == 1;
}

} // namespace concord::store

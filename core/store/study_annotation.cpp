// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Study reads and writes the Annotate view needs (blind annotation), kept apart from study.cpp.
#include "store/study.h"

#include "model/json_text.h"

#include <nlohmann/json.hpp>

namespace concord::store {

using model::Id;
using nlohmann::json;

namespace {

std::vector<Id> idList(const std::string &text)
{
    std::vector<Id> out;
    const json list = model::JsonText::parseOrDiscarded(text);
    if (list.is_array())
        for (const auto &item : list)
            if (item.is_number_integer())
                out.push_back(item.get<Id>());
    return out;
}

int jsonListSize(const std::string &text)
{
    const json list = model::JsonText::parseOrDiscarded(text);
    return list.is_array() ? static_cast<int>(list.size()) : 0;
}

} // namespace

void Study::setErrorSpanNote(Id spanId, std::string_view note)
{
    auto s = m_db.cached("UPDATE error_spans SET note = ?2 WHERE id = ?1");
    s->bindAll(spanId, note);
    s->run();
    if (m_db.changes() != 1)
        fail("the error span " + std::to_string(spanId) + " is no longer in the study", "span");
}

void Study::restoreErrorSpan(const model::ErrorSpan &span)
{
    if (span.start < 0 || span.end <= span.start)
        fail("an error span needs 0 <= start < end", "span");
    auto s = m_db.cached("INSERT INTO error_spans (id, rater_id, candidate_id, char_start, char_end, quote, note) "
                         "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    s->bindAll(span.id, span.raterId, span.candidateId, span.start, span.end, span.quote, span.note);
    s->run();
}

void Study::clearUnitMark(Id rater, Id candidate, int unitIndex)
{
    auto s
        = m_db.cached(m_blind ? "SELECT concord_clear_unit_mark(?1, ?2, ?3)"
                              : "DELETE FROM unit_marks WHERE rater_id = ?1 AND candidate_id = ?2 AND unit_index = ?3");
    s->bindAll(rater, candidate, unitIndex);
    s->run();
}

AnnotatorJudgements Study::judgementsOf(Id rater, Id document)
{
    AnnotatorJudgements out;
    {
        auto s = m_db.cached("SELECT r.candidate_id, r.dimension_id, r.value FROM ratings r "
                             "JOIN candidates c ON c.id = r.candidate_id WHERE r.rater_id = ?1 AND c.document_id = ?2");
        s->bindAll(rater, document);
        while (s->step())
            out.ratings[{s->int64At(0), s->int64At(1)}] = s->doubleAt(2);
    }
    {
        auto s = m_db.cached(
            "SELECT dimension_id, candidate_id, rank FROM rankings WHERE rater_id = ?1 AND document_id = ?2");
        s->bindAll(rater, document);
        while (s->step())
            out.rankings[s->int64At(0)][s->int64At(1)] = s->intAt(2);
    }
    {
        auto s = m_db.cached(
            "SELECT e.id, e.rater_id, e.candidate_id, e.char_start, e.char_end, e.quote, e.note FROM error_spans e "
            "JOIN candidates c ON c.id = e.candidate_id WHERE e.rater_id = ?1 AND c.document_id = ?2 "
            "ORDER BY e.candidate_id, e.char_start, e.char_end, e.id");
        s->bindAll(rater, document);
        while (s->step())
            out.errorSpans.push_back(
                {s->int64At(0), s->int64At(1), s->int64At(2), s->intAt(3), s->intAt(4), s->textAt(5), s->textAt(6)});
    }
    {
        auto s = m_db.cached("SELECT dimension_id, text FROM explanations WHERE rater_id = ?1 AND document_id = ?2");
        s->bindAll(rater, document);
        while (s->step())
            out.explanations[s->int64At(0)] = s->textAt(1);
    }
    {
        auto s = m_db.cached("SELECT u.candidate_id, u.unit_index, u.present FROM unit_marks u "
                             "JOIN candidates c ON c.id = u.candidate_id WHERE u.rater_id = ?1 AND c.document_id = ?2");
        s->bindAll(rater, document);
        while (s->step())
            out.unitMarks[{s->int64At(0), s->intAt(1)}] = s->int64At(2) != 0;
    }
    out.order = presentationOrder(rater, document);
    return out;
}

std::optional<PresentationOrder> Study::presentationOrder(Id rater, Id document)
{
    auto s = m_db.cached("SELECT seed, shown_order FROM presentation_orders WHERE rater_id = ?1 AND document_id = ?2");
    s->bindAll(rater, document);
    if (!s->step())
        return std::nullopt;
    return PresentationOrder{static_cast<std::uint64_t>(s->int64At(0)), idList(s->textAt(1))};
}

std::vector<AnnotatorTally> Study::annotatorTallies(Id rater, std::optional<Id> document)
{
    // One query per kind of answer, each grouped by document, merged by walking the document order. The
    // optional document is cast so that PostgreSQL knows its type when it is NULL.
    std::vector<AnnotatorTally> out;
    std::map<Id, std::size_t> at;
    {
        // Summaries counted in one pass, not once per document: an annotator's session reads them through a
        // function that gives every summary each time it is asked.
        auto s = m_db.cached("SELECT d.id, COALESCE(n.summaries, 0), d.scus FROM documents d LEFT JOIN (SELECT "
                             "document_id, COUNT(*) AS summaries FROM candidates GROUP BY document_id) n ON "
                             "n.document_id = d.id WHERE CAST(?1 AS BIGINT) IS NULL OR d.id = ?1 ORDER BY d.id");
        s->bindAll(document);
        while (s->step()) {
            AnnotatorTally t;
            t.document = s->int64At(0);
            t.candidates = s->intAt(1);
            const std::string scus = s->textAt(2);
            t.units = scus.size() <= 2 ? 0 : jsonListSize(scus);
            at[t.document] = out.size();
            out.push_back(std::move(t));
        }
    }
    const auto tally = [&](Id doc) -> AnnotatorTally * {
        const auto it = at.find(doc);
        return it == at.end() ? nullptr : &out[it->second];
    };
    {
        auto s = m_db.cached(
            "SELECT c.document_id, r.dimension_id, COUNT(*) FROM ratings r JOIN candidates c ON c.id = r.candidate_id "
            "WHERE r.rater_id = ?1 AND (CAST(?2 AS BIGINT) IS NULL OR c.document_id = ?2) GROUP BY c.document_id, "
            "r.dimension_id");
        s->bindAll(rater, document);
        while (s->step())
            if (auto *t = tally(s->int64At(0)))
                t->ratings[s->int64At(1)] = s->intAt(2);
    }
    {
        auto s = m_db.cached(
            "SELECT document_id, dimension_id, rank FROM rankings WHERE rater_id = ?1 AND (CAST(?2 AS BIGINT) IS NULL "
            "OR document_id = ?2)");
        s->bindAll(rater, document);
        while (s->step())
            if (auto *t = tally(s->int64At(0)))
                t->ranks[s->int64At(1)].push_back(s->intAt(2));
    }
    {
        auto s = m_db.cached(
            "SELECT document_id, dimension_id FROM explanations WHERE rater_id = ?1 AND (CAST(?2 AS BIGINT) IS NULL "
            "OR document_id = ?2) "
            "AND text <> ''");
        s->bindAll(rater, document);
        while (s->step())
            if (auto *t = tally(s->int64At(0)))
                t->explained.push_back(s->int64At(1));
    }
    {
        auto s = m_db.cached(
            "SELECT c.document_id, COUNT(*) FROM unit_marks u JOIN candidates c ON c.id = u.candidate_id "
            "WHERE u.rater_id = ?1 AND (CAST(?2 AS BIGINT) IS NULL OR c.document_id = ?2) GROUP BY c.document_id");
        s->bindAll(rater, document);
        while (s->step())
            if (auto *t = tally(s->int64At(0)))
                t->unitMarks = s->intAt(1);
    }
    return out;
}

std::map<Id, std::vector<AnnotatorTally>> Study::humanTallies()
{
    std::vector<AnnotatorTally> documents;
    std::map<Id, std::size_t> at;
    {
        auto s = m_db.cached("SELECT d.id, COALESCE(n.summaries, 0), d.scus FROM documents d LEFT JOIN (SELECT "
                             "document_id, COUNT(*) AS summaries FROM candidates GROUP BY document_id) n ON "
                             "n.document_id = d.id ORDER BY d.id");
        while (s->step()) {
            AnnotatorTally t;
            t.document = s->int64At(0);
            t.candidates = s->intAt(1);
            const std::string scus = s->textAt(2);
            t.units = scus.size() <= 2 ? 0 : jsonListSize(scus);
            at[t.document] = documents.size();
            documents.push_back(std::move(t));
        }
    }
    std::map<Id, std::vector<AnnotatorTally>> out;
    {
        auto s = m_db.cached("SELECT id FROM raters WHERE kind = 'human' ORDER BY id");
        while (s->step())
            out[s->int64At(0)] = documents;
    }
    const auto tally = [&](Id rater, Id document) -> AnnotatorTally * {
        const auto of = out.find(rater);
        const auto it = at.find(document);
        return of == out.end() || it == at.end() ? nullptr : &of->second[it->second];
    };
    // Each grouped by rater and document, the judges' answers left out on the server's side.
    {
        auto s = m_db.cached("SELECT g.rater_id, c.document_id, g.dimension_id, COUNT(*) FROM ratings g JOIN "
                             "candidates c ON c.id = g.candidate_id JOIN raters r ON r.id = g.rater_id WHERE r.kind = "
                             "'human' GROUP BY g.rater_id, c.document_id, g.dimension_id");
        while (s->step())
            if (auto *t = tally(s->int64At(0), s->int64At(1)))
                t->ratings[s->int64At(2)] = s->intAt(3);
    }
    {
        auto s = m_db.cached("SELECT k.rater_id, k.document_id, k.dimension_id, k.rank FROM rankings k JOIN raters r "
                             "ON r.id = k.rater_id WHERE r.kind = 'human'");
        while (s->step())
            if (auto *t = tally(s->int64At(0), s->int64At(1)))
                t->ranks[s->int64At(2)].push_back(s->intAt(3));
    }
    {
        auto s = m_db.cached("SELECT rater_id, document_id, dimension_id FROM explanations WHERE text <> ''");
        while (s->step())
            if (auto *t = tally(s->int64At(0), s->int64At(1)))
                t->explained.push_back(s->int64At(2));
    }
    {
        auto s = m_db.cached("SELECT u.rater_id, c.document_id, COUNT(*) FROM unit_marks u JOIN candidates c ON c.id = "
                             "u.candidate_id GROUP BY u.rater_id, c.document_id");
        while (s->step())
            if (auto *t = tally(s->int64At(0), s->int64At(1)))
                t->unitMarks = s->intAt(2);
    }
    return out;
}

std::vector<ExplanationRow> Study::explanations()
{
    std::vector<ExplanationRow> out;
    auto s = m_db.cached("SELECT rater_id, document_id, dimension_id, text FROM explanations ORDER BY rater_id, "
                         "document_id, dimension_id");
    while (s->step())
        out.push_back({s->int64At(0), s->int64At(1), s->int64At(2), s->textAt(3)});
    return out;
}

std::vector<PresentationOrderRow> Study::presentationOrders()
{
    std::vector<PresentationOrderRow> out;
    auto s = m_db.cached(
        "SELECT rater_id, document_id, seed, shown_order FROM presentation_orders ORDER BY rater_id, document_id");
    while (s->step())
        out.push_back(
            {s->int64At(0), s->int64At(1), {static_cast<std::uint64_t>(s->int64At(2)), idList(s->textAt(3))}});
    return out;
}

} // namespace concord::store

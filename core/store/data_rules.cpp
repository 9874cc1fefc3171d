// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/data_rules.h"

#include "store/database.h"
#include "store/statement.h"

#include <charconv>
#include <functional>
#include <string_view>

namespace concord::store {

namespace {

std::string shortest(double value)
{
    char buffer[32];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return ec == std::errc() ? std::string(buffer, end) : std::string("?");
}

std::string quoted(const std::string &text)
{
    return "'" + text + "'";
}

// The number of entries of a JSON list column. SQLite's json_array_length fails the whole query on text
// that is not JSON, so such a list counts as none; PostgreSQL has no json_valid before version 16, and a
// column that does not parse stops the check with the server's message.
std::string listLength(const Database &db, std::string_view column)
{
    const std::string c(column);
    if (db.isPostgres())
        return "json_array_length(" + c + "::json)";
    return "(CASE WHEN json_valid(" + c + ") THEN json_array_length(" + c + ") END)";
}

// Inside the dimension's scale; an LLMScore judge's rating is the probability of its yes, 0 to 1.
constexpr std::string_view kInScale = "CASE WHEN r.kind = 'judge' AND r.protocol = 'llmscore' THEN g.value >= 0 AND "
                                      "g.value <= 1 ELSE g.value >= d.scale_min AND g.value <= d.scale_max END";

using RowReader = std::function<void(const Statement &, RuleViolation &)>;

void collect(Database &db, std::vector<RuleViolation> &out, const std::string &table, const std::string &sql,
             const RowReader &read)
{
    auto rows = db.prepare(sql);
    while (rows.step()) {
        RuleViolation v;
        v.table = table;
        read(rows, v);
        out.push_back(std::move(v));
    }
}

std::string key3(const char *a, std::int64_t x, const char *b, std::int64_t y, const char *c, std::int64_t z)
{
    return std::string(a) + " " + std::to_string(x) + ", " + b + " " + std::to_string(y) + ", " + c + " "
           + std::to_string(z);
}

} // namespace

std::vector<RuleViolation> DataRules::violations(Database &db)
{
    std::vector<RuleViolation> out;

    // Ratings: inside the scale; a person's on a labelled dimension, on a labelled point.
    collect(db, out, "ratings",
            "SELECT g.rater_id, g.candidate_id, g.dimension_id, g.value, d.scale_min, d.scale_max, d.name, r.name, "
            "CASE WHEN "
                + std::string(kInScale)
                + " THEN 1 ELSE 0 END, "
                  "CASE WHEN r.kind = 'judge' AND r.protocol = 'llmscore' THEN 1 ELSE 0 END "
                  "FROM ratings g JOIN dimensions d ON d.id = g.dimension_id JOIN raters r ON r.id = g.rater_id "
                  "WHERE NOT ("
                + std::string(kInScale) + ") OR (r.kind = 'human' AND " + listLength(db, "d.labels")
                + " > 0 AND g.value - d.scale_min <> round(g.value - d.scale_min)) "
                  "ORDER BY g.rater_id, g.candidate_id, g.dimension_id",
            [](const Statement &s, RuleViolation &v) {
                v.row = key3("rater_id", s.int64At(0), "candidate_id", s.int64At(1), "dimension_id", s.int64At(2));
                const std::string value = shortest(s.doubleAt(3));
                const std::string scale = shortest(s.doubleAt(4)) + " to " + shortest(s.doubleAt(5));
                if (s.int64At(9) == 1)
                    v.rule = "rating " + value + " by the LLMScore judge " + quoted(s.textAt(7))
                             + " is not a probability (0 to 1)";
                else
                    v.rule = s.int64At(8) == 0 ? "rating " + value + " by " + quoted(s.textAt(7))
                                                     + " is outside the scale of dimension " + quoted(s.textAt(6))
                                                     + " (" + scale + ")"
                                               : "rating " + value + " by " + quoted(s.textAt(7))
                                                     + " is not one of the labelled points of dimension "
                                                     + quoted(s.textAt(6)) + " (whole steps from " + scale + ")";
            });

    // Rankings: a summary of the ranking's own document, ranked within the number of its summaries.
    collect(db, out, "rankings",
            "SELECT k.rater_id, k.dimension_id, k.candidate_id, k.rank, k.document_id, c.document_id, "
            "(SELECT count(*) FROM candidates n WHERE n.document_id = k.document_id) "
            "FROM rankings k LEFT JOIN candidates c ON c.id = k.candidate_id "
            "WHERE c.document_id IS NULL OR c.document_id <> k.document_id "
            "OR k.rank > (SELECT count(*) FROM candidates n WHERE n.document_id = k.document_id) "
            "ORDER BY k.rater_id, k.dimension_id, k.candidate_id",
            [](const Statement &s, RuleViolation &v) {
                v.row = key3("rater_id", s.int64At(0), "dimension_id", s.int64At(1), "candidate_id", s.int64At(2));
                const auto own = s.optionalInt64At(5);
                if (!own || *own != s.int64At(4))
                    v.rule = "summary " + std::to_string(s.int64At(2)) + " is not a summary of document "
                             + std::to_string(s.int64At(4)) + ", which the ranking is of";
                else
                    v.rule = "rank " + std::to_string(s.int64At(3))
                             + " is above the number of the document's summaries (" + std::to_string(s.int64At(6))
                             + ")";
            });

    // Error spans: inside the summary, quoting its text at the offsets (characters, as the file stores them).
    collect(db, out, "error_spans",
            "SELECT s.id, s.candidate_id, s.char_start, s.char_end, length(c.text) FROM error_spans s "
            "JOIN candidates c ON c.id = s.candidate_id WHERE s.char_end > length(c.text) "
            "OR substr(c.text, CAST(s.char_start + 1 AS INTEGER), CAST(s.char_end - s.char_start AS INTEGER)) "
            "<> s.quote ORDER BY s.id",
            [](const Statement &s, RuleViolation &v) {
                v.row = "id " + std::to_string(s.int64At(0));
                const std::string at = std::to_string(s.int64At(2)) + " to " + std::to_string(s.int64At(3));
                v.rule = s.int64At(3) > s.int64At(4)
                             ? "the span " + at + " runs past the end of summary " + std::to_string(s.int64At(1)) + " ("
                                   + std::to_string(s.int64At(4)) + " characters)"
                             : "the quote is not the text of summary " + std::to_string(s.int64At(1))
                                   + " at characters " + at;
            });

    // Content units: one of the document's units.
    collect(db, out, "unit_marks",
            "SELECT m.rater_id, m.candidate_id, m.unit_index, " + listLength(db, "d.scus")
                + " FROM unit_marks m JOIN candidates c ON c.id = m.candidate_id JOIN documents d ON d.id = "
                  "c.document_id WHERE NOT (m.unit_index < coalesce("
                + listLength(db, "d.scus") + ", 0)) ORDER BY m.rater_id, m.candidate_id, m.unit_index",
            [](const Statement &s, RuleViolation &v) {
                v.row = key3("rater_id", s.int64At(0), "candidate_id", s.int64At(1), "unit_index", s.int64At(2));
                const auto units = s.optionalInt64At(3);
                v.rule = "unit " + std::to_string(s.int64At(2)) + " is not one of the document's units ("
                         + (units ? std::to_string(*units) + " units, counted from 0"
                                  : std::string("its list is not JSON"))
                         + ")";
            });

    // Pairwise verdicts: two summaries of one document.
    collect(db, out, "pairwise_outcomes",
            "SELECT p.id, p.candidate_a, p.candidate_b, a.document_id, b.document_id FROM pairwise_outcomes p "
            "LEFT JOIN candidates a ON a.id = p.candidate_a LEFT JOIN candidates b ON b.id = p.candidate_b "
            "WHERE a.document_id IS NULL OR b.document_id IS NULL OR a.document_id <> b.document_id ORDER BY p.id",
            [](const Statement &s, RuleViolation &v) {
                v.row = "id " + std::to_string(s.int64At(0));
                v.rule = "summaries " + std::to_string(s.int64At(1)) + " and " + std::to_string(s.int64At(2))
                         + " are not summaries of one document";
            });

    // Explanations: of the document as a whole (0) or of one of the study's dimensions.
    collect(db, out, "explanations",
            "SELECT e.id, e.dimension_id FROM explanations e WHERE e.dimension_id <> 0 AND NOT EXISTS "
            "(SELECT 1 FROM dimensions d WHERE d.id = e.dimension_id) ORDER BY e.id",
            [](const Statement &s, RuleViolation &v) {
                v.row = "id " + std::to_string(s.int64At(0));
                v.rule = "dimension " + std::to_string(s.int64At(1)) + " is not one of the study's dimensions";
            });
    return out;
}

} // namespace concord::store

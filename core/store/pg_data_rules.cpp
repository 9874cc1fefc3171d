// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/pg_data_rules.h"

#include "store/pg_connection.h"
#include "store/pg_result.h"

#include <array>
#include <string_view>

namespace concord::store {

namespace {

struct RuleTrigger {
    std::string_view table;
    std::string_view trigger;  // its name on the table
    std::string_view when;     // BEFORE ... ON
    std::string_view function; // concord_rule_<...>
    std::string_view body;     // PL/pgSQL; @s@ stands for the study's schema, quoted
};

// Each function names the study's tables with their schema: with search_path pinned to pg_catalog nothing
// another role plants can be picked up with the owner's rights.
constexpr std::array<RuleTrigger, 13> kRules{{
    {"ratings", "concord_rule", "INSERT OR UPDATE", "concord_rule_ratings", R"plpgsql(
DECLARE d record; probability boolean;
BEGIN
    SELECT name, scale_min, scale_max, labels INTO d FROM @s@.dimensions WHERE id = NEW.dimension_id;
    IF NOT FOUND THEN
        RETURN NEW; -- the foreign key refuses it
    END IF;
    -- An LLMScore judge's rating is the probability of its yes.
    probability := EXISTS (SELECT FROM @s@.raters WHERE id = NEW.rater_id AND kind = 'judge' AND protocol = 'llmscore');
    IF probability AND NOT (NEW.value >= 0 AND NEW.value <= 1) THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation',
            MESSAGE = format('rating %s of an LLMScore judge is not a probability (0 to 1)', NEW.value);
    END IF;
    IF NOT probability AND NOT (NEW.value >= d.scale_min AND NEW.value <= d.scale_max) THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation',
            MESSAGE = format('rating %s is outside the scale of dimension %L (%s to %s)', NEW.value, d.name,
                             d.scale_min, d.scale_max);
    END IF;
    IF NEW.value - d.scale_min <> round(NEW.value - d.scale_min) AND json_array_length(d.labels::json) > 0
       AND EXISTS (SELECT FROM @s@.raters WHERE id = NEW.rater_id AND kind = 'human') THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation',
            MESSAGE = format('rating %s is not one of the labelled points of dimension %L (whole steps from %s to %s)',
                             NEW.value, d.name, d.scale_min, d.scale_max);
    END IF;
    RETURN NEW;
END)plpgsql"},
    {"rankings", "concord_rule", "INSERT OR UPDATE", "concord_rule_rankings", R"plpgsql(
DECLARE own bigint; summaries bigint;
BEGIN
    SELECT document_id INTO own FROM @s@.candidates WHERE id = NEW.candidate_id;
    IF own IS DISTINCT FROM NEW.document_id THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation',
            MESSAGE = format('summary %s is not a summary of document %s, which the ranking is of', NEW.candidate_id,
                             NEW.document_id);
    END IF;
    SELECT count(*) INTO summaries FROM @s@.candidates WHERE document_id = NEW.document_id;
    IF NEW.rank > summaries THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation',
            MESSAGE = format('rank %s is above the number of the document''s summaries (%s)', NEW.rank, summaries);
    END IF;
    RETURN NEW;
END)plpgsql"},
    {"error_spans", "concord_rule", "INSERT OR UPDATE", "concord_rule_error_spans", R"plpgsql(
DECLARE summary text;
BEGIN
    SELECT text INTO summary FROM @s@.candidates WHERE id = NEW.candidate_id;
    IF NOT FOUND THEN
        RETURN NEW;
    END IF;
    IF NEW.char_end > length(summary) THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation',
            MESSAGE = format('the span %s to %s runs past the end of summary %s (%s characters)', NEW.char_start,
                             NEW.char_end, NEW.candidate_id, length(summary));
    END IF;
    IF substr(summary, NEW.char_start::integer + 1, (NEW.char_end - NEW.char_start)::integer) <> NEW.quote THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation',
            MESSAGE = format('the quote is not the text of summary %s at characters %s to %s', NEW.candidate_id,
                             NEW.char_start, NEW.char_end);
    END IF;
    RETURN NEW;
END)plpgsql"},
    {"unit_marks", "concord_rule", "INSERT OR UPDATE", "concord_rule_unit_marks", R"plpgsql(
DECLARE units bigint;
BEGIN
    SELECT json_array_length(d.scus::json) INTO units FROM @s@.candidates c JOIN @s@.documents d
        ON d.id = c.document_id WHERE c.id = NEW.candidate_id;
    IF NOT FOUND THEN
        RETURN NEW;
    END IF;
    IF NEW.unit_index >= units THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation',
            MESSAGE = format('unit %s is not one of the document''s units (%s units, counted from 0)', NEW.unit_index,
                             units);
    END IF;
    RETURN NEW;
END)plpgsql"},
    {"pairwise_outcomes", "concord_rule", "INSERT OR UPDATE", "concord_rule_pairwise_outcomes", R"plpgsql(
BEGIN
    IF NOT EXISTS (SELECT FROM @s@.candidates a JOIN @s@.candidates b ON b.document_id = a.document_id
                   WHERE a.id = NEW.candidate_a AND b.id = NEW.candidate_b) THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation',
            MESSAGE = format('summaries %s and %s are not summaries of one document', NEW.candidate_a,
                             NEW.candidate_b);
    END IF;
    RETURN NEW;
END)plpgsql"},
    {"explanations", "concord_rule", "INSERT OR UPDATE", "concord_rule_explanations", R"plpgsql(
BEGIN
    IF NEW.dimension_id <> 0 AND NOT EXISTS (SELECT FROM @s@.dimensions WHERE id = NEW.dimension_id) THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation',
            MESSAGE = format('dimension %s is not one of the study''s dimensions', NEW.dimension_id);
    END IF;
    RETURN NEW;
END)plpgsql"},
    // What is judged may not change under its judgements.
    {"dimensions", "concord_rule", "UPDATE OR DELETE", "concord_rule_dimensions", R"plpgsql(
BEGIN
    IF TG_OP = 'DELETE' THEN
        IF EXISTS (SELECT FROM @s@.explanations WHERE dimension_id = OLD.id) THEN
            RAISE EXCEPTION USING ERRCODE = 'check_violation',
                MESSAGE = format('dimension %L has explanations and cannot be removed', OLD.name);
        END IF;
        RETURN OLD;
    END IF;
    IF EXISTS (SELECT FROM @s@.ratings g JOIN @s@.raters r ON r.id = g.rater_id WHERE g.dimension_id = NEW.id
               AND (NOT (r.kind = 'judge' AND r.protocol = 'llmscore' OR g.value >= NEW.scale_min
                         AND g.value <= NEW.scale_max)
                    OR (r.kind = 'human' AND json_array_length(NEW.labels::json) > 0
                        AND g.value - NEW.scale_min <> round(g.value - NEW.scale_min)))) THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation',
            MESSAGE = format('the new scale of dimension %L would leave ratings made on it outside it', NEW.name);
    END IF;
    RETURN NEW;
END)plpgsql"},
    {"candidates", "concord_rule", "UPDATE OF text", "concord_rule_candidates", R"plpgsql(
BEGIN
    IF EXISTS (SELECT FROM @s@.error_spans s WHERE s.candidate_id = NEW.id AND (s.char_end > length(NEW.text)
               OR substr(NEW.text, s.char_start::integer + 1, (s.char_end - s.char_start)::integer) <> s.quote)) THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation',
            MESSAGE = format('the new text of summary %s would not hold the quotes of its error spans', NEW.id);
    END IF;
    RETURN NEW;
END)plpgsql"},
    {"documents", "concord_rule", "UPDATE OF scus", "concord_rule_documents", R"plpgsql(
BEGIN
    IF EXISTS (SELECT FROM @s@.unit_marks m JOIN @s@.candidates c ON c.id = m.candidate_id
               WHERE c.document_id = NEW.id AND m.unit_index >= json_array_length(NEW.scus::json)) THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation',
            MESSAGE = format('the new content units of document %L would leave marks on units it no longer has',
                             NEW.external_id);
    END IF;
    RETURN NEW;
END)plpgsql"},
    // Only people are assigned documents, and one who has some stays a person.
    {"assignments", "concord_rule", "INSERT OR UPDATE", "concord_rule_assignments", R"plpgsql(
BEGIN
    IF NOT EXISTS (SELECT FROM @s@.raters WHERE id = NEW.annotator_id AND kind = 'human') THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation',
            MESSAGE = format('documents are assigned to people only, not to a judge or a metric (rater %s)',
                             NEW.annotator_id);
    END IF;
    RETURN NEW;
END)plpgsql"},
    {"raters", "concord_rule", "UPDATE OF kind", "concord_rule_raters", R"plpgsql(
BEGIN
    IF NEW.kind <> 'human' AND (EXISTS (SELECT FROM @s@.assignments WHERE annotator_id = NEW.id)
                                OR EXISTS (SELECT FROM @s@.reviews WHERE NEW.id IN (annotator_id, returned_to))) THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation',
            MESSAGE = format('rater %L has assigned or reviewed documents and stays a person', NEW.name);
    END IF;
    RETURN NEW;
END)plpgsql"},
    // A decision is a record: never changed (nobody but the owner may try). Who decided is the login that
    // records it; only the study's owner (publish, a merge) writes decisions made under other names.
    {"reviews", "concord_rule", "INSERT OR UPDATE", "concord_rule_reviews", R"plpgsql(
BEGIN
    IF TG_OP = 'UPDATE' THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation',
            MESSAGE = 'a review decision is a record and is never changed';
    END IF;
    IF NOT EXISTS (SELECT FROM @s@.raters WHERE id = NEW.annotator_id AND kind = 'human')
       OR (NEW.returned_to IS NOT NULL
           AND NOT EXISTS (SELECT FROM @s@.raters WHERE id = NEW.returned_to AND kind = 'human')) THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation',
            MESSAGE = 'a review is of a person''s work, and returned work goes to a person';
    END IF;
    IF NEW.reviewer IS DISTINCT FROM session_user::text AND NOT pg_has_role(session_user,
           (SELECT relowner FROM pg_class WHERE oid = '@s@.reviews'::regclass), 'MEMBER') THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation',
            MESSAGE = format('a review decision is recorded under the reviewer''s own login (%s), not %L',
                             session_user, NEW.reviewer);
    END IF;
    RETURN NEW;
END)plpgsql"},
    {"judge_batches", "concord_rule", "UPDATE", "concord_rule_judge_batches", R"plpgsql(
BEGIN
    IF OLD.remote_id IS NOT NULL AND NEW.remote_id IS DISTINCT FROM OLD.remote_id THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation', MESSAGE = 'a batch keeps the id its provider gave it';
    END IF;
    IF OLD.state = 'fetched' AND NEW.state <> 'fetched' THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation',
            MESSAGE = 'a batch whose results are stored stays fetched';
    END IF;
    RETURN NEW;
END)plpgsql"},
}};

std::string replaced(std::string_view text, std::string_view placeholder, const std::string &with)
{
    std::string out;
    std::size_t from = 0;
    for (std::size_t at = text.find(placeholder); at != std::string_view::npos;
         from = at + placeholder.size(), at = text.find(placeholder, from)) {
        out.append(text.substr(from, at - from));
        out.append(with);
    }
    out.append(text.substr(from));
    return out;
}

} // namespace

void PgDataRules::create(PgConnection &connection)
{
    const std::string study(connection.query("SELECT quote_ident(current_schema())").text(0, 0));
    const std::string owner(
        connection
            .query("SELECT quote_ident(r.rolname) FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner "
                   "WHERE c.oid = to_regclass($1)",
                   {study + ".documents"})
            .text(0, 0));
    for (const RuleTrigger &rule : kRules) {
        const std::string function = study + "." + std::string(rule.function) + "()";
        const std::string body = replaced(rule.body, "@s@", study);
        // The body goes in as a literal the server quotes, so nothing in it ends the definition early.
        const std::string define(connection
                                     .query("SELECT format('CREATE OR REPLACE FUNCTION %s RETURNS trigger "
                                            "LANGUAGE plpgsql SECURITY DEFINER "
                                            "SET search_path = pg_catalog, pg_temp AS %L', $1::text, $2::text)",
                                            {function, body})
                                     .text(0, 0));
        connection.script(define);
        connection.script("ALTER FUNCTION " + function + " OWNER TO " + owner);
        connection.script("REVOKE ALL ON FUNCTION " + function + " FROM PUBLIC");
        const std::string table = study + "." + std::string(rule.table);
        // Dropped only when there: DROP ... IF EXISTS would print a notice on every user's terminal.
        if (connection
                .query("SELECT count(*) FROM pg_trigger WHERE tgrelid = to_regclass($1) AND tgname = $2",
                       {table, std::string(rule.trigger)})
                .integer(0, 0)
            > 0)
            connection.script("DROP TRIGGER " + std::string(rule.trigger) + " ON " + table);
        connection.script("CREATE TRIGGER " + std::string(rule.trigger) + " BEFORE " + std::string(rule.when) + " ON "
                          + table + " FOR EACH ROW EXECUTE FUNCTION " + function);
    }
}

std::vector<std::string> PgDataRules::missing(PgConnection &connection)
{
    std::vector<std::string> out;
    for (const RuleTrigger &rule : kRules) {
        const PgResult found
            = connection.query("SELECT count(*) FROM pg_trigger t WHERE t.tgrelid = to_regclass($1) AND t.tgname = $2 "
                               "AND NOT t.tgisinternal AND t.tgenabled <> 'D' AND t.tgfoid = to_regprocedure($3)",
                               {std::string(rule.table), std::string(rule.trigger), std::string(rule.function) + "()"});
        if (found.integer(0, 0) == 0)
            out.emplace_back(rule.table);
    }
    return out;
}

} // namespace concord::store

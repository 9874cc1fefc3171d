// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/pg_notifications.h"

#include "store/pg_connection.h"
#include "store/pg_transaction.h"

#include <optional>
#include <string>

namespace concord::store {

namespace {

// The trigger function, in the study's schema (%SCHEMA% is its quoted name). It names every object it uses
// by schema, and its own search_path leaves out every schema a team member could create in: whoever writes
// may set any search_path for their session, and a function of theirs named pg_notify ahead of pg_catalog
// must never run in its place. It runs with the writer's rights (pg_notify needs none) and is no one's to
// call directly: EXECUTE is checked when a trigger is created, not when it fires.
constexpr std::string_view kFunction = R"sql(
CREATE OR REPLACE FUNCTION %SCHEMA%.concord_notify_change() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp
AS $notify$
BEGIN
    PERFORM pg_catalog.pg_notify('concord_study', TG_TABLE_NAME::text);
    RETURN NULL;
END
$notify$;
REVOKE ALL ON FUNCTION %SCHEMA%.concord_notify_change() FROM PUBLIC;
)sql";
static_assert(kFunction.find("'concord_study'") != std::string_view::npos, "the trigger sends on kChannel");

std::string replaced(std::string_view text, std::string_view placeholder, const std::string &with)
{
    std::string out(text);
    for (auto at = out.find(placeholder); at != std::string::npos; at = out.find(placeholder, at + with.size()))
        out.replace(at, placeholder.size(), with);
    return out;
}

} // namespace

const std::vector<std::string_view> &PgNotifications::tables()
{
    // What the lead's Progress and Agreement follow: every judgement, and what judgements are about.
    // judge_runs and judge_calls are left out: a judge's ratings announce its run, once per statement
    // rather than once per call.
    static const std::vector<std::string_view> names{
        "ratings",      "rankings",   "error_spans",         "pairwise_outcomes",
        "explanations", "unit_marks", "presentation_orders", "documents",
        "candidates",   "systems",    "dimensions",          "raters"};
    return names;
}

void PgNotifications::create(PgConnection &connection)
{
    std::optional<PgTransaction> transaction;
    if (!connection.inTransaction())
        transaction.emplace(connection);
    const std::string schema = connection.quotedIdentifier(connection.query("SELECT current_schema()").text(0, 0));
    connection.script(replaced(kFunction, "%SCHEMA%", schema));
    for (const std::string_view table : tables()) {
        const std::string quoted = schema + "." + connection.quotedIdentifier(table);
        // Once per table: a trigger already there is this one (CREATE OR REPLACE TRIGGER needs version 14).
        const PgResult existing = connection.query(
            "SELECT count(*) FROM pg_catalog.pg_trigger WHERE tgrelid = $1::regclass AND tgname = 'concord_notify'",
            {quoted});
        if (existing.integer(0, 0) != 0)
            continue;
        connection.script("CREATE TRIGGER concord_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON " + quoted
                          + " FOR EACH STATEMENT EXECUTE FUNCTION " + schema + ".concord_notify_change()");
    }
    if (transaction)
        transaction->commit();
}

} // namespace concord::store

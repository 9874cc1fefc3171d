// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/pg_team.h"

#include "model/dimension.h"
#include "model/json_text.h"
#include "store/annotation_plan.h"
#include "store/annotation_progress.h"
#include "store/pg_connection.h"
#include "store/pg_schema.h"
#include "store/pg_transaction.h"
#include "store/study.h"

#include "error.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>

namespace concord::store {

namespace {

using model::Id;

std::string trimmed(std::string_view text)
{
    const auto isSpace
        = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; };
    while (!text.empty() && isSpace(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back()))
        text.remove_suffix(1);
    return std::string(text);
}

bool hasControlCharacter(std::string_view text)
{
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte == 0x7f)
            return true;
    }
    return false;
}

[[noreturn]] void failAt(const PgConnection &connection, const std::string &what)
{
    fail("PostgreSQL at " + connection.display() + ": " + what);
}

// The study and its access rules must be there: a person added to a database without them could read
// everything their login role happens to be granted, or nothing at all.
void requireTeamStudy(PgConnection &connection)
{
    if (!PgSchema::version(connection))
        failAt(connection, "holds no Concord study (concord-cli publish puts one there)");
    const PgResult rules = connection.query(
        "SELECT to_regrole('concord_annotator') IS NOT NULL AND to_regrole('concord_lead') IS NOT NULL "
        "AND (SELECT relrowsecurity FROM pg_class WHERE oid = to_regclass('raters'))");
    if (rules.text(0, 0) != "t")
        failAt(connection, "the study has no team access rules (roles concord_annotator and concord_lead, row-level "
                           "security); concord-cli publish creates them");
}

const char *groupRole(TeamRole role)
{
    switch (role) {
    case TeamRole::Lead:
        return "concord_lead";
    case TeamRole::Reviewer:
        return "concord_reviewer";
    case TeamRole::Annotator:
        break;
    }
    return "concord_annotator";
}

int jsonListSize(std::string_view text)
{
    const nlohmann::json list = model::JsonText::parseOrDiscarded(text);
    return list.is_array() ? static_cast<int>(list.size()) : 0;
}

// The study's dimensions as the annotation plan needs them: id, name and kind, in the study's order.
std::vector<model::Dimension> readDimensions(PgConnection &connection)
{
    std::vector<model::Dimension> out;
    const PgResult rows = connection.query("SELECT id, name, kind FROM dimensions ORDER BY position, id");
    for (int row = 0; row < rows.rows(); ++row) {
        model::Dimension d;
        d.id = rows.integer(row, 0);
        d.name = std::string(rows.text(row, 1));
        d.kind = model::dimensionKindFromString(rows.text(row, 2)).value_or(model::DimensionKind::Likert);
        out.push_back(std::move(d));
    }
    return out;
}

std::optional<std::string> readInfo(PgConnection &connection, std::string_view key)
{
    const PgResult row = connection.query("SELECT value FROM study_info WHERE key = $1", {std::string(key)});
    if (row.rows() == 0)
        return std::nullopt;
    return std::string(row.text(0, 0));
}

// Study::annotatorTallies for every listed rater at once: the same counts, one query per kind of answer,
// grouped by rater and document. The summaries are read as an annotator may read them (PgSchema), since an
// annotator lists their own progress too.
std::map<Id, std::vector<AnnotatorTally>> readTallies(PgConnection &connection, const std::vector<Id> &raters)
{
    std::vector<AnnotatorTally> documents;
    std::map<Id, std::size_t> at;
    {
        const PgResult rows
            = connection.query("SELECT d.id, COALESCE(n.summaries, 0), d.scus FROM documents d LEFT JOIN (SELECT "
                               "document_id, count(*) AS summaries FROM concord_summary_ids() GROUP BY document_id) n "
                               "ON n.document_id = d.id ORDER BY d.id");
        for (int row = 0; row < rows.rows(); ++row) {
            AnnotatorTally t;
            t.document = rows.integer(row, 0);
            t.candidates = static_cast<int>(rows.integer(row, 1));
            const std::string_view scus = rows.text(row, 2);
            t.units = scus.size() <= 2 ? 0 : jsonListSize(scus);
            at[t.document] = documents.size();
            documents.push_back(std::move(t));
        }
    }
    std::map<Id, std::vector<AnnotatorTally>> out;
    for (const Id rater : raters)
        out[rater] = documents;
    const auto tally = [&](Id rater, Id document) -> AnnotatorTally * {
        const auto of = out.find(rater);
        const auto it = at.find(document);
        return of == out.end() || it == at.end() ? nullptr : &of->second[it->second];
    };
    {
        const PgResult rows = connection.query(
            "SELECT r.rater_id, c.document_id, r.dimension_id, count(*) FROM ratings r "
            "JOIN concord_summary_ids() c ON c.id = r.candidate_id GROUP BY r.rater_id, c.document_id, r.dimension_id");
        for (int row = 0; row < rows.rows(); ++row)
            if (auto *t = tally(rows.integer(row, 0), rows.integer(row, 1)))
                t->ratings[rows.integer(row, 2)] = static_cast<int>(rows.integer(row, 3));
    }
    {
        const PgResult rows
            = connection.query("SELECT rater_id, document_id, dimension_id, rank FROM rankings ORDER BY rater_id, "
                               "document_id, dimension_id, candidate_id");
        for (int row = 0; row < rows.rows(); ++row)
            if (auto *t = tally(rows.integer(row, 0), rows.integer(row, 1)))
                t->ranks[rows.integer(row, 2)].push_back(static_cast<int>(rows.integer(row, 3)));
    }
    {
        const PgResult rows = connection.query(
            "SELECT rater_id, document_id, dimension_id FROM explanations WHERE text <> '' ORDER BY rater_id, "
            "document_id, dimension_id");
        for (int row = 0; row < rows.rows(); ++row)
            if (auto *t = tally(rows.integer(row, 0), rows.integer(row, 1)))
                t->explained.push_back(rows.integer(row, 2));
    }
    {
        const PgResult rows = connection.query(
            "SELECT u.rater_id, c.document_id, count(*) FROM unit_marks u JOIN concord_summary_ids() c ON "
            "c.id = u.candidate_id GROUP BY u.rater_id, c.document_id");
        for (int row = 0; row < rows.rows(); ++row)
            if (auto *t = tally(rows.integer(row, 0), rows.integer(row, 1)))
                t->unitMarks = static_cast<int>(rows.integer(row, 2));
    }
    return out;
}

} // namespace

Id PgTeam::addMember(PgConnection &connection, std::string_view name, std::string_view group, TeamRole role)
{
    const std::string person = trimmed(name);
    const std::string team = trimmed(group);
    if (person.empty())
        fail("a team member needs a name", "name");
    if (person.size() > kMaxNameBytes)
        fail("the name '" + person + "' is longer than PostgreSQL's " + std::to_string(kMaxNameBytes)
                 + " bytes for a role",
             "name");
    if (hasControlCharacter(person))
        fail("a team member's name must be one line without control characters", "name");
    if (hasControlCharacter(team))
        fail("a group name must be one line without control characters", "group");

    PgTransaction transaction(connection);
    requireTeamStudy(connection);
    // Asked first, so the refusal names the privilege rather than the statement it stopped.
    const PgResult may
        = connection.query("SELECT current_user, rolsuper OR rolcreaterole FROM pg_roles WHERE rolname = current_user");
    if (may.rows() != 1 || may.text(0, 1) != "t")
        failAt(connection, "role '" + std::string(may.rows() == 1 ? may.text(0, 0) : "?")
                               + "' may not create login roles: adding a team member needs the CREATEROLE privilege");
    // Rules set by an owner who could not create the reviewers' role, or by a Concord before it, have none for
    // reviewers (the role may still exist, made for another study of the cluster): the first reviewer brings them,
    // which takes the owner of the study's tables (policies are the owner's to make).
    const bool reviewerRules = connection
                                   .query("SELECT EXISTS (SELECT FROM pg_policies WHERE schemaname = current_schema() "
                                          "AND tablename = 'reviews' AND policyname = 'reviewer_decides')")
                                   .text(0, 0)
                               == "t";
    if (role == TeamRole::Reviewer && !reviewerRules) {
        if (connection
                .query("SELECT pg_has_role((SELECT relowner FROM pg_class WHERE oid = to_regclass('documents')), "
                       "'MEMBER')")
                .text(0, 0)
            != "t")
            failAt(connection, "the study's access rules have none for reviewers yet, and only the owner of the "
                               "study's tables can set them: the owner adds the first reviewer");
        // The rules' NOTICEs (policies not there to drop) are no news to whoever adds a member.
        connection.query("SET LOCAL client_min_messages = warning");
        PgSchema::createReviewerRules(connection);
    }
    if (connection.query("SELECT 1 FROM pg_roles WHERE rolname = $1", {person}).rows() > 0)
        failAt(connection, "a role named '" + person + "' already exists in the cluster: choose another name");
    if (connection.query("SELECT 1 FROM raters WHERE name = $1", {person}).rows() > 0)
        failAt(connection, "the study already has a rater named '" + person + "'");

    // CREATE ROLE and GRANT take no parameters: the name goes in as a quoted identifier. No PASSWORD clause:
    // Concord never holds one.
    const std::string quoted = connection.quotedIdentifier(person);
    connection.query("CREATE ROLE " + quoted + " LOGIN");
    connection.query(std::string("GRANT ") + groupRole(role) + " TO " + quoted);
    // The group roles reach every study in the cluster; CONNECT, which publish takes from PUBLIC, keeps a
    // member to this one.
    const std::string database = connection.quotedIdentifier(connection.query("SELECT current_database()").text(0, 0));
    connection.query("GRANT CONNECT ON DATABASE " + database + " TO " + quoted);
    const PgResult rater = connection.query(
        "INSERT INTO raters (name, kind, grp) VALUES ($1, 'human', $2) RETURNING id", {person, team});
    const Id id = rater.integer(0, 0);
    transaction.commit();
    return id;
}

TeamLogin PgTeam::login(PgConnection &connection)
{
    // session_user, not current_user: the access rules' functions run as their owner, and every rule is by
    // login. A study's owner or a superuser leads whatever group roles exist.
    // Each test stands in a CASE of its own: a role or table that is not there is no privilege, not an error.
    const PgResult row = connection.query(R"sql(
        SELECT session_user,
               CASE WHEN to_regrole('concord_lead') IS NOT NULL
                         AND pg_has_role(session_user, to_regrole('concord_lead'), 'MEMBER') THEN true
                    WHEN to_regclass('documents') IS NOT NULL THEN pg_has_role(session_user,
                         (SELECT relowner FROM pg_class WHERE oid = to_regclass('documents')), 'MEMBER')
                    ELSE false END,
               CASE WHEN to_regrole('concord_annotator') IS NULL THEN false
                    ELSE pg_has_role(session_user, to_regrole('concord_annotator'), 'MEMBER') END,
               CASE WHEN to_regrole('concord_reviewer') IS NULL THEN false
                    ELSE pg_has_role(session_user, to_regrole('concord_reviewer'), 'MEMBER') END,
               CASE WHEN to_regclass('raters') IS NULL THEN false
                    ELSE has_table_privilege(session_user, to_regclass('raters'), 'INSERT') END,
               CASE WHEN to_regclass('raters') IS NULL THEN false
                    ELSE has_column_privilege(session_user, to_regclass('raters'), 'grp', 'SELECT') END)sql");
    TeamLogin login;
    login.name = std::string(row.text(0, 0));
    login.lead = row.text(0, 1) == "t";
    login.annotator = !login.lead && row.text(0, 2) == "t";
    login.reviewer = !login.lead && row.text(0, 3) == "t";
    login.mayAddRaters = row.text(0, 4) == "t";
    login.mayReadGroups = row.text(0, 5) == "t";
    return login;
}

std::vector<TeamMember> PgTeam::list(PgConnection &connection)
{
    // One snapshot: the counts of every member belong to the same moment. Nothing is written; the transaction
    // is rolled back when it goes.
    PgTransaction transaction(connection);
    connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    if (!PgSchema::version(connection))
        failAt(connection, "holds no Concord study (concord-cli publish puts one there)");
    const bool teamRoles
        = connection
              .query("SELECT to_regrole('concord_annotator') IS NOT NULL AND to_regrole('concord_lead') IS "
                     "NOT NULL")
              .text(0, 0)
          == "t";
    // The membership test names the group roles, which exist only once access rules were created (the
    // reviewers' only with rules set by a Concord that knows them).
    const bool reviewers = connection.query("SELECT to_regrole('concord_reviewer') IS NOT NULL").text(0, 0) == "t";
    const std::string access
        = teamRoles ? std::string("CASE WHEN o.oid IS NULL THEN '' WHEN o.rolsuper THEN 'superuser' "
                                  "WHEN pg_has_role(o.oid, 'concord_lead', 'MEMBER') THEN 'lead' ")
                          + (reviewers ? "WHEN pg_has_role(o.oid, 'concord_reviewer', 'MEMBER') THEN 'reviewer' " : "")
                          + "WHEN pg_has_role(o.oid, 'concord_annotator', 'MEMBER') THEN 'annotator' ELSE 'other' END"
                    : "CASE WHEN o.oid IS NULL THEN '' WHEN o.rolsuper THEN 'superuser' ELSE 'other' END";
    // An annotator may read only some of raters' columns: id, name and kind.
    const bool seesGroups
        = connection.query("SELECT has_column_privilege('raters', 'grp', 'SELECT')").text(0, 0) == "t";
    const PgResult rows = connection.query("SELECT r.id, r.name, " + std::string(seesGroups ? "r.grp" : "''")
                                           + ", o.oid IS NOT NULL AND o.rolcanlogin, " + access
                                           + " FROM raters r LEFT JOIN pg_roles o ON o.rolname = r.name "
                                             "WHERE r.kind = 'human' ORDER BY r.id");
    std::vector<TeamMember> members;
    std::vector<Id> ids;
    for (int row = 0; row < rows.rows(); ++row) {
        TeamMember m;
        m.rater = rows.integer(row, 0);
        m.name = std::string(rows.text(row, 1));
        m.group = std::string(rows.text(row, 2));
        m.groupKnown = seesGroups;
        m.login = rows.text(row, 3) == "t";
        m.role = std::string(rows.text(row, 4));
        ids.push_back(m.rater);
        members.push_back(std::move(m));
    }
    const auto dimensions = readDimensions(connection);
    const AnnotationProgress progress(AnnotationPlan::of(readInfo(connection, AnnotationPlan::kInfoKey), dimensions),
                                      dimensions);
    const auto tallies = readTallies(connection, ids);
    for (TeamMember &m : members) {
        std::vector<DocumentProgress> documents;
        for (const AnnotatorTally &t : tallies.at(m.rater))
            documents.push_back(progress.of(t));
        const ProgressSummary summary = AnnotationProgress::summarise(documents);
        m.documents = summary.documents;
        m.finished = summary.finished;
        m.started = summary.started;
        for (const DocumentProgress &p : documents) {
            m.answered += p.answered;
            m.asked += p.asked;
        }
    }
    return members;
}

std::vector<std::string> PgTeam::annotators(PgConnection &connection)
{
    // The same order of tests as list()'s role: a lead or a reviewer granted concord_annotator too is not one.
    // The group roles are the cluster's: a database without a study has them too, but no raters.
    const PgResult roles = connection.query("SELECT to_regrole('concord_annotator') IS NOT NULL "
                                            "AND to_regrole('concord_lead') IS NOT NULL AND to_regclass('raters') IS "
                                            "NOT NULL, to_regrole('concord_reviewer') IS NOT NULL");
    if (roles.text(0, 0) != "t")
        return {};
    const std::string reviewer
        = roles.text(0, 1) == "t" ? " AND NOT pg_has_role(o.oid, 'concord_reviewer', 'MEMBER')" : "";
    const PgResult rows = connection.query(
        "SELECT r.name FROM raters r JOIN pg_roles o ON o.rolname = r.name WHERE r.kind = 'human' AND NOT o.rolsuper "
        "AND NOT pg_has_role(o.oid, 'concord_lead', 'MEMBER')"
        + reviewer + " AND pg_has_role(o.oid, 'concord_annotator', 'MEMBER') ORDER BY r.id");
    std::vector<std::string> names;
    for (int row = 0; row < rows.rows(); ++row)
        names.emplace_back(rows.text(row, 0));
    return names;
}

} // namespace concord::store

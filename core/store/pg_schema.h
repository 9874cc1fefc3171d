// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>

namespace concord::store {

class PgConnection;

// A study's schema on PostgreSQL: the tables of the study file (store/schema) at its current version, in
// the connection's current schema (search_path). The version is kept in the one-row table
// concord_schema(version), which plays PRAGMA user_version's part and marks the database as a study.
class PgSchema {
public:
    // The version a new study is created at; the same number as the study file's (Schema::currentVersion).
    static int currentVersion();
    // The version the database holds, nothing when it holds no study (no concord_schema table).
    static std::optional<int> version(PgConnection &connection);
    // Creates every table, index, the change notifications (PgNotifications) and the version row in one
    // transaction. A database that already holds a
    // study is refused unchanged, as is one where any statement fails (a table of that name exists).
    // It and createAccessRules run inside the caller's transaction when one is open (publish does it all in one).
    static void create(PgConnection &connection);
    // The team's access rules on a created study, in one transaction, again as often as wanted: group roles
    // concord_lead (everything) and concord_annotator (documents, dimensions and summary texts; their own
    // judgements only, by row-level security; no system names, other raters or judge records). Needs a
    // role that may create roles and owns the tables. A person's login role is granted one of the two;
    // an annotator's rater is named like their login role. Adds the change notifications where missing.
    // The reviewers' rules (group role concord_reviewer) are among them only when that role exists or the role
    // setting them may create it: a study works without reviewers.
    static void createAccessRules(PgConnection &connection);
    // The reviewers' rules alone, creating their role when missing (CREATEROLE), as createAccessRules sets them;
    // in the caller's transaction when one is open. Needs the role that owns the study's tables.
    static void createReviewerRules(PgConnection &connection);
    // Brings a study of an earlier version to the current one, in one transaction; false when it is current
    // already. Needs the role that owns the study's tables.
    static bool upgrade(PgConnection &connection);
};

} // namespace concord::store

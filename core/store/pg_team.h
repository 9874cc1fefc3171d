// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ids.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace concord::store {

class PgConnection;

// What a team member may do in a team study: the group role their login role is granted
// (PgSchema::createAccessRules). A reviewer reads everyone's work and records decisions and adjudicated labels,
// but annotates nothing and is given no documents.
enum class TeamRole { Annotator, Lead, Reviewer };

// One human rater of a team study with their login and how far they are, counted by the rule the
// Annotate view counts a study file's progress by (store/annotation_progress).
struct TeamMember {
    model::Id rater = 0;
    std::string name;
    std::string group;      // empty: no group, or one the connecting role may not read (groupKnown)
    bool groupKnown = true; // false for an annotator, whom the server does not let read groups
    bool login = false;     // a login role of the rater's name exists in the cluster
    std::string role;       // "lead", "reviewer", "annotator", "superuser", "other" (no group role), "" without login
    int documents = 0;      // the study's documents
    int finished = 0;       // documents with everything asked answered
    int started = 0;        // documents with some answer, not finished
    int answered = 0;       // answers given, over all documents
    int asked = 0;          // answers the annotation plan asks, over all documents
};

// Who is connected to a team study, as its server says: the login (session_user), whose rater an annotator
// annotates as (the access rules match an annotator's judgements by rater name), and what the login's
// privileges let it do there. The UI mirrors these; the server enforces them.
struct TeamLogin {
    std::string name;           // the login role, and the name of the login's own rater
    bool lead = false;          // a member of concord_lead (or the study's owner, or a superuser)
    bool annotator = false;     // a member of concord_annotator and no lead: a blind session (Study::isBlind)
    bool reviewer = false;      // a member of concord_reviewer and no lead (Study::isReviewer)
    bool mayAddRaters = false;  // may insert raters (a new annotator's rater)
    bool mayReadGroups = false; // may read the raters' groups (an annotator may not)
};

// The people of a team study on PostgreSQL: a person is a login role of the cluster, granted concord_annotator,
// concord_reviewer or concord_lead, and the human rater of the same name (the access rules match an annotator's judgements
// by rater name = current_user). Concord sets no password: the database's administrator gives one, or the
// cluster lets the person in by certificate or peer authentication.
class PgTeam {
public:
    // Longest role name PostgreSQL keeps (NAMEDATALEN - 1 bytes); a longer one would be cut short and no
    // longer match its rater.
    static constexpr std::size_t kMaxNameBytes = 63;

    // Creates the login role NAME (no password) granted ROLE's group role, and the human rater NAME in GROUP,
    // in one transaction; returns the rater's id. NAME and GROUP are trimmed. Refused with nothing changed
    // (concord::Failure, one line): no study or no access rules in the database, a connecting role without
    // CREATEROLE, an empty, too long or multi-line name, a role or a rater of that name already there, a
    // reviewer on a study whose access rules predate the reviewer role.
    static model::Id addMember(PgConnection &connection, std::string_view name, std::string_view group, TeamRole role);
    // The connecting login and what it may do (no study needed: nothing of the study is read).
    static TeamLogin login(PgConnection &connection);
    // Every human rater the connecting role may see (a lead: all; an annotator: themselves), in rater order.
    static std::vector<TeamMember> list(PgConnection &connection);
    // The human raters the connecting role may see whose login annotates (role "annotator" in list(): granted
    // concord_annotator, and neither lead, reviewer nor superuser), in rater order: whom rejected work may be sent
    // to. Without list()'s progress, so cheap enough for every read of the review queue. Empty without team roles.
    static std::vector<std::string> annotators(PgConnection &connection);
};

} // namespace concord::store

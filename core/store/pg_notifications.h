// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string_view>
#include <vector>

namespace concord::store {

class PgConnection;

// How a team study tells whoever follows it that its contents changed: a trigger on each table of
// judgements (and of documents, summaries, dimensions and raters) sends a notification on one channel
// for every statement that wrote the table, which PostgreSQL delivers when the transaction commits and
// never when it rolls back; several statements on one table in one transaction give one. The payload is
// the table's name and nothing else, since every member of the team may LISTEN: no rater, no value.
class PgNotifications {
public:
    // The channel the notifications go out on (store/pg_listener listens on it).
    static constexpr std::string_view kChannel = "concord_study";

    // The tables whose changes are announced.
    static const std::vector<std::string_view> &tables();

    // Creates (or puts back) the trigger function and the triggers, again as often as wanted, in the
    // connection's current schema; the connecting role owns the function. Runs in the caller's transaction
    // when one is open (PgSchema::create and createAccessRules call it).
    static void create(PgConnection &connection);
};

} // namespace concord::store

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

namespace concord::store {

class PgConnection;

// The rules Concord keeps on judgements (DataRules), kept by the server of a team study: a trigger on each
// table of judgements refuses a row that breaks one, whoever writes it, an annotator's own login with a SQL
// client included; and triggers on dimensions, summaries and documents refuse a change that would leave a
// stored judgement breaking one. The trigger functions run with the rights of the study's owner (they read
// the summaries, which an annotator may not), in the study's schema with a pinned search_path, and refuse
// with SQLSTATE 23514 (check_violation) and a message naming the values.
class PgDataRules {
public:
    // Creates (or replaces) every function and trigger, as often as wanted; inside the caller's transaction.
    // Needs the role that owns the study's tables.
    static void create(PgConnection &connection);
    // The tables whose rule trigger is missing or disabled; empty when the server keeps every rule.
    static std::vector<std::string> missing(PgConnection &connection);
};

} // namespace concord::store

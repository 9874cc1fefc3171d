// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <string>
#include <vector>

namespace concord::store {

class Database;
class Study;

// What a check of a study file found: one line per problem; none when the study is healthy.
struct StudyCheckReport {
    std::vector<std::string> problems;
    std::string name;    // a team study as it may be shown (without its password); empty for a file
    bool shared = false; // a team study
    bool healthy() const { return problems.empty(); }
};

// Checks a study the way `concord-cli check` and File > Check Study do. A study file: SQLite's own
// integrity_check and foreign_key_check, the schema (every table, column, index and trigger the study
// format defines, and a format version this Concord knows), then every stored row against the data rules
// (DataRules). A team study: its format, whether the server keeps the data rules (PgDataRules), and the
// rows. Read-only: nothing is changed.
class StudyCheck {
public:
    // An Error only when the study cannot be checked at all (missing, not a study, newer format).
    static Result<StudyCheckReport> run(const std::string &pathOrUri);
    // The same checks on an open study file's connection.
    static StudyCheckReport run(Database &db);
    // The checks of a team study.
    static StudyCheckReport runShared(Study &study);
};

} // namespace concord::store

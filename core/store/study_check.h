// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <string>
#include <vector>

namespace concord::store {

class Database;

// What a check of a study file found: one line per problem; none when the study is healthy.
struct StudyCheckReport {
    std::vector<std::string> problems;
    bool healthy() const { return problems.empty(); }
};

// Checks a study file the way `concord-cli check` and File > Check Study do: SQLite's own
// integrity_check and foreign_key_check, then the schema (every table, column and index the study
// format defines, and a format version this Concord knows). Read-only: the file is not changed.
class StudyCheck {
public:
    // An Error only when the file cannot be checked at all (missing, not a study, newer format).
    static Result<StudyCheckReport> run(const std::string &path);
    // The same checks on an open connection.
    static StudyCheckReport run(Database &db);
};

} // namespace concord::store

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

namespace concord::store {

// What a publish or a pull copied.
struct CopyReport {
    std::int64_t tables = 0;
    std::int64_t rows = 0;
};

// A file study onto PostgreSQL for a team, and a team study back into a file (docs/architecture.md,
// "Team studies on PostgreSQL"). Both copy every table of the study (store/study_tables) with the same ids,
// but for the summaries': publish draws new ones at random (store/candidate_renumbering), so that no
// annotator can tell from the ids which summaries one system wrote. A study published and pulled again
// holds the same rows, its summaries under their new ids. The connection is a libpq connection string or
// URI, given to libpq as it is (passwords from ~/.pgpass, PGPASSWORD, service files or client certificates;
// sslmode honoured); no message names it with its password.
class StudyPublisher {
public:
    // Told the rows copied so far of all there are to copy.
    using Progress = std::function<void(std::int64_t rowsDone, std::int64_t rowsTotal)>;

    // Copies the study file into a database that holds no study, all or nothing in one transaction: the
    // schema, every row with its id (identity sequences moved on past them; summaries renumbered at random
    // wherever their ids are held), and the team's access rules
    // (store/pg_schema), which need a role that may create roles unless they exist already. The file is
    // only read (an older study format is refused with the upgrade hint). A cancel (cancel set) or any
    // error leaves the database as it was.
    static Result<CopyReport> publish(const std::string &studyPath, const std::string &connection,
                                      const Progress &progress = {}, const std::atomic<bool> *cancel = nullptr);

    // Writes a consistent snapshot of the database's study (one REPEATABLE READ transaction) to a new study
    // file at outPath, of the same format version. It is written beside outPath under a temporary name
    // and renamed into place only when complete; an existing outPath is refused unless replace is set.
    static Result<CopyReport> pull(const std::string &connection, const std::string &outPath, bool replace,
                                   const Progress &progress = {}, const std::atomic<bool> *cancel = nullptr);

    // The message of a cancelled publish or pull.
    static const std::string &cancelledMessage();
};

} // namespace concord::store

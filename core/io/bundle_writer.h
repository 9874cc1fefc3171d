// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "store/study.h"

#include <string>

namespace concord::io {

struct BundleReport {
    std::string studyFile;  // the copy of the study inside the folder
    std::string readmeFile; // README.md describing it
    store::StudyCounts counts;
};

// A self-contained study bundle: a folder holding a consistent copy of the study file (SQLite's
// VACUUM INTO, so a WAL database is copied as of one transaction, never half-written) and a README.md
// describing it: counts, raters, dimensions, judge runs and prompt templates. The folder is created;
// an existing non-empty folder is refused so nothing is overwritten.
class BundleWriter {
public:
    static Result<BundleReport> write(store::Study &study, const std::string &folder);
};

} // namespace concord::io

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace concord::test {

// ../shared as CTest passes it (CONCORD_SHARED_DIR); empty when the folder is absent.
QString sharedDir();
// ../shared/data/summeval, or empty when absent.
QString summevalDir();
// The SummEval JSONL files, sorted by name.
QStringList summevalFiles();
// The project's source folder (CONCORD_SOURCE_DIR).
QString sourceDir();
// The concord-cli executable (CONCORD_CLI).
QString cliPath();

} // namespace concord::test

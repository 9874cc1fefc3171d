// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "io/import_report.h"

#include <string>

namespace concord::resources {

// The demo study's bundle (resources/demo/demo_study.json) as shipped inside the executable.
std::string demoStudyJson();

// Creates a new study at PATH holding the demo study. Fails if PATH exists; on failure no file is left.
Result<io::ImportReport> createDemoStudy(const std::string &path);

} // namespace concord::resources

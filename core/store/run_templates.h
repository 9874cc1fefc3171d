// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ids.h"

#include <string>
#include <vector>

namespace concord::store {

class Study;

// The prompt template a judge run used, as the run recorded it.
struct RunTemplate {
    model::Id run = 0;
    model::Id rater = 0;
    std::string protocol; // the template's protocol
    std::string name;
    int version = 0;
};

// Every judge run's template, in run order: what tells a judge's template versions apart. Runs that recorded
// none (imported answers, runs from before templates were kept) are left out; none at all for a blind session,
// which reads no judge records.
std::vector<RunTemplate> runTemplates(Study &study);

} // namespace concord::store

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ids.h"

#include <string>

namespace concord::model {

// One system's summary of one document.
struct Candidate {
    Id id = 0;
    Id documentId = 0;
    Id systemId = 0;
    std::string text;
};

} // namespace concord::model

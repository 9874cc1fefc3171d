// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ids.h"

#include <string>

namespace concord::model {

// A summarization system: the author of candidates. Hidden from annotators.
struct System {
    Id id = 0;
    std::string name;
};

} // namespace concord::model

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ids.h"

#include <string>

namespace concord::model {

// A factual-error span on a candidate's text: [start, end) in characters (Unicode code points).
struct ErrorSpan {
    Id id = 0;
    Id raterId = 0;
    Id candidateId = 0;
    int start = 0;
    int end = 0;
    std::string quote;
    std::string note;
};

} // namespace concord::model

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ids.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <vector>

namespace concord::judge {

// One thing a judge is asked: about a document's candidates (in the order the judge is shown them),
// on a dimension, and for pyramid and factuality about one unit or sentence.
struct WorkUnit {
    model::Id document = 0;
    std::optional<model::Id> dimension;
    std::vector<model::Id> candidates; // one for candidate units, two for pairs, all for llmrank: shown order
    int index = -1;                    // the SCU (pyramid) or sentence (factuality), else -1
    int sentenceStart = 0;             // factuality: the sentence's code-point offsets in the summary
    int sentenceEnd = 0;

    // What is stored with the call: {"candidates": [...], "scu": k} or {"sentence": i, "start", "end"}.
    nlohmann::json toJson() const;
};

} // namespace concord::judge

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "model/ids.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace concord::store {

class Study;

// The blind order of a document's candidates for one annotator: shuffled from a seed that depends
// on the annotator's name and the document's external id (so one annotator sees the same order in
// any copy of the study, and another annotator another one), and stored the first time it is shown.
class PresentationShuffle {
public:
    static std::uint64_t seedFor(std::string_view raterName, std::string_view documentExternalId);
    // model::seededShuffle: the same on every platform and standard library.
    static std::vector<model::Id> shuffled(std::vector<model::Id> candidates, std::uint64_t seed);
    // The stored order if it still names exactly the document's candidates; otherwise a new one,
    // written in its own transaction. The candidates in the order shown.
    static Result<std::vector<model::Id>> ensure(Study &study, model::Id rater, model::Id document);
};

} // namespace concord::store

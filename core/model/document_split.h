// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ids.h"

#include <cstdint>
#include <set>
#include <vector>

namespace concord::model {

// A held-out split of the documents: the ids sorted, put in a seeded order (seededShuffle) and the first
// round(dev · N) of that order taken as dev, the rest as test. The same documents, share and seed give the same
// split on every platform.
struct DocumentSplit {
    std::set<Id> dev;
    std::set<Id> test;

    // Throws std::invalid_argument for a share outside [0, 1].
    static DocumentSplit make(std::vector<Id> documents, double devShare, std::uint64_t seed);
};

} // namespace concord::model

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ids.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace concord::store {

// One candidate of a label plan's pool that the draw did not take, with the probability it had.
struct PoolEntry {
    model::Id candidate = 0;
    double probability = 1;
};

// The summaries a label plan did not draw, kept as one value rather than a row each: a plan over a million
// summaries draws a few thousand, and a million rows (each with its key, index and references) cost more to
// store than the whole plan takes to make. The value is 16 bytes an entry, in increasing candidate id: the
// id as a signed 64-bit integer and the probability as an IEEE-754 double, both little-endian, whatever the
// machine, so a study file moves between machines.
class PlanPool {
public:
    static constexpr std::size_t kEntryBytes = 16;

    // ENTRIES sorted by candidate id (encode sorts a copy when they are not).
    static std::string encode(std::vector<PoolEntry> entries);
    // Throws concord::Failure saying what is wrong (a length that is no whole number of entries, an id of 0
    // or below, ids not increasing, a probability outside (0, 1]) and at which entry.
    static std::vector<PoolEntry> decode(std::string_view bytes);
    // The same entries with each id replaced by NEW_ID(id), again in increasing id (publishing a study gives
    // its summaries new ids).
    static std::string renumber(std::string_view bytes, const std::function<model::Id(model::Id)> &newId);
};

} // namespace concord::store

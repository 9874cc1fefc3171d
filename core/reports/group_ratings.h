// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/dimension.h"
#include "model/ids.h"
#include "stats/reliability_data.h"

#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::reports {

// A human group's ratings of one Likert dimension as reliability data: units = the summaries any of them rated
// (in the order first met), coders = the group's raters in study order. Throws concord::Failure naming what is
// not there (the dimension, the group), or a dimension that is not Likert.
struct GroupRatings {
    model::Dimension dimension;
    std::vector<std::string> raters;
    std::vector<model::Id> candidates; // the units
    std::vector<model::Id> documents;  // each unit's document
    stats::ReliabilityData data;

    static GroupRatings read(store::Study &study, const std::string &group, const std::string &dimension);
};

} // namespace concord::reports

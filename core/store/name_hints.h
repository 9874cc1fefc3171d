// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/dimension.h"
#include "model/rater.h"

#include <string>
#include <vector>

namespace concord::store {

class Study;

// What a study holds, for the message when a name given by the user is not in it: "(its raters:
// expert_1, expert_2, …)". A newcomer who mistyped a name, or never knew it, reads the right one there.
// At most twelve names are listed, then how many more there are; an empty study says so.
std::string raterNamesHint(Study &study);
std::string humanGroupsHint(Study &study);
std::string dimensionNamesHint(Study &study);
// The same from what was read already, for reports computed without going back to the study.
std::string raterNamesHint(const std::vector<model::Rater> &raters);
std::string humanGroupsHint(const std::vector<model::Rater> &raters);
std::string dimensionNamesHint(const std::vector<model::Dimension> &dimensions);

} // namespace concord::store

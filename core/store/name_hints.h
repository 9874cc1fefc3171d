// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace concord::store {

class Study;

// What a study holds, for the message when a name given by the user is not in it: "(its raters:
// expert_1, expert_2, …)". A newcomer who mistyped a name, or never knew it, reads the right one there.
// At most twelve names are listed, then how many more there are; an empty study says so.
std::string raterNamesHint(Study &study);
std::string humanGroupsHint(Study &study);
std::string dimensionNamesHint(Study &study);

} // namespace concord::store

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/name_hints.h"

#include "store/study.h"

#include <set>
#include <vector>

namespace concord::store {

namespace {

std::string listed(const char *what, const std::vector<std::string> &names)
{
    if (names.empty())
        return std::string(" (the study has no ") + what + " yet)";
    constexpr std::size_t kShown = 12;
    std::string out = std::string(" (its ") + what + ": ";
    for (std::size_t i = 0; i < names.size() && i < kShown; ++i)
        out += (i ? ", " : "") + names[i];
    if (names.size() > kShown)
        out += " and " + std::to_string(names.size() - kShown) + " more";
    return out + ")";
}

} // namespace

std::string raterNamesHint(Study &study)
{
    std::vector<std::string> names;
    for (const auto &r : study.raters())
        names.push_back(r.name);
    return listed("raters", names);
}

std::string humanGroupsHint(Study &study)
{
    std::set<std::string> groups;
    for (const auto &r : study.raters())
        if (r.kind == model::RaterKind::Human && !r.group.empty())
            groups.insert(r.group);
    return listed("human groups", {groups.begin(), groups.end()});
}

std::string dimensionNamesHint(Study &study)
{
    std::vector<std::string> names;
    for (const auto &d : study.dimensions())
        names.push_back(d.name);
    return listed("dimensions", names);
}

} // namespace concord::store

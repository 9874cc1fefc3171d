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
    return raterNamesHint(study.raters());
}

std::string humanGroupsHint(Study &study)
{
    return humanGroupsHint(study.raters());
}

std::string dimensionNamesHint(Study &study)
{
    return dimensionNamesHint(study.dimensions());
}

std::string raterNamesHint(const std::vector<model::Rater> &raters)
{
    std::vector<std::string> names;
    for (const auto &r : raters)
        names.push_back(r.name);
    return listed("raters", names);
}

std::string humanGroupsHint(const std::vector<model::Rater> &raters)
{
    std::set<std::string> groups;
    for (const auto &r : raters)
        if (r.kind == model::RaterKind::Human && !r.group.empty())
            groups.insert(r.group);
    return listed("human groups", {groups.begin(), groups.end()});
}

std::string dimensionNamesHint(const std::vector<model::Dimension> &dimensions)
{
    std::vector<std::string> names;
    for (const auto &d : dimensions)
        names.push_back(d.name);
    return listed("dimensions", names);
}

} // namespace concord::store

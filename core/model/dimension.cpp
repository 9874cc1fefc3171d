// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/dimension.h"

#include <array>
#include <utility>

namespace concord::model {

namespace {
constexpr std::array<std::pair<DimensionKind, std::string_view>, 5> kNames{{
    {DimensionKind::Likert, "likert"},
    {DimensionKind::Rank, "rank"},
    {DimensionKind::Binary, "binary"},
    {DimensionKind::Spans, "spans"},
    {DimensionKind::Pairwise, "pairwise"},
}};
}

std::string_view toString(DimensionKind kind)
{
    for (const auto &[k, name] : kNames)
        if (k == kind)
            return name;
    return "likert";
}

std::optional<DimensionKind> dimensionKindFromString(std::string_view text)
{
    for (const auto &[k, name] : kNames)
        if (name == text)
            return k;
    return std::nullopt;
}

} // namespace concord::model

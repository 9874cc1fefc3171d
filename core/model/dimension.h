// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ids.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace concord::model {

enum class DimensionKind { Likert, Rank, Binary, Spans, Pairwise };

std::string_view toString(DimensionKind kind);
std::optional<DimensionKind> dimensionKindFromString(std::string_view text);

// What is asked about a candidate (or a document's candidates, for rank and pairwise).
struct Dimension {
    Id id = 0;
    std::string name;
    DimensionKind kind = DimensionKind::Likert;
    double scaleMin = 1; // likert only
    double scaleMax = 5;
    std::vector<std::string> labels; // one per scale point, lowest first; may be empty
    std::string definition;          // shown to annotators and judges
};

} // namespace concord::model

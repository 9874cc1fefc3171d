// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/seeded_shuffle.h"

#include "model/seeded_draw.h"

#include <utility>

namespace concord::model {

void seededShuffle(std::span<Id> items, std::uint64_t seed)
{
    SeededDraw draw(seed);
    for (std::size_t i = items.size(); i > 1; --i) {
        const std::size_t j = draw.below(static_cast<std::uint32_t>(i));
        std::swap(items[i - 1], items[j]);
    }
}

} // namespace concord::model

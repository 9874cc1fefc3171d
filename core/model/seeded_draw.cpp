// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/seeded_draw.h"

namespace concord::model {

std::uint32_t SeededDraw::below(std::uint32_t count)
{
    std::uint64_t product = std::uint64_t{next()} * count;
    if (static_cast<std::uint32_t>(product) < count) {
        const std::uint32_t threshold = (0u - count) % count; // 2^32 mod count
        while (static_cast<std::uint32_t>(product) < threshold)
            product = std::uint64_t{next()} * count;
    }
    return static_cast<std::uint32_t>(product >> 32);
}

std::uint32_t SeededDraw::next()
{
    if (m_haveHigh) {
        m_haveHigh = false;
        return static_cast<std::uint32_t>(m_word >> 32);
    }
    m_word = m_engine();
    m_haveHigh = true;
    return static_cast<std::uint32_t>(m_word);
}

} // namespace concord::model

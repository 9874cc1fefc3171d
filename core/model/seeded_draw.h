// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <random>

namespace concord::model {

// Uniform whole numbers from [0, count), reproducible from a seed with any standard library:
// each std::mt19937_64 output gives two 32-bit halves (low first), mapped by Lemire's
// multiply-and-shift with rejection, so the draws are exactly uniform. (std::uniform_int_distribution
// is not specified, so it may differ between libraries; a published interval must not.)
class SeededDraw {
public:
    explicit SeededDraw(std::uint64_t seed)
        : m_engine(seed)
    { }

    std::uint32_t below(std::uint32_t count);

private:
    std::uint32_t next();

    std::mt19937_64 m_engine;
    std::uint64_t m_word = 0;
    bool m_haveHigh = false;
};

} // namespace concord::model

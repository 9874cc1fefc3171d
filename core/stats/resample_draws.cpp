// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/resample_draws.h"

#include <cstdint>
#include <numeric>

namespace concord::stats {

ResampleDraws::ResampleDraws(std::size_t rows, std::size_t cols, const BootstrapOptions &options)
    : m_draw(options.seed)
    , m_resampleRows(options.unit != ResampleUnit::Documents)
    , m_resampleCols(options.unit != ResampleUnit::Systems)
    , m_rows(rows)
    , m_cols(cols)
{
    std::iota(m_rows.begin(), m_rows.end(), std::size_t{0});
    std::iota(m_cols.begin(), m_cols.end(), std::size_t{0});
}

void ResampleDraws::next()
{
    const auto rows = static_cast<std::uint32_t>(m_rows.size());
    const auto cols = static_cast<std::uint32_t>(m_cols.size());
    if (m_resampleRows)
        for (auto &i : m_rows)
            i = m_draw.below(rows);
    if (m_resampleCols)
        for (auto &j : m_cols)
            j = m_draw.below(cols);
}

} // namespace concord::stats

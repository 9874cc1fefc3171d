// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/seeded_draw.h"
#include "stats/bootstrap.h"

#include <cstddef>
#include <vector>

namespace concord::stats {

// The row and column indices of one resample after another, drawn from the options' seed exactly as
// every matrix bootstrap draws them (rows first, then columns; an axis not resampled keeps 0..n−1).
// Bootstraps that share options and shape therefore see the same resamples, whichever statistic they
// compute, so one set of draws can feed several statistics.
class ResampleDraws {
public:
    ResampleDraws(std::size_t rows, std::size_t cols, const BootstrapOptions &options);

    void next(); // draws the next resample's indices
    const std::vector<std::size_t> &rows() const { return m_rows; }
    const std::vector<std::size_t> &cols() const { return m_cols; }
    bool resamplesRows() const { return m_resampleRows; }
    bool resamplesCols() const { return m_resampleCols; }

private:
    model::SeededDraw m_draw;
    bool m_resampleRows;
    bool m_resampleCols;
    std::vector<std::size_t> m_rows;
    std::vector<std::size_t> m_cols;
};

} // namespace concord::stats

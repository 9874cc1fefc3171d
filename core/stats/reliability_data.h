// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace concord::stats {

// A reliability data set for agreement statistics: units (what was judged, e.g. a candidate on a
// dimension, or a candidate's rank within a document) × coders (who judged), one value per cell,
// NaN where a coder gave no value. Dense and row-major (one row per unit) because the studies have
// few coders and the large data sets (1,000,000 ratings) are then one contiguous block.
class ReliabilityData {
public:
    ReliabilityData() = default;
    // units × coders, every cell missing.
    ReliabilityData(std::size_t units, std::size_t coders);
    // Takes a row-major units × coders block (NaN = missing); values.size() must be units × coders.
    ReliabilityData(std::size_t units, std::size_t coders, std::vector<double> values);

    // Krippendorff's layout, as published: one row per coder, one column per unit (NaN = missing).
    // Shorter rows are padded with missing values.
    static ReliabilityData fromCoderRows(const std::vector<std::vector<double>> &coderRows);

    // Sets the value coder gave to unit, growing the table when either index is new.
    // NaN clears the cell. Returns false when the cell already held a value (which is replaced),
    // so that a caller can report a coder who judged the same unit twice.
    bool addValue(std::size_t unit, std::size_t coder, double value);

    std::size_t units() const { return m_units; }
    std::size_t coders() const { return m_coders; }
    double value(std::size_t unit, std::size_t coder) const { return m_values[unit * m_coders + coder]; }
    // Row-major units × coders.
    std::span<const double> values() const { return m_values; }
    // Cells holding a value (not NaN).
    std::size_t valueCount() const;

private:
    std::size_t m_units = 0;
    std::size_t m_coders = 0;
    std::vector<double> m_values;
};

} // namespace concord::stats

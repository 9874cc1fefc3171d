// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/reliability_data.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

namespace concord::stats {

namespace {
constexpr double kMissing = std::numeric_limits<double>::quiet_NaN();
}

ReliabilityData::ReliabilityData(std::size_t units, std::size_t coders)
    : m_units(units)
    , m_coders(coders)
    , m_values(units * coders, kMissing)
{ }

ReliabilityData::ReliabilityData(std::size_t units, std::size_t coders, std::vector<double> values)
    : m_units(units)
    , m_coders(coders)
    , m_values(std::move(values))
{
    if (m_values.size() != units * coders)
        throw std::invalid_argument("ReliabilityData: values.size() must be units × coders");
}

ReliabilityData ReliabilityData::fromCoderRows(const std::vector<std::vector<double>> &coderRows)
{
    std::size_t units = 0;
    for (const auto &row : coderRows)
        units = std::max(units, row.size());
    ReliabilityData data(units, coderRows.size());
    for (std::size_t c = 0; c < coderRows.size(); ++c)
        for (std::size_t u = 0; u < coderRows[c].size(); ++u)
            data.m_values[u * data.m_coders + c] = coderRows[c][u];
    return data;
}

bool ReliabilityData::addValue(std::size_t unit, std::size_t coder, double value)
{
    if (coder >= m_coders) {
        // A new coder changes the row length: re-lay the block out (coders are few, so this is rare).
        const std::size_t coders = coder + 1;
        std::vector<double> grown(m_units * coders, kMissing);
        for (std::size_t u = 0; u < m_units; ++u)
            std::copy_n(m_values.begin() + static_cast<std::ptrdiff_t>(u * m_coders), m_coders,
                        grown.begin() + static_cast<std::ptrdiff_t>(u * coders));
        m_values = std::move(grown);
        m_coders = coders;
    }
    if (unit >= m_units) {
        m_units = unit + 1;
        m_values.resize(m_units * m_coders, kMissing);
    }
    double &cell = m_values[unit * m_coders + coder];
    const bool wasEmpty = std::isnan(cell);
    cell = value;
    return wasEmpty;
}

std::size_t ReliabilityData::valueCount() const
{
    return static_cast<std::size_t>(
        std::count_if(m_values.begin(), m_values.end(), [](double v) { return !std::isnan(v); }));
}

} // namespace concord::stats

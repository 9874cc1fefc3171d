// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <limits>
#include <vector>

namespace concord::stats {

// Scores laid out as systems (rows) × documents (columns), NaN where a cell is missing.
class ScoreMatrix {
public:
    ScoreMatrix() = default;
    ScoreMatrix(std::size_t systems, std::size_t documents);
    ScoreMatrix(std::size_t systems, std::size_t documents, std::vector<double> rowMajor);

    std::size_t systems() const { return m_systems; }
    std::size_t documents() const { return m_documents; }
    double at(std::size_t system, std::size_t document) const { return m_cells[system * m_documents + document]; }
    double &at(std::size_t system, std::size_t document) { return m_cells[system * m_documents + document]; }
    std::vector<double> row(std::size_t system) const;
    std::vector<double> column(std::size_t document) const;
    const std::vector<double> &cells() const { return m_cells; }

    static constexpr double missing() { return std::numeric_limits<double>::quiet_NaN(); }

private:
    std::size_t m_systems = 0;
    std::size_t m_documents = 0;
    std::vector<double> m_cells;
};

} // namespace concord::stats

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/score_matrix.h"

#include <stdexcept>

namespace concord::stats {

ScoreMatrix::ScoreMatrix(std::size_t systems, std::size_t documents)
    : m_systems(systems)
    , m_documents(documents)
    , m_cells(systems * documents, missing())
{ }

ScoreMatrix::ScoreMatrix(std::size_t systems, std::size_t documents, std::vector<double> rowMajor)
    : m_systems(systems)
    , m_documents(documents)
    , m_cells(std::move(rowMajor))
{
    if (m_cells.size() != systems * documents)
        throw std::invalid_argument("ScoreMatrix: cell count does not match systems × documents");
}

std::vector<double> ScoreMatrix::row(std::size_t system) const
{
    return {m_cells.begin() + static_cast<std::ptrdiff_t>(system * m_documents),
            m_cells.begin() + static_cast<std::ptrdiff_t>((system + 1) * m_documents)};
}

std::vector<double> ScoreMatrix::column(std::size_t document) const
{
    std::vector<double> out(m_systems);
    for (std::size_t s = 0; s < m_systems; ++s)
        out[s] = at(s, document);
    return out;
}

} // namespace concord::stats

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/significance.h"

#include "model/seeded_draw.h"
#include "stats/special_functions.h"

#include <cmath>

namespace concord::stats {

WilliamsResult williamsTest(double r12, double r13, double r23, std::size_t n)
{
    WilliamsResult out;
    if (n < 4 || std::isnan(r12) || std::isnan(r13) || std::isnan(r23))
        return out;
    const double nd = static_cast<double>(n);
    const double detR = 1 - r12 * r12 - r13 * r13 - r23 * r23 + 2 * r12 * r13 * r23;
    const double mean = (r12 + r13) / 2;
    const double denominator = 2 * ((nd - 1) / (nd - 3)) * detR + mean * mean * std::pow(1 - r23, 3);
    if (!(denominator > 0))
        return out;
    out.df = nd - 3;
    out.t = (r12 - r13) * std::sqrt((nd - 1) * (1 + r23)) / std::sqrt(denominator);
    out.pTwoSided = studentTTwoSided(out.t, out.df);
    out.pOneSided = out.t >= 0 ? out.pTwoSided / 2 : 1 - out.pTwoSided / 2;
    return out;
}

namespace {

ScoreMatrix standardised(const ScoreMatrix &m)
{
    double sum = 0, sumSq = 0;
    std::size_t n = 0;
    for (double v : m.cells())
        if (!std::isnan(v)) {
            sum += v;
            sumSq += v * v;
            ++n;
        }
    ScoreMatrix out = m;
    if (n < 2)
        return out;
    const double mean = sum / static_cast<double>(n);
    const double sd = std::sqrt(std::max(0.0, sumSq / static_cast<double>(n) - mean * mean));
    for (std::size_t s = 0; s < m.systems(); ++s)
        for (std::size_t d = 0; d < m.documents(); ++d)
            out.at(s, d) = sd > 0 ? (m.at(s, d) - mean) / sd : m.at(s, d) - mean;
    return out;
}

} // namespace

PermutationResult permutationTest(const ScoreMatrix &a, const ScoreMatrix &b, const ScoreMatrix &humans,
                                  const MatrixStatistic &statistic, std::size_t resamples, std::uint64_t seed)
{
    PermutationResult out;
    out.difference = statistic(a, humans) - statistic(b, humans);
    if (std::isnan(out.difference))
        return out;
    const ScoreMatrix za = standardised(a);
    const ScoreMatrix zb = standardised(b);
    // The observed difference on the standardised scores (correlations do not change under it).
    const double observed = std::fabs(statistic(za, humans) - statistic(zb, humans));
    model::SeededDraw draw(seed);
    ScoreMatrix pa = za, pb = zb;
    std::size_t atLeast = 0;
    for (std::size_t r = 0; r < resamples; ++r) {
        for (std::size_t s = 0; s < za.systems(); ++s)
            for (std::size_t d = 0; d < za.documents(); ++d) {
                const bool swap = draw.below(2) == 1;
                pa.at(s, d) = swap ? zb.at(s, d) : za.at(s, d);
                pb.at(s, d) = swap ? za.at(s, d) : zb.at(s, d);
            }
        const double diff = statistic(pa, humans) - statistic(pb, humans);
        if (std::isnan(diff)) {
            ++out.undefinedResamples;
            continue;
        }
        // A small tolerance so that resamples equal to the observed value count despite rounding.
        if (std::fabs(diff) >= observed - 1e-12)
            ++atLeast;
    }
    out.resamples = resamples;
    const std::size_t used = resamples - out.undefinedResamples;
    out.p = static_cast<double>(1 + atLeast) / static_cast<double>(1 + used);
    return out;
}

} // namespace concord::stats

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/isotonic.h"

#include "error.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numeric>

namespace concord::stats {

IsotonicFit fitIsotonic(const std::vector<double> &x, const std::vector<double> &y)
{
    if (x.size() != y.size())
        fail("an isotonic fit needs one y per x", "isotonic");
    if (x.empty())
        fail("an isotonic fit needs at least one point", "isotonic");
    for (std::size_t i = 0; i < x.size(); ++i)
        if (!std::isfinite(x[i]) || !std::isfinite(y[i]))
            fail("an isotonic fit needs finite values", "isotonic");
    std::vector<std::size_t> order(x.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return x[a] < x[b]; });

    // One block per distinct x to start with; a block is its mean, its weight (points) and its first knot.
    struct Block {
        double mean = 0;
        double weight = 0;
        std::size_t firstKnot = 0;
    };
    IsotonicFit fit;
    std::vector<Block> blocks;
    for (const std::size_t i : order) {
        if (!fit.x.empty() && fit.x.back() == x[i]) {
            // The last knot is always in the last block: the point joins it.
            Block &b = blocks.back();
            b.mean += (y[i] - b.mean) / (b.weight + 1);
            b.weight += 1;
        } else {
            fit.x.push_back(x[i]);
            blocks.push_back({y[i], 1, fit.x.size() - 1});
        }
        // Merging with the block before while the means fall keeps the blocks non-decreasing at every step.
        while (blocks.size() > 1 && blocks[blocks.size() - 2].mean > blocks.back().mean) {
            const Block last = blocks.back();
            blocks.pop_back();
            Block &b = blocks.back();
            b.mean = (b.mean * b.weight + last.mean * last.weight) / (b.weight + last.weight);
            b.weight += last.weight;
        }
    }
    fit.y.assign(fit.x.size(), 0);
    for (std::size_t k = 0; k < blocks.size(); ++k) {
        const std::size_t end = k + 1 < blocks.size() ? blocks[k + 1].firstKnot : fit.x.size();
        std::fill(fit.y.begin() + static_cast<std::ptrdiff_t>(blocks[k].firstKnot),
                  fit.y.begin() + static_cast<std::ptrdiff_t>(end), blocks[k].mean);
    }
    return fit;
}

double applyIsotonic(const IsotonicFit &fit, double x)
{
    if (fit.x.empty())
        return x;
    if (x <= fit.x.front())
        return fit.y.front();
    if (x >= fit.x.back())
        return fit.y.back();
    const auto upper = std::upper_bound(fit.x.begin(), fit.x.end(), x);
    const std::size_t hi = static_cast<std::size_t>(upper - fit.x.begin());
    const std::size_t lo = hi - 1;
    const double t = (x - fit.x[lo]) / (fit.x[hi] - fit.x[lo]);
    return fit.y[lo] + t * (fit.y[hi] - fit.y[lo]);
}

} // namespace concord::stats

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/pairwise_accuracy.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

namespace concord::stats {

namespace {

int sign(double d)
{
    return (d > 0) - (d < 0);
}

// The items where both sides have a value.
void completeItems(std::span<const double> x, std::span<const double> z, std::vector<double> &cx,
                   std::vector<double> &cz)
{
    cx.clear();
    cz.clear();
    const std::size_t n = std::min(x.size(), z.size());
    for (std::size_t i = 0; i < n; ++i)
        if (!std::isnan(x[i]) && !std::isnan(z[i])) {
            cx.push_back(x[i]);
            cz.push_back(z[i]);
        }
}

std::string tooFew(std::size_t n)
{
    return "too few complete pairs (" + std::to_string(n) + "; at least 2 needed)";
}

// One pair of items as tie calibration sees it: the metric's gap, and whether the pair is correct when the
// metric ties it (the humans tie it too) and when it does not (both order it the same way).
struct ItemPair {
    double gap;
    std::size_t group;
    bool correctIfTied;
    bool correctIfOrdered;
};

// The calibration holds every pair of items of every group at once (24 bytes each): bounded, so that a
// dataset level of many thousands of items is refused with a reason instead of taking gigabytes.
constexpr std::size_t kMaxPairs = 6'000'000;

} // namespace

Correlation pairwiseAccuracy(std::span<const double> x, std::span<const double> z)
{
    std::vector<double> cx, cz;
    completeItems(x, z, cx, cz);
    const std::size_t n = cx.size();
    if (n < 2)
        return Correlation::undefined(n, tooFew(n));
    std::size_t ordered = 0, agreeing = 0;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j) {
            const int h = sign(cz[i] - cz[j]);
            if (h == 0)
                continue;
            ++ordered;
            agreeing += sign(cx[i] - cx[j]) == h;
        }
    if (ordered == 0)
        return Correlation::undefined(n, "the humans tie every pair");
    Correlation c;
    c.n = n;
    c.value = static_cast<double>(agreeing) / static_cast<double>(ordered);
    return c;
}

Correlation tieCalibratedAccuracy(std::span<const double> x, std::span<const double> z)
{
    const std::vector<double> gx(x.begin(), x.end()), gz(z.begin(), z.end());
    GroupedAccuracy g = tieCalibratedAccuracy(std::span(&gx, 1), std::span(&gz, 1));
    if (!g.perGroup.front().defined())
        return g.perGroup.front();
    return g.mean;
}

GroupedAccuracy tieCalibratedAccuracy(std::span<const std::vector<double>> x, std::span<const std::vector<double>> z)
{
    GroupedAccuracy out;
    const std::size_t groups = std::min(x.size(), z.size());
    std::vector<ItemPair> pairs;
    std::vector<std::size_t> pairsOf(groups, 0), correct(groups, 0);
    std::vector<std::size_t> sizes(groups);
    std::vector<double> cx, cz;
    std::size_t allPairs = 0, allItems = 0;
    for (std::size_t g = 0; g < groups; ++g) {
        completeItems(x[g], z[g], cx, cz);
        sizes[g] = cx.size();
        allItems += cx.size();
        allPairs += cx.size() < 2 ? 0 : cx.size() * (cx.size() - 1) / 2;
    }
    if (allPairs > kMaxPairs) {
        const std::string why = std::to_string(allPairs) + " pairs of items are more than tie calibration takes ("
                                + std::to_string(kMaxPairs) + "); choose a level with fewer items per group";
        for (std::size_t g = 0; g < groups; ++g)
            out.perGroup.push_back(Correlation::undefined(sizes[g], why));
        out.mean = Correlation::undefined(allItems, why);
        return out;
    }
    pairs.reserve(allPairs);
    for (std::size_t g = 0; g < groups; ++g) {
        completeItems(x[g], z[g], cx, cz);
        const std::size_t n = cx.size();
        if (n < 2)
            continue;
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = i + 1; j < n; ++j) {
                const int h = sign(cz[i] - cz[j]);
                const int m = sign(cx[i] - cx[j]);
                pairs.push_back({std::fabs(cx[i] - cx[j]), g, h == 0, m != 0 && m == h});
            }
        pairsOf[g] = n * (n - 1) / 2;
        ++out.groupsUsed;
    }
    auto perGroupAt = [&](double epsilon) {
        out.perGroup.clear();
        for (std::size_t g = 0; g < groups; ++g) {
            if (pairsOf[g] == 0) {
                out.perGroup.push_back(Correlation::undefined(sizes[g], tooFew(sizes[g])));
                continue;
            }
            Correlation c;
            c.n = sizes[g];
            c.value = static_cast<double>(correct[g]) / static_cast<double>(pairsOf[g]);
            c.tieThreshold = epsilon;
            out.perGroup.push_back(c);
        }
    };
    if (out.groupsUsed == 0) {
        perGroupAt(0);
        out.mean = Correlation::undefined(0, "no group has two complete items");
        return out;
    }
    const double used = static_cast<double>(out.groupsUsed);
    // Sweep ε upwards through the sorted gaps: a pair changes from "ordered by the metric" to "tied" once
    // ε reaches its gap, and the objective (the mean of the groups' accuracies) changes by its weight.
    std::sort(pairs.begin(), pairs.end(), [](const ItemPair &a, const ItemPair &b) { return a.gap < b.gap; });
    double score = 0;
    for (const auto &p : pairs)
        if (p.correctIfOrdered) {
            ++correct[p.group];
            score += 1.0 / static_cast<double>(pairsOf[p.group]) / used;
        }
    double best = -1, bestEpsilon = 0;
    std::size_t i = 0;
    bool zeroSeen = false;
    while (i < pairs.size() || !zeroSeen) {
        // The next candidate: 0 first (even when no gap is 0), then each distinct gap.
        const double epsilon = zeroSeen ? pairs[i].gap : 0.0;
        zeroSeen = true;
        for (; i < pairs.size() && pairs[i].gap <= epsilon; ++i) {
            const ItemPair &p = pairs[i];
            const int change = static_cast<int>(p.correctIfTied) - static_cast<int>(p.correctIfOrdered);
            score += static_cast<double>(change) / static_cast<double>(pairsOf[p.group]) / used;
        }
        // Only a clear gain moves ε up: sums of the same fractions in another order must not.
        if (score > best + 1e-12) {
            best = score;
            bestEpsilon = epsilon;
        }
    }
    // The counts at the chosen ε, from scratch: the reported value is an exact mean, not the running sum.
    std::fill(correct.begin(), correct.end(), std::size_t{0});
    for (const auto &p : pairs)
        correct[p.group] += p.gap <= bestEpsilon ? p.correctIfTied : p.correctIfOrdered;
    perGroupAt(bestEpsilon);
    std::size_t items = 0;
    for (std::size_t g = 0; g < groups; ++g)
        items += pairsOf[g] ? sizes[g] : 0;
    double sum = 0;
    for (const auto &c : out.perGroup)
        if (c.defined())
            sum += c.value;
    out.mean.value = sum / used;
    out.mean.n = items;
    out.mean.tieThreshold = bestEpsilon;
    return out;
}

double signFlipPValue(std::span<const double> differences, const SignFlipOptions &options)
{
    std::vector<double> d;
    for (const double v : differences)
        if (!std::isnan(v))
            d.push_back(v);
    if (d.empty())
        return 1.0;
    const double observed = std::accumulate(d.begin(), d.end(), 0.0);
    double scale = 1;
    for (const double v : d)
        scale += std::fabs(v);
    const double threshold = observed - 1e-9 * scale;
    std::vector<double> nonZero;
    for (const double v : d)
        if (v != 0)
            nonZero.push_back(v);
    if (nonZero.size() <= options.exactLimit) {
        // A zero difference is the same flipped or not: enumerating the others gives the exact p.
        const std::size_t m = nonZero.size();
        const std::uint64_t vectors = std::uint64_t{1} << m;
        std::uint64_t atLeast = 0;
        for (std::uint64_t mask = 0; mask < vectors; ++mask) {
            double sum = 0;
            for (std::size_t k = 0; k < m; ++k)
                sum += (mask >> k) & 1 ? -nonZero[k] : nonZero[k];
            atLeast += sum >= threshold;
        }
        return static_cast<double>(atLeast) / static_cast<double>(vectors);
    }
    std::uint64_t state = options.seed;
    auto next = [&state] {
        // SplitMix64: small, fast, and easy to reproduce in the reference script.
        state += 0x9E3779B97F4A7C15ULL;
        std::uint64_t r = state;
        r = (r ^ (r >> 30)) * 0xBF58476D1CE4E5B9ULL;
        r = (r ^ (r >> 27)) * 0x94D049BB133111EBULL;
        return r ^ (r >> 31);
    };
    std::uint64_t atLeast = 0;
    for (std::size_t b = 0; b < options.resamples; ++b) {
        double sum = 0;
        std::uint64_t word = 0;
        for (std::size_t k = 0; k < d.size(); ++k) {
            if (k % 64 == 0)
                word = next();
            sum += (word >> (k % 64)) & 1 ? -d[k] : d[k];
        }
        atLeast += sum >= threshold;
    }
    return static_cast<double>(1 + atLeast) / static_cast<double>(options.resamples + 1);
}

Correlation softPairwiseAccuracy(const ScoreMatrix &x, const ScoreMatrix &z, const SignFlipOptions &options)
{
    const std::size_t systems = std::min(x.systems(), z.systems());
    const std::size_t documents = std::min(x.documents(), z.documents());
    if (systems < 2)
        return Correlation::undefined(0, "soft pairwise accuracy needs at least 2 systems");
    double sum = 0;
    std::size_t used = 0;
    std::vector<bool> compared(systems, false);
    std::vector<double> dx, dz;
    for (std::size_t i = 0; i < systems; ++i)
        for (std::size_t j = i + 1; j < systems; ++j) {
            dx.clear();
            dz.clear();
            for (std::size_t d = 0; d < documents; ++d) {
                const double xi = x.at(i, d), xj = x.at(j, d), zi = z.at(i, d), zj = z.at(j, d);
                if (std::isnan(xi) || std::isnan(xj) || std::isnan(zi) || std::isnan(zj))
                    continue;
                dx.push_back(xi - xj);
                dz.push_back(zi - zj);
            }
            if (dx.empty())
                continue;
            sum += 1.0 - std::fabs(signFlipPValue(dz, options) - signFlipPValue(dx, options));
            ++used;
            compared[i] = compared[j] = true;
        }
    if (used == 0)
        return Correlation::undefined(0, "no two systems share a document rated on both sides");
    Correlation c;
    c.n = static_cast<std::size_t>(std::count(compared.begin(), compared.end(), true));
    c.value = sum / static_cast<double>(used);
    return c;
}

} // namespace concord::stats

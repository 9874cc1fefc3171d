// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/level_bootstrap.h"

#include "stats/levels.h"
#include "stats/resample_draws.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>

namespace concord::stats {

namespace {

constexpr std::uint32_t kMissing = std::numeric_limits<std::uint32_t>::max();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

void requireSameShape(const ScoreMatrix &x, const ScoreMatrix &z)
{
    if (x.systems() != z.systems() || x.documents() != z.documents())
        throw std::invalid_argument("the judge and human score matrices differ in shape");
}

// Each cell's class: its position among the matrix's sorted distinct values (kMissing for NaN). Equal
// values share a class and classes keep the values' order, so comparing classes is comparing values,
// and a resample's ranks and pair counts follow from counting classes.
struct ValueClasses {
    std::vector<std::uint32_t> code;
    std::vector<double> value; // of each class, ascending
    std::size_t count = 0;
};

ValueClasses classify(const std::vector<double> &cells)
{
    std::vector<double> distinct;
    distinct.reserve(cells.size());
    for (const double v : cells)
        if (!std::isnan(v))
            distinct.push_back(v);
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end()); // -0.0 joins 0.0
    ValueClasses out;
    out.count = distinct.size();
    out.value = distinct;
    out.code.resize(cells.size());
    for (std::size_t i = 0; i < cells.size(); ++i)
        out.code[i] = std::isnan(cells[i])
                          ? kMissing
                          : static_cast<std::uint32_t>(std::lower_bound(distinct.begin(), distinct.end(), cells[i])
                                                       - distinct.begin());
    return out;
}

// Up to this many items, average ranks (multiples of 1/2 up to n) have exact sums, and so do their
// squared deviations from the mean (multiples of 1/4, summing to less than n^3 < 2^51).
constexpr std::size_t kExactRankSums = 100000;

// Counting over classes pays when there are not many more classes than items.
bool countable(std::size_t classes, std::size_t n)
{
    return classes <= 4 * n + 64;
}

// The complete pairs of one resampled sample, in resample order, with their classes; the coefficients
// of it with the arithmetic of correlation.cpp. Ranks are exact (halves of whole numbers) and pair
// counts are whole numbers, so counting them another way changes nothing; sums over values keep
// the sample's order. Buffers live as long as the bootstrap, so resamples allocate nothing.
struct Sample {
    const std::vector<double> &xCells, &zCells;
    const ValueClasses &xClasses, &zClasses;
    std::vector<double> x, z, rankX, rankZ, rankOfClassX, rankOfClassZ, termX, termZ, normX, normZ;
    std::vector<std::uint32_t> cx, cz, countX, countZ;
    std::vector<std::int64_t> table, suffix;
    int definedState = -1; // unknown, 0 undefined, 1 defined

    Sample(const ScoreMatrix &xm, const ScoreMatrix &zm, const ValueClasses &xc, const ValueClasses &zc)
        : xCells(xm.cells())
        , zCells(zm.cells())
        , xClasses(xc)
        , zClasses(zc)
    { }

    void clear()
    {
        x.clear();
        z.clear();
        cx.clear();
        cz.clear();
        definedState = -1;
    }

    void add(std::size_t cell)
    {
        const std::uint32_t a = xClasses.code[cell];
        const std::uint32_t b = zClasses.code[cell];
        if (a == kMissing || b == kMissing)
            return; // only complete pairs count
        x.push_back(xCells[cell]);
        z.push_back(zCells[cell]);
        cx.push_back(a);
        cz.push_back(b);
    }

    // Every coefficient is undefined on fewer than 2 pairs or a constant side.
    bool defined()
    {
        if (definedState < 0) {
            const auto constant = [](const std::vector<std::uint32_t> &c) {
                return std::all_of(c.begin(), c.end(), [&](std::uint32_t v) { return v == c.front(); });
            };
            definedState = cx.size() >= 2 && !constant(cx) && !constant(cz) ? 1 : 0;
        }
        return definedState == 1;
    }

    double value(CorrelationMethod method)
    {
        if (!defined())
            return kNaN;
        switch (method) {
        case CorrelationMethod::Pearson:
            return byClass() ? pearsonOfClasses(xClasses.value, zClasses.value, false) : pearsonValue(x, z);
        case CorrelationMethod::Spearman:
            return spearman();
        case CorrelationMethod::KendallB:
            return kendall(false);
        case CorrelationMethod::KendallC:
            return kendall(true);
        case CorrelationMethod::Acc:
        case CorrelationMethod::AccEq:
        case CorrelationMethod::Spa:
            break; // not resampled (hasBootstrapInterval)
        }
        return kNaN;
    }

    // Worth it when there are fewer classes than items: a class's terms are then computed once.
    bool byClass() const { return x.size() > 2 && xClasses.count + zClasses.count <= x.size(); }

    // Pearson's r of items whose values are xv[class], zv[class], with pearsonValue's arithmetic: the
    // same terms, summed in item order, but each class's deviation is computed once, not per item.
    // exactSums: the values are average ranks of a sample small enough that their sum and the sums of
    // squared deviations are exact (multiples of 1/4 below 2^51), so they follow from the class counts
    // in any order; only the sum of products depends on the order.
    double pearsonOfClasses(const std::vector<double> &xv, const std::vector<double> &zv, bool exactSums)
    {
        const std::size_t n = cx.size();
        const double nd = static_cast<double>(n);
        double xMean = 0, zMean = 0;
        if (exactSums) {
            xMean = nd * (nd + 1) / 2 / nd; // the sum of the ranks 1..n, whatever the ties
            zMean = xMean;
        } else {
            double xSum = 0, zSum = 0;
            for (std::size_t i = 0; i < n; ++i) {
                xSum += xv[cx[i]];
                zSum += zv[cz[i]];
            }
            xMean = xSum / nd;
            zMean = zSum / nd;
        }
        termX.resize(xv.size());
        termZ.resize(zv.size());
        for (std::size_t k = 0; k < xv.size(); ++k)
            termX[k] = (xv[k] - xMean) * (xv[k] - xMean);
        for (std::size_t k = 0; k < zv.size(); ++k)
            termZ[k] = (zv[k] - zMean) * (zv[k] - zMean);
        double sxx = 0, szz = 0;
        if (exactSums) {
            for (std::size_t k = 0; k < xv.size(); ++k)
                sxx += static_cast<double>(countX[k]) * termX[k];
            for (std::size_t k = 0; k < zv.size(); ++k)
                szz += static_cast<double>(countZ[k]) * termZ[k];
        } else {
            for (std::size_t i = 0; i < n; ++i) {
                sxx += termX[cx[i]];
                szz += termZ[cz[i]];
            }
        }
        const double xNorm = std::sqrt(sxx);
        const double zNorm = std::sqrt(szz);
        normX.resize(xv.size());
        normZ.resize(zv.size());
        for (std::size_t k = 0; k < xv.size(); ++k)
            normX[k] = (xv[k] - xMean) / xNorm;
        for (std::size_t k = 0; k < zv.size(); ++k)
            normZ[k] = (zv[k] - zMean) / zNorm;
        double r = 0;
        for (std::size_t i = 0; i < n; ++i)
            r += normX[cx[i]] * normZ[cz[i]];
        return std::clamp(r, -1.0, 1.0);
    }

    // Each class's item count and average rank in the sample: its items share the mean of their ranks.
    static void classRanks(const std::vector<std::uint32_t> &codes, std::size_t classes,
                           std::vector<std::uint32_t> &count, std::vector<double> &rank)
    {
        count.assign(classes, 0);
        for (const auto c : codes)
            ++count[c];
        rank.resize(classes);
        double below = 0;
        for (std::size_t k = 0; k < classes; ++k) {
            const auto items = static_cast<double>(count[k]);
            rank[k] = below + (items + 1) / 2;
            below += items;
        }
    }

    double spearman()
    {
        const std::size_t n = x.size();
        if (!countable(xClasses.count, n) || !countable(zClasses.count, n))
            return correlate(x, z, CorrelationMethod::Spearman, false).value;
        classRanks(cx, xClasses.count, countX, rankOfClassX);
        classRanks(cz, zClasses.count, countZ, rankOfClassZ);
        if (byClass())
            return pearsonOfClasses(rankOfClassX, rankOfClassZ, n <= kExactRankSums);
        rankX.resize(n);
        rankZ.resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            rankX[i] = rankOfClassX[cx[i]];
            rankZ[i] = rankOfClassZ[cz[i]];
        }
        return pearsonValue(rankX, rankZ);
    }

    double kendall(bool tauC)
    {
        const std::size_t n = x.size();
        const double pairs = static_cast<double>(n) * static_cast<double>(n - 1) / 2.0;
        if (n <= 24 && !tauC) {
            // Pair by pair on the classes, as correlation.cpp counts small samples.
            long long signSum = 0, xTied = 0, zTied = 0;
            for (std::size_t i = 0; i < n; ++i)
                for (std::size_t j = i + 1; j < n; ++j) {
                    const int sx = (cx[i] > cx[j]) - (cx[i] < cx[j]);
                    const int sz = (cz[i] > cz[j]) - (cz[i] < cz[j]);
                    signSum += sx * sz;
                    xTied += sx == 0;
                    zTied += sz == 0;
                }
            return kendallTauBFromCounts(static_cast<double>(signSum), pairs, static_cast<double>(xTied),
                                         static_cast<double>(zTied));
        }
        const std::size_t kx = xClasses.count, kz = zClasses.count;
        if ((kx + 1) * (kz + 1) > std::max<std::size_t>(4225, 4 * n))
            return correlate(x, z, tauC ? CorrelationMethod::KendallC : CorrelationMethod::KendallB, false).value;
        // The contingency table of the classes; with suffix sums S[i][j] = #{x ≥ i, z ≥ j}, each cell's
        // concordant partners are S[i+1][j+1] and its discordant ones S[i+1][0] − S[i+1][j].
        const std::size_t w = kz + 1;
        table.assign((kx + 1) * w, 0);
        for (std::size_t i = 0; i < n; ++i)
            ++table[cx[i] * w + cz[i]];
        std::int64_t xTied = 0, zTied = 0, xPresent = 0, zPresent = 0;
        for (std::size_t i = 0; i < kx; ++i) {
            std::int64_t row = 0;
            for (std::size_t j = 0; j < kz; ++j)
                row += table[i * w + j];
            xTied += row * (row - 1) / 2;
            xPresent += row > 0;
        }
        for (std::size_t j = 0; j < kz; ++j) {
            std::int64_t column = 0;
            for (std::size_t i = 0; i < kx; ++i)
                column += table[i * w + j];
            zTied += column * (column - 1) / 2;
            zPresent += column > 0;
        }
        suffix.assign((kx + 1) * w, 0);
        for (std::size_t i = kx; i-- > 0;)
            for (std::size_t j = kz; j-- > 0;)
                suffix[i * w + j]
                    = table[i * w + j] + suffix[(i + 1) * w + j] + suffix[i * w + j + 1] - suffix[(i + 1) * w + j + 1];
        std::int64_t concordant = 0, discordant = 0;
        for (std::size_t i = 0; i + 1 < kx; ++i)
            for (std::size_t j = 0; j < kz; ++j) {
                const std::int64_t c = table[i * w + j];
                if (c == 0)
                    continue;
                concordant += c * suffix[(i + 1) * w + j + 1];
                discordant += c * (suffix[(i + 1) * w] - suffix[(i + 1) * w + j]);
            }
        const auto difference = static_cast<double>(concordant - discordant);
        if (tauC)
            return kendallTauCFromCounts(difference, static_cast<double>(n),
                                         static_cast<double>(std::min(xPresent, zPresent)));
        return kendallTauBFromCounts(difference, pairs, static_cast<double>(xTied), static_cast<double>(zTied));
    }
};

// Intervals with no resample, as bootstrap() returns them for an empty matrix or no resamples.
std::vector<ConfidenceInterval> noIntervals(std::size_t methods, const BootstrapOptions &options)
{
    ConfidenceInterval ci;
    ci.confidence = options.confidence;
    return std::vector<ConfidenceInterval>(methods, ci);
}

// Runs the resamples; statistic(draws, out) writes each method's value of the current resample.
template <typename Statistic>
std::vector<ConfidenceInterval> intervals(std::size_t rows, std::size_t cols, std::size_t methods,
                                          const BootstrapOptions &options, Statistic &&statistic)
{
    if (rows == 0 || cols == 0 || options.resamples == 0)
        return noIntervals(methods, options);
    ResampleDraws draws(rows, cols, options);
    std::vector<std::vector<double>> values(methods);
    for (auto &v : values)
        v.reserve(options.resamples);
    std::vector<std::size_t> undefined(methods, 0);
    std::vector<double> out(methods);
    for (std::size_t b = 0; b < options.resamples; ++b) {
        draws.next();
        statistic(draws, out);
        for (std::size_t m = 0; m < methods; ++m) {
            if (std::isnan(out[m]))
                ++undefined[m];
            else
                values[m].push_back(out[m]);
        }
    }
    std::vector<ConfidenceInterval> result;
    result.reserve(methods);
    for (std::size_t m = 0; m < methods; ++m)
        result.push_back(percentileInterval(std::move(values[m]), undefined[m], options));
    return result;
}

} // namespace

std::vector<ConfidenceInterval> bootstrapDatasetLevel(const ScoreMatrix &x, const ScoreMatrix &z,
                                                      std::span<const CorrelationMethod> methods,
                                                      const BootstrapOptions &options)
{
    requireSameShape(x, z);
    const ValueClasses xc = classify(x.cells()), zc = classify(z.cells());
    Sample sample(x, z, xc, zc);
    const std::size_t cols = x.documents();
    return intervals(x.systems(), cols, methods.size(), options, [&](const ResampleDraws &d, std::vector<double> &out) {
        sample.clear();
        for (const std::size_t r : d.rows())
            for (const std::size_t c : d.cols())
                sample.add(r * cols + c);
        for (std::size_t m = 0; m < methods.size(); ++m)
            out[m] = sample.value(methods[m]);
    });
}

std::vector<ConfidenceInterval> bootstrapSystemLevel(const ScoreMatrix &x, const ScoreMatrix &z,
                                                     std::span<const CorrelationMethod> methods,
                                                     const BootstrapOptions &options)
{
    requireSameShape(x, z);
    std::vector<double> mx(x.systems()), mz(x.systems());
    return intervals(x.systems(), x.documents(), methods.size(), options,
                     [&](const ResampleDraws &d, std::vector<double> &out) {
                         // Each resampled system's means over the cells both sides have, in resample order.
                         for (std::size_t i = 0; i < d.rows().size(); ++i) {
                             const std::size_t r = d.rows()[i];
                             double sx = 0, sz = 0;
                             std::size_t n = 0;
                             for (const std::size_t c : d.cols()) {
                                 const double a = x.at(r, c);
                                 const double b = z.at(r, c);
                                 if (std::isnan(a) || std::isnan(b))
                                     continue;
                                 sx += a;
                                 sz += b;
                                 ++n;
                             }
                             mx[i] = n ? sx / static_cast<double>(n) : kNaN;
                             mz[i] = n ? sz / static_cast<double>(n) : kNaN;
                         }
                         for (std::size_t m = 0; m < methods.size(); ++m)
                             out[m] = correlate(mx, mz, methods[m], false).value;
                     });
}

std::vector<ConfidenceInterval> bootstrapSummaryLevel(const ScoreMatrix &x, const ScoreMatrix &z,
                                                      std::span<const CorrelationMethod> methods,
                                                      const BootstrapOptions &options)
{
    requireSameShape(x, z);
    const ValueClasses xc = classify(x.cells()), zc = classify(z.cells());
    Sample sample(x, z, xc, zc);
    const std::size_t cols = x.documents(), count = methods.size();
    // A document drawn twice into one resample has the same coefficients both times: computed once.
    std::vector<double> cached(cols * count);
    std::vector<std::size_t> cachedAt(cols, std::numeric_limits<std::size_t>::max());
    std::vector<double> sum(count);
    std::vector<std::size_t> used(count);
    std::size_t resample = 0;
    return intervals(x.systems(), cols, count, options, [&](const ResampleDraws &d, std::vector<double> &out) {
        std::fill(sum.begin(), sum.end(), 0.0);
        std::fill(used.begin(), used.end(), std::size_t{0});
        for (const std::size_t c : d.cols()) {
            double *values = cached.data() + c * count;
            if (cachedAt[c] != resample) {
                cachedAt[c] = resample;
                sample.clear();
                for (const std::size_t r : d.rows())
                    sample.add(r * cols + c);
                for (std::size_t m = 0; m < count; ++m)
                    values[m] = sample.value(methods[m]);
            }
            for (std::size_t m = 0; m < count; ++m)
                if (!std::isnan(values[m])) {
                    sum[m] += values[m];
                    ++used[m];
                }
        }
        for (std::size_t m = 0; m < count; ++m)
            out[m] = used[m] ? sum[m] / static_cast<double>(used[m]) : kNaN;
        ++resample;
    });
}

std::vector<std::vector<ConfidenceInterval>> bootstrapPerSystem(const ScoreMatrix &x, const ScoreMatrix &z,
                                                                std::span<const CorrelationMethod> methods,
                                                                const BootstrapOptions &options)
{
    requireSameShape(x, z);
    const std::size_t systems = x.systems(), cols = x.documents(), count = methods.size();
    BootstrapOptions documents = options;
    documents.unit = ResampleUnit::Documents;
    if (cols == 0 || options.resamples == 0)
        return std::vector<std::vector<ConfidenceInterval>>(systems, noIntervals(count, documents));
    const ValueClasses xc = classify(x.cells()), zc = classify(z.cells());
    Sample sample(x, z, xc, zc);
    // Every system's row alone is a 1 × documents matrix: one draw per document per resample, the
    // same draws for every system.
    ResampleDraws draws(1, cols, documents);
    std::vector<std::vector<double>> values(systems * count);
    for (auto &v : values)
        v.reserve(options.resamples);
    std::vector<std::size_t> undefined(systems * count, 0);
    for (std::size_t b = 0; b < options.resamples; ++b) {
        draws.next();
        for (std::size_t s = 0; s < systems; ++s) {
            sample.clear();
            for (const std::size_t c : draws.cols())
                sample.add(s * cols + c);
            for (std::size_t m = 0; m < count; ++m) {
                const double v = sample.value(methods[m]);
                if (std::isnan(v))
                    ++undefined[s * count + m];
                else
                    values[s * count + m].push_back(v);
            }
        }
    }
    std::vector<std::vector<ConfidenceInterval>> result(systems);
    for (std::size_t s = 0; s < systems; ++s)
        for (std::size_t m = 0; m < count; ++m)
            result[s].push_back(
                percentileInterval(std::move(values[s * count + m]), undefined[s * count + m], options));
    return result;
}

std::vector<ConfidenceInterval> bootstrapMetaCorrelation(const ScoreMatrix &x, const ScoreMatrix &z,
                                                         std::span<const CorrelationMethod> methods,
                                                         const BootstrapOptions &options)
{
    requireSameShape(x, z);
    BootstrapOptions systems = options;
    systems.unit = ResampleUnit::Systems;
    const std::size_t rows = x.systems(), count = methods.size();
    // Q_i and P_i of every original system, as metaCorrelation() computes them.
    std::vector<double> q(rows), p(rows * count);
    for (std::size_t s = 0; s < rows; ++s) {
        double sum = 0;
        std::size_t n = 0;
        for (std::size_t d = 0; d < z.documents(); ++d)
            if (!std::isnan(z.at(s, d))) {
                sum += z.at(s, d);
                ++n;
            }
        q[s] = n ? sum / static_cast<double>(n) : ScoreMatrix::missing();
    }
    for (std::size_t m = 0; m < count; ++m) {
        const auto per = perSystem(x, z, methods[m], false);
        for (std::size_t s = 0; s < rows; ++s)
            p[m * rows + s] = per[s].defined() ? per[s].value : ScoreMatrix::missing();
    }
    std::vector<double> rq(rows), rp(rows);
    return intervals(rows, x.documents(), count, systems, [&](const ResampleDraws &d, std::vector<double> &out) {
        for (std::size_t i = 0; i < rows; ++i)
            rq[i] = q[d.rows()[i]];
        for (std::size_t m = 0; m < count; ++m) {
            for (std::size_t i = 0; i < rows; ++i)
                rp[i] = p[m * rows + d.rows()[i]];
            out[m] = correlate(rq, rp, methods[m], false).value;
        }
    });
}

} // namespace concord::stats

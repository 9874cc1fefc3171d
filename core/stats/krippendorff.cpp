// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/krippendorff.h"

#include "model/seeded_draw.h"
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numeric>
#include <utility>

namespace concord::stats {

namespace {

constexpr std::array<std::pair<MeasurementLevel, std::string_view>, 4> kLevelNames{{
    {MeasurementLevel::Nominal, "nominal"},
    {MeasurementLevel::Ordinal, "ordinal"},
    {MeasurementLevel::Interval, "interval"},
    {MeasurementLevel::Ratio, "ratio"},
}};

constexpr std::uint32_t kNoIndex = std::numeric_limits<std::uint32_t>::max();
// Small-integer values (Likert points, ranks) are indexed through a table instead of a sort.
constexpr double kMaxTableRange = 1 << 20;
// The largest table of value-count patterns (see packByCounts).
constexpr std::uint64_t kMaxPatternKeys = 1 << 16;

// Units hold a handful of values: insertion sort beats std::sort there.
void sortSmall(std::uint32_t *first, std::uint32_t *last)
{
    if (last - first > 32) {
        std::sort(first, last);
        return;
    }
    for (std::uint32_t *i = first + 1; i < last; ++i) {
        const std::uint32_t v = *i;
        std::uint32_t *j = i;
        for (; j > first && *(j - 1) > v; --j)
            *j = *(j - 1);
        *j = v;
    }
}

double ratioDelta(double c, double k)
{
    const double sum = c + k;
    if (sum == 0)
        return 0; // both 0: the same value
    const double r = (c - k) / sum;
    return r * r;
}

std::string formatValue(double v)
{
    std::string s = std::to_string(v);
    // std::to_string gives six decimals; drop the trailing zeros for "3" rather than "3.000000".
    if (s.find('.') != std::string::npos) {
        while (!s.empty() && s.back() == '0')
            s.pop_back();
        if (!s.empty() && s.back() == '.')
            s.pop_back();
    }
    return s;
}

} // namespace

std::string_view toString(MeasurementLevel level)
{
    for (const auto &[l, name] : kLevelNames)
        if (l == level)
            return name;
    return "nominal";
}

std::optional<MeasurementLevel> measurementLevelFromString(std::string_view text)
{
    for (const auto &[l, name] : kLevelNames)
        if (name == text)
            return l;
    return std::nullopt;
}

struct KrippendorffAlpha::Sums {
    double n = 0;                 // pairable values (weighted)
    double observed = 0;          // Σ_ck o_ck δ²_ck
    double expected = 0;          // Σ_ck n_c n_k δ²_ck
    std::size_t units = 0;        // pairable units (weighted count)
    std::size_t distinct = 0;     // values with a non-zero marginal
    std::uint32_t firstValue = 0; // one of them, for the reason when it is the only one
    bool negative = false;        // a negative value (not ratio data)
};

KrippendorffAlpha::KrippendorffAlpha(const ReliabilityData &data)
    : KrippendorffAlpha(data.values(), data.coders())
{ }

KrippendorffAlpha::KrippendorffAlpha(std::span<const double> unitsByCoders, std::size_t coders)
{
    if (coders == 0 || unitsByCoders.empty())
        return;
    const std::size_t units = unitsByCoders.size() / coders;
    const std::span<const double> cells = unitsByCoders.first(units * coders);
    pack(cells, coders);
    if (m_pairableUnits == 0 && m_invalid.empty())
        m_unpairable = whyNothingPairs(cells, coders);
}

void KrippendorffAlpha::pack(std::span<const double> cells, std::size_t coders)
{
    // Pass 1: the range of the values and whether they are all integers. Branch-free, so that it
    // runs at memory speed; an infinite value shows in the range and is located afterwards.
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    bool integral = true;
    std::size_t finite = 0;
    for (const double v : cells) {
        const bool present = v == v; // not NaN
        finite += present;
        lo = present && v < lo ? v : lo;
        hi = present && v > hi ? v : hi;
        // A truncating conversion is one instruction (std::floor may be a library call); the clamp
        // keeps it defined, and a clamped value differs from v.
        const double clamped = std::clamp(present ? v : 0.0, -0x1p52, 0x1p52);
        integral = integral & (static_cast<double>(static_cast<std::int64_t>(clamped)) == (present ? v : 0.0));
    }
    if (std::isinf(lo) || std::isinf(hi)) {
        const auto bad = std::find_if(cells.begin(), cells.end(), [](double v) { return std::isinf(v); });
        if (bad != cells.end()) {
            const auto i = static_cast<std::size_t>(bad - cells.begin());
            m_invalid = "value ";
            m_invalid.append(*bad > 0 ? "+inf" : "-inf");
            m_invalid.append(" (unit ").append(std::to_string(i / coders + 1));
            m_invalid.append(", coder ").append(std::to_string(i % coders + 1));
            m_invalid.append(") is not a number a coder can give");
            return;
        }
    }
    if (finite == 0)
        return;
    if (finite >= kNoIndex) {
        m_invalid = "more than 4,294,967,294 values";
        return;
    }
    if (integral && packByCounts(cells, coders, static_cast<std::int64_t>(lo), static_cast<std::int64_t>(hi)))
        return;
    packUnits(cells, coders, lo, hi, integral, finite);
}

// Read only when nothing pairs, so the common case pays nothing for it.
std::string KrippendorffAlpha::whyNothingPairs(std::span<const double> cells, std::size_t coders)
{
    std::size_t giving = 0; // coders with at least one value
    for (std::size_t c = 0; c < coders; ++c)
        for (std::size_t i = c; i < cells.size(); i += coders)
            if (!std::isnan(cells[i])) {
                ++giving;
                break;
            }
    // The words before the colon lead: the window shows them where the number would be.
    if (giving == 0)
        return "no values: no pairable units, no coder gave a value";
    if (giving == 1)
        return "fewer than two coders: no pairable units, only one coder gave values (alpha compares two or "
               "more coders' values on a unit)";
    return "fewer than two coders per unit: no pairable units, no unit has values from two or more of the "
           + std::to_string(giving) + " coders";
}

bool KrippendorffAlpha::packByCounts(std::span<const double> cells, std::size_t coders, std::int64_t lo,
                                     std::int64_t hi)
{
    // Few coders on a short integer scale (Likert points, ranks of a few candidates): a unit's
    // value counts, read as the digits of a number in base coders + 1, index a table directly. One
    // pass over the cells gives every unit's pattern and how often each pattern occurs.
    const std::size_t range = static_cast<std::size_t>(hi - lo) + 1;
    const std::uint64_t base = coders + 1;
    std::vector<std::uint32_t> power(range);
    std::uint64_t keys = 1;
    for (std::size_t i = 0; i < range; ++i) {
        power[i] = static_cast<std::uint32_t>(keys);
        keys *= base;
        if (keys > kMaxPatternKeys)
            return false;
    }
    const std::size_t units = cells.size() / coders;
    std::vector<std::uint32_t> frequency(keys, 0);
    m_unitPattern.reserve(units);
    for (std::size_t u = 0; u < units; ++u) {
        std::uint32_t key = 0;
        std::uint32_t m = 0;
        for (const double v : cells.subspan(u * coders, coders))
            if (!std::isnan(v)) {
                key += power[static_cast<std::size_t>(static_cast<std::int64_t>(v) - lo)];
                ++m;
            }
        if (m < 2)
            continue; // fewer than two values: not pairable
        ++frequency[key];
        m_unitPattern.push_back(key);
    }

    for (std::size_t i = 0; i < range; ++i)
        m_values.push_back(static_cast<double>(lo + static_cast<std::int64_t>(i)));
    // The patterns in key order; frequency[key] becomes the pattern's number.
    for (std::uint32_t key = 0; key < keys; ++key) {
        if (frequency[key] == 0)
            continue;
        m_weights.push_back(frequency[key]);
        for (std::size_t i = 0; i < range; ++i) {
            const std::uint32_t count = key / power[i] % static_cast<std::uint32_t>(base);
            m_indices.insert(m_indices.end(), count, static_cast<std::uint32_t>(i));
        }
        m_offsets.push_back(static_cast<std::uint32_t>(m_indices.size()));
        frequency[key] = static_cast<std::uint32_t>(m_weights.size() - 1);
    }
    for (std::uint32_t &pattern : m_unitPattern)
        pattern = frequency[pattern];
    m_pairableUnits = m_unitPattern.size();
    for (std::size_t p = 0; p < m_weights.size(); ++p)
        m_pairableValues += static_cast<std::size_t>(m_weights[p]) * (m_offsets[p + 1] - m_offsets[p]);
    return true;
}

void KrippendorffAlpha::packUnits(std::span<const double> cells, std::size_t coders, double lo, double hi,
                                  bool integral, std::size_t finite)
{
    // The distinct values, ascending, and a way from a value to its index.
    std::vector<std::uint32_t> table;
    const bool useTable = integral && hi - lo <= kMaxTableRange;
    if (useTable) {
        table.assign(static_cast<std::size_t>(hi - lo) + 1, kNoIndex);
        for (const double v : cells)
            if (!std::isnan(v))
                table[static_cast<std::size_t>(v - lo)] = 0;
        for (std::size_t t = 0; t < table.size(); ++t)
            if (table[t] == 0) {
                table[t] = static_cast<std::uint32_t>(m_values.size());
                m_values.push_back(lo + static_cast<double>(t));
            }
    } else {
        m_values.reserve(finite);
        for (const double v : cells)
            if (!std::isnan(v))
                m_values.push_back(v + 0.0); // + 0.0 makes −0 and +0 one value
        std::sort(m_values.begin(), m_values.end());
        m_values.erase(std::unique(m_values.begin(), m_values.end()), m_values.end());
    }
    const auto indexOf = [&](double v) -> std::uint32_t {
        if (useTable)
            return table[static_cast<std::size_t>(v - lo)];
        return static_cast<std::uint32_t>(std::lower_bound(m_values.begin(), m_values.end(), v + 0.0)
                                          - m_values.begin());
    };

    // One entry per pairable unit, with its value indices in ascending order.
    const std::size_t units = cells.size() / coders;
    m_indices.reserve(finite);
    m_offsets.reserve(units + 1);
    for (std::size_t u = 0; u < units; ++u) {
        const std::size_t start = m_indices.size();
        for (const double v : cells.subspan(u * coders, coders))
            if (!std::isnan(v))
                m_indices.push_back(indexOf(v));
        if (m_indices.size() - start < 2) {
            m_indices.resize(start); // fewer than two values: not pairable
            continue;
        }
        sortSmall(m_indices.data() + start, m_indices.data() + m_indices.size());
        m_offsets.push_back(static_cast<std::uint32_t>(m_indices.size()));
    }
    m_indices.shrink_to_fit();
    m_pairableUnits = m_offsets.size() - 1;
    m_pairableValues = m_indices.size();
}

KrippendorffAlpha::Sums KrippendorffAlpha::accumulate(MeasurementLevel level, std::span<const std::uint32_t> offsets,
                                                      std::span<const std::uint32_t> indices,
                                                      std::span<const double> weights,
                                                      std::vector<double> &scratch) const
{
    const std::size_t unitCount = offsets.size() - 1;
    const std::size_t valueCount = m_values.size();
    const bool weighted = !weights.empty();
    // scratch: the marginals n_c, then the positions x_c.
    scratch.assign(2 * valueCount, 0.0);
    double *marginal = scratch.data();
    double *position = scratch.data() + valueCount;

    Sums sums;
    for (std::size_t u = 0; u < unitCount; ++u) {
        const double w = weighted ? weights[u] : 1.0;
        if (w == 0)
            continue;
        sums.units += static_cast<std::size_t>(w);
        for (std::uint32_t i = offsets[u]; i < offsets[u + 1]; ++i)
            marginal[indices[i]] += w;
    }
    for (std::size_t c = 0; c < valueCount; ++c) {
        if (marginal[c] == 0)
            continue;
        if (sums.distinct++ == 0)
            sums.firstValue = static_cast<std::uint32_t>(c);
        sums.n += marginal[c];
        sums.negative = sums.negative || m_values[c] < 0;
    }
    if (sums.distinct < 2 || (level == MeasurementLevel::Ratio && sums.negative))
        return sums; // alpha is undefined: no need for the disagreements

    switch (level) {
    case MeasurementLevel::Nominal: {
        for (std::size_t u = 0; u < unitCount; ++u) {
            const double w = weighted ? weights[u] : 1.0;
            if (w == 0)
                continue;
            const std::uint32_t begin = offsets[u];
            const std::uint32_t end = offsets[u + 1];
            const double m = end - begin;
            double same = 0; // Σ_c n_uc²
            for (std::uint32_t i = begin; i < end;) {
                std::uint32_t j = i + 1;
                while (j < end && indices[j] == indices[i])
                    ++j;
                same += static_cast<double>(j - i) * (j - i);
                i = j;
            }
            sums.observed += w * (m * m - same) / (m - 1);
        }
        double same = 0;
        for (std::size_t c = 0; c < valueCount; ++c)
            same += marginal[c] * marginal[c];
        sums.expected = sums.n * sums.n - same;
        break;
    }
    case MeasurementLevel::Ordinal:
    case MeasurementLevel::Interval: {
        if (level == MeasurementLevel::Ordinal) {
            double below = 0; // Σ_{g<c} n_g
            for (std::size_t c = 0; c < valueCount; ++c) {
                position[c] = below + marginal[c] / 2;
                below += marginal[c];
            }
        } else {
            std::copy(m_values.begin(), m_values.end(), position);
        }
        // Sums of squares about the mean: stable where x² would cancel (ordinal positions ~ n).
        for (std::size_t u = 0; u < unitCount; ++u) {
            const double w = weighted ? weights[u] : 1.0;
            if (w == 0)
                continue;
            const std::uint32_t begin = offsets[u];
            const std::uint32_t end = offsets[u + 1];
            const double m = end - begin;
            double mean = 0;
            for (std::uint32_t i = begin; i < end; ++i)
                mean += position[indices[i]];
            mean /= m;
            double squares = 0;
            for (std::uint32_t i = begin; i < end; ++i) {
                const double d = position[indices[i]] - mean;
                squares += d * d;
            }
            sums.observed += w * 2 * m * squares / (m - 1);
        }
        double mean = 0;
        for (std::size_t c = 0; c < valueCount; ++c)
            mean += marginal[c] * position[c];
        mean /= sums.n;
        double squares = 0;
        for (std::size_t c = 0; c < valueCount; ++c) {
            const double d = position[c] - mean;
            squares += marginal[c] * d * d;
        }
        sums.expected = 2 * sums.n * squares;
        break;
    }
    case MeasurementLevel::Ratio: {
        // Not a function of a sum of squares: pairs of the distinct values in a unit.
        for (std::size_t u = 0; u < unitCount; ++u) {
            const double w = weighted ? weights[u] : 1.0;
            if (w == 0)
                continue;
            const std::uint32_t begin = offsets[u];
            const std::uint32_t end = offsets[u + 1];
            const double m = end - begin;
            double pairs = 0;
            for (std::uint32_t i = begin; i < end;) {
                std::uint32_t j = i + 1;
                while (j < end && indices[j] == indices[i])
                    ++j;
                for (std::uint32_t k = j; k < end;) {
                    std::uint32_t l = k + 1;
                    while (l < end && indices[l] == indices[k])
                        ++l;
                    pairs += static_cast<double>(j - i) * (l - k)
                             * ratioDelta(m_values[indices[i]], m_values[indices[k]]);
                    k = l;
                }
                i = j;
            }
            sums.observed += w * 2 * pairs / (m - 1);
        }
        double pairs = 0;
        for (std::size_t c = 0; c < valueCount; ++c) {
            if (marginal[c] == 0)
                continue;
            for (std::size_t k = c + 1; k < valueCount; ++k)
                if (marginal[k] != 0)
                    pairs += marginal[c] * marginal[k] * ratioDelta(m_values[c], m_values[k]);
        }
        sums.expected = 2 * pairs;
        break;
    }
    }
    return sums;
}

AlphaResult KrippendorffAlpha::finish(MeasurementLevel level, const Sums &sums) const
{
    AlphaResult r;
    r.level = level;
    r.units = sums.units;
    r.pairableValues = static_cast<std::size_t>(sums.n);
    if (!m_invalid.empty()) {
        r.units = 0;
        r.pairableValues = 0;
        r.undefinedReason = m_invalid;
        return r;
    }
    if (sums.units == 0) {
        r.undefinedReason = unpairableReason();
        return r;
    }
    if (level == MeasurementLevel::Ratio && sums.negative) {
        r.undefinedReason = "ratio data cannot hold negative values";
        return r;
    }
    if (sums.distinct < 2) {
        r.observedDisagreement = 0.0;
        r.expectedDisagreement = 0.0;
        r.undefinedReason = "no variance (expected disagreement is 0): every pairable value is ";
        r.undefinedReason.append(formatValue(m_values[sums.firstValue]));
        return r;
    }
    const double n = sums.n;
    r.observedDisagreement = sums.observed / n;
    r.expectedDisagreement = sums.expected / (n * (n - 1));
    // The same as 1 − D_o/D_e, with one rounding fewer.
    r.alpha = 1.0 - (n - 1) * sums.observed / sums.expected;
    return r;
}

std::string KrippendorffAlpha::unpairableReason() const
{
    return m_unpairable.empty() ? std::string("no values: no pairable units, no coder gave a value") : m_unpairable;
}

AlphaResult KrippendorffAlpha::compute(MeasurementLevel level) const
{
    std::vector<double> scratch;
    return finish(level, accumulate(level, m_offsets, m_indices, m_weights, scratch));
}

AlphaInterval KrippendorffAlpha::bootstrap(MeasurementLevel level, const BootstrapOptions &options) const
{
    AlphaInterval out;
    out.confidence = options.confidence;
    out.resamples = options.resamples;
    if (!m_invalid.empty()) {
        out.undefinedReason = m_invalid;
        return out;
    }
    if (!(options.confidence > 0 && options.confidence < 1)) {
        out.undefinedReason = "the confidence level must lie between 0 and 1";
        return out;
    }
    if (options.resamples == 0) {
        out.undefinedReason = "no resamples requested";
        return out;
    }
    const std::size_t unitCount = m_pairableUnits;
    if (unitCount == 0) {
        out.undefinedReason = unpairableReason();
        return out;
    }

    // Units with the same values (the same multiset of value indices) contribute the same: with
    // units grouped into patterns, a resample is a vector of pattern counts. Likert data with a few
    // coders has at most a few hundred patterns, however many units. packByCounts() grouped them
    // already; otherwise group them here by sorting.
    std::span<const std::uint32_t> offsets = m_offsets;
    std::span<const std::uint32_t> indices = m_indices;
    std::span<const std::uint32_t> patternOf = m_unitPattern;
    std::vector<std::uint32_t> groupedOffsets{0};
    std::vector<std::uint32_t> groupedIndices;
    std::vector<std::uint32_t> groupedPatternOf;
    if (m_unitPattern.empty()) {
        std::vector<std::uint32_t> order(unitCount);
        std::iota(order.begin(), order.end(), 0u);
        const auto unitValues = [&](std::uint32_t u) {
            return std::span<const std::uint32_t>(m_indices).subspan(m_offsets[u], m_offsets[u + 1] - m_offsets[u]);
        };
        std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
            const auto va = unitValues(a);
            const auto vb = unitValues(b);
            return std::lexicographical_compare(va.begin(), va.end(), vb.begin(), vb.end());
        });
        groupedPatternOf.resize(unitCount);
        for (std::size_t i = 0; i < unitCount; ++i) {
            const auto values = unitValues(order[i]);
            if (i == 0 || !std::ranges::equal(values, unitValues(order[i - 1]))) {
                groupedIndices.insert(groupedIndices.end(), values.begin(), values.end());
                groupedOffsets.push_back(static_cast<std::uint32_t>(groupedIndices.size()));
            }
            groupedPatternOf[order[i]] = static_cast<std::uint32_t>(groupedOffsets.size() - 2);
        }
        offsets = groupedOffsets;
        indices = groupedIndices;
        patternOf = groupedPatternOf;
    }

    model::SeededDraw draw(options.seed);
    const auto drawCount = static_cast<std::uint32_t>(unitCount);
    std::vector<double> weights(offsets.size() - 1);
    std::vector<double> scratch;
    std::vector<double> alphas;
    alphas.reserve(options.resamples);
    for (std::size_t r = 0; r < options.resamples; ++r) {
        std::fill(weights.begin(), weights.end(), 0.0);
        for (std::size_t i = 0; i < unitCount; ++i)
            weights[patternOf[draw.below(drawCount)]] += 1;
        const AlphaResult a = finish(level, accumulate(level, offsets, indices, weights, scratch));
        if (a.alpha)
            alphas.push_back(*a.alpha);
        else
            ++out.skipped;
    }
    out.used = alphas.size();
    if (alphas.empty()) {
        out.undefinedReason = "alpha is undefined in every resample";
        return out;
    }

    // Percentiles with linear interpolation between order statistics (numpy's default).
    std::sort(alphas.begin(), alphas.end());
    const auto quantile = [&](double q) {
        const double h = q * static_cast<double>(alphas.size() - 1);
        const auto below = static_cast<std::size_t>(std::floor(h));
        const std::size_t above = std::min(below + 1, alphas.size() - 1);
        return alphas[below] + (h - static_cast<double>(below)) * (alphas[above] - alphas[below]);
    };
    const double tail = (1 - options.confidence) / 2;
    out.low = quantile(tail);
    out.high = quantile(1 - tail);
    return out;
}

AlphaResult KrippendorffAlpha::compute(const ReliabilityData &data, MeasurementLevel level)
{
    return KrippendorffAlpha(data).compute(level);
}

AlphaEstimate KrippendorffAlpha::estimate(const ReliabilityData &data, MeasurementLevel level,
                                          const BootstrapOptions &options)
{
    const KrippendorffAlpha alpha(data);
    return {alpha.compute(level), alpha.bootstrap(level, options)};
}

} // namespace concord::stats

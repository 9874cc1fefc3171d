// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "stats/bootstrap.h"
#include "stats/reliability_data.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace concord::stats {

// The metric of the differences between values (Krippendorff 2011, "Computing Krippendorff's
// Alpha-Reliability"). Rankings are ordinal data.
enum class MeasurementLevel { Nominal, Ordinal, Interval, Ratio };

// "nominal", "ordinal", "interval", "ratio".
std::string_view toString(MeasurementLevel level);
std::optional<MeasurementLevel> measurementLevelFromString(std::string_view text);

// alpha = 1 − D_o / D_e, or undefined with the reason (never a silent 0 or NaN).
struct AlphaResult {
    MeasurementLevel level = MeasurementLevel::Nominal;
    std::optional<double> alpha;
    std::optional<double> observedDisagreement; // D_o; absent when no value is pairable
    std::optional<double> expectedDisagreement; // D_e; absent when no value is pairable
    std::size_t units = 0;                      // pairable units (two or more values)
    std::size_t pairableValues = 0;             // n: the values in pairable units
    std::string undefinedReason;                // set exactly when alpha is absent

    bool defined() const { return alpha.has_value(); }
};

// Percentile bootstrap interval over units. Resamples where alpha is undefined (e.g. every drawn
// value the same) are skipped and counted; the interval uses the others.
struct AlphaInterval {
    std::optional<double> low;
    std::optional<double> high;
    double confidence = 0.95;
    std::size_t resamples = 0;   // requested
    std::size_t used = 0;        // resamples with a defined alpha
    std::size_t skipped = 0;     // resamples with an undefined alpha
    std::string undefinedReason; // set exactly when the interval is absent

    bool defined() const { return low.has_value(); }
};

struct AlphaEstimate {
    AlphaResult point;
    AlphaInterval interval;
};

// Krippendorff's alpha from the coincidence matrix, for any number of coders and missing values.
//
// Nothing loops over pairs of ratings. Each pairable unit u (m_u ≥ 2 values) adds
// n_uc·(n_uk − [c=k])/(m_u − 1) to o_ck, so Σ_ck o_ck·δ²_ck is a sum over units of per-unit
// sums of squares:
//   interval, ordinal: Σ_ck n_uc n_uk (x_c − x_k)² = 2·m_u·Σ_c n_uc (x_c − x̄_u)², where x is the
//     value (interval) or, for ordinal, its mid-rank position M_c = Σ_{g<c} n_g + n_c/2 in the
//     marginals, because Σ_{g=c..k} n_g − (n_c + n_k)/2 = M_k − M_c;
//   nominal: m_u² − Σ_c n_uc²;  ratio: the distinct values of the unit, pair by pair.
// D_e is the same sum over the marginals n_c (ratio: over pairs of distinct values, O(V²)).
//
// Construction indexes the values and packs the pairable units in O(N) (O(N log N) when the values
// are not integers in a short range); with few coders on a short integer scale it groups units by
// their value counts in the same pass. compute() and bootstrap() then reuse that for any level.
class KrippendorffAlpha {
public:
    explicit KrippendorffAlpha(const ReliabilityData &data);
    // Row-major units × coders, NaN = missing; the view is read during construction only.
    KrippendorffAlpha(std::span<const double> unitsByCoders, std::size_t coders);

    AlphaResult compute(MeasurementLevel level) const;
    // Resamples the pairable units (in input order) with replacement, U draws per resample from
    // std::mt19937_64 seeded with options.seed: each 64-bit output gives two 32-bit numbers (low
    // half first), x ↦ (x·U) >> 32 with Lemire's rejection of x·U mod 2^32 < 2^32 mod U. Specified
    // so that the same seed on the same data gives the same interval with any standard library.
    AlphaInterval bootstrap(MeasurementLevel level, const BootstrapOptions &options = {}) const;

    static AlphaResult compute(const ReliabilityData &data, MeasurementLevel level);
    static AlphaEstimate estimate(const ReliabilityData &data, MeasurementLevel level,
                                  const BootstrapOptions &options = {});

    std::size_t pairableValues() const { return m_pairableValues; }

private:
    struct Sums;
    void pack(std::span<const double> cells, std::size_t coders);
    // Why no unit is pairable: no values, one coder, or coders that never rated a unit together.
    static std::string whyNothingPairs(std::span<const double> cells, std::size_t coders);
    std::string unpairableReason() const;
    bool packByCounts(std::span<const double> cells, std::size_t coders, std::int64_t lo, std::int64_t hi);
    void packUnits(std::span<const double> cells, std::size_t coders, double lo, double hi, bool integral,
                   std::size_t finite);
    // Entries (units or patterns of units) given by offsets/indices, sorted value indices per
    // entry; weights: how often each entry counts, or empty for once each.
    Sums accumulate(MeasurementLevel level, std::span<const std::uint32_t> offsets,
                    std::span<const std::uint32_t> indices, std::span<const double> weights,
                    std::vector<double> &scratch) const;
    AlphaResult finish(MeasurementLevel level, const Sums &sums) const;

    std::vector<double> m_values; // the values (distinct, ascending) that indices refer to
    // Entry e holds m_indices[m_offsets[e] .. m_offsets[e+1]), ascending. An entry is a pairable
    // unit, or (when m_unitPattern is filled) a pattern of values shared by m_weights[e] units.
    std::vector<std::uint32_t> m_offsets{0};
    std::vector<std::uint32_t> m_indices;
    std::vector<double> m_weights;
    std::vector<std::uint32_t> m_unitPattern; // pairable unit (in input order) → its pattern, or empty
    std::size_t m_pairableUnits = 0;
    std::size_t m_pairableValues = 0;
    std::string m_invalid;    // why the data cannot be used (e.g. an infinite value)
    std::string m_unpairable; // why no unit is pairable, when none is
};

} // namespace concord::stats

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "stats/bootstrap.h"
#include "stats/krippendorff.h"
#include "stats/reliability_data.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace concord::stats {

// How many units labelled by two or more coders give Krippendorff's alpha a bootstrap interval no wider than a
// target, judged from a pilot. A study of n units like the pilot is simulated by drawing n of the pilot's
// pairable units with replacement, as many times as options.resamples; the width at n is that of the
// percentile interval (options.confidence) of alpha over the draws, each draw seeded from options.seed alike
// (common random numbers, so widths at different n compare). The smallest n is bracketed by doubling (or halving)
// from the pilot's size, then bisected until the bracket is within 5% (the upper end is reported). It assumes
// the new units resemble the pilot's: the same coders, the same spread of values.
struct AlphaWidthPoint {
    std::size_t units = 0;
    ConfidenceInterval interval;
    double width() const { return interval.high - interval.low; }
};

struct AlphaSampleSize {
    std::size_t pilotUnits = 0; // pairable units of the pilot
    AlphaResult pilot;
    AlphaWidthPoint atPilot;            // the width the pilot's own size gives
    std::vector<AlphaWidthPoint> curve; // every size tried, ascending
    std::optional<std::size_t> unitsNeeded;
    std::string why; // set when unitsNeeded is absent (no pairable unit, alpha undefined, beyond maxUnits)
};

AlphaSampleSize alphaUnitsForWidth(const ReliabilityData &pilot, MeasurementLevel level, double width,
                                   const BootstrapOptions &options, std::size_t maxUnits = 50000);

} // namespace concord::stats

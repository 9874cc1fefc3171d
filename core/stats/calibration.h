// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace concord::stats {

// How a reliability diagram groups the pairs by the judge's score.
enum class Binning {
    // B bins of equal width over [0, 1]: bin k holds scores in [k/B, (k+1)/B), the last one 1 too. Bins no
    // score falls in are kept with a count of 0 (they add nothing to the ECE).
    EqualWidth,
    // Up to B bins of about N/B pairs each (quantiles of the judge's score): pairs sorted by the judge's
    // score, a cut after every round(k N / B)-th pair, k = 1..B-1. A cut inside a run of equal scores moves
    // forward to the run's end, so equal scores always share a bin (the lower one); cuts that then coincide
    // are merged. A judge with few distinct scores (a 1-5 scale) thus gets fewer, unequal bins.
    EqualMass,
};

const char *toString(Binning binning); // "equal-width", "equal-mass"

// One bin of a reliability diagram, on the [0, 1] scale of the pairs given. low and high: the bin's edges
// (equal width) or its smallest and largest judge score (equal mass). The interval is Student's t for the
// mean human score, mean +- t(n - 1) sd / sqrt(n) with sd dividing by n - 1; NaN with fewer than two pairs.
struct CalibrationBin {
    double low = 0;
    double high = 0;
    std::size_t count = 0;
    double meanJudge = std::numeric_limits<double>::quiet_NaN();
    double meanHuman = std::numeric_limits<double>::quiet_NaN();
    double humanLow = std::numeric_limits<double>::quiet_NaN();
    double humanHigh = std::numeric_limits<double>::quiet_NaN();
};

// The expected calibration error, sum over bins of (n_b / N) |mean judge_b - mean human_b|: 0 when in
// every bin the judge's mean score is the people's mean. NaN without pairs.
struct Reliability {
    Binning binning = Binning::EqualWidth;
    std::size_t binsAsked = 0;
    std::vector<CalibrationBin> bins;
    std::size_t pairs = 0;
    double ece = std::numeric_limits<double>::quiet_NaN();
};

// judge and human: one entry per item, in the same order, both already on one scale, [0, 1] (see
// unitScale); a judge score outside [0, 1] is clamped into the end bins of EqualWidth. bins >= 1;
// confidence in (0, 1). Throws std::invalid_argument on lists of different lengths or bins < 1.
Reliability reliability(const std::vector<double> &judge, const std::vector<double> &human, Binning binning,
                        std::size_t bins, double confidence = 0.95);

// value mapped from [min, max] to [0, 1]: (value - min) / (max - min). NaN when max <= min.
double unitScale(double value, double min, double max);

// The Brier score, the mean of (p - y)^2 over the items, of probabilities p in [0, 1] against outcomes y
// (0 or 1): 0 for a judge certain and right every time, 0.25 for one always saying 0.5. NaN without items.
// Throws std::invalid_argument on lists of different lengths.
double brierScore(const std::vector<double> &p, const std::vector<int> &y);

} // namespace concord::stats

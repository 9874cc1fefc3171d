// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "stats/bootstrap.h"

#include <cstddef>
#include <string>
#include <vector>

namespace concord::stats {

// A pass/fail rate corrected for the judge's errors (Rogan & Gladen 1978): with the judge's sensitivity
// Se = P(judge 1 | person 1) and specificity Sp = P(judge 0 | person 0) measured on the labelled items,
// and the judge's positive rate p over the items to estimate, the rate is (p + Sp - 1) / (Se + Sp - 1),
// clipped to [0, 1]. Undefined (NaN, with why) when Se + Sp <= 1 (a judge no better than chance) or a class
// is missing among the labels. The interval is a percentile bootstrap that resamples the labelled pairs and
// the judged items independently (options' seed, resamples and confidence).
struct CorrectedRate {
    double rate = 0;
    double observed = 0; // the judge's own positive rate
    double sensitivity = 0;
    double specificity = 0;
    ConfidenceInterval interval;
    std::string why;
};

// humanLabels and judgeOfLabelled: 0 or 1 per labelled item; judged: 0 or 1 per item whose rate is
// estimated (the labelled ones among them, where they belong to it).
CorrectedRate roganGladen(const std::vector<int> &humanLabels, const std::vector<int> &judgeOfLabelled,
                          const std::vector<int> &judged, const BootstrapOptions &options);

} // namespace concord::stats

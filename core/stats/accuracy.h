// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/error_span.h"

#include <cstddef>
#include <limits>
#include <string_view>
#include <utility>
#include <vector>

namespace concord::stats {

// Accuracy of binary or choice answers against the humans (as Gao et al. report it for pairwise
// choice, Pyramid units and per-sentence factuality), with a Wilson score interval.
struct Accuracy {
    std::size_t correct = 0;
    std::size_t total = 0;
    double value = std::numeric_limits<double>::quiet_NaN();
    double ciLow = std::numeric_limits<double>::quiet_NaN();
    double ciHigh = std::numeric_limits<double>::quiet_NaN();
};
Accuracy accuracy(std::size_t correct, std::size_t total, double confidence = 0.95);

// (judge answer, human answer) pairs: Pyramid unit present or not, sentence supported or not.
Accuracy binaryAccuracy(const std::vector<std::pair<bool, bool>> &judgeAndHuman, double confidence = 0.95);

// The humans' side of per-sentence factuality: for each sentence of the summary (model::splitSentences),
// whether it is supported — no human error span overlaps it.
std::vector<bool> sentencesSupported(std::string_view summary, const std::vector<model::ErrorSpan> &humanSpans);

} // namespace concord::stats

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

namespace concord::io {

// What an import added to the study (new rows only; existing systems, dimensions and raters
// that the file refers to are reused and not counted).
struct ImportReport {
    std::int64_t linesRead = 0;
    std::int64_t documents = 0;
    std::int64_t systems = 0;
    std::int64_t candidates = 0;
    std::int64_t dimensions = 0;
    std::int64_t raters = 0;
    std::int64_t ratings = 0;
    std::int64_t rankings = 0;
    std::int64_t errorSpans = 0;
    std::int64_t explanations = 0;
    std::int64_t pairwiseOutcomes = 0;
    std::int64_t unitMarks = 0;
    std::int64_t presentationOrders = 0;
};

} // namespace concord::io

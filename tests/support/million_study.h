// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>

namespace concord::test {

// A study file of 1,000,000 ratings for the benchmarks: 10,000 documents x 10 systems x 5 raters (3 humans of
// group "expert", 2 judges) x 2 Likert dimensions. Study::create writes the schema, plain SQL in one transaction
// the rows; the scores are deterministic, the raters following a summary's quality with noise, so every
// statistic has something to compute.
struct MillionStudy {
    static constexpr int documents = 10000;
    static constexpr int systems = 10;
    static constexpr int humans = 3;
    static constexpr int judges = 2;
    static constexpr int dimensions = 2;
    static constexpr std::int64_t ratings = std::int64_t{documents} * systems * (humans + judges) * dimensions;

    // False (with the reason on stderr) when it cannot be written.
    static bool generate(const std::string &path);
};

} // namespace concord::test

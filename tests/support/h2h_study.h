// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace concord::test {

// A small head-to-head study whose pairwise numbers are counted by hand in h2h_study.cpp, for the
// dashboard report, the Agreement view and the pairwise export: systems A, B, C; documents d1–d4;
// experts h1 and h2 (group "expert") rating "relevance"; the judge "judge" (protocol h2h) with every
// pair of every document judged in both orders, stored as the judge writer stores them (candidate A
// the summary shown first, so the second order has A and B swapped).
struct H2hStudy {
    // Creates the study at path; returns an empty string on success, else the error.
    static std::string create(const std::string &path);
};

} // namespace concord::test

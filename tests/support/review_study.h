// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace concord::test {

// A study file to review: three documents of systems A and B on coherence (1 to 5). ann and bea rate d1
// (A: 1 and 5, B: 3 and 3) and d2 (A: 2 and 3, B: 4 and 4); only ann rates d3; cal rates nothing.
// Disagreement (core's review queue): d1 0.5, d2 0.125, d3 none. Returns false when it cannot be made.
bool makeReviewStudy(const std::string &path);

} // namespace concord::test

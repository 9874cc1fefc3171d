// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace concord::test {

// The small fixed study of tests/core/reports/reference/judge_comparison_study.json written to path:
// systems sys-1…sys-5, documents doc-1…doc-6, the experts h1, h2, h3 (group "expert") and the judges
// judge_a and judge_b on the Likert dimensions coherence and fluency (1–5), a few cells missing.
// judge_comparison_reference.py computes the expected comparison of the two judges from the same file.
// Returns an empty string on success, else the error.
std::string createJudgeComparisonStudy(const std::string &path);

} // namespace concord::test

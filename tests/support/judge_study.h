// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace concord::test {

// A study for the judge tests: 2 documents × 3 candidates (systems sysA, sysB, sysC) and two Likert
// dimensions (coherence, relevance), so an rts run makes 12 calls; two human raters in group
// "expert" rate every candidate on both dimensions.
struct JudgeStudy {
    static constexpr int calls = 12;
    // Creates the study at path (without the human ratings if asked); returns an empty string on
    // success, else the error.
    static QString create(const QString &path, bool humanRatings = true);
};

} // namespace concord::test

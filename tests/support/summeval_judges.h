// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace concord::test {

// The SummEval study of ../shared/data/summeval written to path, with two judges made from recorded
// values so that the dashboard and the inspector have judges to show without a network:
// "judge_close" (the experts' mean plus a little seeded noise, rounded to the scale) and
// "judge_noisy" (more noise), each also with a few answers that cannot be read (invalid).
// Returns an empty string on success, else the error. Empty summevalFiles(): an error saying so.
// PATH may be a team study's connection string instead: an empty study published there, filled the same way.
std::string createSummEvalWithJudges(const std::string &path);

// Adds one judge of recorded values: the group's mean on every Likert dimension plus normal noise with
// the given spread, rounded and clamped to the scale; every step-th candidate gets an unreadable answer.
std::string addNoisyJudge(const std::string &path, const std::string &judge, double spread, unsigned seed,
                          int invalidEvery);

} // namespace concord::test

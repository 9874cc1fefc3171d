// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace concord::store {
class Study;
}

namespace concord::test {

// A small study for calibration, worked by hand in tests/core/reports/tst_calibration_report.cpp. One
// document, systems s1-s5, dimension coherence (1-5) and the rank dimension overall; experts e1 and e2
// (group "expert") and crowd c1 (group "crowd", never part of the reference). Expert means: s1 4.5, s2 1.5,
// s3 3, s4 5 (e1 alone), s5 none.
// - judge "geval-j" (protocol geval): s1 4.2 from a call scored by token probabilities; s2 2 from two sampling
//   calls whose valid samples are 2, 3, 1 and 2 (one more sample invalid, and an earlier answer of the same
//   request and sample replaced by the later one); s3 3 with no call (imported); s5 1; not s4.
// - judge "llmscore-j" (protocol llmscore): P(yes) s1 0.9 and s2 0.3 by token probabilities, s3 0 from one
//   answer's "No" without them.
// Written inside the caller's transaction (call it within Study::write).
void fillCalibrationStudy(store::Study &study);

} // namespace concord::test

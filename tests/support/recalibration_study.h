// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>

namespace concord::store {
class Study;
}

namespace concord::test {

// A study for an isotonic recalibration worked by hand in tests/core/reports/tst_recalibration.cpp: dimension
// coherence (1-5) and the rank dimension overall, experts e1 and e2 (group "expert"), judge "j" (protocol rts),
// five documents of systems A and B; d1-d3 dev, d4 and d5 test (no split stored without `split`). The dev
// points (judge, expert mean): (1, 2), (2, 1), (3, 3), (4, 4.5), (4, 4), (5, 5), whose fit has knots 1 2 3 4 5
// at 1.5 1.5 3 4.25 5. On test: d4 (2, 2), (3.5, 4); d5 (5, 5) and a summary the judge did not score (human 1).
// upsideDownTest: the test documents' expert scores v become 6 - v.
void fillRecalibrationStudy(store::Study &study, bool upsideDownTest = false, bool split = true);

} // namespace concord::test

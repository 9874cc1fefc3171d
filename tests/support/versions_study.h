// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace concord::store {
class Study;
}

namespace concord::test {

// A judge's template versions: dimension coherence (1-5), experts ann and bea (group "expert"), 40 documents of
// systems S0-S2, split 30% dev with seed 5. Judges of provider openai, model m, protocol rts with template
// "rts-mine", in the order of their first runs: "m rts v1" (template 1, scores unrelated to the experts'),
// "m rts v2" (template 2, the experts' scores), "m rts v3" (template 3, the same as v2), "m rts v4" (runs with
// templates 3 and then 4: mixed; unrelated scores again). "n rts" ran model n (another family) and "imported"
// has no run. Returns an error's description, or empty.
std::string fillVersionsStudy(store::Study &study);

} // namespace concord::test

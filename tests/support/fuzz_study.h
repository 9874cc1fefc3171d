// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace concord::store {
class Study;
}

namespace concord::test {

// The fuzzers' small study, also the recorded-judgement tests': three systems' summaries of two
// documents, two Likert dimensions and a rank one. Writes inside the caller's transaction.
void fillFuzzStudy(store::Study &study);

} // namespace concord::test

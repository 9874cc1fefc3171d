// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/protocol.h"
#include "judge/unit_context.h"

#include <string>

namespace concord::judge {

// Whether an answer of this protocol that could not be read may be asked again (RunOptions::reaskInvalid):
// the protocols whose judgement is read from one answer's text. geval and llmscore are scored from token
// probabilities (G-Eval also by the mean of samples), which a conversation that has just been told its
// answer was wrong would skew, so they are never re-asked.
bool reaskable(Protocol protocol);

// The user's follow-up after an answer that could not be read: the answer's form, stated plainly, as the
// protocol's parser reads it for this unit (its scale, letters, qualities or number of summaries). It
// depends on nothing else, so a re-ask's request, and with it its cache key, is the same in every run.
std::string reaskMessage(const UnitContext &context);

} // namespace concord::judge

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace concord::judge {

// How a number reads in a prompt or in what the judge is told: an integer without a fraction ("5", not
// "5.000000"), otherwise at most maxDecimals decimals without trailing zeros ("0.5", a mean "3.67").
// Prompts are cache keys, so this text must not change for the scales studies already use.
std::string promptNumber(double value, int maxDecimals = 6);

} // namespace concord::judge

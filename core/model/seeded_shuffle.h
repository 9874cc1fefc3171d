// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ids.h"

#include <cstdint>
#include <span>

namespace concord::model {

// Fisher–Yates over SeededDraw: from the last position down, each item swaps with one drawn from
// [0, position]. The same seed gives the same order on every platform and standard library
// (std::shuffle's is unspecified). Annotators' presentation orders stored in studies and the order a
// judge is shown candidates in come from it, so the sequence of draws must never change.
void seededShuffle(std::span<Id> items, std::uint64_t seed);

} // namespace concord::model

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace concord::stats {

// How a panel of judges turns its members' scores of one summary into one score (Verga et al. 2024 pool
// their judges' verdicts; here the members may also carry weights).
enum class PanelCombine { Mean, Median, Majority };
std::string_view toString(PanelCombine combine); // "mean", "median", "majority"
std::optional<PanelCombine> panelCombineFromString(std::string_view text);

// One summary's scores, one per member, with the members' weights (each > 0). The combined score:
// - Mean: Σ w·v / Σ w;
// - Median: the weighted median, the smallest v whose weight at or below it passes half the total; where the
//   weight at or below a value is exactly half, the mean of it and the next value up (so equal weights give
//   the usual median: the middle value, or the mean of the two middle ones);
// - Majority: the value with the most weight (a plurality); none when two values tie for the most.
// Fails (throws concord::Failure) on sizes that differ, no scores, a weight that is not positive and finite, or
// a score that is not finite.
std::optional<double> combinePanel(PanelCombine combine, const std::vector<double> &scores,
                                   const std::vector<double> &weights);

} // namespace concord::stats

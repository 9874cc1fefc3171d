// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace concord::stats {

// A system's length-controlled win rate against a baseline, after AlpacaEval 2 (Dubois, Galambosi, Liang &
// Hashimoto 2024): a logistic regression of "the system beat the baseline" on an intercept (the system's
// term) plus a coefficient times tanh(Δ / sd(Δ)), Δ the system's length minus the baseline's on that
// document and sd the sample standard deviation (n − 1) of the Δ of this system's comparisons; the win
// rate is then the regression's prediction with the length term set to 0, σ(intercept). AlpacaEval's
// instruction-difficulty term and its regularisation are left out: there is one system against one
// baseline per fit. A tie counts half a win (outcome 0.5 in the likelihood y log p + (1 − y) log(1 − p)).
struct BaselineComparison {
    double outcome = 0;          // 1 the system won, 0.5 a tie (or half a document), 0 the baseline won
    double lengthDifference = 0; // the system's length minus the baseline's, in words
};

struct LengthControlledWinRate {
    std::size_t comparisons = 0;
    double winRate = std::numeric_limits<double>::quiet_NaN();           // the plain mean of the outcomes
    double controlledWinRate = std::numeric_limits<double>::quiet_NaN(); // σ(intercept)
    double intercept = std::numeric_limits<double>::quiet_NaN();
    double lengthCoefficient = std::numeric_limits<double>::quiet_NaN(); // on tanh(Δ / sd(Δ))
    // Why the controlled rate equals the plain one (every Δ the same, or a win rate of 0 or 1: nothing for the
    // length to explain), or why it is undefined (no comparisons, a length cut that separates the wins from the losses so
    // that the coefficient is infinite, or the fit did not converge).
    std::string note;
};

LengthControlledWinRate lengthControlledWinRate(const std::vector<BaselineComparison> &comparisons);

} // namespace concord::stats

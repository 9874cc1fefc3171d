// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "stats/bootstrap.h"
#include "stats/pairwise.h"

#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace concord::stats {

// Bradley–Terry with ties after Davidson (1970). With strengths π_i = exp(θ_i) and a tie parameter ν ≥ 0,
//   P(i beats j) = π_i / (π_i + π_j + ν√(π_i π_j)),  P(tie) = ν√(π_i π_j) / (the same sum).
// ν = 0 is plain Bradley–Terry. The fit is the maximum of the likelihood in (θ, log ν), which is concave
// there, by Newton's method with step halving; the log-strengths are then shifted so that their mean is 0
// (the geometric mean of the strengths is 1), since the likelihood does not see a common shift.
//
// The comparisons are document results (stats::documentResults): each adds its shares of a win, a tie and
// a loss, so halves under the points rule count as half a comparison.

// Counts per system pair: wins[i][j] the comparisons i won against j, ties[i][j] (= ties[j][i]) those tied.
struct PairTally {
    explicit PairTally(std::size_t systems = 0);
    void add(const DocumentResult &result, double weight = 1);

    std::size_t systems = 0;
    std::vector<std::vector<double>> wins;
    std::vector<std::vector<double>> ties;
};

struct DavidsonOptions {
    bool ties = true; // false: plain Bradley–Terry, ν fixed at 0 (ties are then left out)
    std::size_t maxIterations = 100;
    double tolerance = 1e-10; // converged when every Newton step changes a parameter by less
};

struct DavidsonFit {
    // Not estimable: the maximum is at infinity (reason says why), and the numbers below are NaN. That is when
    // the systems can be split into two sets one of which never won nor tied against the other (Ford's
    // condition, with a tie counting both ways: a system that lost every comparison, or never lost one); when
    // ν and the spread of the strengths can grow together without lowering any outcome's probability (a
    // system that never lost a decided comparison and tied the others, say; checked exactly as difference
    // constraints); or when every comparison was a tie (ν infinite).
    bool estimable = false;
    std::string reason;
    // When not estimable for want of a loss: a set of systems that no other system ever beat or tied (its
    // strength relative to the rest is infinite), so that a report can name them. Empty otherwise.
    std::vector<std::size_t> unbeaten;
    std::vector<double> logStrengths; // θ_i, mean 0
    // ν: 0 when no comparison was a tie (the maximum on the boundary; plain Bradley–Terry).
    double tieParameter = std::numeric_limits<double>::quiet_NaN();
    double logLikelihood = std::numeric_limits<double>::quiet_NaN(); // Σ counts × log probabilities
    std::size_t iterations = 0;
    double comparisons = 0;
};

DavidsonFit fitDavidson(const PairTally &tally, const DavidsonOptions &options = {});
DavidsonFit fitDavidson(const std::vector<DocumentResult> &results, std::size_t systems,
                        const DavidsonOptions &options = {});

// The fit with percentile bootstrap intervals. The unit resampled is the document: every comparison of a
// drawn document comes with it (the verdicts on one document are not independent), drawn by ResampleDraws
// from the options' seed. Resamples on which the fit is not estimable are skipped and counted.
struct DavidsonBootstrap {
    DavidsonFit fit;
    std::vector<ConfidenceInterval> logStrengths;
    ConfidenceInterval tieParameter;
    std::size_t documents = 0; // documents with at least one comparison: the resampled unit
};

DavidsonBootstrap bootstrapDavidson(const std::vector<DocumentResult> &results, std::size_t systems,
                                    const BootstrapOptions &options, const DavidsonOptions &fitOptions = {});

// P(i beats j), P(tie), P(j beats i) under the model.
struct DavidsonProbabilities {
    double first = 0;
    double tie = 0;
    double second = 0;
};
DavidsonProbabilities davidsonProbabilities(double thetaI, double thetaJ, double tieParameter);

} // namespace concord::stats

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "stats/correlation.h"
#include "stats/score_matrix.h"

#include <vector>

namespace concord::stats {

// The levels at which a judge's scores X are correlated with human scores Z (docs/architecture.md, "Statistics").
// withP = false leaves the p-values out, for resampling.
// Both matrices are systems × documents of the same shape; a cell counts only where both have a value.

// All cells pooled.
Correlation datasetLevel(const ScoreMatrix &x, const ScoreMatrix &z, CorrelationMethod method, bool withP = true);

// Correlation of the per-system means (each mean over the cells where both sides have a value).
Correlation systemLevel(const ScoreMatrix &x, const ScoreMatrix &z, CorrelationMethod method, bool withP = true);

// Per document, the correlation across systems; the mean over documents, skipping undefined ones.
struct SummaryLevel {
    Correlation mean; // value = mean of the defined per-document coefficients; p undefined
    std::size_t documentsUsed = 0;
    std::size_t documentsTotal = 0;
    std::vector<Correlation> perDocument;
};
SummaryLevel summaryLevel(const ScoreMatrix &x, const ScoreMatrix &z, CorrelationMethod method, bool withP = true);
// The summary level's mean alone (NaN when no document is defined), for resampling.
double summaryLevelMean(const ScoreMatrix &x, const ScoreMatrix &z, CorrelationMethod method);

// For each system, the correlation over its documents.
std::vector<Correlation> perSystem(const ScoreMatrix &x, const ScoreMatrix &z, CorrelationMethod method,
                                   bool withP = true);

// Q_i = mean human score of system i, P_i = the per-system correlation, M = corr(Q, P) over the
// systems whose P_i is defined. Near 0: the judge is as good on weak as on strong systems;
// strongly negative: it gets worse as systems get better.
struct MetaCorrelation {
    std::vector<double> q;
    std::vector<double> p; // NaN where the per-system correlation is undefined
    Correlation m;
};
MetaCorrelation metaCorrelation(const ScoreMatrix &x, const ScoreMatrix &z, CorrelationMethod method,
                                bool withP = true);

} // namespace concord::stats

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "stats/bootstrap.h"
#include "stats/correlation.h"
#include "stats/score_matrix.h"

#include <span>
#include <vector>

namespace concord::stats {

// Percentile intervals of the correlation levels (levels.h) for several coefficients from one pass of
// resamples. Each coefficient gets exactly the interval that bootstrap() gives for that level's
// statistic alone with the same options — the same draws, the same summation order, the same numbers —
// but the draws, the resampled cells and the value classes behind ranks and pair counts are shared:
// every cell's position among the sorted distinct values is found once, so a resample is ranked and
// its pairs counted by counting, without sorting. One interval per method, in the order given.

std::vector<ConfidenceInterval> bootstrapDatasetLevel(const ScoreMatrix &x, const ScoreMatrix &z,
                                                      std::span<const CorrelationMethod> methods,
                                                      const BootstrapOptions &options);
std::vector<ConfidenceInterval> bootstrapSystemLevel(const ScoreMatrix &x, const ScoreMatrix &z,
                                                     std::span<const CorrelationMethod> methods,
                                                     const BootstrapOptions &options);
// The mean of the per-document coefficients (summaryLevelMean).
std::vector<ConfidenceInterval> bootstrapSummaryLevel(const ScoreMatrix &x, const ScoreMatrix &z,
                                                      std::span<const CorrelationMethod> methods,
                                                      const BootstrapOptions &options);
// Each system's coefficient over its documents, resampling documents only (options.unit is not used):
// what bootstrap() gives on that system's row alone with unit Documents. Indexed [system][method].
std::vector<std::vector<ConfidenceInterval>> bootstrapPerSystem(const ScoreMatrix &x, const ScoreMatrix &z,
                                                                std::span<const CorrelationMethod> methods,
                                                                const BootstrapOptions &options);
// The meta-correlation M, resampling systems only (options.unit is not used). A resampled system keeps
// all its documents, so its P_i and Q_i are those of the original system, computed once.
std::vector<ConfidenceInterval> bootstrapMetaCorrelation(const ScoreMatrix &x, const ScoreMatrix &z,
                                                         std::span<const CorrelationMethod> methods,
                                                         const BootstrapOptions &options);

} // namespace concord::stats

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "reports/agreement_report.h"
#include "reports/correlation_report.h"
#include "reports/pairwise_report.h"
#include "stats/accuracy.h"
#include "stats/krippendorff.h"
#include "stats/pairwise.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace concord::reports {

// Everything the agreement dashboard shows, computed in one call so that the GUI (off its own thread),
// the CLI and tests get the same numbers. The dashboard only displays this struct.
struct DashboardOptions {
    std::string humanGroup;          // empty: the first group with human raters
    std::vector<std::string> judges; // empty: every judge rater of the study
    Level level = Level::Dataset;    // the level of the correlation chart (dataset, system or summary)
    stats::CorrelationMethod method = stats::CorrelationMethod::KendallB;
    bool bootstrap = true;
    std::size_t resamples = 1000;
    // The CLI's defaults, so that `concord-cli stats` and `concord-cli agreement` give the same intervals.
    std::uint64_t correlationSeed = 24301;
    std::uint64_t agreementSeed = 20240601;
    // Krippendorff's alpha at this level on every dimension; empty: each dimension's defaultAlphaLevel.
    std::optional<stats::MeasurementLevel> alphaLevel;
    // How the two orders of a head-to-head comparison become one document's result.
    stats::PairwiseRule pairwiseRule = stats::PairwiseRule::AgreeOrTie;
    // Only the documents of this held-out split ("dev" or "test"): every score, verdict and length read. Empty:
    // every document. The invalid answers are counted over every call (a call's count is kept per dimension).
    std::string split;
    unsigned threads = 2;                      // worker threads, each with its own read-only connection
    const std::atomic<bool> *cancel = nullptr; // set: stop early (the result is then an error)
};

// One rater's report against the group: a judge against the group's mean, or a human against the others.
struct RaterCorrelations {
    std::string rater;
    bool human = false;
    CorrelationReport report;
};

// Each human against the mean of the others, summarised per dimension at the chosen level and method:
// how well a judge can be expected to do at best.
struct HumanCeiling {
    std::string dimension;
    double mean = std::numeric_limits<double>::quiet_NaN();
    double min = std::numeric_limits<double>::quiet_NaN();
    double max = std::numeric_limits<double>::quiet_NaN();
    std::size_t raters = 0; // humans whose correlation was defined
};

// Human mean against a judge, one point per candidate both rated; jittered copies for plotting only.
struct ScatterPoint {
    double human = 0;
    double judge = 0;
    double jitteredHuman = 0;
    double jitteredJudge = 0;
    std::string document; // external id
    std::string system;
};
struct ScatterSeries {
    std::string judge;
    std::string dimension;
    double scaleMin = 1;
    double scaleMax = 5;
    std::vector<ScatterPoint> points;
    stats::Correlation pearson;                              // r over the points
    double slope = std::numeric_limits<double>::quiet_NaN(); // least squares judge = a + b·human
    double intercept = std::numeric_limits<double>::quiet_NaN();
};

struct AlphaRow {
    std::string group;
    std::string dimension;
    std::string judge; // empty: the humans alone; else the humans plus this judge
    AgreementReport report;
};

// Length bias of a judge's scores on one dimension (lengths in words).
struct LengthBiasRow {
    std::string judge;
    std::string dimension;
    stats::LengthBias bias;
};

struct InvalidRateRow {
    std::string judge;
    std::string protocol;
    std::string dimension; // empty for calls about no single dimension
    std::size_t calls = 0;
    std::size_t invalid = 0;
    double rate = std::numeric_limits<double>::quiet_NaN();
};

struct DashboardReport {
    DashboardOptions options;
    std::string humanGroup;                      // the group used
    std::vector<std::string> groups;             // every human group, for the control
    std::vector<std::string> judges;             // the judges shown
    std::vector<std::string> allJudges;          // every judge of the study, for the control
    std::vector<std::string> dimensions;         // likert and rank dimensions
    std::vector<RaterCorrelations> correlations; // the judges first, then each human of the group
    std::vector<HumanCeiling> ceiling;
    std::vector<ScatterSeries> scatter; // judges × likert dimensions
    std::vector<AlphaRow> alpha;        // per group × dimension humans alone, then per judge with the chosen group
    std::vector<PairwiseSummary> pairwise;
    std::vector<LengthBiasRow> lengthBias;
    std::vector<InvalidRateRow> invalidRates;
    std::vector<std::string> warnings; // parts that could not be computed, with why
};

// Least squares y = intercept + slope·x over the pairs where both are numbers (NaN when x is constant
// or fewer than two pairs remain): the fitted lines of the scatter and meta-correlation charts.
struct LineFit {
    double slope = std::numeric_limits<double>::quiet_NaN();
    double intercept = std::numeric_limits<double>::quiet_NaN();
};
LineFit leastSquares(const std::vector<double> &x, const std::vector<double> &y);

// Opens read-only connections to the study file (one per worker thread) and computes the dashboard.
Result<DashboardReport> computeDashboard(const std::string &studyPath, const DashboardOptions &options);

// Per dimension, the humans' correlations with the others of their group at a level (dataset, system or summary)
// and the report's coefficient; the report's own ceiling is the one at its chart's level.
std::vector<HumanCeiling> humanCeiling(const DashboardReport &report, Level level);

// The entry of a rater's report at a level (dataset, system, summary or meta), nullptr when absent.
const ReportEntry *entryAt(const DimensionReport &dimension, Level level, stats::CorrelationMethod method);

} // namespace concord::reports

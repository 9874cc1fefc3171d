// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "io/table_writer.h"
#include "model/ids.h"
#include "stats/ppi_mean.h"
#include "stats/rogan_gladen.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::reports {

struct EstimateRequest {
    std::string judge; // the rater whose scores stand in for the missing labels
    // Or, instead of one rater, the mean of this group's raters who scored a summary (e.g. the crowd's
    // mean standing in for the experts): the cheap predictor need not be an LLM.
    std::string predictorGroup;
    std::string humanGroup;              // whose mean is estimated
    std::vector<std::string> dimensions; // empty: every Likert dimension both scored
    std::optional<std::string> baseline; // differences against this system only; otherwise every pair
    double confidence = 0.95;
    stats::PpiMethod method = stats::PpiMethod::PpiPlusPlus;
    // Student t by default: a system has few labels (ten, at a tenth of SummEval), where the normal
    // interval is too narrow.
    stats::IntervalKind interval = stats::IntervalKind::StudentT;
    // PPI++'s lambda tuned once over every system's summaries of the dimension (default), or per system.
    // A system's ten labels tune it badly: when they happen to agree it is 0 and the interval has width 0.
    bool lambdaPerSystem = false;
    // The rectifier's variance var(Y - lambda f) of each system moderated toward a prior fitted over the
    // dimension's systems (Smyth 2004's empirical Bayes, as limma), or each system's own (default). Not with a
    // plan.
    bool moderatedVariance = false;
    // What-if: keep this seeded random share of the labelled summaries as labelled, the rest unlabelled.
    std::optional<double> labelledFraction;
    std::uint64_t seed = 1;
    // How many labels an interval of this full width needs, alone and with the judge; and at this price each.
    std::optional<double> targetWidth;
    std::optional<double> pricePerLabel;
    // The labels were drawn by this stored label plan (plan-labels): its dimension only, each planned label
    // weighted by the inverse of its probability (active inference), labels from before the plan counted
    // with probability 1, labels of summaries the plan did not draw left out.
    std::optional<model::Id> plan;
};

// One system's mean on one dimension. Y is a summary's human score, the mean of the group's raters who
// rated it; f the judge's score. Labelled: summaries with Y and f; unlabelled: f without Y; summaries with
// Y and no score of the judge are left out and counted (noJudgeScore).
struct SystemEstimate {
    std::string dimension;
    std::string system;
    stats::PpiMean mean;
    std::size_t noJudgeScore = 0;
    double fullDataMean = 0;      // what-if: the human mean over every labelled summary (NaN otherwise)
    stats::LabelsNeeded needed{}; // NaN unless a target width was asked
    // What having the judge score the system's summaries costs, from its recorded calls' cost per summary on
    // the dimension (NaN without a judge or recorded costs).
    double judgeCost = 0;
    // With a plan: labels of summaries it did not draw (left out), and its drawn summaries not labelled yet.
    std::size_t undrawnLabels = 0;
    std::size_t plannedMissing = 0;
    // Cochran's rule for the estimate's interval (not with a plan): cltLabels = 25 G1^2, G1 the skewness of the
    // dimension's labelled rectifiers Y - lambda f pooled over its systems (lambda each system's; Y itself for
    // the labels alone), NaN without three that differ; cltHolds when the system has more labels than that.
    // Below it the interval may be too narrow: a skewed score's mean is far from normal with few labels.
    double cltLabels = std::numeric_limits<double>::quiet_NaN();
    bool cltHolds = false;
};

// The difference of two systems' estimates (first minus second) with an interval widened for the number of
// comparisons on the dimension (Bonferroni: each at 1 - (1 - confidence) / comparisons).
struct SystemDifference {
    std::string dimension;
    std::string first;
    std::string second;
    stats::MeanInterval difference;
    std::size_t comparisons = 0;
    bool toldApart = false; // the interval leaves out 0
};

// On a binary (pass/fail) dimension: the share of a system's summaries the people would pass, corrected for
// the judge's errors (Rogan-Gladen). A summary passes for the people when the group's mean is at least 0.5,
// for the judge when its score is; the judge's sensitivity and specificity are measured on every labelled
// summary of the dimension, the same for every system (an assumption: its errors do not depend on the
// system); the judge's rate is over every summary of the system it scored.
struct SystemRate {
    std::string dimension;
    std::string system;
    stats::CorrectedRate rate;
    std::size_t labelled = 0; // of the dimension, where Se and Sp come from
    std::size_t judged = 0;   // of the system
};

// What stands in for the labels, as tables and the JSON name it: the judge's name, or "mean of GROUP".
std::string predictorName(const EstimateRequest &request);

struct EstimateReport {
    EstimateRequest request;
    std::vector<SystemEstimate> systems;
    std::vector<SystemDifference> differences;
    std::vector<SystemRate> rates;
};

// Fails when the judge, the group, a dimension or the baseline is not in the study, or the judge and the
// group share no Likert dimension.
Result<EstimateReport> computeEstimates(store::Study &study, const EstimateRequest &request);

// How often, over seeds seed..seed+repeats-1 of the what-if, the interval held the full-data human mean,
// and the mean widths, per dimension and system.
struct WhatIfSummary {
    std::string dimension;
    std::string system;
    std::size_t runs = 0;
    double coverage = 0;      // share of runs whose PPI interval held the full-data mean
    double humanCoverage = 0; // the same for the human-only interval
    double meanWidth = 0;     // PPI's
    double meanHumanWidth = 0;
    std::size_t cltRuns = 0; // runs in which the system had the labels Cochran's rule asks for
    double cltCoverage = 0;  // the PPI interval's coverage over those runs (NaN without any)
};
Result<std::vector<WhatIfSummary>> repeatWhatIf(store::Study &study, const EstimateRequest &request, int repeats);

// The variant, as output names it: "ppi++, lambda tuned per dimension, Student t intervals (Welch-Satterthwaite
// df)".
std::string variantText(const EstimateRequest &request);

// Tables: every number with full precision (CSV, JSON) or four decimals; undefined numbers empty or "–".
io::Table estimateTable(const EstimateReport &report, bool fullPrecision);
io::Table differenceTable(const EstimateReport &report, bool fullPrecision);
io::Table whatIfTable(const std::vector<WhatIfSummary> &rows, bool fullPrecision);
io::Table rateTable(const EstimateReport &report, bool fullPrecision);
// The documented JSON: per dimension, per system, objects classical, ppi and judge_only (estimate, ci_low,
// ci_high), with n_labelled, n_unlabelled, effective_n; then the differences.
std::string estimateJson(const EstimateReport &report);

} // namespace concord::reports

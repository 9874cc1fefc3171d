// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "io/table_writer.h"
#include "reports/dashboard_report.h"
#include "reports/self_consistency_report.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::reports {

// The bounds a judge's card is checked against. Each default has its source in thresholdSource(): where a
// published bound exists it is used; where the literature only reports the quantity, the default is Concord's own
// and says so.
struct CardThresholds {
    // The judge's correlation with the group's mean at a level is at least this share of the human ceiling's mean
    // at that level (each human against the others' mean).
    double ceilingShare = 1.0;
    double alpha = 0.667;      // Krippendorff's alpha of the humans with the judge as one more coder, at least
    double invalidRate = 0.05; // the share of the judge's calls whose answer could not be read, at most
    double flipRate = 0.2;     // head-to-head verdicts that change when the order is swapped, at most
    double lengthBias = 0.1;   // |tau(judge, length) - tau(humans, length)|, at most
    double ece = 0.1;          // expected calibration error, equal-width bins on [0, 1], at most
};

enum class CardMeasure { Agreement, Alpha, InvalidRate, FlipRate, LengthBias, Ece };
// "agreement", "alpha", "invalid_rate", "flip_rate", "length_bias", "ece"
const char *toString(CardMeasure measure);
// Where the default bound of a measure comes from, in one sentence.
const char *thresholdSource(CardMeasure measure);

enum class CardOutcome { Pass, Fail, NotMeasured };
const char *toString(CardOutcome outcome); // "pass", "fail", "not measured"

// One line of the verdict: a measure on a dimension (empty: the judge as a whole) checked against its bound.
struct CardCheck {
    CardMeasure measure = CardMeasure::Agreement;
    std::string dimension;
    std::string level; // agreement only: dataset, system or summary
    double value = std::numeric_limits<double>::quiet_NaN();
    // What the value is read beside: the ceiling's mean (agreement), the humans' alpha alone (alpha), the
    // humans' tau with length (length bias); NaN otherwise.
    double reference = std::numeric_limits<double>::quiet_NaN();
    double bound = std::numeric_limits<double>::quiet_NaN(); // the value must be at least (agreement, alpha) or
                                                             // at most (the others) this
    CardOutcome outcome = CardOutcome::NotMeasured;
    std::string why; // not measured: why not
};

struct CardAgreement {
    std::string dimension;
    Level level = Level::Dataset;
    stats::Correlation correlation;
    stats::ConfidenceInterval ci;
    HumanCeiling ceiling; // at the same level and coefficient
};

struct CardAlpha {
    std::string dimension;
    double humans = std::numeric_limits<double>::quiet_NaN();    // the group alone
    double withJudge = std::numeric_limits<double>::quiet_NaN(); // the group and the judge
    double low = std::numeric_limits<double>::quiet_NaN();       // the interval of withJudge
    double high = std::numeric_limits<double>::quiet_NaN();
    std::string level; // nominal, ordinal, interval or ratio
};

struct CardCalibration {
    std::string dimension;
    std::size_t pairs = 0;
    double eceEqualWidth = std::numeric_limits<double>::quiet_NaN();
    double eceEqualMass = std::numeric_limits<double>::quiet_NaN();
    std::size_t bins = 10;
    double brier = std::numeric_limits<double>::quiet_NaN();
    std::string probabilitySources; // where the Brier score's probabilities came from
};

struct JudgeCard {
    std::string judge;
    std::string humanGroup;
    std::vector<std::string> protocols; // of the judge's runs, in the order first used
    stats::CorrelationMethod method = stats::CorrelationMethod::KendallB;
    std::vector<CardAgreement> agreement; // per dimension, dataset, system and summary level
    std::vector<CardAlpha> alpha;
    std::size_t calls = 0, invalid = 0;
    double invalidRate = std::numeric_limits<double>::quiet_NaN();
    std::vector<PairwiseSummary> pairwise; // the judge's head-to-head dimensions (position bias inside)
    std::vector<LengthBiasRow> lengthBias;
    std::vector<CardCalibration> calibration;
    std::string agreementError, calibrationError; // why a part could not be computed, if it could not
    // Self-consistency needs the judge asked more than once per summary; a study without repeated answers says so.
    std::vector<DimensionConsistency> consistency;
    std::string selfConsistency; // the line the card shows (selfConsistencyText)
    double cost = 0;             // what the judge's recorded calls about summaries cost
    std::size_t costedSummaries = 0;
    double costPer1000 = std::numeric_limits<double>::quiet_NaN(); // cost / summaries × 1,000; NaN: no calls
    CardThresholds thresholds;
    std::vector<CardCheck> checks;
    std::size_t passed = 0, failed = 0, notMeasured = 0;
    std::string verdict; // one sentence: every measured check met, or which failed
};

struct JudgeCardOptions {
    DashboardOptions dashboard; // the group, the judges (empty: every judge), coefficient, bootstrap, seeds
    CardThresholds thresholds;
    std::size_t calibrationBins = 10;
};

// Every shown judge's card from a dashboard and the study it was computed on. The agreement is the judge's
// correlation report as `concord-cli stats --rater JUDGE` gives it, with the dashboard's coefficient, resamples
// and seed, intervals at dataset, system and summary level; calibration (the group's mean, calibrationBins bins),
// runs and cost are read from the study; everything else is the dashboard's.
Result<std::vector<JudgeCard>> judgeCards(const DashboardReport &dashboard, store::Study &study,
                                          const JudgeCardOptions &options);
// The checks and the verdict of a card's figures against (new) bounds: what the window does when a bound changes.
void checkCard(JudgeCard &card, const CardThresholds &thresholds);
// The dashboard and then the cards, on the study file.
Result<std::vector<JudgeCard>> computeJudgeCards(const std::string &studyPath, const JudgeCardOptions &options);

// One row per check: measure, dimension, level, value, reference, bound, outcome and the bound's source.
// fullPrecision writes every digit (CSV, JSON), otherwise 4 decimals; an undefined number is empty or "–".
io::Table cardChecksTable(const JudgeCard &card, bool fullPrecision);
// The bounds: measure, direction (at least, at most), bound and its source (the agreement's bound is a share of the
// ceiling's mean, the length bias's a size either way).
io::Table cardThresholdsTable(const CardThresholds &thresholds, bool fullPrecision);
// The card's figures that have no bound: correlations with intervals and the ceiling, calibration (ECE at both
// binnings, Brier), position bias, cost per 1,000 summaries and self-consistency (per dimension with repeated
// answers: the vote share and both leave-one-out variances), one row each.
io::Table cardFiguresTable(const JudgeCard &card, bool fullPrecision);
// {"judge", "human_group", "protocols", "correlation", "agreement": [...], "alpha": [...], "invalid": {...},
// "position_bias": [...], "length_bias": [...], "calibration": [...], "self_consistency" (the line),
// "self_consistency_by_dimension": [{"dimension", "summaries", "answers", "fewest_answers", "most_answers",
// "vote_share", "unanimous", "loo_variance_zero_one", "loo_variance_absolute"}], "cost": {...},
// "thresholds": {measure: {"bound", "source"}}, "checks": [...], "passed", "failed", "not_measured", "verdict"}.
nlohmann::json cardJson(const JudgeCard &card);

} // namespace concord::reports

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "io/table_writer.h"
#include "model/rater.h"
#include "reports/judge_samples.h"
#include "stats/calibration.h"

#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::reports {

struct CalibrationRequest {
    std::string judge;
    std::string humanGroup;              // the reference: a summary's mean over the group's raters who scored it
    std::vector<std::string> dimensions; // empty: every Likert and binary dimension the judge scored
    std::size_t bins = 10;
    std::vector<stats::Binning> binnings{stats::Binning::EqualWidth, stats::Binning::EqualMass};
    // A summary is a positive (y = 1) when its human mean is at least this, on the dimension's own scale;
    // default each dimension's midpoint, (min + max) / 2.
    std::optional<double> threshold;
    double confidence = 0.95;
    // Only the summaries of this held-out split's documents ("dev" or "test"); empty: every document.
    std::string split;
};

// Where the Brier score's probability p of a summary came from, from the judge's protocol and its stored calls.
enum class ProbabilitySource {
    YesProbability, // llmscore scored from token probabilities: the rating is P(yes) / (P(yes) + P(no))
    VoteShare,      // geval scored by sampling: the share of the unit's valid samples at or above the threshold
    WeightedScore,  // geval scored from token probabilities: the expected score, mapped to [0, 1]
    Score,          // any other score (one answer's text, an imported value): the score mapped to [0, 1], no
                    // probability at all
};
// "p(yes)", "vote share", "weighted score mapped to [0, 1]", "score mapped to [0, 1]"
const char *toString(ProbabilitySource source);

// One dimension. Both scores are mapped to [0, 1] from their scale's bounds, (x - min) / (max - min): the
// human scale is the dimension's (0 to 1 for a binary one), the judge's the same, except LLMScore's, whose
// rating is a probability (0 to 1). The ECE and the reliability bins are on that [0, 1] scale.
struct DimensionCalibration {
    std::string dimension;
    double humanMin = 0, humanMax = 1;
    double judgeMin = 0, judgeMax = 1;
    std::size_t pairs = 0;                       // summaries with the judge's score and at least one human score
    std::size_t noHumanScore = 0;                // summaries the judge scored and nobody of the group did
    std::size_t noJudgeScore = 0;                // summaries the group scored and the judge did not
    std::vector<stats::Reliability> reliability; // one per binning asked, in the request's order
    double threshold = 0;                        // on the human scale
    std::size_t positives = 0;
    double brier = 0;
    std::map<ProbabilitySource, std::size_t> sources; // how many pairs' p came from each source
};

struct CalibrationReport {
    CalibrationRequest request;
    std::string protocol; // the judge's
    std::vector<DimensionCalibration> dimensions;
};

// The judge and the ids of the human group it is compared with, as named among the study's raters. Throws
// concord::Failure naming the field when the judge or the group is missing or the judge is one of the group (its
// own reference).
struct JudgeAgainstGroup {
    model::Rater judge;
    std::set<model::Id> humans;
};
JudgeAgainstGroup judgeAgainstGroup(const std::vector<model::Rater> &raters, const std::string &judge,
                                    const std::string &group);

// Fails when the judge or the group is not in the study, the judge is a human rater of the group, a named
// dimension is missing or not Likert or binary, the bins are fewer than one or no binning is asked.
Result<CalibrationReport> computeCalibration(store::Study &study, const CalibrationRequest &request);
// The same with the judge's answers already read (unitScoring of that judge), for a caller that needs them twice.
Result<CalibrationReport> computeCalibration(store::Study &study, const CalibrationRequest &request,
                                             const std::map<UnitKey, UnitScoring> &scoring);

// "p(yes): 40, score mapped to [0, 1]: 3": the sources of a dimension's probabilities with their counts.
std::string sourcesText(const DimensionCalibration &dimension);

// One row per dimension: judge, dimension, pairs, the ECE of each binning asked, the threshold, positives, the
// Brier score and where its probabilities came from. fullPrecision writes every digit (CSV, JSON), otherwise 4
// decimals; an undefined number is empty (fullPrecision) or "–".
io::Table calibrationTable(const CalibrationReport &report, bool fullPrecision);
// The reliability diagrams: one row per dimension, binning and bin (edges, count, mean judge and human score on
// [0, 1], the t interval of the human mean).
io::Table reliabilityTable(const CalibrationReport &report, bool fullPrecision);
// Both at once: {"judge", "human_group", "protocol", "confidence", "dimensions": [{"dimension", "pairs",
// "judge_scale", "human_scale", "threshold", "positives", "brier", "probability_sources", "binnings": [{"binning",
// "bins_asked", "ece", "bins": [...]}]}]}.
std::string calibrationJson(const CalibrationReport &report);

} // namespace concord::reports

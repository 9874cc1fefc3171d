// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "io/table_writer.h"
#include "reports/correlation_report.h"
#include "stats/correlation.h"
#include "stats/significance.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::reports {

// Which significance tests to run on the difference of two judges' correlations with the humans.
enum class SignificanceTest { Williams, Permutation, Both };
std::string_view toString(SignificanceTest test); // "williams", "permutation", "both"
std::optional<SignificanceTest> significanceTestFromString(std::string_view text);

// Does judge A agree with the humans significantly better than judge B? (`concord-cli stats --compare`,
// the Agreement view's "Compare judges" tab.) The human reference is built as for a correlation
// report (the group's mean, rankings as scores); A and B are left out of it unless includeSelf.
struct JudgeComparisonRequest {
    std::string humanGroup;
    std::string raterA;
    std::string raterB;
    std::vector<std::string> dimensions; // empty: every likert and rank dimension both rated
    std::vector<Level> levels{Level::Dataset, Level::System, Level::Summary}; // only these three
    std::vector<stats::CorrelationMethod> methods{stats::CorrelationMethod::Pearson, stats::CorrelationMethod::Spearman,
                                                  stats::CorrelationMethod::KendallB};
    SignificanceTest test = SignificanceTest::Both;
    std::size_t resamples = 1000; // of the permutation test
    std::uint64_t seed = 24301;   // every permutation test starts from it
    double alpha = 0.05;          // what "significant" means
    bool includeSelf = false;
    // The held-out split ("dev" or "test") whose documents alone are compared; empty: every document. A
    // template tuned on dev is judged on test, where it never saw an item.
    std::string split;
    const std::atomic<bool> *cancel = nullptr; // set: stop early (the result is then an error)
};

// One dimension × level × coefficient.
struct JudgeComparisonEntry {
    std::string dimension;
    Level level = Level::Dataset;
    stats::CorrelationMethod method = stats::CorrelationMethod::Pearson;
    stats::Correlation a;           // r(A, humans)
    stats::Correlation b;           // r(B, humans)
    stats::Correlation ab;          // r(A, B): Williams' test needs it
    std::size_t documentsUsedA = 0; // summary level only
    std::size_t documentsUsedB = 0;
    double difference = std::numeric_limits<double>::quiet_NaN(); // a − b
    stats::WilliamsResult williams;                               // NaN where not asked for or not defined ...
    std::string williamsUndefinedReason;                          // ... and then why
    stats::PermutationResult permutation;                         // resamples 0 when not asked for
    std::string better;       // the judge with the higher correlation; empty on a tie or undefined
    bool significant = false; // every test asked for that is defined has p < alpha
};

struct JudgeComparison {
    JudgeComparisonRequest request;
    std::vector<std::string> humanRaters;      // whose mean is the reference
    std::vector<std::string> dimensions;       // compared, in study order
    std::vector<JudgeComparisonEntry> entries; // dimension × level × coefficient, in that order
};

// Both judges are compared on the same items: only the cells that A, B and the human mean all have.
// So r(A, humans) can differ from `concord-cli stats --rater A` where the judges rated different items.
Result<JudgeComparison> compareJudges(store::Study &study, const JudgeComparisonRequest &request);

// {"rater_a", "rater_b", "human_group", "human_raters", "split" (null: every document), "test", "resamples",
//  "seed", "alpha",
//  "dimensions": {DIM: {LEVEL: {CORR: {"r_a": {"value","p","n"}, "r_b", "r_ab", "difference",
//  "williams": {"t","df","p","p_one_sided"[,"undefined_reason"]}, "permutation": {"p","resamples",
//  "undefined_resamples"}, "better", "significant"}}}}} — undefined numbers are null.
nlohmann::json toJson(const JudgeComparison &comparison);

// One row per entry: dimension, level, correlation, n, r_a, r_b, difference, r_ab, then the tests
// asked for (williams_t, williams_p; permutation_p), better, significant, and the split when restricted to
// one. p-values are two-sided.
io::Table toTable(const JudgeComparison &comparison, bool fullPrecision);

} // namespace concord::reports

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "io/table_writer.h"
#include "reports/correlation_report.h"
#include "reports/judge_comparison.h"
#include "stats/bootstrap.h"
#include "stats/correlation.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::reports {

// A judge's prompt versions side by side (`concord-cli versions`). A judge family is every judge whose runs
// used the same provider, model and protocol as the named one; each member is one version, told apart by the
// template its runs used (a version is its own judge, since a judge's later answer replaces its earlier one).
struct VersionsRequest {
    std::string judge; // any member of the family
    std::string humanGroup;
    // The held-out split the versions are compared on: "test" (what a template tuned on dev must be judged on),
    // "dev", or empty for every document.
    std::string split = "test";
    std::vector<std::string> dimensions; // empty: every Likert and rank dimension the versions rated
    std::vector<Level> levels{Level::Dataset, Level::System, Level::Summary};
    stats::CorrelationMethod method = stats::CorrelationMethod::Pearson;
    std::size_t bootstrap = 1000; // resamples of each version's intervals (documents and systems)
    std::uint64_t seed = 24301;   // of the bootstrap and of every permutation test
    SignificanceTest test = SignificanceTest::Both;
    std::size_t resamples = 1000; // of the permutation test
    double alpha = 0.05;
    const std::atomic<bool> *cancel = nullptr;
};

struct JudgeVersion {
    std::string rater;
    std::string templateName;
    int templateVersion = 0;
    // The member's runs used more than one template: its scores mix them (the latest run's is named).
    bool mixedTemplates = false;
    long long firstRun = 0; // versions are listed in the order of their first run
};

// One version's agreement with the group's mean on a dimension at a level, with its bootstrap interval.
struct VersionAgreement {
    std::string rater;
    std::string dimension;
    Level level = Level::Dataset;
    ReportEntry entry;
};

// A version against the one before it, on the items both rated: better, worse or the same, by the paired
// tests (Williams' where it applies, a permutation test) at alpha.
struct VersionStep {
    std::string from;
    std::string to;
    JudgeComparisonEntry comparison; // A = to, B = from
    std::string verdict;             // "better", "worse" or "same"
};

struct VersionsReport {
    VersionsRequest request;
    std::string provider;
    std::string model;
    std::string protocol;
    std::vector<JudgeVersion> versions;
    std::vector<VersionAgreement> agreement; // version × dimension × level, in that order
    std::vector<VersionStep> steps;          // each version against the one before, dimension × level
};

// Fails when the judge has no run with a recorded template (imported answers have none), when the group or a
// dimension is missing, or when a split is asked of a study without one.
Result<VersionsReport> compareVersions(store::Study &study, const VersionsRequest &request);

// "better", "worse" or "same" for the version A of an entry (A = the later version).
std::string verdictOf(const JudgeComparisonEntry &entry, const std::string &later);

io::Table versionsTable(const VersionsReport &report, bool fullPrecision);
io::Table versionStepsTable(const VersionsReport &report, bool fullPrecision);
// {"judge", "provider", "model", "protocol", "human_group", "split" (null: every document), "correlation",
//  "test", "alpha", "bootstrap", "seed", "versions": [{"rater", "template", "template_version",
//  "mixed_templates", "agreement": {DIM: {LEVEL: {"value", "p", "n", "ci_low", "ci_high"}}}}],
//  "steps": [{"from", "to", "dimensions": {DIM: {LEVEL: {"r_from", "r_to", "difference", "williams_p",
//  "permutation_p", "verdict"}}}}]} — undefined numbers are null.
std::string versionsJson(const VersionsReport &report);

} // namespace concord::reports

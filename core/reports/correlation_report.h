// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "io/table_writer.h"
#include "stats/bootstrap.h"
#include "stats/correlation.h"
#include "stats/levels.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::reports {

struct StudyScores;

enum class Level { Dataset, System, Summary, PerSystem, Meta };
std::string_view toString(Level level); // "dataset", "system", "summary", "per-system", "meta"
std::optional<Level> levelFromString(std::string_view text);

// What `concord-cli stats` asks: one rater (a judge, or one human) against a human group's mean.
struct CorrelationRequest {
    std::string humanGroup;
    std::string rater;
    std::vector<std::string> dimensions; // empty: every likert and rank dimension the rater judged
    std::vector<Level> levels{Level::Dataset, Level::System, Level::Summary, Level::PerSystem, Level::Meta};
    std::vector<stats::CorrelationMethod> methods{stats::CorrelationMethod::Pearson, stats::CorrelationMethod::Spearman,
                                                  stats::CorrelationMethod::KendallB};
    // When the rater belongs to the group: compare with the mean of the others (false), or of all (true).
    bool includeSelf = false;
    std::size_t bootstrap = 0;          // resamples; 0 for no confidence intervals
    std::vector<Level> bootstrapLevels; // the levels that get intervals; empty: every level asked for
    stats::BootstrapOptions bootstrapOptions;
    // The held-out split ("dev" or "test") the scores were restricted to, said with the results; empty: all.
    std::string split;
};

struct ReportEntry {
    stats::Correlation correlation;
    stats::ConfidenceInterval ci;  // undefined when no bootstrap was asked for
    std::size_t documentsUsed = 0; // summary level only
};

struct DimensionReport {
    std::string dimension;
    std::map<stats::CorrelationMethod, ReportEntry> dataset;
    std::map<stats::CorrelationMethod, ReportEntry> system;
    std::map<stats::CorrelationMethod, ReportEntry> summary;
    std::size_t documentsTotal = 0;
    std::map<std::string, std::map<stats::CorrelationMethod, ReportEntry>> perSystem; // by system name
    std::map<stats::CorrelationMethod, ReportEntry> meta;
    std::map<stats::CorrelationMethod, stats::MetaCorrelation> metaDetail;
    std::vector<std::string> systemNames; // in matrix row order (for Q_i and P_i)
};

struct CorrelationReport {
    CorrelationRequest request;
    std::vector<std::string> humanRaters; // the raters whose mean is the reference
    std::vector<DimensionReport> dimensions;
};

Result<CorrelationReport> computeCorrelationReport(store::Study &study, const CorrelationRequest &request);
// The same from scores read already (StudyScores::read): reads nothing from the study.
Result<CorrelationReport> computeCorrelationReport(const StudyScores &scores, const CorrelationRequest &request);

// {DIM: {"dataset": {CORR: {"value","p","n","ci_low","ci_high"}}, "system": {...},
//        "summary": {CORR: {...}, "documents_used": n}, "per_system": {SYSTEM: {CORR: {...}}},
//        "meta": {CORR: {...}}}} — undefined numbers are null, with an "undefined_reason".
nlohmann::json toJson(const CorrelationReport &report);

// One row per dimension × level × (system) × coefficient, for tables.
struct ReportRow {
    std::string dimension;
    std::string level;
    std::string system; // per-system rows only
    std::string correlation;
    ReportEntry entry;
};
std::vector<ReportRow> toRows(const CorrelationReport &report);

// The rows as a table: dimension, level, system, coefficient, value, p, n, CI, documents used.
// fullPrecision writes every number so that it reads back exactly (for CSV); otherwise values have
// 4 decimals and p-values 3 significant digits, as a paper prints them.
io::Table toTable(const CorrelationReport &report, bool fullPrecision);

} // namespace concord::reports

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "io/table_writer.h"
#include "reports/estimate_report.h"
#include "stats/krippendorff.h"
#include "stats/pairwise.h"

#include <QString>

#include <optional>
#include <string>

namespace concord::ui {

// What File > Export > Statistics Table writes: the correlation report of one rater (a judge) against
// a human group's mean, Krippendorff's alpha per dimension for a group (and with a judge added), or
// the judges' pairwise verdicts against a group's mean ratings (the Agreement view's pairwise table), or each
// system's human mean estimated from a share of the labels (the Estimates tab's table).
struct StatisticsTableRequest {
    enum class Kind { Correlation, Agreement, Pairwise, Estimates };
    Kind kind = Kind::Correlation;
    // correlation: the rater compared; agreement: optional extra rater; pairwise: one judge (empty: every judge)
    std::string rater;
    std::string humanGroup;
    stats::PairwiseRule rule = stats::PairwiseRule::AgreeOrTie; // pairwise only
    // Agreement: the level of every alpha, the Agreement view's choice; empty: each dimension's default.
    std::optional<stats::MeasurementLevel> alphaLevel;
    // Estimates: the Estimates tab's method, confidence, dimension and what-if; rater and humanGroup name the
    // judge and the group.
    reports::EstimateRequest estimate;
    io::TableStyle style = io::TableStyle::Csv;
    std::string path;
};

// Computes the table through core/reports (on the caller's thread, with its own connection to the
// study file) and writes it through core/io/table_writer. Meant for a worker thread.
class StatisticsExport {
public:
    struct Report {
        std::size_t rows = 0;
    };

    // From the file's suffix: .csv, .md (or .markdown), .tex.
    static std::optional<io::TableStyle> styleFor(const QString &path);
    static QString fileFilter();

    static Result<io::Table> table(const std::string &studyPath, const StatisticsTableRequest &request);
    static Result<Report> write(const std::string &studyPath, const StatisticsTableRequest &request);
};

} // namespace concord::ui

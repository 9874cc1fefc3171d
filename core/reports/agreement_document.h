// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "io/table_writer.h"
#include "reports/dashboard_report.h"
#include "reports/estimate_report.h"
#include "reports/judge_card.h"
#include "reports/judge_comparison.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace concord::reports {

// Every table of the Agreement view in one document (`concord-cli report`): the dashboard computed by
// computeDashboard, exactly as the view computes it for the same options, and the view's "Compare
// judges" tab for every pair of the shown judges. Front ends only render the sections.
struct AgreementDocumentOptions {
    DashboardOptions dashboard;
    bool compareJudges = true; // every pair of shown judges, as the "Compare judges" tab does for one pair
    // Each shown judge's estimates of the group's means (the "Estimates" tab, computeEstimates with its defaults:
    // PPI++, 95%, every Likert and binary dimension), with the tab's what-if when a labelled fraction is given.
    bool estimates = true;
    std::optional<double> labelledFraction;
    std::uint64_t estimateSeed = 1;
    // Each shown judge's card (judgeCards over the dashboard), checked against these bounds.
    bool cards = true;
    CardThresholds cardThresholds;
};

struct AgreementDocument {
    DashboardReport dashboard;
    std::vector<JudgeComparison> comparisons; // (judge i, judge j) for i < j in the order shown
    // One per shown judge that shares a Likert or binary dimension with the group, in the order shown; a judge
    // without one is named in the dashboard's warnings.
    std::vector<EstimateReport> estimates;
    std::vector<JudgeCard> cards; // one per shown judge, in the order shown
};

Result<AgreementDocument> computeAgreementDocument(const std::string &studyPath,
                                                   const AgreementDocumentOptions &options);

// One table of the document. A new table (e.g. another coefficient's) is one more section.
struct ReportSection {
    std::string key;          // its name in the JSON document ("judge_comparisons": one of that array)
    std::string heading;      // its heading (Markdown) or caption (LaTeX)
    nlohmann::json json;      // full precision; undefined numbers are null
    io::Table table;          // as printed: 4 decimals and p-values 3 digits, or every digit when fullPrecision
    bool printedOnly = false; // a printed table whose numbers the JSON holds in another section
};

// The sections in the order of the view's tabs: correlations (every rater, level and system at the chosen
// coefficient), human ceiling, human vs judge, per system & meta, Krippendorff's alpha, pairwise (the
// summary, then per judge and dimension its system pairs, baseline and ranking, and the position bias), length
// bias, invalid answers, then one judge comparison per pair, then each judge's estimates (the means, and on a
// binary dimension the corrected pass rates), then the cards' bounds and each judge's card (its checks, then its
// figures).
std::vector<ReportSection> reportSections(const AgreementDocument &document, bool fullPrecision);

// {"human_group", "human_raters", "judges", "level", "correlation", "bootstrap", "warnings", and each
// section's key: its json; "judge_comparisons" and "estimates" (each as `concord-cli estimate --format json`
// gives it) and "judge_cards" (cardJson) are arrays, "judge_card_bounds" the bounds with their sources}.
nlohmann::json toJson(const AgreementDocument &document);

// The rows of a full-precision table as JSON objects keyed by the header; numeric columns as numbers.
nlohmann::json tableRowsJson(const io::Table &table);

} // namespace concord::reports

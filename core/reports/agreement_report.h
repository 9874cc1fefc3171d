// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "model/dimension.h"
#include "stats/krippendorff.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::reports {

struct StudyScores;

// The level of measurement at which a dimension's alpha is computed unless the user picks another;
// the Agreement view, the exported agreement table and `concord-cli agreement` all start from it, so
// that one dimension has one alpha. Likert scores and rankings are ordered, but nothing says their
// steps are equal: ordinal. Binary verdicts, error spans and pairwise winners are categories: nominal.
stats::MeasurementLevel defaultAlphaLevel(const model::Dimension &dimension);

// Inter-annotator agreement of a rater group on one dimension: Krippendorff's alpha with units =
// the candidates and coders = the group's raters (plus any extra raters, e.g. a judge, to see how
// agreement changes when it joins the humans). Rank dimensions use each rater's ranks, normalised
// to competition form, at whatever level is asked (ordinal is the natural one).
struct AgreementRequest {
    std::string group;
    std::string dimension;
    std::optional<stats::MeasurementLevel> level; // empty: the dimension's defaultAlphaLevel
    std::vector<std::string> extraRaters;
    std::size_t bootstrap = 0; // resamples of units; 0 for no interval
    stats::BootstrapOptions options;
    // The held-out split ("dev" or "test") whose documents alone are read by the study's overload of
    // computeAgreement, said with the result; empty: every document. The scores' overload takes scores as
    // they are.
    std::string split;
};

struct AgreementReport {
    AgreementRequest request;
    std::vector<std::string> raters; // the coders, in study order
    stats::AlphaResult alpha;        // alpha.level: the level used, asked for or the default
    stats::AlphaInterval interval;   // absent without bootstrap
    std::size_t skippedRankings = 0; // impossible rankings left out
};

Result<AgreementReport> computeAgreement(store::Study &study, const AgreementRequest &request);
// The same from scores read already (StudyScores::read): reads nothing from the study.
Result<AgreementReport> computeAgreement(const StudyScores &scores, const AgreementRequest &request);

// {"alpha", "ci_low", "ci_high", "units", "pairable_values", "level" (the level used), "group", "dimension",
// "raters", ...}; undefined numbers are null, with "undefined_reason".
nlohmann::json toJson(const AgreementReport &report);

} // namespace concord::reports

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/agreement_report.h"

#include "reports/rating_matrices.h"
#include "reports/split_report.h"
#include "reports/study_scores.h"
#include "store/name_hints.h"
#include "store/study.h"

#include <algorithm>
#include <map>

namespace concord::reports {

using model::Id;
using nlohmann::json;

namespace {

json optionalNumber(const std::optional<double> &v)
{
    return v ? json(*v) : json(nullptr);
}

} // namespace

stats::MeasurementLevel defaultAlphaLevel(const model::Dimension &dimension)
{
    switch (dimension.kind) {
    case model::DimensionKind::Likert:
    case model::DimensionKind::Rank:
        return stats::MeasurementLevel::Ordinal;
    case model::DimensionKind::Binary:
    case model::DimensionKind::Spans:
    case model::DimensionKind::Pairwise:
        return stats::MeasurementLevel::Nominal;
    }
    return stats::MeasurementLevel::Nominal;
}

Result<AgreementReport> computeAgreement(store::Study &study, const AgreementRequest &request)
{
    auto scores = capture([&] { return StudyScores::read(study, {request.dimension}); });
    if (!scores)
        return scores.error();
    if (const Status kept = keepSplitOnly(study, scores.value(), request.split); !kept) {
        Error error = kept.error();
        error.field = "split";
        return error;
    }
    return computeAgreement(scores.value(), request);
}

Result<AgreementReport> computeAgreement(const StudyScores &scores, const AgreementRequest &request)
{
    return capture([&]() -> AgreementReport {
        AgreementReport report;
        report.request = request;
        const model::Dimension *found = scores.dimension(request.dimension);
        if (!found)
            fail("no dimension named '" + request.dimension + "' in the study"
                     + store::dimensionNamesHint(scores.dimensions),
                 "dimension");
        const model::Dimension &dim = *found;
        if (dim.kind != model::DimensionKind::Likert && dim.kind != model::DimensionKind::Rank)
            fail("dimension '" + dim.name + "' holds " + std::string(toString(dim.kind))
                     + " judgements; agreement is computed on likert and rank dimensions",
                 "dimension");

        std::map<Id, std::size_t> coderOf;
        for (const auto &r : scores.raters) {
            const bool extra = std::find(request.extraRaters.begin(), request.extraRaters.end(), r.name)
                               != request.extraRaters.end();
            if ((r.kind == model::RaterKind::Human && r.group == request.group) || extra) {
                coderOf[r.id] = report.raters.size();
                report.raters.push_back(r.name);
            }
        }
        for (const auto &name : request.extraRaters)
            if (std::find(report.raters.begin(), report.raters.end(), name) == report.raters.end())
                fail("no rater named '" + name + "' in the study" + store::raterNamesHint(scores.raters), "rater");
        if (report.raters.empty())
            fail("no human rater in group '" + request.group + "'" + store::humanGroupsHint(scores.raters), "group");

        const auto rows = scores.valuesOn(dim, RatingMatrices::RankValue::CompetitionRank, &report.skippedRankings);
        std::map<Id, std::size_t> unitOf; // candidate -> unit
        for (const auto &r : rows)
            if (coderOf.count(r.rater))
                unitOf.emplace(r.candidate, unitOf.size());
        stats::ReliabilityData data(unitOf.size(), report.raters.size());
        for (const auto &r : rows)
            if (const auto coder = coderOf.find(r.rater); coder != coderOf.end())
                data.addValue(unitOf.at(r.candidate), coder->second, r.value);

        const stats::MeasurementLevel level = request.level.value_or(defaultAlphaLevel(dim));
        const stats::KrippendorffAlpha alpha(data);
        report.alpha = alpha.compute(level);
        if (request.bootstrap > 0) {
            stats::BootstrapOptions options = request.options;
            options.resamples = request.bootstrap;
            report.interval = alpha.bootstrap(level, options);
        } else {
            // An interval left empty still says why, as every undefined number does.
            report.interval.resamples = 0;
            report.interval.undefinedReason = "no interval: bootstrap resampling is off";
        }
        return report;
    });
}

json toJson(const AgreementReport &report)
{
    json j;
    j["alpha"] = optionalNumber(report.alpha.alpha);
    j["ci_low"] = optionalNumber(report.interval.low);
    j["ci_high"] = optionalNumber(report.interval.high);
    j["units"] = report.alpha.units;
    j["pairable_values"] = report.alpha.pairableValues;
    j["observed_disagreement"] = optionalNumber(report.alpha.observedDisagreement);
    j["expected_disagreement"] = optionalNumber(report.alpha.expectedDisagreement);
    j["level"] = std::string(toString(report.alpha.level));
    j["group"] = report.request.group;
    j["dimension"] = report.request.dimension;
    j["raters"] = report.raters;
    j["split"] = report.request.split.empty() ? json(nullptr) : json(report.request.split);
    if (report.request.bootstrap > 0) {
        j["resamples"] = report.interval.resamples;
        j["undefined_resamples"] = report.interval.skipped;
        j["ci_level"] = report.interval.confidence;
    }
    if (report.skippedRankings > 0)
        j["skipped_rankings"] = report.skippedRankings;
    if (!report.alpha.defined())
        j["undefined_reason"] = report.alpha.undefinedReason;
    return j;
}

} // namespace concord::reports

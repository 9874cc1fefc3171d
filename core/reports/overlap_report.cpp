// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/overlap_report.h"

#include "reports/agreement_report.h"
#include "reports/group_ratings.h"
#include "store/study.h"

#include <cmath>
#include <set>

namespace concord::reports {

using nlohmann::json;

namespace {

json optionalNumber(const std::optional<double> &v)
{
    return v ? json(*v) : json(nullptr);
}

json number(double v)
{
    return std::isnan(v) ? json(nullptr) : json(v);
}

} // namespace

Result<OverlapReport> computeOverlap(store::Study &study, const OverlapRequest &request)
{
    return capture([&]() -> OverlapReport {
        if (!(request.width > 0 && request.width <= 2))
            fail("the target width of alpha's interval must be above 0 and at most 2", "width");
        const GroupRatings ratings = GroupRatings::read(study, request.group, request.dimension);
        OverlapReport report;
        report.request = request;
        const stats::MeasurementLevel level = request.level.value_or(defaultAlphaLevel(ratings.dimension));
        report.sizing
            = stats::alphaUnitsForWidth(ratings.data, level, request.width, request.options, request.maxUnits);
        std::set<model::Id> documents;
        for (std::size_t u = 0; u < ratings.data.units(); ++u) {
            std::size_t values = 0;
            for (std::size_t c = 0; c < ratings.data.coders(); ++c)
                values += std::isnan(ratings.data.value(u, c)) ? 0 : 1;
            if (values >= 2)
                documents.insert(ratings.documents[u]);
        }
        report.pilotDocuments = documents.size();
        if (report.pilotDocuments > 0)
            report.summariesPerDocument
                = static_cast<double>(report.sizing.pilotUnits) / static_cast<double>(report.pilotDocuments);
        if (report.sizing.unitsNeeded && report.summariesPerDocument > 0)
            report.documentsNeeded = static_cast<std::size_t>(
                std::ceil(static_cast<double>(*report.sizing.unitsNeeded) / report.summariesPerDocument));
        return report;
    });
}

json toJson(const OverlapReport &report)
{
    const auto &s = report.sizing;
    json j;
    j["group"] = report.request.group;
    j["dimension"] = report.request.dimension;
    j["level"] = std::string(stats::toString(s.pilot.level));
    j["width"] = report.request.width;
    j["confidence"] = report.request.options.confidence;
    j["resamples"] = report.request.options.resamples;
    j["seed"] = report.request.options.seed;
    json pilot;
    pilot["alpha"] = optionalNumber(s.pilot.alpha);
    pilot["summaries"] = s.pilotUnits;
    pilot["documents"] = report.pilotDocuments;
    pilot["ci_low"] = number(s.atPilot.interval.low);
    pilot["ci_high"] = number(s.atPilot.interval.high);
    pilot["width"] = number(s.atPilot.width());
    j["pilot"] = pilot;
    j["summaries_needed"] = s.unitsNeeded ? json(*s.unitsNeeded) : json(nullptr);
    j["documents_needed"] = report.documentsNeeded ? json(*report.documentsNeeded) : json(nullptr);
    json curve = json::array();
    for (const auto &p : s.curve)
        curve.push_back({{"summaries", p.units},
                         {"ci_low", number(p.interval.low)},
                         {"ci_high", number(p.interval.high)},
                         {"width", number(p.width())}});
    j["curve"] = curve;
    if (!s.why.empty())
        j["why"] = s.why;
    return j;
}

} // namespace concord::reports

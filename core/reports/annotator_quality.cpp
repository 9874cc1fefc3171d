// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/annotator_quality.h"

#include "reports/agreement_report.h"
#include "reports/group_ratings.h"
#include "stats/correlation.h"
#include "store/study.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace concord::reports {

using nlohmann::json;

namespace {

json optionalNumber(const std::optional<double> &v)
{
    return v ? json(*v) : json(nullptr);
}

} // namespace

const char *AnnotatorQualityReport::maceAssumes()
{
    return "MACE (Hovy et al. 2013) assumes one true category per summary, uniform a priori; each annotator "
           "labels it truly with probability theta (the competence) and otherwise picks a category from a "
           "distribution of their own, whatever the summary; annotators are independent given the true category";
}

Result<AnnotatorQualityReport> computeAnnotatorQuality(store::Study &study, const AnnotatorQualityRequest &request)
{
    return capture([&]() -> AnnotatorQualityReport {
        const GroupRatings ratings = GroupRatings::read(study, request.group, request.dimension);
        AnnotatorQualityReport report;
        report.request = request;
        for (const auto &name : ratings.raters) {
            report.annotators.push_back({});
            report.annotators.back().rater = name;
        }
        const stats::ReliabilityData &data = ratings.data;
        const std::size_t units = data.units();
        const std::size_t coders = data.coders();
        const stats::MeasurementLevel level = request.level.value_or(defaultAlphaLevel(ratings.dimension));
        report.groupAlpha = stats::KrippendorffAlpha(data).compute(level);
        const double nan = std::numeric_limits<double>::quiet_NaN();
        for (std::size_t j = 0; j < coders; ++j) {
            AnnotatorQuality &q = report.annotators[j];
            // Alpha of the others: the same units, this annotator's column left out.
            std::vector<double> others;
            others.reserve(units * (coders - 1));
            for (std::size_t u = 0; u < units; ++u)
                for (std::size_t c = 0; c < coders; ++c)
                    if (c != j)
                        others.push_back(data.value(u, c));
            const stats::AlphaResult without
                = stats::KrippendorffAlpha(stats::ReliabilityData(units, coders - 1, std::move(others))).compute(level);
            q.alphaWithout = without.alpha;
            q.alphaWithoutReason = without.undefinedReason;
            // This annotator against the mean of the others, summary by summary.
            std::vector<double> mine;
            std::vector<double> theirs;
            for (std::size_t u = 0; u < units; ++u) {
                const double v = data.value(u, j);
                if (std::isnan(v))
                    continue;
                ++q.labels;
                double sum = 0;
                std::size_t n = 0;
                for (std::size_t c = 0; c < coders; ++c)
                    if (c != j && !std::isnan(data.value(u, c))) {
                        sum += data.value(u, c);
                        ++n;
                    }
                mine.push_back(v);
                theirs.push_back(n > 0 ? sum / static_cast<double>(n) : nan);
            }
            const stats::Correlation r = stats::pearson(mine, theirs, false);
            q.correlationPairs = r.n;
            if (r.defined())
                q.correlationWithOthers = r.value;
            else
                q.correlationReason = r.undefinedReason;
        }

        // MACE on the values as categories, where every value is a whole step.
        std::vector<double> values;
        bool whole = true;
        for (const double v : data.values())
            if (!std::isnan(v)) {
                values.push_back(v);
                whole = whole && v == std::round(v);
            }
        std::sort(values.begin(), values.end());
        values.erase(std::unique(values.begin(), values.end()), values.end());
        report.categories = values;
        if (!whole) {
            report.maceWhy = "the values are not whole steps of a scale, so they are no categories for MACE";
        } else {
            std::vector<stats::MaceLabel> labels;
            for (std::size_t u = 0; u < units; ++u)
                for (std::size_t c = 0; c < coders; ++c)
                    if (const double v = data.value(u, c); !std::isnan(v))
                        labels.push_back(
                            {u, c,
                             static_cast<int>(std::lower_bound(values.begin(), values.end(), v) - values.begin())});
            const stats::MaceResult fit
                = stats::mace(labels, units, coders, static_cast<int>(values.size()), request.mace);
            report.maceWhy = fit.why;
            if (fit.why.empty())
                for (std::size_t c = 0; c < coders; ++c)
                    if (!std::isnan(fit.competence[c]))
                        report.annotators[c].competence = fit.competence[c];
        }
        return report;
    });
}

json toJson(const AnnotatorQualityReport &report)
{
    json j;
    j["group"] = report.request.group;
    j["dimension"] = report.request.dimension;
    j["level"] = std::string(stats::toString(report.groupAlpha.level));
    j["group_alpha"] = optionalNumber(report.groupAlpha.alpha);
    if (!report.groupAlpha.undefinedReason.empty())
        j["group_alpha_undefined_reason"] = report.groupAlpha.undefinedReason;
    json mace;
    mace["assumes"] = AnnotatorQualityReport::maceAssumes();
    mace["categories"] = report.categories;
    mace["restarts"] = report.request.mace.restarts;
    mace["iterations"] = report.request.mace.iterations;
    mace["smoothing"] = report.request.mace.smoothing;
    mace["seed"] = report.request.mace.seed;
    if (!report.maceWhy.empty())
        mace["why"] = report.maceWhy;
    j["mace"] = mace;
    json annotators = json::array();
    for (const auto &q : report.annotators) {
        json a;
        a["rater"] = q.rater;
        a["labels"] = q.labels;
        a["alpha_without"] = optionalNumber(q.alphaWithout);
        if (!q.alphaWithoutReason.empty())
            a["alpha_without_undefined_reason"] = q.alphaWithoutReason;
        a["correlation_with_others"] = optionalNumber(q.correlationWithOthers);
        a["correlation_pairs"] = q.correlationPairs;
        if (!q.correlationReason.empty())
            a["correlation_undefined_reason"] = q.correlationReason;
        a["competence"] = optionalNumber(q.competence);
        annotators.push_back(a);
    }
    j["annotators"] = annotators;
    return j;
}

} // namespace concord::reports

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/recalibration.h"

#include "reports/split_report.h"
#include "store/name_hints.h"
#include "store/study.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <vector>

namespace concord::reports {

namespace {

struct Scores {
    double judge = 0;
    bool judged = false;
    double humanSum = 0;
    int humans = 0;
    model::Id document = 0;
};

nlohmann::json number(double value)
{
    return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(nullptr);
}

} // namespace

Result<RecalibrationReport> recalibrateIsotonic(store::Study &study, const RecalibrationRequest &request)
{
    return capture([&]() -> RecalibrationReport {
        RecalibrationReport report;
        report.request = request;
        if (report.request.name.empty())
            report.request.name = request.judge + " isotonic";
        const auto raters = study.raters();
        for (const model::Rater &r : raters)
            if (r.name == report.request.name)
                fail("a rater named '" + report.request.name
                         + "' is in the study already; give the recalibrated judge another name",
                     "name");
        const JudgeAgainstGroup chosen = judgeAgainstGroup(raters, request.judge, request.humanGroup);
        const model::Rater *judge = &chosen.judge;
        const std::set<model::Id> &humans = chosen.humans;
        const auto dimensions = study.dimensions();
        const auto dim = std::find_if(dimensions.begin(), dimensions.end(),
                                      [&](const model::Dimension &d) { return d.name == request.dimension; });
        if (dim == dimensions.end())
            fail("dimension '" + request.dimension + "' is not in the study" + store::dimensionNamesHint(dimensions),
                 "dimension");
        if (dim->kind != model::DimensionKind::Likert)
            fail("dimension '" + request.dimension
                     + "' is not a Likert dimension; an isotonic recalibration maps a "
                       "score to a mean score",
                 "dimension");
        auto dev = documentsOfSplit(study, "dev");
        if (!dev)
            fail(dev.error().message, "split");
        auto test = documentsOfSplit(study, "test");
        if (!test)
            fail(test.error().message, "split");
        report.devDocuments = dev.value().size();
        report.testDocuments = test.value().size();

        std::map<model::Id, Scores> scores; // by summary
        for (const store::RatingRow &row : study.ratingsOn(dim->id)) {
            Scores &s = scores[row.candidate];
            s.document = row.document;
            if (row.rater == judge->id) {
                s.judge = row.value;
                s.judged = true;
            } else if (humans.contains(row.rater)) {
                s.humanSum += row.value;
                ++s.humans;
            }
        }
        // The fit sees the dev split only: a test summary's human scores never move it.
        std::vector<double> x, y;
        for (const auto &[summary, s] : scores)
            if (s.judged && s.humans > 0 && dev.value().contains(s.document)) {
                x.push_back(s.judge);
                y.push_back(s.humanSum / s.humans);
            }
        report.devPairs = x.size();
        if (x.size() < 2)
            fail("the dev split has " + std::to_string(x.size()) + " summar" + (x.size() == 1 ? "y" : "ies")
                     + " scored by both '" + request.judge + "' and group '" + request.humanGroup
                     + "'; an isotonic fit needs at least two",
                 "dev");
        report.fit = stats::fitIsotonic(x, y);

        model::Rater derived;
        derived.name = report.request.name;
        derived.kind = model::RaterKind::Judge;
        derived.provider = judge->provider;
        derived.model = judge->model;
        // Its own protocol: its score is on the dimension's scale whatever the judge's was (LLMScore's P(yes)).
        derived.protocol = "isotonic";
        nlohmann::json knots = nlohmann::json::array();
        for (std::size_t i = 0; i < report.fit.x.size(); ++i)
            knots.push_back({report.fit.x[i], report.fit.y[i]});
        derived.params
            = {{"recalibrated_from", request.judge}, {"method", "isotonic"}, {"human_group", request.humanGroup},
               {"dimension", request.dimension},     {"fitted_on", "dev"},   {"dev_pairs", report.devPairs},
               {"knots", std::move(knots)}};
        const Status written = study.write([&] {
            const model::Id id = study.ensureRater(derived);
            for (const auto &[summary, s] : scores)
                if (s.judged && test.value().contains(s.document)) {
                    // Means of scores on the scale stay on it; the clamp only guards the last bit of rounding.
                    const double value
                        = std::clamp(stats::applyIsotonic(report.fit, s.judge), dim->scaleMin, dim->scaleMax);
                    study.setRating(id, summary, dim->id, value);
                    ++report.written;
                }
        });
        if (!written)
            throw Failure(written.error());

        CalibrationRequest calibration;
        calibration.humanGroup = request.humanGroup;
        calibration.dimensions = {request.dimension};
        calibration.bins = request.bins;
        calibration.split = "test";
        calibration.judge = request.judge;
        auto before = computeCalibration(study, calibration);
        if (!before)
            throw Failure(before.error());
        report.before = before.value();
        calibration.judge = report.request.name;
        auto after = computeCalibration(study, calibration);
        if (!after)
            throw Failure(after.error());
        report.after = after.value();
        return report;
    });
}

nlohmann::json toJson(const RecalibrationReport &report)
{
    nlohmann::json knots = nlohmann::json::array();
    for (std::size_t i = 0; i < report.fit.x.size(); ++i)
        knots.push_back({report.fit.x[i], report.fit.y[i]});
    nlohmann::json test = nlohmann::json::array();
    for (const CalibrationReport *c : {&report.before, &report.after})
        for (const DimensionCalibration &d : c->dimensions) {
            nlohmann::json row = {{"rater", c->request.judge}, {"pairs", d.pairs}, {"brier", number(d.brier)}};
            for (const stats::Reliability &r : d.reliability)
                row[r.binning == stats::Binning::EqualWidth ? "ece_equal_width" : "ece_equal_mass"] = number(r.ece);
            test.push_back(std::move(row));
        }
    return {{"judge", report.request.judge},
            {"recalibrated", report.request.name},
            {"human_group", report.request.humanGroup},
            {"dimension", report.request.dimension},
            {"method", "isotonic"},
            {"fitted_on", "dev"},
            {"applied_to", "test"},
            {"dev_documents", report.devDocuments},
            {"test_documents", report.testDocuments},
            {"dev_pairs", report.devPairs},
            {"written", report.written},
            {"knots", std::move(knots)},
            {"test", std::move(test)}};
}

} // namespace concord::reports

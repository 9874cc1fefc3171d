// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/calibration_report.h"

#include "judge/answer/scoring_method.h"
#include "model/json_text.h"
#include "reports/judge_samples.h"
#include "reports/number_text.h"
#include "reports/split_report.h"
#include "store/name_hints.h"
#include "store/study.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

namespace concord::reports {

namespace {

std::string cell(double value, bool fullPrecision)
{
    return tableNumber(value, fullPrecision, false);
}

// A scale bound as people write it: 1, not 1.0000.
std::string boundText(double value)
{
    if (value == std::floor(value) && std::fabs(value) < 1e15)
        return std::to_string(static_cast<long long>(value));
    return tableNumber(value, true, false);
}

std::string scaleText(double min, double max)
{
    return boundText(min) + "-" + boundText(max);
}

struct Pair {
    double judge = 0;
    std::vector<double> humans; // summed in sorted order: the same mean whatever order the rows came in
    bool judged = false;
};

// The pairs put in order of their values (judge, human, probability, outcome), so that every sum over them, and
// the equal-mass bins' ties, are the same on any backend: a team study's ids and row order are not a file's.
void sortByValue(std::vector<double> &judge, std::vector<double> &human, std::vector<double> &p, std::vector<int> &y)
{
    std::vector<std::size_t> order(judge.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return std::tie(judge[a], human[a], p[a], y[a]) < std::tie(judge[b], human[b], p[b], y[b]);
    });
    auto permuted = [&](const auto &values) {
        std::remove_cvref_t<decltype(values)> out;
        out.reserve(values.size());
        for (const std::size_t i : order)
            out.push_back(values[i]);
        return out;
    };
    judge = permuted(judge);
    human = permuted(human);
    p = permuted(p);
    y = permuted(y);
}

} // namespace

const char *toString(ProbabilitySource source)
{
    switch (source) {
    case ProbabilitySource::YesProbability:
        return "p(yes)";
    case ProbabilitySource::VoteShare:
        return "vote share";
    case ProbabilitySource::WeightedScore:
        return "weighted score mapped to [0, 1]";
    case ProbabilitySource::Score:
        return "score mapped to [0, 1]";
    }
    return "";
}

std::string sourcesText(const DimensionCalibration &dimension)
{
    std::string text;
    for (const auto &[source, count] : dimension.sources) {
        if (!text.empty())
            text.append(", ");
        text.append(toString(source)).append(": ").append(std::to_string(count));
    }
    return text;
}

JudgeAgainstGroup judgeAgainstGroup(const std::vector<model::Rater> &raters, const std::string &judge,
                                    const std::string &group)
{
    std::optional<model::Rater> found;
    std::set<model::Id> humans;
    for (const auto &r : raters) {
        if (r.name == judge)
            found = r;
        if (r.kind == model::RaterKind::Human && r.group == group)
            humans.insert(r.id);
    }
    if (!found)
        fail("rater '" + judge + "' is not in the study" + store::raterNamesHint(raters), "rater");
    if (humans.empty())
        fail("no human rater is in group '" + group + "'", "human");
    if (humans.contains(found->id))
        fail("rater '" + judge + "' is one of group '" + group + "', its own reference", "rater");
    return {*found, std::move(humans)};
}

namespace {

Result<CalibrationReport> calibrate(store::Study &study, const CalibrationRequest &request,
                                    const std::map<UnitKey, UnitScoring> *given)
{
    return capture([&]() -> CalibrationReport {
        if (request.bins < 1)
            fail("at least one bin", "bins");
        if (request.binnings.empty())
            fail("no binning asked", "binning");
        if (!(request.confidence > 0 && request.confidence < 1))
            fail("the confidence must lie between 0 and 1", "confidence");
        if (request.threshold && !std::isfinite(*request.threshold))
            fail("the threshold must be a number", "threshold");
        CalibrationReport report;
        report.request = request;
        const JudgeAgainstGroup chosenRaters = judgeAgainstGroup(study.raters(), request.judge, request.humanGroup);
        const model::Rater *judge = &chosenRaters.judge;
        const std::set<model::Id> &humans = chosenRaters.humans;
        report.protocol = judge->protocol;

        const auto dimensions = study.dimensions();
        std::vector<model::Dimension> chosen;
        for (const auto &name : request.dimensions) {
            const auto found
                = std::find_if(dimensions.begin(), dimensions.end(), [&](const auto &d) { return d.name == name; });
            if (found == dimensions.end())
                fail("dimension '" + name + "' is not in the study" + store::dimensionNamesHint(dimensions),
                     "dimension");
            if (found->kind != model::DimensionKind::Likert && found->kind != model::DimensionKind::Binary)
                fail("dimension '" + name + "' is a " + std::string(model::toString(found->kind))
                         + " dimension; calibration is of Likert and binary scores",
                     "dimension");
            chosen.push_back(*found);
        }
        const bool every = request.dimensions.empty();
        if (every)
            for (const auto &d : dimensions)
                if (d.kind == model::DimensionKind::Likert || d.kind == model::DimensionKind::Binary)
                    chosen.push_back(d);

        std::optional<std::set<model::Id>> inSplit;
        if (!request.split.empty()) {
            auto documents = documentsOfSplit(study, request.split);
            if (!documents)
                fail(documents.error().message, "split");
            inSplit = documents.value();
        }
        std::map<UnitKey, UnitScoring> read;
        if (!given)
            read = unitScoring(study, judge->id);
        const std::map<UnitKey, UnitScoring> &scoring = given ? *given : read;
        const bool yesProbability = judge->protocol == "llmscore";
        for (const auto &dim : chosen) {
            std::map<model::Id, Pair> pairs; // by candidate: the same order whatever the backend
            for (const auto &row : study.ratingsOn(dim.id)) {
                if (inSplit && !inSplit->contains(row.document))
                    continue;
                if (row.rater == judge->id) {
                    pairs[row.candidate].judge = row.value;
                    pairs[row.candidate].judged = true;
                } else if (humans.contains(row.rater)) {
                    pairs[row.candidate].humans.push_back(row.value);
                }
            }
            const bool judged = std::any_of(pairs.begin(), pairs.end(), [](const auto &p) { return p.second.judged; });
            if (every && !judged)
                continue; // a dimension the judge never scored
            DimensionCalibration out;
            out.dimension = dim.name;
            if (dim.kind == model::DimensionKind::Likert) {
                out.humanMin = dim.scaleMin;
                out.humanMax = dim.scaleMax;
            }
            // LLMScore's rating is P(yes) whatever the dimension's scale.
            out.judgeMin = yesProbability ? 0 : out.humanMin;
            out.judgeMax = yesProbability ? 1 : out.humanMax;
            out.threshold = request.threshold.value_or((out.humanMin + out.humanMax) / 2);
            std::vector<double> judgeUnit, humanUnit, p;
            std::vector<int> y;
            for (auto &[candidate, pair] : pairs) {
                if (!pair.judged) {
                    ++out.noJudgeScore;
                    continue;
                }
                if (pair.humans.empty()) {
                    ++out.noHumanScore;
                    continue;
                }
                std::sort(pair.humans.begin(), pair.humans.end());
                double humanSum = 0;
                for (const double v : pair.humans)
                    humanSum += v;
                const double human = humanSum / static_cast<double>(pair.humans.size());
                judgeUnit.push_back(stats::unitScale(pair.judge, out.judgeMin, out.judgeMax));
                humanUnit.push_back(stats::unitScale(human, out.humanMin, out.humanMax));
                y.push_back(human >= out.threshold ? 1 : 0);
                out.positives += static_cast<std::size_t>(y.back());
                ProbabilitySource source = ProbabilitySource::Score;
                double probability = judgeUnit.back();
                const auto unit = scoring.find({candidate, dim.id});
                const judge::ScoringMethod method
                    = unit == scoring.end() ? judge::ScoringMethod::None : unit->second.method;
                if (method == judge::ScoringMethod::Logprobs) {
                    source
                        = unit->second.llmScore ? ProbabilitySource::YesProbability : ProbabilitySource::WeightedScore;
                } else if (method == judge::ScoringMethod::Samples) {
                    // An LLMScore sample is yes (1) or no (0); a G-Eval sample a score on the dimension's scale.
                    const double cut = unit->second.llmScore ? 0.5 : out.threshold;
                    std::size_t votes = 0;
                    std::size_t valid = 0;
                    for (const auto &[key, values] : unit->second.samples)
                        for (const double v : values) {
                            votes += v >= cut ? 1 : 0;
                            ++valid;
                        }
                    if (valid > 0) {
                        source = ProbabilitySource::VoteShare;
                        probability = static_cast<double>(votes) / static_cast<double>(valid);
                    }
                }
                p.push_back(probability);
                ++out.sources[source];
            }
            out.pairs = judgeUnit.size();
            sortByValue(judgeUnit, humanUnit, p, y);
            for (const stats::Binning binning : request.binnings)
                out.reliability.push_back(
                    stats::reliability(judgeUnit, humanUnit, binning, request.bins, request.confidence));
            out.brier = stats::brierScore(p, y);
            report.dimensions.push_back(std::move(out));
        }
        if (report.dimensions.empty())
            fail("rater '" + request.judge + "' scored no Likert or binary dimension", "rater");
        return report;
    });
}

} // namespace

Result<CalibrationReport> computeCalibration(store::Study &study, const CalibrationRequest &request)
{
    return calibrate(study, request, nullptr);
}

Result<CalibrationReport> computeCalibration(store::Study &study, const CalibrationRequest &request,
                                             const std::map<UnitKey, UnitScoring> &scoring)
{
    return calibrate(study, request, &scoring);
}

io::Table calibrationTable(const CalibrationReport &report, bool fullPrecision)
{
    io::Table t;
    t.header = {"judge", "dimension", "judge_scale", "human_scale", "pairs", "bins"};
    t.numeric = {false, false, false, false, true, true};
    for (const stats::Binning binning : report.request.binnings) {
        std::string name = std::string("ece_") + stats::toString(binning);
        std::replace(name.begin(), name.end(), '-', '_');
        t.header.push_back(name);
        t.numeric.push_back(true);
    }
    for (const char *column : {"threshold", "positives", "brier"}) {
        t.header.emplace_back(column);
        t.numeric.push_back(true);
    }
    t.header.emplace_back("probability");
    t.numeric.push_back(false);
    t.caption = "Calibration of " + report.request.judge + " against the mean of " + report.request.humanGroup
                + ": expected calibration error on [0, 1] and the Brier score";
    for (const auto &d : report.dimensions) {
        std::vector<std::string> row{report.request.judge,
                                     d.dimension,
                                     scaleText(d.judgeMin, d.judgeMax),
                                     scaleText(d.humanMin, d.humanMax),
                                     std::to_string(d.pairs),
                                     std::to_string(report.request.bins)};
        for (const auto &r : d.reliability)
            row.push_back(cell(r.ece, fullPrecision));
        row.push_back(fullPrecision ? cell(d.threshold, true) : boundText(d.threshold));
        row.push_back(std::to_string(d.positives));
        row.push_back(cell(d.brier, fullPrecision));
        row.push_back(sourcesText(d));
        t.rows.push_back(std::move(row));
    }
    return t;
}

io::Table reliabilityTable(const CalibrationReport &report, bool fullPrecision)
{
    io::Table t;
    t.header = {"judge", "dimension",  "binning",    "bin",    "low",    "high",
                "count", "judge_mean", "human_mean", "ci_low", "ci_high"};
    t.numeric = {false, false, false, true, true, true, true, true, true, true, true};
    t.caption = "Reliability diagram of " + report.request.judge + " against the mean of " + report.request.humanGroup
                + " (both on [0, 1]), with Student t intervals of the human mean";
    for (const auto &d : report.dimensions)
        for (const auto &r : d.reliability)
            for (std::size_t k = 0; k < r.bins.size(); ++k) {
                const stats::CalibrationBin &b = r.bins[k];
                t.rows.push_back({report.request.judge, d.dimension, stats::toString(r.binning), std::to_string(k + 1),
                                  cell(b.low, fullPrecision), cell(b.high, fullPrecision), std::to_string(b.count),
                                  cell(b.meanJudge, fullPrecision), cell(b.meanHuman, fullPrecision),
                                  cell(b.humanLow, fullPrecision), cell(b.humanHigh, fullPrecision)});
            }
    return t;
}

std::string calibrationJson(const CalibrationReport &report)
{
    nlohmann::json dims = nlohmann::json::array();
    for (const auto &d : report.dimensions) {
        nlohmann::json sources = nlohmann::json::object();
        for (const auto &[source, count] : d.sources)
            sources[toString(source)] = count;
        nlohmann::json binnings = nlohmann::json::array();
        for (const auto &r : d.reliability) {
            nlohmann::json bins = nlohmann::json::array();
            for (const auto &b : r.bins)
                bins.push_back({{"low", jsonNumber(b.low)},
                                {"high", jsonNumber(b.high)},
                                {"count", b.count},
                                {"judge_mean", jsonNumber(b.meanJudge)},
                                {"human_mean", jsonNumber(b.meanHuman)},
                                {"ci_low", jsonNumber(b.humanLow)},
                                {"ci_high", jsonNumber(b.humanHigh)}});
            binnings.push_back({{"binning", stats::toString(r.binning)},
                                {"bins_asked", r.binsAsked},
                                {"ece", jsonNumber(r.ece)},
                                {"bins", std::move(bins)}});
        }
        dims.push_back({{"dimension", d.dimension},
                        {"pairs", d.pairs},
                        {"no_human_score", d.noHumanScore},
                        {"no_judge_score", d.noJudgeScore},
                        {"judge_scale", {jsonNumber(d.judgeMin), jsonNumber(d.judgeMax)}},
                        {"human_scale", {jsonNumber(d.humanMin), jsonNumber(d.humanMax)}},
                        {"threshold", jsonNumber(d.threshold)},
                        {"positives", d.positives},
                        {"brier", jsonNumber(d.brier)},
                        {"probability_sources", std::move(sources)},
                        {"binnings", std::move(binnings)}});
    }
    const nlohmann::json out{
        {"judge", report.request.judge},
        {"human_group", report.request.humanGroup},
        {"protocol", report.protocol},
        {"confidence", jsonNumber(report.request.confidence)},
        {"split", report.request.split.empty() ? nlohmann::json(nullptr) : nlohmann::json(report.request.split)},
        {"dimensions", std::move(dims)}};
    return model::JsonText::dump(out, 2);
}

} // namespace concord::reports

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/label_plan_report.h"

#include "model/json_text.h"
#include "reports/judge_samples.h"
#include "reports/number_text.h"
#include "stats/label_plan.h"
#include "store/study.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

namespace concord::reports {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double sampleSd(const std::vector<double> &v)
{
    if (v.size() < 2)
        return kNaN;
    double mean = 0;
    for (const double x : v)
        mean += x;
    mean /= static_cast<double>(v.size());
    double ss = 0;
    for (const double x : v)
        ss += (x - mean) * (x - mean);
    return std::sqrt(ss / static_cast<double>(v.size() - 1));
}

// The spread of the judge's valid answers about each summary on the dimension where it was asked more than once
// (G-Eval's samples, a judge asked k times), counted as calibration and self-consistency count them.
std::map<model::Id, double> sampleSpread(store::Study &study, const model::Rater &judge, model::Id dimension)
{
    std::map<model::Id, double> out;
    for (const auto &[key, unit] : unitScoring(study, judge.id))
        if (key.second == dimension)
            if (const std::vector<double> answers = unit.answers(); answers.size() >= 2)
                out[key.first] = sampleSd(answers);
    return out;
}

// How far the judge was from the people on the labelled summaries whose judge score is like this one's:
// the labelled summaries in five bins of the judge's score (by rank), the mean |Y - f| of each bin. Empty
// with fewer than 10 labelled summaries the judge scored.
std::vector<double> residualSpread(std::vector<std::pair<double, double>> labelled, // f, |Y - f|
                                   const std::vector<double> &poolJudge)
{
    if (labelled.size() < 10)
        return {};
    std::sort(labelled.begin(), labelled.end());
    constexpr std::size_t kBins = 5;
    std::vector<double> upper(kBins), mean(kBins);
    for (std::size_t b = 0; b < kBins; ++b) {
        const std::size_t from = b * labelled.size() / kBins;
        const std::size_t to = (b + 1) * labelled.size() / kBins;
        double sum = 0;
        for (std::size_t i = from; i < to; ++i)
            sum += labelled[i].second;
        mean[b] = sum / static_cast<double>(to - from);
        upper[b] = labelled[to - 1].first;
    }
    std::vector<double> out;
    out.reserve(poolJudge.size());
    for (const double f : poolJudge) {
        std::size_t b = 0;
        while (b + 1 < kBins && f > upper[b])
            ++b;
        out.push_back(mean[b]);
    }
    return out;
}

// A score by candidate id in a list sorted by it; nothing when the candidate has none.
std::optional<double> scoreOf(const std::vector<std::pair<model::Id, double>> &sorted, model::Id candidate)
{
    const auto found = std::lower_bound(sorted.begin(), sorted.end(), candidate,
                                        [](const auto &entry, model::Id id) { return entry.first < id; });
    if (found == sorted.end() || found->first != candidate)
        return std::nullopt;
    return found->second;
}

LabelPlanReport plan(store::Study &study, const PlanRequest &request)
{
    if (request.judges.empty())
        fail("name the judge whose scores stand in for the labels", "rater");
    if (request.strategy != "uniform" && request.strategy != "uncertainty" && request.strategy != "disagreement")
        fail("the strategy is uniform, uncertainty or disagreement, not '" + request.strategy + "'", "strategy");
    if (request.strategy == "disagreement" && request.judges.size() < 2)
        fail("disagreement compares two judges or more: name each with --rater", "rater");
    if (!(request.uniformShare > 0 && request.uniformShare <= 1))
        fail("the uniform share must lie above 0 and at most 1", "uniform-share");
    if (request.seed < 0)
        fail("the seed must be a whole number of at least 0", "seed");
    std::vector<model::Rater> judges;
    std::set<model::Id> humans;
    std::optional<model::Id> annotator;
    const auto raters = study.raters();
    for (const auto &name : request.judges) {
        const auto found = std::find_if(raters.begin(), raters.end(), [&](const auto &r) { return r.name == name; });
        if (found == raters.end())
            fail("rater '" + name + "' is not in the study", "rater");
        judges.push_back(*found);
    }
    for (const auto &r : raters) {
        if (r.kind == model::RaterKind::Human && r.group == request.humanGroup)
            humans.insert(r.id);
        if (request.annotator && r.name == *request.annotator) {
            if (r.kind != model::RaterKind::Human)
                fail("'" + *request.annotator + "' is not a person", "annotator");
            annotator = r.id;
        }
    }
    if (humans.empty())
        fail("no human rater is in group '" + request.humanGroup + "'", "human");
    if (request.annotator && !annotator)
        fail("the study has no annotator named '" + *request.annotator + "'", "annotator");
    const auto dimensions = study.dimensions();
    const auto dim = std::find_if(dimensions.begin(), dimensions.end(),
                                  [&](const auto &d) { return d.name == request.dimension; });
    if (dim == dimensions.end())
        fail("dimension '" + request.dimension + "' is not in the study", "dimension");
    if (dim->kind != model::DimensionKind::Likert && dim->kind != model::DimensionKind::Binary)
        fail("dimension '" + dim->name + "' is a " + std::string(model::toString(dim->kind))
                 + " dimension; plans are of Likert and binary labels",
             "dimension");

    // Each summary's scores, read along the ratings' key (by rater, then candidate): the judges' and the
    // group's mean, as lists sorted by candidate.
    std::vector<std::vector<std::pair<model::Id, double>>> judgeScores;
    for (const auto &judge : judges)
        judgeScores.push_back(study.ratingsOf(judge.id, dim->id));
    std::vector<std::pair<model::Id, double>> labels;
    for (const model::Id person : humans) {
        const auto own = study.ratingsOf(person, dim->id);
        labels.insert(labels.end(), own.begin(), own.end());
    }
    std::sort(labels.begin(), labels.end());
    std::vector<std::pair<model::Id, double>> human; // the group's mean, by candidate
    for (std::size_t i = 0; i < labels.size();) {
        std::size_t j = i;
        double sum = 0;
        for (; j < labels.size() && labels[j].first == labels[i].first; ++j)
            sum += labels[j].second;
        human.emplace_back(labels[i].first, sum / static_cast<double>(j - i));
        i = j;
    }
    std::vector<model::Id> pool; // by candidate id
    std::vector<double> poolJudge;
    std::vector<std::pair<double, double>> labelled; // the judge's score and its distance from the people
    for (const auto &[candidate, f] : judgeScores[0]) {
        if (const auto y = scoreOf(human, candidate)) {
            labelled.emplace_back(f, std::fabs(*y - f));
        } else {
            pool.push_back(candidate);
            poolJudge.push_back(f);
        }
    }
    if (pool.empty())
        fail("every summary '" + judges[0].name + "' scored on '" + dim->name
                 + "' is labelled already: nothing to plan",
             "dimension");
    if (!(request.budget > 0 && request.budget <= static_cast<double>(pool.size())))
        fail("the budget must lie above 0 and at most the " + std::to_string(pool.size())
                 + " summaries that are not labelled yet",
             "budget");

    LabelPlanReport out;
    out.request = request;
    out.pool = pool.size();
    std::vector<double> u(pool.size(), request.strategy == "uniform" ? 1.0 : kNaN);
    if (request.strategy == "uncertainty") {
        const std::map<model::Id, double> spread = sampleSpread(study, judges[0], dim->id);
        out.uncertaintySource = "the spread of the judge's sampled answers";
        bool any = false;
        for (std::size_t i = 0; i < pool.size(); ++i)
            if (const auto found = spread.find(pool[i]); found != spread.end()) {
                u[i] = found->second;
                any = true;
            }
        if (!any) {
            u = residualSpread(std::move(labelled), poolJudge);
            out.uncertaintySource = "how far the labelled summaries with like judge scores were from the judge";
        }
        if (u.empty())
            fail("the judge has no sampled answers to tell its uncertainty, and fewer than 10 labelled summaries "
                 "show how far it is from the people: plan uniformly, or label a few first",
                 "strategy");
    } else if (request.strategy == "disagreement") {
        out.uncertaintySource = "the spread of the judges' scores";
        for (std::size_t i = 0; i < pool.size(); ++i) {
            std::vector<double> scores;
            for (const auto &scored : judgeScores)
                if (const auto score = scoreOf(scored, pool[i]))
                    scores.push_back(*score);
            if (scores.size() >= 2)
                u[i] = sampleSd(scores);
        }
    } else {
        out.uncertaintySource = "none (uniform)";
    }
    const std::vector<double> p = stats::planProbabilities(u, request.budget, request.uniformShare);
    const std::vector<bool> drawn = stats::drawPlan(p, static_cast<std::uint64_t>(request.seed));

    std::vector<store::LabelPlanItem> items;
    items.reserve(pool.size());
    std::vector<model::Id> drawnIds;
    for (std::size_t i = 0; i < pool.size(); ++i) {
        items.push_back({pool[i], p[i], drawn[i]});
        out.expected += p[i];
        if (!drawn[i])
            continue;
        ++out.drawn;
        drawnIds.push_back(pool[i]);
        out.summaries.push_back({pool[i], std::string(), p[i], u[i], true});
    }
    // Only the drawn summaries' documents are read: a plan draws thousands of a million.
    const std::vector<std::string> documents = study.documentNamesOf(drawnIds);
    for (std::size_t k = 0; k < out.summaries.size(); ++k)
        out.summaries[k].document = documents[k];
    std::stable_sort(out.summaries.begin(), out.summaries.end(),
                     [](const auto &a, const auto &b) { return a.document < b.document; });
    store::LabelPlanRow row;
    row.judge = judges[0].id;
    row.dimension = dim->id;
    row.annotator = annotator;
    row.strategy = request.strategy;
    row.budget = request.budget;
    row.uniformShare = request.uniformShare;
    row.seed = request.seed;
    row.settings = planSettingsJson(out);
    const Status written = study.write([&] { out.plan = study.addLabelPlan(row, items); });
    if (!written)
        throw Failure(written.error());
    return out;
}

} // namespace

Result<LabelPlanReport> planLabels(store::Study &study, const PlanRequest &request)
{
    return capture([&] { return plan(study, request); });
}

std::string planSettingsJson(const LabelPlanReport &report)
{
    const nlohmann::json settings{{"judges", report.request.judges},
                                  {"human_group", report.request.humanGroup},
                                  {"uncertainty", report.uncertaintySource}};
    return model::JsonText::dump(settings);
}

io::Table planTable(const LabelPlanReport &report, bool fullPrecision)
{
    io::Table t;
    t.header = {"plan", "document", "candidate", "probability", "uncertainty"};
    t.numeric = {true, false, true, true, true};
    t.caption = "Label plan " + std::to_string(report.plan) + " on " + report.request.dimension + ": "
                + std::to_string(report.drawn) + " of " + std::to_string(report.pool) + " summaries drawn ("
                + report.request.strategy + "; uncertainty from " + report.uncertaintySource + ")";
    for (const auto &s : report.summaries)
        t.rows.push_back({std::to_string(report.plan), s.document, std::to_string(s.candidate),
                          tableNumber(s.probability, fullPrecision, false),
                          tableNumber(s.uncertainty, fullPrecision, false)});
    return t;
}

} // namespace concord::reports

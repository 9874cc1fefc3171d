// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/label_plan_report.h"

#include "model/json_text.h"
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

// The spread of the judge's valid sampled answers about each summary on the dimension (two or more).
std::map<model::Id, double> sampleSpread(store::Study &study, const model::Rater &judge, model::Id dimension)
{
    std::map<model::Id, std::vector<double>> answers;
    for (const auto &call : study.judgeCalls(judge.id, judge.protocol))
        if (call.valid && call.parsedValue && call.candidateId && call.dimensionId == dimension)
            answers[*call.candidateId].push_back(*call.parsedValue);
    std::map<model::Id, double> out;
    for (const auto &[candidate, values] : answers)
        if (values.size() >= 2)
            out[candidate] = sampleSd(values);
    return out;
}

// How far the judge was from the people on the labelled summaries whose judge score is like this one's:
// the labelled summaries in five bins of the judge's score (by rank), the mean |Y - f| of each bin.
std::map<model::Id, double> residualSpread(const std::map<model::Id, double> &judge,
                                           const std::map<model::Id, double> &human, const std::vector<model::Id> &pool)
{
    std::vector<std::pair<double, double>> labelled; // f, |Y - f|
    for (const auto &[candidate, y] : human)
        if (const auto f = judge.find(candidate); f != judge.end())
            labelled.emplace_back(f->second, std::fabs(y - f->second));
    std::map<model::Id, double> out;
    if (labelled.size() < 10)
        return out;
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
    for (const model::Id candidate : pool) {
        const double f = judge.at(candidate);
        std::size_t b = 0;
        while (b + 1 < kBins && f > upper[b])
            ++b;
        out[candidate] = mean[b];
    }
    return out;
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

    // Each summary's scores: the judges' and the group's mean.
    std::vector<std::map<model::Id, double>> judgeScores(judges.size());
    std::map<model::Id, double> humanSum;
    std::map<model::Id, int> humanCount;
    std::map<model::Id, model::Id> documentOf;
    for (const auto &row : study.ratingsOn(dim->id)) {
        documentOf[row.candidate] = row.document;
        for (std::size_t j = 0; j < judges.size(); ++j)
            if (row.rater == judges[j].id)
                judgeScores[j][row.candidate] = row.value;
        if (humans.contains(row.rater)) {
            humanSum[row.candidate] += row.value;
            ++humanCount[row.candidate];
        }
    }
    std::map<model::Id, double> human;
    for (const auto &[candidate, sum] : humanSum)
        human[candidate] = sum / humanCount[candidate];
    std::vector<model::Id> pool; // by candidate id
    for (const auto &[candidate, f] : judgeScores[0])
        if (!human.contains(candidate))
            pool.push_back(candidate);
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
    std::map<model::Id, double> uncertainty;
    if (request.strategy == "uncertainty") {
        uncertainty = sampleSpread(study, judges[0], dim->id);
        out.uncertaintySource = "the spread of the judge's sampled answers";
        if (std::none_of(pool.begin(), pool.end(), [&](model::Id c) { return uncertainty.contains(c); })) {
            uncertainty = residualSpread(judgeScores[0], human, pool);
            out.uncertaintySource = "how far the labelled summaries with like judge scores were from the judge";
        }
        if (uncertainty.empty())
            fail("the judge has no sampled answers to tell its uncertainty, and fewer than 10 labelled summaries "
                 "show how far it is from the people: plan uniformly, or label a few first",
                 "strategy");
    } else if (request.strategy == "disagreement") {
        out.uncertaintySource = "the spread of the judges' scores";
        for (const model::Id candidate : pool) {
            std::vector<double> scores;
            for (const auto &scored : judgeScores)
                if (const auto s = scored.find(candidate); s != scored.end())
                    scores.push_back(s->second);
            if (scores.size() >= 2)
                uncertainty[candidate] = sampleSd(scores);
        }
    } else {
        out.uncertaintySource = "none (uniform)";
    }
    std::vector<double> u(pool.size(), request.strategy == "uniform" ? 1.0 : kNaN);
    for (std::size_t i = 0; i < pool.size(); ++i)
        if (const auto found = uncertainty.find(pool[i]); found != uncertainty.end())
            u[i] = found->second;
    const std::vector<double> p = stats::planProbabilities(u, request.budget, request.uniformShare);
    const std::vector<bool> drawn = stats::drawPlan(p, static_cast<std::uint64_t>(request.seed));

    std::map<model::Id, std::string> documentName;
    for (const auto &d : study.documentSummariesWithoutJudgements())
        documentName[d.id] = d.externalId;
    std::vector<store::LabelPlanItem> items;
    for (std::size_t i = 0; i < pool.size(); ++i) {
        items.push_back({pool[i], p[i], drawn[i]});
        out.summaries.push_back({pool[i], documentName[documentOf[pool[i]]], p[i], u[i], drawn[i]});
        out.drawn += drawn[i] ? 1 : 0;
        out.expected += p[i];
    }
    std::stable_sort(out.summaries.begin(), out.summaries.end(), [](const auto &a, const auto &b) {
        if (a.drawn != b.drawn)
            return a.drawn;
        return a.document < b.document;
    });
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
    t.header = {"plan", "document", "candidate", "probability", "uncertainty", "drawn"};
    t.numeric = {true, false, true, true, true, false};
    t.caption = "Label plan " + std::to_string(report.plan) + " on " + report.request.dimension + ": "
                + std::to_string(report.drawn) + " of " + std::to_string(report.pool) + " summaries drawn ("
                + report.request.strategy + "; uncertainty from " + report.uncertaintySource + ")";
    for (const auto &s : report.summaries)
        t.rows.push_back({std::to_string(report.plan), s.document, std::to_string(s.candidate),
                          tableNumber(s.probability, fullPrecision, false),
                          tableNumber(s.uncertainty, fullPrecision, false), s.drawn ? "yes" : "no"});
    return t;
}

} // namespace concord::reports

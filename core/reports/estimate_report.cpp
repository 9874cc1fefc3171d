// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/estimate_report.h"

#include "model/json_text.h"
#include "model/seeded_shuffle.h"
#include "reports/number_text.h"
#include "stats/cochran_rule.h"
#include "stats/label_plan.h"
#include "store/study.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <set>
#include <tuple>

namespace concord::reports {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string cell(double value, bool fullPrecision)
{
    return tableNumber(value, fullPrecision, false);
}

nlohmann::json number(double value)
{
    return jsonNumber(value);
}

struct Summary {
    model::Id system = 0;
    double humanSum = 0;
    int humans = 0;
    double judgeSum = 0;
    int judges = 0;
    std::optional<double> judge() const { return judges > 0 ? std::optional<double>(judgeSum / judges) : std::nullopt; }
};

struct Setup {
    std::map<model::Id, double> judgeCostPerSummary; // by dimension, for a single judge with recorded costs
    std::optional<store::LabelPlanRow> plan;
    std::map<model::Id, store::LabelPlanItem> planItems; // by candidate
    std::set<model::Id> judges;                          // one judge, or the predictor group's raters
    std::set<model::Id> humans;
    std::vector<model::Dimension> dimensions;
    std::map<model::Id, std::string> systemNames;
};

Setup setUp(store::Study &study, const EstimateRequest &request)
{
    Setup s;
    if (request.judge.empty() == request.predictorGroup.empty())
        fail("name either a judge or a predictor group, not both", "rater");
    for (const auto &r : study.raters()) {
        if (!request.judge.empty() && r.name == request.judge)
            s.judges.insert(r.id);
        if (!request.predictorGroup.empty() && r.group == request.predictorGroup)
            s.judges.insert(r.id);
        if (r.kind == model::RaterKind::Human && r.group == request.humanGroup)
            s.humans.insert(r.id);
    }
    if (s.judges.empty()) {
        if (!request.judge.empty())
            fail("rater '" + request.judge + "' is not in the study", "rater");
        fail("no rater is in group '" + request.predictorGroup + "'", "predictor-group");
    }
    if (s.humans.empty())
        fail("no human rater is in group '" + request.humanGroup + "'", "human");
    // A person estimated with their own scores would be no estimate.
    for (const model::Id id : s.judges)
        s.humans.erase(id);
    if (s.humans.empty())
        fail("the predictor is the whole group '" + request.humanGroup + "'", "human");
    if (!(request.confidence > 0 && request.confidence < 1))
        fail("the confidence must lie between 0 and 1", "confidence");
    if (request.labelledFraction && !(*request.labelledFraction > 0 && *request.labelledFraction <= 1))
        fail("the labelled fraction must lie above 0 and at most 1", "labelled-fraction");
    if (request.targetWidth && !(*request.targetWidth > 0))
        fail("the target width must be above 0", "target-width");
    if (request.pricePerLabel && !(*request.pricePerLabel >= 0))
        fail("the price per label cannot be negative", "price-per-label");
    std::vector<std::string> dimensionsAsked = request.dimensions;
    if (request.plan) {
        if (request.moderatedVariance)
            fail("a plan's labels are weighted by their probabilities; their variance is not moderated", "variance");
        if (request.labelledFraction)
            fail("a what-if keeps a random share of the labels; a plan's labels are its own: not both", "plan");
        s.plan = study.labelPlan(*request.plan);
        if (!s.plan)
            fail("the study has no label plan " + std::to_string(*request.plan), "plan");
        if (!request.predictorGroup.empty() || !s.judges.contains(s.plan->judge) || s.judges.size() != 1)
            fail("label plan " + std::to_string(*request.plan) + " was made for another judge's scores", "plan");
        for (const auto &item : study.labelPlanItems(*request.plan))
            s.planItems.emplace(item.candidate, item);
        dimensionsAsked.clear();
        for (const auto &d : study.dimensions())
            if (d.id == s.plan->dimension)
                dimensionsAsked.push_back(d.name);
        if (!request.dimensions.empty() && request.dimensions != dimensionsAsked)
            fail("label plan " + std::to_string(*request.plan) + " is of dimension '"
                     + (dimensionsAsked.empty() ? std::string() : dimensionsAsked.front()) + "'",
                 "dimension");
    }
    for (const auto &d : study.dimensions()) {
        const bool named = std::find(dimensionsAsked.begin(), dimensionsAsked.end(), d.name) != dimensionsAsked.end();
        if (!dimensionsAsked.empty() && !named)
            continue;
        if (d.kind != model::DimensionKind::Likert && d.kind != model::DimensionKind::Binary) {
            if (named)
                fail("dimension '" + d.name + "' is a " + std::string(model::toString(d.kind))
                         + " dimension; estimates are of Likert means and binary rates",
                     "dimension");
            continue;
        }
        s.dimensions.push_back(d);
    }
    if (request.predictorGroup.empty() && s.judges.size() == 1)
        for (const auto &d : s.dimensions) {
            const store::Study::JudgeCost paid = study.judgeCost(*s.judges.begin(), d.id);
            if (paid.summaries > 0)
                s.judgeCostPerSummary[d.id] = paid.cost / static_cast<double>(paid.summaries);
        }
    for (const auto &name : dimensionsAsked)
        if (std::none_of(s.dimensions.begin(), s.dimensions.end(), [&](const auto &d) { return d.name == name; }))
            fail("dimension '" + name + "' is not in the study", "dimension");
    for (const auto &system : study.systems())
        s.systemNames[system.id] = system.name;
    if (request.baseline && std::none_of(s.systemNames.begin(), s.systemNames.end(), [&](const auto &entry) {
            return entry.second == *request.baseline;
        }))
        fail("system '" + *request.baseline + "' is not in the study", "baseline");
    return s;
}

// Each summary's group scores and the judge's score, by candidate id: the same order whatever the backend.
std::map<model::Id, Summary> summariesOf(const std::vector<store::RatingRow> &rows, const Setup &s)
{
    std::map<model::Id, Summary> summaries;
    for (const auto &row : rows) {
        const bool judge = s.judges.contains(row.rater);
        if (!judge && !s.humans.contains(row.rater))
            continue;
        Summary &summary = summaries[row.candidate];
        summary.system = row.system;
        if (judge) {
            summary.judgeSum += row.value;
            ++summary.judges;
        } else {
            summary.humanSum += row.value;
            ++summary.humans;
        }
    }
    return summaries;
}

// A system's estimates from a plan's labels: inverse-probability weighting alone stands for the labels
// alone, the method's lambda for PPI; the judge-only mean stays as it is.
void usePlan(const std::vector<stats::PlannedItem> &planned, const EstimateRequest &request, SystemEstimate &e)
{
    const stats::PlannedMean alone
        = stats::plannedMean(planned, request.confidence, stats::PpiMethod::Classical, request.interval);
    const stats::PlannedMean withJudge
        = stats::plannedMean(planned, request.confidence, request.method, request.interval);
    e.mean.human = alone.mean;
    e.mean.ppi = withJudge.mean;
    e.mean.lambda = withJudge.lambda;
    e.mean.labelled = withJudge.drawn - withJudge.missing;
    e.mean.unlabelled = withJudge.items - withJudge.drawn;
    e.mean.effectiveLabels = kNaN; // labels drawn unequally are not worth a number of uniform ones
    e.mean.labelsSaved = kNaN;
    e.mean.why = withJudge.why;
    e.mean.caution.clear();
    e.plannedMissing = withJudge.missing;
}

// Cochran's rule over the systems from `first` on: one skewness for the dimension, since a system's ten labels
// cannot show the shape of its scores (when they all agree, none at all), while the systems share a scale.
void checkCochran(double skewness, std::vector<SystemEstimate> &systems, std::size_t first)
{
    for (std::size_t k = first; k < systems.size(); ++k) {
        SystemEstimate &e = systems[k];
        e.cltLabels = stats::cochranLabels(skewness);
        e.cltHolds = stats::cochranHolds(static_cast<double>(e.mean.labelled), skewness);
        if (e.cltHolds || e.mean.labelled < 2 || std::isnan(e.cltLabels))
            continue;
        char text[320];
        std::snprintf(text, sizeof text,
                      "fewer labels than Cochran's rule asks (more than %.0f, 25 G1^2 with G1 = %.2f the skewness of "
                      "the dimension's labelled Y - lambda f): the interval may be too narrow; label more summaries",
                      std::floor(e.cltLabels), skewness);
        e.mean.caution = e.mean.caution.empty() ? std::string(text) : e.mean.caution + "; " + text;
    }
}

// Which parts a report needs: a what-if's repeats read only the system means.
enum class Parts { All, MeansOnly };

void estimateDimension(const std::vector<store::RatingRow> &rows, const EstimateRequest &request, const Setup &s,
                       const model::Dimension &dim, EstimateReport &out, Parts parts)
{
    const std::map<model::Id, Summary> summaries = summariesOf(rows, s);
    // What-if: a seeded share of the labelled summaries keeps its labels, drawn over the whole dimension.
    std::set<model::Id> hidden;
    if (request.labelledFraction) {
        std::vector<model::Id> labelled;
        for (const auto &[id, summary] : summaries)
            if (summary.humans > 0)
                labelled.push_back(id);
        model::seededShuffle(labelled, request.seed);
        const auto keep = static_cast<std::size_t>(std::llround(*request.labelledFraction * labelled.size()));
        hidden.insert(labelled.begin() + static_cast<std::ptrdiff_t>(std::min(keep, labelled.size())), labelled.end());
    }
    struct Lists {
        std::vector<double> y, labelledJudge, unlabelledJudge, everyLabel;
        std::size_t noJudge = 0;
        std::vector<stats::PlannedItem> planned; // with a plan: the population it was drawn from
        std::size_t undrawnLabels = 0;
    };
    const bool byPlan = s.plan && s.plan->dimension == dim.id;
    std::map<std::string, Lists> bySystem; // by name, so systems are listed alike on both backends
    for (const auto &[id, summary] : summaries) {
        const auto name = s.systemNames.find(summary.system);
        Lists &lists = bySystem[name == s.systemNames.end() ? std::to_string(summary.system) : name->second];
        const double y = summary.humans > 0 ? summary.humanSum / summary.humans : kNaN;
        if (summary.humans > 0)
            lists.everyLabel.push_back(y);
        const bool labelled = summary.humans > 0 && !hidden.contains(id);
        const std::optional<double> judge = summary.judge();
        if (!judge) {
            if (labelled)
                ++lists.noJudge;
            continue;
        }
        if (labelled) {
            lists.y.push_back(y);
            lists.labelledJudge.push_back(*judge);
        } else {
            lists.unlabelledJudge.push_back(*judge);
        }
        if (byPlan) {
            if (const auto item = s.planItems.find(id); item != s.planItems.end()) {
                const bool drawn = item->second.drawn;
                lists.planned.push_back({*judge, item->second.probability, drawn, drawn && labelled ? y : kNaN});
                lists.undrawnLabels += !drawn && labelled ? 1 : 0;
            } else if (labelled) {
                lists.planned.push_back({*judge, 1.0, true, y}); // labelled before the plan
            }
        }
    }
    // Each list in order of its values: sums in one order, so a study gives the same digits on a file and on a
    // PostgreSQL server, which need not number its summaries in the same order.
    for (auto &[system, lists] : bySystem) {
        std::vector<std::pair<double, double>> pairs(lists.y.size());
        for (std::size_t i = 0; i < pairs.size(); ++i)
            pairs[i] = {lists.y[i], lists.labelledJudge[i]};
        std::sort(pairs.begin(), pairs.end());
        for (std::size_t i = 0; i < pairs.size(); ++i)
            std::tie(lists.y[i], lists.labelledJudge[i]) = pairs[i];
        std::sort(lists.unlabelledJudge.begin(), lists.unlabelledJudge.end());
        std::sort(lists.everyLabel.begin(), lists.everyLabel.end());
    }
    stats::PpiOptions options;
    options.confidence = request.confidence;
    options.method = request.method;
    options.interval = request.interval;
    if (request.method == stats::PpiMethod::PpiPlusPlus && !request.lambdaPerSystem) {
        Lists pooled;
        for (const auto &[system, lists] : bySystem) {
            pooled.y.insert(pooled.y.end(), lists.y.begin(), lists.y.end());
            pooled.labelledJudge.insert(pooled.labelledJudge.end(), lists.labelledJudge.begin(),
                                        lists.labelledJudge.end());
            pooled.unlabelledJudge.insert(pooled.unlabelledJudge.end(), lists.unlabelledJudge.begin(),
                                          lists.unlabelledJudge.end());
        }
        options.lambda = stats::ppiTunedLambda(pooled.y, pooled.labelledJudge, pooled.unlabelledJudge);
    }
    if (request.moderatedVariance) {
        // Each system's rectifier with the lambda ppiMean will use, its variance with n - 1 df.
        std::vector<double> variances, df;
        for (const auto &[system, lists] : bySystem) {
            if (lists.y.size() < 2)
                continue;
            double lambda = 0;
            if (request.method == stats::PpiMethod::Ppi && !lists.unlabelledJudge.empty())
                lambda = 1;
            if (request.method == stats::PpiMethod::PpiPlusPlus && !lists.unlabelledJudge.empty())
                lambda = options.lambda ? *options.lambda
                                        : stats::ppiTunedLambda(lists.y, lists.labelledJudge, lists.unlabelledJudge);
            std::vector<double> rectifier(lists.y.size());
            double sum = 0;
            for (std::size_t i = 0; i < rectifier.size(); ++i) {
                rectifier[i] = lists.y[i] - lambda * lists.labelledJudge[i];
                sum += rectifier[i];
            }
            const double mean = sum / static_cast<double>(rectifier.size());
            double squares = 0;
            for (const double r : rectifier)
                squares += (r - mean) * (r - mean);
            variances.push_back(squares / static_cast<double>(rectifier.size() - 1));
            df.push_back(static_cast<double>(rectifier.size() - 1));
        }
        const stats::VariancePrior prior = stats::fitVariancePrior(variances, df);
        if (!std::isnan(prior.scale))
            options.rectifierPrior = prior;
    }
    const std::size_t first = out.systems.size();
    std::vector<double> rectifiers; // every system's labelled Y - lambda f, for the shape Cochran's rule reads
    for (const auto &[system, lists] : bySystem) {
        if (lists.y.empty() && lists.unlabelledJudge.empty())
            continue;
        SystemEstimate e;
        e.dimension = dim.name;
        e.system = system;
        e.mean = stats::ppiMean(lists.y, lists.labelledJudge, lists.unlabelledJudge, options);
        e.noJudgeScore = lists.noJudge;
        if (byPlan)
            usePlan(lists.planned, request, e);
        e.undrawnLabels = lists.undrawnLabels;
        const auto perSummary = s.judgeCostPerSummary.find(dim.id);
        e.judgeCost
            = perSummary == s.judgeCostPerSummary.end()
                  ? kNaN
                  : perSummary->second * static_cast<double>(lists.labelledJudge.size() + lists.unlabelledJudge.size());
        e.needed = request.targetWidth ? stats::labelsNeeded(lists.y, lists.labelledJudge, lists.unlabelledJudge,
                                                             request.method, *request.targetWidth, request.confidence)
                                       : stats::LabelsNeeded{kNaN, kNaN};
        double sum = 0;
        for (const double v : lists.everyLabel)
            sum += v;
        e.fullDataMean = request.labelledFraction && !lists.everyLabel.empty()
                             ? sum / static_cast<double>(lists.everyLabel.size())
                             : kNaN;
        for (std::size_t i = 0; i < lists.y.size(); ++i)
            rectifiers.push_back(lists.y[i] - e.mean.lambda * lists.labelledJudge[i]);
        out.systems.push_back(std::move(e));
    }
    if (!byPlan)
        checkCochran(stats::skewness(rectifiers), out.systems, first);
    if (parts == Parts::MeansOnly)
        return;
    // Differences: against the baseline, or every pair; Bonferroni over the dimension's comparisons.
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    for (std::size_t a = first; a < out.systems.size(); ++a)
        for (std::size_t b = a + 1; b < out.systems.size(); ++b) {
            if (!request.baseline)
                pairs.emplace_back(a, b);
            else if (out.systems[b].system == *request.baseline)
                pairs.emplace_back(a, b);
            else if (out.systems[a].system == *request.baseline)
                pairs.emplace_back(b, a);
        }
    const double each = 1 - (1 - request.confidence) / static_cast<double>(std::max<std::size_t>(1, pairs.size()));
    for (const auto &[a, b] : pairs) {
        SystemDifference d;
        d.dimension = dim.name;
        d.first = out.systems[a].system;
        d.second = out.systems[b].system;
        d.difference = stats::difference(out.systems[a].mean.ppi, out.systems[b].mean.ppi, each);
        d.comparisons = pairs.size();
        d.toldApart = d.difference.low > 0 || d.difference.high < 0;
        out.differences.push_back(d);
    }
}

// The study read once: a what-if repeated over many seeds draws again from the same rows.
struct Loaded {
    Setup setup;
    std::vector<std::vector<store::RatingRow>> rows; // per dimension of the setup
};

Loaded load(store::Study &study, const EstimateRequest &request)
{
    Loaded loaded{setUp(study, request), {}};
    for (const auto &dim : loaded.setup.dimensions)
        loaded.rows.push_back(study.ratingsOn(dim.id));
    return loaded;
}

// The seed of the rates' bootstrap: fixed, so the same study gives the same interval.
constexpr std::uint64_t kRateSeed = 19780101;

void rateDimension(const std::vector<store::RatingRow> &rows, const EstimateRequest &request, const Setup &s,
                   const model::Dimension &dim, EstimateReport &out)
{
    const std::map<model::Id, Summary> summaries = summariesOf(rows, s);
    std::vector<int> human, judgeOfLabelled;
    std::map<std::string, std::vector<int>> judged;
    for (const auto &[id, summary] : summaries) {
        const std::optional<double> judge = summary.judge();
        if (!judge)
            continue;
        const int says = *judge >= 0.5 ? 1 : 0;
        if (summary.humans > 0) {
            human.push_back(summary.humanSum / summary.humans >= 0.5 ? 1 : 0);
            judgeOfLabelled.push_back(says);
        }
        const auto name = s.systemNames.find(summary.system);
        judged[name == s.systemNames.end() ? std::to_string(summary.system) : name->second].push_back(says);
    }
    stats::BootstrapOptions options;
    options.seed = kRateSeed;
    options.confidence = request.confidence;
    options.resamples = 2000;
    for (const auto &[system, answers] : judged) {
        SystemRate r;
        r.dimension = dim.name;
        r.system = system;
        r.rate = stats::roganGladen(human, judgeOfLabelled, answers, options);
        r.labelled = human.size();
        r.judged = answers.size();
        out.rates.push_back(std::move(r));
    }
}

EstimateReport estimate(const Loaded &loaded, const EstimateRequest &request, Parts parts = Parts::All)
{
    EstimateReport out;
    out.request = request;
    for (std::size_t d = 0; d < loaded.setup.dimensions.size(); ++d) {
        const model::Dimension &dim = loaded.setup.dimensions[d];
        if (dim.kind == model::DimensionKind::Binary)
            rateDimension(loaded.rows[d], request, loaded.setup, dim, out);
        else
            estimateDimension(loaded.rows[d], request, loaded.setup, dim, out, parts);
    }
    if (out.systems.empty() && out.rates.empty())
        fail("neither '" + predictorName(request) + "' nor group '" + request.humanGroup
                 + "' scored a summary on the dimensions asked",
             "rater");
    return out;
}

} // namespace

std::string variantText(const EstimateRequest &request)
{
    std::string text = stats::toString(request.method);
    if (request.method == stats::PpiMethod::PpiPlusPlus)
        text += request.lambdaPerSystem ? ", lambda tuned per system" : ", lambda tuned per dimension";
    if (request.moderatedVariance)
        text += ", the rectifier's variance moderated over the dimension's systems (empirical Bayes, Smyth 2004)";
    if (request.plan)
        text += ", the labels of plan " + std::to_string(*request.plan)
                + " weighted by the inverse of their probability (active inference)";
    text += request.interval == stats::IntervalKind::StudentT
                ? (request.plan ? ", Student t intervals (drawn labels - 1 df)"
                                : ", Student t intervals (Welch-Satterthwaite df)")
                : ", normal intervals";
    return text;
}

std::string predictorName(const EstimateRequest &request)
{
    return request.predictorGroup.empty() ? request.judge : "mean of " + request.predictorGroup;
}

Result<EstimateReport> computeEstimates(store::Study &study, const EstimateRequest &request)
{
    return capture([&] { return estimate(load(study, request), request); });
}

Result<std::vector<WhatIfSummary>> repeatWhatIf(store::Study &study, const EstimateRequest &request, int repeats)
{
    return capture([&] {
        if (!request.labelledFraction)
            fail("a what-if needs the labelled fraction", "labelled-fraction");
        if (repeats < 1)
            fail("repeat at least once", "repeat");
        std::map<std::pair<std::string, std::string>, WhatIfSummary> sums;
        std::vector<std::pair<std::string, std::string>> order;
        const Loaded loaded = load(study, request);
        for (int r = 0; r < repeats; ++r) {
            EstimateRequest one = request;
            one.seed = request.seed + static_cast<std::uint64_t>(r);
            const EstimateReport report = estimate(loaded, one, Parts::MeansOnly);
            for (const auto &e : report.systems) {
                const auto key = std::make_pair(e.dimension, e.system);
                auto [it, added] = sums.try_emplace(key);
                if (added) {
                    order.push_back(key);
                    it->second.dimension = e.dimension;
                    it->second.system = e.system;
                }
                WhatIfSummary &w = it->second;
                const auto &ppi = e.mean.ppi;
                const auto &human = e.mean.human;
                if (std::isnan(ppi.low) || std::isnan(human.low))
                    continue;
                ++w.runs;
                w.coverage += ppi.low <= e.fullDataMean && e.fullDataMean <= ppi.high ? 1 : 0;
                w.humanCoverage += human.low <= e.fullDataMean && e.fullDataMean <= human.high ? 1 : 0;
                w.meanWidth += ppi.high - ppi.low;
                w.meanHumanWidth += human.high - human.low;
                if (e.cltHolds) {
                    ++w.cltRuns;
                    w.cltCoverage += ppi.low <= e.fullDataMean && e.fullDataMean <= ppi.high ? 1 : 0;
                }
            }
        }
        std::vector<WhatIfSummary> out;
        for (const auto &key : order) {
            WhatIfSummary w = sums.at(key);
            const double runs = w.runs > 0 ? static_cast<double>(w.runs) : kNaN;
            w.coverage /= runs;
            w.humanCoverage /= runs;
            w.meanWidth /= runs;
            w.meanHumanWidth /= runs;
            w.cltCoverage = w.cltRuns > 0 ? w.cltCoverage / static_cast<double>(w.cltRuns) : kNaN;
            out.push_back(w);
        }
        return out;
    });
}

io::Table estimateTable(const EstimateReport &report, bool fullPrecision)
{
    io::Table t;
    t.header = {"judge",
                "human_group",
                "dimension",
                "system",
                "method",
                "n_labelled",
                "n_unlabelled",
                "n_no_judge",
                "human_mean",
                "human_ci_low",
                "human_ci_high",
                "judge_mean",
                "judge_ci_low",
                "judge_ci_high",
                "estimate",
                "ci_low",
                "ci_high",
                "lambda",
                "effective_n",
                "labels_saved",
                "full_data_mean",
                "labels_needed_alone",
                "labels_needed_with_judge",
                "cost_alone",
                "judge_cost",
                "cost_with_judge",
                "clt_labels",
                "caution"};
    t.numeric = {false, false, false, false, false};
    t.numeric.resize(t.header.size() - 1, true);
    t.numeric.push_back(false);
    char percent[16];
    std::snprintf(percent, sizeof percent, "%g", report.request.confidence * 100);
    t.caption = "Each system's human mean estimated by " + variantText(report.request) + ", " + percent
                + "%; the judge's own mean is biased and shown as such; clt_labels: the labels Cochran's rule asks "
                  "for (n > 25 G1^2)";
    const auto cost
        = [&](double labels) { return report.request.pricePerLabel ? labels * *report.request.pricePerLabel : kNaN; };
    for (const auto &e : report.systems) {
        const auto &m = e.mean;
        t.rows.push_back({predictorName(report.request),
                          report.request.humanGroup,
                          e.dimension,
                          e.system,
                          stats::toString(report.request.method),
                          std::to_string(m.labelled),
                          std::to_string(m.unlabelled),
                          std::to_string(e.noJudgeScore),
                          cell(m.human.estimate, fullPrecision),
                          cell(m.human.low, fullPrecision),
                          cell(m.human.high, fullPrecision),
                          cell(m.judgeOnly.estimate, fullPrecision),
                          cell(m.judgeOnly.low, fullPrecision),
                          cell(m.judgeOnly.high, fullPrecision),
                          cell(m.ppi.estimate, fullPrecision),
                          cell(m.ppi.low, fullPrecision),
                          cell(m.ppi.high, fullPrecision),
                          cell(m.lambda, fullPrecision),
                          cell(m.effectiveLabels, fullPrecision),
                          cell(m.labelsSaved, fullPrecision),
                          cell(e.fullDataMean, fullPrecision),
                          cell(e.needed.alone, fullPrecision),
                          cell(e.needed.withJudge, fullPrecision),
                          cell(cost(e.needed.alone), fullPrecision),
                          cell(e.judgeCost, fullPrecision),
                          cell(cost(e.needed.withJudge) + (std::isnan(e.judgeCost) ? 0 : e.judgeCost), fullPrecision),
                          cell(e.cltLabels, fullPrecision),
                          m.why.empty() ? m.caution : m.why});
    }
    return t;
}

io::Table differenceTable(const EstimateReport &report, bool fullPrecision)
{
    io::Table t;
    t.header = {"dimension", "system",   "minus_system", "difference", "ci_low",
                "ci_high",   "compared", "correction",   "told_apart"};
    t.numeric = {false, false, false, true, true, true, true, false, false};
    t.caption = "Differences of the estimated system means, each interval Bonferroni-corrected for the "
                "dimension's comparisons";
    for (const auto &d : report.differences)
        t.rows.push_back({d.dimension, d.first, d.second, cell(d.difference.estimate, fullPrecision),
                          cell(d.difference.low, fullPrecision), cell(d.difference.high, fullPrecision),
                          std::to_string(d.comparisons), "bonferroni", d.toldApart ? "yes" : "no"});
    return t;
}

io::Table whatIfTable(const std::vector<WhatIfSummary> &rows, bool fullPrecision)
{
    io::Table t;
    t.header = {"dimension",  "system",           "runs",     "coverage",    "human_coverage",
                "mean_width", "mean_human_width", "clt_runs", "clt_coverage"};
    t.numeric = {false, false, true, true, true, true, true, true, true};
    t.caption = "How often each interval held the full-data human mean, over the what-if's seeds; clt_: over the "
                "runs with the labels Cochran's rule asks for";
    for (const auto &w : rows)
        t.rows.push_back({w.dimension, w.system, std::to_string(w.runs), cell(w.coverage, fullPrecision),
                          cell(w.humanCoverage, fullPrecision), cell(w.meanWidth, fullPrecision),
                          cell(w.meanHumanWidth, fullPrecision), std::to_string(w.cltRuns),
                          cell(w.cltCoverage, fullPrecision)});
    return t;
}

io::Table rateTable(const EstimateReport &report, bool fullPrecision)
{
    io::Table t;
    t.header = {"judge",  "human_group", "dimension",  "system",      "n_labelled",  "n_judged",  "rate",
                "ci_low", "ci_high",     "judge_rate", "sensitivity", "specificity", "correction"};
    t.numeric = {false, false, false, false, true, true, true, true, true, true, true, true, false};
    t.caption = "Each system's pass rate for the people, corrected for the judge's errors (Rogan-Gladen; percentile "
                "bootstrap interval)";
    for (const auto &r : report.rates)
        t.rows.push_back({predictorName(report.request), report.request.humanGroup, r.dimension, r.system,
                          std::to_string(r.labelled), std::to_string(r.judged), cell(r.rate.rate, fullPrecision),
                          cell(r.rate.interval.low, fullPrecision), cell(r.rate.interval.high, fullPrecision),
                          cell(r.rate.observed, fullPrecision), cell(r.rate.sensitivity, fullPrecision),
                          cell(r.rate.specificity, fullPrecision), "rogan-gladen"});
    return t;
}

std::string estimateJson(const EstimateReport &report)
{
    const auto interval = [](const stats::MeanInterval &m) {
        return nlohmann::json{{"estimate", number(m.estimate)}, {"ci_low", number(m.low)}, {"ci_high", number(m.high)}};
    };
    nlohmann::json dimensions = nlohmann::json::object();
    for (const auto &e : report.systems) {
        nlohmann::json system{{"classical", interval(e.mean.human)},
                              {"ppi", interval(e.mean.ppi)},
                              {"judge_only", interval(e.mean.judgeOnly)},
                              {"lambda", number(e.mean.lambda)},
                              {"n_labelled", e.mean.labelled},
                              {"n_unlabelled", e.mean.unlabelled},
                              {"n_no_judge", e.noJudgeScore},
                              {"effective_n", number(e.mean.effectiveLabels)},
                              {"labels_saved", number(e.mean.labelsSaved)}};
        if (!report.request.plan) {
            system["clt_labels"] = number(e.cltLabels);
            system["clt_holds"] = e.cltHolds;
        }
        if (!e.mean.caution.empty())
            system["caution"] = e.mean.caution;
        if (report.request.plan) {
            system["planned_not_labelled"] = e.plannedMissing;
            system["labels_not_drawn"] = e.undrawnLabels;
            if (!e.mean.why.empty())
                system["why"] = e.mean.why;
        }
        if (!std::isnan(e.fullDataMean))
            system["full_data_mean"] = e.fullDataMean;
        if (report.request.targetWidth) {
            nlohmann::json needed{{"target_width", *report.request.targetWidth},
                                  {"alone", number(e.needed.alone)},
                                  {"with_judge", number(e.needed.withJudge)}};
            needed["judge_cost"] = number(e.judgeCost);
            if (report.request.pricePerLabel) {
                needed["cost_alone"] = number(e.needed.alone * *report.request.pricePerLabel);
                needed["cost_with_judge"] = number(e.needed.withJudge * *report.request.pricePerLabel
                                                   + (std::isnan(e.judgeCost) ? 0 : e.judgeCost));
            }
            system["labels_needed"] = std::move(needed);
        }
        dimensions[e.dimension]["systems"][e.system] = std::move(system);
    }
    for (const auto &d : report.differences)
        dimensions[d.dimension]["differences"].push_back({{"system", d.first},
                                                          {"minus_system", d.second},
                                                          {"difference", interval(d.difference)},
                                                          {"comparisons", d.comparisons},
                                                          {"correction", "bonferroni"},
                                                          {"told_apart", d.toldApart}});
    for (const auto &r : report.rates)
        dimensions[r.dimension]["rates"][r.system] = {{"rate", number(r.rate.rate)},
                                                      {"ci_low", number(r.rate.interval.low)},
                                                      {"ci_high", number(r.rate.interval.high)},
                                                      {"judge_rate", number(r.rate.observed)},
                                                      {"sensitivity", number(r.rate.sensitivity)},
                                                      {"specificity", number(r.rate.specificity)},
                                                      {"n_labelled", r.labelled},
                                                      {"n_judged", r.judged},
                                                      {"correction", "rogan-gladen"},
                                                      {"why", r.rate.why}};
    const nlohmann::json out{
        {"judge", predictorName(report.request)},
        {"human_group", report.request.humanGroup},
        {"method", stats::toString(report.request.method)},
        {"lambda_tuned", report.request.method != stats::PpiMethod::PpiPlusPlus ? "fixed"
                         : report.request.lambdaPerSystem                       ? "per system"
                                                                                : "per dimension"},
        {"variance", report.request.moderatedVariance ? "moderated" : "per system"},
        {"interval", report.request.interval == stats::IntervalKind::StudentT ? "student-t" : "normal"},
        {"confidence", report.request.confidence},
        {"plan", report.request.plan ? nlohmann::json(*report.request.plan) : nlohmann::json()},
        {"dimensions", dimensions}};
    return model::JsonText::dump(out, 2);
}

} // namespace concord::reports

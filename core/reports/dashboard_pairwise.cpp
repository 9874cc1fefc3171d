// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/dashboard_pairwise.h"

#include "reports/dashboard_inputs.h"
#include "reports/dashboard_jobs.h"
#include "reports/rating_matrices.h"
#include "stats/correlation.h"
#include "stats/pairwise.h"
#include "stats/score_matrix.h"
#include "store/study.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace concord::reports {

using model::Id;

namespace {

// Every system and document of the study, ascending by id: the rows and columns verdicts refer to.
struct PairwiseAxes {
    std::vector<Id> systems;
    std::vector<Id> documents;

    static std::size_t indexOf(const std::vector<Id> &ids, Id id)
    {
        return static_cast<std::size_t>(std::lower_bound(ids.begin(), ids.end(), id) - ids.begin());
    }
};

PairwiseAxes axesOf(const DashboardInputs &inputs)
{
    PairwiseAxes axes;
    for (const auto &[id, name] : inputs.systemNames)
        axes.systems.push_back(id);
    for (const auto &[id, name] : inputs.documentNames)
        axes.documents.push_back(id);
    return axes;
}

// The human group's mean per (system, document) on the dimension, on the axes; false when it has none
// (the dimension is not a scored one, or no human of the group rated it).
bool humanMeansOn(const DashboardInputs &inputs, Id dimension, const PairwiseAxes &axes, stats::ScoreMatrix &humans)
{
    const auto scored = std::find_if(inputs.scored.begin(), inputs.scored.end(),
                                     [&](const auto &d) { return d.dimension.id == dimension; });
    if (scored == inputs.scored.end())
        return false;
    bool any = false;
    const RatingMatrices matrices(scored->rows);
    const stats::ScoreMatrix mean = matrices.mean(inputs.humanIds);
    for (std::size_t a = 0; a < matrices.systems().size(); ++a)
        for (std::size_t b = 0; b < matrices.documents().size(); ++b)
            if (!std::isnan(mean.at(a, b))) {
                humans.at(PairwiseAxes::indexOf(axes.systems, matrices.systems()[a]),
                          PairwiseAxes::indexOf(axes.documents, matrices.documents()[b]))
                    = mean.at(a, b);
                any = true;
            }
    return any;
}

std::vector<stats::PairVerdict> verdictsOf(const std::vector<store::PairwiseRow> &rows, Id judge,
                                           const PairwiseAxes &axes)
{
    std::vector<stats::PairVerdict> verdicts;
    for (const auto &row : rows) {
        if (row.rater != judge)
            continue;
        stats::PairVerdict v;
        v.document = PairwiseAxes::indexOf(axes.documents, row.document);
        v.systemA = PairwiseAxes::indexOf(axes.systems, row.systemA);
        v.systemB = PairwiseAxes::indexOf(axes.systems, row.systemB);
        v.winner = row.winner == model::PairwiseWinner::A   ? stats::PairVerdict::Winner::A
                   : row.winner == model::PairwiseWinner::B ? stats::PairVerdict::Winner::B
                                                            : stats::PairVerdict::Winner::Tie;
        v.aShownFirst = row.aShownFirst;
        verdicts.push_back(v);
    }
    return verdicts;
}

// Each system's documents won, tied and lost over all its pairs.
std::vector<stats::WinTieLoss> perSystemTotals(const std::vector<stats::DocumentResult> &results, std::size_t systems)
{
    const auto table = stats::winTieLoss(results, systems);
    std::vector<stats::WinTieLoss> totals(systems);
    for (std::size_t a = 0; a < systems; ++a)
        for (std::size_t b = a + 1; b < systems; ++b) {
            const stats::WinTieLoss &w = table[a][b];
            totals[a].wins += w.wins;
            totals[a].ties += w.ties;
            totals[a].losses += w.losses;
            totals[b].wins += w.losses;
            totals[b].ties += w.ties;
            totals[b].losses += w.wins;
        }
    return totals;
}

// Each system's mean over the documents the humans rated it on; NaN for a system they never rated.
std::vector<double> systemMeans(const stats::ScoreMatrix &humans)
{
    std::vector<double> means(humans.systems(), std::numeric_limits<double>::quiet_NaN());
    for (std::size_t a = 0; a < humans.systems(); ++a) {
        double sum = 0;
        std::size_t n = 0;
        for (std::size_t b = 0; b < humans.documents(); ++b)
            if (!std::isnan(humans.at(a, b))) {
                sum += humans.at(a, b);
                ++n;
            }
        if (n > 0)
            means[a] = sum / static_cast<double>(n);
    }
    return means;
}

// Competition ranks of the means, 1 the highest; 0 for a system without a mean.
std::vector<int> ranksOfMeans(const std::vector<double> &means)
{
    std::vector<int> ranks(means.size(), 0);
    for (std::size_t i = 0; i < means.size(); ++i)
        if (!std::isnan(means[i]))
            ranks[i] = 1 + static_cast<int>(std::count_if(means.begin(), means.end(), [&](double m) {
                           return !std::isnan(m) && m > means[i];
                       }));
    return ranks;
}

// The pairs the judge compared, each beside the humans' documents of the same pair, with the preference
// of each side as headToHeadSuccess compares them.
std::vector<PairwiseSystemPair> systemPairs(const std::vector<stats::DocumentResult> &judged,
                                            const std::vector<stats::DocumentResult> &human, std::size_t systems)
{
    const auto judgeTable = stats::winTieLoss(judged, systems);
    const auto humanTable = stats::winTieLoss(human, systems);
    auto compared = [](const stats::WinTieLoss &w) { return w.wins + w.ties + w.losses > 0; };
    std::vector<PairwiseSystemPair> pairs;
    for (std::size_t a = 0; a < systems; ++a)
        for (std::size_t b = a + 1; b < systems; ++b) {
            if (!compared(judgeTable[a][b]))
                continue;
            PairwiseSystemPair p;
            p.first = a;
            p.second = b;
            p.judge = judgeTable[a][b];
            p.humans = humanTable[a][b];
            p.judgePrefers = stats::pairPreference(p.judge);
            p.humansPrefer = stats::pairPreference(p.humans);
            p.humansCompared = compared(p.humans);
            p.agree = p.humansCompared && p.judgePrefers == p.humansPrefer;
            pairs.push_back(p);
        }
    return pairs;
}

// The systems the judge compared with the baseline, each with its documents against it on both sides.
std::vector<BaselineRow> baselineRows(const std::vector<stats::DocumentResult> &judged,
                                      const std::vector<stats::DocumentResult> &human, std::size_t systems,
                                      std::size_t baseline)
{
    const auto judge = stats::againstBaseline(judged, systems, baseline);
    const auto humans = stats::againstBaseline(human, systems, baseline);
    std::vector<BaselineRow> rows;
    for (std::size_t s = 0; s < systems; ++s)
        if (s != baseline && judge[s].wins + judge[s].ties + judge[s].losses > 0)
            rows.push_back({s, judge[s], humans[s]});
    return rows;
}

PairwiseSummary summarise(const std::string &judge, const std::string &dimension,
                          const std::vector<stats::PairVerdict> &verdicts, stats::PairwiseRule rule,
                          const DashboardInputs &inputs, const PairwiseAxes &axes, const stats::ScoreMatrix &humans,
                          bool haveHumans, std::optional<std::size_t> baseline)
{
    const std::size_t systems = axes.systems.size();
    // One result per document and pair: the two orders of a comparison are not two verdicts.
    const std::vector<stats::DocumentResult> results = stats::documentResults(verdicts, rule);
    PairwiseSummary p;
    p.judge = judge;
    p.humanGroup = inputs.humanGroup;
    p.dimension = dimension;
    p.rule = rule;
    p.verdicts = verdicts.size();
    p.comparisons = results.size();
    for (const Id id : axes.systems)
        p.systems.push_back(inputs.systemNames.at(id));
    p.perSystem = perSystemTotals(results, systems);
    p.points = stats::comparePoints(results, systems);
    p.ranks = stats::ranksFromPoints(p.points);
    p.position = stats::positionBias(verdicts);
    // The humans' documents per pair, as headToHeadSuccess counts them (one order each, so either rule).
    const std::vector<stats::DocumentResult> humanResults
        = haveHumans ? stats::documentResults(stats::verdictsFromScores(humans), rule)
                     : std::vector<stats::DocumentResult>{};
    p.pairs = systemPairs(results, humanResults, systems);
    p.baseline = baseline;
    if (baseline)
        p.againstBaseline = baselineRows(results, humanResults, systems, *baseline);
    if (haveHumans) {
        p.h2hAll = stats::headToHeadSuccess(verdicts, humans, stats::PairSelection::All, rule);
        p.h2hConsecutive = stats::headToHeadSuccess(verdicts, humans, stats::PairSelection::Consecutive, rule);
        p.humanMeans = systemMeans(humans);
        p.pointsWithHumans = stats::kendallTauB(p.points, p.humanMeans);
        p.humanRanks = ranksOfMeans(p.humanMeans);
    } else {
        p.humanMeans.assign(systems, std::numeric_limits<double>::quiet_NaN());
        p.pointsWithHumans = stats::Correlation::undefined(0, "no human ratings on this dimension");
        p.humanRanks.assign(systems, 0);
    }
    return p;
}

} // namespace

void pairwiseSummariesOn(const std::vector<store::PairwiseRow> &rows, const DashboardInputs &inputs,
                         const model::Dimension &dimension, stats::PairwiseRule rule, std::vector<PairwiseSummary> &out,
                         const std::string &baseline)
{
    if (rows.empty())
        return;
    const PairwiseAxes axes = axesOf(inputs);
    stats::ScoreMatrix humans(axes.systems.size(), axes.documents.size());
    const bool haveHumans = humanMeansOn(inputs, dimension.id, axes, humans);
    std::optional<std::size_t> baselineIndex;
    for (std::size_t i = 0; i < axes.systems.size() && !baseline.empty(); ++i)
        if (inputs.systemNames.at(axes.systems[i]) == baseline)
            baselineIndex = i;
    for (const auto &judge : inputs.judges) {
        const auto verdicts = verdictsOf(rows, inputs.raterIds.at(judge), axes);
        if (verdicts.empty())
            continue;
        out.push_back(
            summarise(judge, dimension.name, verdicts, rule, inputs, axes, humans, haveHumans, baselineIndex));
    }
}

void addPairwiseJobs(DashboardJobs &jobs, const DashboardInputs &inputs,
                     const std::vector<std::vector<store::PairwiseRow>> &verdicts, stats::PairwiseRule rule,
                     std::vector<std::vector<PairwiseSummary>> &byDimension)
{
    for (std::size_t di = 0; di < inputs.allDimensions.size(); ++di)
        jobs.add([&, di, rule] {
            pairwiseSummariesOn(verdicts[di], inputs, inputs.allDimensions[di], rule, byDimension[di]);
        });
}

} // namespace concord::reports

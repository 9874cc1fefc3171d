// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/dashboard_scatter.h"

#include "reports/dashboard_inputs.h"
#include "reports/dashboard_jobs.h"
#include "reports/rating_matrices.h"
#include "stats/correlation.h"
#include "stats/pairwise.h"
#include "stats/score_matrix.h"

#include <cmath>
#include <random>

namespace concord::reports {

namespace {

// The candidates' lengths in words, laid out like the dimension's matrices.
stats::ScoreMatrix wordsOf(const DashboardInputs &inputs, const RatingMatrices &matrices)
{
    stats::ScoreMatrix words(matrices.systems().size(), matrices.documents().size());
    for (std::size_t a = 0; a < matrices.systems().size(); ++a)
        for (std::size_t b = 0; b < matrices.documents().size(); ++b)
            if (const auto it = inputs.lengths.find({matrices.documents()[b], matrices.systems()[a]});
                it != inputs.lengths.end())
                words.at(a, b) = it->second;
    return words;
}

// One point per candidate both the humans and the judge rated. The jitter only separates overlapping
// points; it is seeded by the dimension's position, so a refresh draws the same picture.
ScatterSeries scatterOf(const std::string &judge, const DashboardInputs::ScoredDimension &d, std::size_t dimensionIndex,
                        const DashboardInputs &inputs, const RatingMatrices &matrices, const stats::ScoreMatrix &humans,
                        const stats::ScoreMatrix &scores)
{
    ScatterSeries series;
    series.judge = judge;
    series.dimension = d.dimension.name;
    series.scaleMin = d.dimension.scaleMin;
    series.scaleMax = d.dimension.scaleMax;
    const double spread = 0.08 * (d.dimension.scaleMax - d.dimension.scaleMin) / 4.0;
    std::mt19937_64 rng(0x5ca77e5ULL + dimensionIndex);
    std::uniform_real_distribution<double> jitter(-spread, spread);
    std::vector<double> xs, ys;
    for (std::size_t a = 0; a < matrices.systems().size(); ++a)
        for (std::size_t b = 0; b < matrices.documents().size(); ++b) {
            const double h = humans.at(a, b), j = scores.at(a, b);
            if (std::isnan(h) || std::isnan(j))
                continue;
            const double jh = jitter(rng);
            const double jj = jitter(rng);
            series.points.push_back({h, j, h + jh, j + jj,
                                     DashboardInputs::nameOf(inputs.documentNames, matrices.documents()[b]),
                                     DashboardInputs::nameOf(inputs.systemNames, matrices.systems()[a])});
            xs.push_back(h);
            ys.push_back(j);
        }
    series.pearson = stats::pearson(xs, ys);
    const LineFit fit = leastSquares(xs, ys);
    series.slope = fit.slope;
    series.intercept = fit.intercept;
    return series;
}

// Both from one reading of the dimension's matrices; lengthBias is null when only the length bias is wanted.
void scatterDimension(const DashboardInputs &inputs, std::size_t di, std::vector<ScatterSeries> *scatter,
                      std::vector<LengthBiasRow> &lengthBias)
{
    const DashboardInputs::ScoredDimension &d = inputs.scored[di];
    if (d.dimension.kind != model::DimensionKind::Likert)
        return;
    const RatingMatrices matrices(d.rows);
    const stats::ScoreMatrix humans = matrices.mean(inputs.humanIds);
    const stats::ScoreMatrix words = wordsOf(inputs, matrices);
    for (const auto &judge : inputs.judges) {
        const stats::ScoreMatrix *scores = matrices.of(inputs.raterIds.at(judge));
        if (!scores)
            continue;
        if (scatter)
            scatter->push_back(scatterOf(judge, d, di, inputs, matrices, humans, *scores));
        lengthBias.push_back({judge, d.dimension.name, stats::lengthBias(*scores, humans, words)});
    }
}

} // namespace

void lengthBiasOn(const DashboardInputs &inputs, std::size_t dimensionIndex, std::vector<LengthBiasRow> &out)
{
    scatterDimension(inputs, dimensionIndex, nullptr, out);
}

void addScatterJobs(DashboardJobs &jobs, const DashboardInputs &inputs,
                    std::vector<std::vector<ScatterSeries>> &scatterByDimension,
                    std::vector<std::vector<LengthBiasRow>> &lengthByDimension)
{
    for (std::size_t di = 0; di < inputs.scored.size(); ++di)
        jobs.add([&, di] { scatterDimension(inputs, di, &scatterByDimension[di], lengthByDimension[di]); });
}

} // namespace concord::reports

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/mace.h"

#include "model/seeded_draw.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace concord::stats {

namespace {

struct Fit {
    std::vector<double> theta;
    std::vector<std::vector<double>> xi;
    std::vector<std::vector<double>> posterior;
    double logLikelihood = -std::numeric_limits<double>::infinity();
};

double uniform01(model::SeededDraw &draw)
{
    return (static_cast<double>(draw.below(1u << 30)) + 0.5) / static_cast<double>(1u << 30);
}

} // namespace

MaceResult mace(const std::vector<MaceLabel> &labels, std::size_t items, std::size_t annotators, int categories,
                const MaceOptions &options)
{
    MaceResult result;
    const auto nan = std::numeric_limits<double>::quiet_NaN();
    result.competence.assign(annotators, nan);
    result.spamming.assign(annotators, std::vector<double>(static_cast<std::size_t>(std::max(categories, 0)), nan));
    result.truePosterior.assign(items, {});
    result.mostLikely.assign(items, -1);
    for (const auto &l : labels)
        if (l.item >= items || l.annotator >= annotators || l.category < 0 || l.category >= categories)
            throw std::invalid_argument("a label is outside the items, annotators or categories given");
    if (labels.empty()) {
        result.why = "no labels";
        return result;
    }
    if (categories < 2) {
        result.why = "fewer than two categories";
        return result;
    }
    const auto K = static_cast<std::size_t>(categories);
    std::vector<std::vector<const MaceLabel *>> byItem(items);
    std::vector<std::size_t> perAnnotator(annotators, 0);
    for (const auto &l : labels) {
        byItem[l.item].push_back(&l);
        ++perAnnotator[l.annotator];
    }

    model::SeededDraw draw(options.seed);
    Fit best;
    for (int restart = 0; restart < std::max(options.restarts, 1); ++restart) {
        Fit fit;
        fit.theta.assign(annotators, 0);
        fit.xi.assign(annotators, std::vector<double>(K, 0));
        for (std::size_t j = 0; j < annotators; ++j) {
            fit.theta[j] = 0.5 + 0.5 * uniform01(draw);
            double sum = 0;
            for (auto &x : fit.xi[j])
                sum += (x = uniform01(draw));
            for (auto &x : fit.xi[j])
                x /= sum;
        }
        fit.posterior.assign(items, std::vector<double>(K, 0));
        for (int step = 0; step <= std::max(options.iterations, 1); ++step) {
            // E-step: each item's posterior over its true category, and the log-likelihood of the labels.
            double logLikelihood = 0;
            for (std::size_t i = 0; i < items; ++i) {
                if (byItem[i].empty())
                    continue;
                auto &q = fit.posterior[i];
                double total = 0;
                for (std::size_t t = 0; t < K; ++t) {
                    double p = 1.0 / static_cast<double>(K);
                    for (const MaceLabel *l : byItem[i]) {
                        const std::size_t a = static_cast<std::size_t>(l->category);
                        const double th = fit.theta[l->annotator];
                        p *= (a == t ? th : 0.0) + (1 - th) * fit.xi[l->annotator][a];
                    }
                    q[t] = p;
                    total += p;
                }
                for (auto &v : q)
                    v = total > 0 ? v / total : 1.0 / static_cast<double>(K);
                logLikelihood += std::log(std::max(total, std::numeric_limits<double>::min()));
            }
            fit.logLikelihood = logLikelihood;
            if (step == std::max(options.iterations, 1))
                break;
            // M-step: expected counts of labelling truly and of spamming each category, smoothed.
            std::vector<double> truly(annotators, options.smoothing);
            std::vector<double> spam(annotators, options.smoothing);
            std::vector<std::vector<double>> spamAs(annotators, std::vector<double>(K, options.smoothing));
            for (std::size_t i = 0; i < items; ++i)
                for (const MaceLabel *l : byItem[i]) {
                    const std::size_t j = l->annotator;
                    const std::size_t a = static_cast<std::size_t>(l->category);
                    const double th = fit.theta[j];
                    const double spamOfA = (1 - th) * fit.xi[j][a];
                    // Given true category a the label is true with probability th / (th + spamOfA); given any
                    // other, it was spammed.
                    const double trueGivenMatch = th / (th + spamOfA);
                    const double pTrue = fit.posterior[i][a] * trueGivenMatch;
                    truly[j] += pTrue;
                    spam[j] += 1 - pTrue;
                    spamAs[j][a] += 1 - pTrue;
                }
            for (std::size_t j = 0; j < annotators; ++j) {
                if (perAnnotator[j] == 0)
                    continue;
                fit.theta[j] = truly[j] / (truly[j] + spam[j]);
                double sum = 0;
                for (const double c : spamAs[j])
                    sum += c;
                for (std::size_t k = 0; k < K; ++k)
                    fit.xi[j][k] = spamAs[j][k] / sum;
            }
        }
        if (fit.logLikelihood > best.logLikelihood)
            best = std::move(fit);
    }

    result.logLikelihood = best.logLikelihood;
    for (std::size_t j = 0; j < annotators; ++j)
        if (perAnnotator[j] > 0) {
            result.competence[j] = best.theta[j];
            result.spamming[j] = best.xi[j];
        }
    for (std::size_t i = 0; i < items; ++i) {
        if (byItem[i].empty())
            continue;
        result.truePosterior[i] = best.posterior[i];
        result.mostLikely[i] = static_cast<int>(std::max_element(best.posterior[i].begin(), best.posterior[i].end())
                                                - best.posterior[i].begin());
    }
    return result;
}

} // namespace concord::stats

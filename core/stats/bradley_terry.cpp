// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/bradley_terry.h"

#include "stats/resample_draws.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

namespace concord::stats {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Solves a x = b for a symmetric positive definite a (Cholesky, in place); false when a is not.
bool solvePositiveDefinite(std::vector<double> &a, std::vector<double> &b, std::size_t n)
{
    for (std::size_t j = 0; j < n; ++j) {
        double d = a[j * n + j];
        for (std::size_t k = 0; k < j; ++k)
            d -= a[j * n + k] * a[j * n + k];
        if (!(d > 0))
            return false;
        d = std::sqrt(d);
        a[j * n + j] = d;
        for (std::size_t i = j + 1; i < n; ++i) {
            double v = a[i * n + j];
            for (std::size_t k = 0; k < j; ++k)
                v -= a[i * n + k] * a[j * n + k];
            a[i * n + j] = v / d;
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        double v = b[i];
        for (std::size_t k = 0; k < i; ++k)
            v -= a[i * n + k] * b[k];
        b[i] = v / a[i * n + i];
    }
    for (std::size_t i = n; i-- > 0;) {
        double v = b[i];
        for (std::size_t k = i + 1; k < n; ++k)
            v -= a[k * n + i] * b[k];
        b[i] = v / a[i * n + i];
    }
    return true;
}

// The log-likelihood at (θ, φ = log ν), and when asked its gradient and Hessian in the free parameters:
// θ_1 … θ_{k−1} (θ_0 is held at 0), then φ when ties are modelled.
struct Model {
    const PairTally &tally;
    bool ties;

    std::size_t parameters() const { return tally.systems - 1 + (ties ? 1 : 0); }

    double evaluate(const std::vector<double> &theta, double phi, std::vector<double> *gradient,
                    std::vector<double> *hessian) const
    {
        const std::size_t k = tally.systems;
        const std::size_t m = parameters();
        if (gradient)
            gradient->assign(m, 0.0);
        if (hessian)
            hessian->assign(m * m, 0.0);
        double ll = 0;
        for (std::size_t i = 0; i < k; ++i)
            for (std::size_t j = i + 1; j < k; ++j) {
                const double wi = tally.wins[i][j];
                const double wj = tally.wins[j][i];
                const double t = ties ? tally.ties[i][j] : 0.0;
                const double n = wi + wj + t;
                if (n == 0)
                    continue;
                const double a = theta[i];
                const double b = theta[j];
                const double c = ties ? phi + 0.5 * (a + b) : -std::numeric_limits<double>::infinity();
                const double top = std::max({a, b, c});
                const double ea = std::exp(a - top), eb = std::exp(b - top), ec = ties ? std::exp(c - top) : 0.0;
                const double sum = ea + eb + ec;
                const double logD = top + std::log(sum);
                ll += wi * (a - logD) + wj * (b - logD) + (t > 0 ? t * (c - logD) : 0.0);
                if (!gradient)
                    continue;
                const double p[3] = {ea / sum, eb / sum, ec / sum};
                const double g[3] = {wi - n * p[0], wj - n * p[1], t - n * p[2]};
                // Jacobian of (a, b, c) in (θ_i, θ_j, φ).
                static constexpr double jac[3][3] = {{1, 0, 0}, {0, 1, 0}, {0.5, 0.5, 1}};
                const long index[3]
                    = {static_cast<long>(i) - 1, static_cast<long>(j) - 1, ties ? static_cast<long>(k) - 1 : -1};
                const int used = ties ? 3 : 2;
                for (int q = 0; q < used; ++q) {
                    if (index[q] < 0)
                        continue;
                    double v = 0;
                    for (int u = 0; u < 3; ++u)
                        v += jac[u][q] * g[u];
                    (*gradient)[static_cast<std::size_t>(index[q])] += v;
                }
                if (!hessian)
                    continue;
                // H_u = −n (diag p − p pᵀ); H_q = Jᵀ H_u J.
                double hu[3][3];
                for (int u = 0; u < 3; ++u)
                    for (int v = 0; v < 3; ++v)
                        hu[u][v] = -n * ((u == v ? p[u] : 0.0) - p[u] * p[v]);
                for (int q = 0; q < used; ++q) {
                    if (index[q] < 0)
                        continue;
                    for (int r = 0; r < used; ++r) {
                        if (index[r] < 0)
                            continue;
                        double v = 0;
                        for (int u = 0; u < 3; ++u)
                            for (int w = 0; w < 3; ++w)
                                v += jac[u][q] * hu[u][w] * jac[w][r];
                        (*hessian)[static_cast<std::size_t>(index[q]) * m + static_cast<std::size_t>(index[r])] += v;
                    }
                }
            }
        return ll;
    }
};

// The smallest set of systems that no system outside it ever beat or tied (with ties counted only when
// modelled); empty when there is none, i.e. every system reaches every other.
std::vector<std::size_t> unbeatenSet(const PairTally &tally, bool ties)
{
    const std::size_t k = tally.systems;
    // reaches[x][y]: a chain of "won or tied against" leads from x to y.
    std::vector<std::vector<char>> reaches(k, std::vector<char>(k, 0));
    for (std::size_t x = 0; x < k; ++x)
        for (std::size_t y = 0; y < k; ++y)
            reaches[x][y] = x == y || tally.wins[x][y] > 0 || (ties && tally.ties[x][y] > 0);
    for (std::size_t via = 0; via < k; ++via)
        for (std::size_t x = 0; x < k; ++x)
            if (reaches[x][via])
                for (std::size_t y = 0; y < k; ++y)
                    if (reaches[via][y])
                        reaches[x][y] = 1;
    std::vector<std::size_t> best;
    for (std::size_t i = 0; i < k; ++i) {
        std::vector<std::size_t> above; // every system with a chain to i: nothing outside leads in
        for (std::size_t x = 0; x < k; ++x)
            if (reaches[x][i])
                above.push_back(x);
        if (above.size() < k && (best.empty() || above.size() < best.size()))
            best = std::move(above);
    }
    return best;
}

// With ties modelled, whether the strengths and ν can run off to infinity together: along a direction that
// raises log ν by ½ and moves θ by δ, no observed outcome loses probability when every win of i over j has
// δ_i − δ_j ≥ 1 and every tie |δ_i − δ_j| ≤ 1 (a pair won both ways rules it out). Those are difference
// constraints, satisfiable exactly when their graph has no negative cycle (Bellman–Ford). Two systems, one
// of which never lost and tied some, is the simplest case: P(tie) and P(win) are then fitted by ν → ∞.
bool tiesRunAway(const PairTally &tally)
{
    const std::size_t k = tally.systems;
    struct Edge {
        std::size_t from, to;
        double weight; // δ_to − δ_from ≤ weight
    };
    std::vector<Edge> edges;
    for (std::size_t i = 0; i < k; ++i)
        for (std::size_t j = i + 1; j < k; ++j) {
            const bool iWon = tally.wins[i][j] > 0, jWon = tally.wins[j][i] > 0, tied = tally.ties[i][j] > 0;
            if (iWon && jWon)
                return false;
            if (iWon)
                edges.push_back({i, j, -1}); // δ_j − δ_i ≤ −1
            if (jWon)
                edges.push_back({j, i, -1});
            if (tied) {
                edges.push_back({i, j, 1});
                edges.push_back({j, i, 1});
            }
        }
    std::vector<double> distance(k, 0.0); // from a virtual source joined to every system at 0
    for (std::size_t round = 0; round < k; ++round) {
        bool changed = false;
        for (const Edge &e : edges)
            if (distance[e.from] + e.weight < distance[e.to]) {
                distance[e.to] = distance[e.from] + e.weight;
                changed = true;
            }
        if (!changed)
            return true; // no negative cycle: the constraints hold, the likelihood rises without end
    }
    return false; // still relaxing after k rounds: a negative cycle, so no such direction
}

DavidsonFit notEstimable(DavidsonFit fit, std::string reason)
{
    fit.estimable = false;
    fit.reason = std::move(reason);
    fit.logStrengths.assign(fit.logStrengths.size(), kNaN);
    fit.tieParameter = kNaN;
    fit.logLikelihood = kNaN;
    return fit;
}

std::string listOf(const std::vector<std::size_t> &systems)
{
    std::string text;
    for (const std::size_t s : systems)
        text.append(text.empty() ? "" : ", ").append(std::to_string(s));
    return text;
}

} // namespace

PairTally::PairTally(std::size_t count)
    : systems(count)
    , wins(count, std::vector<double>(count, 0.0))
    , ties(count, std::vector<double>(count, 0.0))
{ }

void PairTally::add(const DocumentResult &result, double weight)
{
    wins[result.first][result.second] += weight * result.share.wins;
    wins[result.second][result.first] += weight * result.share.losses;
    ties[result.first][result.second] += weight * result.share.ties;
    ties[result.second][result.first] += weight * result.share.ties;
}

DavidsonProbabilities davidsonProbabilities(double thetaI, double thetaJ, double tieParameter)
{
    const double top = std::max(thetaI, thetaJ);
    const double pi = std::exp(thetaI - top), pj = std::exp(thetaJ - top);
    const double tie = tieParameter * std::sqrt(pi * pj);
    const double sum = pi + pj + tie;
    return {pi / sum, tie / sum, pj / sum};
}

DavidsonFit fitDavidson(const PairTally &tally, const DavidsonOptions &options)
{
    const std::size_t k = tally.systems;
    DavidsonFit fit;
    fit.logStrengths.assign(k, kNaN);
    double decided = 0, tied = 0;
    std::vector<char> compared(k, 0);
    for (std::size_t i = 0; i < k; ++i)
        for (std::size_t j = 0; j < k; ++j) {
            decided += tally.wins[i][j];
            if (j > i)
                tied += tally.ties[i][j];
            if (tally.wins[i][j] > 0 || tally.wins[j][i] > 0 || (options.ties && tally.ties[i][j] > 0))
                compared[i] = 1;
        }
    const bool ties = options.ties && tied > 0;
    fit.comparisons = decided + (options.ties ? tied : 0.0);
    if (k < 2)
        return notEstimable(fit, "fewer than two systems");
    for (std::size_t i = 0; i < k; ++i)
        if (!compared[i])
            return notEstimable(fit, "system " + std::to_string(i) + " was never compared");
    if (decided == 0)
        return notEstimable(fit, options.ties ? "every comparison was a tie (ν is infinite)" : "no comparison was won");
    if (auto unbeaten = unbeatenSet(tally, options.ties); !unbeaten.empty()) {
        fit = notEstimable(fit, "system(s) " + listOf(unbeaten)
                                    + " never lost nor tied against the others (their strength is infinite)");
        fit.unbeaten = std::move(unbeaten);
        return fit;
    }
    if (ties && tiesRunAway(tally))
        return notEstimable(fit, "the strengths' spread and ν are both infinite at the maximum (no decided "
                                 "comparison goes against the order the others set, e.g. a system that never lost "
                                 "a decided comparison and tied the rest)");

    const Model model{tally, ties};
    const std::size_t m = model.parameters();
    std::vector<double> theta(k, 0.0);
    // Equal strengths make P(tie) = ν / (2 + ν): start ν at the share of ties.
    double phi = ties ? std::log(2 * tied / decided) : 0.0;
    std::vector<double> gradient, hessian, trialTheta(k);
    double ll = model.evaluate(theta, phi, &gradient, &hessian);
    bool converged = false;
    while (fit.iterations < options.maxIterations) {
        std::vector<double> step = gradient;
        for (double &h : hessian)
            h = -h;
        if (!solvePositiveDefinite(hessian, step, m))
            return notEstimable(fit, "the likelihood is flat in some direction (the comparisons do not connect)");
        ++fit.iterations;
        double scale = 1;
        double trialPhi = phi, trialLl = ll;
        for (int halving = 0; halving < 60; ++halving, scale *= 0.5) {
            trialTheta[0] = 0;
            for (std::size_t s = 1; s < k; ++s)
                trialTheta[s] = theta[s] + scale * step[s - 1];
            trialPhi = ties ? phi + scale * step[m - 1] : 0.0;
            trialLl = model.evaluate(trialTheta, trialPhi, nullptr, nullptr);
            if (trialLl >= ll - 1e-12 * (1 + std::fabs(ll)))
                break;
        }
        double largest = 0;
        for (const double s : step)
            largest = std::max(largest, std::fabs(scale * s));
        theta = trialTheta;
        phi = trialPhi;
        ll = model.evaluate(theta, phi, &gradient, &hessian);
        if (largest < options.tolerance) {
            converged = true;
            break;
        }
    }
    if (!converged)
        return notEstimable(fit,
                            "the fit did not converge in " + std::to_string(options.maxIterations) + " iterations");
    const double mean = std::accumulate(theta.begin(), theta.end(), 0.0) / static_cast<double>(k);
    for (std::size_t s = 0; s < k; ++s)
        fit.logStrengths[s] = theta[s] - mean;
    fit.tieParameter = ties ? std::exp(phi) : 0.0;
    fit.logLikelihood = ll;
    fit.estimable = true;
    return fit;
}

DavidsonFit fitDavidson(const std::vector<DocumentResult> &results, std::size_t systems, const DavidsonOptions &options)
{
    PairTally tally(systems);
    for (const auto &r : results)
        tally.add(r);
    return fitDavidson(tally, options);
}

DavidsonBootstrap bootstrapDavidson(const std::vector<DocumentResult> &results, std::size_t systems,
                                    const BootstrapOptions &options, const DavidsonOptions &fitOptions)
{
    DavidsonBootstrap out;
    out.fit = fitDavidson(results, systems, fitOptions);
    out.logStrengths.assign(systems, ConfidenceInterval{});
    for (auto &ci : out.logStrengths)
        ci.confidence = options.confidence;
    out.tieParameter.confidence = options.confidence;
    // The comparisons of each document, documents in ascending order.
    std::map<std::size_t, std::vector<DocumentResult>> byDocument;
    for (const auto &r : results)
        byDocument[r.document].push_back(r);
    std::vector<const std::vector<DocumentResult> *> documents;
    for (const auto &[document, rows] : byDocument)
        documents.push_back(&rows);
    out.documents = documents.size();
    if (!out.fit.estimable || documents.empty() || options.resamples == 0)
        return out;

    BootstrapOptions drawOptions = options;
    drawOptions.unit = ResampleUnit::Documents;
    ResampleDraws draws(0, documents.size(), drawOptions);
    std::vector<std::vector<double>> strengths(systems);
    std::vector<double> tieValues;
    std::size_t undefined = 0;
    PairTally tally(systems);
    for (std::size_t b = 0; b < options.resamples; ++b) {
        draws.next();
        for (std::size_t i = 0; i < systems; ++i) {
            std::fill(tally.wins[i].begin(), tally.wins[i].end(), 0.0);
            std::fill(tally.ties[i].begin(), tally.ties[i].end(), 0.0);
        }
        for (const std::size_t d : draws.cols())
            for (const auto &r : *documents[d])
                tally.add(r);
        const DavidsonFit f = fitDavidson(tally, fitOptions);
        if (!f.estimable) {
            ++undefined;
            continue;
        }
        for (std::size_t s = 0; s < systems; ++s)
            strengths[s].push_back(f.logStrengths[s]);
        tieValues.push_back(f.tieParameter);
    }
    for (std::size_t s = 0; s < systems; ++s)
        out.logStrengths[s] = percentileInterval(std::move(strengths[s]), undefined, options);
    out.tieParameter = percentileInterval(std::move(tieValues), undefined, options);
    return out;
}

} // namespace concord::stats

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark of Bradley–Terry with ties (Davidson) and its bootstrap: 12 systems, 100 documents on each of which
// every pair is compared once (6,600 comparisons, drawn from known strengths and ν = 0.4), fitted and given
// intervals from 1,000 resamples of the documents (goal: under 1 s). Beside it, in the same process, the same
// resamples fitted by a reference: Davidson's fixed-point iteration (each π_i and ν set from its likelihood
// equation in turn until nothing moves by 1e-10), a different algorithm for the same maximum; its time over ours
// is printed, and the two fits must agree (on the data, and on the first resamples) or the benchmark fails.
// Asserts nothing about time.
#include "bench_report.h"
#include "median_time.h"
#include "stats/bradley_terry.h"
#include "stats/resample_draws.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <random>
#include <vector>

using namespace concord;
using test::BenchReport;
using test::medianSeconds;

namespace {

constexpr std::size_t kSystems = 12;
constexpr int kDocuments = 100;
constexpr std::size_t kResamples = 1000;

std::vector<stats::DocumentResult> simulate()
{
    std::mt19937_64 engine(424242);
    std::vector<double> theta(kSystems);
    for (std::size_t i = 0; i < kSystems; ++i)
        theta[i] = 1.0 - 2.0 * static_cast<double>(i) / (kSystems - 1);
    std::vector<stats::DocumentResult> results;
    for (int d = 0; d < kDocuments; ++d)
        for (std::size_t i = 0; i < kSystems; ++i)
            for (std::size_t j = i + 1; j < kSystems; ++j) {
                const auto p = stats::davidsonProbabilities(theta[i], theta[j], 0.4);
                const double u = static_cast<double>(engine() >> 11) * 0x1.0p-53;
                stats::DocumentResult r;
                r.document = static_cast<std::size_t>(d);
                r.first = i;
                r.second = j;
                r.share = u < p.first           ? stats::WinTieLoss{1, 0, 0}
                          : u < p.first + p.tie ? stats::WinTieLoss{0, 1, 0}
                                                : stats::WinTieLoss{0, 0, 1};
                results.push_back(r);
            }
    return results;
}

// Davidson's (1970) iteration: with W_i the wins and T_i the ties of i, π_i ← (W_i + T_i / 2) /
// Σ_j n_ij (1 + ν √(π_j / π_i) / 2) / D_ij and ν ← T / Σ_{i<j} n_ij √(π_i π_j) / D_ij, D_ij = π_i + π_j +
// ν √(π_i π_j); log-strengths shifted to mean 0 at the end.
struct ReferenceFit {
    std::vector<double> theta;
    double nu = 0;
};

ReferenceFit referenceFit(const stats::PairTally &t)
{
    const std::size_t k = t.systems;
    std::vector<double> pi(k, 1.0);
    double ties = 0, nu = 1;
    std::vector<double> score(k, 0.0);
    for (std::size_t i = 0; i < k; ++i)
        for (std::size_t j = 0; j < k; ++j)
            if (i != j) {
                score[i] += t.wins[i][j] + 0.5 * t.ties[i][j];
                if (i < j)
                    ties += t.ties[i][j];
            }
    for (int iteration = 0; iteration < 100000; ++iteration) {
        double moved = 0;
        for (std::size_t i = 0; i < k; ++i) {
            double denominator = 0;
            for (std::size_t j = 0; j < k; ++j) {
                const double n = i == j ? 0 : t.wins[i][j] + t.wins[j][i] + t.ties[i][j];
                if (n == 0)
                    continue;
                const double root = std::sqrt(pi[i] * pi[j]);
                denominator += n * (1 + 0.5 * nu * std::sqrt(pi[j] / pi[i])) / (pi[i] + pi[j] + nu * root);
            }
            const double next = score[i] / denominator;
            moved = std::max(moved, std::fabs(std::log(next / pi[i])));
            pi[i] = next;
        }
        double denominator = 0;
        for (std::size_t i = 0; i < k; ++i)
            for (std::size_t j = i + 1; j < k; ++j) {
                const double n = t.wins[i][j] + t.wins[j][i] + t.ties[i][j];
                const double root = std::sqrt(pi[i] * pi[j]);
                denominator += n * root / (pi[i] + pi[j] + nu * root);
            }
        const double nextNu = ties / denominator;
        moved = std::max(moved, std::fabs(std::log(nextNu / nu)));
        nu = nextNu;
        if (moved < 1e-10)
            break;
    }
    ReferenceFit fit;
    double mean = 0;
    for (const double p : pi)
        mean += std::log(p) / static_cast<double>(k);
    for (const double p : pi)
        fit.theta.push_back(std::log(p) - mean);
    fit.nu = nu;
    return fit;
}

bool agree(const stats::DavidsonFit &ours, const ReferenceFit &reference)
{
    if (!ours.estimable)
        return false;
    for (std::size_t s = 0; s < ours.logStrengths.size(); ++s)
        if (std::fabs(ours.logStrengths[s] - reference.theta[s]) > 1e-7)
            return false;
    return std::fabs(ours.tieParameter - reference.nu) <= 1e-7 * reference.nu;
}

} // namespace

int main()
{
    BenchReport bench("bench_bradley_terry");
    const std::string goal = "Bradley–Terry–Davidson with 1,000 bootstrap resamples over 12 systems";
    const auto results = simulate();
    stats::BootstrapOptions options;
    options.resamples = kResamples;
    options.seed = 7;
    std::printf("12 systems, %d documents, %zu comparisons; %zu resamples of the documents\n", kDocuments,
                results.size(), kResamples);

    stats::DavidsonBootstrap ours;
    const double seconds = medianSeconds(5, [&] { ours = stats::bootstrapDavidson(results, kSystems, options); });
    std::printf("Concord: %.3f s; ν = %.4f [%.4f, %.4f], θ_0 = %.4f [%.4f, %.4f], %zu resamples skipped\n", seconds,
                ours.fit.tieParameter, ours.tieParameter.low, ours.tieParameter.high, ours.fit.logStrengths[0],
                ours.logStrengths[0].low, ours.logStrengths[0].high, ours.tieParameter.undefinedResamples);

    // The reference on the same data and the same resamples (drawn as bootstrapDavidson draws them).
    stats::PairTally whole(kSystems);
    for (const auto &r : results)
        whole.add(r);
    if (!agree(ours.fit, referenceFit(whole))) {
        std::printf("bench_bradley_terry: the fit differs from the reference's\n");
        return 1;
    }
    std::map<std::size_t, std::vector<stats::DocumentResult>> byDocument;
    for (const auto &r : results)
        byDocument[r.document].push_back(r);
    std::vector<const std::vector<stats::DocumentResult> *> documents;
    for (const auto &[d, rows] : byDocument)
        documents.push_back(&rows);
    bool disagreed = false;
    const double referenceSeconds = medianSeconds(3, [&] {
        stats::BootstrapOptions drawOptions = options;
        drawOptions.unit = stats::ResampleUnit::Documents;
        stats::ResampleDraws draws(0, documents.size(), drawOptions);
        for (std::size_t b = 0; b < kResamples; ++b) {
            draws.next();
            stats::PairTally tally(kSystems);
            for (const std::size_t d : draws.cols())
                for (const auto &r : *documents[d])
                    tally.add(r);
            const ReferenceFit fit = referenceFit(tally);
            if (b < 20 && !agree(stats::fitDavidson(tally), fit))
                disagreed = true;
        }
    });
    if (disagreed) {
        std::printf("bench_bradley_terry: a resample's fit differs from the reference's\n");
        return 1;
    }
    std::printf(
        "reference (Davidson's fixed-point iteration, the same resamples): %.3f s -> Concord is %.1fx as fast\n",
        referenceSeconds, referenceSeconds / seconds);
    bench.goal(goal, seconds, "s", BenchReport::Comparison::Below, 1);
    bench.reference("Davidson fixed-point iteration time / ours", referenceSeconds / seconds);
    return 0;
}

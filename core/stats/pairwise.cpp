// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/pairwise.h"

#include "stats/bootstrap.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <tuple>

namespace concord::stats {

using Winner = PairVerdict::Winner;

namespace {

// The verdict with the pair ordered so that systemA < systemB.
PairVerdict canonical(PairVerdict v)
{
    if (v.systemA > v.systemB) {
        std::swap(v.systemA, v.systemB);
        v.aShownFirst = !v.aShownFirst;
        if (v.winner == Winner::A)
            v.winner = Winner::B;
        else if (v.winner == Winner::B)
            v.winner = Winner::A;
    }
    return v;
}

} // namespace

Winner combineBothOrders(Winner first, Winner second)
{
    return first == second ? first : Winner::Tie;
}

std::string_view toString(PairwiseRule rule)
{
    switch (rule) {
    case PairwiseRule::AgreeOrTie:
        return "agree-or-tie";
    case PairwiseRule::Points:
        return "points";
    }
    return "agree-or-tie";
}

std::optional<PairwiseRule> pairwiseRuleFromString(std::string_view text)
{
    for (const auto rule : {PairwiseRule::AgreeOrTie, PairwiseRule::Points})
        if (toString(rule) == text)
            return rule;
    return std::nullopt;
}

std::vector<OrderedComparison> byPresentationOrder(const std::vector<PairVerdict> &verdicts)
{
    // (document, lower system, higher system) -> the verdict of each order, in system terms.
    std::map<std::tuple<std::size_t, std::size_t, std::size_t>, OrderedComparison> comparisons;
    for (const auto &raw : verdicts) {
        if (raw.systemA == raw.systemB)
            continue;
        const PairVerdict v = canonical(raw);
        OrderedComparison &c = comparisons[{v.document, v.systemA, v.systemB}];
        c.document = v.document;
        c.first = v.systemA;
        c.second = v.systemB;
        (v.aShownFirst ? c.firstShownFirst : c.secondShownFirst) = v.winner;
    }
    std::vector<OrderedComparison> out;
    out.reserve(comparisons.size());
    for (auto &[key, c] : comparisons)
        out.push_back(c);
    return out;
}

std::vector<DocumentResult> documentResults(const std::vector<PairVerdict> &verdicts, PairwiseRule rule)
{
    auto add = [](WinTieLoss &w, Winner winner, double share) {
        (winner == Winner::A ? w.wins : winner == Winner::B ? w.losses : w.ties) += share;
    };
    std::vector<DocumentResult> out;
    for (const OrderedComparison &c : byPresentationOrder(verdicts)) {
        DocumentResult r{c.document, c.first, c.second, {}};
        if (c.firstShownFirst && c.secondShownFirst) {
            if (rule == PairwiseRule::AgreeOrTie) {
                add(r.share, combineBothOrders(*c.firstShownFirst, *c.secondShownFirst), 1.0);
            } else {
                add(r.share, *c.firstShownFirst, 0.5);
                add(r.share, *c.secondShownFirst, 0.5);
            }
        } else {
            add(r.share, c.firstShownFirst ? *c.firstShownFirst : *c.secondShownFirst, 1.0);
        }
        out.push_back(r);
    }
    return out;
}

std::vector<std::vector<WinTieLoss>> winTieLoss(const std::vector<DocumentResult> &results, std::size_t systems)
{
    std::vector<std::vector<WinTieLoss>> table(systems, std::vector<WinTieLoss>(systems));
    for (const auto &r : results) {
        if (r.first >= r.second || r.second >= systems)
            continue;
        WinTieLoss &cell = table[r.first][r.second];
        cell.wins += r.share.wins;
        cell.ties += r.share.ties;
        cell.losses += r.share.losses;
    }
    return table;
}

std::vector<PairVerdict> verdictsFromScores(const ScoreMatrix &scores)
{
    std::vector<PairVerdict> out;
    for (std::size_t d = 0; d < scores.documents(); ++d)
        for (std::size_t i = 0; i < scores.systems(); ++i)
            for (std::size_t j = i + 1; j < scores.systems(); ++j) {
                const double a = scores.at(i, d), b = scores.at(j, d);
                if (std::isnan(a) || std::isnan(b))
                    continue;
                out.push_back({d, i, j, a > b ? Winner::A : a < b ? Winner::B : Winner::Tie, true});
            }
    return out;
}

int pairPreference(const WinTieLoss &w)
{
    return w.wins > w.losses ? 1 : w.wins < w.losses ? -1 : 0;
}

SuccessRate headToHeadSuccess(const std::vector<PairVerdict> &judge, const ScoreMatrix &humanScores,
                              PairSelection selection, PairwiseRule rule)
{
    const std::size_t systems = humanScores.systems();
    const auto judged = winTieLoss(documentResults(judge, rule), systems);
    const auto human = winTieLoss(documentResults(verdictsFromScores(humanScores), rule), systems);

    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    if (selection == PairSelection::All) {
        for (std::size_t i = 0; i < systems; ++i)
            for (std::size_t j = i + 1; j < systems; ++j)
                pairs.push_back({i, j});
    } else {
        std::vector<double> mean(systems, 0);
        for (std::size_t s = 0; s < systems; ++s) {
            double sum = 0;
            std::size_t n = 0;
            for (std::size_t d = 0; d < humanScores.documents(); ++d)
                if (!std::isnan(humanScores.at(s, d))) {
                    sum += humanScores.at(s, d);
                    ++n;
                }
            mean[s] = n ? sum / static_cast<double>(n) : -std::numeric_limits<double>::infinity();
        }
        std::vector<std::size_t> order(systems);
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return mean[a] < mean[b]; });
        for (std::size_t k = 0; k + 1 < order.size(); ++k)
            pairs.push_back(std::minmax(order[k], order[k + 1]));
    }

    auto compared = [](const WinTieLoss &w) { return w.wins + w.ties + w.losses > 0; };
    SuccessRate out;
    for (const auto &[i, j] : pairs) {
        // A pair without a document on either side has no preference to compare.
        if (!compared(judged[i][j]) || !compared(human[i][j]))
            continue;
        ++out.pairs;
        if (pairPreference(judged[i][j]) == pairPreference(human[i][j]))
            ++out.agreed;
    }
    if (out.pairs)
        out.rate = static_cast<double>(out.agreed) / static_cast<double>(out.pairs);
    return out;
}

std::vector<WinTieLoss> againstBaseline(const std::vector<DocumentResult> &results, std::size_t systems,
                                        std::size_t baseline)
{
    std::vector<WinTieLoss> out(systems);
    for (const auto &r : results) {
        if (r.first >= r.second || r.second >= systems || (r.first != baseline && r.second != baseline))
            continue;
        // The other system's share: the baseline's wins are its losses.
        const bool baselineFirst = r.first == baseline;
        WinTieLoss &w = out[baselineFirst ? r.second : r.first];
        w.wins += baselineFirst ? r.share.losses : r.share.wins;
        w.ties += r.share.ties;
        w.losses += baselineFirst ? r.share.wins : r.share.losses;
    }
    return out;
}

std::vector<int> ranksFromPoints(const std::vector<double> &points)
{
    std::vector<int> ranks(points.size());
    for (std::size_t i = 0; i < points.size(); ++i)
        ranks[i]
            = 1
              + static_cast<int>(std::count_if(points.begin(), points.end(), [&](double p) { return p > points[i]; }));
    return ranks;
}

std::vector<double> comparePoints(const std::vector<DocumentResult> &results, std::size_t systems)
{
    std::vector<double> points(systems, 0.0);
    for (const auto &r : results) {
        if (r.first >= r.second || r.second >= systems)
            continue;
        points[r.first] += 2 * r.share.wins + r.share.ties;
        points[r.second] += 2 * r.share.losses + r.share.ties;
    }
    return points;
}

PositionBias positionBias(const std::vector<PairVerdict> &verdicts)
{
    PositionBias out;
    for (const OrderedComparison &c : byPresentationOrder(verdicts)) {
        // With `first` shown first the first-shown summary won on A; with `second` shown first, on B.
        if (c.firstShownFirst && *c.firstShownFirst != Winner::Tie) {
            ++out.decided;
            if (*c.firstShownFirst == Winner::A)
                ++out.firstWins;
        }
        if (c.secondShownFirst && *c.secondShownFirst != Winner::Tie) {
            ++out.decided;
            if (*c.secondShownFirst == Winner::B)
                ++out.firstWins;
        }
        if (c.firstShownFirst && c.secondShownFirst) {
            ++out.swappedPairs;
            if (*c.firstShownFirst != *c.secondShownFirst)
                ++out.flips;
        }
    }
    if (out.swappedPairs)
        out.flipRate = static_cast<double>(out.flips) / static_cast<double>(out.swappedPairs);
    if (out.decided)
        out.firstWinRate = static_cast<double>(out.firstWins) / static_cast<double>(out.decided);
    return out;
}

Accuracy pairwiseAccuracy(const std::vector<PairVerdict> &judge, const std::vector<PairVerdict> &humans,
                          double confidence)
{
    std::map<std::tuple<std::size_t, std::size_t, std::size_t>, Winner> truth;
    for (const auto &raw : humans) {
        const PairVerdict v = canonical(raw);
        truth[{v.document, v.systemA, v.systemB}] = v.winner;
    }
    std::size_t correct = 0, total = 0;
    for (const auto &raw : judge) {
        const PairVerdict v = canonical(raw);
        const auto it = truth.find({v.document, v.systemA, v.systemB});
        if (it == truth.end())
            continue;
        ++total;
        if (it->second == v.winner)
            ++correct;
    }
    return accuracy(correct, total, confidence);
}

LengthBias lengthBias(const ScoreMatrix &judge, const ScoreMatrix &humans, const ScoreMatrix &lengths,
                      CorrelationMethod method, double quantile)
{
    LengthBias out;
    out.judgeWithLength = correlate(judge.cells(), lengths.cells(), method);
    out.humansWithLength = correlate(humans.cells(), lengths.cells(), method);

    const auto judgeVerdicts = verdictsFromScores(judge);
    const auto humanVerdicts = verdictsFromScores(humans);
    out.allPairs = pairwiseAccuracy(judgeVerdicts, humanVerdicts);

    std::vector<double> differences;
    for (const auto &v : humanVerdicts) {
        const double a = lengths.at(v.systemA, v.document), b = lengths.at(v.systemB, v.document);
        if (!std::isnan(a) && !std::isnan(b))
            differences.push_back(std::fabs(a - b));
    }
    std::sort(differences.begin(), differences.end());
    out.lengthDifferenceCutoff = quantileSorted(differences, quantile);
    auto similar = [&](const PairVerdict &v) {
        const double a = lengths.at(v.systemA, v.document), b = lengths.at(v.systemB, v.document);
        return !std::isnan(a) && !std::isnan(b) && std::fabs(a - b) <= out.lengthDifferenceCutoff;
    };
    std::vector<PairVerdict> judgeSimilar, humanSimilar;
    std::copy_if(judgeVerdicts.begin(), judgeVerdicts.end(), std::back_inserter(judgeSimilar), similar);
    std::copy_if(humanVerdicts.begin(), humanVerdicts.end(), std::back_inserter(humanSimilar), similar);
    out.similarLengthPairs = pairwiseAccuracy(judgeSimilar, humanSimilar);
    return out;
}

} // namespace concord::stats

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <limits>
#include <vector>

namespace concord::stats {

// How much a judge agrees with itself when asked the same thing k times (its valid answers per item).
//
// The judge's own variance is AlpacaEval's leave-one-out estimate (Dubois et al. 2023): each answer is
// compared with the Bayes estimator of the item's other answers, and the errors are averaged over the
// answers of an item, then over the items. Two losses:
//  - zero-one: the estimator is the other answers' majority; with several values tied for the majority the
//    error is its expectation over a uniform pick among them, 1 - [answer among them] / (values tied), where
//    AlpacaEval draws one at random (a seeded draw: one run's figure, not its expectation);
//  - absolute: the estimator is the other answers' median, of an even number the midpoint of the two middle
//    ones (pandas' median, which AlpacaEval takes).
// The vote share of an item is the share of its answers that give its most frequent value: 1 when all
// agree, 1/k when all differ. Answers are equal when their values are.
struct SelfConsistency {
    std::size_t items = 0;   // items with at least two valid answers; the others are left out
    std::size_t answers = 0; // their answers
    double meanVoteShare = std::numeric_limits<double>::quiet_NaN();
    double unanimous = std::numeric_limits<double>::quiet_NaN(); // share of the items whose answers all agree
    double zeroOneVariance = std::numeric_limits<double>::quiet_NaN();
    double absoluteVariance = std::numeric_limits<double>::quiet_NaN(); // on the answers' own scale
};

// One item's vote share, NaN without answers.
double voteShare(const std::vector<double> &answers);

// answersPerItem: each item's valid answers. NaN figures when no item has two answers.
SelfConsistency selfConsistency(const std::vector<std::vector<double>> &answersPerItem);

} // namespace concord::stats

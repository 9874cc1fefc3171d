// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace concord::stats {

// MACE, Multi-Annotator Competence Estimation (Hovy, Berg-Kirkpatrick, Vaswani & Hovy 2013): which annotators
// to trust, from their categorical labels alone. What it assumes: each item has one true category, uniform a
// priori; annotator j labels an item truly with probability θ_j (their competence), and otherwise "spams": draws
// a category from a distribution ξ_j of their own, whatever the item. The labels of different annotators are
// independent given the true category. So an annotator who agrees with the others where the others agree earns
// a high θ, and one whose labels do not follow the items (always 3, or at random) a low one, however often
// their label happens to be right.
//
// Fitted by EM, as the paper's default: `restarts` random starts (θ drawn from [0.5, 1), ξ from a Dirichlet(1)
// by normalised uniform draws, seeded), `iterations` steps each, `smoothing` added to every expected count in
// the M-step (the paper's implementation adds 0.01), the start of highest log-likelihood kept.
struct MaceOptions {
    int restarts = 10;
    int iterations = 50;
    double smoothing = 0.01;
    std::uint64_t seed = 20130609;
};

struct MaceLabel {
    std::size_t item = 0;
    std::size_t annotator = 0;
    int category = 0; // 0 .. categories - 1
};

struct MaceResult {
    std::vector<double> competence;                 // θ_j per annotator (NaN for one without labels)
    std::vector<std::vector<double>> spamming;      // ξ_j: per annotator, per category
    std::vector<std::vector<double>> truePosterior; // per item, per category: P(true category | all labels)
    std::vector<int> mostLikely;                    // per item, argmax of truePosterior (-1 for an unlabelled item)
    double logLikelihood = 0;
    std::string why; // non-empty when nothing could be estimated (no labels, fewer than two categories)
};

// Throws std::invalid_argument for a label outside [0, items) x [0, annotators) x [0, categories).
MaceResult mace(const std::vector<MaceLabel> &labels, std::size_t items, std::size_t annotators, int categories,
                const MaceOptions &options = {});

} // namespace concord::stats

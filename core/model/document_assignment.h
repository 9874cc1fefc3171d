// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ids.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace concord::model {

// Who annotates which document, as a lead decides it for a team: each document goes to `perDocument`
// annotators (the overlap that agreement is measured on), and a share `everyone` of the documents (a calibration
// set) to every annotator. Balanced: each document's annotators are those with the fewest documents so far, the
// documents taken in a seeded random order and ties broken by a seeded random order of the annotators, so that
// the loads differ by at most one where nothing else constrains them. Work done is kept: an annotator who worked
// on a document (`kept`) keeps it, and it counts towards its overlap (a document with more such annotators than
// `perDocument` keeps them all). The same inputs and seed give the same assignment on every platform.
struct DocumentAssignment {
    std::map<Id, std::vector<Id>> documentsOf; // annotator -> documents, in the order given
    std::set<Id> everyone;                     // the calibration documents

    struct Request {
        std::vector<Id> documents;
        std::vector<Id> annotators;
        std::size_t perDocument = 2;
        double everyone = 0; // 0..1
        std::uint64_t seed = 1;
        std::set<std::pair<Id, Id>> kept; // (annotator, document) already worked on
    };

    // Throws std::invalid_argument: no annotator, perDocument of 0 or more than the annotators, a share outside
    // [0, 1], a kept pair naming an annotator or document not given.
    static DocumentAssignment make(const Request &request);
};

} // namespace concord::model

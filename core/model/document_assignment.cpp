// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/document_assignment.h"

#include "model/seeded_shuffle.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace concord::model {

DocumentAssignment DocumentAssignment::make(const Request &request)
{
    const std::size_t annotators = request.annotators.size();
    if (annotators == 0)
        throw std::invalid_argument("an assignment needs at least one annotator");
    if (request.perDocument == 0 || request.perDocument > annotators)
        throw std::invalid_argument("each document goes to 1 to " + std::to_string(annotators) + " annotators, not "
                                    + std::to_string(request.perDocument));
    if (!(request.everyone >= 0 && request.everyone <= 1))
        throw std::invalid_argument("the share every annotator gets lies between 0 and 1");
    const std::set<Id> knownDocuments(request.documents.begin(), request.documents.end());
    const std::set<Id> knownAnnotators(request.annotators.begin(), request.annotators.end());
    for (const auto &[annotator, document] : request.kept)
        if (!knownAnnotators.contains(annotator) || !knownDocuments.contains(document))
            throw std::invalid_argument("work kept for annotator " + std::to_string(annotator) + " on document "
                                        + std::to_string(document) + " names one that is not being assigned");

    DocumentAssignment out;
    // The calibration share: the first of the documents in a seeded order.
    std::vector<Id> order = request.documents;
    seededShuffle(order, request.seed);
    const auto calibration
        = static_cast<std::size_t>(std::llround(request.everyone * static_cast<double>(request.documents.size())));
    out.everyone.insert(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(calibration));
    // Ties between equally loaded annotators go by a seeded order of their own.
    std::vector<Id> tieOrder = request.annotators;
    seededShuffle(tieOrder, request.seed ^ 0x9e3779b97f4a7c15ULL);
    std::map<Id, std::size_t> rank;
    for (std::size_t i = 0; i < tieOrder.size(); ++i)
        rank[tieOrder[i]] = i;

    std::map<Id, std::set<Id>> assigned; // annotator -> documents
    std::map<Id, std::size_t> load;
    for (const Id a : request.annotators)
        load[a] = 0;
    for (const Id d : out.everyone)
        for (const Id a : request.annotators) {
            assigned[a].insert(d);
            ++load[a];
        }
    // Kept work first, so that the balance is made around it.
    for (const auto &[annotator, document] : request.kept)
        if (!out.everyone.contains(document) && assigned[annotator].insert(document).second)
            ++load[annotator];
    for (const Id d : order) {
        if (out.everyone.contains(d))
            continue;
        std::size_t have = 0;
        for (const Id a : request.annotators)
            have += assigned[a].contains(d) ? 1 : 0;
        while (have < request.perDocument) {
            Id best = 0;
            bool found = false;
            for (const Id a : request.annotators) {
                if (assigned[a].contains(d))
                    continue;
                if (!found || load[a] < load[best] || (load[a] == load[best] && rank[a] < rank[best])) {
                    best = a;
                    found = true;
                }
            }
            assigned[best].insert(d);
            ++load[best];
            ++have;
        }
    }
    for (const Id a : request.annotators) {
        auto &documents = out.documentsOf[a];
        for (const Id d : request.documents)
            if (assigned[a].contains(d))
                documents.push_back(d);
    }
    return out;
}

} // namespace concord::model

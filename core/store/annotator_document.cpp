// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/annotator_document.h"

#include "store/edit_sender.h"
#include "store/presentation_shuffle.h"

#include <algorithm>

namespace concord::store {

AnnotatorDocument AnnotatorDocument::read(Study &study, const Request &request)
{
    AnnotatorDocument out;
    auto document = study.document(request.document);
    if (!document)
        fail("document " + std::to_string(request.document) + " is not in the study");
    out.document = std::move(*document);
    out.candidates = study.candidatesOf(request.document);
    if (request.rater != 0) {
        // Which edits arrived is asked before the judgements are read: one that arrives in between is in the
        // read and laid over it again, which changes nothing, and none is missed.
        if (!request.editIds.empty())
            out.arrived = EditSender::committed(study, request.editIds);
        out.judgements = study.judgementsOf(request.rater, request.document);
        out.planned = study.plannedDocuments(request.rater);
        out.assigned = study.assignedDocuments(request.rater);
        out.reviews = study.reviewsOf(request.rater, request.document);
    }
    if (!study.isBlind())
        out.judgementCount = study.judgementCount(request.document);
    if (request.rater == 0 || !request.ensureOrder)
        return out;

    // The blind order: the stored one while it names exactly the document's candidates (judgementsOf read
    // it already), else a new one, stored in its own transaction as PresentationShuffle::ensure does.
    std::vector<model::Id> ids;
    for (const auto &c : out.candidates)
        ids.push_back(c.id);
    std::vector<model::Id> order;
    if (out.judgements.order) {
        auto stored = out.judgements.order->candidates;
        auto current = ids;
        std::sort(stored.begin(), stored.end());
        std::sort(current.begin(), current.end());
        if (stored == current)
            order = out.judgements.order->candidates;
    }
    if (order.empty() && !ids.empty()) {
        const std::uint64_t seed = PresentationShuffle::seedFor(request.raterName, out.document.externalId);
        order = PresentationShuffle::shuffled(ids, seed);
        const Status written
            = study.write([&] { study.setPresentationOrder(request.rater, request.document, seed, order); });
        if (!written)
            throw Failure(written.error());
        out.judgements.order = PresentationOrder{seed, order};
    }
    std::vector<model::Candidate> ordered;
    ordered.reserve(out.candidates.size());
    for (const model::Id id : order)
        for (const auto &c : out.candidates)
            if (c.id == id)
                ordered.push_back(c);
    out.candidates = std::move(ordered);
    return out;
}

} // namespace concord::store

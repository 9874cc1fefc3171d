// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/candidate.h"
#include "model/document.h"
#include "model/ids.h"
#include "store/study.h"

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace concord::store {

// Everything the Annotate view shows of one document to one annotator, read in one go: the window of a team
// study reads it on a worker thread, over a connection of its own, and fills the view in when it arrives, so
// that the server's round trips never stall the GUI thread.
struct AnnotatorDocument {
    struct Request {
        model::Id document = 0;
        model::Id rater = 0;              // 0: nobody annotates, nothing of a rater is read
        std::string raterName;            // seeds the blind order
        bool ensureOrder = false;         // store the annotator's blind order the first time (the study is writable)
        std::vector<std::string> editIds; // edits on their way: which of them the study has committed
    };

    model::Document document;
    std::vector<model::Candidate> candidates; // in the order shown: the annotator's blind order where stored
    AnnotatorJudgements judgements;           // the rater's; empty without one
    std::set<std::string> arrived;            // of Request::editIds, those the study holds
    std::vector<model::Id> planned;           // the rater's label-plan queue, in the plan's order
    std::vector<model::Id> assigned;          // the documents assigned to the rater; none: no assignment
    std::vector<ReviewRow> reviews;           // decisions on the rater's work here, or work returned to them
    // Everyone's judgements of the document, where the session may count them (not an annotator's blind one).
    std::optional<std::int64_t> judgementCount;

    // Throws concord::Failure (store::ConnectionLost when a team study's server went away); a document the
    // study does not have is a Failure that says so.
    static AnnotatorDocument read(Study &study, const Request &request);
};

} // namespace concord::store

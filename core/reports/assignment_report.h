// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "model/ids.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace concord::store {
class Study;
}

namespace concord::reports {

// What a lead asks of an assignment (model::DocumentAssignment): each document to `perDocument` of the
// annotators, a share `everyone` of the documents to all of them, seeded.
struct AssignmentRequest {
    std::vector<std::string> annotators; // by name; empty: every person of `group`, or every person
    std::optional<std::string> group;
    std::size_t perDocument = 2;
    double everyone = 0;
    std::uint64_t seed = 1;
};

// An assignment as stored: per annotator and per document, with the settings it was made with.
struct AssignmentReport {
    struct Annotator {
        model::Id id = 0;
        std::string name;
        std::size_t documents = 0;   // given to them, calibration included
        std::size_t calibration = 0; // of those, the calibration set's
        std::size_t kept = 0;        // of those, documents they had worked on before (kept whatever the rules)
    };
    std::vector<Annotator> annotators;                     // by name
    std::size_t documents = 0;                             // the study's
    std::size_t calibration = 0;                           // documents everyone annotates
    std::map<std::size_t, std::size_t> documentsByOverlap; // annotators per document -> documents
    std::optional<nlohmann::json> settings;                // how it was made (study_info "assignment")
};

// Makes the assignment and stores it in one transaction (replacing any before it), keeping every annotator's
// work: a document someone has judged stays theirs. Fails, changing nothing: an unknown name or one that is
// not a person, no annotator, perDocument of 0 or above the annotators, a share outside [0, 1].
Result<AssignmentReport> assignDocuments(store::Study &study, const AssignmentRequest &request);

// The stored assignment (no annotators: nothing assigned).
Result<AssignmentReport> readAssignment(store::Study &study);

// {"documents", "calibration", "settings", "overlap": [{"annotators", "documents"}], "annotators": [{"name",
// "documents", "calibration", "kept"}]}.
nlohmann::json toJson(const AssignmentReport &report);

} // namespace concord::reports

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "model/ids.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>

namespace concord::store {
class Study;
}

namespace concord::reports {

struct StudyScores;

// A held-out split as a lead asks for it (model::DocumentSplit): a share `dev` of the documents to dev, seeded.
struct SplitRequest {
    double dev = 0.3;
    std::uint64_t seed = 1;
    // Move documents with judgements on them to the other split when a new split would; refused otherwise.
    bool force = false;
};

// A split as stored, and what making it changed.
struct SplitReport {
    std::size_t documents = 0;              // the study's
    std::size_t dev = 0;                    // in dev
    std::size_t test = 0;                   // in test
    std::size_t moved = 0;                  // documents a new split put in the other split than before
    std::size_t movedWithWork = 0;          // of those, documents with judgements on them
    std::optional<nlohmann::json> settings; // how it was made (study_info "split")
};

// Makes the split and stores it in one transaction, replacing any before it. Fails, changing nothing: a share
// outside [0, 1], no documents, or (without force) a document with judgements on it that would change split.
Result<SplitReport> splitDocuments(store::Study &study, const SplitRequest &request);

// The stored split (dev and test 0: none).
Result<SplitReport> readSplit(store::Study &study);

// The documents of split "dev" or "test"; fails for another name or a study without a split.
Result<std::set<model::Id>> documentsOfSplit(store::Study &study, const std::string &split);

// Leaves in scores only the ratings and rankings of the documents of split "dev" or "test" (an empty split
// leaves every one); fails as documentsOfSplit does, changing nothing.
Status keepSplitOnly(store::Study &study, StudyScores &scores, const std::string &split);

// {"documents", "dev", "test", "moved", "moved_with_work", "settings"}.
nlohmann::json toJson(const SplitReport &report);

} // namespace concord::reports

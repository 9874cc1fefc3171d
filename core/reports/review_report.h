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

// The group, and the rater, whose ratings are the adjudicated labels: a human reference every analysis can use
// (`--human adjudicated`).
inline constexpr std::string_view kAdjudicated = "adjudicated";

// What the lead reviews next: documents with people's work on them, not yet adjudicated.
struct ReviewQueueRequest {
    enum class Order { Disagreement, Random, Annotator };
    Order order = Order::Disagreement;
    std::optional<std::string> annotator; // only this person's work (and, for Order::Annotator, by document)
    std::optional<std::string> dimension; // disagreement on this Likert dimension; empty: every Likert dimension
    std::uint64_t seed = 1;               // Order::Random
    bool decided = false;                 // also documents adjudicated or whose every annotator was accepted
};

struct ReviewQueueItem {
    model::Id document = 0;
    std::string externalId;
    std::vector<std::string> annotators; // people with work on it (the adjudicated rater not among them)
    // The mean, over summaries and dimensions rated by two or more of them, of the ratings' range divided by the
    // scale's range (0: all agree, 1: the scale's ends); empty with fewer than two raters on every summary.
    std::optional<double> disagreement;
    std::size_t cells = 0; // the (summary, dimension) pairs it is the mean of
    std::string status;    // open, accepted (every annotator's work), rejected, adjudicated
};

Result<std::vector<ReviewQueueItem>> reviewQueue(store::Study &study, const ReviewQueueRequest &request);

// One decision on an annotator's work on a document. A rejection needs a comment and may send the document back
// to another person (sendTo), to whose assignment it is added; without sendTo it goes back to the annotator.
struct ReviewDecision {
    std::string document; // external id
    std::string annotator;
    std::string decision; // accepted or rejected
    std::string comment;
    std::optional<std::string> sendTo;
    std::string reviewer; // a team study's server records the login whatever is given
};

Result<model::Id> recordDecision(store::Study &study, const ReviewDecision &decision);

// The final labels of a document on a dimension: from one annotator's ratings (`take`), or given per system
// (`values`), stored as the ratings of the rater "adjudicated" (group "adjudicated", created when missing) in one
// transaction with an "adjudicated" decision on every annotator's work on the document.
struct Adjudication {
    std::string document;
    std::string dimension;
    std::optional<std::string> take;
    std::map<std::string, double> values; // system name -> label
    std::string comment;
    std::string reviewer;
};

Result<std::size_t> adjudicate(store::Study &study, const Adjudication &adjudication); // labels stored

// {"document", "annotators", "disagreement", "cells", "status"} per item.
nlohmann::json toJson(const std::vector<ReviewQueueItem> &queue);

} // namespace concord::reports

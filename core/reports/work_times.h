// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "model/ids.h"
#include "store/study.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace concord::reports {

// How long people took per document and how many documents they finished per hour, from the times of
// their edits (Study::editTimes). Each person's edits are put in time order; the time between two edits
// counts towards the document of the later one (reading a document before its first mark is time on it).
// A pause longer than idleSeconds is a break: it counts for nothing, and a document whose first edit
// follows a break (or is the person's first edit at all) has no known time, because when its reading began
// is not recorded; a break inside a document leaves it timed, the break and the re-reading after it left out
// (a lower bound). Throughput counts each document once, in the hour (or day) of its last edit.
struct WorkTimeOptions {
    std::int64_t idleSeconds = 600;
    std::int64_t bucketSeconds = 3600; // 3600: per hour; 86400: per day
};

struct DocumentTime {
    model::Id document = 0;
    std::int64_t seconds = 0; // the gaps counted towards it
    bool timed = false;       // false: its reading began after a break, so its time is unknown
    std::size_t edits = 0;
    std::int64_t lastEdit = 0; // seconds since 1970, UTC
};

struct ThroughputBucket {
    std::int64_t start = 0; // seconds since 1970, UTC, a multiple of bucketSeconds
    std::size_t documents = 0;
};

struct PersonWorkTime {
    model::Id rater = 0;
    std::size_t edits = 0;
    std::size_t sessions = 0;                       // stretches of work between breaks
    std::int64_t activeSeconds = 0;                 // every gap counted, breaks left out
    std::vector<DocumentTime> documents;            // by document id
    std::optional<double> medianSecondsPerDocument; // over timed documents; empty without any
    std::optional<double> meanSecondsPerDocument;
    std::size_t timedDocuments = 0;
    std::vector<ThroughputBucket> throughput; // buckets with at least one document, in time order
};

// Documents counted once each, in the bucket of their last edit: buckets with at least one, in time order.
std::vector<ThroughputBucket> throughputOf(const std::vector<DocumentTime> &documents, std::int64_t bucketSeconds);

// The pure part: rows as Study::editTimes gives them (any order); a row whose time is not a UtcTimestamp is
// left out and counted in `unreadable`.
struct WorkTimes {
    std::vector<PersonWorkTime> people; // by rater id
    std::size_t unreadable = 0;
};
WorkTimes workTimes(const std::vector<store::EditTimeRow> &rows, const WorkTimeOptions &options);

// Reads the study's edit times (on a team study: all of them for the lead, an annotator their own).
Result<WorkTimes> computeWorkTimes(store::Study &study, const WorkTimeOptions &options);

// {"idle_seconds", "bucket_seconds", "unreadable", "people": [{"rater", "edits", "sessions", "active_seconds",
//  "documents", "timed_documents", "median_seconds_per_document", "mean_seconds_per_document",
//  "throughput": [{"start", "documents"}]}]}; times as UtcTimestamp text.
nlohmann::json toJson(const WorkTimes &times, const WorkTimeOptions &options);
// [{"start", "documents"}], the start as UtcTimestamp text.
nlohmann::json toJson(const std::vector<ThroughputBucket> &throughput);

} // namespace concord::reports

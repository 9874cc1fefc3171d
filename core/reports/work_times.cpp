// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/work_times.h"

#include "model/utc_timestamp.h"

#include <algorithm>
#include <ctime>
#include <map>
#include <tuple>

namespace concord::reports {

namespace {

struct Edit {
    model::Id rater = 0;
    std::int64_t at = 0;
    model::Id document = 0;
};

std::string timestampOf(std::int64_t seconds)
{
    const auto t = static_cast<std::time_t>(seconds);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

std::int64_t floorTo(std::int64_t seconds, std::int64_t step)
{
    const std::int64_t q = seconds / step;
    return (seconds % step < 0 ? q - 1 : q) * step;
}

PersonWorkTime personTime(model::Id rater, const std::vector<Edit> &edits, const WorkTimeOptions &options)
{
    PersonWorkTime person;
    person.rater = rater;
    person.edits = edits.size();
    std::map<model::Id, DocumentTime> documents;
    for (std::size_t i = 0; i < edits.size(); ++i) {
        const Edit &edit = edits[i];
        const bool fresh = !documents.count(edit.document);
        DocumentTime &document = documents[edit.document];
        document.document = edit.document;
        ++document.edits;
        document.lastEdit = edit.at;
        const bool afterBreak = i == 0 || edit.at - edits[i - 1].at > options.idleSeconds;
        if (afterBreak) {
            ++person.sessions;
        } else {
            const std::int64_t gap = edit.at - edits[i - 1].at;
            document.seconds += gap;
            person.activeSeconds += gap;
        }
        if (fresh)
            document.timed = !afterBreak;
    }
    std::vector<double> timed;
    for (auto &[id, document] : documents) {
        if (document.timed)
            timed.push_back(static_cast<double>(document.seconds));
        person.documents.push_back(document);
    }
    person.timedDocuments = timed.size();
    if (!timed.empty()) {
        std::sort(timed.begin(), timed.end());
        const std::size_t n = timed.size();
        person.medianSecondsPerDocument = n % 2 ? timed[n / 2] : (timed[n / 2 - 1] + timed[n / 2]) / 2;
        double sum = 0;
        for (double t : timed)
            sum += t;
        person.meanSecondsPerDocument = sum / static_cast<double>(n);
    }
    person.throughput = throughputOf(person.documents, options.bucketSeconds);
    return person;
}

} // namespace

std::vector<ThroughputBucket> throughputOf(const std::vector<DocumentTime> &documents, std::int64_t bucketSeconds)
{
    std::map<std::int64_t, std::size_t> buckets;
    for (const DocumentTime &document : documents)
        ++buckets[floorTo(document.lastEdit, bucketSeconds)];
    std::vector<ThroughputBucket> out;
    for (const auto &[start, count] : buckets)
        out.push_back({start, count});
    return out;
}

WorkTimes workTimes(const std::vector<store::EditTimeRow> &rows, const WorkTimeOptions &options)
{
    WorkTimes out;
    std::vector<Edit> edits;
    edits.reserve(rows.size());
    for (const store::EditTimeRow &row : rows) {
        const auto at = model::UtcTimestamp::seconds(row.madeAt);
        if (!at) {
            ++out.unreadable;
            continue;
        }
        edits.push_back({row.rater, *at, row.document});
    }
    // Stable: edits of one second keep the order the study recorded them in.
    std::stable_sort(edits.begin(), edits.end(),
                     [](const Edit &a, const Edit &b) { return std::tie(a.rater, a.at) < std::tie(b.rater, b.at); });
    for (std::size_t begin = 0; begin < edits.size();) {
        std::size_t end = begin;
        while (end < edits.size() && edits[end].rater == edits[begin].rater)
            ++end;
        out.people.push_back(personTime(edits[begin].rater,
                                        std::vector<Edit>(edits.begin() + static_cast<std::ptrdiff_t>(begin),
                                                          edits.begin() + static_cast<std::ptrdiff_t>(end)),
                                        options));
        begin = end;
    }
    return out;
}

Result<WorkTimes> computeWorkTimes(store::Study &study, const WorkTimeOptions &options)
{
    if (options.idleSeconds <= 0)
        return Error{"the pause that counts as a break must be longer than 0 seconds", {}, 0, "idle"};
    if (options.bucketSeconds <= 0)
        return Error{"throughput needs buckets longer than 0 seconds", {}, 0, "bucket"};
    return capture([&] { return workTimes(study.editTimes(), options); });
}

nlohmann::json toJson(const WorkTimes &times, const WorkTimeOptions &options)
{
    nlohmann::json people = nlohmann::json::array();
    for (const PersonWorkTime &person : times.people) {
        const auto optional = [](const std::optional<double> &value) {
            return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
        };
        people.push_back({{"rater", person.rater},
                          {"edits", person.edits},
                          {"sessions", person.sessions},
                          {"active_seconds", person.activeSeconds},
                          {"documents", person.documents.size()},
                          {"timed_documents", person.timedDocuments},
                          {"median_seconds_per_document", optional(person.medianSecondsPerDocument)},
                          {"mean_seconds_per_document", optional(person.meanSecondsPerDocument)},
                          {"throughput", toJson(person.throughput)}});
    }
    return {{"idle_seconds", options.idleSeconds},
            {"bucket_seconds", options.bucketSeconds},
            {"unreadable", times.unreadable},
            {"people", std::move(people)}};
}

nlohmann::json toJson(const std::vector<ThroughputBucket> &throughput)
{
    nlohmann::json out = nlohmann::json::array();
    for (const ThroughputBucket &bucket : throughput)
        out.push_back({{"start", timestampOf(bucket.start)}, {"documents", bucket.documents}});
    return out;
}

} // namespace concord::reports

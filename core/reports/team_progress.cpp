// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/team_progress.h"

#include "reports/review_report.h"
#include "store/annotation_plan.h"
#include "store/annotation_progress.h"
#include "store/study.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

namespace concord::reports {

using model::Id;
using nlohmann::json;

namespace {

json optionalNumber(const std::optional<double> &v)
{
    return v ? json(*v) : json(nullptr);
}

} // namespace

std::optional<double> TeamMemberProgress::progress() const
{
    if (assigned == 0)
        return std::nullopt;
    return static_cast<double>(assignedFinished) / static_cast<double>(assigned);
}

Result<TeamProgress> computeTeamProgress(store::Study &study, const TeamProgressRequest &request)
{
    return capture([&]() -> TeamProgress {
        // Everyone's work and times are the lead's to read; the server would refuse a table half-way through.
        if (study.isBlind())
            fail(std::string("a team study's ").append(study.isReviewer() ? "reviewer" : "annotator")
                 + " cannot read the team's progress; the study's lead can");
        TeamProgress out;
        out.request = request;
        // Every read once for the whole team; the rows are filled from them below.
        const std::vector<model::Dimension> dimensions = study.dimensions();
        const store::AnnotationProgress rule(store::AnnotationPlan::of(study), dimensions);
        const auto tallies = study.humanTallies();
        const auto assignments = study.assignments();
        const auto worked = study.documentsWorkedOn();
        const auto reviews = study.reviews();
        if (request.times.idleSeconds <= 0 || request.times.bucketSeconds <= 0)
            fail("the pause that counts as a break and the throughput's buckets must be longer than 0 seconds",
                 "times");
        const WorkTimes times = workTimes(study.editTimes(), request.times);

        std::map<Id, std::size_t> row;
        for (const model::Rater &r : study.raters()) {
            if (r.kind != model::RaterKind::Human || r.group == kAdjudicated)
                continue;
            if (!r.group.empty() && std::find(out.groups.begin(), out.groups.end(), r.group) == out.groups.end())
                out.groups.push_back(r.group);
            row[r.id] = out.annotators.size();
            TeamMemberProgress m;
            m.rater = r.id;
            m.name = r.name;
            m.group = r.group;
            out.annotators.push_back(std::move(m));
        }
        for (const model::Dimension &d : dimensions)
            if (d.kind == model::DimensionKind::Likert)
                out.dimensions.push_back(d.name);
        const auto member = [&](Id rater) -> TeamMemberProgress * {
            const auto it = row.find(rater);
            return it == row.end() ? nullptr : &out.annotators[it->second];
        };

        std::set<std::pair<Id, Id>> finished; // (rater, document)
        for (const auto &[rater, perDocument] : tallies) {
            out.documents = static_cast<int>(perDocument.size());
            TeamMemberProgress *m = member(rater);
            if (!m)
                continue;
            for (const auto &tally : perDocument)
                if (rule.of(tally).finished()) {
                    ++m->finished;
                    finished.emplace(rater, tally.document);
                }
        }
        for (const store::AssignmentRow &a : assignments)
            if (TeamMemberProgress *m = member(a.annotator)) {
                ++m->assigned;
                if (finished.contains({a.annotator, a.document}))
                    ++m->assignedFinished;
            }
        for (const auto &[rater, document] : worked)
            if (TeamMemberProgress *m = member(rater))
                ++m->worked;
        // reviews() is in the order decided: the last decision on a person's document is its outcome.
        std::map<std::pair<Id, Id>, std::string> latest;
        for (const store::ReviewRow &r : reviews)
            latest[{r.annotator, r.document}] = r.decision;
        for (const auto &[key, decision] : latest)
            if (TeamMemberProgress *m = member(key.first)) {
                if (decision == "accepted")
                    ++m->accepted;
                else if (decision == "rejected")
                    ++m->rejected;
                else if (decision == "adjudicated")
                    ++m->adjudicated;
            }

        // Times: each person's own, their throughput over the documents they finished, and the team's as the sum
        // of theirs (a document two people finished in an hour counts twice: it is work done twice).
        std::map<std::int64_t, std::size_t> throughput;
        for (const PersonWorkTime &person : times.people)
            if (TeamMemberProgress *m = member(person.rater)) {
                m->time = person;
                std::vector<DocumentTime> done;
                for (const DocumentTime &d : person.documents)
                    if (finished.contains({person.rater, d.document}))
                        done.push_back(d);
                m->time->throughput = throughputOf(done, request.times.bucketSeconds);
                for (const ThroughputBucket &bucket : m->time->throughput)
                    throughput[bucket.start] += bucket.documents;
            }
        for (const auto &[start, documents] : throughput)
            out.throughput.push_back({start, documents});

        // Quality, as concord-cli annotators computes it; a group or dimension the study lacks is an error, one
        // whose quality cannot be computed (too few ratings) a reason beside the progress.
        if (out.request.group.empty() && !out.groups.empty())
            out.request.group = out.groups.front();
        if (out.request.dimension.empty() && !out.dimensions.empty())
            out.request.dimension = out.dimensions.front();
        if (out.request.group.empty() || out.request.dimension.empty()) {
            out.qualityWhy.append(out.request.group.empty() ? "no human rater has a group"
                                                            : "the study has no likert dimension");
            return out;
        }
        if (std::find(out.groups.begin(), out.groups.end(), out.request.group) == out.groups.end())
            fail("no human rater in group '" + out.request.group + "'", "group");
        if (std::find(out.dimensions.begin(), out.dimensions.end(), out.request.dimension) == out.dimensions.end())
            fail("no likert dimension named '" + out.request.dimension + "' in the study", "dimension");
        AnnotatorQualityRequest quality;
        quality.group = out.request.group;
        quality.dimension = out.request.dimension;
        quality.mace = request.mace;
        auto report = computeAnnotatorQuality(study, quality);
        if (!report) {
            out.qualityWhy = report.error().message;
            return out;
        }
        out.groupAlpha = report.value().groupAlpha;
        out.maceWhy = report.value().maceWhy;
        std::map<std::string, const AnnotatorQuality *> byName;
        for (const AnnotatorQuality &q : report.value().annotators)
            byName[q.rater] = &q;
        for (TeamMemberProgress &m : out.annotators)
            if (m.group == out.request.group)
                if (const auto it = byName.find(m.name); it != byName.end())
                    m.quality = *it->second;
        return out;
    });
}

json toJson(const TeamProgress &progress)
{
    json annotators = json::array();
    for (const TeamMemberProgress &m : progress.annotators) {
        json a = {
            {"rater", m.name},
            {"group", m.group},
            {"assigned", m.assigned},
            {"assigned_finished", m.assignedFinished},
            {"progress", optionalNumber(m.progress())},
            {"finished", m.finished},
            {"worked", m.worked},
            {"accepted", m.accepted},
            {"rejected", m.rejected},
            {"adjudicated", m.adjudicated},
            {"labels", m.quality ? json(m.quality->labels) : json(nullptr)},
            {"alpha_without", m.quality ? optionalNumber(m.quality->alphaWithout) : json(nullptr)},
            {"correlation_with_others", m.quality ? optionalNumber(m.quality->correlationWithOthers) : json(nullptr)},
            {"competence", m.quality ? optionalNumber(m.quality->competence) : json(nullptr)},
            {"median_seconds_per_document", m.time ? optionalNumber(m.time->medianSecondsPerDocument) : json(nullptr)},
            {"timed_documents", m.time ? m.time->timedDocuments : 0},
            {"active_seconds", m.time ? m.time->activeSeconds : 0},
            {"throughput", m.time ? toJson(m.time->throughput) : json::array()}};
        annotators.push_back(std::move(a));
    }
    return {{"group", progress.request.group},
            {"dimension", progress.request.dimension},
            {"documents", progress.documents},
            {"groups", progress.groups},
            {"dimensions", progress.dimensions},
            {"group_alpha", progress.groupAlpha ? optionalNumber(progress.groupAlpha->alpha) : json(nullptr)},
            {"quality_why", progress.qualityWhy},
            {"mace_why", progress.maceWhy},
            {"idle_seconds", progress.request.times.idleSeconds},
            {"bucket_seconds", progress.request.times.bucketSeconds},
            {"throughput", toJson(progress.throughput)},
            {"annotators", std::move(annotators)}};
}

} // namespace concord::reports

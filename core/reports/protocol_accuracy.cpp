// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/protocol_accuracy.h"

#include "model/json_text.h"
#include "reports/rating_matrices.h"
#include "stats/pairwise.h"
#include "store/name_hints.h"
#include "store/study.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>

namespace concord::reports {

using model::Id;

namespace {

struct Raters {
    Id judge = 0;
    std::vector<Id> humans;
};

Raters resolveRaters(store::Study &study, const ProtocolAccuracyRequest &request)
{
    Raters r;
    for (const auto &rater : study.raters()) {
        if (rater.name == request.judge)
            r.judge = rater.id;
        else if (rater.kind == model::RaterKind::Human && rater.group == request.humanGroup)
            r.humans.push_back(rater.id);
    }
    if (!r.judge)
        fail("no rater named '" + request.judge + "' in the study" + store::raterNamesHint(study), "judge");
    if (r.humans.empty())
        fail("no human rater in group '" + request.humanGroup + "'" + store::humanGroupsHint(study), "group");
    return r;
}

// The unit index a call answers ({"scu": 2} -> 2), or -1.
int unitIndex(const std::string &unitJson, const char *key)
{
    const auto j = model::JsonText::parseOrDiscarded(unitJson);
    if (j.is_discarded() || !j.is_object() || !j.contains(key) || !j.at(key).is_number_integer())
        return -1;
    return j.at(key).get<int>();
}

bool wanted(const ProtocolAccuracyRequest &request, Id document)
{
    return !request.documents || request.documents->count(document) > 0;
}

// Each candidate's document, for the answers that name a candidate only.
std::map<Id, Id> documentOfCandidate(store::Study &study)
{
    std::map<Id, Id> out;
    for (const auto &c : study.candidates())
        out[c.id] = c.documentId;
    return out;
}

} // namespace

Result<ProtocolAccuracy> pairwiseChoiceAccuracy(store::Study &study, const ProtocolAccuracyRequest &request)
{
    return capture([&]() -> ProtocolAccuracy {
        const Raters raters = resolveRaters(study, request);
        const auto judgeDim = study.dimensionId(request.judgeDimension);
        if (!judgeDim)
            fail("no dimension named '" + request.judgeDimension + "' in the study" + store::dimensionNamesHint(study),
                 "dimension");
        const std::string humanName = request.humanDimension.empty() ? request.judgeDimension : request.humanDimension;
        const auto humanDim = study.dimensionId(humanName);
        if (!humanDim)
            fail("no dimension named '" + humanName + "' in the study" + store::dimensionNamesHint(study), "dimension");

        const RatingMatrices matrices(study.ratingsOn(*humanDim));
        const auto &systems = matrices.systems();
        const auto &documents = matrices.documents();
        auto position = [](const std::vector<Id> &ids, Id id) -> std::optional<std::size_t> {
            const auto it = std::lower_bound(ids.begin(), ids.end(), id);
            if (it == ids.end() || *it != id)
                return std::nullopt;
            return static_cast<std::size_t>(it - ids.begin());
        };
        ProtocolAccuracy out;
        std::vector<stats::PairVerdict> judged;
        for (const auto &row : study.pairwiseOn(*judgeDim)) {
            if (row.rater != raters.judge || !wanted(request, row.document))
                continue;
            const auto d = position(documents, row.document);
            const auto a = position(systems, row.systemA);
            const auto b = position(systems, row.systemB);
            if (!d || !a || !b) {
                ++out.withoutTruth;
                continue;
            }
            const auto winner = row.winner == model::PairwiseWinner::A   ? stats::PairVerdict::Winner::A
                                : row.winner == model::PairwiseWinner::B ? stats::PairVerdict::Winner::B
                                                                         : stats::PairVerdict::Winner::Tie;
            judged.push_back({*d, *a, *b, winner, row.aShownFirst});
        }
        const auto humans = stats::verdictsFromScores(matrices.mean(raters.humans));
        out.accuracy = stats::pairwiseAccuracy(judged, humans, request.confidence);
        out.withoutTruth += judged.size() - out.accuracy.total;
        return out;
    });
}

Result<ProtocolAccuracy> pyramidAccuracy(store::Study &study, const ProtocolAccuracyRequest &request)
{
    return capture([&]() -> ProtocolAccuracy {
        const Raters raters = resolveRaters(study, request);
        const std::set<Id> humans(raters.humans.begin(), raters.humans.end());
        std::map<std::pair<Id, int>, std::pair<int, int>> votes; // (candidate, unit) -> (present, absent)
        for (const auto &m : study.unitMarks())
            if (humans.count(m.rater))
                (m.present ? votes[{m.candidate, m.unit}].first : votes[{m.candidate, m.unit}].second) += 1;
        ProtocolAccuracy out;
        std::vector<std::pair<bool, bool>> pairs;
        std::map<Id, Id> documentOf = request.documents ? documentOfCandidate(study) : std::map<Id, Id>{};
        for (const auto &call : study.judgeCalls(raters.judge, "pyramid")) {
            // An answer about no candidate belongs to no split.
            if (request.documents && (!call.candidateId || !wanted(request, documentOf[*call.candidateId])))
                continue;
            if (!call.valid || !call.parsedValue || !call.candidateId) {
                ++out.invalidAnswers;
                continue;
            }
            const int unit = unitIndex(call.unit, "scu");
            const auto it = votes.find({*call.candidateId, unit});
            if (unit < 0 || it == votes.end() || it->second.first == it->second.second) {
                ++out.withoutTruth;
                continue;
            }
            pairs.push_back({*call.parsedValue >= 0.5, it->second.first > it->second.second});
        }
        out.accuracy = stats::binaryAccuracy(pairs, request.confidence);
        return out;
    });
}

Result<ProtocolAccuracy> factualityAccuracy(store::Study &study, const ProtocolAccuracyRequest &request)
{
    return capture([&]() -> ProtocolAccuracy {
        const Raters raters = resolveRaters(study, request);
        const std::set<Id> humans(raters.humans.begin(), raters.humans.end());
        std::set<Id> judgedByHumans;
        for (const auto &[rater, candidate] : study.judgedCandidates())
            if (humans.count(rater))
                judgedByHumans.insert(candidate);
        std::map<Id, std::vector<model::ErrorSpan>> spans;
        for (const auto &span : study.errorSpans())
            if (humans.count(span.raterId))
                spans[span.candidateId].push_back(span);
        std::map<Id, std::string> texts;
        std::map<Id, Id> documentOf;
        for (const auto &c : study.candidates()) {
            texts[c.id] = c.text;
            documentOf[c.id] = c.documentId;
        }

        ProtocolAccuracy out;
        std::map<Id, std::vector<bool>> truth;
        std::vector<std::pair<bool, bool>> pairs;
        for (const auto &call : study.judgeCalls(raters.judge, "factuality")) {
            if (request.documents && (!call.candidateId || !wanted(request, documentOf[*call.candidateId])))
                continue;
            if (!call.valid || !call.parsedValue || !call.candidateId) {
                ++out.invalidAnswers;
                continue;
            }
            const Id candidate = *call.candidateId;
            const int sentence = unitIndex(call.unit, "sentence");
            if (!judgedByHumans.count(candidate) || sentence < 0) {
                ++out.withoutTruth;
                continue;
            }
            auto it = truth.find(candidate);
            if (it == truth.end())
                it = truth.emplace(candidate, stats::sentencesSupported(texts[candidate], spans[candidate])).first;
            if (static_cast<std::size_t>(sentence) >= it->second.size()) {
                ++out.withoutTruth;
                continue;
            }
            pairs.push_back({*call.parsedValue >= 0.5, it->second[static_cast<std::size_t>(sentence)]});
        }
        out.accuracy = stats::binaryAccuracy(pairs, request.confidence);
        return out;
    });
}

} // namespace concord::reports

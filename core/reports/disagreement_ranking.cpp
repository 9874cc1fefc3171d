// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/disagreement_ranking.h"

#include "store/name_hints.h"
#include "store/study.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace concord::reports {

using model::Id;

namespace {

std::string groupOrFirst(const std::vector<model::Rater> &raters, const std::string &group)
{
    if (!group.empty())
        return group;
    for (const auto &r : raters)
        if (r.kind == model::RaterKind::Human)
            return r.group;
    fail("the study has no human raters to compare with", "human");
}

} // namespace

Result<std::vector<DisagreementItem>> rankDisagreements(store::Study &study, const DisagreementRequest &request)
{
    return capture([&]() -> std::vector<DisagreementItem> {
        const auto raters = study.raters();
        const std::string group = groupOrFirst(raters, request.humanGroup);
        std::map<Id, std::string> judges;
        std::map<Id, bool> isHuman;
        for (const auto &r : raters) {
            if (r.kind == model::RaterKind::Human && r.group == group)
                isHuman[r.id] = true;
            const bool chosen
                = request.judges.empty()
                  || std::find(request.judges.begin(), request.judges.end(), r.name) != request.judges.end();
            if (r.kind == model::RaterKind::Judge && chosen)
                judges[r.id] = r.name;
        }
        if (isHuman.empty())
            fail("no human rater in group '" + group + "'" + store::humanGroupsHint(study), "human");
        for (const auto &name : request.judges)
            if (std::none_of(judges.begin(), judges.end(), [&](const auto &j) { return j.second == name; }))
                fail("no judge named '" + name + "' in the study", "judge");
        std::optional<Id> system;
        if (!request.system.empty()) {
            system = study.systemId(request.system);
            if (!system)
                fail("no system named '" + request.system + "' in the study", "system");
        }
        std::map<Id, std::string> systemNames, documentNames;
        for (const auto &s : study.systems())
            systemNames[s.id] = s.name;
        for (const auto &d : study.documentSummaries())
            documentNames[d.id] = d.externalId;

        std::vector<DisagreementItem> items;
        bool dimensionFound = request.dimension.empty();
        for (const auto &dim : study.dimensions()) {
            if (dim.kind != model::DimensionKind::Likert
                || (!request.dimension.empty() && dim.name != request.dimension))
                continue;
            dimensionFound = true;
            const double width = dim.scaleMax - dim.scaleMin;
            if (!(width > 0))
                continue;
            // Per candidate: the humans' sum and count, and each judge's value.
            struct Cell {
                Id document = 0, system = 0;
                double humanSum = 0;
                std::size_t humans = 0;
                std::vector<std::pair<Id, double>> judgeValues;
            };
            std::map<Id, Cell> cells;
            for (const auto &row : study.ratingsOn(dim.id)) {
                if (system && row.system != *system)
                    continue;
                const bool human = isHuman.count(row.rater) > 0;
                const bool judge = judges.count(row.rater) > 0;
                if (!human && !judge)
                    continue;
                Cell &cell = cells[row.candidate];
                cell.document = row.document;
                cell.system = row.system;
                if (human) {
                    cell.humanSum += row.value;
                    ++cell.humans;
                } else {
                    cell.judgeValues.push_back({row.rater, row.value});
                }
            }
            for (const auto &[candidate, cell] : cells) {
                if (cell.humans == 0)
                    continue;
                const double mean = cell.humanSum / static_cast<double>(cell.humans);
                for (const auto &[judge, value] : cell.judgeValues) {
                    DisagreementItem item;
                    item.judge = judge;
                    item.candidate = candidate;
                    item.document = cell.document;
                    item.system = cell.system;
                    item.dimension = dim.id;
                    item.judgeName = judges.at(judge);
                    item.documentName = documentNames[cell.document];
                    item.systemName = systemNames[cell.system];
                    item.dimensionName = dim.name;
                    item.judgeValue = value;
                    item.humanMean = mean;
                    item.humans = cell.humans;
                    item.distance = std::fabs(value - mean) / width;
                    items.push_back(std::move(item));
                }
            }
        }
        if (!dimensionFound)
            fail("no Likert dimension named '" + request.dimension + "' in the study", "dimension");
        std::stable_sort(items.begin(), items.end(), [](const DisagreementItem &a, const DisagreementItem &b) {
            if (a.distance != b.distance)
                return a.distance > b.distance;
            return std::tie(a.judgeName, a.documentName, a.systemName, a.dimensionName)
                   < std::tie(b.judgeName, b.documentName, b.systemName, b.dimensionName);
        });
        return items;
    });
}

Result<DisagreementDetail> disagreementDetail(store::Study &study, const DisagreementItem &item,
                                              const std::string &humanGroup)
{
    return capture([&]() -> DisagreementDetail {
        DisagreementDetail detail;
        const auto raters = study.raters();
        const std::string group = groupOrFirst(raters, humanGroup);
        const auto document = study.document(item.document);
        if (!document)
            fail("the document is no longer in the study", "document");
        detail.article = document->source;
        for (const auto &c : study.candidatesOf(item.document))
            if (c.id == item.candidate)
                detail.summary = c.text;

        // Explanations have no reader in Study yet; one query on this connection, per document.
        std::map<std::pair<Id, Id>, std::string> explanations; // (rater, dimension) -> text
        {
            auto s = study.database().cached(
                "SELECT rater_id, dimension_id, text FROM explanations WHERE document_id = ?1");
            s->bindAll(item.document);
            while (s->step())
                explanations[{s->int64At(0), s->int64At(1)}] = s->textAt(2);
        }
        std::map<Id, bool> inGroup;
        for (const auto &r : raters) {
            if (r.kind != model::RaterKind::Human || r.group != group)
                continue;
            inGroup[r.id] = true;
            HumanJudgement h;
            h.rater = r.name;
            h.rating = study.rating(r.id, item.candidate, item.dimension);
            if (const auto it = explanations.find({r.id, item.dimension}); it != explanations.end())
                h.explanation = it->second;
            else if (const auto whole = explanations.find({r.id, Id{0}}); whole != explanations.end())
                h.explanation = whole->second;
            detail.humans.push_back(std::move(h));
        }
        for (const auto &span : study.errorSpansOf(item.candidate))
            if (inGroup.count(span.raterId))
                detail.humanSpans.push_back(span);

        const auto judge
            = std::find_if(raters.begin(), raters.end(), [&](const auto &r) { return r.id == item.judge; });
        if (judge != raters.end())
            for (const auto &call : study.judgeCallsOfCandidate(judge->id, judge->protocol, item.candidate))
                if (!call.dimensionId || *call.dimensionId == item.dimension)
                    detail.judgeAnswers.push_back(
                        {call.rawResponse, call.parsedValue, call.valid, call.invalidReason, call.sampleIndex});
        return detail;
    });
}

} // namespace concord::reports

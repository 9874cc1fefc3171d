// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/work_planner.h"

#include "model/seeded_shuffle.h"
#include "model/sentences.h"
#include "store/name_hints.h"
#include "store/study.h"

#include <algorithm>
#include <map>

namespace concord::judge {

using model::Id;

namespace {

// A well-mixed 64-bit value from the run's seed and a unit's ids (splitmix64 steps).
std::uint64_t mix(std::uint64_t seed, std::uint64_t a, std::uint64_t b)
{
    auto step = [](std::uint64_t x) {
        x += 0x9e3779b97f4a7c15ULL;
        x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
        x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
        return x ^ (x >> 31);
    };
    return step(step(step(seed) ^ a) ^ b);
}

} // namespace

Result<std::vector<WorkUnit>> planWork(store::Study &study, const PlanRequest &request)
{
    return capture([&]() -> std::vector<WorkUnit> {
        const ProtocolTraits t = traits(request.protocol);
        std::vector<model::Dimension> dimensions;
        const auto all = study.dimensions();
        if (t.needsDimension) {
            for (const auto &d : all) {
                const bool named = std::find(request.dimensions.begin(), request.dimensions.end(), d.name)
                                   != request.dimensions.end();
                if (request.dimensions.empty() ? d.kind == model::DimensionKind::Likert : named)
                    dimensions.push_back(d);
            }
            for (const auto &name : request.dimensions)
                if (std::none_of(all.begin(), all.end(), [&](const auto &d) { return d.name == name; }))
                    fail("no dimension named '" + name + "' in the study" + store::dimensionNamesHint(study),
                         "dimension");
            if (dimensions.empty())
                fail("protocol " + std::string(toString(request.protocol))
                         + " asks about a dimension, and the study has no Likert dimension",
                     "dimension");
            // A ranking orders the summaries of a document; a protocol that looks at one summary at a time
            // cannot give one, and its scores would be silently left out of every rank statistic.
            for (const auto &d : dimensions)
                if (d.kind == model::DimensionKind::Rank && !judgesRankings(request.protocol))
                    fail("protocol " + std::string(toString(request.protocol))
                             + " judges one summary at a time and cannot judge '" + d.name
                             + "', a rank dimension; rankings are judged by " + rankingProtocolNames(),
                         "dimension");
            if (t.scoreOnScale)
                for (const auto &d : dimensions)
                    if (d.kind != model::DimensionKind::Likert)
                        fail("protocol " + std::string(toString(request.protocol))
                                 + " scores on a Likert scale; dimension '" + d.name + "' is a "
                                 + std::string(toString(d.kind)) + " dimension",
                             "dimension");
        } else if (request.protocol == Protocol::LikertMulti) {
            for (const auto &d : all)
                if (d.kind == model::DimensionKind::Likert)
                    dimensions.push_back(d);
            if (dimensions.empty())
                fail("likert-multi scores every Likert dimension at once, and the study has none", "dimension");
        } else if (!request.dimensions.empty()) {
            fail("protocol " + std::string(toString(request.protocol))
                     + " does not ask about a dimension; leave --dimension out",
                 "dimension");
        }

        std::map<Id, std::string> splits;
        if (!request.split.empty()) {
            if (request.split != "dev" && request.split != "test")
                fail("the split is 'dev' or 'test', not '" + request.split + "'", "split");
            splits = study.documentSplits();
            if (splits.empty())
                fail("the study has no held-out split; make one first (concord-cli split)", "split");
        }

        std::vector<WorkUnit> units;
        std::size_t documentsUsed = 0;
        bool anyScus = false;
        for (const auto &summary : study.documentSummaries()) {
            if (!request.split.empty()) {
                const auto it = splits.find(summary.id);
                if (it == splits.end() || it->second != request.split)
                    continue;
            }
            if (request.documentLimit && documentsUsed >= *request.documentLimit)
                break;
            ++documentsUsed;
            const auto document = study.document(summary.id).value();
            const auto candidates = study.candidatesOf(summary.id);
            std::vector<Id> ids;
            for (const auto &c : candidates)
                ids.push_back(c.id);
            auto dimensionIds = [&]() {
                std::vector<std::optional<Id>> out;
                if (t.needsDimension)
                    for (const auto &d : dimensions)
                        out.push_back(d.id);
                else
                    out.push_back(std::nullopt);
                return out;
            }();

            switch (t.shape) {
            case UnitShape::CandidateDimension:
            case UnitShape::Candidate:
                for (const auto &dim : dimensionIds)
                    for (Id c : ids)
                        units.push_back({summary.id, dim, {c}});
                break;
            case UnitShape::PairDimension:
            case UnitShape::Pair:
                for (const auto &dim : dimensionIds)
                    for (std::size_t i = 0; i < ids.size(); ++i)
                        for (std::size_t j = i + 1; j < ids.size(); ++j) {
                            if (t.bothOrders) {
                                units.push_back({summary.id, dim, {ids[i], ids[j]}});
                                units.push_back({summary.id, dim, {ids[j], ids[i]}});
                                continue;
                            }
                            std::vector<Id> pair{ids[i], ids[j]};
                            model::seededShuffle(
                                pair, mix(request.seed,
                                          static_cast<std::uint64_t>(ids[i]) << 32 ^ static_cast<std::uint64_t>(ids[j]),
                                          static_cast<std::uint64_t>(dim.value_or(0))));
                            units.push_back({summary.id, dim, pair});
                        }
                break;
            case UnitShape::DocumentDimension:
                for (const auto &dim : dimensionIds) {
                    std::vector<Id> order = ids;
                    model::seededShuffle(order, mix(request.seed, static_cast<std::uint64_t>(summary.id),
                                                    static_cast<std::uint64_t>(dim.value_or(0))));
                    units.push_back({summary.id, dim, order});
                }
                break;
            case UnitShape::CandidateUnit:
                anyScus = anyScus || !document.scus.empty();
                for (Id c : ids)
                    for (std::size_t k = 0; k < document.scus.size(); ++k)
                        units.push_back({summary.id, std::nullopt, {c}, static_cast<int>(k)});
                break;
            case UnitShape::CandidateSentence:
                for (const auto &c : candidates) {
                    const auto sentences = model::splitSentences(c.text);
                    for (std::size_t k = 0; k < sentences.size(); ++k)
                        units.push_back({summary.id,
                                         std::nullopt,
                                         {c.id},
                                         static_cast<int>(k),
                                         sentences[k].start,
                                         sentences[k].end});
                }
                break;
            }
        }
        if (t.shape == UnitShape::CandidateUnit && !anyScus)
            fail("pyramid asks about semantic content units, and no document of the study has any", "scus");
        return units;
    });
}

} // namespace concord::judge

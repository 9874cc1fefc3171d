// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/correction_examples.h"

#include "reports/calibration_report.h"
#include "reports/disagreement_ranking.h"
#include "reports/split_report.h"
#include "store/name_hints.h"
#include "store/study.h"

#include <algorithm>
#include <set>

namespace concord::reports {

Result<judge::FewShotSource> correctionExamples(store::Study &study, const CorrectionExamplesRequest &request)
{
    return capture([&]() -> judge::FewShotSource {
        if (request.perUnit < 1)
            fail("at least one example per prompt", "examples");
        const auto raters = study.raters();
        std::string group = request.humanGroup;
        if (group.empty())
            for (const auto &r : raters)
                if (r.kind == model::RaterKind::Human) {
                    group = r.group;
                    break;
                }
        const JudgeAgainstGroup chosen = judgeAgainstGroup(raters, request.judge, group);
        if (chosen.judge.kind != model::RaterKind::Judge)
            fail("rater '" + request.judge + "' is a person; examples correct a judge", "judge");
        auto dev = documentsOfSplit(study, "dev");
        if (!dev)
            fail(dev.error().message + "; the examples come from the dev split only", "split");

        std::vector<model::Dimension> dimensions;
        const auto all = study.dimensions();
        for (const auto &name : request.dimensions) {
            const auto it = std::find_if(all.begin(), all.end(), [&](const auto &d) { return d.name == name; });
            if (it == all.end())
                fail("dimension '" + name + "' is not in the study" + store::dimensionNamesHint(all), "dimension");
            if (it->kind != model::DimensionKind::Likert)
                fail("dimension '" + name + "' is not a Likert dimension; examples show a score on a scale",
                     "dimension");
            dimensions.push_back(*it);
        }
        if (request.dimensions.empty())
            for (const auto &d : all)
                if (d.kind == model::DimensionKind::Likert)
                    dimensions.push_back(d);
        if (dimensions.empty())
            fail("the study has no Likert dimension to take examples on", "dimension");

        judge::FewShotSource source;
        source.judge = request.judge;
        source.humanGroup = group;
        source.perUnit = request.perUnit;
        const std::size_t needed = request.perUnit + 1;
        // One ranking over every Likert dimension; filtered per dimension it keeps the ranking's order.
        auto ranked = rankDisagreements(study, {group, {request.judge}, {}, {}});
        if (!ranked)
            throw Failure(ranked.error());
        for (const auto &dimension : dimensions) {
            std::set<model::Id> documents;
            for (const DisagreementItem &item : ranked.value()) {
                if (documents.size() == needed)
                    break;
                if (item.dimension != dimension.id)
                    continue;
                // Test documents never: a version built from them could not be judged on test honestly.
                if (!dev.value().contains(item.document) || item.distance <= 0 || documents.contains(item.document))
                    continue;
                auto detail = disagreementDetail(study, item, group);
                if (!detail)
                    throw Failure(detail.error());
                judge::FewShotExample example;
                example.document = item.document;
                example.candidate = item.candidate;
                example.dimension = item.dimension;
                example.summary = detail.value().summary;
                example.humanMean = item.humanMean;
                example.humans = item.humans;
                example.judgeValue = item.judgeValue;
                for (const HumanJudgement &h : detail.value().humans)
                    if (h.rating && !h.explanation.empty())
                        example.explanations.push_back(h.explanation);
                source.pool.push_back(std::move(example));
                documents.insert(item.document);
            }
            if (documents.size() < needed)
                fail("the dev split has " + std::to_string(documents.size()) + " document"
                         + (documents.size() == 1 ? "" : "s") + " on which '" + request.judge + "' and group '" + group
                         + "' disagree on " + dimension.name + "; " + std::to_string(request.perUnit) + " example"
                         + (request.perUnit == 1 ? "" : "s") + " per prompt need " + std::to_string(needed)
                         + " (one per document, and a summary never sees its own)",
                     "examples");
        }
        return source;
    });
}

} // namespace concord::reports

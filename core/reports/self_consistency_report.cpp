// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/self_consistency_report.h"

#include "reports/judge_samples.h"
#include "reports/number_text.h"
#include "reports/split_report.h"
#include "store/study.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace concord::reports {

Result<std::vector<DimensionConsistency>> judgeSelfConsistency(store::Study &study, const model::Rater &judge,
                                                               const std::string &split)
{
    return judgeSelfConsistency(study, judge, split, unitScoring(study, judge.id));
}

Result<std::vector<DimensionConsistency>> judgeSelfConsistency(store::Study &study, const model::Rater &judge,
                                                               const std::string &split,
                                                               const std::map<UnitKey, UnitScoring> &scoring)
{
    return capture([&]() -> std::vector<DimensionConsistency> {
        std::optional<std::set<model::Id>> inSplit;
        if (!split.empty()) {
            auto documents = documentsOfSplit(study, split);
            if (!documents)
                fail(documents.error().message, "split");
            inSplit = std::move(documents.value());
        }
        std::vector<DimensionConsistency> out;
        for (const auto &dim : study.dimensions()) {
            if (dim.kind != model::DimensionKind::Likert && dim.kind != model::DimensionKind::Binary)
                continue;
            // By candidate, so that the items come in the same order on every backend.
            std::map<model::Id, std::vector<double>> answers;
            for (const auto &row : study.ratingsOn(dim.id)) {
                if (row.rater != judge.id || (inSplit && !inSplit->contains(row.document)))
                    continue;
                const auto unit = scoring.find({row.candidate, dim.id});
                if (unit == scoring.end())
                    continue;
                if (std::vector<double> values = unit->second.answers(); values.size() >= 2)
                    answers[row.candidate] = std::move(values);
            }
            if (answers.empty())
                continue;
            DimensionConsistency c;
            c.dimension = dim.name;
            c.scaleMin = dim.scaleMin;
            c.scaleMax = dim.scaleMax;
            std::vector<std::vector<double>> items;
            c.fewestAnswers = answers.begin()->second.size();
            for (auto &[candidate, values] : answers) {
                c.fewestAnswers = std::min(c.fewestAnswers, values.size());
                c.mostAnswers = std::max(c.mostAnswers, values.size());
                items.push_back(std::move(values));
            }
            c.figures = stats::selfConsistency(items);
            out.push_back(std::move(c));
        }
        return out;
    });
}

std::string selfConsistencyText(const std::vector<DimensionConsistency> &dimensions)
{
    if (dimensions.empty())
        return "not measured: no summary has repeated answers from this judge";
    std::string text;
    for (const auto &d : dimensions) {
        const auto &f = d.figures;
        const std::string times = d.fewestAnswers == d.mostAnswers
                                      ? std::to_string(d.mostAnswers)
                                      : std::to_string(d.fewestAnswers) + " to " + std::to_string(d.mostAnswers);
        text.append(text.empty() ? "" : "; ")
            .append(d.dimension)
            .append(": vote share ")
            .append(tableNumber(f.meanVoteShare, false, false))
            .append(", leave-one-out variance ")
            .append(tableNumber(f.zeroOneVariance, false, false))
            .append(" (zero-one), ")
            .append(tableNumber(f.absoluteVariance, false, false))
            .append(" (absolute) over ")
            .append(std::to_string(f.items))
            .append(f.items == 1 ? " summary" : " summaries")
            .append(" asked ")
            .append(times)
            .append(" times");
    }
    return text;
}

} // namespace concord::reports

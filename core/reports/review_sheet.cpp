// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reports/review_sheet.h"

#include "reports/review_report.h"

#include "model/rater.h"
#include "store/study.h"

#include <algorithm>
#include <set>

namespace concord::reports {

using model::Id;

std::optional<double> ReviewSheet::rating(std::size_t summary, std::size_t dimension, std::size_t annotator) const
{
    const auto it = ratings.find({summary, dimension, annotator});
    if (it == ratings.end())
        return std::nullopt;
    return it->second;
}

Result<ReviewSheet> reviewSheet(store::Study &study, Id document)
{
    return capture([&] {
        const auto doc = study.document(document);
        if (!doc)
            fail("the study has no document with id " + std::to_string(document));
        ReviewSheet sheet;
        sheet.document = document;
        sheet.externalId = doc->externalId;
        std::map<Id, std::string> systems;
        for (const auto &s : study.systems())
            systems[s.id] = s.name;
        for (const model::Candidate &c : study.candidatesOf(document))
            sheet.summaries.push_back({c.id, systems[c.systemId]});
        for (const model::Dimension &d : study.dimensions())
            if (d.kind == model::DimensionKind::Likert)
                sheet.dimensions.push_back(d);
        std::map<std::string, Id> people; // name -> rater, sorted by name as the queue lists them
        std::optional<Id> adjudicator;
        std::map<Id, model::Rater> raters;
        for (const model::Rater &r : study.raters())
            raters[r.id] = r;
        for (const auto &[rater, on] : study.documentsWorkedOn()) {
            if (on != document)
                continue;
            const model::Rater &r = raters.at(rater);
            if (r.name == kAdjudicated || r.group == kAdjudicated) {
                adjudicator = rater;
                continue;
            }
            if (r.kind == model::RaterKind::Human)
                people[r.name] = rater;
        }
        std::map<Id, std::size_t> annotatorIndex;
        for (const auto &[name, rater] : people) {
            annotatorIndex[rater] = sheet.annotators.size();
            sheet.annotators.push_back(name);
        }
        sheet.latestDecision.resize(sheet.annotators.size());
        for (const store::ReviewRow &row : study.reviews())
            if (row.document == document)
                if (const auto a = annotatorIndex.find(row.annotator); a != annotatorIndex.end())
                    sheet.latestDecision[a->second] = row.decision;
        // One point read per cell: a document has few, and a reviewer's login of a team study may read each.
        const auto ratingsOf = [&](Id rater, auto &&put) {
            for (std::size_t s = 0; s < sheet.summaries.size(); ++s)
                for (std::size_t d = 0; d < sheet.dimensions.size(); ++d)
                    if (const auto value = study.rating(rater, sheet.summaries[s].candidate, sheet.dimensions[d].id))
                        put(s, d, *value);
        };
        for (const auto &[rater, a] : annotatorIndex)
            ratingsOf(rater, [&, a = a](std::size_t s, std::size_t d, double v) { sheet.ratings[{s, d, a}] = v; });
        if (adjudicator)
            ratingsOf(*adjudicator, [&](std::size_t s, std::size_t d, double v) { sheet.adjudicated[{s, d}] = v; });
        return sheet;
    });
}

} // namespace concord::reports

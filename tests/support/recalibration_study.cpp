// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "recalibration_study.h"

#include "store/study.h"

#include <map>
#include <string>
#include <vector>

namespace concord::test {

namespace {

// Per summary: (judge score, first expert, second expert or 0 for none). Documents d1..d3 are dev, d4 and d5
// test; d5's second summary is not scored by the judge. The dev points, (judge, human mean):
// (1, 2), (2, 1), (3, 3), (4, 4.5), (4, 4), (5, 5) -> equal x pooled: x 4 at 4.25; then (2, 1) under (1, 2)
// merges to 1.5: knots x 1 2 3 4 5, y 1.5 1.5 3 4.25 5.
struct Summary {
    double judge;
    double e1;
    double e2;
};
const std::vector<std::vector<Summary>> kDocuments{{{1, 2, 0}, {2, 1, 1}},
                                                   {{3, 3, 3}, {4, 5, 4}},
                                                   {{4, 4, 4}, {5, 5, 5}},
                                                   {{2, 2, 0}, {3.5, 4, 4}},
                                                   {{5, 5, 5}, {0, 1, 0}}};

} // namespace

void fillRecalibrationStudy(store::Study &s, bool upsideDownTest, bool split)
{
    model::Dimension coherence;
    coherence.name = "coherence";
    const model::Id dim = s.ensureDimension(coherence);
    model::Dimension overall;
    overall.name = "overall";
    overall.kind = model::DimensionKind::Rank;
    s.ensureDimension(overall);
    const model::Id e1 = s.ensureRater({0, "e1", model::RaterKind::Human, "expert", {}, {}, {}, {}});
    const model::Id e2 = s.ensureRater({0, "e2", model::RaterKind::Human, "expert", {}, {}, {}, {}});
    const model::Id judge = s.ensureRater({0, "j", model::RaterKind::Judge, {}, "openai", "m", "rts", {}});
    std::map<model::Id, std::string> splits;
    for (std::size_t d = 0; d < kDocuments.size(); ++d) {
        model::Document doc;
        doc.externalId = std::string("d").append(std::to_string(d + 1));
        doc.source = "An article.";
        const model::Id id = s.addDocument(doc);
        const bool test = d >= 3;
        splits[id] = test ? "test" : "dev";
        int k = 0;
        for (const Summary &summary : kDocuments[d]) {
            const model::Id c = s.addCandidate(id, s.ensureSystem(k++ ? "B" : "A"), "A summary.");
            if (summary.judge > 0)
                s.setRating(judge, c, dim, summary.judge);
            const auto human = [&](double v) { return test && upsideDownTest ? 6 - v : v; };
            s.setRating(e1, c, dim, human(summary.e1));
            if (summary.e2 > 0)
                s.setRating(e2, c, dim, human(summary.e2));
        }
    }
    if (split)
        s.replaceDocumentSplits(splits);
}

} // namespace concord::test

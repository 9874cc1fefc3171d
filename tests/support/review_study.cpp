// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "review_study.h"

#include "model/dimension.h"
#include "model/document.h"
#include "model/rater.h"
#include "store/study.h"

namespace concord::test {

bool makeReviewStudy(const std::string &path)
{
    auto created = store::Study::create(path);
    if (!created)
        return false;
    store::Study &s = *created.value();
    return s
        .write([&] {
            model::Dimension coherence;
            coherence.name = "coherence";
            const model::Id dim = s.ensureDimension(coherence);
            const model::Id ann = s.ensureRater({0, "ann", model::RaterKind::Human, "expert", {}, {}, {}, {}});
            const model::Id bea = s.ensureRater({0, "bea", model::RaterKind::Human, "expert", {}, {}, {}, {}});
            s.ensureRater({0, "cal", model::RaterKind::Human, "expert", {}, {}, {}, {}});
            const double annValues[3][2] = {{1, 3}, {2, 4}, {5, 5}};
            const double beaValues[2][2] = {{5, 3}, {3, 4}};
            for (int doc = 0; doc < 3; ++doc) {
                model::Document d;
                d.externalId = std::string("d").append(std::to_string(doc + 1));
                d.source = "An article.";
                const model::Id docId = s.addDocument(d);
                int k = 0;
                for (const char *system : {"A", "B"}) {
                    const model::Id c = s.addCandidate(docId, s.ensureSystem(system), "A summary.");
                    s.setRating(ann, c, dim, annValues[doc][k]);
                    if (doc < 2)
                        s.setRating(bea, c, dim, beaValues[doc][k]);
                    ++k;
                }
            }
        })
        .ok();
}

} // namespace concord::test

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "versions_study.h"

#include "reports/split_report.h"
#include "store/study.h"

#include <algorithm>

namespace concord::test {

namespace {

int humanScore(int doc, int system)
{
    return 1 + (doc * 7 + system * 3 + doc / 3) % 5;
}

// Unrelated to the experts' scores, and different across a document's systems (else the summary level has no
// correlation to compute).
int noisyScore(int doc, int system)
{
    return 1 + (doc * 13 + system * 2 + 2) % 5;
}

} // namespace

std::string fillVersionsStudy(store::Study &s)
{
    const Status written = s.write([&] {
        model::Dimension coherence;
        coherence.name = "coherence";
        const model::Id dim = s.ensureDimension(coherence);
        const model::Id ann = s.ensureRater({0, "ann", model::RaterKind::Human, "expert", {}, {}, {}, {}});
        const model::Id bea = s.ensureRater({0, "bea", model::RaterKind::Human, "expert", {}, {}, {}, {}});
        const auto judge = [&](const char *name) {
            model::Rater r;
            r.name = name;
            r.kind = model::RaterKind::Judge;
            return s.ensureRater(r);
        };
        const model::Id v1 = judge("m rts v1"), v2 = judge("m rts v2"), v3 = judge("m rts v3"), v4 = judge("m rts v4"),
                        other = judge("n rts"), imported = judge("imported");
        const auto runWith = [&](model::Id rater, const char *model, int version) {
            const model::Id run = s.addJudgeRun(
                rater, "rts", std::string("{\"provider\":\"openai\",\"model\":\"").append(model).append("\"}"));
            s.setJudgeRunTemplate(
                run, s.ensurePromptTemplate("rts", "rts-mine", version,
                                            std::string("Rate {{summary}}, v").append(std::to_string(version))));
            s.finishJudgeRun(run, "finished");
        };
        runWith(v1, "m", 1);
        runWith(other, "n", 1);
        runWith(v2, "m", 2);
        runWith(v3, "m", 3);
        runWith(v4, "m", 3);
        runWith(v4, "m", 4);
        for (int doc = 0; doc < 40; ++doc) {
            model::Document d;
            d.externalId = std::string("d").append(std::to_string(doc));
            d.source = "An article.";
            const model::Id docId = s.addDocument(d);
            for (int system = 0; system < 3; ++system) {
                const model::Id c = s.addCandidate(
                    docId, s.ensureSystem(std::string("S").append(std::to_string(system))), "A summary.");
                const int h = humanScore(doc, system);
                s.setRating(ann, c, dim, h);
                s.setRating(bea, c, dim, doc % 4 == 0 ? std::max(1, h - 1) : h);
                s.setRating(v1, c, dim, noisyScore(doc, system));
                s.setRating(v2, c, dim, h);
                s.setRating(v3, c, dim, h);
                s.setRating(v4, c, dim, noisyScore(doc, system));
                s.setRating(other, c, dim, h);
                s.setRating(imported, c, dim, h);
            }
        }
    });
    if (!written.ok())
        return written.error().describe();
    reports::SplitRequest split;
    split.dev = 0.3;
    split.seed = 5;
    const auto made = reports::splitDocuments(s, split);
    return made.ok() ? std::string() : made.error().describe();
}

} // namespace concord::test

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "calibration_study.h"

#include "store/study.h"

#include <string>

namespace concord::test {

void fillCalibrationStudy(store::Study &s)
{
    using model::Id;
    model::Dimension coherence;
    coherence.name = "coherence";
    const Id dim = s.ensureDimension(coherence);
    model::Dimension overall;
    overall.name = "overall";
    overall.kind = model::DimensionKind::Rank;
    s.ensureDimension(overall);
    const Id e1 = s.ensureRater({0, "e1", model::RaterKind::Human, "expert", {}, {}, {}, {}});
    const Id e2 = s.ensureRater({0, "e2", model::RaterKind::Human, "expert", {}, {}, {}, {}});
    const Id c1 = s.ensureRater({0, "c1", model::RaterKind::Human, "crowd", {}, {}, {}, {}});
    const Id geval = s.ensureRater({0, "geval-j", model::RaterKind::Judge, {}, "openai", "m", "geval", {}});
    const Id yes = s.ensureRater({0, "llmscore-j", model::RaterKind::Judge, {}, "openai", "m", "llmscore", {}});
    model::Document d;
    d.externalId = "d1";
    d.source = "An article.";
    const Id doc = s.addDocument(d);
    Id c[6] = {};
    for (int i = 1; i <= 5; ++i) {
        const std::string name = std::string("s").append(std::to_string(i));
        c[i] = s.addCandidate(doc, s.ensureSystem(name), std::string("Summary of ").append(name).append("."));
    }
    s.setRating(e1, c[1], dim, 4);
    s.setRating(e2, c[1], dim, 5);
    s.setRating(e1, c[2], dim, 2);
    s.setRating(e2, c[2], dim, 1);
    s.setRating(e1, c[3], dim, 3);
    s.setRating(e2, c[3], dim, 3);
    s.setRating(e1, c[4], dim, 5);
    for (int i = 1; i <= 5; ++i)
        s.setRating(c1, c[i], dim, 1);

    const Id gevalRun = s.addJudgeRun(geval, "geval", "{}");
    const Id yesRun = s.addJudgeRun(yes, "llmscore", "{}");
    const auto call = [&](Id run, Id candidate, const std::string &hash, int sample, const std::string &parsed) {
        model::JudgeCall x;
        x.runId = run;
        x.requestHash = hash;
        x.sampleIndex = sample;
        x.documentId = doc;
        x.candidateId = candidate;
        x.dimensionId = dim;
        x.parsed = parsed;
        x.valid = true;
        return s.addJudgeCall(x);
    };
    // G-Eval's evaluation steps: a call about the dimension, no method.
    model::JudgeCall steps;
    steps.runId = gevalRun;
    steps.requestHash = "steps";
    steps.dimensionId = dim;
    steps.parsed = R"({"steps": "Read it."})";
    steps.valid = true;
    s.addJudgeCall(steps);
    s.setRating(geval, c[1], dim, 4.2, call(gevalRun, c[1], "g1", 0, R"({"method": "logprobs"})"));
    // Sampling: request g2 answered twice for sample 0 (the later answer counts), and request g3.
    call(gevalRun, c[2], "g2", 0, R"({"method": "samples", "samples": 2, "valid": 2, "values": [5, 5]})");
    call(gevalRun, c[2], "g2", 0, R"({"method": "samples", "samples": 2, "valid": 2, "values": [2, 3]})");
    const Id last
        = call(gevalRun, c[2], "g3", 0, R"({"method": "samples", "samples": 3, "valid": 2, "values": [1, null, 2]})");
    s.setRating(geval, c[2], dim, 2, last);
    s.setRating(geval, c[3], dim, 3);
    s.setRating(geval, c[5], dim, 1);

    s.setRating(yes, c[1], dim, 0.9, call(yesRun, c[1], "y1", 0, R"({"method": "logprobs"})"));
    s.setRating(yes, c[2], dim, 0.3, call(yesRun, c[2], "y2", 0, R"({"method": "logprobs"})"));
    s.setRating(yes, c[3], dim, 0, call(yesRun, c[3], "y3", 0, R"({"method": "single"})"));
}

} // namespace concord::test

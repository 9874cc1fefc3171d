// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Writes the seed of fuzz_study_open: a small study with a little of everything (documents, summaries,
// dimensions, human ratings, a judge run with a call), in 512-byte pages so the seed stays small.
//   fuzz_seed_study OUTPUT
#include "fuzz_study.h"
#include "fuzz_support.h"

#include <cstdio>

using namespace concord;

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: fuzz_seed_study OUTPUT\n");
        return 2;
    }
    const std::string path = argv[1];
    fuzz::removeTempFile(path);
    auto created = store::Study::create(path);
    if (!created.ok()) {
        std::fprintf(stderr, "%s\n", created.error().describe().c_str());
        return 1;
    }
    store::Study &s = *created.value();
    const Status status = s.write([&] {
        test::fillFuzzStudy(s);
        model::Rater human;
        human.name = "alice";
        human.group = "expert";
        const model::Id alice = s.ensureRater(human);
        const model::Id d1 = *s.documentId("d1");
        const model::Id coherence = *s.dimensionId("coherence");
        const auto candidates = s.candidatesOf(d1);
        for (std::size_t i = 0; i < candidates.size(); ++i)
            s.setRating(alice, candidates[i].id, coherence, static_cast<double>(i + 2));
        model::Rater judge;
        judge.name = "judge";
        judge.kind = model::RaterKind::Judge;
        judge.protocol = "rts";
        const model::Id judgeId = s.ensureRater(judge);
        const model::Id run = s.addJudgeRun(judgeId, "rts", R"({"temperature":0,"provider":"openai","model":"m"})");
        // A template, so that a judge's versions are read from the runs too.
        s.setJudgeRunTemplate(run, s.ensurePromptTemplate("rts", "rts", 1, "Rate {{summary}}."));
        model::JudgeCall call;
        call.runId = run;
        call.requestHash = "0123456789abcdef";
        call.documentId = d1;
        call.candidateId = candidates.front().id;
        call.dimensionId = coherence;
        call.unit = R"({"document":1})";
        call.rawResponse = "Score: 4";
        call.parsedValue = 4;
        call.valid = true;
        call.httpStatus = 200;
        s.addJudgeCall(call);
        s.finishJudgeRun(run, "finished");
        s.setInfo("name", "fuzz seed");
    });
    if (!status.ok()) {
        std::fprintf(stderr, "%s\n", status.error().describe().c_str());
        return 1;
    }
    const Status small = captureStatus([&] {
        s.database().exec("PRAGMA journal_mode = DELETE");
        s.database().exec("PRAGMA page_size = 512");
        s.database().exec("VACUUM");
    });
    if (!small.ok()) {
        std::fprintf(stderr, "%s\n", small.error().describe().c_str());
        return 1;
    }
    return 0;
}

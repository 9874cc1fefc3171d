// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/batch_poll.h"

#include "judge/runner.h"
#include "store/schema.h"
#include "store/study.h"

#include <algorithm>
#include <map>

namespace concord::judge {

Result<WaitingBatches> waitingBatches(const std::string &studyPath)
{
    return capture([&]() -> WaitingBatches {
        auto opened = store::Study::open(studyPath, store::OpenOptions{true, store::Schema::migrations()});
        if (!opened)
            throw Failure(opened.error());
        store::Study &study = *opened.value();
        std::map<model::Id, std::string> judges;
        for (const auto &r : study.judgeRuns())
            judges[r.id] = r.raterName;
        WaitingBatches out;
        for (const auto &b : study.judgeBatches()) {
            if (b.state == "fetched")
                continue;
            ++out.batches;
            out.requests += b.requests;
            if (std::find(out.runs.begin(), out.runs.end(), b.runId) == out.runs.end()) {
                out.runs.push_back(b.runId);
                out.judges.push_back(judges[b.runId]);
            }
        }
        return out;
    });
}

Result<std::vector<RunBatchPoll>> pollWaitingBatches(const std::string &studyPath, long long onlyRun,
                                                     const std::string &apiKeyEnv)
{
    auto waiting = waitingBatches(studyPath);
    if (!waiting)
        return waiting.error();
    std::vector<RunBatchPoll> out;
    for (std::size_t i = 0; i < waiting.value().runs.size(); ++i) {
        const long long run = waiting.value().runs[i];
        if (onlyRun != 0 && run != onlyRun)
            continue;
        RunBatchPoll poll;
        poll.run = run;
        poll.judge = waiting.value().judges[i];
        auto settings = resumeSettings(studyPath, run);
        if (!settings) {
            poll.error = settings.error().describe();
            out.push_back(std::move(poll));
            continue;
        }
        if (!apiKeyEnv.empty())
            settings.value().provider.apiKeyEnv = apiKeyEnv;
        Runner runner(studyPath, settings.value().provider, settings.value().options);
        auto collected = runner.collectBatches(run);
        if (collected)
            poll.collected = std::move(collected.value());
        else
            poll.error = collected.error().describe();
        out.push_back(std::move(poll));
    }
    return out;
}

} // namespace concord::judge

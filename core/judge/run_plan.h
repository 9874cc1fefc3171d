// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "judge/runner.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace concord::judge {

// One judge of a plan: its provider and model, and the options of its run (protocol, units, sampling, and the
// provider's own concurrency and rate limits, online or batch).
struct PlannedJudge {
    ProviderConfig provider;
    RunOptions options;
};

// The plan's estimate: each judge's, in the plan's order, and their sum.
struct PlanEstimate {
    std::vector<std::string> names;
    std::vector<CostEstimate> judges;
    CostEstimate total;
};

// How one judge's run ended: its progress, or the error that stopped it (the other judges go on).
struct JudgeOutcome {
    std::string name;
    RunProgress progress;
    std::string error; // empty when the run ended (finished, cancelled or submitted in batches)
};

struct PlanProgress {
    std::vector<JudgeOutcome> judges; // in the plan's order
    RunProgress total;                // sumProgress of the judges'
};

// The counts of several runs added up; the time and the time left are the longest judge's, a status or fallback
// is named by its judge ("judge: ..."), and cancelled is any judge's.
RunProgress sumProgress(const std::vector<JudgeOutcome> &judges);

// Several judges over one study at once: each judge's run is a Runner of its own on a thread of its own, so each
// provider keeps its own concurrency and rate limits and a slow provider does not hold the others up, while one
// estimate and one progress cover them all. Judges that ask one model at one server with one protocol run one after
// the other, in the plan's order: the later ones reuse the earlier ones' identical answers instead of paying for
// requests still in flight. Every run keeps the guarantees of a single run (each answer stored as
// it arrives, a rerun sends nothing answered, one run of a judge at a time): running the plan again resumes it.
// Two judges of one name are refused before anything is sent.
class RunPlan {
public:
    RunPlan(std::string studyPath, std::vector<PlannedJudge> judges);
    ~RunPlan();

    Result<PlanEstimate> estimate();
    using ProgressCallback = std::function<void(const PlanProgress &)>;
    // Once per plan. Blocks until every judge's run has ended; progress is reported from the judges' threads, one at a time.
    // Fails only when the plan itself cannot run; a judge whose run fails is in its JudgeOutcome::error.
    Result<PlanProgress> run(const ProgressCallback &progress = {});
    // From any thread or a signal handler: cancels every judge's run (what was answered stays stored).
    void cancel();

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace concord::judge

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "judge/answer/scoring_method.h"
#include "judge/answer_spill.h"
#include "judge/call_queue_state.h"
#include "judge/prompt_template.h"
#include "judge/provider/http_client.h"
#include "judge/provider/provider.h"
#include "judge/runner.h"
#include "judge/work_unit.h"
#include "model/dimension.h"
#include "store/study.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace concord::judge {

// What every part of a judge run shares: what was asked (study, provider, options), what the planner made of it
// (units, prompts, how to sample), the calls and their answers' arrival, and the progress. The planner fills it,
// the queue and the dispatchers work through it, the store writes what it holds; Runner owns it.
struct RunContext {
    std::string studyPath;
    ProviderConfig providerConfig;
    RunOptions options;
    std::atomic<bool> cancelled{false};

    std::unique_ptr<store::Study> study;
    std::unique_ptr<Provider> provider;
    std::optional<PromptTemplate> prompt;
    std::optional<PromptTemplate> stepsPrompt;
    std::vector<WorkUnit> units;
    std::vector<std::vector<ChatMessage>> unitMessages;
    std::vector<ScoringMethod> unitMethods;
    std::vector<model::Dimension> stepDimensions;
    std::map<model::Id, std::string> stepsByDimension;
    SamplingOptions sampling;       // the units' requests
    SamplingOptions sampleSampling; // G-Eval's sampling requests (n = 1; n = samples where the provider has n)
    int samples = 1;                // samples per unit scored by sampling
    bool sampleUnits = false;       // units are scored by sampling (G-Eval without token probabilities; repeats)
    bool nIgnored = false;          // the server answered fewer samples than n asked for
    std::map<std::size_t, std::vector<std::string>> sampleHashCache;
    std::string fallback;
    nlohmann::json settings;
    model::Id rater = 0;
    model::Id run = 0;
    std::mt19937_64 jitter{std::random_device{}()};

    // The HTTP client's answers, handed from its thread to the run's.
    std::mutex mutex;
    std::condition_variable wake;
    std::deque<std::pair<std::size_t, HttpResponse>> events;
    HttpClient *http = nullptr;
    CallQueueState queue;

    RunProgress progress;
    std::chrono::steady_clock::time_point started;
    std::string fatal;
    Runner::ProgressCallback onProgress; // run()'s callback, for what a write reports (a busy study)
    std::size_t keptInSpill = 0;         // paid answers this run could not store, kept in the spill
    std::optional<AnswerSpill> spill;    // paid answers the study could not take yet
    std::chrono::steady_clock::time_point lastHeartbeat;
    // The requests of this judge waiting in batches not fetched yet: never sent again while they wait.
    std::optional<std::set<std::pair<std::string, int>>> inOpenBatch;
    std::string statusBefore; // of a run claimed for its batches

    std::string raterName() const { return judgeName(providerConfig, options); }
    bool geval() const { return options.plan.protocol == Protocol::Geval; }
    std::string providerName() const { return std::string(toString(providerConfig.kind)); }
    // The progress with its elapsed time and estimate to the end, handed to `callback` (if any).
    void report(const Runner::ProgressCallback &callback);
};

} // namespace concord::judge

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/run_store.h"

#include "judge/answer/answer_reader.h"
#include "judge/answer/scoring_method.h"
#include "judge/judgement_writer.h"
#include "judge/provider/http_client.h"
#include "model/json_text.h"
#include "store/run_owner.h"
#include "store/transaction.h"

#include <chrono>

namespace concord::judge {

using Clock = std::chrono::steady_clock;

RunClaim RunStore::claimRun(const Runner::ProgressCallback &callback)
{
    const Protocol protocol = m_ctx.options.plan.protocol;
    RunClaim out;
    std::optional<model::Id> &addedRater = out.addedRater;
    std::vector<model::Id> &addedTemplates = out.addedTemplates;
    model::Rater r;
    r.name = m_ctx.raterName();
    r.kind = model::RaterKind::Judge;
    r.provider = std::string(toString(m_ctx.providerConfig.kind));
    r.model = m_ctx.providerConfig.model;
    r.protocol = std::string(toString(protocol));
    r.params = {{"temperature", m_ctx.sampling.temperature},
                {"max_tokens", m_ctx.sampling.maxTokens},
                {"base_url", m_ctx.providerConfig.baseUrl}};
    m_ctx.settings = m_plan.askedSettings();
    store::BusyWait wait;
    wait.maxSeconds = m_ctx.options.busyWaitSeconds;
    wait.stop = [this] { return m_ctx.cancelled.load(); };
    wait.onWait = [&](double waited) {
        m_ctx.progress.status = "study busy, waiting… (" + std::to_string(static_cast<long long>(waited)) + " s)";
        m_ctx.report(callback);
    };
    // Claimed in one IMMEDIATE transaction: of two runs of a judge started at once, one works and
    // the other refuses, so no request is paid for twice.
    const Status st = m_ctx.study->write(
        [&] {
            m_ctx.study->markInterruptedRuns();
            const bool newRater = !m_ctx.study->raterId(r.name);
            m_ctx.rater = m_ctx.study->ensureRater(r);
            if (newRater)
                addedRater = m_ctx.rater;
            std::optional<store::JudgeRunRow> resumable;
            for (const auto &other : m_ctx.study->judgeRuns(m_ctx.rater)) {
                if (other.status == "running")
                    fail("the judge '" + r.name + "' is already running on this study: run " + std::to_string(other.id)
                         + ", pid " + std::to_string(other.owner.pid) + " on " + other.owner.host + ", started "
                         + other.startedAt + "; wait for it to finish or stop it, then run again");
                if (other.status == "interrupted" && other.protocol == toString(protocol))
                    resumable = other;
            }
            // The judge's interrupted run goes on under its id: it is resumed, not left behind.
            if (resumable) {
                m_ctx.run = resumable->id;
                m_ctx.study->setJudgeRunSettings(m_ctx.run, model::JsonText::dump(m_plan.currentSettings()));
            } else {
                m_ctx.run = m_ctx.study->addJudgeRun(m_ctx.rater, toString(protocol),
                                                     model::JsonText::dump(m_plan.currentSettings()));
            }
            m_ctx.study->claimJudgeRun(m_ctx.run, store::RunOwner::current());
            const int version = m_ctx.options.templateText ? m_ctx.options.templateVersion
                                                           : PromptTemplate::builtinVersion(toString(protocol));
            const auto ensureTemplate
                = [&](std::string_view proto, const std::string &name, int templateVersion, const std::string &text) {
                      const bool added = !m_ctx.study->promptTemplateId(proto, name, templateVersion);
                      const model::Id id = m_ctx.study->ensurePromptTemplate(proto, name, templateVersion, text);
                      if (added)
                          addedTemplates.push_back(id);
                      return id;
                  };
            m_ctx.study->setJudgeRunTemplate(
                m_ctx.run, ensureTemplate(toString(protocol), m_ctx.prompt->name(), version, m_ctx.prompt->text()));
            if (m_ctx.stepsPrompt)
                ensureTemplate("geval-steps", m_ctx.stepsPrompt->name(), PromptTemplate::builtinVersion("geval-steps"),
                               m_ctx.stepsPrompt->text());
        },
        wait);
    m_ctx.progress.status.clear();
    if (!st)
        throw Failure(st.error());
    m_ctx.progress.run = m_ctx.run;
    m_ctx.lastHeartbeat = Clock::now();
    m_ctx.progress.notice = sameModelAtWork();
    return out;
}

std::string RunStore::sameModelAtWork()
{
    const std::string endpoint = m_ctx.provider->endpoint();
    const std::string protocol(toString(m_ctx.options.plan.protocol));
    std::vector<store::JudgeRunRow> others;
    for (auto &r : m_ctx.study->judgeRuns()) {
        if (r.id == m_ctx.run || r.rater == m_ctx.rater || r.status != "running" || r.protocol != protocol)
            continue;
        const auto j = model::JsonText::parseOrDiscarded(r.settings);
        if (j.is_object() && j.value("endpoint", std::string()) == endpoint
            && j.value("model", std::string()) == m_ctx.providerConfig.model)
            others.push_back(std::move(r));
    }
    if (others.empty())
        return {};
    const store::JudgeRunRow &first = others.front();
    std::string out = "judge '" + first.raterName + "' (run " + std::to_string(first.id) + ", pid "
                      + std::to_string(first.owner.pid) + " on " + first.owner.host + ")";
    if (others.size() > 1)
        out += " and " + std::to_string(others.size() - 1) + " more";
    out += std::string(others.size() > 1 ? " are" : " is")
           + " running the same model and protocol on this study now: a request identical to one on its way for it is "
             "paid by both runs (what either has answered, the other takes at no cost); to pay once, run them one "
             "after the other, or as one plan";
    return out;
}

void RunStore::discardRun(const RunClaim &claim)
{
    (void)m_ctx.study->write([&] { m_ctx.study->discardJudgeRun(m_ctx.run, claim.addedRater, claim.addedTemplates); });
}

void RunStore::finishRun(const std::string &status)
{
    commit([&] {
        m_ctx.study->setJudgeRunSettings(m_ctx.run, model::JsonText::dump(m_plan.currentSettings()));
        m_ctx.study->finishJudgeRun(m_ctx.run, status);
    });
}

// Stores an answered call and what it means. Callers wrap it in a transaction (see commit()).
void RunStore::storeAnswer(RunCall &c, model::JudgeCall call, const ChatResponse &response)
{
    if (c.kind == CallKind::Steps) {
        ParsedAnswer steps
            = parseEvaluationSteps(response.choices.empty() ? std::string() : response.choices.front().text);
        call.valid = steps.valid;
        call.invalidReason = steps.invalidReason;
        call.parsed = model::JsonText::dump(steps.detail);
        m_ctx.study->addJudgeCall(call);
        // Kept either way; without steps the run stops before the scoring calls (see run()).
        if (steps.valid)
            m_ctx.stepsByDimension[m_ctx.stepDimensions[c.unit].id] = steps.detail.value("steps", std::string());
        else
            ++m_ctx.progress.invalid;
        return;
    }
    const UnitContext context = m_plan.unitContext(c.unit);
    JudgementWriter writer(*m_ctx.study, m_ctx.rater, m_ctx.options.plan.protocol);
    if (c.kind == CallKind::Samples) {
        const ParsedAnswer answer = readSamples(context, response);
        if (!answer.valid)
            ++m_ctx.progress.invalid;
        writer.storeSample(context, std::move(call), answer, m_plan.sampleHashes(c.unit));
        return;
    }
    if (m_ctx.geval() && !hasScoreProbabilities(context, response)) {
        // Asked for token probabilities and answered without: kept as asked, and the unit is
        // scored by sampling (followUp) rather than by this one answer at the run's temperature.
        ParsedAnswer answer = response.choices.empty() ? ParsedAnswer::invalid("the answer had no choices")
                                                       : readText(context, response.choices.front().text);
        answer.detail["method"] = std::string(toString(ScoringMethod::Single));
        answer.detail["note"] = "no token probabilities in the answer: the unit is scored by the mean of samples";
        if (!answer.valid)
            ++m_ctx.progress.invalid;
        writer.storeUnused(std::move(call), answer);
        return;
    }
    ParsedAnswer answer = readAnswer(context, response);
    if (!answer.valid)
        ++m_ctx.progress.invalid;
    c.outcome = answer.valid               ? CallOutcome::Valid
                : response.choices.empty() ? CallOutcome::Unread
                                           : CallOutcome::Refused;
    if (c.reask > 0) {
        answer.detail["reask"] = c.reask;
        answer.detail["reask_of"] = c.reaskOf;
    }
    c.storedId = writer.store(context, std::move(call), answer);
}

void RunStore::storeFailure(const RunCall &c, const HttpResponse &r, const std::string &why)
{
    model::JudgeCall call = m_plan.baseCall(c);
    call.httpStatus = r.status;
    call.rawResponse = bodyExcerpt(r); // no answer: a bounded excerpt and the size are enough
    call.error = why;
    call.latencyMs = r.seconds * 1000;
    call.invalidReason = why;
    m_ctx.study->addJudgeCall(call);
}

// One transaction for what arrived together: committed before the runner waits again. A busy study
// is waited for (options.busyWaitSeconds), and the paid answers in `paid` are first put in the
// spill, so that neither a kill meanwhile nor a study that stays busy loses them.
void RunStore::commit(const std::function<void()> &fn, const std::vector<SpilledAnswer> &paid)
{
    bool spilled = false;
    auto keep = [&] {
        if (!spilled && !paid.empty() && m_ctx.spill) {
            m_ctx.spill->append(paid);
            spilled = true;
        }
    };
    const std::size_t invalidBefore = m_ctx.progress.invalid;
    store::BusyWait wait;
    wait.maxSeconds = m_ctx.options.busyWaitSeconds;
    wait.stop = [this] { return m_ctx.cancelled.load(); };
    wait.onWait = [&](double waited) {
        keep();
        m_ctx.progress.invalid = invalidBefore; // the rolled-back try counted its answers already
        m_ctx.progress.status = "study busy, waiting… (" + std::to_string(static_cast<long long>(waited)) + " s)";
        m_ctx.report(m_ctx.onProgress);
    };
    const Status st = m_ctx.study->write(
        [&] {
            fn();
            if (m_ctx.run
                && Clock::now() - m_ctx.lastHeartbeat > std::chrono::seconds(store::RunOwner::kHeartbeatSeconds))
                m_ctx.study->touchJudgeRun(m_ctx.run);
        },
        wait);
    if (!m_ctx.progress.status.empty()) {
        m_ctx.progress.status.clear();
        m_ctx.report(m_ctx.onProgress);
    }
    if (!st) {
        m_ctx.progress.invalid = invalidBefore;
        if (paid.empty())
            throw Failure(st.error());
        try {
            keep();
        } catch (const Failure &f) {
            fail(st.error().message + "; and the " + std::to_string(paid.size())
                 + " answers already paid for could not be kept either: " + f.error().message);
        }
        m_ctx.keptInSpill += paid.size();
        throw Failure(st.error());
    }
    if (Clock::now() - m_ctx.lastHeartbeat > std::chrono::seconds(store::RunOwner::kHeartbeatSeconds))
        m_ctx.lastHeartbeat = Clock::now();
    if (spilled)
        pruneSpill();
}

// The owner at work: refreshed now and then, so a run on another host sharing the study is not
// taken for dead. A busy study just leaves it for the next time.
void RunStore::heartbeat()
{
    if (!m_ctx.run || Clock::now() - m_ctx.lastHeartbeat < std::chrono::seconds(store::RunOwner::kHeartbeatSeconds))
        return;
    m_ctx.lastHeartbeat = Clock::now();
    (void)m_ctx.study->write([&] { m_ctx.study->touchJudgeRun(m_ctx.run); });
}

// Drops from the spill what the study holds now; the file goes when nothing is left.
void RunStore::pruneSpill()
{
    if (!m_ctx.spill || m_ctx.spill->size() == 0)
        return;
    m_ctx.spill->keepOnly(
        [this](const SpilledAnswer &a) { return !m_ctx.study->answeredCall(a.hash, a.sample, m_ctx.rater); });
}

// An answer as kept in the spill until the study takes it.
SpilledAnswer RunStore::spilled(const model::JudgeCall &call)
{
    SpilledAnswer a;
    a.hash = call.requestHash;
    a.sample = call.sampleIndex;
    a.status = call.httpStatus;
    a.body = call.rawResponse;
    a.tokensIn = call.tokensIn;
    a.tokensOut = call.tokensOut;
    a.cost = call.cost;
    a.latencyMs = call.latencyMs;
    a.attempts = call.attempts;
    a.startedAt = call.startedAt;
    a.finishedAt = call.finishedAt;
    return a;
}

void RunStore::saveSettings()
{
    if (m_ctx.run)
        commit([&] { m_ctx.study->setJudgeRunSettings(m_ctx.run, model::JsonText::dump(m_plan.currentSettings())); });
}

// Claims a run of the study that is not running, for polling its batches.
void RunStore::claimForBatches(long long runId)
{
    const Status st = m_ctx.study->write([&] {
        m_ctx.study->markInterruptedRuns();
        std::optional<store::JudgeRunRow> row;
        for (auto &r : m_ctx.study->judgeRuns())
            if (r.id == runId)
                row = std::move(r);
        if (!row)
            fail("there is no judge run " + std::to_string(runId) + " in " + m_ctx.studyPath, "run");
        if (row->status == "running")
            fail("run " + std::to_string(runId) + " of '" + row->raterName + "' is at work (pid "
                     + std::to_string(row->owner.pid) + " on " + row->owner.host
                     + "); its batches are polled once it stops",
                 "run");
        m_ctx.rater = row->rater;
        m_ctx.run = runId;
        m_ctx.statusBefore = row->status;
        m_ctx.study->claimJudgeRun(m_ctx.run, store::RunOwner::current());
    });
    if (!st)
        throw Failure(st.error());
    m_ctx.progress.run = m_ctx.run;
    m_ctx.lastHeartbeat = Clock::now();
}

} // namespace concord::judge

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Several judges in one run plan against the local test server: three judges (two models at one OpenAI-compatible
// server, one at Anthropic; three protocols) run at once, each within its own concurrency, under one progress whose
// counts are the judges' sums; every answer stored once, and the plan run again sends nothing; a judge that fails
// leaves the others to finish; two judges of one name are refused before anything is sent; cancelling stops all.
#include "judge/run_plan.h"
#include "judge/runner.h"
#include "judge_study.h"
#include "store/study.h"
#include "test_llm_server.h"

#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <map>
#include <mutex>
#include <thread>

using namespace concord;
using namespace concord::judge;
using concord::test::JudgeStudy;
using concord::test::RecordedRequest;
using concord::test::Reply;
using concord::test::TestLlmServer;

namespace {

constexpr int kDelayMs = 60;

// Arrival times per model: with a fixed delay each request is in flight for [arrival, arrival + delay], from which
// the most requests of one model (or of two models) in flight at once follows.
struct Arrivals {
    std::mutex mutex;
    std::map<std::string, std::vector<std::chrono::steady_clock::time_point>> byModel;

    void add(const std::string &model)
    {
        std::lock_guard lock(mutex);
        byModel[model].push_back(std::chrono::steady_clock::now());
    }
    // The most requests of these models whose windows overlap at one arrival.
    int mostAtOnce(const std::vector<std::string> &models)
    {
        std::lock_guard lock(mutex);
        std::vector<std::chrono::steady_clock::time_point> all;
        for (const std::string &m : models)
            all.insert(all.end(), byModel[m].begin(), byModel[m].end());
        int most = 0;
        const auto window = std::chrono::milliseconds(kDelayMs);
        for (const auto &t : all) {
            int n = 0;
            for (const auto &u : all)
                n += u <= t && t < u + window;
            most = std::max(most, n);
        }
        return most;
    }
};

std::string modelOf(const RecordedRequest &r)
{
    for (const char *m : {"model-a", "model-b", "claude-c"})
        if (r.body.find(std::string("\"model\":\"") + m + "\"") != std::string::npos)
            return m;
    return "?";
}

PlannedJudge judgeOf(ProviderKind kind, const std::string &url, const std::string &model, Protocol protocol,
                     int concurrency)
{
    PlannedJudge j;
    j.provider = {kind, url, model, {}};
    j.options.plan.protocol = protocol;
    j.options.concurrency = concurrency;
    j.options.maxAttempts = 1;
    j.options.price = {1000, 1000};
    return j;
}

} // namespace

class TestJudgeRunPlan : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void threeJudgesRunAtOnceWithinTheirOwnLimits();
    void aFailingJudgeLeavesTheOthersToFinish();
    void twoJudgesOfOneNameAreRefusedBeforeAnythingIsSent();
    void judgesOfOneModelAndProtocolPayOnce();
    void cancellingStopsEveryJudge();
    void estimateIsTheJudgesSum();
    void aJudgeOfTheSameModelAtWorkIsSaid();

private:
    std::vector<PlannedJudge> threeJudges() const;
    std::size_t storedCalls(const std::string &rater, const std::string &protocol) const;

    std::unique_ptr<QTemporaryDir> m_dir;
    std::string m_study;
    std::unique_ptr<TestLlmServer> m_server;
    std::unique_ptr<Arrivals> m_arrivals;
    std::atomic<int> m_anthropicStatus{200};
    std::atomic<int> m_delayMs{kDelayMs};
};

void TestJudgeRunPlan::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_study = m_dir->filePath(QStringLiteral("study.concord")).toStdString();
    QCOMPARE(JudgeStudy::create(QString::fromStdString(m_study)), QString());
    m_arrivals = std::make_unique<Arrivals>();
    m_anthropicStatus = 200;
    m_delayMs = kDelayMs;
    m_server = std::make_unique<TestLlmServer>();
    m_server->setHandler([this](const RecordedRequest &r) {
        const std::string model = modelOf(r);
        m_arrivals->add(model);
        Reply reply = model == "claude-c"  ? Reply::anthropic({"Score: 3"})
                      : model == "model-b" ? Reply::openAi("Answer: D")
                                           : Reply::openAi("The summary reads well.\nScore: 4");
        if (model == "claude-c" && m_anthropicStatus != 200)
            reply = Reply::json(m_anthropicStatus, R"({"type":"error","error":{"type":"authentication_error",)"
                                                   R"("message":"invalid x-api-key"}})");
        reply.delayMs = m_delayMs.load();
        return reply;
    });
    QVERIFY(m_server->start() > 0);
}

std::vector<PlannedJudge> TestJudgeRunPlan::threeJudges() const
{
    const std::string url = m_server->baseUrl() + "/v1";
    return {judgeOf(ProviderKind::OpenAI, url, "model-a", Protocol::Rts, 1),
            judgeOf(ProviderKind::OpenAI, url, "model-b", Protocol::Mcq, 3),
            judgeOf(ProviderKind::Anthropic, url, "claude-c", Protocol::LlmEval, 2)};
}

std::size_t TestJudgeRunPlan::storedCalls(const std::string &rater, const std::string &protocol) const
{
    auto study = store::Study::open(m_study);
    if (!study)
        return 0;
    const auto id = study.value()->raterId(rater);
    return id ? study.value()->judgeCalls(*id, protocol).size() : 0;
}

void TestJudgeRunPlan::threeJudgesRunAtOnceWithinTheirOwnLimits()
{
    RunPlan plan(m_study, threeJudges());
    std::size_t reports = 0;
    std::size_t lastDone = 0;
    bool monotone = true;
    bool sums = true;
    const auto result = plan.run([&](const PlanProgress &p) {
        ++reports;
        monotone = monotone && p.total.done >= lastDone;
        lastDone = p.total.done;
        std::size_t done = 0;
        for (const JudgeOutcome &j : p.judges)
            done += j.progress.done;
        sums = sums && done == p.total.done;
    });
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().describe().c_str());
    QVERIFY(reports > 0);
    QVERIFY(monotone);
    QVERIFY(sums);
    const PlanProgress &p = result.value();
    QCOMPARE(p.judges.size(), std::size_t(3));
    QCOMPARE(p.judges[0].name, std::string("model-a rts"));
    QCOMPARE(p.judges[1].name, std::string("model-b mcq"));
    QCOMPARE(p.judges[2].name, std::string("claude-c llmeval"));
    for (const JudgeOutcome &j : p.judges) {
        QVERIFY2(j.error.empty(), j.error.c_str());
        QCOMPARE(j.progress.total, std::size_t(JudgeStudy::calls));
        QCOMPARE(j.progress.sent, std::size_t(JudgeStudy::calls));
        QCOMPARE(j.progress.failed, std::size_t(0));
        QCOMPARE(j.progress.invalid, std::size_t(0));
    }
    QCOMPARE(p.total.total, std::size_t(3 * JudgeStudy::calls));
    QCOMPARE(p.total.done, std::size_t(3 * JudgeStudy::calls));
    QCOMPARE(p.total.sent, std::size_t(3 * JudgeStudy::calls));
    QCOMPARE(p.total.cost, p.judges[0].progress.cost + p.judges[1].progress.cost + p.judges[2].progress.cost);
    QVERIFY(p.total.cost > 0);
    // Each request sent once, each answer stored once, under its judge.
    QCOMPARE(m_server->requestCount(), std::size_t(3 * JudgeStudy::calls));
    QCOMPARE(storedCalls("model-a rts", "rts"), std::size_t(JudgeStudy::calls));
    QCOMPARE(storedCalls("model-b mcq", "mcq"), std::size_t(JudgeStudy::calls));
    QCOMPARE(storedCalls("claude-c llmeval", "llmeval"), std::size_t(JudgeStudy::calls));
    // Each judge within its own concurrency; the judges of one concurrency each ran beside each other.
    QCOMPARE(m_arrivals->mostAtOnce({"model-a"}), 1);
    QVERIFY(m_arrivals->mostAtOnce({"model-b"}) <= 3);
    QVERIFY(m_arrivals->mostAtOnce({"claude-c"}) <= 2);
    QVERIFY(m_arrivals->mostAtOnce({"model-a", "claude-c"}) >= 2);

    // Run again: every call is answered, nothing is sent.
    m_server->reset();
    RunPlan again(m_study, threeJudges());
    const auto second = again.run();
    QVERIFY(second.ok());
    QCOMPARE(second.value().total.sent, std::size_t(0));
    QCOMPARE(second.value().total.cached, std::size_t(3 * JudgeStudy::calls));
    QCOMPARE(m_server->requestCount(), std::size_t(0));
    QCOMPARE(storedCalls("model-a rts", "rts"), std::size_t(JudgeStudy::calls));
}

void TestJudgeRunPlan::aFailingJudgeLeavesTheOthersToFinish()
{
    m_anthropicStatus = 401;
    RunPlan plan(m_study, threeJudges());
    const auto result = plan.run();
    QVERIFY(result.ok());
    const PlanProgress &p = result.value();
    QVERIFY(p.judges[0].error.empty());
    QVERIFY(p.judges[1].error.empty());
    QCOMPARE(p.judges[0].progress.done, std::size_t(JudgeStudy::calls));
    QCOMPARE(p.judges[1].progress.done, std::size_t(JudgeStudy::calls));
    // The refused judge: its run failed, naming the provider's reason, and stored nothing.
    const JudgeOutcome &refused = p.judges[2];
    QVERIFY2(refused.error.find("the provider refused the request (HTTP 401)") != std::string::npos,
             refused.error.c_str());
    QCOMPARE(refused.progress.done, std::size_t(0));
    QCOMPARE(storedCalls("model-a rts", "rts"), std::size_t(JudgeStudy::calls));
    QCOMPARE(storedCalls("model-b mcq", "mcq"), std::size_t(JudgeStudy::calls));
}

void TestJudgeRunPlan::twoJudgesOfOneNameAreRefusedBeforeAnythingIsSent()
{
    auto judges = threeJudges();
    judges[0].options.raterName = "one name";
    judges[2].options.raterName = "one name";
    RunPlan plan(m_study, judges);
    const auto result = plan.run();
    QVERIFY(!result.ok());
    QCOMPARE(result.error().field, std::string("rater"));
    QVERIFY2(result.error().message.find("judges 1 and 3 of the plan have one name, 'one name'") != std::string::npos,
             result.error().message.c_str());
    const auto estimate = plan.estimate();
    QVERIFY(!estimate.ok());
    QCOMPARE(m_server->requestCount(), std::size_t(0));
    QCOMPARE(storedCalls("one name", "rts"), std::size_t(0));
    RunPlan empty(m_study, {});
    QVERIFY(!empty.run().ok());
}

// Two names for one model, server and protocol send identical requests: they run one after the other, the second
// storing the first's answers from the cache at no cost, while a judge of another model runs beside them.
void TestJudgeRunPlan::judgesOfOneModelAndProtocolPayOnce()
{
    auto judges = threeJudges();
    judges[0].options.raterName = "first";
    judges[2] = judges[0];
    judges[2].options.raterName = "second";
    judges[2].options.concurrency = 4;
    RunPlan plan(m_study, judges);
    const auto result = plan.run();
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().describe().c_str());
    const PlanProgress &p = result.value();
    for (const JudgeOutcome &j : p.judges)
        QVERIFY2(j.error.empty(), j.error.c_str());
    QCOMPARE(p.judges[0].progress.sent, std::size_t(JudgeStudy::calls));
    QCOMPARE(p.judges[2].progress.sent, std::size_t(0));
    QCOMPARE(p.judges[2].progress.cached, std::size_t(JudgeStudy::calls));
    QCOMPARE(p.judges[2].progress.cost, 0.0);
    // model-a was asked each prompt once, one at a time (the first judge's concurrency; the second sent nothing).
    QCOMPARE(m_server->requestCount(), std::size_t(2 * JudgeStudy::calls));
    QCOMPARE(m_arrivals->mostAtOnce({"model-a"}), 1);
    // model-b ran beside them.
    QVERIFY(m_arrivals->mostAtOnce({"model-a", "model-b"}) >= 2);
    QCOMPARE(storedCalls("first", "rts"), std::size_t(JudgeStudy::calls));
    QCOMPARE(storedCalls("second", "rts"), std::size_t(JudgeStudy::calls));
    QCOMPARE(storedCalls("model-b mcq", "mcq"), std::size_t(JudgeStudy::calls));
}

void TestJudgeRunPlan::cancellingStopsEveryJudge()
{
    m_delayMs = 2000;
    RunPlan plan(m_study, threeJudges());
    std::atomic<bool> cancelled{false};
    const auto started = std::chrono::steady_clock::now();
    const auto result = plan.run([&](const PlanProgress &p) {
        // Once every judge has a request on its way, the plan is cancelled (from the progress, as Ctrl+C would).
        if (!cancelled && m_server->requestCount() >= 6 && p.total.inFlight >= 3) {
            cancelled = true;
            plan.cancel();
        }
    });
    QVERIFY(result.ok());
    QVERIFY(cancelled);
    QVERIFY(result.value().total.cancelled);
    for (const JudgeOutcome &j : result.value().judges) {
        QVERIFY(j.progress.cancelled);
        QVERIFY(j.progress.done < std::size_t(JudgeStudy::calls));
    }
    // Far sooner than the calls would have taken (12 calls at 2 s, one at a time for model-a).
    QVERIFY(std::chrono::steady_clock::now() - started < std::chrono::seconds(20));
}

void TestJudgeRunPlan::estimateIsTheJudgesSum()
{
    RunPlan plan(m_study, threeJudges());
    const auto e = plan.estimate();
    QVERIFY2(e.ok(), e.ok() ? "" : e.error().describe().c_str());
    QCOMPARE(e.value().judges.size(), std::size_t(3));
    QCOMPARE(e.value().names.at(2), std::string("claude-c llmeval"));
    double cost = 0, batchCost = 0;
    std::size_t calls = 0;
    for (const CostEstimate &c : e.value().judges) {
        QCOMPARE(c.calls, std::size_t(JudgeStudy::calls));
        calls += c.calls;
        cost += c.cost;
        batchCost += c.batchCost;
    }
    QCOMPARE(e.value().total.calls, calls);
    QCOMPARE(e.value().total.cost, cost);
    QCOMPARE(e.value().total.batchCost, batchCost);
    QVERIFY(cost > 0);
    QCOMPARE(e.value().total.batchPriceFactor, 0.5);
    QCOMPARE(m_server->requestCount(), std::size_t(0));
}

// Two judges of one server, model and protocol run apart (two processes, or the window and the command line) cannot
// see each other's requests in flight: the later run says so, naming the other; one of another model, or one started
// after the first has finished, says nothing.
void TestJudgeRunPlan::aJudgeOfTheSameModelAtWorkIsSaid()
{
    m_delayMs = 150;
    const auto judges = threeJudges();
    PlannedJudge first = judges[0];
    first.options.raterName = "first";
    std::optional<Result<RunProgress>> firstResult;
    std::thread firstRun([&] { firstResult = Runner(m_study, first.provider, first.options).run(); });
    QTRY_VERIFY_WITH_TIMEOUT(m_server->requestCount() >= 1, 10000);

    PlannedJudge second = first;
    second.options.raterName = "second";
    const auto beside = Runner(m_study, second.provider, second.options).run();
    PlannedJudge other = judges[1];
    const auto otherModel = Runner(m_study, other.provider, other.options).run();
    firstRun.join();
    QVERIFY(firstResult && firstResult->ok());
    QVERIFY2(beside.ok(), beside.ok() ? "" : beside.error().describe().c_str());
    const QString notice = QString::fromStdString(beside.value().notice);
    QVERIFY2(notice.contains(QStringLiteral("judge 'first' (run %1").arg(firstResult->value().run))
                 && notice.contains(QStringLiteral("same model and protocol"))
                 && notice.contains(QStringLiteral("paid by both")),
             qPrintable(notice));
    QVERIFY(firstResult->value().notice.empty()); // nothing of its kind was at work when it started
    QVERIFY(otherModel.ok());
    QVERIFY2(otherModel.value().notice.empty(), otherModel.value().notice.c_str());

    PlannedJudge third = first;
    third.options.raterName = "third";
    const auto after = Runner(m_study, third.provider, third.options).run();
    QVERIFY(after.ok());
    QVERIFY2(after.value().notice.empty(), after.value().notice.c_str());
    QCOMPARE(after.value().sent, std::size_t(0)); // everything answered by then: taken from the cache
}

QTEST_GUILESS_MAIN(TestJudgeRunPlan)
#include "tst_judge_run_plan.moc"

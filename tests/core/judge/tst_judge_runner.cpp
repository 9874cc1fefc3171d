// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The judge runner end to end against the local test server on 127.0.0.1: every protocol, retries
// and backoff, the cache, resume after cancel, the concurrency limit, failures, and the API key never
// reaching the study, an export or the output.
#include "io/study_exporter.h"
#include "judge/recorded_import.h"
#include "judge/runner.h"
#include "store/study.h"
#include "test_llm_server.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <cmath>

using namespace concord;
using namespace concord::judge;
using concord::test::Reply;
using concord::test::ReplyToken;
using concord::test::TestLlmServer;
using model::Id;

namespace {

// A canonical, well-formed answer for each protocol, as a model would write it.
Reply answerFor(Protocol p)
{
    switch (p) {
    case Protocol::Rts:
        return Reply::openAi("The summary keeps the main point and reads well.\nScore: 4");
    case Protocol::LlmEval:
        return Reply::openAi("Score: 3");
    case Protocol::Mcq:
        return Reply::openAi("Answer: D");
    case Protocol::LikertMulti:
        return Reply::openAi("Coherence: 4\nRelevance: 2");
    case Protocol::Geval:
        return Reply::openAiLogprobs(
            "4", {{"4", std::log(0.6), {{"4", std::log(0.6)}, {"3", std::log(0.3)}, {"5", std::log(0.1)}}}});
    case Protocol::LlmScore:
        return Reply::openAiLogprobs("Yes", {{"Yes", std::log(0.8), {{"Yes", std::log(0.8)}, {"No", std::log(0.2)}}}});
    case Protocol::H2h:
        return Reply::openAi("A");
    case Protocol::Pairwise:
        return Reply::openAi("1");
    case Protocol::LlmCompare:
        return Reply::openAi("The first summary covers the decision.\nDecision: 1");
    case Protocol::LlmRank:
        return Reply::openAi("Ranking: 1, 3, 2");
    case Protocol::Pyramid:
        return Reply::openAi("Yes");
    case Protocol::Factuality:
        return Reply::openAi("No");
    }
    return Reply::openAi("Score: 4");
}

// G-Eval against one document on coherence: its three summaries, each with what a server answers.
struct GevalUnit {
    const char *system;
    const char *summary;              // as the prompt quotes it: tells the server which unit it is asked
    std::vector<ReplyToken> tokens;   // the answer with token probabilities
    std::vector<std::string> samples; // the four answers sampled at temperature 2
};

// Means by hand. With token probabilities (Σ s·p(s) over the valid scores):
//   sysA 4·0.6 + 3·0.3 + 5·0.1 = 3.8;  sysB 2·0.5 + 1·0.25 + 3·0.25 = 2.0;  sysC 5·0.9 + 4·0.1 = 4.9.
// By sampling (the mean of the valid samples; a refusal is invalid and left out):
//   sysA (5 + 4 + 4) / 3 = 13/3;  sysB (2 + 3 + 3 + 2) / 4 = 2.5;  sysC (1 + 1 + 2 + 1) / 4 = 1.25.
const std::vector<GevalUnit> &gevalUnits()
{
    static const std::vector<GevalUnit> units{
        {"sysA",
         "Council 0 chose a market hall.",
         {{"4", std::log(0.6), {{"4", std::log(0.6)}, {"3", std::log(0.3)}, {"5", std::log(0.1)}}}},
         {"Score: 5", "Score: 4", "I'm sorry, but I can't help with evaluating this.", "Score: 4"}},
        {"sysB",
         "A hall will be built by council 0.",
         {{"2", std::log(0.5), {{"2", std::log(0.5)}, {"1", std::log(0.25)}, {"3", std::log(0.25)}}}},
         {"2", "3", "3", "2"}},
        {"sysC",
         "Council 0 met.",
         {{"5", std::log(0.9), {{"5", std::log(0.9)}, {"4", std::log(0.1)}}}},
         {"1", "1", "2", "1"}},
    };
    return units;
}

const GevalUnit *gevalUnitOf(const std::string &body)
{
    for (const GevalUnit &u : gevalUnits())
        if (body.find(u.summary) != std::string::npos)
            return &u;
    return nullptr; // the evaluation-steps call
}

Reply gevalSteps()
{
    return Reply::openAi("1. Read the article.\n2. Compare the summary with it.\n3. Give a score.");
}

// How a server without token probabilities still answers a request that asks for them.
enum class Probe { NoLogprobs, LogprobsWithoutAlternatives };

Reply probeAnswer(Probe probe)
{
    if (probe == Probe::NoLogprobs)
        return Reply::openAi("Score: 3");
    // The chosen tokens' probabilities only: top_logprobs is ignored.
    return Reply::openAiLogprobs("Score: 3",
                                 {{"Score", std::log(0.9), {}}, {":", std::log(0.99), {}}, {" 3", std::log(0.7), {}}});
}

} // namespace

class TestJudgeRunner : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void eachProtocol_data();
    void eachProtocol();
    void retriesHonourRetryAfterAndBackOff();
    void retryAfterPausesTheWholeRun();
    void baseUrlQueryStaysAfterThePath_data();
    void baseUrlQueryStaysAfterThePath();
    void secondRunSendsNothing();
    void identicalRequestsAreSentOnce();
    void resumeAfterCancelSendsOnlyWhatIsMissing();
    void concurrencyLimitHolds();
    void apiKeyNeverPersisted();
    void refusedKeyStopsTheRun();
    void malformedAnswersRetriedThenRecordedAsFailed();
    void timeoutsAreRetried();
    void invalidAnswersAreKeptWithTheirText();
    void gevalFallsBackToSamplesWithoutLogprobs();
    void llmscoreRefusedWithoutLogprobs();
    void gevalWithLogprobsAsksOncePerUnit();
    void gevalWithoutLogprobsSamplesWithN_data();
    void gevalWithoutLogprobsSamplesWithN();
    void gevalSamplesOneRequestEachWhenNIsIgnored();
    void recordedGevalShowsHowItWasScored();
    void estimateCountsCallsAndCost();
    void recordedJudgementsImport();
    void recordedImportIsAllOrNothing();
    void recordedRepeatsAreCountedAndTheLaterWins();
    void recordedImportRefusesDeepOrBadLines_data();
    void recordedImportRefusesDeepOrBadLines();
    void serverTextThatIsNotUtf8IsStoredRepaired();

private:
    RunOptions options(Protocol protocol) const;
    ProviderConfig openAi() const;
    std::size_t countRows(const char *sql);
    double ratingOf(const char *rater, const char *system);
    RunOptions gevalOptions() const;

    QTemporaryDir m_dir;
    std::string m_path;
    std::unique_ptr<TestLlmServer> m_server;
};

void TestJudgeRunner::init()
{
    m_path = m_dir.filePath(QStringLiteral("study-%1.concord").arg(QDateTime::currentMSecsSinceEpoch())).toStdString();
    auto created = store::Study::create(m_path);
    QVERIFY(created.ok());
    store::Study &s = *created.value();
    QVERIFY(s.write([&] {
                 for (int d = 0; d < 2; ++d) {
                     model::Document doc;
                     doc.externalId = std::string("doc").append(std::to_string(d));
                     // Each document its own text, so that every unit sends a request of its own.
                     doc.source = std::string("Council ")
                                      .append(std::to_string(d))
                                      .append(" voted to build a market hall. Work starts in March.");
                     doc.requirement = "Summarise the decision.";
                     doc.scus = {"the council voted for a market hall", "work starts in March"};
                     const Id id = s.addDocument(doc);
                     const std::string n = std::to_string(d);
                     s.addCandidate(
                         id, s.ensureSystem("sysA"),
                         std::string("Council ").append(n).append(" chose a market hall. Work starts in March."));
                     s.addCandidate(id, s.ensureSystem("sysB"),
                                    std::string("A hall will be built by council ").append(n).append("."));
                     s.addCandidate(id, s.ensureSystem("sysC"), std::string("Council ").append(n).append(" met."));
                 }
                 for (const char *name : {"coherence", "relevance"}) {
                     model::Dimension dim;
                     dim.name = name;
                     dim.definition = std::string("How good the summary is on ").append(name).append(".");
                     dim.labels = {"very poor", "poor", "fair", "good", "very good"};
                     s.ensureDimension(dim);
                 }
             }).ok());
    m_server = std::make_unique<TestLlmServer>();
    QVERIFY(m_server->start() > 0);
}

ProviderConfig TestJudgeRunner::openAi() const
{
    return {ProviderKind::OpenAI, m_server->baseUrl() + "/v1", "test-model", {}};
}

RunOptions TestJudgeRunner::options(Protocol protocol) const
{
    RunOptions o;
    o.plan.protocol = protocol;
    o.concurrency = 4;
    o.backoffBaseSeconds = 0.01;
    o.backoffMaxSeconds = 0.05;
    o.requestTimeoutSeconds = 10;
    o.price = {1.0, 2.0};
    return o;
}

std::size_t TestJudgeRunner::countRows(const char *sql)
{
    auto study = store::Study::open(m_path, {true});
    auto s = study.value()->database().prepare(sql);
    s.step();
    return static_cast<std::size_t>(s.int64At(0));
}

double TestJudgeRunner::ratingOf(const char *rater, const char *system)
{
    auto study = store::Study::open(m_path, {true});
    auto s = study.value()->database().prepare(
        "SELECT r.value FROM ratings r JOIN raters a ON a.id = r.rater_id JOIN candidates c ON c.id = r.candidate_id "
        "JOIN systems y ON y.id = c.system_id JOIN dimensions d ON d.id = r.dimension_id "
        "WHERE a.name = ?1 AND y.name = ?2 AND d.name = 'coherence'");
    s.bindAll(std::string(rater), std::string(system));
    return s.step() ? s.doubleAt(0) : std::nan("");
}

RunOptions TestJudgeRunner::gevalOptions() const
{
    RunOptions o = options(Protocol::Geval);
    o.plan.dimensions = {"coherence"};
    o.plan.documentLimit = 1;
    o.samples = 4;
    o.concurrency = 1; // one request at a time: the order, and so the count of requests, is fixed
    o.raterName = "geval judge";
    return o;
}

void TestJudgeRunner::eachProtocol_data()
{
    QTest::addColumn<int>("protocol");
    QTest::addColumn<int>("calls");
    QTest::addColumn<QString>("countSql");
    QTest::addColumn<int>("judgements");
    // 2 documents × 3 candidates × 2 dimensions; 3 pairs per document.
    QTest::newRow("rts") << int(Protocol::Rts) << 12 << QStringLiteral("SELECT COUNT(*) FROM ratings WHERE value = 4")
                         << 12;
    QTest::newRow("llmeval") << int(Protocol::LlmEval) << 12
                             << QStringLiteral("SELECT COUNT(*) FROM ratings WHERE value = 3") << 12;
    QTest::newRow("mcq") << int(Protocol::Mcq) << 12 << QStringLiteral("SELECT COUNT(*) FROM ratings WHERE value = 4")
                         << 12;
    QTest::newRow("likert-multi") << int(Protocol::LikertMulti) << 6 << QStringLiteral("SELECT COUNT(*) FROM ratings")
                                  << 12;
    // G-Eval: two evaluation-steps calls, then 12 scores of (4·0.6 + 3·0.3 + 5·0.1) = 3.8.
    QTest::newRow("geval") << int(Protocol::Geval) << 14
                           << QStringLiteral("SELECT COUNT(*) FROM ratings WHERE abs(value - 3.8) < 1e-12") << 12;
    QTest::newRow("llmscore") << int(Protocol::LlmScore) << 12
                              << QStringLiteral("SELECT COUNT(*) FROM ratings WHERE abs(value - 0.8) < 1e-12") << 12;
    QTest::newRow("h2h") << int(Protocol::H2h) << 24
                         << QStringLiteral("SELECT COUNT(*) FROM pairwise_outcomes WHERE outcome = 'a'") << 24;
    QTest::newRow("pairwise") << int(Protocol::Pairwise) << 6
                              << QStringLiteral("SELECT COUNT(*) FROM pairwise_outcomes WHERE outcome = 'a'") << 6;
    QTest::newRow("llmcompare") << int(Protocol::LlmCompare) << 12
                                << QStringLiteral("SELECT COUNT(*) FROM pairwise_outcomes") << 12;
    QTest::newRow("llmrank") << int(Protocol::LlmRank) << 4 << QStringLiteral("SELECT COUNT(*) FROM rankings") << 12;
    // Pyramid: 6 candidates × 2 SCUs, all present; factuality: 2 + 1 + 1 sentences per document, none supported.
    QTest::newRow("pyramid") << int(Protocol::Pyramid) << 12
                             << QStringLiteral("SELECT COUNT(*) FROM ratings r JOIN dimensions d ON d.id = "
                                               "r.dimension_id WHERE d.name = 'pyramid' AND r.value = 1")
                             << 6;
    QTest::newRow("factuality") << int(Protocol::Factuality) << 8
                                << QStringLiteral("SELECT COUNT(*) FROM ratings r JOIN dimensions d ON d.id = "
                                                  "r.dimension_id WHERE d.name = 'factuality' AND r.value = 0")
                                << 6;
}

void TestJudgeRunner::eachProtocol()
{
    QFETCH(int, protocol);
    QFETCH(int, calls);
    QFETCH(QString, countSql);
    QFETCH(int, judgements);
    const Protocol p = Protocol(protocol);
    m_server->setHandler([p](const test::RecordedRequest &r) {
        // G-Eval writes its evaluation steps first, in calls without token probabilities.
        if (p == Protocol::Geval && !nlohmann::json::parse(r.body).value("logprobs", false))
            return Reply::openAi("1. Read the article.\n2. Compare the summary with it.\n3. Give a score.");
        return answerFor(p);
    });
    Runner runner(m_path, openAi(), options(p));
    const auto result = runner.run();
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().describe().c_str());
    const RunProgress &progress = result.value();
    QCOMPARE(static_cast<int>(progress.total), calls);
    QCOMPARE(static_cast<int>(progress.done), calls);
    QCOMPARE(progress.failed, std::size_t{0});
    QCOMPARE(progress.invalid, std::size_t{0});
    QCOMPARE(static_cast<int>(m_server->requestCount()), calls);
    QCOMPARE(static_cast<int>(countRows(countSql.toUtf8().constData())), judgements);
    QCOMPARE(static_cast<int>(countRows("SELECT COUNT(*) FROM judge_calls WHERE valid = 1")), calls);
    // Cost from the reported usage (10 in, 5 out per call) and the price table (1 and 2 per million).
    QVERIFY(std::fabs(progress.cost - calls * (10 * 1.0 + 5 * 2.0) / 1e6) < 1e-12);
    QCOMPARE(countRows("SELECT COUNT(*) FROM prompt_templates") >= 1, true);
    QCOMPARE(countRows("SELECT COUNT(*) FROM judge_runs WHERE status = 'finished' AND template_id IS NOT NULL"),
             std::size_t{1});

    // Every verdict leads back to the call behind it: a call of the same judge, on the same unit, whose
    // parsed answer is the verdict (the prompt and raw answer are then one click away).
    QCOMPARE(countRows("SELECT COUNT(*) FROM ratings WHERE call_id IS NULL"), std::size_t{0});
    QCOMPARE(countRows("SELECT COUNT(*) FROM rankings WHERE call_id IS NULL"), std::size_t{0});
    QCOMPARE(countRows("SELECT COUNT(*) FROM pairwise_outcomes WHERE call_id IS NULL"), std::size_t{0});
    QCOMPARE(
        countRows(
            "SELECT COUNT(*) FROM ratings r JOIN judge_calls c ON c.id = r.call_id "
            "JOIN judge_runs u ON u.id = c.run_id WHERE u.rater_id = r.rater_id AND c.candidate_id = r.candidate_id "
            "AND c.raw_response <> '' AND c.prompt <> ''"),
        countRows("SELECT COUNT(*) FROM ratings"));
    QCOMPARE(countRows(
                 "SELECT COUNT(*) FROM rankings r JOIN judge_calls c ON c.id = r.call_id "
                 "JOIN judge_runs u ON u.id = c.run_id WHERE u.rater_id = r.rater_id AND c.document_id = r.document_id "
                 "AND json_extract(c.parsed, '$.ranks') IS NOT NULL"),
             countRows("SELECT COUNT(*) FROM rankings"));
    QCOMPARE(countRows("SELECT COUNT(*) FROM pairwise_outcomes p JOIN judge_calls c ON c.id = p.call_id "
                       "JOIN judge_runs u ON u.id = c.run_id JOIN candidates ca ON ca.id = p.candidate_a "
                       "WHERE u.rater_id = p.rater_id AND c.document_id = ca.document_id "
                       "AND json_extract(c.parsed, '$.winner') = p.outcome"),
             countRows("SELECT COUNT(*) FROM pairwise_outcomes"));
    // Each pairwise call gives one verdict of its own (both orders of H2H are two calls).
    QCOMPARE(countRows("SELECT COUNT(DISTINCT call_id) FROM pairwise_outcomes"),
             countRows("SELECT COUNT(*) FROM pairwise_outcomes"));
}

void TestJudgeRunner::retriesHonourRetryAfterAndBackOff()
{
    // Each distinct request meets a 429 asking for 1 s, then a 500, then a dropped connection, then an answer.
    std::map<std::string, int> seen;
    std::mutex lock;
    m_server->setHandler([&](const test::RecordedRequest &r) {
        std::lock_guard<std::mutex> guard(lock);
        const int attempt = seen[r.body]++;
        if (attempt == 0) {
            Reply reply = Reply::openAiError(429, "slow down", "rate_limit_exceeded");
            reply.headers.push_back({"Retry-After", "1"});
            return reply;
        }
        if (attempt == 1)
            return Reply::openAiError(500, "oops", "server_error");
        if (attempt == 2) {
            Reply drop;
            drop.dropConnection = true;
            return drop;
        }
        return Reply::openAi("Score: 5");
    });
    RunOptions o = options(Protocol::Rts);
    o.plan.dimensions = {"coherence"};
    o.plan.documentLimit = 1;
    QElapsedTimer timer;
    timer.start();
    Runner runner(m_path, openAi(), o);
    const auto result = runner.run();
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().describe().c_str());
    QVERIFY2(timer.elapsed() >= 1000, "the run waited for Retry-After");
    QCOMPARE(result.value().done, std::size_t{3});
    QCOMPARE(m_server->requestCount(), std::size_t{12});
    // libcurl itself re-sends once when a reused connection dies before answering, so a dropped
    // connection is retried either there or by the runner.
    QVERIFY(result.value().retries >= 6 && result.value().retries <= 9);
    QCOMPARE(countRows("SELECT COUNT(*) FROM judge_calls WHERE attempts >= 3 AND valid = 1"), std::size_t{3});
    QCOMPARE(countRows("SELECT COUNT(*) FROM ratings WHERE value = 5"), std::size_t{3});
}

void TestJudgeRunner::retryAfterPausesTheWholeRun()
{
    // The first request meets a 429 asking for 1 s; the others would be answered at once. No request,
    // of that call or another, may reach the server before the second is up.
    std::mutex lock;
    std::vector<std::chrono::steady_clock::time_point> arrivals;
    m_server->setHandler([&](const test::RecordedRequest &) {
        std::lock_guard<std::mutex> guard(lock);
        arrivals.push_back(std::chrono::steady_clock::now());
        if (arrivals.size() == 1) {
            Reply reply = Reply::openAiError(429, "slow down", "rate_limit_exceeded");
            reply.headers.push_back({"Retry-After", "1"});
            return reply;
        }
        return Reply::openAi("Score: 5");
    });
    RunOptions o = options(Protocol::Rts);
    o.plan.dimensions = {"coherence"};
    o.plan.documentLimit = 1;
    o.concurrency = 1; // the 429 arrives before any other call is sent
    Runner runner(m_path, openAi(), o);
    const auto result = runner.run();
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().describe().c_str());
    QCOMPARE(result.value().done, std::size_t{3});
    QCOMPARE(result.value().retries, std::size_t{1});
    std::lock_guard<std::mutex> guard(lock);
    QCOMPARE(arrivals.size(), std::size_t{4});
    for (std::size_t i = 1; i < arrivals.size(); ++i) {
        const auto after = std::chrono::duration_cast<std::chrono::milliseconds>(arrivals[i] - arrivals[0]);
        QVERIFY2(after.count() >= 1000,
                 qPrintable(QStringLiteral("request %1 came %2 ms after the 429").arg(i).arg(after.count())));
    }
}

void TestJudgeRunner::baseUrlQueryStaysAfterThePath_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("path");
    QTest::newRow("openai") << int(ProviderKind::OpenAI) << QStringLiteral("/chat/completions");
    QTest::newRow("anthropic") << int(ProviderKind::Anthropic) << QStringLiteral("/messages");
    QTest::newRow("ollama") << int(ProviderKind::Ollama) << QStringLiteral("/api/chat");
}

void TestJudgeRunner::baseUrlQueryStaysAfterThePath()
{
    // Azure OpenAI's shape: a deployment's path, then the API version as a query.
    QFETCH(int, kind);
    QFETCH(QString, path);
    const std::string expected = "/openai/deployments/d1" + path.toStdString() + "?api-version=2024-06-01";
    m_server->setHandler([expected, kind](const test::RecordedRequest &r) {
        if (r.path != expected)
            return Reply::openAiError(404, "no route " + r.path, "not_found");
        switch (ProviderKind(kind)) {
        case ProviderKind::Anthropic:
            return Reply::anthropic({"Score: 4"});
        case ProviderKind::Ollama:
            return Reply::ollama("Score: 4");
        case ProviderKind::OpenAI:
            break;
        }
        return Reply::openAi("Score: 4");
    });
    RunOptions o = options(Protocol::Rts);
    o.plan.dimensions = {"coherence"};
    o.plan.documentLimit = 1;
    const ProviderConfig config{
        ProviderKind(kind), m_server->baseUrl() + "/openai/deployments/d1/?api-version=2024-06-01", "test-model", {}};
    Runner runner(m_path, config, o);
    const auto result = runner.run();
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().describe().c_str());
    QCOMPARE(result.value().done, std::size_t{3});
    QCOMPARE(result.value().failed, std::size_t{0});
    QCOMPARE(m_server->requestCount(), std::size_t{3});
    for (const test::RecordedRequest &r : m_server->requests()) {
        QCOMPARE(QString::fromStdString(r.method), QStringLiteral("POST"));
        QCOMPARE(QString::fromStdString(r.path), QString::fromStdString(expected));
    }
    QCOMPARE(countRows("SELECT COUNT(*) FROM ratings WHERE value = 4"), std::size_t{3});
}

void TestJudgeRunner::secondRunSendsNothing()
{
    m_server->setHandler([](const test::RecordedRequest &) { return Reply::openAi("Score: 2"); });
    {
        Runner runner(m_path, openAi(), options(Protocol::Rts));
        QVERIFY(runner.run().ok());
    }
    const std::size_t sent = m_server->requestCount();
    QCOMPARE(sent, std::size_t{12});
    Runner again(m_path, openAi(), options(Protocol::Rts));
    const auto result = again.run();
    QVERIFY(result.ok());
    QCOMPARE(m_server->requestCount(), sent);
    QCOMPARE(result.value().cached, std::size_t{12});
    QCOMPARE(result.value().sent, std::size_t{0});
    // Another rater name with the same model and request reuses the answers without sending either.
    RunOptions other = options(Protocol::Rts);
    other.raterName = "same model, second name";
    Runner third(m_path, openAi(), other);
    const auto reused = third.run();
    QVERIFY(reused.ok());
    QCOMPARE(m_server->requestCount(), sent);
    QCOMPARE(countRows("SELECT COUNT(*) FROM ratings"), std::size_t{24});
}

void TestJudgeRunner::identicalRequestsAreSentOnce()
{
    // Two systems wrote the same summary of a document: one request, two judgements.
    {
        auto study = store::Study::open(m_path);
        store::Study &s = *study.value();
        QVERIFY(s.write([&] {
                     const Id doc = s.documentId("doc0").value();
                     s.addCandidate(doc, s.ensureSystem("sysD"), "Council 0 met.");
                 }).ok());
    }
    m_server->setHandler([](const test::RecordedRequest &) { return Reply::openAi("Score: 4"); });
    RunOptions o = options(Protocol::Rts);
    o.plan.dimensions = {"coherence"};
    o.plan.documentLimit = 1;
    Runner runner(m_path, openAi(), o);
    const auto result = runner.run();
    QVERIFY(result.ok());
    QCOMPARE(result.value().total, std::size_t{4});
    QCOMPARE(result.value().done, std::size_t{4});
    QCOMPARE(m_server->requestCount(), std::size_t{3});
    QCOMPARE(countRows("SELECT COUNT(*) FROM ratings"), std::size_t{4});
    QCOMPARE(countRows("SELECT COUNT(*) FROM judge_calls WHERE attempts = 0 AND cost = 0"), std::size_t{1});
}

void TestJudgeRunner::resumeAfterCancelSendsOnlyWhatIsMissing()
{
    m_server->setHandler([](const test::RecordedRequest &) {
        Reply r = Reply::openAi("Score: 3");
        r.delayMs = 30;
        return r;
    });
    RunOptions o = options(Protocol::Rts);
    o.concurrency = 2;
    std::size_t doneAtCancel = 0;
    {
        Runner runner(m_path, openAi(), o);
        const auto result = runner.run([&](const RunProgress &p) {
            if (p.done >= 4 && doneAtCancel == 0) {
                doneAtCancel = p.done;
                runner.cancel();
            }
        });
        QVERIFY(result.ok());
        QVERIFY(result.value().cancelled);
        QVERIFY(result.value().done < 12);
        doneAtCancel = result.value().done;
    }
    QCOMPARE(countRows("SELECT COUNT(*) FROM judge_calls"), doneAtCancel);
    QCOMPARE(countRows("SELECT COUNT(*) FROM judge_runs WHERE status = 'cancelled'"), std::size_t{1});
    m_server->reset();
    Runner resumed(m_path, openAi(), o);
    const auto result = resumed.run();
    QVERIFY(result.ok());
    QCOMPARE(m_server->requestCount(), 12 - doneAtCancel);
    QCOMPARE(result.value().cached, doneAtCancel);
    QCOMPARE(countRows("SELECT COUNT(*) FROM ratings"), std::size_t{12});
}

void TestJudgeRunner::concurrencyLimitHolds()
{
    m_server->setHandler([](const test::RecordedRequest &) {
        Reply r = Reply::openAi("Score: 4");
        r.delayMs = 40;
        return r;
    });
    RunOptions o = options(Protocol::Rts);
    o.concurrency = 3;
    Runner runner(m_path, openAi(), o);
    QVERIFY(runner.run().ok());
    QCOMPARE(m_server->maxInFlight(), 3);
}

void TestJudgeRunner::apiKeyNeverPersisted()
{
    const QByteArray key = "sk-concord-test-0123456789-SECRET";
    qputenv("CONCORD_TEST_API_KEY", key);
    m_server->setHandler([](const test::RecordedRequest &) { return Reply::openAi("Score: 4"); });
    ProviderConfig config = openAi();
    config.apiKeyEnv = "CONCORD_TEST_API_KEY";
    {
        Runner runner(m_path, config, options(Protocol::Rts));
        QVERIFY(runner.run().ok());
    }
    // The server saw it, as a header.
    const auto requests = m_server->requests();
    QVERIFY(!requests.empty());
    QCOMPARE(QByteArray::fromStdString(requests.front().headers.at("authorization")), QByteArray("Bearer ") + key);
    for (const auto &r : requests)
        QVERIFY(QByteArray::fromStdString(r.body).indexOf(key) < 0);
    // Not in the study file (nor its WAL), not in an export.
    const QString csv = m_dir.filePath(QStringLiteral("export.csv"));
    {
        auto study = store::Study::open(m_path);
        QVERIFY(io::StudyExporter::exportTo(*study.value(), csv.toStdString(), io::ExportFormat::Csv).ok());
    }
    for (const QString &file : {QString::fromStdString(m_path), QString::fromStdString(m_path + "-wal"), csv}) {
        QFile f(file);
        if (!f.exists())
            continue;
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY2(f.readAll().indexOf(key) < 0, qPrintable(file));
    }
    qunsetenv("CONCORD_TEST_API_KEY");
}

void TestJudgeRunner::refusedKeyStopsTheRun()
{
    m_server->setHandler([](const test::RecordedRequest &) {
        return Reply::openAiError(401, "invalid api key", "invalid_request_error");
    });
    RunOptions o = options(Protocol::Rts);
    o.concurrency = 1;
    Runner runner(m_path, openAi(), o);
    const auto result = runner.run();
    QVERIFY(!result.ok());
    QVERIFY2(result.error().message.find("HTTP 401") != std::string::npos, result.error().message.c_str());
    QCOMPARE(m_server->requestCount(), std::size_t{1});
    QCOMPARE(countRows("SELECT COUNT(*) FROM judge_runs WHERE status = 'failed'"), std::size_t{1});
}

void TestJudgeRunner::malformedAnswersRetriedThenRecordedAsFailed()
{
    m_server->setHandler([](const test::RecordedRequest &) {
        Reply r = Reply::openAi("Score: 4");
        r.malformedBody = true;
        return r;
    });
    RunOptions o = options(Protocol::Rts);
    o.plan.documentLimit = 1;
    o.plan.dimensions = {"coherence"};
    o.maxAttempts = 2;
    Runner runner(m_path, openAi(), o);
    const auto result = runner.run();
    QVERIFY(result.ok());
    QCOMPARE(result.value().failed, std::size_t{3});
    QCOMPARE(m_server->requestCount(), std::size_t{6});
    QCOMPARE(countRows("SELECT COUNT(*) FROM judge_calls WHERE valid = 0 AND error LIKE 'gave up after 2 attempts%'"),
             std::size_t{3});
    QCOMPARE(countRows("SELECT COUNT(*) FROM ratings"), std::size_t{0});
    // Failed calls are not answers: the next run asks again.
    m_server->setHandler([](const test::RecordedRequest &) { return Reply::openAi("Score: 4"); });
    Runner again(m_path, openAi(), o);
    QVERIFY(again.run().ok());
    QCOMPARE(countRows("SELECT COUNT(*) FROM ratings"), std::size_t{3});
}

void TestJudgeRunner::timeoutsAreRetried()
{
    std::atomic<int> count{0};
    m_server->setHandler([&](const test::RecordedRequest &) {
        Reply r = Reply::openAi("Score: 1");
        if (count++ == 0)
            r.delayMs = 3000; // the first request outlives the timeout
        else
            r.slowBodyMs = 100; // a slow but complete body is fine
        return r;
    });
    RunOptions o = options(Protocol::Rts);
    o.plan.documentLimit = 1;
    o.plan.dimensions = {"coherence"};
    o.concurrency = 1;
    o.requestTimeoutSeconds = 0.5;
    Runner runner(m_path, openAi(), o);
    const auto result = runner.run();
    QVERIFY(result.ok());
    QCOMPARE(result.value().done, std::size_t{3});
    QCOMPARE(result.value().retries, std::size_t{1});
}

void TestJudgeRunner::invalidAnswersAreKeptWithTheirText()
{
    m_server->setHandler([](const test::RecordedRequest &) {
        return Reply::openAi("I'm sorry, but I can't help with evaluating this.");
    });
    RunOptions o = options(Protocol::Rts);
    o.plan.documentLimit = 1;
    Runner runner(m_path, openAi(), o);
    const auto result = runner.run();
    QVERIFY(result.ok());
    QCOMPARE(result.value().invalid, std::size_t{6});
    QCOMPARE(countRows("SELECT COUNT(*) FROM ratings"), std::size_t{0});
    QCOMPARE(countRows("SELECT COUNT(*) FROM judge_calls WHERE valid = 0 AND invalid_reason <> '' AND raw_response "
                       "LIKE '%sorry%'"),
             std::size_t{6});
}

void TestJudgeRunner::gevalFallsBackToSamplesWithoutLogprobs()
{
    // An Anthropic judge: no token probabilities, no n. Three samples per score, one call each.
    std::atomic<int> count{0};
    m_server->setHandler([&](const test::RecordedRequest &) {
        // One request at a time: the first is the evaluation-steps call.
        if (count == 0) {
            ++count;
            return Reply::anthropic({"1. Read the article.\n2. Judge the summary.\n3. Give a score."});
        }
        const int n = count++;
        return Reply::anthropic({n % 3 == 0 ? "2" : n % 3 == 1 ? "3" : "4"});
    });
    RunOptions o = options(Protocol::Geval);
    o.plan.dimensions = {"coherence"};
    o.plan.documentLimit = 1;
    o.samples = 3;
    o.concurrency = 1;
    ProviderConfig config{ProviderKind::Anthropic, m_server->baseUrl() + "/v1", "claude-test", {}};
    Runner runner(m_path, config, o);
    const auto result = runner.run();
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().describe().c_str());
    QVERIFY2(result.value().fallback.find("mean of 3 samples") != std::string::npos, result.value().fallback.c_str());
    QCOMPARE(result.value().total, std::size_t{1 + 3 * 3});
    QCOMPARE(countRows("SELECT COUNT(*) FROM ratings WHERE abs(value - 3) < 1e-12"), std::size_t{3});
    QCOMPARE(countRows("SELECT COUNT(DISTINCT sample_index) FROM judge_calls"), std::size_t{3});
    QVERIFY(countRows("SELECT COUNT(*) FROM judge_runs WHERE settings LIKE '%mean of 3 samples%'") == 1);
}

void TestJudgeRunner::llmscoreRefusedWithoutLogprobs()
{
    ProviderConfig config{ProviderKind::Anthropic, m_server->baseUrl() + "/v1", "claude-test", {}};
    Runner runner(m_path, config, options(Protocol::LlmScore));
    const auto result = runner.run();
    QVERIFY(!result.ok());
    QVERIFY2(result.error().message.find("token probabilities") != std::string::npos, result.error().message.c_str());
    QCOMPARE(m_server->requestCount(), std::size_t{0});
}

void TestJudgeRunner::gevalWithLogprobsAsksOncePerUnit()
{
    m_server->setHandler([](const test::RecordedRequest &r) {
        const GevalUnit *unit = gevalUnitOf(r.body);
        return unit ? Reply::openAiLogprobs(unit->tokens.front().token, unit->tokens) : gevalSteps();
    });
    // Before anything is sent, whether the server has token probabilities is not known: the estimate says
    // what it assumes.
    Runner estimator(m_path, openAi(), gevalOptions());
    const auto estimate = estimator.estimate();
    QVERIFY(estimate.ok());
    QCOMPARE(estimate.value().calls, std::size_t{1 + 3});
    QVERIFY2(estimate.value().fallback.find(
                 "should its first answer have none, each unit is scored by the mean of 4 samples")
                 != std::string::npos,
             estimate.value().fallback.c_str());
    Runner runner(m_path, openAi(), gevalOptions());
    const auto result = runner.run();
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().describe().c_str());
    const RunProgress &p = result.value();
    // The steps, then one call per unit: nothing sampled.
    QCOMPARE(m_server->requestCount(), std::size_t{1 + 3});
    QCOMPARE(p.total, std::size_t{4});
    QCOMPARE(p.unitsByLogprobs, std::size_t{3});
    QCOMPARE(p.unitsBySamples, std::size_t{0});
    QCOMPARE(scoringSummary(p), std::string("geval: 3 units by token probabilities, 0 by the mean of 4 samples"));
    QVERIFY2(p.fallback.empty(), p.fallback.c_str());
    QVERIFY(std::fabs(ratingOf("geval judge", "sysA") - 3.8) < 1e-12);
    QVERIFY(std::fabs(ratingOf("geval judge", "sysB") - 2.0) < 1e-12);
    QVERIFY(std::fabs(ratingOf("geval judge", "sysC") - 4.9) < 1e-12);
    QCOMPARE(
        countRows("SELECT COUNT(*) FROM judge_calls WHERE json_extract(parsed, '$.method') = 'logprobs' AND valid = 1"),
        std::size_t{3});
    QCOMPARE(countRows("SELECT COUNT(*) FROM judge_runs WHERE json_extract(settings, '$.units_by_method.logprobs') = 3 "
                       "AND json_extract(settings, '$.units_by_method.samples') = 0"),
             std::size_t{1});
}

void TestJudgeRunner::gevalWithoutLogprobsSamplesWithN_data()
{
    QTest::addColumn<int>("probe");
    QTest::newRow("no logprobs") << int(Probe::NoLogprobs);
    QTest::newRow("logprobs without alternatives") << int(Probe::LogprobsWithoutAlternatives);
}

void TestJudgeRunner::gevalWithoutLogprobsSamplesWithN()
{
    QFETCH(int, probe);
    // A server without token probabilities that honours n: as many choices as asked for.
    m_server->setHandler([probe](const test::RecordedRequest &r) {
        const GevalUnit *unit = gevalUnitOf(r.body);
        if (!unit)
            return gevalSteps();
        const auto body = nlohmann::json::parse(r.body);
        if (body.value("logprobs", false))
            return probeAnswer(Probe(probe));
        const int n = body.value("n", 1);
        return Reply::openAiChoices(std::vector<std::string>(unit->samples.begin(), unit->samples.begin() + n));
    });
    Runner runner(m_path, openAi(), gevalOptions());
    const auto result = runner.run();
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().describe().c_str());
    const RunProgress &p = result.value();
    // The steps, the first unit's request for token probabilities, then one request with n = 4 per unit:
    // the other units are not asked for token probabilities the server has shown it does not send.
    QCOMPARE(m_server->requestCount(), std::size_t{1 + 1 + 3});
    const auto requests = m_server->requests();
    for (std::size_t i = 2; i < requests.size(); ++i) {
        const auto body = nlohmann::json::parse(requests[i].body);
        QCOMPARE(body.value("n", 1), 4);
        QCOMPARE(body.value("temperature", 0.0), 2.0);
        QVERIFY(!body.contains("logprobs"));
    }
    QCOMPARE(p.unitsBySamples, std::size_t{3});
    QCOMPARE(p.unitsByLogprobs, std::size_t{0});
    QCOMPARE(scoringSummary(p), std::string("geval: 0 units by token probabilities, 3 by the mean of 4 samples"));
    QVERIFY2(p.fallback.find("no token probabilities") != std::string::npos
                 && p.fallback.find("mean of 4 samples at temperature 2.00") != std::string::npos,
             p.fallback.c_str());
    QVERIFY(std::fabs(ratingOf("geval judge", "sysA") - 13.0 / 3.0) < 1e-12);
    QVERIFY(std::fabs(ratingOf("geval judge", "sysB") - 2.5) < 1e-12);
    QVERIFY(std::fabs(ratingOf("geval judge", "sysC") - 1.25) < 1e-12);
    // Each call says how it scored: the answer without token probabilities judges nothing (a note says
    // why); each sampling call holds its four samples, sysA's refusal with its reason.
    QCOMPARE(countRows("SELECT COUNT(*) FROM judge_calls WHERE json_extract(parsed, '$.method') = 'single' "
                       "AND json_extract(parsed, '$.note') LIKE 'no token probabilities%'"),
             std::size_t{1});
    QCOMPARE(countRows("SELECT COUNT(*) FROM ratings r JOIN judge_calls c ON c.id = r.call_id WHERE "
                       "json_extract(c.parsed, '$.method') = 'samples'"),
             std::size_t{3});
    QCOMPARE(countRows("SELECT COUNT(*) FROM judge_calls WHERE json_extract(parsed, '$.method') = 'samples' AND "
                       "json_extract(parsed, '$.samples') = 4"),
             std::size_t{3});
    QCOMPARE(countRows("SELECT COUNT(*) FROM judge_calls WHERE json_extract(parsed, '$.valid') = 3 "
                       "AND json_extract(parsed, '$.invalid_reasons[0].sample') = 2 AND json_extract(parsed, "
                       "'$.invalid_reasons[0].reason') <> ''"),
             std::size_t{1});
    // The decision is part of the run's record.
    QCOMPARE(countRows("SELECT COUNT(*) FROM judge_runs WHERE json_extract(settings, '$.fallback') LIKE '%no token "
                       "probabilities%' "
                       "AND json_extract(settings, '$.units_by_method.samples') = 3"),
             std::size_t{1});

    // A rerun sends nothing: every request, the one that showed no token probabilities included, is answered.
    Runner again(m_path, openAi(), gevalOptions());
    const auto rerun = again.run();
    QVERIFY(rerun.ok());
    QCOMPARE(m_server->requestCount(), std::size_t{5});
    QCOMPARE(rerun.value().sent, std::size_t{0});
    QCOMPARE(rerun.value().cached, std::size_t{5});
    QCOMPARE(rerun.value().unitsBySamples, std::size_t{3});
    QVERIFY(std::fabs(ratingOf("geval judge", "sysA") - 13.0 / 3.0) < 1e-12);
}

void TestJudgeRunner::gevalSamplesOneRequestEachWhenNIsIgnored()
{
    // A server without token probabilities that ignores n: one choice per request. Each unit's k-th
    // request gets its k-th sample, whatever the body asks.
    std::map<std::string, int> asked;
    std::mutex lock;
    m_server->setHandler([&](const test::RecordedRequest &r) {
        const GevalUnit *unit = gevalUnitOf(r.body);
        if (!unit)
            return gevalSteps();
        if (nlohmann::json::parse(r.body).value("logprobs", false))
            return probeAnswer(Probe::NoLogprobs);
        std::lock_guard<std::mutex> guard(lock);
        const int k = asked[unit->summary]++;
        return Reply::openAi(unit->samples.at(static_cast<std::size_t>(k)));
    });
    RunOptions o = gevalOptions();
    o.sampling.seed = 42;
    Runner runner(m_path, openAi(), o);
    const auto result = runner.run();
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().describe().c_str());
    const RunProgress &p = result.value();
    // The steps, the first unit's request for token probabilities, then four requests per unit: the
    // one with n = 4 that brought one sample, and three more asking for one sample each, without the
    // seed (the same request with the same seed would give the same sample each time).
    QCOMPARE(m_server->requestCount(), std::size_t{1 + 1 + 3 * 4});
    int withN = 0, oneEach = 0;
    for (const auto &r : m_server->requests()) {
        const auto body = nlohmann::json::parse(r.body);
        if (body.value("temperature", 0.0) != 2.0)
            continue;
        if (body.value("n", 1) == 4) {
            ++withN;
            QCOMPARE(body.value("seed", 0), 42);
        } else {
            ++oneEach;
            QVERIFY(!body.contains("n") && !body.contains("seed"));
        }
    }
    QCOMPARE(withN, 3);
    QCOMPARE(oneEach, 9);
    QCOMPARE(p.unitsBySamples, std::size_t{3});
    QVERIFY2(p.fallback.find("answered 1 of the 4 samples asked for with n") != std::string::npos, p.fallback.c_str());
    QVERIFY(std::fabs(ratingOf("geval judge", "sysA") - 13.0 / 3.0) < 1e-12);
    QVERIFY(std::fabs(ratingOf("geval judge", "sysB") - 2.5) < 1e-12);
    QVERIFY(std::fabs(ratingOf("geval judge", "sysC") - 1.25) < 1e-12);
    // Each sample its own call, under its own sample index, each unit's samples 0 to 3.
    QCOMPARE(countRows("SELECT COUNT(*) FROM judge_calls WHERE json_extract(parsed, '$.method') = 'samples'"),
             std::size_t{12});
    QCOMPARE(countRows("SELECT COUNT(*) FROM (SELECT candidate_id FROM judge_calls WHERE json_extract(parsed, "
                       "'$.method') = 'samples' "
                       "GROUP BY candidate_id HAVING COUNT(DISTINCT sample_index) = 4 AND MIN(sample_index) = 0 AND "
                       "MAX(sample_index) = 3)"),
             std::size_t{3});
    // sysA's refusal is kept as an invalid call with its reason.
    QCOMPARE(
        countRows("SELECT COUNT(*) FROM judge_calls WHERE json_extract(parsed, '$.method') = 'samples' AND valid = 0 "
                  "AND sample_index = 2 AND invalid_reason <> '' AND raw_response LIKE '%sorry%'"),
        std::size_t{1});
    QCOMPARE(p.invalid, std::size_t{1});

    // A rerun sends nothing.
    Runner again(m_path, openAi(), o);
    const auto rerun = again.run();
    QVERIFY(rerun.ok());
    QCOMPARE(m_server->requestCount(), std::size_t{14});
    QCOMPARE(rerun.value().sent, std::size_t{0});
    QVERIFY(std::fabs(ratingOf("geval judge", "sysC") - 1.25) < 1e-12);
}

void TestJudgeRunner::recordedGevalShowsHowItWasScored()
{
    // A published G-Eval run holds no token probabilities: each line is one answer, the samples drawn
    // (G-Eval's own outputs keep 20), or a value already read.
    const QString file = m_dir.filePath(QStringLiteral("geval.jsonl"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"doc_id\": \"doc0\", \"system\": \"sysA\", \"dimension\": \"coherence\", \"response\": \"Score: 4\"}\n"
            "{\"doc_id\": \"doc0\", \"system\": \"sysB\", \"dimension\": \"coherence\", \"responses\": [\"2\", \"3\", "
            "\"I'm sorry, but I can't help with evaluating this.\", \"3\"]}\n"
            "{\"doc_id\": \"doc0\", \"system\": \"sysC\", \"dimension\": \"coherence\", \"value\": 3.5}\n");
    f.close();
    auto study = store::Study::open(m_path);
    const auto report
        = importRecordedJudgements(*study.value(), {Protocol::Geval, "published geval", "gpt-4", file.toStdString()});
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report.value().bySingle, std::size_t{1});
    QCOMPARE(report.value().bySamples, std::size_t{1});
    QCOMPARE(report.value().byValue, std::size_t{1});
    study.value().reset();
    QCOMPARE(ratingOf("published geval", "sysA"), 4.0);
    QVERIFY(std::fabs(ratingOf("published geval", "sysB") - 8.0 / 3.0) < 1e-12); // (2 + 3 + 3) / 3
    QCOMPARE(ratingOf("published geval", "sysC"), 3.5);
    QCOMPARE(countRows("SELECT COUNT(*) FROM judge_calls c JOIN candidates a ON a.id = c.candidate_id JOIN systems y "
                       "ON y.id = a.system_id "
                       "WHERE (y.name = 'sysA' AND json_extract(c.parsed, '$.method') = 'single') "
                       "OR (y.name = 'sysB' AND json_extract(c.parsed, '$.method') = 'samples' AND "
                       "json_extract(c.parsed, '$.valid') = 2 + 1) "
                       "OR (y.name = 'sysC' AND json_extract(c.parsed, '$.method') = 'value')"),
             std::size_t{3});
    // Only scores can be averaged: a list of answers for a comparison is refused with its line.
    const QString pairs = m_dir.filePath(QStringLiteral("pairs-sampled.jsonl"));
    QFile p(pairs);
    QVERIFY(p.open(QIODevice::WriteOnly));
    p.write("{\"doc_id\": \"doc0\", \"system_a\": \"sysA\", \"system_b\": \"sysB\", \"dimension\": \"coherence\", "
            "\"responses\": [\"A\", \"B\"]}\n");
    p.close();
    auto again = store::Study::open(m_path);
    const auto refused
        = importRecordedJudgements(*again.value(), {Protocol::H2h, "sampled h2h", {}, pairs.toStdString()});
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().field, std::string("responses"));
    QCOMPARE(refused.error().line, 1L);
}

void TestJudgeRunner::estimateCountsCallsAndCost()
{
    RunOptions o = options(Protocol::Rts);
    o.price = {1000.0, 2000.0};
    o.sampling.maxTokens = 100;
    Runner runner(m_path, openAi(), o);
    const auto e = runner.estimate();
    QVERIFY2(e.ok(), e.ok() ? "" : e.error().describe().c_str());
    QCOMPARE(e.value().calls, std::size_t{12});
    QCOMPARE(e.value().tokensOutMax, 1200.0);
    QVERIFY(e.value().tokensIn > 12 * 20);
    QVERIFY(e.value().cost > 0 && e.value().cost <= e.value().costMax);
    QCOMPARE(m_server->requestCount(), std::size_t{0});
    // After a run everything is answered.
    m_server->setHandler([](const test::RecordedRequest &) { return Reply::openAi("Score: 4"); });
    Runner run(m_path, openAi(), o);
    QVERIFY(run.run().ok());
    Runner after(m_path, openAi(), o);
    QCOMPARE(after.estimate().value().calls, std::size_t{0});
    QCOMPARE(after.estimate().value().alreadyAnswered, std::size_t{12});
}

void TestJudgeRunner::recordedJudgementsImport()
{
    const QString file = m_dir.filePath(QStringLiteral("recorded.jsonl"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"doc_id\": \"doc0\", \"system\": \"sysA\", \"dimension\": \"coherence\", \"response\": \"Clear and "
            "faithful. Score: 5\"}\n"
            "{\"doc_id\": \"doc0\", \"system\": \"sysB\", \"dimension\": \"coherence\", \"value\": 2}\n"
            "{\"doc_id\": \"doc1\", \"system\": \"sysC\", \"dimension\": \"coherence\", \"response\": \"I cannot judge "
            "this.\"}\n");
    f.close();
    auto study = store::Study::open(m_path);
    const auto report
        = importRecordedJudgements(*study.value(), {Protocol::Rts, "published-gpt4", "gpt-4", file.toStdString()});
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report.value().lines, std::size_t{3});
    QCOMPARE(report.value().valid, std::size_t{2});
    QCOMPARE(report.value().invalid, std::size_t{1});
    QCOMPARE(study.value()->counts().ratings, 2);

    const QString pairs = m_dir.filePath(QStringLiteral("pairs.jsonl"));
    QFile p(pairs);
    QVERIFY(p.open(QIODevice::WriteOnly));
    p.write("{\"doc_id\": \"doc0\", \"system_a\": \"sysA\", \"system_b\": \"sysB\", \"dimension\": \"relevance\", "
            "\"order\": \"ba\", \"response\": \"B\"}\n"
            "{\"doc_id\": \"doc1\", \"system_a\": \"sysA\", \"system_b\": \"sysC\", \"dimension\": \"relevance\", "
            "\"value\": \"tie\"}\n");
    p.close();
    const auto pairReport
        = importRecordedJudgements(*study.value(), {Protocol::H2h, "published-h2h", {}, pairs.toStdString()});
    QVERIFY2(pairReport.ok(), pairReport.ok() ? "" : pairReport.error().describe().c_str());
    // Shown sysB first and answered "B" (the second shown is better): sysA won.
    auto s
        = study.value()->database().prepare("SELECT y.name, p.outcome FROM pairwise_outcomes p JOIN candidates c ON "
                                            "c.id = p.candidate_b JOIN systems y ON y.id = c.system_id ORDER BY p.id");
    QVERIFY(s.step());
    QCOMPARE(s.textAt(0), std::string("sysA"));
    QCOMPARE(s.textAt(1), std::string("b"));
    QVERIFY(s.step());
    QCOMPARE(s.textAt(1), std::string("tie"));
}

void TestJudgeRunner::recordedRepeatsAreCountedAndTheLaterWins()
{
    auto study = store::Study::open(m_path);
    auto write = [&](const char *name, const QByteArray &content) {
        const QString file = m_dir.filePath(QLatin1String(name));
        QFile f(file);
        f.open(QIODevice::WriteOnly);
        f.write(content);
        return file.toStdString();
    };
    // A score given twice for one unit, another unit once: 3 lines, 2 units, 1 repeat; the later score stands.
    const auto scores = importRecordedJudgements(
        *study.value(),
        {Protocol::Rts,
         "rts-judge",
         {},
         write("scores.jsonl",
               "{\"doc_id\": \"doc0\", \"system\": \"sysA\", \"dimension\": \"coherence\", \"value\": 2}\n"
               "{\"doc_id\": \"doc0\", \"system\": \"sysB\", \"dimension\": \"coherence\", \"value\": 3}\n"
               "{\"doc_id\": \"doc0\", \"system\": \"sysA\", \"dimension\": \"coherence\", \"response\": \"Score: "
               "5\"}\n")});
    QVERIFY2(scores.ok(), scores.ok() ? "" : scores.error().describe().c_str());
    QCOMPARE(scores.value().lines, std::size_t{3});
    QCOMPARE(scores.value().repeats, std::size_t{1});
    QCOMPARE(countRows("SELECT COUNT(*) FROM ratings r JOIN raters j ON j.id = r.rater_id WHERE j.name = 'rts-judge'"),
             std::size_t{2});
    QCOMPARE(
        countRows(
            "SELECT value FROM ratings r JOIN raters j ON j.id = r.rater_id JOIN candidates c ON c.id = r.candidate_id "
            "JOIN systems y ON y.id = c.system_id WHERE j.name = 'rts-judge' AND y.name = 'sysA'"),
        std::size_t{5});
    // Both calls stay, the earlier one too: what was answered is never thrown away.
    QCOMPARE(countRows("SELECT COUNT(*) FROM judge_calls c JOIN judge_runs u ON u.id = c.run_id JOIN raters j ON j.id "
                       "= u.rater_id "
                       "WHERE j.name = 'rts-judge'"),
             std::size_t{3});

    // A pair in one order answered twice is one verdict, the later; the other order is a unit of its own.
    const auto pairs = importRecordedJudgements(
        *study.value(), {Protocol::H2h,
                         "h2h-judge",
                         {},
                         write("pairs.jsonl", "{\"doc_id\": \"doc0\", \"system_a\": \"sysA\", \"system_b\": \"sysB\", "
                                              "\"dimension\": \"relevance\", \"value\": \"a\"}\n"
                                              "{\"doc_id\": \"doc0\", \"system_a\": \"sysA\", \"system_b\": \"sysB\", "
                                              "\"dimension\": \"relevance\", \"order\": \"ba\", \"value\": \"b\"}\n"
                                              "{\"doc_id\": \"doc0\", \"system_a\": \"sysA\", \"system_b\": \"sysB\", "
                                              "\"dimension\": \"relevance\", \"value\": \"tie\"}\n")});
    QVERIFY2(pairs.ok(), pairs.ok() ? "" : pairs.error().describe().c_str());
    QCOMPARE(pairs.value().repeats, std::size_t{1});
    QCOMPARE(
        countRows(
            "SELECT COUNT(*) FROM pairwise_outcomes p JOIN raters j ON j.id = p.rater_id WHERE j.name = 'h2h-judge'"),
        std::size_t{2});
    QCOMPARE(
        countRows(
            "SELECT COUNT(*) FROM pairwise_outcomes p JOIN raters j ON j.id = p.rater_id WHERE j.name = 'h2h-judge' "
            "AND p.outcome = 'tie'"),
        std::size_t{1});

    // Pyramid: an SCU answered "no", then again "yes": the share counts the later answer once (2 of 2 SCUs).
    const auto units = importRecordedJudgements(
        *study.value(),
        {Protocol::Pyramid,
         "pyramid-judge",
         {},
         write("units.jsonl", "{\"doc_id\": \"doc0\", \"system\": \"sysA\", \"scu\": 0, \"value\": 0}\n"
                              "{\"doc_id\": \"doc0\", \"system\": \"sysA\", \"scu\": 1, \"value\": 1}\n"
                              "{\"doc_id\": \"doc0\", \"system\": \"sysA\", \"scu\": 0, \"value\": 1}\n")});
    QVERIFY2(units.ok(), units.ok() ? "" : units.error().describe().c_str());
    QCOMPARE(units.value().repeats, std::size_t{1});
    QCOMPARE(countRows("SELECT COUNT(*) FROM ratings r JOIN raters j ON j.id = r.rater_id WHERE j.name = "
                       "'pyramid-judge' AND r.value = 1"),
             std::size_t{1});
}

void TestJudgeRunner::recordedImportIsAllOrNothing()
{
    const QString file = m_dir.filePath(QStringLiteral("broken.jsonl"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"doc_id\": \"doc0\", \"system\": \"sysA\", \"dimension\": \"coherence\", \"value\": 4}\n"
            "{\"doc_id\": \"doc0\", \"system\": \"sysZ\", \"dimension\": \"coherence\", \"value\": 4}\n");
    f.close();
    auto study = store::Study::open(m_path);
    const auto before = study.value()->counts();
    const auto report = importRecordedJudgements(*study.value(), {Protocol::Rts, "r", {}, file.toStdString()});
    QVERIFY(!report.ok());
    QCOMPARE(report.error().line, 2L);
    QCOMPARE(report.error().field, std::string("system"));
    QVERIFY(report.error().file.find("broken.jsonl") != std::string::npos);
    const auto after = study.value()->counts();
    QCOMPARE(after.ratings, before.ratings);
    QCOMPARE(after.raters, before.raters);
    QCOMPARE(after.judgeCalls, before.judgeCalls);
}

void TestJudgeRunner::recordedImportRefusesDeepOrBadLines_data()
{
    QTest::addColumn<QByteArray>("badLine");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");

    const QByteArray head = "{\"doc_id\": \"doc0\", \"system\": \"sysB\", \"dimension\": \"coherence\", ";
    QByteArray objects;
    for (int i = 0; i < 100000; ++i)
        objects += "{\"v\": ";
    objects += "4" + QByteArray(100000, '}');
    // Before the limit, the value was read and then written back (the request hash) recursively.
    QTest::newRow("value 100000 arrays deep")
        << (head + "\"value\": " + QByteArray(100000, '[') + QByteArray(100000, ']') + "}") << QStringLiteral("value")
        << QStringLiteral("nested more than 512 levels deep");
    QTest::newRow("value 100000 objects deep") << (head + "\"value\": " + objects + "}") << QStringLiteral("value")
                                               << QStringLiteral("nested more than 512 levels deep");
    QTest::newRow("latin-1 response") << (head + "\"response\": \"Tr\xE8s bien. Score: 4\"}")
                                      << QStringLiteral("response")
                                      << QStringLiteral("not valid UTF-8: byte 0xE8 after \"Tr\" (column 79)");
}

// The line is refused while it is read, naming file, line and field; the study is unchanged.
void TestJudgeRunner::recordedImportRefusesDeepOrBadLines()
{
    QFETCH(QByteArray, badLine);
    QFETCH(QString, field);
    QFETCH(QString, message);
    const QString file = m_dir.filePath(QStringLiteral("deep.jsonl"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"doc_id\": \"doc0\", \"system\": \"sysA\", \"dimension\": \"coherence\", \"value\": 4}\n");
    f.write(badLine + "\n");
    f.close();
    auto study = store::Study::open(m_path);
    const auto before = study.value()->counts();
    const auto report = importRecordedJudgements(*study.value(), {Protocol::Rts, "r", {}, file.toStdString()});
    QVERIFY(!report.ok());
    QCOMPARE(report.error().file, file.toStdString());
    QCOMPARE(report.error().line, 2L);
    QCOMPARE(QString::fromStdString(report.error().field), field);
    QVERIFY2(QString::fromStdString(report.error().message).contains(message), report.error().describe().c_str());
    const auto after = study.value()->counts();
    QCOMPARE(after.raters, before.raters);
    QCOMPARE(after.judgeCalls, before.judgeCalls);
}

// A server's bytes cannot be refused: what is not UTF-8 in an error body is kept as U+FFFD, so
// the study holds only UTF-8 and every JSON view of the call can be written.
void TestJudgeRunner::serverTextThatIsNotUtf8IsStoredRepaired()
{
    m_server->setHandler([](const test::RecordedRequest &) { return Reply::json(400, "Requ\xEAte invalide"); });
    RunOptions o = options(Protocol::Rts);
    o.plan.documentLimit = 1;
    o.plan.dimensions = {"coherence"};
    Runner runner(m_path, openAi(), o);
    const auto result = runner.run();
    QVERIFY(result.ok());
    QVERIFY(result.value().failed > 0);
    auto study = store::Study::open(m_path, {true});
    auto s = study.value()->database().prepare("SELECT raw_response, error FROM judge_calls");
    std::size_t rows = 0;
    while (s.step()) {
        ++rows;
        for (int column = 0; column < 2; ++column) {
            const std::string text = s.textAt(column);
            QVERIFY2(text.find("Requ\xEF\xBF\xBDte invalide") != std::string::npos, text.c_str());
            QVERIFY(QString::fromStdString(text).toStdString() == text); // UTF-8 survives a round trip
        }
    }
    QCOMPARE(rows, result.value().failed);
}

QTEST_GUILESS_MAIN(TestJudgeRunner)
#include "tst_judge_runner.moc"

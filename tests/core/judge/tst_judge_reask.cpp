// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Re-asking answers that could not be read (RunOptions::reaskInvalid), end to end against the local test
// server: the re-ask's conversation, the calls it stores and how they are linked, the counts before and
// after re-asking, K exhausted, K = 0, and a rerun that sends nothing.
#include "judge/reask_message.h"
#include "judge/runner.h"
#include "judge/unit_context.h"
#include "store/study.h"
#include "test_llm_server.h"

#include <QDateTime>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <atomic>
#include <cmath>

using namespace concord;
using namespace concord::judge;
using concord::test::Reply;
using concord::test::TestLlmServer;
using model::Id;

namespace {

// sysB's summary of document 0: the unit the server answers with a refusal first.
const char *const kRefusedSummary = "A hall will be built by council 0.";
const char *const kRefusal = "I'm sorry, but I can't help with evaluating this.";
// What a re-ask's follow-up message says first (reaskMessage).
const char *const kReaskMark = "Your answer could not be read.";

bool contains(const std::string &body, const char *text)
{
    return body.find(text) != std::string::npos;
}

// The roles of a request's messages, in order.
std::vector<std::string> rolesOf(const std::string &body)
{
    std::vector<std::string> roles;
    const nlohmann::json request = nlohmann::json::parse(body);
    for (const auto &m : request.at("messages"))
        roles.push_back(m.at("role").get<std::string>());
    return roles;
}

struct StoredCall {
    Id id = 0;
    bool valid = false;
    nlohmann::json parsed;
    std::string body;
};

} // namespace

class TestJudgeReask : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void reaskMessagesStateTheForm();
    void invalidThenValidOnTheReask();
    void exhaustedReasksStayInvalid();
    void noReaskWhenOff();
    void rerunWithReaskingAsksOnlyWhatWasInvalid();

private:
    RunOptions options(int reask) const;
    ProviderConfig openAi() const;
    std::vector<StoredCall> callsOf(const char *system);
    double ratingOf(const char *system);
    std::size_t requestsFor(const char *summary) const;

    QTemporaryDir m_dir;
    std::string m_path;
    std::unique_ptr<TestLlmServer> m_server;
};

void TestJudgeReask::init()
{
    m_path = m_dir.filePath(QStringLiteral("study-%1.concord").arg(QDateTime::currentMSecsSinceEpoch())).toStdString();
    auto created = store::Study::create(m_path);
    QVERIFY(created.ok());
    store::Study &s = *created.value();
    QVERIFY(s.write([&] {
                 model::Document doc;
                 doc.externalId = "doc0";
                 doc.source = "Council 0 voted to build a market hall. Work starts in March.";
                 doc.requirement = "Summarise the decision.";
                 const Id id = s.addDocument(doc);
                 s.addCandidate(id, s.ensureSystem("sysA"), "Council 0 chose a market hall. Work starts in March.");
                 s.addCandidate(id, s.ensureSystem("sysB"), kRefusedSummary);
                 s.addCandidate(id, s.ensureSystem("sysC"), "Council 0 met.");
                 model::Dimension dim;
                 dim.name = "coherence";
                 dim.definition = "How well the summary hangs together.";
                 dim.labels = {"very poor", "poor", "fair", "good", "very good"};
                 s.ensureDimension(dim);
             }).ok());
    m_server = std::make_unique<TestLlmServer>();
    QVERIFY(m_server->start() > 0);
}

ProviderConfig TestJudgeReask::openAi() const
{
    return {ProviderKind::OpenAI, m_server->baseUrl() + "/v1", "test-model", {}};
}

RunOptions TestJudgeReask::options(int reask) const
{
    RunOptions o;
    o.plan.protocol = Protocol::Rts;
    o.plan.dimensions = {"coherence"};
    o.concurrency = 2;
    o.backoffBaseSeconds = 0.01;
    o.backoffMaxSeconds = 0.05;
    o.requestTimeoutSeconds = 10;
    o.price = {1.0, 2.0};
    o.raterName = "reasking judge";
    o.reaskInvalid = reask;
    return o;
}

std::vector<StoredCall> TestJudgeReask::callsOf(const char *system)
{
    std::vector<StoredCall> out;
    auto study = store::Study::open(m_path, {true});
    auto s = study.value()->database().prepare(
        "SELECT j.id, j.valid, j.parsed, j.request_body FROM judge_calls j JOIN candidates c ON c.id = j.candidate_id "
        "JOIN systems y ON y.id = c.system_id WHERE y.name = ?1 ORDER BY j.id");
    s.bindAll(std::string(system));
    while (s.step())
        out.push_back({s.int64At(0), s.int64At(1) == 1, nlohmann::json::parse(s.textAt(2)), s.textAt(3)});
    return out;
}

double TestJudgeReask::ratingOf(const char *system)
{
    auto study = store::Study::open(m_path, {true});
    auto s = study.value()->database().prepare(
        "SELECT r.value FROM ratings r JOIN raters a ON a.id = r.rater_id JOIN candidates c ON c.id = r.candidate_id "
        "JOIN systems y ON y.id = c.system_id WHERE a.name = 'reasking judge' AND y.name = ?1");
    s.bindAll(std::string(system));
    return s.step() ? s.doubleAt(0) : std::nan("");
}

std::size_t TestJudgeReask::requestsFor(const char *summary) const
{
    std::size_t n = 0;
    for (const auto &r : m_server->requests())
        if (contains(r.body, summary))
            ++n;
    return n;
}

void TestJudgeReask::reaskMessagesStateTheForm()
{
    QVERIFY(reaskable(Protocol::Rts));
    QVERIFY(reaskable(Protocol::LlmRank));
    QVERIFY(!reaskable(Protocol::Geval));
    QVERIFY(!reaskable(Protocol::LlmScore));
    UnitContext c;
    c.protocol = Protocol::Rts;
    model::Dimension d;
    d.name = "coherence";
    c.dimension = d;
    QCOMPARE(reaskMessage(c), std::string("Your answer could not be read. Reply again with one line in this form "
                                          "and nothing else:\nScore: <a whole number from 1 to 5>"));
    c.protocol = Protocol::Mcq;
    QVERIFY(contains(reaskMessage(c), "Answer: <one letter from A to E>"));
    c.protocol = Protocol::LlmRank;
    c.shown.resize(3);
    QVERIFY(contains(reaskMessage(c), "Ranking: <rank of summary 1>, <rank of summary 2>, <rank of summary 3>"));
}

void TestJudgeReask::invalidThenValidOnTheReask()
{
    // sysB's first answer is a refusal; asked again with the form stated, it answers 2. The others answer 4.
    m_server->setHandler([](const test::RecordedRequest &r) {
        if (!contains(r.body, kRefusedSummary))
            return Reply::openAi("Reason: fine.\nScore: 4");
        return contains(r.body, kReaskMark) ? Reply::openAi("Score: 2") : Reply::openAi(kRefusal);
    });
    RunProgress progress;
    {
        Runner runner(m_path, openAi(), options(2));
        const auto result = runner.run();
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().describe().c_str());
        progress = result.value();
    }
    QCOMPARE(m_server->requestCount(), std::size_t{4});
    QCOMPARE(requestsFor(kRefusedSummary), std::size_t{2});
    QCOMPARE(ratingOf("sysB"), 2.0);
    QCOMPARE(ratingOf("sysA"), 4.0);

    // The re-ask is the prompt, the refusal as the model's turn, then the form.
    const auto requests = m_server->requests();
    const auto reask
        = std::find_if(requests.begin(), requests.end(), [](const auto &r) { return contains(r.body, kReaskMark); });
    QVERIFY(reask != requests.end());
    const auto roles = rolesOf(reask->body);
    QVERIFY(roles.size() >= 3);
    QCOMPARE(roles[roles.size() - 2], std::string("assistant"));
    QCOMPARE(roles.back(), std::string("user"));
    const auto messages = nlohmann::json::parse(reask->body).at("messages");
    QCOMPARE(messages[roles.size() - 2].at("content").get<std::string>(), std::string(kRefusal));

    // Two calls for sysB, the second marked as the first re-ask of the first.
    const auto calls = callsOf("sysB");
    QCOMPARE(calls.size(), std::size_t{2});
    QVERIFY(!calls[0].valid);
    QVERIFY(!calls[0].parsed.contains("reask"));
    QVERIFY(calls[1].valid);
    QCOMPARE(calls[1].parsed.value("reask", 0), 1);
    QCOMPARE(calls[1].parsed.value("reask_of", Id{0}), calls[0].id);
    QCOMPARE(callsOf("sysA").size(), std::size_t{1});

    QCOMPARE(progress.reaskLimit, 2);
    QCOMPARE(progress.firstAnswers, std::size_t{3});
    QCOMPARE(progress.invalidFirst, std::size_t{1});
    QCOMPARE(progress.reasked, std::size_t{1});
    QCOMPARE(progress.reaskRecovered, std::size_t{1});
    QCOMPARE(progress.invalid, std::size_t{1});
    QCOMPARE(progress.sent, std::size_t{4});
    QCOMPARE(progress.done, std::size_t{4});
    QCOMPARE(progress.total, std::size_t{4});
    // The re-ask paid like any call: 10 tokens in and 5 out each, at 1 and 2 per million.
    QCOMPARE(progress.tokensIn, 40LL);
    QVERIFY(std::fabs(progress.cost - 4 * (10 * 1.0 + 5 * 2.0) / 1e6) < 1e-12);
    QCOMPARE(reaskSummary(progress), std::string("re-asking (up to 2): 1 of 3 first answers invalid (33.3%), 1 re-ask, "
                                                 "1 recovered; 0 invalid after re-asking (0.0%)"));

    // A rerun sends nothing, the re-ask included, and counts the same.
    Runner again(m_path, openAi(), options(2));
    const auto rerun = again.run();
    QVERIFY2(rerun.ok(), rerun.ok() ? "" : rerun.error().describe().c_str());
    QCOMPARE(m_server->requestCount(), std::size_t{4});
    QCOMPARE(rerun.value().sent, std::size_t{0});
    QCOMPARE(rerun.value().cached, std::size_t{4});
    QCOMPARE(rerun.value().invalidFirst, std::size_t{1});
    QCOMPARE(rerun.value().reasked, std::size_t{1});
    QCOMPARE(rerun.value().reaskRecovered, std::size_t{1});
    QCOMPARE(rerun.value().cost, 0.0);
    QCOMPARE(callsOf("sysB").size(), std::size_t{2});
    QCOMPARE(ratingOf("sysB"), 2.0);
}

void TestJudgeReask::exhaustedReasksStayInvalid()
{
    m_server->setHandler([](const test::RecordedRequest &r) {
        return contains(r.body, kRefusedSummary) ? Reply::openAi(kRefusal) : Reply::openAi("Score: 4");
    });
    Runner runner(m_path, openAi(), options(2));
    const auto result = runner.run();
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().describe().c_str());
    const RunProgress &p = result.value();
    QCOMPARE(requestsFor(kRefusedSummary), std::size_t{3});
    QCOMPARE(m_server->requestCount(), std::size_t{5});
    QVERIFY(std::isnan(ratingOf("sysB")));
    // K + 1 calls, each re-ask linked to the one before; the second re-ask carries the whole conversation.
    const auto calls = callsOf("sysB");
    QCOMPARE(calls.size(), std::size_t{3});
    for (const auto &c : calls) {
        QVERIFY(!c.valid);
    }
    QCOMPARE(calls[1].parsed.value("reask", 0), 1);
    QCOMPARE(calls[1].parsed.value("reask_of", Id{0}), calls[0].id);
    QCOMPARE(calls[2].parsed.value("reask", 0), 2);
    QCOMPARE(calls[2].parsed.value("reask_of", Id{0}), calls[1].id);
    const auto roles = rolesOf(calls[2].body);
    QCOMPARE(std::count(roles.begin(), roles.end(), std::string("assistant")), 2L);
    QCOMPARE(p.firstAnswers, std::size_t{3});
    QCOMPARE(p.invalidFirst, std::size_t{1});
    QCOMPARE(p.reasked, std::size_t{2});
    QCOMPARE(p.reaskRecovered, std::size_t{0});
    QCOMPARE(p.invalid, std::size_t{3});
    QCOMPARE(p.sent, std::size_t{5});
    QCOMPARE(reaskSummary(p), std::string("re-asking (up to 2): 1 of 3 first answers invalid (33.3%), 2 re-asks, "
                                          "0 recovered; 1 invalid after re-asking (33.3%)"));
}

void TestJudgeReask::noReaskWhenOff()
{
    m_server->setHandler([](const test::RecordedRequest &r) {
        return contains(r.body, kRefusedSummary) ? Reply::openAi(kRefusal) : Reply::openAi("Score: 4");
    });
    Runner runner(m_path, openAi(), options(0));
    const auto result = runner.run();
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().describe().c_str());
    QCOMPARE(m_server->requestCount(), std::size_t{3});
    QCOMPARE(requestsFor(kRefusedSummary), std::size_t{1});
    for (const auto &r : m_server->requests()) {
        QVERIFY(!contains(r.body, kReaskMark));
    }
    QCOMPARE(callsOf("sysB").size(), std::size_t{1});
    QCOMPARE(result.value().invalid, std::size_t{1});
    QCOMPARE(result.value().reasked, std::size_t{0});
    QCOMPARE(result.value().reaskLimit, 0);
    QCOMPARE(reaskSummary(result.value()), std::string());
}

void TestJudgeReask::rerunWithReaskingAsksOnlyWhatWasInvalid()
{
    // A run without re-asking, then the same judge with it: only the invalid answer is asked again.
    m_server->setHandler([](const test::RecordedRequest &r) {
        if (!contains(r.body, kRefusedSummary))
            return Reply::openAi("Score: 4");
        return contains(r.body, kReaskMark) ? Reply::openAi("Score: 3") : Reply::openAi(kRefusal);
    });
    {
        Runner runner(m_path, openAi(), options(0));
        QVERIFY(runner.run().ok());
    }
    QCOMPARE(m_server->requestCount(), std::size_t{3});
    Runner again(m_path, openAi(), options(1));
    const auto result = again.run();
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().describe().c_str());
    QCOMPARE(m_server->requestCount(), std::size_t{4});
    QCOMPARE(result.value().sent, std::size_t{1});
    QCOMPARE(result.value().reaskRecovered, std::size_t{1});
    QCOMPARE(ratingOf("sysB"), 3.0);
    const auto calls = callsOf("sysB");
    QCOMPARE(calls.size(), std::size_t{2});
    QCOMPARE(calls[1].parsed.value("reask_of", Id{0}), calls[0].id);
}

QTEST_GUILESS_MAIN(TestJudgeReask)
#include "tst_judge_reask.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Structured answers end to end against the local test server: the schema in each request (OpenAI's
// response_format, Anthropic's forced tool), valid answers stored with method "structured" and their reason, a
// malformed one refused with its reason, re-asked with the JSON form stated, the setting kept for resuming, and the
// protocols and providers that cannot take it refused before anything is sent.
#include "judge/runner.h"
#include "judge_study.h"
#include "store/study.h"
#include "test_llm_server.h"

#include <QDateTime>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace concord;
using namespace concord::judge;
using concord::test::Reply;
using concord::test::TestLlmServer;

namespace {

const char *const kMalformed = "Council 0 met.";

bool contains(const std::string &body, const char *text)
{
    return body.find(text) != std::string::npos;
}

struct StoredCall {
    bool valid = false;
    nlohmann::json parsed;
    std::string body;
};

} // namespace

class TestJudgeStructured : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void openAiHoldsTheAnswerToTheSchema();
    void anthropicAnswersThroughTheTool();
    void malformedAnswerIsReaskedInTheJsonForm();
    void refusedWhereItCannotApply();

private:
    RunOptions options(Protocol protocol = Protocol::Rts) const;
    ProviderConfig config(ProviderKind kind) const;
    std::vector<StoredCall> calls();

    QTemporaryDir m_dir;
    std::string m_path;
    std::unique_ptr<TestLlmServer> m_server;
};

void TestJudgeStructured::init()
{
    m_path = m_dir.filePath(QStringLiteral("study-%1.concord").arg(QDateTime::currentMSecsSinceEpoch())).toStdString();
    QCOMPARE(test::JudgeStudy::create(QString::fromStdString(m_path)), QString());
    m_server = std::make_unique<TestLlmServer>();
    QVERIFY(m_server->start() > 0);
}

RunOptions TestJudgeStructured::options(Protocol protocol) const
{
    RunOptions o;
    o.plan.protocol = protocol;
    // The first document's three summaries (the last of them kMalformed) on coherence: three calls.
    o.plan.dimensions = {"coherence"};
    o.plan.documentLimit = 1;
    o.concurrency = 2;
    o.backoffBaseSeconds = 0.01;
    o.requestTimeoutSeconds = 10;
    o.raterName = "structured judge";
    o.structured = true;
    return o;
}

ProviderConfig TestJudgeStructured::config(ProviderKind kind) const
{
    return {kind, m_server->baseUrl() + (kind == ProviderKind::Ollama ? "" : "/v1"), "test-model", {}};
}

std::vector<StoredCall> TestJudgeStructured::calls()
{
    std::vector<StoredCall> out;
    auto study = store::Study::open(m_path, {true});
    auto s = study.value()->database().prepare("SELECT valid, parsed, request_body FROM judge_calls ORDER BY id");
    while (s.step())
        out.push_back({s.int64At(0) == 1, nlohmann::json::parse(s.textAt(1)), s.textAt(2)});
    return out;
}

void TestJudgeStructured::openAiHoldsTheAnswerToTheSchema()
{
    // The third summary's answer breaks the schema: a score out of the scale.
    m_server->setHandler([](const test::RecordedRequest &r) {
        return Reply::openAi(contains(r.body, kMalformed) ? R"({"reason":"Too short.","score":9})"
                                                          : R"({"reason":"Hangs together.","score":4})");
    });
    {
        Runner runner(m_path, config(ProviderKind::OpenAI), options());
        const auto result = runner.run();
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().describe().c_str());
        QCOMPARE(result.value().invalid, std::size_t{1});
    }
    QCOMPARE(m_server->requestCount(), std::size_t{3});
    for (const auto &r : m_server->requests()) {
        const auto body = nlohmann::json::parse(r.body);
        QVERIFY(body.at("response_format").at("type") == "json_schema");
        QVERIFY(body.at("response_format").at("json_schema").at("strict") == true);
        QVERIFY(body.at("response_format").at("json_schema").at("schema").at("required")
                == nlohmann::json({"reason", "score"}));
    }
    const auto stored = calls();
    QCOMPARE(stored.size(), std::size_t{3});
    std::size_t valid = 0;
    for (const auto &c : stored) {
        QVERIFY(c.parsed.at("method") == "structured");
        if (c.valid) {
            ++valid;
            QVERIFY(c.parsed.at("reason") == "Hangs together.");
        }
    }
    QCOMPARE(valid, std::size_t{2});
    auto study = store::Study::open(m_path, {true});
    auto s = study.value()->database().prepare("SELECT COUNT(*) FROM judge_calls WHERE valid = 0 AND invalid_reason = "
                                               "'''score'' is 9, outside the scale 1–5'");
    QVERIFY(s.step());
    QCOMPARE(s.int64At(0), std::int64_t{1});
    // Resuming the run asks the same way.
    auto run = study.value()->database().prepare("SELECT id FROM judge_runs");
    QVERIFY(run.step());
    const auto resumed = resumeSettings(m_path, run.int64At(0));
    QVERIFY(resumed.ok());
    QVERIFY(resumed.value().options.structured);
}

void TestJudgeStructured::anthropicAnswersThroughTheTool()
{
    m_server->setHandler([](const test::RecordedRequest &) {
        return Reply::json(
            200,
            R"({"type":"message","content":[{"type":"tool_use","id":"t","name":"score_with_reason","input":{"reason":"Reads well.","score":3}}],"stop_reason":"tool_use","usage":{"input_tokens":20,"output_tokens":8}})");
    });
    {
        Runner runner(m_path, config(ProviderKind::Anthropic), options());
        const auto result = runner.run();
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().describe().c_str());
        QCOMPARE(result.value().invalid, std::size_t{0});
        QCOMPARE(result.value().done, std::size_t{3});
    }
    for (const auto &r : m_server->requests()) {
        const auto body = nlohmann::json::parse(r.body);
        QVERIFY(body.at("tool_choice") == nlohmann::json({{"type", "tool"}, {"name", "score_with_reason"}}));
        QVERIFY(body.at("tools").at(0).at("input_schema").at("properties").contains("score"));
    }
    for (const auto &c : calls()) {
        QVERIFY(c.valid);
        QVERIFY(c.parsed.at("method") == "structured");
        QVERIFY(c.parsed.at("reason") == "Reads well.");
    }
    auto study = store::Study::open(m_path, {true});
    auto s = study.value()->database().prepare(
        "SELECT COUNT(*) FROM ratings r JOIN raters a ON a.id = r.rater_id WHERE a.name = 'structured judge' AND "
        "r.value = 3");
    QVERIFY(s.step());
    QCOMPARE(s.int64At(0), std::int64_t{3});
}

void TestJudgeStructured::malformedAnswerIsReaskedInTheJsonForm()
{
    // Free text where JSON was asked; asked again with the JSON form stated, it answers as asked.
    m_server->setHandler([](const test::RecordedRequest &r) {
        if (!contains(r.body, kMalformed))
            return Reply::openAi(R"({"reason":"Fine.","score":4})");
        return contains(r.body, "Reply again with a JSON object") ? Reply::openAi(R"({"reason":"Thin.","score":2})")
                                                                  : Reply::openAi("Score: 2");
    });
    RunOptions o = options();
    o.reaskInvalid = 1;
    {
        Runner runner(m_path, config(ProviderKind::OpenAI), o);
        const auto result = runner.run();
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().describe().c_str());
        QCOMPARE(result.value().invalidFirst, std::size_t{1});
        QCOMPARE(result.value().reaskRecovered, std::size_t{1});
    }
    QCOMPARE(m_server->requestCount(), std::size_t{4});
    const auto stored = calls();
    QCOMPARE(stored.size(), std::size_t{4});
    QCOMPARE(std::count_if(stored.begin(), stored.end(), [](const StoredCall &c) { return !c.valid; }), 1);
}

void TestJudgeStructured::refusedWhereItCannotApply()
{
    {
        Runner runner(m_path, config(ProviderKind::OpenAI), options(Protocol::H2h));
        const auto result = runner.run();
        QVERIFY(!result.ok());
        QCOMPARE(result.error().field, std::string("structured"));
    }
    {
        Runner runner(m_path, config(ProviderKind::OpenAI), options(Protocol::Geval));
        QVERIFY(!runner.run().ok());
    }
    QCOMPARE(m_server->requestCount(), std::size_t{0});
}

QTEST_GUILESS_MAIN(TestJudgeStructured)
#include "tst_judge_structured.moc"

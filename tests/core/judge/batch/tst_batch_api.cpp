// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The providers' batch APIs spoken over HTTP against the local test server's stand-ins: what is uploaded and
// created, every state read back, results of every outcome, cancelling, a batch found again by its token, a server
// without a batch API, and the key kept from anywhere but the provider's own address.
#include "fake_batch_service.h"
#include "judge/batch/batch_api.h"
#include "judge/provider/provider.h"
#include "test_llm_server.h"

#include <nlohmann/json.hpp>

#include <QTest>

using concord::judge::BatchApi;
using concord::judge::BatchOutcome;
using concord::judge::BatchRequest;
using concord::judge::BatchResult;
using concord::judge::BatchState;
using concord::judge::BatchStatus;
using concord::judge::HttpClient;
using concord::judge::HttpOptions;
using concord::judge::Provider;
using concord::judge::ProviderConfig;
using concord::judge::ProviderKind;
using concord::test::FakeBatchService;
using concord::test::RecordedRequest;
using concord::test::Reply;
using concord::test::TestLlmServer;
using nlohmann::json;

namespace {

constexpr const char *kKeyVar = "CONCORD_TEST_BATCH_KEY";
constexpr const char *kKey = "sk-batch-0123456789abcdef";

// A server whose batch paths the fake answers; anything else is a 404.
struct Fixture {
    TestLlmServer server;
    FakeBatchService batches{server};
    HttpClient http{HttpOptions{4, 5, 30, false}};
    std::unique_ptr<Provider> provider;
    std::unique_ptr<BatchApi> api;

    explicit Fixture(ProviderKind kind, const std::string &query = {})
    {
        server.setHandler([this](const RecordedRequest &r) {
            if (auto reply = batches.handle(r))
                return *reply;
            return Reply::openAiError(404, "unknown path", "invalid_request_error");
        });
        if (server.start() == 0)
            return;
        auto created = Provider::create(ProviderConfig{kind, server.baseUrl() + "/v1" + query, "test-model", kKeyVar});
        if (!created)
            return;
        provider = std::move(created.value());
        auto made = BatchApi::create(*provider, http);
        if (made)
            api = std::move(made.value());
    }
};

std::vector<BatchRequest> threeRequests()
{
    return {{"u-1", R"({"model":"test-model","messages":[{"role":"user","content":"one"}]})"},
            {"u-2", R"({"model":"test-model","messages":[{"role":"user","content":"two"}]})"},
            {"u-3", R"({"model":"test-model","messages":[{"role":"user","content":"three"}]})"}};
}

std::string openAiAnswer(const std::string &text)
{
    return json{{"id", "c"},
                {"object", "chat.completion"},
                {"choices", {{{"index", 0}, {"message", {{"role", "assistant"}, {"content", text}}}}}},
                {"usage", {{"prompt_tokens", 10}, {"completion_tokens", 2}}}}
        .dump();
}

std::string anthropicAnswer(const std::string &text)
{
    return json{{"id", "m"},
                {"type", "message"},
                {"content", {{{"type", "text"}, {"text", text}}}},
                {"usage", {{"input_tokens", 10}, {"output_tokens", 2}}}}
        .dump();
}

std::string header(const RecordedRequest &r, const std::string &name)
{
    const auto found = r.headers.find(name);
    return found == r.headers.end() ? "<absent>" : found->second;
}

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace

class TestBatchApi : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void openAiSubmitsPollsAndReads();
    void openAiStates_data();
    void openAiStates();
    void openAiCancelledAndExpired_data();
    void openAiCancelledAndExpired();
    void openAiFailedBatch();
    void openAiKeepsTheBaseQuery();
    void openAiFindsABatchByItsToken();
    void anthropicSubmitsPollsAndReads();
    void anthropicResultsElsewhereNeverGetTheKey();
    void anthropicCannotFindByToken();
    void noBatchApi_data();
    void noBatchApi();
    void ollamaHasNone();
    void unknownAndUnsafeIds();
    void serverErrorsInItsOwnWords();
};

void TestBatchApi::initTestCase()
{
    qputenv(kKeyVar, kKey);
}

void TestBatchApi::openAiSubmitsPollsAndReads()
{
    Fixture f(ProviderKind::OpenAI);
    QVERIFY(f.api);
    f.batches.setAnswer([](const std::string &id, const std::string &) {
        if (id == "u-2")
            return FakeBatchService::Outcome{"errored", 400, "context too long"};
        return FakeBatchService::Outcome{"succeeded", 200, openAiAnswer("Score: " + id.substr(2))};
    });
    auto submitted = f.api->submit(threeRequests(), "token-1");
    QVERIFY2(submitted, submitted ? "" : submitted.error().describe().c_str());
    QCOMPARE(q(submitted.value().id), QStringLiteral("batch_2"));
    QVERIFY(submitted.value().state == BatchState::Validating);
    QCOMPARE(submitted.value().total, std::size_t{3});
    QCOMPARE(q(submitted.value().token), QStringLiteral("token-1"));

    // The upload and the creation, as OpenAI documents them, with the key as a Bearer token.
    const auto sent = f.server.requests();
    QCOMPARE(sent.size(), std::size_t{2});
    QCOMPARE(q(sent[0].method + " " + sent[0].path), QStringLiteral("POST /v1/files"));
    QVERIFY(header(sent[0], "content-type").starts_with("multipart/form-data; boundary="));
    QCOMPARE(q(header(sent[0], "authorization")), QStringLiteral("Bearer sk-batch-0123456789abcdef"));
    QVERIFY(sent[0].body.find("name=\"purpose\"\r\n\r\nbatch\r\n") != std::string::npos);
    QCOMPARE(q(sent[1].method + " " + sent[1].path), QStringLiteral("POST /v1/batches"));
    const json create = json::parse(sent[1].body);
    QCOMPARE(q(create["input_file_id"].get<std::string>()), QStringLiteral("file-1"));
    QCOMPARE(q(create["endpoint"].get<std::string>()), QStringLiteral("/v1/chat/completions"));
    QCOMPARE(q(create["completion_window"].get<std::string>()), QStringLiteral("24h"));
    QCOMPARE(q(create["metadata"]["concord_token"].get<std::string>()), QStringLiteral("token-1"));
    // Each request's body reached the server as it was given.
    const auto batch = f.batches.batches().at(0);
    QCOMPARE(batch.requests.size(), std::size_t{3});
    for (std::size_t i = 0; i < 3; ++i) {
        QCOMPARE(q(batch.requests[i].first), q(threeRequests()[i].customId));
        QCOMPARE(q(batch.requests[i].second), q(json::parse(threeRequests()[i].body).dump()));
    }

    f.batches.setState("batch_2", "in_progress");
    auto polled = f.api->status("batch_2");
    QVERIFY(polled);
    QVERIFY(polled.value().state == BatchState::InProgress);
    QVERIFY(polled.value().outputFileId.empty());

    f.batches.setState("batch_2", "completed");
    polled = f.api->status("batch_2");
    QVERIFY(polled);
    QVERIFY(polled.value().state == BatchState::Completed);
    QCOMPARE(polled.value().succeeded, std::size_t{2});
    QCOMPARE(polled.value().failed, std::size_t{1});
    QCOMPARE(q(polled.value().outputFileId), QStringLiteral("file-out-batch_2"));
    QCOMPARE(q(polled.value().errorFileId), QStringLiteral("file-err-batch_2"));

    auto results = f.api->results(polled.value());
    QVERIFY2(results, results ? "" : results.error().describe().c_str());
    const auto &r = results.value();
    QCOMPARE(r.size(), std::size_t{3});
    QCOMPARE(q(r[0].customId), QStringLiteral("u-1"));
    QVERIFY(r[0].outcome == BatchOutcome::Succeeded);
    QCOMPARE(q(r[0].body), q(json::parse(openAiAnswer("Score: 1")).dump()));
    QCOMPARE(q(r[1].customId), QStringLiteral("u-3"));
    QVERIFY(r[1].outcome == BatchOutcome::Succeeded);
    QCOMPARE(q(r[2].customId), QStringLiteral("u-2"));
    QVERIFY(r[2].outcome == BatchOutcome::Errored);
    QCOMPARE(r[2].httpStatus, 400);
    QCOMPARE(q(r[2].error), QStringLiteral("context too long"));
    QCOMPARE(f.batches.resultDownloads(), std::size_t{2}); // the output file and the error file
    // The answers the online parser reads.
    QVERIFY(f.provider->parseResponse(r[0].body));
}

void TestBatchApi::openAiStates_data()
{
    QTest::addColumn<QString>("state");
    QTest::addColumn<int>("expected");
    QTest::addColumn<bool>("final");
    QTest::newRow("validating") << "validating" << int(BatchState::Validating) << false;
    QTest::newRow("in_progress") << "in_progress" << int(BatchState::InProgress) << false;
    QTest::newRow("finalizing") << "finalizing" << int(BatchState::Finalizing) << false;
    QTest::newRow("cancelling") << "cancelling" << int(BatchState::Cancelling) << false;
    QTest::newRow("completed") << "completed" << int(BatchState::Completed) << true;
    QTest::newRow("failed") << "failed" << int(BatchState::Failed) << true;
    QTest::newRow("expired") << "expired" << int(BatchState::Expired) << true;
    QTest::newRow("cancelled") << "cancelled" << int(BatchState::Cancelled) << true;
}

void TestBatchApi::openAiStates()
{
    QFETCH(QString, state);
    QFETCH(int, expected);
    QFETCH(bool, final);
    Fixture f(ProviderKind::OpenAI);
    QVERIFY(f.api);
    f.batches.setAnswer([](const std::string &, const std::string &) {
        return FakeBatchService::Outcome{"succeeded", 200, openAiAnswer("Score: 4")};
    });
    auto submitted = f.api->submit(threeRequests(), "t");
    QVERIFY(submitted);
    f.batches.setState(submitted.value().id, state.toStdString());
    auto polled = f.api->status(submitted.value().id);
    QVERIFY2(polled, polled ? "" : polled.error().describe().c_str());
    QCOMPARE(int(polled.value().state), expected);
    QCOMPARE(concord::judge::isFinal(polled.value().state), final);
}

void TestBatchApi::openAiCancelledAndExpired_data()
{
    QTest::addColumn<QString>("state");
    QTest::addColumn<int>("outcome");
    QTest::addColumn<int>("stateRead");
    QTest::newRow("cancelled") << "cancelled" << int(BatchOutcome::Cancelled) << int(BatchState::Cancelled);
    QTest::newRow("expired") << "expired" << int(BatchOutcome::Expired) << int(BatchState::Expired);
}

void TestBatchApi::openAiCancelledAndExpired()
{
    QFETCH(QString, state);
    QFETCH(int, outcome);
    QFETCH(int, stateRead);
    Fixture f(ProviderKind::OpenAI);
    QVERIFY(f.api);
    // The first request was done before the batch stopped; the others were not.
    const std::string kind = state == QStringLiteral("expired") ? "expired" : "cancelled";
    f.batches.setAnswer([kind](const std::string &id, const std::string &) {
        if (id == "u-1")
            return FakeBatchService::Outcome{"succeeded", 200, openAiAnswer("Score: 5")};
        return FakeBatchService::Outcome{kind, 0, {}};
    });
    auto submitted = f.api->submit(threeRequests(), "t");
    QVERIFY(submitted);
    const std::string id = submitted.value().id;
    if (kind == "cancelled") {
        auto cancelling = f.api->cancel(id);
        QVERIFY2(cancelling, cancelling ? "" : cancelling.error().describe().c_str());
        QVERIFY(cancelling.value().state == BatchState::Cancelling);
        const auto last = f.server.requests().back();
        QCOMPARE(q(last.method + " " + last.path), q("POST /v1/batches/" + id + "/cancel"));
        QVERIFY(last.body.empty());
    }
    f.batches.setState(id, state.toStdString());
    auto polled = f.api->status(id);
    QVERIFY(polled);
    QCOMPARE(int(polled.value().state), stateRead);
    auto results = f.api->results(polled.value());
    QVERIFY2(results, results ? "" : results.error().describe().c_str());
    QCOMPARE(results.value().size(), std::size_t{3});
    QVERIFY(results.value()[0].outcome == BatchOutcome::Succeeded);
    QCOMPARE(int(results.value()[1].outcome), outcome);
    QCOMPARE(int(results.value()[2].outcome), outcome);
    QVERIFY(!results.value()[2].error.empty());
}

void TestBatchApi::openAiFailedBatch()
{
    Fixture f(ProviderKind::OpenAI);
    QVERIFY(f.api);
    auto submitted = f.api->submit(threeRequests(), "t");
    QVERIFY(submitted);
    f.batches.setState(submitted.value().id, "failed");
    auto polled = f.api->status(submitted.value().id);
    QVERIFY(polled);
    QVERIFY(polled.value().state == BatchState::Failed);
    QCOMPARE(q(polled.value().errors), QStringLiteral("line 1: bad input"));
    auto results = f.api->results(polled.value());
    QVERIFY(results);
    QVERIFY(results.value().empty()); // nothing was answered: the requests go online or into a new batch
}

void TestBatchApi::openAiKeepsTheBaseQuery()
{
    // Azure OpenAI's base URL carries ?api-version=: every batch call keeps it after its own path.
    Fixture f(ProviderKind::OpenAI, "?api-version=2024-10-21");
    QVERIFY(f.api);
    auto submitted = f.api->submit(threeRequests(), "t");
    QVERIFY2(submitted, submitted ? "" : submitted.error().describe().c_str());
    QVERIFY(f.api->status(submitted.value().id));
    const auto sent = f.server.requests();
    QCOMPARE(sent.size(), std::size_t{3});
    QCOMPARE(q(sent[0].path), QStringLiteral("/v1/files?api-version=2024-10-21"));
    QCOMPARE(q(sent[1].path), QStringLiteral("/v1/batches?api-version=2024-10-21"));
    QCOMPARE(q(sent[2].path), q("/v1/batches/" + submitted.value().id + "?api-version=2024-10-21"));
    // The lines name the chat path without the query, as the batch's endpoint does.
    QCOMPARE(q(json::parse(sent[1].body)["endpoint"].get<std::string>()), QStringLiteral("/v1/chat/completions"));
}

void TestBatchApi::openAiFindsABatchByItsToken()
{
    Fixture f(ProviderKind::OpenAI);
    QVERIFY(f.api);
    // 130 batches: the one looked for is on the second page of the listing (100 a page, newest first).
    for (int i = 0; i < 130; ++i)
        QVERIFY(f.api->submit({threeRequests()[0]}, "token-" + std::to_string(i)));
    f.server.reset();
    auto found = f.api->findByToken("token-5");
    QVERIFY2(found, found ? "" : found.error().describe().c_str());
    QVERIFY(found.value().has_value());
    QCOMPARE(q(found.value()->token), QStringLiteral("token-5"));
    QCOMPARE(q(found.value()->id), q(f.batches.batches().at(5).id));
    QCOMPARE(f.server.requestCount(), std::size_t{2}); // two pages read
    QVERIFY(f.server.requests()[1].path.find("after=") != std::string::npos);

    f.server.reset();
    auto missing = f.api->findByToken("token-none");
    QVERIFY(missing);
    QVERIFY(!missing.value().has_value()); // every page read, none has it: it was never submitted
    QCOMPARE(f.server.requestCount(), std::size_t{2});
    QVERIFY(!f.api->findByToken(""));
}

void TestBatchApi::anthropicSubmitsPollsAndReads()
{
    Fixture f(ProviderKind::Anthropic);
    QVERIFY(f.api);
    f.batches.setAnswer([](const std::string &id, const std::string &) {
        if (id == "u-1")
            return FakeBatchService::Outcome{"succeeded", 200, anthropicAnswer("Score: 2")};
        if (id == "u-2")
            return FakeBatchService::Outcome{"errored", 400, "prompt is too long"};
        return FakeBatchService::Outcome{"expired", 0, {}};
    });
    auto submitted = f.api->submit(threeRequests(), "ignored");
    QVERIFY2(submitted, submitted ? "" : submitted.error().describe().c_str());
    QVERIFY(submitted.value().state == BatchState::InProgress);
    QCOMPARE(submitted.value().processing, std::size_t{3});
    const auto sent = f.server.requests();
    QCOMPARE(sent.size(), std::size_t{1});
    QCOMPARE(q(sent[0].method + " " + sent[0].path), QStringLiteral("POST /v1/messages/batches"));
    QCOMPARE(q(header(sent[0], "x-api-key")), QString::fromLatin1(kKey));
    QCOMPARE(q(header(sent[0], "anthropic-version")), QStringLiteral("2023-06-01"));
    const json body = json::parse(sent[0].body);
    QCOMPARE(body["requests"].size(), std::size_t{3});
    QCOMPARE(q(body["requests"][1]["custom_id"].get<std::string>()), QStringLiteral("u-2"));
    QCOMPARE(q(body["requests"][1]["params"].dump()), q(json::parse(threeRequests()[1].body).dump()));

    const std::string id = submitted.value().id;
    auto cancelling = f.api->cancel(id);
    QVERIFY(cancelling);
    QVERIFY(cancelling.value().state == BatchState::Cancelling);
    QVERIFY(!f.api->results(cancelling.value())); // not ended: no results to read

    f.batches.setState(id, "ended");
    auto polled = f.api->status(id);
    QVERIFY(polled);
    QVERIFY(polled.value().state == BatchState::Completed);
    QCOMPARE(polled.value().succeeded, std::size_t{1});
    QCOMPARE(polled.value().failed, std::size_t{2});
    auto results = f.api->results(polled.value());
    QVERIFY2(results, results ? "" : results.error().describe().c_str());
    QCOMPARE(results.value().size(), std::size_t{3});
    QVERIFY(results.value()[0].outcome == BatchOutcome::Succeeded);
    QVERIFY(f.provider->parseResponse(results.value()[0].body));
    QVERIFY(results.value()[1].outcome == BatchOutcome::Errored);
    QCOMPARE(q(results.value()[1].error), QStringLiteral("prompt is too long"));
    QVERIFY(results.value()[2].outcome == BatchOutcome::Expired);
    // The results came from the provider's own address, with the key.
    const auto download = f.server.requests().back();
    QCOMPARE(q(download.path), q("/v1/messages/batches/" + id + "/results"));
    QCOMPARE(q(header(download, "x-api-key")), QString::fromLatin1(kKey));
}

void TestBatchApi::anthropicResultsElsewhereNeverGetTheKey()
{
    Fixture f(ProviderKind::Anthropic);
    QVERIFY(f.api);
    // "localhost" is another origin than "127.0.0.1" as far as the URL says, though it reaches the same server.
    f.batches.setResultsOrigin("http://localhost:" + std::to_string(f.server.port()));
    f.batches.setAnswer([](const std::string &, const std::string &) {
        return FakeBatchService::Outcome{"succeeded", 200, anthropicAnswer("Score: 1")};
    });
    auto submitted = f.api->submit(threeRequests(), {});
    QVERIFY(submitted);
    f.batches.setState(submitted.value().id, "ended");
    auto polled = f.api->status(submitted.value().id);
    QVERIFY(polled);
    QVERIFY(polled.value().resultsUrl.starts_with("http://localhost:"));
    auto results = f.api->results(polled.value());
    QVERIFY2(results, results ? "" : results.error().describe().c_str());
    QCOMPARE(results.value().size(), std::size_t{3});
    const auto download = f.server.requests().back();
    QVERIFY(download.path.ends_with("/results"));
    QCOMPARE(q(header(download, "x-api-key")), QStringLiteral("<absent>"));
    QCOMPARE(q(header(download, "authorization")), QStringLiteral("<absent>"));
}

void TestBatchApi::anthropicCannotFindByToken()
{
    Fixture f(ProviderKind::Anthropic);
    QVERIFY(f.api);
    auto found = f.api->findByToken("token-1");
    QVERIFY(!found); // never "not found": Anthropic cannot tell
    QVERIFY(found.error().message.find("console") != std::string::npos);
    QCOMPARE(f.server.requestCount(), std::size_t{0});
}

void TestBatchApi::noBatchApi_data()
{
    QTest::addColumn<int>("kind");
    QTest::newRow("openai-compatible") << int(ProviderKind::OpenAI);
    QTest::newRow("anthropic") << int(ProviderKind::Anthropic);
}

void TestBatchApi::noBatchApi()
{
    QFETCH(int, kind);
    Fixture f(static_cast<ProviderKind>(kind));
    QVERIFY(f.api);
    f.batches.failEveryRequest(404); // vLLM and other OpenAI-compatible servers
    auto submitted = f.api->submit(threeRequests(), "t");
    QVERIFY(!submitted);
    QCOMPARE(q(submitted.error().field), QString::fromLatin1(concord::judge::kNoBatchApiField));
    QVERIFY2(submitted.error().message.find("has no batch API") != std::string::npos,
             submitted.error().message.c_str());
    QVERIFY(submitted.error().message.find("judge without batch") != std::string::npos);
    QCOMPARE(f.server.requestCount(), std::size_t{1}); // stopped at the first refusal
}

void TestBatchApi::ollamaHasNone()
{
    HttpClient http;
    auto provider = Provider::create(ProviderConfig{ProviderKind::Ollama, "http://127.0.0.1:9", "m", {}});
    QVERIFY(provider);
    auto api = BatchApi::create(*provider.value(), http);
    QVERIFY(!api);
    QCOMPARE(q(api.error().field), QString::fromLatin1(concord::judge::kNoBatchApiField));
    QCOMPARE(q(api.error().message), QStringLiteral("Ollama has no batch API; judge without batch"));
}

void TestBatchApi::unknownAndUnsafeIds()
{
    Fixture f(ProviderKind::OpenAI);
    QVERIFY(f.api);
    auto unknown = f.api->status("batch_999");
    QVERIFY(!unknown);
    QCOMPARE(q(unknown.error().message), QStringLiteral("batch batch_999 is not known to the server (HTTP 404)"));
    // An id out of a damaged study never becomes another path.
    f.server.reset();
    for (const char *bad : {"../files/file-1", "batch_1?x=1", "", "a b"}) {
        auto refused = f.api->status(bad);
        QVERIFY(!refused);
        QVERIFY2(refused.error().message.find("is not an id a provider hands out") != std::string::npos,
                 refused.error().message.c_str());
        QVERIFY(!f.api->cancel(bad));
    }
    QCOMPARE(f.server.requestCount(), std::size_t{0});
}

void TestBatchApi::serverErrorsInItsOwnWords()
{
    Fixture f(ProviderKind::OpenAI);
    QVERIFY(f.api);
    f.batches.failEveryRequest(500);
    auto submitted = f.api->submit(threeRequests(), "t");
    QVERIFY(!submitted);
    QCOMPARE(q(submitted.error().message),
             QStringLiteral("uploading the requests: HTTP 500: not found (invalid_request_error)"));
    QVERIFY(submitted.error().message.find(kKey) == std::string::npos);
    // An unreachable server: said so, not taken for a missing batch API.
    f.server.stop();
    auto unreachable = f.api->status("batch_1");
    QVERIFY(!unreachable);
    QVERIFY(unreachable.error().field != concord::judge::kNoBatchApiField);
    QVERIFY2(unreachable.error().message.starts_with("reading batch batch_1: no answer: "),
             unreachable.error().message.c_str());
}

QTEST_GUILESS_MAIN(TestBatchApi)
#include "tst_batch_api.moc"

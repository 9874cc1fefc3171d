// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Providers' wire formats: exact request bodies, headers with the key from the environment, answers
// of real shape parsed, malformed ones refused with a message naming what is wrong, capabilities.
#include "judge/provider/provider.h"
#include "test_llm_server.h"

#include <QTest>

using concord::judge::Capabilities;
using concord::judge::ChatMessage;
using concord::judge::ChatRequest;
using concord::judge::ChatResponse;
using concord::judge::HttpRequest;
using concord::judge::Provider;
using concord::judge::ProviderConfig;
using concord::judge::ProviderKind;
using concord::test::Reply;
using concord::test::ReplyToken;

Q_DECLARE_METATYPE(ProviderKind)

namespace {

constexpr const char *kKeyVar = "CONCORD_TEST_PROVIDER_KEY";
constexpr const char *kKey = "sk-test-0123456789abcdef";

std::unique_ptr<Provider> make(ProviderKind kind, std::string keyEnv = {}, std::string base = "http://127.0.0.1:9/v1")
{
    auto created = Provider::create(ProviderConfig{kind, std::move(base), "test-model", std::move(keyEnv)});
    if (!created.ok())
        return nullptr;
    return std::move(created).value();
}

ChatRequest request(const std::vector<ChatMessage> &messages)
{
    ChatRequest r;
    r.messages = messages;
    return r;
}

std::string header(const HttpRequest &request, const std::string &name)
{
    for (const auto &[n, v] : request.headers)
        if (n == name)
            return v;
    return "<absent>";
}

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace

class TestProviders : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void kindNames();
    void requestBodies_data();
    void requestBodies();
    void bodiesAreDeterministicAndKeyFree_data();
    void bodiesAreDeterministicAndKeyFree();
    void headersAndEndpoints_data();
    void headersAndEndpoints();
    void endpointUrls_data();
    void endpointUrls();
    void configurationErrors_data();
    void configurationErrors();
    void capabilities_data();
    void capabilities();
    void parseOpenAi();
    void parseOpenAiLogprobs();
    void parseOpenAiChoicesInIndexOrder();
    void parseAnthropic();
    void parseOllamaWithLogprobs();
    void malformedAnswers_data();
    void malformedAnswers();
    void errorMessages_data();
    void errorMessages();
};

void TestProviders::init()
{
    qputenv(kKeyVar, kKey);
}

void TestProviders::kindNames()
{
    for (ProviderKind kind : {ProviderKind::OpenAI, ProviderKind::Anthropic, ProviderKind::Ollama})
        QCOMPARE(concord::judge::providerKindFromString(concord::judge::toString(kind)), std::optional(kind));
    QCOMPARE(concord::judge::toString(ProviderKind::Anthropic), std::string_view("anthropic"));
    QVERIFY(!concord::judge::providerKindFromString("OpenAI"));
    QVERIFY(!concord::judge::providerKindFromString(""));
}

void TestProviders::requestBodies_data()
{
    QTest::addColumn<ProviderKind>("kind");
    QTest::addColumn<int>("variant");
    QTest::addColumn<QString>("expected");

    // variant 0: defaults; 1: every option set; 2: logprobs without alternatives.
    QTest::newRow("openai defaults")
        << ProviderKind::OpenAI << 0
        << QStringLiteral(
               R"({"model":"test-model","messages":[{"role":"system","content":"Be a judge."},{"role":"user","content":"Rate: \"ok\"\nä"}],"temperature":0.0,"max_tokens":512})");
    QTest::newRow("openai all options")
        << ProviderKind::OpenAI << 1
        << QStringLiteral(
               R"({"model":"test-model","messages":[{"role":"system","content":"Be a judge."},{"role":"user","content":"Rate: \"ok\"\nä"}],"temperature":0.7,"top_p":0.9,"max_tokens":64,"n":3,"seed":42,"logprobs":true,"top_logprobs":5})");
    QTest::newRow("openai logprobs only")
        << ProviderKind::OpenAI << 2
        << QStringLiteral(
               R"({"model":"test-model","messages":[{"role":"system","content":"Be a judge."},{"role":"user","content":"Rate: \"ok\"\nä"}],"temperature":1.0,"max_tokens":8,"logprobs":true})");
    QTest::newRow("anthropic defaults")
        << ProviderKind::Anthropic << 0
        << QStringLiteral(
               R"({"model":"test-model","system":"Be a judge.","messages":[{"role":"user","content":"Rate: \"ok\"\nä"}],"max_tokens":512,"temperature":0.0})");
    // No n, seed or logprobs in the Messages API: they are left out, not sent.
    QTest::newRow("anthropic all options")
        << ProviderKind::Anthropic << 1
        << QStringLiteral(
               R"({"model":"test-model","system":"Be a judge.","messages":[{"role":"user","content":"Rate: \"ok\"\nä"}],"max_tokens":64,"temperature":0.7,"top_p":0.9})");
    QTest::newRow("ollama defaults")
        << ProviderKind::Ollama << 0
        << QStringLiteral(
               R"({"model":"test-model","messages":[{"role":"system","content":"Be a judge."},{"role":"user","content":"Rate: \"ok\"\nä"}],"stream":false,"options":{"temperature":0.0,"num_predict":512}})");
    // variant 3: a structured answer's schema, in each provider's own terms.
    QTest::newRow("openai schema")
        << ProviderKind::OpenAI << 3
        << QStringLiteral(
               R"({"model":"test-model","messages":[{"role":"system","content":"Be a judge."},{"role":"user","content":"Rate: \"ok\"\nä"}],"temperature":0.0,"max_tokens":512,"response_format":{"type":"json_schema","json_schema":{"name":"answer","strict":true,"schema":{"type":"object","properties":{"score":{"type":"integer"}},"required":["score"],"additionalProperties":false}}}})");
    QTest::newRow("anthropic schema")
        << ProviderKind::Anthropic << 3
        << QStringLiteral(
               R"({"model":"test-model","system":"Be a judge.","messages":[{"role":"user","content":"Rate: \"ok\"\nä"}],"max_tokens":512,"temperature":0.0,"tools":[{"name":"answer","description":"Give the answer.","input_schema":{"type":"object","properties":{"score":{"type":"integer"}},"required":["score"],"additionalProperties":false}}],"tool_choice":{"type":"tool","name":"answer"}})");
    QTest::newRow("ollama schema")
        << ProviderKind::Ollama << 3
        << QStringLiteral(
               R"({"model":"test-model","messages":[{"role":"system","content":"Be a judge."},{"role":"user","content":"Rate: \"ok\"\nä"}],"stream":false,"options":{"temperature":0.0,"num_predict":512},"format":{"type":"object","properties":{"score":{"type":"integer"}},"required":["score"],"additionalProperties":false}})");
    QTest::newRow("ollama all options")
        << ProviderKind::Ollama << 1
        << QStringLiteral(
               R"({"model":"test-model","messages":[{"role":"system","content":"Be a judge."},{"role":"user","content":"Rate: \"ok\"\nä"}],"stream":false,"options":{"temperature":0.7,"top_p":0.9,"num_predict":64,"seed":42},"logprobs":true,"top_logprobs":5})");
}

void TestProviders::requestBodies()
{
    QFETCH(ProviderKind, kind);
    QFETCH(int, variant);
    QFETCH(QString, expected);
    auto provider = make(kind);
    QVERIFY(provider);
    ChatRequest r = request({{"system", "Be a judge."}, {"user", "Rate: \"ok\"\nä"}});
    if (variant == 1) {
        r.sampling.temperature = 0.7;
        r.sampling.topP = 0.9;
        r.sampling.maxTokens = 64;
        r.sampling.n = 3;
        r.sampling.seed = 42;
        r.sampling.logprobs = true;
        r.sampling.topLogprobs = 5;
    } else if (variant == 2) {
        r.sampling.temperature = 1;
        r.sampling.maxTokens = 8;
        r.sampling.logprobs = true;
    } else if (variant == 3) {
        r.schema = concord::judge::AnswerSchema{
            "answer",
            R"({"type":"object","properties":{"score":{"type":"integer"}},"required":["score"],"additionalProperties":false})"};
    }
    QCOMPARE(q(provider->requestBody(r)), expected);
}

void TestProviders::bodiesAreDeterministicAndKeyFree_data()
{
    QTest::addColumn<ProviderKind>("kind");
    QTest::newRow("openai") << ProviderKind::OpenAI;
    QTest::newRow("anthropic") << ProviderKind::Anthropic;
    QTest::newRow("ollama") << ProviderKind::Ollama;
}

void TestProviders::bodiesAreDeterministicAndKeyFree()
{
    QFETCH(ProviderKind, kind);
    auto provider = make(kind, kKeyVar);
    QVERIFY(provider);
    ChatRequest r = request({{"system", "s"}, {"user", "u"}, {"assistant", "a"}, {"user", "u2"}});
    r.sampling.seed = 7;
    r.sampling.logprobs = true;
    r.sampling.topLogprobs = 3;
    const std::string body = provider->requestBody(r);
    QCOMPARE(provider->requestBody(r), body);
    QVERIFY(body.find(kKey) == std::string::npos);
    QVERIFY(body.find(kKeyVar) == std::string::npos);
    // The same request from a second provider object gives the same bytes (the cache relies on it).
    QCOMPARE(make(kind, kKeyVar)->requestBody(r), body);
    // Invalid UTF-8 in a prompt is replaced, not thrown about.
    ChatRequest broken = request({{"user", std::string("bad \xff byte")}});
    QVERIFY(provider->requestBody(broken).find("bad") != std::string::npos);
    // The key travels in a header only.
    const HttpRequest http = provider->httpRequest(body);
    QCOMPARE(http.body, body);
}

void TestProviders::headersAndEndpoints_data()
{
    QTest::addColumn<ProviderKind>("kind");
    QTest::addColumn<QString>("base");
    QTest::addColumn<bool>("withKey");
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("keyHeader");
    QTest::addColumn<QString>("keyValue");

    const QString bearer = QString(QStringLiteral("Bearer ") + QString::fromLatin1(kKey));
    QTest::newRow("openai key") << ProviderKind::OpenAI << QStringLiteral("https://api.openai.com/v1") << true
                                << QStringLiteral("https://api.openai.com/v1/chat/completions")
                                << QStringLiteral("Authorization") << bearer;
    QTest::newRow("openai trailing slash, no key")
        << ProviderKind::OpenAI << QStringLiteral("http://127.0.0.1:8000/v1/") << false
        << QStringLiteral("http://127.0.0.1:8000/v1/chat/completions") << QStringLiteral("Authorization")
        << QStringLiteral("<absent>");
    QTest::newRow("anthropic key") << ProviderKind::Anthropic << QStringLiteral("https://api.anthropic.com/v1") << true
                                   << QStringLiteral("https://api.anthropic.com/v1/messages")
                                   << QStringLiteral("x-api-key") << QString::fromLatin1(kKey);
    QTest::newRow("ollama no key") << ProviderKind::Ollama << QStringLiteral("http://127.0.0.1:11434") << false
                                   << QStringLiteral("http://127.0.0.1:11434/api/chat")
                                   << QStringLiteral("Authorization") << QStringLiteral("<absent>");
    QTest::newRow("ollama key") << ProviderKind::Ollama << QStringLiteral("http://127.0.0.1:11434/") << true
                                << QStringLiteral("http://127.0.0.1:11434/api/chat") << QStringLiteral("Authorization")
                                << bearer;
}

void TestProviders::headersAndEndpoints()
{
    QFETCH(ProviderKind, kind);
    QFETCH(QString, base);
    QFETCH(bool, withKey);
    QFETCH(QString, url);
    QFETCH(QString, keyHeader);
    QFETCH(QString, keyValue);
    auto provider = make(kind, withKey ? kKeyVar : "", base.toStdString());
    QVERIFY(provider);
    QCOMPARE(q(provider->endpoint()), url);
    const HttpRequest http = provider->httpRequest("{}");
    QCOMPARE(q(http.url), url);
    QCOMPARE(q(http.body), QStringLiteral("{}"));
    QCOMPARE(q(header(http, keyHeader.toStdString())), keyValue);
    QCOMPARE(q(header(http, "Content-Type")), QStringLiteral("application/json"));
    if (kind == ProviderKind::Anthropic)
        QCOMPARE(q(header(http, "anthropic-version")), QStringLiteral("2023-06-01"));
    // The configuration keeps the variable's name, never its value.
    QVERIFY(provider->config().apiKeyEnv.find(kKey) == std::string::npos);
}

void TestProviders::endpointUrls_data()
{
    QTest::addColumn<ProviderKind>("kind");
    QTest::addColumn<QString>("base");
    QTest::addColumn<QString>("url");
    const QString azure = QStringLiteral("https://r.openai.azure.com/openai/deployments/gpt4o");
    const QString version = QStringLiteral("?api-version=2024-06-01");
    QTest::newRow("host only") << ProviderKind::OpenAI << QStringLiteral("http://127.0.0.1:8000")
                               << QStringLiteral("http://127.0.0.1:8000/chat/completions");
    QTest::newRow("host, slash") << ProviderKind::OpenAI << QStringLiteral("http://127.0.0.1:8000/")
                                 << QStringLiteral("http://127.0.0.1:8000/chat/completions");
    QTest::newRow("path, slashes") << ProviderKind::OpenAI << QStringLiteral("https://h.example/v1//")
                                   << QStringLiteral("https://h.example/v1/chat/completions");
    QTest::newRow("azure deployment") << ProviderKind::OpenAI << azure << azure + QStringLiteral("/chat/completions");
    QTest::newRow("azure query") << ProviderKind::OpenAI << azure + version
                                 << azure + QStringLiteral("/chat/completions") + version;
    QTest::newRow("azure slash, query") << ProviderKind::OpenAI << azure + QStringLiteral("/") + version
                                        << azure + QStringLiteral("/chat/completions") + version;
    QTest::newRow("host, query") << ProviderKind::OpenAI << QStringLiteral("https://h.example?a=1&b=2")
                                 << QStringLiteral("https://h.example/chat/completions?a=1&b=2");
    QTest::newRow("host, slash, query") << ProviderKind::OpenAI << QStringLiteral("https://h.example/?a=1")
                                        << QStringLiteral("https://h.example/chat/completions?a=1");
    QTest::newRow("query with slashes") << ProviderKind::OpenAI << QStringLiteral("https://h.example/v1?p=a/b/")
                                        << QStringLiteral("https://h.example/v1/chat/completions?p=a/b/");
    QTest::newRow("empty query") << ProviderKind::OpenAI << QStringLiteral("https://h.example/v1/?")
                                 << QStringLiteral("https://h.example/v1/chat/completions?");
    QTest::newRow("anthropic query") << ProviderKind::Anthropic
                                     << QStringLiteral("https://gw.example/anthropic/v1/?x=1")
                                     << QStringLiteral("https://gw.example/anthropic/v1/messages?x=1");
    QTest::newRow("anthropic path") << ProviderKind::Anthropic << QStringLiteral("https://api.anthropic.com/v1")
                                    << QStringLiteral("https://api.anthropic.com/v1/messages");
    QTest::newRow("ollama query") << ProviderKind::Ollama << QStringLiteral("http://127.0.0.1:11434?x=1")
                                  << QStringLiteral("http://127.0.0.1:11434/api/chat?x=1");
    QTest::newRow("ollama proxied path") << ProviderKind::Ollama << QStringLiteral("https://gw.example/ollama/")
                                         << QStringLiteral("https://gw.example/ollama/api/chat");
}

void TestProviders::endpointUrls()
{
    QFETCH(ProviderKind, kind);
    QFETCH(QString, base);
    QFETCH(QString, url);
    auto provider = make(kind, {}, base.toStdString());
    QVERIFY(provider);
    QCOMPARE(q(provider->endpoint()), url);
    QCOMPARE(q(provider->httpRequest("{}").url), url);
    // A fragment is never part of a request, even where create() is bypassed.
    QCOMPARE(q(concord::judge::endpointUrl(base.toStdString() + "#frag", "/p")),
             q(concord::judge::endpointUrl(base.toStdString(), "/p")));
}

void TestProviders::configurationErrors_data()
{
    QTest::addColumn<QString>("base");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("keyEnv");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("field");
    QTest::newRow("unset variable")
        << QStringLiteral("https://api.openai.com/v1") << QStringLiteral("m")
        << QStringLiteral("CONCORD_TEST_UNSET_KEY")
        << QStringLiteral("the environment variable CONCORD_TEST_UNSET_KEY (named for the API key) is not set")
        << QStringLiteral("api_key_env");
    QTest::newRow("empty variable")
        << QStringLiteral("https://api.openai.com/v1") << QStringLiteral("m")
        << QStringLiteral("CONCORD_TEST_EMPTY_KEY")
        << QStringLiteral("the environment variable CONCORD_TEST_EMPTY_KEY (named for the API key) is empty")
        << QStringLiteral("api_key_env");
    QTest::newRow("line break in key")
        << QStringLiteral("https://api.openai.com/v1") << QStringLiteral("m")
        << QStringLiteral("CONCORD_TEST_BROKEN_KEY")
        << QStringLiteral("the environment variable CONCORD_TEST_BROKEN_KEY (named for the API key) holds a line break")
        << QStringLiteral("api_key_env");
    QTest::newRow("no base URL") << QString() << QStringLiteral("m") << QString()
                                 << QStringLiteral("no base URL for the openai provider") << QStringLiteral("base_url");
    QTest::newRow("bad scheme") << QStringLiteral("ftp://example.org") << QStringLiteral("m") << QString()
                                << QStringLiteral("the base URL must start with http:// or https://: ftp://example.org")
                                << QStringLiteral("base_url");
    QTest::newRow("fragment") << QStringLiteral("https://h.example/v1#sk-pasted-here") << QStringLiteral("m")
                              << QString()
                              << QStringLiteral("the base URL holds a fragment ('#...'), which is never sent to a "
                                                "server: remove it")
                              << QStringLiteral("base_url");
    QTest::newRow("no model") << QStringLiteral("http://127.0.0.1:1") << QString() << QString()
                              << QStringLiteral("no model named for the openai provider") << QStringLiteral("model");
}

void TestProviders::configurationErrors()
{
    QFETCH(QString, base);
    QFETCH(QString, model);
    QFETCH(QString, keyEnv);
    QFETCH(QString, message);
    QFETCH(QString, field);
    qunsetenv("CONCORD_TEST_UNSET_KEY");
    qputenv("CONCORD_TEST_EMPTY_KEY", QByteArray(""));
    qputenv("CONCORD_TEST_BROKEN_KEY", QByteArray("sk-secret-part\r\nX-Evil: 1"));
    auto created = Provider::create(
        ProviderConfig{ProviderKind::OpenAI, base.toStdString(), model.toStdString(), keyEnv.toStdString()});
    QVERIFY(!created.ok());
    QCOMPARE(q(created.error().message), message);
    QCOMPARE(q(created.error().field), field);
    QVERIFY(created.error().message.find("sk-secret-part") == std::string::npos);
    QVERIFY(created.error().message.find("sk-pasted-here") == std::string::npos);
}

void TestProviders::capabilities_data()
{
    QTest::addColumn<ProviderKind>("kind");
    QTest::addColumn<bool>("logprobs");
    QTest::addColumn<bool>("multipleSamples");
    QTest::addColumn<bool>("structuredAnswers");
    QTest::newRow("openai") << ProviderKind::OpenAI << true << true << true;
    QTest::newRow("anthropic") << ProviderKind::Anthropic << false << false << true;
    QTest::newRow("ollama") << ProviderKind::Ollama << true << false << true;
}

void TestProviders::capabilities()
{
    QFETCH(ProviderKind, kind);
    QFETCH(bool, logprobs);
    QFETCH(bool, multipleSamples);
    QFETCH(bool, structuredAnswers);
    auto provider = make(kind);
    QVERIFY(provider);
    const Capabilities c = provider->capabilities();
    QCOMPARE(c.logprobs, logprobs);
    QCOMPARE(c.multipleSamples, multipleSamples);
    QCOMPARE(c.structuredAnswers, structuredAnswers);
}

void TestProviders::parseOpenAi()
{
    auto provider = make(ProviderKind::OpenAI);
    const auto parsed = provider->parseResponse(Reply::openAi("Score: 4", 123, 7).body);
    QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().message.c_str());
    QCOMPARE(parsed->choices.size(), std::size_t(1));
    QCOMPARE(q(parsed->choices[0].text), QStringLiteral("Score: 4"));
    QCOMPARE(q(parsed->choices[0].finishReason), QStringLiteral("stop"));
    QVERIFY(parsed->choices[0].logprobs.empty());
    QCOMPARE(parsed->tokensIn, 123);
    QCOMPARE(parsed->tokensOut, 7);
    // A server that sends no usage (some OpenAI-compatible ones) still parses, with zero tokens.
    const auto bare = provider->parseResponse(R"({"choices":[{"message":{"content":"B"}}]})");
    QVERIFY(bare.ok());
    QCOMPARE(q(bare->choices[0].text), QStringLiteral("B"));
    QCOMPARE(bare->tokensIn, 0);
}

void TestProviders::parseOpenAiLogprobs()
{
    auto provider = make(ProviderKind::OpenAI);
    const std::vector<ReplyToken> tokens = {
        {"4", -0.105, {{"4", -0.105}, {"5", -2.4}, {"3", -3.9}}},
        {"\n", -0.01, {{"\n", -0.01}}},
    };
    const auto parsed = provider->parseResponse(Reply::openAiLogprobs("4\n", tokens, 50, 2).body);
    QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().message.c_str());
    const auto &lp = parsed->choices.at(0).logprobs;
    QCOMPARE(lp.size(), std::size_t(2));
    QCOMPARE(q(lp[0].token), QStringLiteral("4"));
    QCOMPARE(lp[0].logprob, -0.105);
    QCOMPARE(lp[0].top.size(), std::size_t(3));
    QCOMPARE(q(lp[0].top[1].token), QStringLiteral("5"));
    QCOMPARE(lp[0].top[1].logprob, -2.4);
    QCOMPARE(q(lp[1].token), QStringLiteral("\n"));
    QCOMPARE(parsed->tokensIn, 50);
}

void TestProviders::parseOpenAiChoicesInIndexOrder()
{
    auto provider = make(ProviderKind::OpenAI);
    const auto three = provider->parseResponse(Reply::openAiChoices({"3", "4", "5"}, 40, 3).body);
    QVERIFY(three.ok());
    QCOMPARE(three->choices.size(), std::size_t(3));
    QCOMPARE(q(three->choices[2].text), QStringLiteral("5"));
    QCOMPARE(three->tokensOut, 3);
    // Listed out of order by the server: read in index order.
    const auto shuffled = provider->parseResponse(
        R"({"choices":[{"index":2,"message":{"content":"c"}},{"index":0,"message":{"content":"a"}},{"index":1,"message":{"content":"b"}}]})");
    QVERIFY(shuffled.ok());
    QCOMPARE(q(shuffled->choices[0].text + shuffled->choices[1].text + shuffled->choices[2].text),
             QStringLiteral("abc"));
}

void TestProviders::parseAnthropic()
{
    auto provider = make(ProviderKind::Anthropic);
    const auto parsed
        = provider->parseResponse(Reply::anthropic({"The summary is faithful. ", "Score: 5"}, 900, 12).body);
    QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().message.c_str());
    QCOMPARE(parsed->choices.size(), std::size_t(1));
    QCOMPARE(q(parsed->choices[0].text), QStringLiteral("The summary is faithful. Score: 5"));
    QCOMPARE(q(parsed->choices[0].finishReason), QStringLiteral("stop"));
    QCOMPARE(parsed->tokensIn, 900);
    QCOMPARE(parsed->tokensOut, 12);
    // Thinking blocks are not the answer; max_tokens reads as "length".
    const auto thinking = provider->parseResponse(
        R"({"type":"message","content":[{"type":"thinking","thinking":"hmm","signature":"x"},{"type":"text","text":"A"}],"stop_reason":"max_tokens","usage":{"input_tokens":3,"output_tokens":1}})");
    QVERIFY(thinking.ok());
    QCOMPARE(q(thinking->choices[0].text), QStringLiteral("A"));
    QCOMPARE(q(thinking->choices[0].finishReason), QStringLiteral("length"));
    // A structured answer is the forced tool call's input, whatever text comes with it.
    const auto tool = provider->parseResponse(
        R"({"type":"message","content":[{"type":"text","text":"Scoring."},{"type":"tool_use","id":"t1","name":"score_with_reason","input":{"reason":"Clear.","score":4}}],"stop_reason":"tool_use","usage":{"input_tokens":3,"output_tokens":9}})");
    QVERIFY2(tool.ok(), tool.ok() ? "" : tool.error().message.c_str());
    QCOMPARE(q(tool->choices[0].text), QStringLiteral(R"({"reason":"Clear.","score":4})"));
    QCOMPARE(q(tool->choices[0].finishReason), QStringLiteral("stop"));
}

void TestProviders::parseOllamaWithLogprobs()
{
    auto provider = make(ProviderKind::Ollama);
    const auto plain = provider->parseResponse(Reply::ollama("Yes", 31, 2).body);
    QVERIFY2(plain.ok(), plain.ok() ? "" : plain.error().message.c_str());
    QCOMPARE(q(plain->choices.at(0).text), QStringLiteral("Yes"));
    QCOMPARE(q(plain->choices[0].finishReason), QStringLiteral("stop"));
    QVERIFY(plain->choices[0].logprobs.empty());
    QCOMPARE(plain->tokensIn, 31);
    QCOMPARE(plain->tokensOut, 2);
    const auto withLogprobs
        = provider->parseResponse(Reply::ollama("Yes", 31, 1, {{"Yes", -0.22, {{"Yes", -0.22}, {"No", -1.61}}}}).body);
    QVERIFY(withLogprobs.ok());
    const auto &lp = withLogprobs->choices.at(0).logprobs;
    QCOMPARE(lp.size(), std::size_t(1));
    QCOMPARE(q(lp[0].token), QStringLiteral("Yes"));
    QCOMPARE(lp[0].top.size(), std::size_t(2));
    QCOMPARE(q(lp[0].top[1].token), QStringLiteral("No"));
    QCOMPARE(lp[0].top[1].logprob, -1.61);
    // With the prompt in Ollama's cache, prompt_eval_count is absent.
    const auto cached
        = provider->parseResponse(R"({"message":{"role":"assistant","content":"No"},"done":true,"eval_count":1})");
    QVERIFY(cached.ok());
    QCOMPARE(cached->tokensIn, 0);
}

void TestProviders::malformedAnswers_data()
{
    QTest::addColumn<ProviderKind>("kind");
    QTest::addColumn<QString>("body");
    QTest::addColumn<QString>("message");

    const auto O = ProviderKind::OpenAI;
    const auto A = ProviderKind::Anthropic;
    const auto L = ProviderKind::Ollama;
    QTest::newRow("openai not JSON") << O << QStringLiteral("<html>Bad Gateway</html>")
                                     << QStringLiteral("the answer is not JSON");
    QTest::newRow("openai empty") << O << QString() << QStringLiteral("the answer is not JSON (it is empty)");
    QTest::newRow("openai truncated") << O << QString::fromStdString(Reply::openAi("x").body.substr(0, 40))
                                      << QStringLiteral("the answer is not JSON");
    // Refused while reading, before a value that deep exists (writing it back would recurse).
    QTest::newRow("openai 100000 deep") << O
                                        << (QStringLiteral("{\"choices\": ") + QString(100000, u'[')
                                            + QString(100000, u']') + QStringLiteral("}"))
                                        << QStringLiteral("the answer is nested more than 512 levels deep");
    QTest::newRow("anthropic 100000 deep")
        << A
        << (QStringLiteral("{\"content\": [") + QStringLiteral("{\"text\": ").repeated(100000) + QStringLiteral("1")
            + QString(100000, u'}') + QStringLiteral("]}"))
        << QStringLiteral("the answer is nested more than 512 levels deep");
    QTest::newRow("anthropic tool input not an object")
        << A << QStringLiteral(R"({"content":[{"type":"tool_use","name":"x","input":"4"}],"stop_reason":"tool_use"})")
        << QStringLiteral("content[0].input is not an object");
    QTest::newRow("anthropic two tool calls")
        << A
        << QStringLiteral(
               R"({"content":[{"type":"tool_use","name":"x","input":{}},{"type":"tool_use","name":"x","input":{}}]})")
        << QStringLiteral("two tool_use blocks in content in the answer");
    QTest::newRow("openai array") << O << QStringLiteral("[1,2]")
                                  << QStringLiteral("the answer is not a JSON object (it is array)");
    QTest::newRow("openai no choices") << O << QStringLiteral(R"({"id":"x"})")
                                       << QStringLiteral("no choices in the answer");
    QTest::newRow("openai empty choices")
        << O << QStringLiteral(R"({"choices":[]})") << QStringLiteral("no choices in the answer (the list is empty)");
    QTest::newRow("openai choices object")
        << O << QStringLiteral(R"({"choices":{}})") << QStringLiteral("choices is not an array (it is object)");
    QTest::newRow("openai no message") << O << QStringLiteral(R"({"choices":[{"index":0}]})")
                                       << QStringLiteral("no choices[0].message in the answer");
    QTest::newRow("openai no content") << O << QStringLiteral(R"({"choices":[{"message":{"role":"assistant"}}]})")
                                       << QStringLiteral("no choices[0].message.content in the answer");
    QTest::newRow("openai content number")
        << O << QStringLiteral(R"({"choices":[{"message":{"content":4}}]})")
        << QStringLiteral("choices[0].message.content is not a string (it is number)");
    QTest::newRow("openai refusal")
        << O << QStringLiteral(R"({"choices":[{"message":{"content":null,"refusal":"I can't help with that."}}]})")
        << QStringLiteral("choices[0].message.content is null (refusal: I can't help with that.)");
    QTest::newRow("openai second choice broken")
        << O << QStringLiteral(R"({"choices":[{"message":{"content":"a"}},{"message":[]}]})")
        << QStringLiteral("choices[1].message is not an object (it is array)");
    QTest::newRow("openai logprob missing")
        << O
        << QStringLiteral(
               R"({"choices":[{"message":{"content":"4"},"logprobs":{"content":[{"token":"4","top_logprobs":[]}]}}]})")
        << QStringLiteral("no choices[0].logprobs.content[0].logprob in the answer");
    QTest::newRow("openai top logprob wrong")
        << O
        << QStringLiteral(
               R"({"choices":[{"message":{"content":"4"},"logprobs":{"content":[{"token":"4","logprob":-0.1,"top_logprobs":[{"token":"4","logprob":"high"}]}]}}]})")
        << QStringLiteral("choices[0].logprobs.content[0].top_logprobs[0].logprob is not a number (it is string)");
    QTest::newRow("openai usage wrong")
        << O << QStringLiteral(R"({"choices":[{"message":{"content":"a"}}],"usage":{"prompt_tokens":"many"}})")
        << QStringLiteral("usage.prompt_tokens is not a count (it is string)");
    QTest::newRow("anthropic not JSON") << A << QStringLiteral("{\"content\": [")
                                        << QStringLiteral("the answer is not JSON");
    QTest::newRow("anthropic no content")
        << A << QStringLiteral(R"({"type":"message","usage":{}})") << QStringLiteral("no content in the answer");
    QTest::newRow("anthropic content string")
        << A << QStringLiteral(R"({"content":"hi"})") << QStringLiteral("content is not an array (it is string)");
    // A tool call's input is an answer (structured answers); thinking alone is not.
    QTest::newRow("anthropic no text block")
        << A << QStringLiteral(R"({"content":[{"type":"thinking","thinking":"hmm","signature":"x"}]})")
        << QStringLiteral("no text block in content in the answer");
    QTest::newRow("anthropic text missing") << A << QStringLiteral(R"({"content":[{"type":"text"}]})")
                                            << QStringLiteral("no content[0].text in the answer");
    QTest::newRow("anthropic error")
        << A << QStringLiteral(R"({"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}})")
        << QStringLiteral("the answer is an error: Overloaded");
    QTest::newRow("ollama no message") << L << QStringLiteral(R"({"model":"m","done":true})")
                                       << QStringLiteral("no message in the answer");
    QTest::newRow("ollama content wrong") << L << QStringLiteral(R"({"message":{"content":["a"]}})")
                                          << QStringLiteral("message.content is not a string (it is array)");
    QTest::newRow("ollama logprobs object") << L << QStringLiteral(R"({"message":{"content":"a"},"logprobs":{}})")
                                            << QStringLiteral("logprobs is not an array");
    QTest::newRow("ollama logprob token missing")
        << L << QStringLiteral(R"({"message":{"content":"a"},"logprobs":[{"logprob":-1}]})")
        << QStringLiteral("no logprobs[0].token in the answer");
    QTest::newRow("openai usage too large")
        << O << QStringLiteral(R"({"choices":[{"message":{"content":"a"}}],"usage":{"prompt_tokens":1e30}})")
        << QStringLiteral("usage.prompt_tokens is not a count (1e+30 is too large)");
    QTest::newRow("openai index too large")
        << O << QStringLiteral(R"({"choices":[{"index":9223372036854775808,"message":{"content":"a"}}]})")
        << QStringLiteral("choices[0].index is not a count (9223372036854775808 is too large)");
    QTest::newRow("anthropic usage too large")
        << A << QStringLiteral(R"({"content":[{"type":"text","text":"A"}],"usage":{"output_tokens":3000000000}})")
        << QStringLiteral("usage.output_tokens is not a count (3000000000 is too large)");
    QTest::newRow("ollama count too large") << L << QStringLiteral(R"({"message":{"content":"a"},"eval_count":1e300})")
                                            << QStringLiteral("eval_count is not a count (1e+300 is too large)");
    QTest::newRow("ollama error") << L << QStringLiteral(R"({"error":"model 'x' not found"})")
                                  << QStringLiteral("the answer is an error: model 'x' not found");
}

void TestProviders::malformedAnswers()
{
    QFETCH(ProviderKind, kind);
    QFETCH(QString, body);
    QFETCH(QString, message);
    auto provider = make(kind);
    QVERIFY(provider);
    const auto parsed = provider->parseResponse(body.toStdString());
    QVERIFY(!parsed.ok());
    QCOMPARE(q(parsed.error().message), message);
}

void TestProviders::errorMessages_data()
{
    QTest::addColumn<ProviderKind>("kind");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("body");
    QTest::addColumn<QString>("message");
    QTest::newRow("openai 429") << ProviderKind::OpenAI << 429
                                << QString::fromStdString(
                                       Reply::openAiError(429, "Rate limit reached for gpt-4o", "requests").body)
                                << QStringLiteral("HTTP 429: Rate limit reached for gpt-4o (requests)");
    QTest::newRow("openai 401 echoes the key")
        << ProviderKind::OpenAI << 401
        << QStringLiteral(
               R"({"error":{"message":"Incorrect API key provided: sk-test-0123456789abcdef.","type":"invalid_request_error","code":"invalid_api_key"}})")
        << QStringLiteral("HTTP 401: Incorrect API key provided: [redacted]. (invalid_request_error)");
    QTest::newRow("anthropic 529")
        << ProviderKind::Anthropic << 529
        << QStringLiteral(R"({"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}})")
        << QStringLiteral("HTTP 529: Overloaded (overloaded_error)");
    QTest::newRow("ollama 404") << ProviderKind::Ollama << 404
                                << QStringLiteral(R"({"error":"model \"llama9\" not found, try pulling it first"})")
                                << QStringLiteral("HTTP 404: model \"llama9\" not found, try pulling it first");
    QTest::newRow("vllm 400")
        << ProviderKind::OpenAI << 400
        << QStringLiteral(
               R"({"object":"error","message":"max_tokens is too large","type":"BadRequestError","code":400})")
        << QStringLiteral("HTTP 400: max_tokens is too large (BadRequestError)");
    QTest::newRow("html 502") << ProviderKind::OpenAI << 502
                              << QStringLiteral("<html>\r\n<h1>502 Bad Gateway</h1>\r\n</html>")
                              << QStringLiteral("HTTP 502: <html>  <h1>502 Bad Gateway</h1>  </html>");
    QTest::newRow("empty 503") << ProviderKind::Anthropic << 503 << QString() << QStringLiteral("HTTP 503");
    QTest::newRow("long body cut") << ProviderKind::OpenAI << 500 << QString(400, QLatin1Char('x'))
                                   << QString(QStringLiteral("HTTP 500: ") + QString(300, QLatin1Char('x'))
                                              + QStringLiteral("..."));
}

void TestProviders::errorMessages()
{
    QFETCH(ProviderKind, kind);
    QFETCH(int, status);
    QFETCH(QString, body);
    QFETCH(QString, message);
    auto provider = make(kind, kKeyVar);
    QVERIFY(provider);
    QCOMPARE(q(provider->errorMessage(status, body.toStdString())), message);
}

QTEST_GUILESS_MAIN(TestProviders)
#include "tst_providers.moc"

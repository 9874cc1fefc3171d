// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// HttpClient against a faulty server: Retry-After in its forms, a 200 whose transfer breaks off,
// answers larger than allowed (announced or streamed), error bodies larger than their excerpt, and a
// server that echoes the credential back.
#include "judge/provider/http_client.h"
#include "judge/provider/redaction.h"
#include "judge/provider/retry_after.h"
#include "test_llm_server.h"

#include <QTest>

#include <atomic>
#include <mutex>

using concord::judge::HttpClient;
using concord::judge::HttpOptions;
using concord::judge::HttpRequest;
using concord::judge::HttpResponse;
using concord::test::RecordedRequest;
using concord::test::Reply;
using concord::test::TestLlmServer;

namespace {

constexpr std::size_t kMiB = std::size_t{1} << 20;

// Sends one request and waits for its answer.
class OneCall {
public:
    explicit OneCall(HttpOptions options)
        : m_client(std::move(options))
    { }

    HttpResponse send(HttpRequest request)
    {
        {
            std::lock_guard lock(m_mutex);
            m_done = false;
        }
        m_client.submit(std::move(request), [this](HttpResponse r) {
            std::lock_guard lock(m_mutex);
            m_response = std::move(r);
            m_done = true;
        });
        [&] { QTRY_VERIFY_WITH_TIMEOUT(done(), 60000); }();
        std::lock_guard lock(m_mutex);
        return m_response;
    }

private:
    bool done()
    {
        std::lock_guard lock(m_mutex);
        return m_done;
    }

    std::mutex m_mutex;
    HttpResponse m_response;
    bool m_done = false;
    HttpClient m_client; // last: gone (its thread joined) before what its callbacks write to
};

HttpOptions options(std::size_t maxBodyBytes = concord::judge::kDefaultMaxAnswerBytes)
{
    HttpOptions o;
    o.maxConcurrent = 2;
    o.connectTimeoutSeconds = 5;
    o.requestTimeoutSeconds = 60;
    o.maxBodyBytes = maxBodyBytes;
    return o;
}

HttpRequest post(const TestLlmServer &server, const std::string &key = "sk-faults-0123456789")
{
    HttpRequest request;
    request.url = server.baseUrl() + "/v1/chat/completions";
    request.headers.emplace_back("Authorization", "Bearer " + key);
    request.body = R"({"model":"m"})";
    return request;
}

bool holds(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}

} // namespace

class TestHttpFaults : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void retryAfterValues_data();
    void retryAfterValues();
    void retryAfterHeaders();
    void truncatedAnswerIsATransferError();
    void oversizedAnswerIsStoppedAtTheLimit_data();
    void oversizedAnswerIsStoppedAtTheLimit();
    void errorBodiesKeepAnExcerptAndTheirSize();
    void echoedCredentialsAreBlanked();
    void secretsOfARequest();
};

void TestHttpFaults::retryAfterValues_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<double>("expected"); // -1: not a Retry-After value
    // Read at Sun, 06 Nov 1994 08:49:37 GMT.
    QTest::newRow("seconds") << "120" << 120.0;
    QTest::newRow("zero") << "0" << 0.0;
    QTest::newRow("with spaces") << "  7 " << 7.0;
    QTest::newRow("a day") << "86400" << 86400.0;
    QTest::newRow("a fraction") << "1.5" << 1.5;
    QTest::newRow("more digits than any wait") << "99999999999999999999" << 1e12;
    QTest::newRow("IMF-fixdate") << "Sun, 06 Nov 1994 08:51:37 GMT" << 120.0;
    QTest::newRow("RFC 850 date") << "Sunday, 06-Nov-94 08:51:37 GMT" << 120.0;
    QTest::newRow("asctime date") << "Sun Nov  6 08:51:37 1994" << 120.0;
    QTest::newRow("a day later") << "Mon, 07 Nov 1994 08:49:37 GMT" << 86400.0;
    QTest::newRow("lower-case month") << "Sun, 06 nov 1994 08:51:37 GMT" << 120.0;
    QTest::newRow("date in the past") << "Sat, 05 Nov 1994 08:49:37 GMT" << 0.0;
    QTest::newRow("negative") << "-5" << -1.0;
    QTest::newRow("words") << "soon" << -1.0;
    QTest::newRow("empty") << "" << -1.0;
    QTest::newRow("unknown month") << "Sun, 06 Foo 1994 08:49:37 GMT" << -1.0;
    QTest::newRow("not GMT") << "Sun, 06 Nov 1994 08:49:37 CET" << -1.0;
    QTest::newRow("hour 25") << "Sun, 06 Nov 1994 25:49:37 GMT" << -1.0;
    QTest::newRow("no time") << "Sun, 06 Nov 1994 GMT" << -1.0;
}

void TestHttpFaults::retryAfterValues()
{
    QFETCH(QString, value);
    QFETCH(double, expected);
    const std::time_t now = 784111777; // Sun, 06 Nov 1994 08:49:37 GMT
    const auto seconds = concord::judge::parseRetryAfter(value.toStdString(), now);
    if (expected < 0) {
        QVERIFY2(!seconds, seconds ? std::to_string(*seconds).c_str() : "");
        return;
    }
    QVERIFY(seconds);
    QCOMPARE(*seconds, expected);
}

void TestHttpFaults::retryAfterHeaders()
{
    HttpResponse r;
    QVERIFY(!concord::judge::retryAfterSeconds(r));
    r.headers["retry-after-ms"] = "1500";
    QCOMPARE(concord::judge::retryAfterSeconds(r).value_or(-1), 1.5);
    // Retry-After, when both are there, is HTTP's own.
    r.headers["retry-after"] = "86400";
    QCOMPARE(concord::judge::retryAfterSeconds(r).value_or(-1), 86400.0);
    r.headers["retry-after"] = "whenever";
    QCOMPARE(concord::judge::retryAfterSeconds(r).value_or(-1), 1.5);
}

void TestHttpFaults::truncatedAnswerIsATransferError()
{
    TestLlmServer server;
    QVERIFY(server.start() > 0);
    const std::string full = Reply::openAi(std::string(10000, 'a')).body;
    server.setHandler([](const RecordedRequest &) {
        Reply reply = Reply::openAi(std::string(10000, 'a'));
        reply.truncateBodyAt = 6000; // Content-Length says all of it; the connection closes after 6000
        return reply;
    });
    OneCall call(options());
    const HttpResponse r = call.send(post(server));
    QCOMPARE(r.status, 200);
    QVERIFY(!r.tooLarge && !r.timedOut && !r.cancelled);
    QVERIFY2(holds(r.transportError, "(HTTP 200, 6000 bytes of the body received)"), r.transportError.c_str());
    QVERIFY2(holds(r.transportError, std::to_string(full.size() - 6000)), r.transportError.c_str()); // curl's words
    QCOMPARE(r.bodyBytes, std::size_t{6000});
    // What came is no answer: only its excerpt is kept.
    QCOMPARE(r.body.size(), concord::judge::kErrorExcerptBytes);
    QCOMPARE(r.body, full.substr(0, r.body.size()));
}

void TestHttpFaults::oversizedAnswerIsStoppedAtTheLimit_data()
{
    QTest::addColumn<bool>("announced");
    QTest::newRow("Content-Length announced") << true;
    QTest::newRow("streamed until the connection closes") << false;
}

void TestHttpFaults::oversizedAnswerIsStoppedAtTheLimit()
{
    QFETCH(bool, announced);
    TestLlmServer server;
    QVERIFY(server.start() > 0);
    // 12 MiB, sent over 20 s: a client that read it all would take that long and hold all of it.
    server.setHandler([announced](const RecordedRequest &) {
        Reply reply = Reply::openAi(std::string(12 * kMiB, 'x'));
        reply.omitContentLength = !announced;
        reply.slowBodyMs = 20000;
        reply.slowBodyPieces = 200;
        return reply;
    });
    OneCall call(options(kMiB));
    const HttpResponse r = call.send(post(server));
    QCOMPARE(r.status, 200);
    QVERIFY(r.tooLarge);
    QVERIFY2(holds(r.transportError, "the answer is larger than 1 MiB"), r.transportError.c_str());
    // Stopped at the limit, not after the whole body: memory held is bounded by the limit.
    QVERIFY2(r.seconds < 10, std::to_string(r.seconds).c_str());
    QVERIFY(r.bodyBytes <= kMiB);
    QVERIFY(r.body.size() <= concord::judge::kErrorExcerptBytes);
    if (announced) {
        QCOMPARE(r.bodyBytes, std::size_t{0}); // refused from the header alone
        QVERIFY2(holds(r.transportError, "announced"), r.transportError.c_str());
    } else {
        QVERIFY(r.bodyBytes > 0);
    }
    // The client is fine for the next one.
    server.setHandler([](const RecordedRequest &) { return Reply::openAi("small"); });
    const HttpResponse next = call.send(post(server));
    QCOMPARE(next.status, 200);
    QVERIFY(next.transportError.empty());
}

void TestHttpFaults::errorBodiesKeepAnExcerptAndTheirSize()
{
    TestLlmServer server;
    QVERIFY(server.start() > 0);
    const std::size_t big = 3 * kMiB;
    server.setHandler([&](const RecordedRequest &r) {
        Reply reply = Reply::openAiError(500, std::string(r.body == "huge" ? 2 * big : big, 'y'), "server_error");
        return reply;
    });
    OneCall call(options(4 * kMiB));
    HttpRequest request = post(server);
    const HttpResponse r = call.send(request);
    QCOMPARE(r.status, 500);
    QVERIFY(r.transportError.empty());
    QVERIFY(!r.tooLarge);
    QCOMPARE(r.body.size(), concord::judge::kErrorExcerptBytes);
    QVERIFY(r.bodyBytes > big);
    QVERIFY(r.body.starts_with(R"({"error":{"message":"yyyy)"));
    const std::string excerpt = concord::judge::bodyExcerpt(r);
    QVERIFY2(holds(excerpt, "[cut: the body had " + std::to_string(r.bodyBytes) + " bytes; the first 4096 are kept]"),
             excerpt.substr(4000).c_str());
    QVERIFY(excerpt.size() < concord::judge::kErrorExcerptBytes + 100);

    // Larger than the largest answer: read no further, the status still says what went wrong.
    request.body = "huge";
    const HttpResponse huge = call.send(request);
    QCOMPARE(huge.status, 500);
    QVERIFY(huge.tooLarge);
    QVERIFY(huge.transportError.empty());
    QVERIFY(huge.bodyBytes <= 4 * kMiB);
    QVERIFY(holds(concord::judge::bodyExcerpt(huge), " bytes or more in all") == false);
    QVERIFY(holds(concord::judge::bodyExcerpt(huge), " bytes or more; the first 4096 are kept]"));
}

void TestHttpFaults::echoedCredentialsAreBlanked()
{
    const std::string key = "sk-echo-0123456789abcdef-SECRET";
    const std::string anthropicKey = "sk-ant-9876543210-SECRET";
    TestLlmServer server;
    QVERIFY(server.start() > 0);
    server.setHandler([&](const RecordedRequest &r) {
        Reply reply = r.body == "error" ? Reply::echoRequest(r, 400) : Reply::openAi("You sent the key " + key + ".");
        reply.headers.push_back({"X-Echoed-Key", key});
        if (r.body == "cut") {
            // The transfer breaks off inside the key.
            reply.truncateBodyAt = static_cast<long long>(reply.body.find(key) + key.size() / 2);
        }
        return reply;
    });
    OneCall call(options());
    for (const char *kind : {"error", "answer", "cut"}) {
        HttpRequest request = post(server, key);
        request.headers.emplace_back("x-api-key", anthropicKey);
        request.body = kind;
        const HttpResponse r = call.send(request);
        QVERIFY2(r.status == 200 || r.status == 400, kind);
        QVERIFY2(!holds(r.body, key) && !holds(r.body, anthropicKey), r.body.c_str());
        QVERIFY2(!holds(r.body, key.substr(0, key.size() / 2)), r.body.c_str());
        QVERIFY2(holds(r.body, "[redacted]"), r.body.c_str());
        for (const auto &[name, value] : r.headers)
            QVERIFY2(!holds(value, key), name.c_str());
        QCOMPARE(r.headers.at("x-echoed-key"), std::string("[redacted]"));
    }
    // What was echoed still reads as it was: only the secrets are gone.
    HttpRequest request = post(server, key);
    request.body = "error";
    const HttpResponse r = call.send(request);
    QVERIFY2(holds(r.body, "authorization=Bearer [redacted]"), r.body.c_str());
    QVERIFY2(holds(r.body, R"("authorization":"Bearer [redacted]")"), r.body.c_str());
}

void TestHttpFaults::secretsOfARequest()
{
    HttpRequest request;
    request.headers = {{"Content-Type", "application/json"},
                       {"AUTHORIZATION", "Bearer abc/def\"ghi"},
                       {"x-api-key", "key-two"},
                       {"Api-Key", "key"}}; // shorter than any real key: not blanked, it would garble text
    request.secrets = {"named-secret", ""};
    const std::vector<std::string> secrets = concord::judge::secretsOf(request);
    // Longest first, so that no shorter spelling breaks up a longer one.
    const std::vector<std::string> expected{R"(abc\/def\"ghi)", R"(abc/def\"ghi)", "named-secret", R"(abc/def"ghi)",
                                            "key-two"};
    QCOMPARE(secrets, expected);
    std::string text = R"({"echo":"abc\/def\"ghi", "plain": "abc/def"ghi", "other": "key-two", "k": "key"})";
    concord::judge::redact(text, secrets);
    QCOMPARE(text, std::string(R"({"echo":"[redacted]", "plain": "[redacted]", "other": "[redacted]", "k": "key"})"));
}

QTEST_GUILESS_MAIN(TestHttpFaults)
#include "tst_http_faults.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// HttpClient against the local TestLlmServer on 127.0.0.1: completion, the concurrency limit,
// keep-alive, timeouts, dropped connections, headers, cancellation and destruction with work in flight.
#include "judge/provider/http_client.h"
#include "test_llm_server.h"

#include <QElapsedTimer>
#include <QTest>

#include <atomic>
#include <mutex>
#include <set>
#include <thread>

using concord::judge::HttpClient;
using concord::judge::HttpOptions;
using concord::judge::HttpRequest;
using concord::judge::HttpResponse;
using concord::test::RecordedRequest;
using concord::test::Reply;
using concord::test::TestLlmServer;

namespace {

// Collects one slot per submission, so a second callback for the same request would show.
struct Collector {
    explicit Collector(std::size_t n)
        : responses(n)
        , calls(n, 0)
    { }

    HttpClient::Callback slot(std::size_t i)
    {
        return [this, i](HttpResponse response) {
            const int active = ++running;
            maxRunning = std::max(maxRunning.load(), active);
            {
                std::lock_guard lock(mutex);
                responses[i] = std::move(response);
                ++calls[i];
                threads.insert(std::this_thread::get_id());
            }
            --running;
            ++done;
        };
    }

    HttpResponse at(std::size_t i)
    {
        std::lock_guard lock(mutex);
        return responses[i];
    }
    int callsAt(std::size_t i)
    {
        std::lock_guard lock(mutex);
        return calls[i];
    }

    std::mutex mutex;
    std::vector<HttpResponse> responses;
    std::vector<int> calls;
    std::set<std::thread::id> threads;
    std::atomic<int> done{0};
    std::atomic<int> running{0};
    std::atomic<int> maxRunning{0};
};

HttpRequest post(const TestLlmServer &server, std::string body = R"({"model":"m"})")
{
    HttpRequest request;
    request.url = server.baseUrl() + "/v1/chat/completions";
    request.headers.emplace_back("Authorization", "Bearer test-key");
    request.body = std::move(body);
    return request;
}

HttpOptions options(int maxConcurrent, double timeoutSeconds = 30)
{
    HttpOptions o;
    o.maxConcurrent = maxConcurrent;
    o.requestTimeoutSeconds = timeoutSeconds;
    o.connectTimeoutSeconds = 5;
    return o;
}

} // namespace

class TestHttpClient : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void manyRequestsComplete();
    void sendsMethodPathHeadersAndBody();
    void concurrencyLimitHolds();
    void raisingTheLimitStartsQueuedWork();
    void keepAliveReusesConnections();
    void sixtyFourConnectionsAtOnce();
    void slowAndMalformedBodiesArriveAsSent();
    void timeouts_data();
    void timeouts();
    void droppedConnectionIsATransportError();
    void refusedConnectionIsATransportError();
    void retryAfterIsReadable();
    void cancelQueued();
    void cancelRunning();
    void cancelUnknownIdIsHarmless();
    void cancelAll();
    void destructorCancelsWorkInFlight();
    void submitFromSeveralThreads();
    void callbackMaySubmitMore();
};

void TestHttpClient::manyRequestsComplete()
{
    TestLlmServer server;
    QVERIFY(server.start() > 0);
    constexpr int n = 300;
    Collector collector(n);
    HttpClient client(options(8));
    for (int i = 0; i < n; ++i)
        client.submit(post(server, std::to_string(i)), collector.slot(static_cast<std::size_t>(i)));
    QTRY_COMPARE(collector.done.load(), n);
    QCOMPARE(client.pending(), std::size_t(0));
    for (std::size_t i = 0; i < n; ++i) {
        QCOMPARE(collector.callsAt(i), 1);
        const HttpResponse r = collector.at(i);
        QCOMPARE(r.status, 200);
        QVERIFY(r.transportError.empty());
        QVERIFY(!r.cancelled && !r.timedOut);
        QVERIFY(r.body.find("\"chat.completion\"") != std::string::npos);
        QCOMPARE(r.headers.at("content-type"), std::string("application/json"));
        QVERIFY(r.seconds > 0);
    }
    QCOMPARE(server.requestCount(), std::size_t(n));
    // Callbacks ran one at a time, all on the client's own thread.
    QCOMPARE(collector.maxRunning.load(), 1);
    QCOMPARE(collector.threads.size(), std::size_t(1));
    QVERIFY(*collector.threads.begin() != std::this_thread::get_id());
}

void TestHttpClient::sendsMethodPathHeadersAndBody()
{
    TestLlmServer server;
    QVERIFY(server.start() > 0);
    Collector collector(3);
    HttpClient client(options(2));
    const std::string body(5000, 'x'); // larger than curl's Expect: 100-continue threshold
    client.submit(post(server, body), collector.slot(0));
    HttpRequest get;
    get.url = server.baseUrl() + "/api/tags";
    client.submit(get, collector.slot(1));
    // An action without a body (cancelling a batch) is still a POST, with nothing sent.
    HttpRequest action;
    action.url = server.baseUrl() + "/v1/batches/b1/cancel";
    action.post = true;
    client.submit(action, collector.slot(2));
    QTRY_COMPARE(collector.done.load(), 3);
    auto requests = server.requests();
    QCOMPARE(requests.size(), std::size_t(3));
    std::sort(requests.begin(), requests.end(), [](const auto &a, const auto &b) { return a.path < b.path; });
    const RecordedRequest &p = requests[2];
    QCOMPARE(p.method, std::string("POST"));
    QCOMPARE(p.path, std::string("/v1/chat/completions"));
    QCOMPARE(p.body, body);
    QCOMPARE(p.headers.at("authorization"), std::string("Bearer test-key"));
    QCOMPARE(p.headers.at("content-type"), std::string("application/json"));
    QVERIFY(p.headers.find("expect") == p.headers.end());
    QCOMPARE(requests[0].method, std::string("GET"));
    QCOMPARE(requests[0].path, std::string("/api/tags"));
    QCOMPARE(requests[1].method, std::string("POST"));
    QCOMPARE(requests[1].path, std::string("/v1/batches/b1/cancel"));
    QVERIFY(requests[1].body.empty());
    QCOMPARE(requests[1].headers.at("content-length"), std::string("0"));
}

void TestHttpClient::concurrencyLimitHolds()
{
    TestLlmServer server;
    QVERIFY(server.start() > 0);
    server.setHandler([](const RecordedRequest &) {
        Reply r = Reply::openAi("ok");
        r.delayMs = 40;
        return r;
    });
    constexpr int n = 40;
    Collector collector(n);
    HttpClient client(options(4));
    for (int i = 0; i < n; ++i)
        client.submit(post(server), collector.slot(static_cast<std::size_t>(i)));
    QVERIFY(client.pending() > 4);
    QTRY_COMPARE(collector.done.load(), n);
    QCOMPARE(server.maxInFlight(), 4);
    QCOMPARE(server.requestCount(), std::size_t(n));
}

void TestHttpClient::raisingTheLimitStartsQueuedWork()
{
    TestLlmServer server;
    QVERIFY(server.start() > 0);
    server.setHandler([](const RecordedRequest &) {
        Reply r = Reply::openAi("ok");
        r.delayMs = 300;
        return r;
    });
    Collector collector(6);
    HttpClient client(options(1));
    for (std::size_t i = 0; i < 6; ++i)
        client.submit(post(server), collector.slot(i));
    QTRY_COMPARE(server.inFlight(), 1);
    client.setMaxConcurrent(3);
    QTRY_COMPARE(server.inFlight(), 3);
    QTRY_COMPARE(collector.done.load(), 6);
    QCOMPARE(server.maxInFlight(), 3);
}

void TestHttpClient::keepAliveReusesConnections()
{
    TestLlmServer server;
    QVERIFY(server.start() > 0);
    constexpr int n = 200;
    Collector collector(n);
    HttpClient client(options(4));
    for (int i = 0; i < n; ++i)
        client.submit(post(server), collector.slot(static_cast<std::size_t>(i)));
    QTRY_COMPARE(collector.done.load(), n);
    std::set<std::uint64_t> connections;
    for (const RecordedRequest &r : server.requests())
        connections.insert(r.connectionId);
    QVERIFY2(connections.size() <= 4, std::to_string(connections.size()).c_str());
    QCOMPARE(server.connectionCount(), connections.size());
    // A later batch still rides on the same connections.
    Collector again(10);
    for (std::size_t i = 0; i < 10; ++i)
        client.submit(post(server), again.slot(i));
    QTRY_COMPARE(again.done.load(), 10);
    QCOMPARE(server.connectionCount(), connections.size());
}

void TestHttpClient::sixtyFourConnectionsAtOnce()
{
    TestLlmServer server;
    QVERIFY(server.start() > 0);
    server.setHandler([](const RecordedRequest &) {
        Reply r = Reply::openAi("ok");
        r.delayMs = 150;
        return r;
    });
    constexpr int n = 192;
    Collector collector(n);
    HttpClient client(options(64));
    for (int i = 0; i < n; ++i)
        client.submit(post(server), collector.slot(static_cast<std::size_t>(i)));
    QTRY_COMPARE(collector.done.load(), n);
    for (std::size_t i = 0; i < n; ++i)
        QCOMPARE(collector.at(i).status, 200);
    // Three waves of 64 on the same 64 keep-alive connections.
    QCOMPARE(server.maxInFlight(), 64);
    QCOMPARE(server.connectionCount(), std::size_t(64));
}

void TestHttpClient::slowAndMalformedBodiesArriveAsSent()
{
    TestLlmServer server;
    QVERIFY(server.start() > 0);
    const std::string full = Reply::openAi("a slow but complete answer").body;
    server.setHandler([](const RecordedRequest &r) {
        Reply reply = Reply::openAi("a slow but complete answer");
        if (r.body == "slow") {
            reply.slowBodyMs = 200;
            reply.slowBodyPieces = 5;
        } else {
            reply.malformedBody = true;
        }
        return reply;
    });
    Collector collector(2);
    HttpClient client(options(2));
    client.submit(post(server, "slow"), collector.slot(0));
    client.submit(post(server, "malformed"), collector.slot(1));
    QTRY_COMPARE(collector.done.load(), 2);
    const HttpResponse slow = collector.at(0);
    QCOMPARE(slow.status, 200);
    QCOMPARE(slow.body, full);
    QVERIFY(slow.seconds >= 0.15);
    const HttpResponse malformed = collector.at(1);
    QCOMPARE(malformed.status, 200);
    QVERIFY(malformed.transportError.empty());
    QVERIFY(malformed.body.size() < full.size());
    QCOMPARE(malformed.body, full.substr(0, malformed.body.size()));
}

void TestHttpClient::timeouts_data()
{
    QTest::addColumn<int>("delayMs");
    QTest::addColumn<int>("slowBodyMs");
    QTest::newRow("no answer in time") << 3000 << 0;
    QTest::newRow("body too slow") << 0 << 3000;
}

void TestHttpClient::timeouts()
{
    QFETCH(int, delayMs);
    QFETCH(int, slowBodyMs);
    TestLlmServer server;
    QVERIFY(server.start() > 0);
    server.setHandler([=](const RecordedRequest &) {
        Reply r = Reply::openAi("a long enough answer to be cut into pieces");
        r.delayMs = delayMs;
        r.slowBodyMs = slowBodyMs;
        return r;
    });
    Collector collector(1);
    HttpClient client(options(2, 0.3));
    QElapsedTimer timer;
    timer.start();
    client.submit(post(server), collector.slot(0));
    QTRY_COMPARE(collector.done.load(), 1);
    QVERIFY(timer.elapsed() < 2500);
    const HttpResponse r = collector.at(0);
    QVERIFY(r.timedOut);
    QVERIFY(!r.cancelled);
    QVERIFY(!r.transportError.empty());
    // The server sees the connection go: nothing is left in flight there.
    QTRY_COMPARE(server.inFlight(), 0);
}

void TestHttpClient::droppedConnectionIsATransportError()
{
    TestLlmServer server;
    QVERIFY(server.start() > 0);
    server.setHandler([](const RecordedRequest &r) {
        Reply reply = Reply::openAi("ok");
        reply.dropConnection = r.index == 0;
        reply.delayMs = 20;
        return reply;
    });
    Collector collector(2);
    HttpClient client(options(1));
    client.submit(post(server), collector.slot(0));
    client.submit(post(server), collector.slot(1));
    QTRY_COMPARE(collector.done.load(), 2);
    const HttpResponse dropped = collector.at(0);
    QCOMPARE(dropped.status, 0);
    QVERIFY(!dropped.transportError.empty());
    QVERIFY(!dropped.timedOut && !dropped.cancelled);
    // The next request is unharmed (a fresh connection).
    QCOMPARE(collector.at(1).status, 200);
}

void TestHttpClient::refusedConnectionIsATransportError()
{
    int port = 0;
    {
        TestLlmServer gone;
        port = gone.start();
        QVERIFY(port > 0);
    }
    Collector collector(1);
    HttpClient client(options(1));
    HttpRequest request;
    request.url = "http://127.0.0.1:";
    request.url.append(std::to_string(port)).append("/v1/chat/completions");
    request.body = "{}";
    client.submit(request, collector.slot(0));
    QTRY_COMPARE(collector.done.load(), 1);
    const HttpResponse r = collector.at(0);
    QCOMPARE(r.status, 0);
    QVERIFY(!r.transportError.empty());
    QVERIFY(!r.timedOut && !r.cancelled);
}

void TestHttpClient::retryAfterIsReadable()
{
    TestLlmServer server;
    QVERIFY(server.start() > 0);
    server.setHandler([](const RecordedRequest &) {
        Reply r = Reply::openAiError(429, "Rate limit reached", "rate_limit_error");
        r.headers = {{"Retry-After", "7"}, {"X-RateLimit-Remaining-Requests", "0"}};
        return r;
    });
    Collector collector(1);
    HttpClient client(options(1));
    client.submit(post(server), collector.slot(0));
    QTRY_COMPARE(collector.done.load(), 1);
    const HttpResponse r = collector.at(0);
    QCOMPARE(r.status, 429);
    QVERIFY(r.transportError.empty());
    QCOMPARE(r.headers.at("retry-after"), std::string("7"));
    QCOMPARE(r.headers.at("x-ratelimit-remaining-requests"), std::string("0"));
    QVERIFY(r.body.find("Rate limit reached") != std::string::npos);
}

void TestHttpClient::cancelQueued()
{
    TestLlmServer server;
    QVERIFY(server.start() > 0);
    server.setHandler([](const RecordedRequest &) {
        Reply r = Reply::openAi("ok");
        r.delayMs = 400;
        return r;
    });
    Collector collector(3);
    HttpClient client(options(1));
    client.submit(post(server), collector.slot(0));
    const auto queued = client.submit(post(server), collector.slot(1));
    client.submit(post(server), collector.slot(2));
    client.cancel(queued);
    // The queued one ends at once, long before the running one is answered.
    QTRY_COMPARE_WITH_TIMEOUT(collector.callsAt(1), 1, 300);
    QCOMPARE(collector.done.load(), 1);
    QVERIFY(collector.at(1).cancelled);
    QCOMPARE(collector.at(1).status, 0);
    QTRY_COMPARE(collector.done.load(), 3);
    QCOMPARE(collector.at(0).status, 200);
    QCOMPARE(collector.at(2).status, 200);
    QCOMPARE(server.requestCount(), std::size_t(2));
    client.cancel(queued); // again: nothing happens
    QCOMPARE(collector.callsAt(1), 1);
}

void TestHttpClient::cancelRunning()
{
    TestLlmServer server;
    QVERIFY(server.start() > 0);
    server.setHandler([](const RecordedRequest &) {
        Reply r = Reply::openAi("ok");
        r.delayMs = 10000;
        return r;
    });
    Collector collector(1);
    HttpClient client(options(2));
    const auto id = client.submit(post(server), collector.slot(0));
    QTRY_COMPARE(server.inFlight(), 1);
    QElapsedTimer timer;
    timer.start();
    client.cancel(id);
    QTRY_COMPARE(collector.done.load(), 1);
    QVERIFY(timer.elapsed() < 1000);
    QVERIFY(collector.at(0).cancelled);
    QCOMPARE(collector.callsAt(0), 1);
    QCOMPARE(client.pending(), std::size_t(0));
    // The connection was closed, so the server stops waiting too.
    QTRY_COMPARE(server.inFlight(), 0);
}

void TestHttpClient::cancelUnknownIdIsHarmless()
{
    TestLlmServer server;
    QVERIFY(server.start() > 0);
    Collector collector(1);
    HttpClient client(options(2));
    const auto id = client.submit(post(server), collector.slot(0));
    QTRY_COMPARE(collector.done.load(), 1);
    client.cancel(id);
    client.cancel(id + 1000);
    Collector after(1);
    client.submit(post(server), after.slot(0));
    QTRY_COMPARE(after.done.load(), 1);
    QCOMPARE(collector.callsAt(0), 1);
    QVERIFY(!collector.at(0).cancelled);
    QCOMPARE(after.at(0).status, 200);
}

void TestHttpClient::cancelAll()
{
    TestLlmServer server;
    QVERIFY(server.start() > 0);
    server.setHandler([](const RecordedRequest &) {
        Reply r = Reply::openAi("ok");
        r.delayMs = 10000;
        return r;
    });
    constexpr int n = 12;
    Collector collector(n);
    HttpClient client(options(3));
    for (int i = 0; i < n; ++i)
        client.submit(post(server), collector.slot(static_cast<std::size_t>(i)));
    QTRY_COMPARE(server.inFlight(), 3);
    QCOMPARE(client.pending(), std::size_t(n));
    client.cancelAll();
    QTRY_COMPARE(collector.done.load(), n);
    for (std::size_t i = 0; i < n; ++i) {
        QCOMPARE(collector.callsAt(i), 1);
        QVERIFY(collector.at(i).cancelled);
    }
    QCOMPARE(client.pending(), std::size_t(0));
    QTRY_COMPARE(server.inFlight(), 0);
    QCOMPARE(server.requestCount(), std::size_t(3));
    // The client still works afterwards.
    server.setHandler([](const RecordedRequest &) { return Reply::openAi("again"); });
    Collector after(1);
    client.submit(post(server), after.slot(0));
    QTRY_COMPARE(after.done.load(), 1);
    QCOMPARE(after.at(0).status, 200);
}

void TestHttpClient::destructorCancelsWorkInFlight()
{
    TestLlmServer server;
    QVERIFY(server.start() > 0);
    server.setHandler([](const RecordedRequest &) {
        Reply r = Reply::openAi("ok");
        r.delayMs = 10000;
        return r;
    });
    constexpr int n = 10;
    Collector collector(n);
    QElapsedTimer timer;
    {
        HttpClient client(options(2));
        for (int i = 0; i < n; ++i)
            client.submit(post(server), collector.slot(static_cast<std::size_t>(i)));
        QTRY_COMPARE(server.inFlight(), 2);
        timer.start();
    }
    // Every callback ran, exactly once, before the destructor returned.
    QVERIFY(timer.elapsed() < 1000);
    QCOMPARE(collector.done.load(), n);
    for (std::size_t i = 0; i < n; ++i) {
        QCOMPARE(collector.callsAt(i), 1);
        QVERIFY(collector.at(i).cancelled);
    }
    QTRY_COMPARE(server.inFlight(), 0);
}

void TestHttpClient::submitFromSeveralThreads()
{
    TestLlmServer server;
    QVERIFY(server.start() > 0);
    constexpr int threads = 4;
    constexpr int each = 60;
    Collector collector(threads * each);
    HttpClient client(options(8));
    std::mutex idsMutex;
    std::set<std::uint64_t> ids;
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&, t] {
            for (int i = 0; i < each; ++i) {
                const auto index = static_cast<std::size_t>(t * each + i);
                const auto id = client.submit(post(server, std::to_string(index)), collector.slot(index));
                std::lock_guard lock(idsMutex);
                ids.insert(id);
            }
        });
    }
    for (auto &w : workers)
        w.join();
    QCOMPARE(ids.size(), std::size_t(threads * each));
    QVERIFY(!ids.count(0));
    QTRY_COMPARE(collector.done.load(), threads * each);
    std::set<std::string> bodies;
    for (const RecordedRequest &r : server.requests())
        bodies.insert(r.body);
    QCOMPARE(bodies.size(), std::size_t(threads * each));
    for (std::size_t i = 0; i < threads * each; ++i)
        QCOMPARE(collector.callsAt(i), 1);
}

void TestHttpClient::callbackMaySubmitMore()
{
    TestLlmServer server;
    QVERIFY(server.start() > 0);
    HttpClient client(options(2));
    std::atomic<int> done{0};
    // A chain of five requests, each submitted from the previous one's callback.
    std::function<void(HttpResponse)> next;
    next = [&](HttpResponse r) {
        if (r.status == 200 && ++done < 5)
            client.submit(post(server), next);
    };
    client.submit(post(server), next);
    QTRY_COMPARE(done.load(), 5);
    QTRY_COMPARE(client.pending(), std::size_t(0));
    QCOMPARE(server.requestCount(), std::size_t(5));
}

QTEST_GUILESS_MAIN(TestHttpClient)
#include "tst_http_client.moc"

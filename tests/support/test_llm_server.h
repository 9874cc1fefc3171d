// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace concord::test {

// One request as the server received it.
struct RecordedRequest {
    std::size_t index = 0; // arrival order, from 0
    std::string method;
    std::string path;
    std::map<std::string, std::string> headers; // names in lower case
    std::string body;
    std::uint64_t connectionId = 0; // from 1, one per accepted TCP connection
};

// A token with its log-probability and alternatives, for building logprob answers.
struct ReplyToken {
    std::string token;
    double logprob = 0;
    std::vector<std::pair<std::string, double>> top;
};

// What the server does with one request.
struct Reply {
    int status = 200;
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers; // extra headers, e.g. Retry-After
    int delayMs = 0;                                          // wait before answering (or before dropping)
    bool dropConnection = false;                              // close the connection without answering
    bool malformedBody = false;                               // send only the first part of the body: not JSON any more
    int slowBodyMs = 0;                                       // send the body in pieces spread over this many ms
    int slowBodyPieces = 8;
    // Faults of a broken or hostile server:
    long long truncateBodyAt = -1;  // announce the whole body's Content-Length, send only this many bytes, close
    bool omitContentLength = false; // no Content-Length: the body ends when the connection closes

    static Reply json(int status, std::string body);
    // An OpenAI chat completion with one choice per content (n), each with its logprobs if given.
    static Reply openAi(const std::string &content, int promptTokens = 10, int completionTokens = 5);
    static Reply openAiChoices(const std::vector<std::string> &contents, int promptTokens = 10,
                               int completionTokens = 5);
    static Reply openAiLogprobs(const std::string &content, const std::vector<ReplyToken> &tokens,
                                int promptTokens = 10, int completionTokens = 5);
    // {"error": {"message", "type", "code"}} with the given status.
    static Reply openAiError(int status, const std::string &message, const std::string &type);
    // An error that quotes the request back, as some gateways do: its headers (a credential among them)
    // in the message and in a field of their own.
    static Reply echoRequest(const RecordedRequest &request, int status = 400);
    // An Anthropic Messages answer with these text blocks.
    static Reply anthropic(const std::vector<std::string> &textBlocks, int inputTokens = 10, int outputTokens = 5);
    // An Ollama /api/chat answer, with top-level logprobs if given.
    static Reply ollama(const std::string &content, int promptEvalCount = 10, int evalCount = 5,
                        const std::vector<ReplyToken> &tokens = {});
};

// A local HTTP/1.1 server standing in for an LLM API: binds 127.0.0.1 on a free port, keeps
// connections alive, answers each request as the test's handler says, and records everything.
// One thread with poll(): many concurrent connections and delayed answers cost no threads.
class TestLlmServer {
public:
    using Handler = std::function<Reply(const RecordedRequest &)>;

    TestLlmServer();  // answers every request with Reply::openAi("ok") until told otherwise
    ~TestLlmServer(); // stops
    TestLlmServer(const TestLlmServer &) = delete;
    TestLlmServer &operator=(const TestLlmServer &) = delete;

    // Starts listening; returns the port, or 0 when the socket could not be set up.
    int start();
    void stop();
    int port() const { return m_port; }
    std::string baseUrl() const; // http://127.0.0.1:PORT

    // Called on the server's thread for each complete request; it must not block.
    void setHandler(Handler handler);

    std::size_t requestCount() const;
    std::vector<RecordedRequest> requests() const;
    int inFlight() const;                // requests received and not yet fully answered (or dropped)
    int maxInFlight() const;             // the most at once since start or reset
    std::size_t connectionCount() const; // TCP connections accepted
    int openConnections() const;
    void reset(); // forgets recorded requests and the maximum

private:
    struct Connection;
    void run();
    void onReadable(Connection &c);
    void processRequests(Connection &c);
    void act(Connection &c);
    void flush(Connection &c);
    void finishReply(Connection &c);
    void closeConnection(Connection &c);

    int m_listenFd = -1;
    int m_wakeRead = -1;
    int m_wakeWrite = -1;
    int m_port = 0;
    std::thread m_thread;
    std::atomic<bool> m_stopping{false};

    mutable std::mutex m_mutex;
    Handler m_handler;
    std::vector<RecordedRequest> m_requests;
    int m_inFlight = 0;
    int m_maxInFlight = 0;
    std::size_t m_connectionsAccepted = 0;
    int m_openConnections = 0;

    std::vector<std::unique_ptr<Connection>> m_connections; // server thread only
};

} // namespace concord::test

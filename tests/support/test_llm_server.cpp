// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "test_llm_server.h"

#include <nlohmann/json.hpp>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>

namespace concord::test {

namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::ordered_json;

constexpr std::size_t kMaxHead = 64 * 1024;
constexpr std::size_t kMaxBody = 32 * 1024 * 1024;
constexpr int kMaxAcceptsPerWake = 256;

std::string lower(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

std::string trim(const std::string &text)
{
    std::size_t b = 0, e = text.size();
    while (b < e && (text[b] == ' ' || text[b] == '\t'))
        ++b;
    while (e > b && (text[e - 1] == ' ' || text[e - 1] == '\t'))
        --e;
    return text.substr(b, e - b);
}

const char *reason(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 404:
        return "Not Found";
    case 429:
        return "Too Many Requests";
    case 500:
        return "Internal Server Error";
    case 502:
        return "Bad Gateway";
    case 503:
        return "Service Unavailable";
    default:
        return "Status";
    }
}

ordered_json openAiLogprobContent(const std::vector<ReplyToken> &tokens)
{
    ordered_json content = ordered_json::array();
    for (const ReplyToken &t : tokens) {
        ordered_json top = ordered_json::array();
        for (const auto &[token, logprob] : t.top)
            top.push_back(ordered_json{{"token", token}, {"logprob", logprob}, {"bytes", ordered_json::array()}});
        content.push_back(ordered_json{{"token", t.token},
                                       {"logprob", t.logprob},
                                       {"bytes", ordered_json::array()},
                                       {"top_logprobs", std::move(top)}});
    }
    return content;
}

std::string openAiBody(const std::vector<std::string> &contents, const std::vector<ReplyToken> *tokens,
                       int promptTokens, int completionTokens)
{
    ordered_json choices = ordered_json::array();
    for (std::size_t i = 0; i < contents.size(); ++i) {
        ordered_json choice;
        choice["index"] = i;
        choice["message"] = ordered_json{{"role", "assistant"}, {"content", contents[i]}, {"refusal", nullptr}};
        choice["logprobs"] = tokens ? ordered_json{{"content", openAiLogprobContent(*tokens)}, {"refusal", nullptr}}
                                    : ordered_json(nullptr);
        choice["finish_reason"] = "stop";
        choices.push_back(std::move(choice));
    }
    ordered_json body;
    body["id"] = "chatcmpl-test";
    body["object"] = "chat.completion";
    body["created"] = 1700000000;
    body["model"] = "test-model";
    body["choices"] = std::move(choices);
    body["usage"] = ordered_json{{"prompt_tokens", promptTokens},
                                 {"completion_tokens", completionTokens},
                                 {"total_tokens", promptTokens + completionTokens}};
    body["system_fingerprint"] = "fp_test";
    return body.dump();
}

} // namespace

Reply Reply::json(int status, std::string body)
{
    Reply reply;
    reply.status = status;
    reply.body = std::move(body);
    return reply;
}

Reply Reply::openAi(const std::string &content, int promptTokens, int completionTokens)
{
    return json(200, openAiBody({content}, nullptr, promptTokens, completionTokens));
}

Reply Reply::openAiChoices(const std::vector<std::string> &contents, int promptTokens, int completionTokens)
{
    return json(200, openAiBody(contents, nullptr, promptTokens, completionTokens));
}

Reply Reply::openAiLogprobs(const std::string &content, const std::vector<ReplyToken> &tokens, int promptTokens,
                            int completionTokens)
{
    return json(200, openAiBody({content}, &tokens, promptTokens, completionTokens));
}

Reply Reply::openAiError(int status, const std::string &message, const std::string &type)
{
    ordered_json body;
    body["error"] = ordered_json{{"message", message}, {"type", type}, {"param", nullptr}, {"code", nullptr}};
    return json(status, body.dump());
}

Reply Reply::echoRequest(const RecordedRequest &request, int status)
{
    ordered_json headers = ordered_json::object();
    std::string message = "cannot serve this request:";
    for (const auto &[name, value] : request.headers) {
        headers[name] = value;
        message.append(" ").append(name).append("=").append(value);
    }
    ordered_json body;
    body["error"] = ordered_json{{"message", message}, {"type", "invalid_request_error"}, {"headers", headers}};
    return json(status, body.dump());
}

Reply Reply::anthropic(const std::vector<std::string> &textBlocks, int inputTokens, int outputTokens)
{
    ordered_json content = ordered_json::array();
    for (const std::string &text : textBlocks)
        content.push_back(ordered_json{{"type", "text"}, {"text", text}});
    ordered_json body;
    body["id"] = "msg_test";
    body["type"] = "message";
    body["role"] = "assistant";
    body["model"] = "test-model";
    body["content"] = std::move(content);
    body["stop_reason"] = "end_turn";
    body["stop_sequence"] = nullptr;
    body["usage"] = ordered_json{{"input_tokens", inputTokens}, {"output_tokens", outputTokens}};
    return json(200, body.dump());
}

Reply Reply::ollama(const std::string &content, int promptEvalCount, int evalCount,
                    const std::vector<ReplyToken> &tokens)
{
    ordered_json body;
    body["model"] = "test-model";
    body["created_at"] = "2025-01-01T00:00:00.000000Z";
    body["message"] = ordered_json{{"role", "assistant"}, {"content", content}};
    body["done_reason"] = "stop";
    body["done"] = true;
    body["total_duration"] = 123456789;
    body["load_duration"] = 1234567;
    body["prompt_eval_count"] = promptEvalCount;
    body["prompt_eval_duration"] = 2345678;
    body["eval_count"] = evalCount;
    body["eval_duration"] = 3456789;
    if (!tokens.empty()) {
        ordered_json logprobs = ordered_json::array();
        for (const ReplyToken &t : tokens) {
            ordered_json top = ordered_json::array();
            for (const auto &[token, logprob] : t.top)
                top.push_back(ordered_json{{"token", token}, {"logprob", logprob}});
            logprobs.push_back(
                ordered_json{{"token", t.token}, {"logprob", t.logprob}, {"top_logprobs", std::move(top)}});
        }
        body["logprobs"] = std::move(logprobs);
    }
    return json(200, body.dump());
}

struct TestLlmServer::Connection {
    enum class Phase { Reading, Waiting, Sending };

    int fd = -1;
    std::uint64_t id = 0;
    std::string in;
    std::string out; // bytes the socket has not taken yet
    bool continueSent = false;
    bool closeAfterReply = false;
    bool counted = false; // a request of this connection is in flight
    bool closed = false;
    Phase phase = Phase::Reading;
    Clock::time_point due; // Waiting: when to answer; Sending: when the next piece goes
    Reply reply;
    std::vector<std::string> pieces;
    std::size_t nextPiece = 0;
    std::chrono::milliseconds pieceInterval{0};
};

TestLlmServer::TestLlmServer()
    : m_handler([](const RecordedRequest &) { return Reply::openAi("ok"); })
{ }

TestLlmServer::~TestLlmServer()
{
    stop();
}

std::string TestLlmServer::baseUrl() const
{
    std::string url = "http://127.0.0.1:";
    url.append(std::to_string(m_port));
    return url;
}

int TestLlmServer::start()
{
    if (m_thread.joinable())
        return m_port;
    m_listenFd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (m_listenFd < 0)
        return 0;
    const int one = 1;
    ::setsockopt(m_listenFd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = 0;                             // a free port, chosen by the kernel
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK); // 127.0.0.1 only, never another interface
    socklen_t length = sizeof address;
    int fds[2] = {-1, -1};
    if (::bind(m_listenFd, static_cast<sockaddr *>(static_cast<void *>(&address)), sizeof address) != 0
        || ::listen(m_listenFd, 512) != 0
        || ::getsockname(m_listenFd, static_cast<sockaddr *>(static_cast<void *>(&address)), &length) != 0
        || ::pipe2(fds, O_NONBLOCK | O_CLOEXEC) != 0) {
        ::close(m_listenFd);
        m_listenFd = -1;
        return 0;
    }
    m_wakeRead = fds[0];
    m_wakeWrite = fds[1];
    m_port = ntohs(address.sin_port);
    m_stopping = false;
    m_thread = std::thread([this] { run(); });
    return m_port;
}

void TestLlmServer::stop()
{
    if (!m_thread.joinable())
        return;
    m_stopping = true;
    const char byte = 1;
    [[maybe_unused]] const auto written = ::write(m_wakeWrite, &byte, 1);
    m_thread.join();
    for (auto &c : m_connections)
        closeConnection(*c);
    m_connections.clear();
    ::close(m_listenFd);
    ::close(m_wakeRead);
    ::close(m_wakeWrite);
    m_listenFd = m_wakeRead = m_wakeWrite = -1;
}

void TestLlmServer::setHandler(Handler handler)
{
    std::lock_guard lock(m_mutex);
    m_handler = std::move(handler);
}

std::size_t TestLlmServer::requestCount() const
{
    std::lock_guard lock(m_mutex);
    return m_requests.size();
}

std::vector<RecordedRequest> TestLlmServer::requests() const
{
    std::lock_guard lock(m_mutex);
    return m_requests;
}

int TestLlmServer::inFlight() const
{
    std::lock_guard lock(m_mutex);
    return m_inFlight;
}

int TestLlmServer::maxInFlight() const
{
    std::lock_guard lock(m_mutex);
    return m_maxInFlight;
}

std::size_t TestLlmServer::connectionCount() const
{
    std::lock_guard lock(m_mutex);
    return m_connectionsAccepted;
}

int TestLlmServer::openConnections() const
{
    std::lock_guard lock(m_mutex);
    return m_openConnections;
}

void TestLlmServer::reset()
{
    std::lock_guard lock(m_mutex);
    m_requests.clear();
    m_maxInFlight = m_inFlight;
}

void TestLlmServer::run()
{
    std::vector<pollfd> fds;
    while (!m_stopping) {
        // Sleep until a socket is ready or the next delayed answer or body piece is due.
        const auto now = Clock::now();
        auto wait = std::chrono::milliseconds(1000);
        for (const auto &c : m_connections) {
            const bool timed = c->phase == Connection::Phase::Waiting
                               || (c->phase == Connection::Phase::Sending && c->nextPiece < c->pieces.size());
            if (timed)
                wait = std::min(wait, std::max(std::chrono::milliseconds(0),
                                               std::chrono::ceil<std::chrono::milliseconds>(c->due - now)));
        }
        fds.clear();
        fds.push_back({m_wakeRead, POLLIN, 0});
        fds.push_back({m_listenFd, POLLIN, 0});
        for (const auto &c : m_connections)
            fds.push_back({c->fd, static_cast<short>(POLLIN | (c->out.empty() ? 0 : POLLOUT)), 0});
        if (::poll(fds.data(), fds.size(), static_cast<int>(wait.count())) < 0 && errno != EINTR)
            break;
        if (m_stopping)
            break;
        if (fds[0].revents & POLLIN) {
            char drain[64];
            while (::read(m_wakeRead, drain, sizeof drain) > 0) { }
        }
        // Sockets first (their indexes match m_connections before any are added or removed).
        for (std::size_t i = 0; i < m_connections.size(); ++i) {
            Connection &c = *m_connections[i];
            const short events = fds[i + 2].revents;
            if (events & (POLLIN | POLLHUP | POLLERR))
                onReadable(c);
            if (!c.closed && (events & POLLOUT))
                flush(c);
        }
        if (fds[1].revents & POLLIN) {
            for (int n = 0; n < kMaxAcceptsPerWake; ++n) {
                const int fd = ::accept4(m_listenFd, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
                if (fd < 0)
                    break;
                const int one = 1;
                ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
                auto c = std::make_unique<Connection>();
                c->fd = fd;
                {
                    std::lock_guard lock(m_mutex);
                    c->id = ++m_connectionsAccepted;
                    ++m_openConnections;
                }
                m_connections.push_back(std::move(c));
            }
        }
        // Timers: delayed answers and the next pieces of slow bodies.
        const auto later = Clock::now();
        for (auto &c : m_connections) {
            if (c->closed || c->due > later)
                continue;
            if (c->phase == Connection::Phase::Waiting) {
                act(*c);
            } else if (c->phase == Connection::Phase::Sending && c->nextPiece < c->pieces.size()) {
                c->out.append(c->pieces[c->nextPiece++]);
                c->due = later + c->pieceInterval;
                flush(*c);
            }
        }
        for (auto &c : m_connections)
            if (!c->closed && c->phase == Connection::Phase::Reading && !c->in.empty())
                processRequests(*c);
        std::erase_if(m_connections, [](const auto &c) { return c->closed; });
    }
}

void TestLlmServer::onReadable(Connection &c)
{
    char buffer[16384];
    // Bounded: at most a few MiB per wake, the rest on the next round.
    for (int round = 0; round < 256; ++round) {
        const ssize_t n = ::recv(c.fd, buffer, sizeof buffer, 0);
        if (n > 0) {
            c.in.append(buffer, static_cast<std::size_t>(n));
            if (c.in.size() > kMaxHead + kMaxBody) {
                closeConnection(c);
                return;
            }
            continue;
        }
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return;
        if (n < 0 && errno == EINTR)
            continue;
        closeConnection(c); // the client closed (a cancel, a timeout) or the socket failed
        return;
    }
}

void TestLlmServer::processRequests(Connection &c)
{
    // Bounded by the bytes buffered: each round consumes one request or stops.
    while (!c.closed && c.phase == Connection::Phase::Reading) {
        const auto headEnd = c.in.find("\r\n\r\n");
        if (headEnd == std::string::npos) {
            if (c.in.size() > kMaxHead)
                closeConnection(c);
            return;
        }
        RecordedRequest request;
        std::map<std::string, std::string> headers;
        std::size_t lineStart = 0;
        bool first = true;
        while (lineStart < headEnd) {
            std::size_t lineEnd = c.in.find("\r\n", lineStart);
            if (lineEnd == std::string::npos || lineEnd > headEnd)
                lineEnd = headEnd;
            const std::string line = c.in.substr(lineStart, lineEnd - lineStart);
            lineStart = lineEnd + 2;
            if (first) {
                first = false;
                const auto s1 = line.find(' ');
                const auto s2 = line.find(' ', s1 == std::string::npos ? s1 : s1 + 1);
                if (s1 == std::string::npos || s2 == std::string::npos) {
                    closeConnection(c);
                    return;
                }
                request.method = line.substr(0, s1);
                request.path = line.substr(s1 + 1, s2 - s1 - 1);
                continue;
            }
            const auto colon = line.find(':');
            if (colon == std::string::npos)
                continue;
            headers[lower(line.substr(0, colon))] = trim(line.substr(colon + 1));
        }
        std::size_t length = 0;
        if (const auto it = headers.find("content-length"); it != headers.end()) {
            try {
                length = std::stoul(it->second);
            } catch (...) {
                closeConnection(c);
                return;
            }
        }
        if (length > kMaxBody) {
            closeConnection(c);
            return;
        }
        const std::size_t total = headEnd + 4 + length;
        if (c.in.size() < total) {
            const auto expect = headers.find("expect");
            if (!c.continueSent && expect != headers.end() && lower(expect->second) == "100-continue") {
                c.continueSent = true;
                c.out.append("HTTP/1.1 100 Continue\r\n\r\n");
                flush(c);
            }
            return;
        }
        request.body = c.in.substr(headEnd + 4, length);
        c.in.erase(0, total);
        c.continueSent = false;
        const auto connection = headers.find("connection");
        c.closeAfterReply = connection != headers.end() && lower(connection->second) == "close";
        request.headers = std::move(headers);
        request.connectionId = c.id;

        Handler handler;
        {
            std::lock_guard lock(m_mutex);
            request.index = m_requests.size();
            m_requests.push_back(request);
            ++m_inFlight;
            m_maxInFlight = std::max(m_maxInFlight, m_inFlight);
            handler = m_handler;
        }
        c.counted = true;
        try {
            c.reply = handler ? handler(request) : Reply::openAi("ok");
        } catch (...) {
            c.reply = Reply::json(500, R"({"error":{"message":"the test handler threw"}})");
        }
        if (c.reply.delayMs > 0) {
            c.phase = Connection::Phase::Waiting;
            c.due = Clock::now() + std::chrono::milliseconds(c.reply.delayMs);
            return;
        }
        act(c);
    }
}

void TestLlmServer::act(Connection &c)
{
    const Reply &reply = c.reply;
    if (reply.dropConnection) {
        closeConnection(c);
        return;
    }
    std::string body = reply.body;
    if (reply.malformedBody)
        body = body.size() >= 2 ? body.substr(0, body.size() / 2) : std::string(R"({"choices": [)");
    const std::size_t announced = body.size();
    if (reply.truncateBodyAt >= 0 && static_cast<std::size_t>(reply.truncateBodyAt) < body.size()) {
        body.resize(static_cast<std::size_t>(reply.truncateBodyAt));
        c.closeAfterReply = true; // the rest never comes: the connection closes after the part sent
    }
    if (reply.omitContentLength)
        c.closeAfterReply = true; // the close marks the body's end
    std::string head = "HTTP/1.1 ";
    head.append(std::to_string(reply.status)).append(" ").append(reason(reply.status)).append("\r\n");
    head.append("Content-Type: application/json\r\n");
    if (!reply.omitContentLength)
        head.append("Content-Length: ").append(std::to_string(announced)).append("\r\n");
    head.append(c.closeAfterReply ? "Connection: close\r\n" : "Connection: keep-alive\r\n");
    for (const auto &[name, value] : reply.headers)
        head.append(name).append(": ").append(value).append("\r\n");
    head.append("\r\n");

    c.pieces.clear();
    c.nextPiece = 0;
    c.phase = Connection::Phase::Sending;
    c.out.append(head);
    if (reply.slowBodyMs > 0 && !body.empty()) {
        const std::size_t count
            = std::clamp<std::size_t>(static_cast<std::size_t>(std::max(1, reply.slowBodyPieces)), 1, body.size());
        const std::size_t size = (body.size() + count - 1) / count;
        for (std::size_t at = 0; at < body.size(); at += size)
            c.pieces.push_back(body.substr(at, size));
        c.pieceInterval = std::chrono::milliseconds(reply.slowBodyMs / static_cast<int>(c.pieces.size()));
        c.out.append(c.pieces[0]);
        c.nextPiece = 1;
        c.due = Clock::now() + c.pieceInterval;
    } else {
        c.out.append(body);
    }
    flush(c);
}

void TestLlmServer::flush(Connection &c)
{
    while (!c.out.empty()) {
        const ssize_t n = ::send(c.fd, c.out.data(), c.out.size(), MSG_NOSIGNAL);
        if (n > 0) {
            c.out.erase(0, static_cast<std::size_t>(n));
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return; // poll says when to go on
        closeConnection(c);
        return;
    }
    if (c.phase == Connection::Phase::Sending && c.nextPiece >= c.pieces.size())
        finishReply(c);
}

void TestLlmServer::finishReply(Connection &c)
{
    if (c.counted) {
        std::lock_guard lock(m_mutex);
        --m_inFlight;
        c.counted = false;
    }
    c.phase = Connection::Phase::Reading;
    c.pieces.clear();
    c.nextPiece = 0;
    if (c.closeAfterReply)
        closeConnection(c);
}

void TestLlmServer::closeConnection(Connection &c)
{
    if (c.closed)
        return;
    c.closed = true;
    ::close(c.fd);
    c.fd = -1;
    std::lock_guard lock(m_mutex);
    if (c.counted) {
        --m_inFlight;
        c.counted = false;
    }
    --m_openConnections;
}

} // namespace concord::test

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace concord::judge {

struct HttpRequest {
    std::string url;
    std::vector<std::pair<std::string, std::string>> headers; // may carry a credential: never log or store them
    std::string body;                                         // POST body (JSON)
};

struct HttpResponse {
    int status = 0; // 0 when no HTTP status arrived
    std::string body;
    std::map<std::string, std::string> headers; // names in lower case
    std::string transportError;                 // curl's words for a failed connection, a reset, ...
    bool timedOut = false;
    bool cancelled = false;
    double seconds = 0; // from start of transfer to completion
};

struct HttpOptions {
    int maxConcurrent = 8; // transfers at once; more are queued in submission order
    double connectTimeoutSeconds = 10;
    double requestTimeoutSeconds = 120; // the whole transfer
    bool verifyTls = true;              // TLS verification on; tests talk plain HTTP to 127.0.0.1
};

// HTTP on one libcurl multi handle driven by one event-loop thread of its own: keep-alive connections
// are reused, HTTP/2 is negotiated where the server offers it, the proxy environment variables
// (http_proxy, https_proxy, no_proxy) are honoured, and every transfer can be cancelled at any moment.
// submit() and cancel() may be called from any thread; callbacks run on the client's thread, one at a
// time, and must not block.
class HttpClient {
public:
    using Callback = std::function<void(HttpResponse)>;

    explicit HttpClient(HttpOptions options = {});
    ~HttpClient(); // cancels everything in flight (their callbacks run with cancelled = true) and joins
    HttpClient(const HttpClient &) = delete;
    HttpClient &operator=(const HttpClient &) = delete;

    std::uint64_t submit(HttpRequest request, Callback done);
    void cancel(std::uint64_t id);
    void cancelAll();
    // Changes how many transfers run at once (queued ones start as slots free up).
    void setMaxConcurrent(int maxConcurrent);
    std::size_t pending() const; // running plus queued

private:
    struct State;
    std::unique_ptr<State> m_state;
};

} // namespace concord::judge

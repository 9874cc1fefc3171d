// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <ctime>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace concord::judge {

// The largest answer read by default; a model's answer is a few KiB.
inline constexpr std::size_t kDefaultMaxAnswerBytes = std::size_t{8} << 20;
// How much of a body that is no answer (an error status, a broken transfer) is kept.
inline constexpr std::size_t kErrorExcerptBytes = 4096;

struct HttpRequest {
    std::string url;
    std::vector<std::pair<std::string, std::string>> headers; // may carry a credential: never log or store them
    std::string body;                                         // POST body (JSON unless a header says otherwise)
    // POST even without a body, for an action such as cancelling a batch; otherwise a request without a body
    // is a GET.
    bool post = false;
    // DELETE, for removing what a server keeps (a batch's files once their results are stored).
    bool deleteRequest = false;
    // The largest body read for this request (a batch's results file); 0: HttpOptions::maxBodyBytes.
    std::size_t maxBodyBytes = 0;
    // Blanked out of everything the response brings back (body, headers, error), as are the values of
    // the credential headers, before the callback sees it: a server that echoes the key leaks nothing.
    std::vector<std::string> secrets = {};
};

struct HttpResponse {
    int status = 0; // 0 when no HTTP status arrived
    // The answer for a 2xx status that arrived whole; otherwise only its first kErrorExcerptBytes
    // (HttpOptions::errorExcerptBytes), so a failed call never holds a large body.
    std::string body;
    std::map<std::string, std::string> headers; // names in lower case
    std::string transportError;                 // curl's words for a failed connection, a reset, ...
    bool timedOut = false;
    bool cancelled = false;
    double seconds = 0;        // from start of transfer to completion
    std::size_t bodyBytes = 0; // bytes of the body received, kept or not
    // The body went past HttpOptions::maxBodyBytes (or announced it would): the transfer was stopped
    // there. For a 2xx status transportError says so.
    bool tooLarge = false;
};

struct HttpOptions {
    int maxConcurrent = 8; // transfers at once; more are queued in submission order
    double connectTimeoutSeconds = 10;
    double requestTimeoutSeconds = 120; // the whole transfer
    bool verifyTls = true;              // TLS verification on; tests talk plain HTTP to 127.0.0.1
    // Memory per transfer is bounded by this: a larger body is refused as it arrives.
    std::size_t maxBodyBytes = kDefaultMaxAnswerBytes;
    std::size_t errorExcerptBytes = kErrorExcerptBytes;
};

// Seconds the server asks to wait before asking again (Retry-After, in seconds or as an HTTP date, or
// OpenAI's retry-after-ms), if it says.
std::optional<double> retryAfterSeconds(const HttpResponse &response, std::time_t now = std::time(nullptr));

// What to record of a body that is no usable answer: at most `limit` bytes, and when more came, a last
// line saying how many bytes there were in all.
std::string bodyExcerpt(const HttpResponse &response, std::size_t limit = kErrorExcerptBytes);

// A size as people read it: "8 MiB", "1.5 MiB", "64 KiB", "300 bytes".
std::string byteSizeText(std::size_t bytes);

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

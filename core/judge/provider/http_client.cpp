// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "judge/provider/http_client.h"

#include "judge/provider/redaction.h"
#include "judge/provider/retry_after.h"

#include <curl/curl.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <map>
#include <mutex>
#include <thread>
#include <unordered_map>

namespace concord::judge {

namespace {

// libcurl's global state is set up once for the whole process, before the first handle; a
// function-local static makes that thread-safe. It is never cleaned up: handles may outlive main().
bool curlReady()
{
    static const bool ready = curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
    return ready;
}

// Of a body cut to an excerpt, this much more is kept until the secrets are blanked out, so that a
// key across the cut is found whole.
constexpr std::size_t kExcerptSlack = 1024;
// Easy handles kept for reuse (reset between transfers): fewer allocations per request.
constexpr std::size_t kMaxIdleHandles = 64;

using Clock = std::chrono::steady_clock;

long toMilliseconds(double seconds)
{
    if (!(seconds > 0))
        return 0; // libcurl: 0 means its default / no limit
    return static_cast<long>(std::min(seconds * 1000.0, 2.0e9));
}

std::string trimmed(std::string_view text)
{
    std::size_t b = 0, e = text.size();
    while (b < e && (text[b] == ' ' || text[b] == '\t'))
        ++b;
    while (e > b && (text[e - 1] == ' ' || text[e - 1] == '\t' || text[e - 1] == '\r' || text[e - 1] == '\n'))
        --e;
    return std::string(text.substr(b, e - b));
}

struct Transfer {
    std::uint64_t id = 0;
    HttpRequest request;
    HttpClient::Callback done;
    CURL *easy = nullptr;
    curl_slist *headers = nullptr;
    HttpResponse response;
    Clock::time_point started;
    std::vector<std::string> secrets;
    std::size_t maxBody = kDefaultMaxAnswerBytes;
    std::size_t excerpt = kErrorExcerptBytes;
    std::size_t announced = 0; // Content-Length of a body refused before it came
    char errorBuffer[CURL_ERROR_SIZE] = {};

    bool answerStatus() const { return response.status >= 200 && response.status < 300; }
};

// "HTTP/1.1 200 OK", "HTTP/2 429": the status, or 0.
int statusOfLine(std::string_view line)
{
    const auto space = line.find(' ');
    if (space == std::string_view::npos)
        return 0;
    int status = 0;
    for (std::size_t i = space + 1; i < line.size() && i < space + 4; ++i) {
        if (line[i] < '0' || line[i] > '9')
            return 0;
        status = status * 10 + (line[i] - '0');
    }
    return status;
}

bool isContentType(std::string_view name)
{
    constexpr std::string_view wanted = "content-type";
    return name.size() == wanted.size() && std::equal(name.begin(), name.end(), wanted.begin(), [](char a, char b) {
               return std::tolower(static_cast<unsigned char>(a)) == b;
           });
}

// Cuts at most `limit` bytes, not inside a UTF-8 sequence.
void cutToExcerpt(std::string &body, std::size_t limit)
{
    if (body.size() <= limit)
        return;
    std::size_t end = limit;
    while (end > 0 && (static_cast<unsigned char>(body[end]) & 0xC0) == 0x80)
        --end;
    body.resize(end);
    body.shrink_to_fit();
}

} // namespace

std::optional<double> retryAfterSeconds(const HttpResponse &response, std::time_t now)
{
    if (const auto it = response.headers.find("retry-after"); it != response.headers.end())
        if (const auto seconds = parseRetryAfter(it->second, now))
            return seconds;
    if (const auto it = response.headers.find("retry-after-ms"); it != response.headers.end())
        if (const auto ms = parseRetryAfter(it->second, now); ms && it->second.find_first_of(":,") == std::string::npos)
            return *ms / 1000.0;
    return std::nullopt;
}

std::string bodyExcerpt(const HttpResponse &response, std::size_t limit)
{
    std::string out = response.body;
    cutToExcerpt(out, limit);
    const std::size_t kept = out.size();
    const std::size_t total = std::max(response.bodyBytes, response.body.size());
    if (total > kept)
        out.append("\n[cut: the body had ")
            .append(std::to_string(total))
            .append(response.tooLarge ? " bytes or more" : " bytes")
            .append("; the first ")
            .append(std::to_string(kept))
            .append(" are kept]");
    return out;
}

std::string byteSizeText(std::size_t bytes)
{
    constexpr double kib = 1024.0, mib = 1024.0 * 1024.0;
    char buf[48];
    if (bytes >= 1024 * 1024)
        std::snprintf(buf, sizeof buf, "%g MiB", static_cast<double>(bytes) / mib);
    else if (bytes >= 1024)
        std::snprintf(buf, sizeof buf, "%g KiB", static_cast<double>(bytes) / kib);
    else
        std::snprintf(buf, sizeof buf, "%zu bytes", bytes);
    return buf;
}

struct HttpClient::State {
    HttpOptions options;
    CURLM *multi = nullptr;
    std::thread thread;

    // Filled by any thread, drained by the loop.
    mutable std::mutex mutex;
    mutable std::condition_variable woken; // only used when libcurl could not be set up
    std::vector<std::unique_ptr<Transfer>> submitted;
    std::vector<std::uint64_t> cancelled;
    bool cancelEverything = false;
    bool stopping = false;
    std::uint64_t nextId = 1;

    std::atomic<int> maxConcurrent{8};
    std::atomic<std::size_t> pending{0};

    // Owned by the loop thread only. Ids grow, so the map's order is submission order.
    std::map<std::uint64_t, std::unique_ptr<Transfer>> queued;
    std::unordered_map<std::uint64_t, std::unique_ptr<Transfer>> running;
    std::vector<CURL *> idleHandles;
    long appliedMaxConnects = 0;

    void wake() const
    {
        if (multi)
            curl_multi_wakeup(multi);
        else
            woken.notify_all();
    }

    void loop() noexcept;
    void drainIncoming(bool &stop);
    void applyConnectionLimit();
    void startQueued();
    bool start(std::unique_ptr<Transfer> &transfer);
    void collectDone();
    void finish(std::unique_ptr<Transfer> transfer);
    void cancelOne(std::uint64_t id);
    void cancelAllNow();
    CURL *takeHandle();
    void releaseHandle(Transfer &transfer);
};

namespace {

std::size_t onBody(char *data, std::size_t size, std::size_t count, void *user)
{
    auto *t = static_cast<Transfer *>(user);
    const std::size_t n = size * count;
    HttpResponse &r = t->response;
    if (r.bodyBytes + n > t->maxBody) {
        r.tooLarge = true;
        return 0; // aborts the transfer with CURLE_WRITE_ERROR: memory stays bounded
    }
    r.bodyBytes += n;
    if (t->answerStatus()) {
        r.body.append(data, n);
    } else {
        // Not an answer: an excerpt is all that is ever recorded, so only that is kept.
        const std::size_t keep = t->excerpt + kExcerptSlack;
        if (r.body.size() < keep)
            r.body.append(data, std::min(n, keep - r.body.size()));
    }
    return n;
}

std::size_t onHeader(char *data, std::size_t size, std::size_t count, void *user)
{
    auto *t = static_cast<Transfer *>(user);
    const std::size_t n = size * count;
    const std::string_view line(data, n);
    if (line.starts_with("HTTP/")) {
        // A new response begins (after a 100 Continue, say): only the final one's headers count.
        t->response.headers.clear();
        t->response.status = statusOfLine(line);
        return n;
    }
    const auto colon = line.find(':');
    if (colon == std::string_view::npos || colon == 0)
        return n;
    std::string name(line.substr(0, colon));
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    std::string value = trimmed(line.substr(colon + 1));
    if (name == "content-length" && t->answerStatus()) {
        // An answer announced larger than allowed is refused before a byte of it is read; one of a
        // size allowed gets its memory at once rather than by doubling.
        const unsigned long long length = std::strtoull(value.c_str(), nullptr, 10);
        if (length > t->maxBody) {
            t->response.tooLarge = true;
            t->announced = static_cast<std::size_t>(std::min<unsigned long long>(length, SIZE_MAX));
            return 0; // aborts the transfer
        }
        if (length > 0)
            t->response.body.reserve(static_cast<std::size_t>(length));
    }
    auto [it, inserted] = t->response.headers.try_emplace(std::move(name), value);
    if (!inserted)
        it->second.append(", ").append(value); // repeated headers combine as HTTP says
    return n;
}

} // namespace

HttpClient::HttpClient(HttpOptions options)
    : m_state(std::make_unique<State>())
{
    m_state->options = options;
    m_state->maxConcurrent = std::max(1, options.maxConcurrent);
    if (curlReady())
        m_state->multi = curl_multi_init();
    if (m_state->multi) {
        curl_multi_setopt(m_state->multi, CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX);
        m_state->applyConnectionLimit();
    }
    // Without a multi handle the loop still runs and fails every transfer with a clear message.
    State *state = m_state.get();
    m_state->thread = std::thread([state] { state->loop(); });
}

HttpClient::~HttpClient()
{
    {
        std::lock_guard lock(m_state->mutex);
        m_state->stopping = true;
    }
    m_state->wake();
    if (m_state->thread.joinable())
        m_state->thread.join();
    for (CURL *easy : m_state->idleHandles)
        curl_easy_cleanup(easy);
    if (m_state->multi)
        curl_multi_cleanup(m_state->multi);
}

std::uint64_t HttpClient::submit(HttpRequest request, Callback done)
{
    auto transfer = std::make_unique<Transfer>();
    transfer->request = std::move(request);
    transfer->done = std::move(done);
    std::uint64_t id = 0;
    {
        std::lock_guard lock(m_state->mutex);
        id = m_state->nextId++;
        transfer->id = id;
        m_state->submitted.push_back(std::move(transfer));
        ++m_state->pending;
    }
    m_state->wake();
    return id;
}

void HttpClient::cancel(std::uint64_t id)
{
    {
        std::lock_guard lock(m_state->mutex);
        m_state->cancelled.push_back(id);
    }
    m_state->wake();
}

void HttpClient::cancelAll()
{
    {
        std::lock_guard lock(m_state->mutex);
        m_state->cancelEverything = true;
    }
    m_state->wake();
}

void HttpClient::setMaxConcurrent(int maxConcurrent)
{
    m_state->maxConcurrent = std::max(1, maxConcurrent);
    m_state->wake();
}

std::size_t HttpClient::pending() const
{
    return m_state->pending.load();
}

void HttpClient::State::loop() noexcept
{
    bool stop = false;
    while (true) {
        try {
            drainIncoming(stop);
            if (stop) {
                cancelAllNow();
                // A callback may have submitted more: those are cancelled too before leaving.
                std::lock_guard lock(mutex);
                if (submitted.empty())
                    break;
                continue;
            }
            applyConnectionLimit();
            startQueued();
            if (multi && !running.empty()) {
                int stillRunning = 0;
                curl_multi_perform(multi, &stillRunning);
                const std::size_t before = running.size();
                collectDone();
                if (running.size() != before)
                    continue; // slots freed: start queued work before waiting
            }
            if (multi)
                curl_multi_poll(multi, nullptr, 0, 1000, nullptr);
            else {
                // No libcurl: every transfer has already failed; wait for more work or the end.
                std::unique_lock lock(mutex);
                woken.wait(lock,
                           [this] { return !submitted.empty() || !cancelled.empty() || cancelEverything || stopping; });
            }
        } catch (...) {
            // Out of memory or a bug: never let it escape the thread. Fail what is running, go on.
            try {
                cancelAllNow();
            } catch (...) { }
        }
    }
}

void HttpClient::State::drainIncoming(bool &stop)
{
    std::vector<std::unique_ptr<Transfer>> fresh;
    std::vector<std::uint64_t> cancels;
    bool everything = false;
    {
        std::lock_guard lock(mutex);
        fresh.swap(submitted);
        cancels.swap(cancelled);
        everything = cancelEverything;
        cancelEverything = false;
        stop = stopping;
    }
    // Submissions first, so a cancel right after its submit finds the transfer.
    for (auto &t : fresh)
        queued.emplace(t->id, std::move(t));
    if (everything)
        cancelAllNow();
    for (std::uint64_t id : cancels)
        cancelOne(id);
}

void HttpClient::State::applyConnectionLimit()
{
    if (!multi)
        return;
    // Keep enough idle connections alive for the configured concurrency to reuse them.
    const long wanted = std::max<long>(8, static_cast<long>(maxConcurrent.load()) + 4);
    if (wanted != appliedMaxConnects) {
        curl_multi_setopt(multi, CURLMOPT_MAXCONNECTS, wanted);
        appliedMaxConnects = wanted;
    }
}

void HttpClient::State::startQueued()
{
    const auto limit = static_cast<std::size_t>(std::max(1, maxConcurrent.load()));
    while (running.size() < limit && !queued.empty()) {
        auto node = queued.extract(queued.begin());
        std::unique_ptr<Transfer> transfer = std::move(node.mapped());
        if (start(transfer)) {
            const std::uint64_t id = transfer->id;
            running.emplace(id, std::move(transfer));
        } else {
            finish(std::move(transfer));
        }
    }
}

CURL *HttpClient::State::takeHandle()
{
    if (!idleHandles.empty()) {
        CURL *easy = idleHandles.back();
        idleHandles.pop_back();
        curl_easy_reset(easy);
        return easy;
    }
    return curl_easy_init();
}

void HttpClient::State::releaseHandle(Transfer &transfer)
{
    if (transfer.headers) {
        curl_slist_free_all(transfer.headers);
        transfer.headers = nullptr;
    }
    if (!transfer.easy)
        return;
    if (idleHandles.size() < kMaxIdleHandles)
        idleHandles.push_back(transfer.easy);
    else
        curl_easy_cleanup(transfer.easy);
    transfer.easy = nullptr;
}

bool HttpClient::State::start(std::unique_ptr<Transfer> &transfer)
{
    Transfer &t = *transfer;
    if (!multi) {
        t.response.transportError = "libcurl could not be initialised";
        return false;
    }
    CURL *easy = takeHandle();
    if (!easy) {
        t.response.transportError = "libcurl could not create a transfer";
        return false;
    }
    t.easy = easy;
    t.secrets = secretsOf(t.request);
    t.maxBody = std::max<std::size_t>(1, t.request.maxBodyBytes > 0 ? t.request.maxBodyBytes : options.maxBodyBytes);
    t.excerpt = options.errorExcerptBytes;

    bool hasContentType = false;
    for (const auto &[name, value] : t.request.headers) {
        std::string line = name;
        line.append(": ").append(value);
        hasContentType = hasContentType || isContentType(name);
        t.headers = curl_slist_append(t.headers, line.c_str());
    }
    if (!t.request.body.empty() && !hasContentType)
        t.headers = curl_slist_append(t.headers, "Content-Type: application/json");
    // No "Expect: 100-continue" round trip before larger bodies.
    t.headers = curl_slist_append(t.headers, "Expect:");

    curl_easy_setopt(easy, CURLOPT_URL, t.request.url.c_str());
    curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(easy, CURLOPT_HTTPHEADER, t.headers);
    if (!t.request.body.empty() || t.request.post) {
        curl_easy_setopt(easy, CURLOPT_POST, 1L);
        curl_easy_setopt(easy, CURLOPT_POSTFIELDS, t.request.body.data());
        curl_easy_setopt(easy, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(t.request.body.size()));
    } else {
        curl_easy_setopt(easy, CURLOPT_HTTPGET, 1L);
    }
    if (t.request.deleteRequest)
        curl_easy_setopt(easy, CURLOPT_CUSTOMREQUEST, "DELETE");
    curl_easy_setopt(easy, CURLOPT_HTTP_VERSION, static_cast<long>(CURL_HTTP_VERSION_2TLS));
    // Over TLS, wait for a connection that may multiplex rather than open one per request.
    if (t.request.url.starts_with("https://"))
        curl_easy_setopt(easy, CURLOPT_PIPEWAIT, 1L);
    curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(easy, CURLOPT_TCP_KEEPALIVE, 1L);
    curl_easy_setopt(easy, CURLOPT_SSL_VERIFYPEER, options.verifyTls ? 1L : 0L);
    curl_easy_setopt(easy, CURLOPT_SSL_VERIFYHOST, options.verifyTls ? 2L : 0L);
    curl_easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS, toMilliseconds(options.connectTimeoutSeconds));
    curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, toMilliseconds(options.requestTimeoutSeconds));
    curl_easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(easy, CURLOPT_USERAGENT, "concord/0.1");
    curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, &onBody);
    curl_easy_setopt(easy, CURLOPT_WRITEDATA, &t);
    curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, &onHeader);
    curl_easy_setopt(easy, CURLOPT_HEADERDATA, &t);
    curl_easy_setopt(easy, CURLOPT_ERRORBUFFER, t.errorBuffer);
    curl_easy_setopt(easy, CURLOPT_PRIVATE, &t);
    // Proxies: libcurl reads http_proxy / https_proxy / no_proxy itself; nothing here overrides them.

    t.started = Clock::now();
    if (curl_multi_add_handle(multi, easy) != CURLM_OK) {
        t.response.transportError = "libcurl refused the transfer";
        releaseHandle(t);
        return false;
    }
    return true;
}

void HttpClient::State::collectDone()
{
    int left = 0;
    while (CURLMsg *message = curl_multi_info_read(multi, &left)) {
        if (message->msg != CURLMSG_DONE)
            continue;
        CURL *easy = message->easy_handle;
        const CURLcode code = message->data.result;
        char *priv = nullptr;
        curl_easy_getinfo(easy, CURLINFO_PRIVATE, &priv);
        auto *raw = static_cast<Transfer *>(static_cast<void *>(priv));
        auto it = raw ? running.find(raw->id) : running.end();
        curl_multi_remove_handle(multi, easy);
        if (it == running.end())
            continue; // cannot happen: every running handle is in the map
        std::unique_ptr<Transfer> transfer = std::move(it->second);
        running.erase(it);
        Transfer &t = *transfer;
        long status = 0;
        curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
        HttpResponse &r = t.response;
        if (status != 0)
            r.status = static_cast<int>(status);
        r.seconds = std::chrono::duration<double>(Clock::now() - t.started).count();
        if (code != CURLE_OK) {
            r.timedOut = code == CURLE_OPERATION_TIMEDOUT;
            if (r.tooLarge && !t.answerStatus()) {
                // An error status with a huge body: the status says what went wrong, the excerpt is kept.
            } else if (r.tooLarge && t.announced > 0) {
                r.transportError = "the answer is larger than " + byteSizeText(t.maxBody) + " (the server announced "
                                   + std::to_string(t.announced) + " bytes)";
            } else if (r.tooLarge) {
                r.transportError = "the answer is larger than " + byteSizeText(t.maxBody);
            } else {
                r.transportError = t.errorBuffer[0] != '\0' ? t.errorBuffer : curl_easy_strerror(code);
                // A transfer that broke off after the status line: say so, and how much had come, so
                // it is not mistaken for a malformed answer.
                if (r.status != 0)
                    r.transportError.append(" (HTTP ")
                        .append(std::to_string(r.status))
                        .append(", ")
                        .append(std::to_string(r.bodyBytes))
                        .append(" bytes of the body received)");
            }
        }
        releaseHandle(t);
        finish(std::move(transfer));
    }
}

void HttpClient::State::finish(std::unique_ptr<Transfer> transfer)
{
    Callback done = std::move(transfer->done);
    HttpResponse response = std::move(transfer->response);
    // The key never gets past here, should the server have echoed it; then what is no answer is cut
    // to its excerpt (after the blanking, so no part of a key survives at the cut).
    const bool whole = response.transportError.empty() && !response.tooLarge && !response.cancelled;
    if (!whole)
        redactTail(response.body, transfer->secrets);
    redact(response, transfer->secrets);
    if (!whole || response.status < 200 || response.status >= 300)
        cutToExcerpt(response.body, transfer->excerpt);
    transfer.reset(); // the request (and its credential) is gone before user code runs
    --pending;
    if (!done)
        return;
    try {
        done(std::move(response));
    } catch (...) {
        // A callback must not throw; if it does, it must not take the loop down.
    }
}

void HttpClient::State::cancelOne(std::uint64_t id)
{
    if (auto q = queued.find(id); q != queued.end()) {
        std::unique_ptr<Transfer> transfer = std::move(q->second);
        queued.erase(q);
        transfer->response.cancelled = true;
        finish(std::move(transfer));
        return;
    }
    if (auto r = running.find(id); r != running.end()) {
        std::unique_ptr<Transfer> transfer = std::move(r->second);
        running.erase(r);
        curl_multi_remove_handle(multi, transfer->easy);
        transfer->response.cancelled = true;
        transfer->response.seconds = std::chrono::duration<double>(Clock::now() - transfer->started).count();
        releaseHandle(*transfer);
        finish(std::move(transfer));
    }
    // Unknown: already finished (its callback ran or is running). Nothing to do.
}

void HttpClient::State::cancelAllNow()
{
    {
        // Work submitted but not yet seen by the loop is cancelled as well.
        std::lock_guard lock(mutex);
        for (auto &t : submitted)
            queued.emplace(t->id, std::move(t));
        submitted.clear();
    }
    std::vector<std::uint64_t> ids;
    ids.reserve(queued.size() + running.size());
    for (const auto &[id, t] : running)
        ids.push_back(id);
    for (const auto &[id, t] : queued)
        ids.push_back(id);
    std::sort(ids.begin(), ids.end());
    for (std::uint64_t id : ids)
        cancelOne(id);
}

} // namespace concord::judge

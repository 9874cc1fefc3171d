// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "delay_proxy.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <deque>

namespace concord::test {

namespace {

using Clock = std::chrono::steady_clock;

struct Held {
    Clock::time_point due;
    std::string bytes;
};

bool writeAll(int fd, const std::string &bytes)
{
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::send(fd, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

} // namespace

DelayProxy::DelayProxy(int targetPort, std::chrono::milliseconds delay)
    : m_targetPort(targetPort)
    , m_delay(delay)
{
    m_listener = ::socket(AF_INET, SOCK_STREAM, 0);
    if (m_listener < 0) {
        m_error = std::string("socket: ") + std::strerror(errno);
        return;
    }
    const int yes = 1;
    ::setsockopt(m_listener, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = 0;
    socklen_t length = sizeof address;
    if (::bind(m_listener, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0 || ::listen(m_listener, 64) != 0
        || ::getsockname(m_listener, reinterpret_cast<sockaddr *>(&address), &length) != 0) {
        m_error = std::string("listen: ") + std::strerror(errno);
        ::close(m_listener);
        m_listener = -1;
        return;
    }
    m_port = ntohs(address.sin_port);
    m_acceptor = std::thread([this] { acceptLoop(); });
}

DelayProxy::~DelayProxy()
{
    m_stop = true;
    if (m_acceptor.joinable())
        m_acceptor.join();
    if (m_listener >= 0)
        ::close(m_listener);
    std::vector<std::thread> served;
    {
        std::lock_guard lock(m_mutex);
        served.swap(m_served);
    }
    for (auto &t : served)
        t.join();
}

void DelayProxy::acceptLoop()
{
    while (!m_stop) {
        pollfd p{m_listener, POLLIN, 0};
        if (::poll(&p, 1, 50) <= 0)
            continue;
        const int client = ::accept(m_listener, nullptr, nullptr);
        if (client < 0)
            continue;
        ++m_connections;
        std::lock_guard lock(m_mutex);
        m_served.emplace_back([this, client] { serve(client); });
    }
}

void DelayProxy::serve(int client)
{
    const int server = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(static_cast<std::uint16_t>(m_targetPort));
    if (server < 0 || ::connect(server, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0) {
        if (server >= 0)
            ::close(server);
        ::close(client);
        return;
    }
    const int yes = 1;
    ::setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
    ::setsockopt(server, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);

    // Index 0: from the client, held for the server; index 1 the other way.
    const int from[2] = {client, server};
    const int to[2] = {server, client};
    std::deque<Held> held[2];
    bool open[2] = {true, true};
    char buffer[65536];
    while (!m_stop) {
        const auto now = Clock::now();
        // What is due goes on; a side that closed is closed on the other side once all it sent has gone.
        for (int way = 0; way < 2; ++way) {
            while (!held[way].empty() && held[way].front().due <= now) {
                if (!writeAll(to[way], held[way].front().bytes))
                    open[0] = open[1] = false;
                held[way].pop_front();
            }
            if (!open[way] && held[way].empty())
                ::shutdown(to[way], SHUT_WR);
        }
        if (!open[0] && !open[1] && held[0].empty() && held[1].empty())
            break;
        int timeout = 50;
        for (const auto &queue : held)
            if (!queue.empty())
                timeout = std::min<int>(
                    timeout, static_cast<int>(
                                 std::chrono::duration_cast<std::chrono::milliseconds>(queue.front().due - now).count())
                                 + 1);
        pollfd p[2] = {{from[0], static_cast<short>(open[0] ? POLLIN : 0), 0},
                       {from[1], static_cast<short>(open[1] ? POLLIN : 0), 0}};
        if (::poll(p, 2, std::max(timeout, 0)) <= 0)
            continue;
        for (int way = 0; way < 2; ++way) {
            if (!open[way] || !(p[way].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            const ssize_t n = ::recv(from[way], buffer, sizeof buffer, 0);
            if (n > 0)
                held[way].push_back({Clock::now() + m_delay, std::string(buffer, static_cast<std::size_t>(n))});
            else if (n == 0 || errno != EINTR)
                open[way] = false;
        }
    }
    ::close(client);
    ::close(server);
}

} // namespace concord::test

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace concord::test {

// A TCP proxy on 127.0.0.1 that holds every chunk of bytes for a fixed time before passing it on, each way:
// a far server (a round trip of twice the delay) for a test, in front of a real one on this machine. Each
// connection is served by a thread of its own; the destructor closes them all.
class DelayProxy {
public:
    DelayProxy(int targetPort, std::chrono::milliseconds delay);
    ~DelayProxy();
    DelayProxy(const DelayProxy &) = delete;
    DelayProxy &operator=(const DelayProxy &) = delete;

    // The port it listens on; 0 when it could not listen (error() says why).
    int port() const { return m_port; }
    const std::string &error() const { return m_error; }
    // Connections accepted so far.
    int connections() const { return m_connections.load(); }

private:
    void acceptLoop();
    void serve(int client);

    int m_targetPort;
    std::chrono::milliseconds m_delay;
    int m_listener = -1;
    int m_port = 0;
    std::string m_error;
    std::atomic<bool> m_stop{false};
    std::atomic<int> m_connections{0};
    std::thread m_acceptor;
    std::mutex m_mutex;
    std::vector<std::thread> m_served;
};

} // namespace concord::test

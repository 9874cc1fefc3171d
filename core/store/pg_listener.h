// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "store/pg_connection.h"

#include <string>
#include <vector>

namespace concord::store {

// Hears a team study's changes as they are committed (store/pg_notifications), on a connection of its own
// that does nothing else, so a long query of the study never holds a notification back. It never blocks:
// an event loop watches socket() and calls drain() when it can be read.
class PgListener {
public:
    // Connects to CONNECTION (a libpq connection string, as the study was opened with) and listens on
    // PgNotifications::kChannel. Throws concord::Failure (password removed) when the server cannot be reached.
    explicit PgListener(const std::string &connection);

    // The connection's socket, to wait on for reading; -1 once the connection is lost.
    int socket() const;
    // Reads what the server sent without waiting, and returns the payloads (table names) of the
    // notifications that arrived, in order; empty when none did. When the connection is found gone,
    // returns what arrived before and isLost() turns true: commits from then on are not heard, and a new
    // listener (once the server is back) is needed.
    std::vector<std::string> drain();
    bool isLost() const { return m_lost; }
    // The server process serving this connection (whoever stops it ends the listening).
    int backendPid() const;
    // The connection without its password.
    const std::string &display() const { return m_connection.display(); }

private:
    PgConnection m_connection;
    bool m_lost = false;
};

} // namespace concord::store

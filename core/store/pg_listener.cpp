// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/pg_listener.h"

#include "store/pg_notifications.h"

#include <libpq-fe.h>

namespace concord::store {

PgListener::PgListener(const std::string &connection)
    : m_connection(connection)
{
    m_connection.script("LISTEN " + m_connection.quotedIdentifier(PgNotifications::kChannel));
}

int PgListener::socket() const
{
    return m_lost ? -1 : PQsocket(m_connection.handle());
}

std::vector<std::string> PgListener::drain()
{
    std::vector<std::string> payloads;
    if (m_lost)
        return payloads;
    pg_conn *conn = m_connection.handle();
    // Fails only when the connection is broken: a stopped server, a terminated backend, a dropped network.
    if (PQconsumeInput(conn) == 0 || PQstatus(conn) == CONNECTION_BAD)
        m_lost = true;
    // Notifications read before the connection broke were committed: they still count.
    while (PGnotify *notification = PQnotifies(conn)) {
        payloads.emplace_back(notification->extra ? notification->extra : "");
        PQfreemem(notification);
    }
    return payloads;
}

int PgListener::backendPid() const
{
    return PQbackendPID(m_connection.handle());
}

} // namespace concord::store

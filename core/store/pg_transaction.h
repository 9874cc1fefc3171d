// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace concord::store {

class PgConnection;

// BEGIN on construction, ROLLBACK on destruction unless commit() was called: an exception between the
// two leaves the database as it was. A commit the server turned into a rollback (a statement of the
// transaction had failed) throws instead of passing for success.
class PgTransaction {
public:
    explicit PgTransaction(PgConnection &connection);
    ~PgTransaction();
    PgTransaction(const PgTransaction &) = delete;
    PgTransaction &operator=(const PgTransaction &) = delete;

    void commit();

private:
    PgConnection &m_connection;
    bool m_done = false;
};

} // namespace concord::store

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <string>

struct pg_conn;

namespace concord::test {

// A person's own login over raw libpq, as a team member's Concord (or a hand-written SQL client with the
// member's password) would connect: the rows a statement gives, or the server's refusal.
class PgLogin {
public:
    explicit PgLogin(const std::string &uri);
    ~PgLogin();
    PgLogin(const PgLogin &) = delete;
    PgLogin &operator=(const PgLogin &) = delete;

    bool connected() const;
    QString connectionError() const;
    // The first column of every row joined by ',', the command's status, or "error: " and the server's
    // primary message.
    QString run(const std::string &sql);

private:
    pg_conn *m_conn;
};

} // namespace concord::test

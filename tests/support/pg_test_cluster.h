// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QTemporaryDir>

#include <memory>
#include <string>

namespace concord::store {
class PgConnection;
}

namespace concord::test {

// A throwaway PostgreSQL cluster for one test: initdb into a fresh folder under QDir::tempPath(), a private
// Unix socket in that folder and a free TCP port on 127.0.0.1, started with pg_ctl, which returns once the
// server accepts connections (or its deadline passes), and stopped (immediate) in the destructor, which
// also runs when a test fails. The superuser connects through the socket without a password (trust); over
// TCP every role needs its password (scram-sha-256), so tests can check what a wrong one gives.
//
// The server programs come from Debian's postgresql package (/usr/lib/postgresql/<version>/bin, newest
// first; libpq-dev's pg_config does not know them), else from PATH. PostgreSQL refuses to run as root: as
// root the cluster runs as the `postgres` user that package creates (setpriv), and owns its folder, whose
// parents must let that user through (/tmp does; a folder under /root would not).
class PgTestCluster {
public:
    PgTestCluster();
    ~PgTestCluster();
    PgTestCluster(const PgTestCluster &) = delete;
    PgTestCluster &operator=(const PgTestCluster &) = delete;

    // Whether the cluster runs; error() says why not (missing programs, initdb or start failures with the
    // server's log), in one paragraph a test can fail with.
    bool ok() const { return m_ready; }
    const QString &error() const { return m_error; }

    // The folder holding initdb, pg_ctl and postgres; empty when there is none, *searched listing where
    // it looked.
    static QString serverBinDir(QString *searched = nullptr);

    QString socketDir() const { return m_dir.path(); }
    int port() const { return m_port; }
    static QString superuser() { return QStringLiteral("concord_admin"); }
    const QString &superuserPassword() const { return m_password; }

    // The superuser over the Unix socket (no password needed).
    std::string uri(const QString &database = QStringLiteral("postgres")) const;
    // USER with PASSWORD over TCP on 127.0.0.1.
    std::string tcpUri(const QString &user, const QString &password, const QString &database) const;
    // Creates an empty database named NAME (lower-case letters, digits, _) and returns its superuser URI.
    // Returns an empty string and sets error() when that fails.
    std::string createDatabase(const QString &name);
    // createDatabase, holding an empty study with the team's access rules, as publish leaves one (schema,
    // roles, row-level security); its superuser URI, or an empty string with error() set.
    std::string createTeamStudy(const QString &name);
    // Gives the login role ROLE the password PASSWORD, quoted by the server (no name or password can break out).
    static void givePassword(store::PgConnection &admin, const std::string &role, const std::string &password);
    // Runs SQL as the superuser in DATABASE; returns the server's error, empty on success.
    QString exec(const std::string &sql, const QString &database = QStringLiteral("postgres")) const;
    // What the server wrote to its log so far.
    QString serverLog() const;

    // Stops the server (fast: sessions are ended, as when a server goes down) and starts it again on the same
    // folder, port and socket, so that a test can lose its connection and get it back; false and error() when
    // pg_ctl fails.
    bool stop();
    bool start();

private:
    bool setUp();
    bool run(const QString &program, const QStringList &arguments, int timeoutMs, QString *output);

    QTemporaryDir m_dir;
    QString m_binDir;
    QString m_password;
    QStringList m_switchUser; // setpriv ... -- as root, empty otherwise
    int m_port = 0;
    bool m_started = false; // pg_ctl started it: the destructor stops it
    bool m_ready = false;
    QString m_error;
};

} // namespace concord::test

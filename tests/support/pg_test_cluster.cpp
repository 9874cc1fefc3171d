// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "pg_test_cluster.h"

#include "error.h"
#include "store/pg_connection.h"
#include "store/pg_schema.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QUrl>
#include <QVersionNumber>

#include <libpq-fe.h>

#include <algorithm>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

namespace concord::test {

namespace {

const QStringList kPrograms{QStringLiteral("initdb"), QStringLiteral("pg_ctl"), QStringLiteral("postgres")};

bool hasServerPrograms(const QString &dir)
{
    return std::all_of(kPrograms.begin(), kPrograms.end(), [&](const QString &program) {
        const QFileInfo info(dir + QLatin1Char('/') + program);
        return info.isFile() && info.isExecutable();
    });
}

// A port the kernel considers free right now. Another process may take it before the server binds it;
// start() then tries another.
int freePort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return 0;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = 0;
    socklen_t length = sizeof address;
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0
        && ::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length) == 0)
        port = ntohs(address.sin_port);
    ::close(fd);
    return port;
}

QString randomPassword()
{
    static const QString alphabet = QStringLiteral("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789");
    QString password;
    for (int i = 0; i < 24; ++i)
        password += alphabet.at(QRandomGenerator::global()->bounded(alphabet.size()));
    return password;
}

// A value in postgresql.conf: single-quoted, quotes doubled.
QString confString(QString value)
{
    return QLatin1Char('\'') + value.replace(QLatin1Char('\''), QStringLiteral("''")) + QLatin1Char('\'');
}

std::string percentEncoded(const QString &text)
{
    return QUrl::toPercentEncoding(text).toStdString();
}

} // namespace

QString PgTestCluster::serverBinDir(QString *searched)
{
    QStringList looked;
    // Debian's server programs live in one folder per major version; the newest wins.
    const QDir root(QStringLiteral("/usr/lib/postgresql"));
    QStringList versions = root.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    std::sort(versions.begin(), versions.end(), [](const QString &a, const QString &b) {
        return QVersionNumber::fromString(a) > QVersionNumber::fromString(b);
    });
    for (const QString &version : versions) {
        const QString dir = root.filePath(version + QStringLiteral("/bin"));
        if (hasServerPrograms(dir))
            return dir;
    }
    looked << root.path() + QStringLiteral("/*/bin");
    const QString initdb = QStandardPaths::findExecutable(QStringLiteral("initdb"));
    if (!initdb.isEmpty()) {
        const QString dir = QFileInfo(initdb).absolutePath();
        if (hasServerPrograms(dir))
            return dir;
    }
    looked << QStringLiteral("PATH");
    if (searched)
        *searched = looked.join(QStringLiteral(" and "));
    return {};
}

PgTestCluster::PgTestCluster()
    : m_dir(QDir::tempPath() + QStringLiteral("/concord-pg-XXXXXX"))
    , m_password(randomPassword())
{
    m_ready = setUp();
}

PgTestCluster::~PgTestCluster()
{
    if (!m_started)
        return;
    // Immediate: the cluster is thrown away, nothing needs to reach the disk.
    QString output;
    run(m_binDir + QStringLiteral("/pg_ctl"),
        {QStringLiteral("stop"), QStringLiteral("-D"), m_dir.filePath(QStringLiteral("data")), QStringLiteral("-m"),
         QStringLiteral("immediate"), QStringLiteral("-w"), QStringLiteral("-t"), QStringLiteral("60")},
        90'000, &output);
}

bool PgTestCluster::run(const QString &program, const QStringList &arguments, int timeoutMs, QString *output)
{
    QProcess process;
    QStringList command = m_switchUser;
    command << program << arguments;
    // The developer's PG* variables (PGDATA, PGPORT, PGHOST, ...) must not steer the throwaway cluster.
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString &name : environment.keys()) {
        if (name.startsWith(QStringLiteral("PG")))
            environment.remove(name);
    }
    process.setProcessEnvironment(environment);
    // The cluster's user may not enter the test's working folder (a build folder under /root).
    process.setWorkingDirectory(m_dir.path());
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(command.takeFirst(), command);
    const bool finished = process.waitForFinished(timeoutMs);
    *output = QString::fromLocal8Bit(process.readAll()).trimmed();
    if (!finished) {
        process.kill();
        process.waitForFinished();
        *output += QStringLiteral(" (no answer after %1 s)").arg(timeoutMs / 1000);
        return false;
    }
    if (process.error() == QProcess::FailedToStart) {
        *output = QStringLiteral("cannot run %1: %2").arg(program, process.errorString());
        return false;
    }
    return process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
}

bool PgTestCluster::setUp()
{
    QString searched;
    m_binDir = serverBinDir(&searched);
    if (m_binDir.isEmpty()) {
        m_error = QStringLiteral("PostgreSQL's server programs (initdb, pg_ctl, postgres) are not installed: looked in "
                                 "%1. On Debian 12, packaging/concord-dev installs them (package postgresql).")
                      .arg(searched);
        return false;
    }
    if (!m_dir.isValid()) {
        m_error
            = QStringLiteral("cannot create a temporary folder in %1: %2").arg(QDir::tempPath(), m_dir.errorString());
        return false;
    }
    const QString data = m_dir.filePath(QStringLiteral("data"));
    const QString passwordFile = m_dir.filePath(QStringLiteral("superuser-password"));
    {
        QFile file(passwordFile);
        if (!file.open(QIODevice::WriteOnly) || file.write(m_password.toUtf8() + '\n') < 0) {
            m_error = QStringLiteral("cannot write %1: %2").arg(passwordFile, file.errorString());
            return false;
        }
    }
    if (::geteuid() == 0) {
        const passwd *user = ::getpwnam("postgres");
        if (!user) {
            m_error = QStringLiteral("PostgreSQL refuses to run as root, and there is no 'postgres' user to run the "
                                     "test cluster as (Debian's postgresql package creates it; packaging/concord-dev "
                                     "installs that package)");
            return false;
        }
        const QString setpriv = QStandardPaths::findExecutable(QStringLiteral("setpriv"));
        if (setpriv.isEmpty()) {
            m_error
                = QStringLiteral("running as root, the test cluster needs setpriv (util-linux) to run as 'postgres'");
            return false;
        }
        for (const QString &path : {m_dir.path(), passwordFile}) {
            if (::chown(QFile::encodeName(path).constData(), user->pw_uid, user->pw_gid) != 0) {
                m_error = QStringLiteral("cannot give %1 to the postgres user: %2").arg(path, qt_error_string(errno));
                return false;
            }
        }
        m_switchUser
            = {setpriv, QStringLiteral("--reuid=%1").arg(user->pw_uid), QStringLiteral("--regid=%1").arg(user->pw_gid),
               QStringLiteral("--init-groups"), QStringLiteral("--")};
    }

    QString output;
    if (!run(m_binDir + QStringLiteral("/initdb"),
             {QStringLiteral("-D"), data, QStringLiteral("-U"), superuser(), QStringLiteral("--pwfile=") + passwordFile,
              QStringLiteral("--auth-local=trust"), QStringLiteral("--auth-host=scram-sha-256"), QStringLiteral("-E"),
              QStringLiteral("UTF8"), QStringLiteral("--locale=C"), QStringLiteral("--no-sync")},
             120'000, &output)) {
        m_error = QStringLiteral("initdb failed in %1 (the folder and its parents must be open to the user running "
                                 "it): %2")
                      .arg(m_dir.path(), output);
        return false;
    }
    QFile::remove(passwordFile);

    const QString log = m_dir.filePath(QStringLiteral("server.log"));
    // A port taken between freePort() and the server's bind fails the start; another port is tried.
    for (int attempt = 0; attempt < 5; ++attempt) {
        m_port = freePort();
        QFile conf(data + QStringLiteral("/postgresql.auto.conf"));
        if (!conf.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            m_error = QStringLiteral("cannot write %1: %2").arg(conf.fileName(), conf.errorString());
            return false;
        }
        // Only this test reaches the cluster: its own socket folder, loopback, and no durability to pay for.
        const QString settings = QStringLiteral("listen_addresses = '127.0.0.1'\n"
                                                "port = %1\n"
                                                "unix_socket_directories = %2\n"
                                                "max_connections = 60\n"
                                                "shared_buffers = 16MB\n"
                                                "fsync = off\n"
                                                "synchronous_commit = off\n"
                                                "full_page_writes = off\n")
                                     .arg(m_port)
                                     .arg(confString(m_dir.path()));
        conf.write(settings.toUtf8());
        conf.close();
        if (run(m_binDir + QStringLiteral("/pg_ctl"),
                {QStringLiteral("start"), QStringLiteral("-D"), data, QStringLiteral("-l"), log, QStringLiteral("-w"),
                 QStringLiteral("-t"), QStringLiteral("60"), QStringLiteral("-s")},
                90'000, &output)) {
            m_started = true;
            break;
        }
        const QString serverSays = serverLog();
        if (!serverSays.contains(QStringLiteral("could not bind")) || attempt == 4) {
            m_error = QStringLiteral("the test cluster did not start: %1; server log: %2").arg(output, serverSays);
            return false;
        }
    }
    // pg_ctl -w has waited for readiness; the socket answers if it is really ours.
    if (PQping(uri().c_str()) != PQPING_OK) {
        m_error = QStringLiteral("the test cluster started but does not answer at %1; server log: %2")
                      .arg(QString::fromStdString(uri()), serverLog());
        return false;
    }
    return true;
}

bool PgTestCluster::stop()
{
    if (!m_started)
        return true;
    QString output;
    if (!run(m_binDir + QStringLiteral("/pg_ctl"),
             {QStringLiteral("stop"), QStringLiteral("-D"), m_dir.filePath(QStringLiteral("data")),
              QStringLiteral("-m"), QStringLiteral("fast"), QStringLiteral("-w"), QStringLiteral("-t"),
              QStringLiteral("60")},
             90'000, &output)) {
        m_error = QStringLiteral("the test cluster did not stop: %1").arg(output);
        return false;
    }
    m_started = false;
    return true;
}

bool PgTestCluster::start()
{
    if (m_started)
        return true;
    QString output;
    // postgresql.auto.conf still holds the port and socket folder of the first start.
    if (!run(m_binDir + QStringLiteral("/pg_ctl"),
             {QStringLiteral("start"), QStringLiteral("-D"), m_dir.filePath(QStringLiteral("data")),
              QStringLiteral("-l"), m_dir.filePath(QStringLiteral("server.log")), QStringLiteral("-w"),
              QStringLiteral("-t"), QStringLiteral("60"), QStringLiteral("-s")},
             90'000, &output)) {
        m_error = QStringLiteral("the test cluster did not start again: %1; server log: %2").arg(output, serverLog());
        return false;
    }
    m_started = true;
    return PQping(uri().c_str()) == PQPING_OK;
}

std::string PgTestCluster::uri(const QString &database) const
{
    return "postgresql://" + percentEncoded(superuser()) + "@" + percentEncoded(m_dir.path()) + ":"
           + std::to_string(m_port) + "/" + percentEncoded(database);
}

std::string PgTestCluster::tcpUri(const QString &user, const QString &password, const QString &database) const
{
    return "postgresql://" + percentEncoded(user) + ":" + percentEncoded(password)
           + "@127.0.0.1:" + std::to_string(m_port) + "/" + percentEncoded(database);
}

QString PgTestCluster::exec(const std::string &sql, const QString &database) const
{
    PGconn *conn = PQconnectdb(uri(database).c_str());
    QString error;
    if (PQstatus(conn) != CONNECTION_OK) {
        error = QString::fromUtf8(PQerrorMessage(conn)).trimmed();
    } else {
        PGresult *result = PQexec(conn, sql.c_str());
        const ExecStatusType status = PQresultStatus(result);
        if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
            error = QString::fromUtf8(PQresultErrorMessage(result)).trimmed();
        PQclear(result);
    }
    PQfinish(conn);
    return error;
}

std::string PgTestCluster::createDatabase(const QString &name)
{
    static const QRegularExpression valid(QStringLiteral("^[a-z_][a-z0-9_]*$"));
    if (!valid.match(name).hasMatch()) {
        m_error = QStringLiteral("not a test database name: %1").arg(name);
        return {};
    }
    const QString error = exec("CREATE DATABASE " + name.toStdString());
    if (!error.isEmpty()) {
        m_error = QStringLiteral("cannot create database %1: %2").arg(name, error);
        return {};
    }
    return uri(name);
}

std::string PgTestCluster::createTeamStudy(const QString &name)
{
    const std::string created = createDatabase(name);
    if (created.empty())
        return {};
    const Status made = captureStatus([&] {
        store::PgConnection connection(created);
        // The access rules' NOTICEs (roles that exist already) are no news to a test.
        connection.query("SET client_min_messages = warning");
        store::PgSchema::create(connection);
        store::PgSchema::createAccessRules(connection);
    });
    if (!made) {
        m_error = QStringLiteral("cannot make a team study of %1: %2")
                      .arg(name, QString::fromStdString(made.error().describe()));
        return {};
    }
    return created;
}

QString PgTestCluster::serverLog() const
{
    QFile file(m_dir.filePath(QStringLiteral("server.log")));
    return file.open(QIODevice::ReadOnly) ? QString::fromLocal8Bit(file.readAll()).trimmed() : QString();
}

void PgTestCluster::givePassword(store::PgConnection &admin, const std::string &role, const std::string &password)
{
    const store::PgResult statement
        = admin.query("SELECT format('ALTER ROLE %I PASSWORD %L', $1::text, $2::text)", {role, password});
    admin.script(statement.text(0, 0));
}

} // namespace concord::test

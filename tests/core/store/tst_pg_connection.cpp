// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The PostgreSQL wrappers against a real server, a throwaway cluster of the test's own: values travel apart
// from the SQL, a transaction left by an exception is rolled back, and no message shows a password.
#include "store/pg_connection.h"
#include "store/pg_transaction.h"

#include "error.h"
#include "pg_test_cluster.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <stdexcept>
#include <string>

using namespace concord;
using namespace concord::store;
using concord::test::PgTestCluster;

class TestPgConnection : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void queriesAndReads();
    void valuesAreNeverSql_data();
    void valuesAreNeverSql();
    void nullParameter();
    void serverErrorIsOneLine();
    void commitKeeps();
    void exceptionRollsBack();
    void failedStatementFailsTheCommit();
    void nestedTransactionRefused();
    void errorsNeverShowThePassword_data();
    void errorsNeverShowThePassword();
    void sslmodeReachesLibpq();
    void passwordFromLibpqsOwnPlaces();
    void timeoutsUnlessTheUserSetsThem();
    void doublesReadBackExactly();
    void aMistypedDatabaseGetsAHint();

private:
    std::string connectionText(const QString &text) const;

    std::unique_ptr<PgTestCluster> m_cluster;
    std::string m_uri;
};

void TestPgConnection::initTestCase()
{
    m_cluster = std::make_unique<PgTestCluster>();
    QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
    m_uri = m_cluster->createDatabase(QStringLiteral("wrappers"));
    QVERIFY2(!m_uri.empty(), qPrintable(m_cluster->error()));
    const QString error
        = m_cluster->exec("CREATE TABLE notes (id serial PRIMARY KEY, body text)", QStringLiteral("wrappers"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestPgConnection::cleanupTestCase()
{
    m_cluster.reset();
}

// %PORT% and %PASSWORD% in a row's text, filled in from the running cluster.
std::string TestPgConnection::connectionText(const QString &text) const
{
    QString filled = text;
    filled.replace(QStringLiteral("%PORT%"), QString::number(m_cluster->port()));
    filled.replace(QStringLiteral("%USER%"), PgTestCluster::superuser());
    return filled.toStdString();
}

void TestPgConnection::queriesAndReads()
{
    PgConnection connection(m_uri);
    const PgResult result = connection.query("SELECT $1::bigint + 1 AS next, $2::float8 AS half, 'ü' AS text",
                                             {std::string("41"), std::string("0.5")});
    QCOMPARE(result.rows(), 1);
    QCOMPARE(result.columns(), 3);
    QCOMPARE(result.columnName(0), std::string("next"));
    QCOMPARE(result.integer(0, 0), std::int64_t(42));
    QCOMPARE(result.real(0, 1), 0.5);
    QCOMPARE(result.text(0, 2), std::string_view("ü"));
    QVERIFY_THROWS_EXCEPTION(Failure, result.integer(1, 0));
    QVERIFY_THROWS_EXCEPTION(Failure, result.integer(0, 2));
    QCOMPARE(connection.display(), m_uri); // no password in it to remove
}

void TestPgConnection::valuesAreNeverSql_data()
{
    QTest::addColumn<QString>("value");
    QTest::newRow("quote") << "O'Brien";
    QTest::newRow("closing the statement") << "x'); DROP TABLE notes; --";
    QTest::newRow("double quotes") << "Robert\"); DROP TABLE notes;--";
    QTest::newRow("placeholder") << "$1";
    QTest::newRow("backslashes") << "C:\\path\\'";
    QTest::newRow("comment and semicolon") << "/* ; */ -- ;";
    QTest::newRow("non-ASCII") << "Grüße, 你好 ☃";
    QTest::newRow("empty") << "";
}

void TestPgConnection::valuesAreNeverSql()
{
    QFETCH(QString, value);
    PgConnection connection(m_uri);
    const PgResult inserted
        = connection.query("INSERT INTO notes (body) VALUES ($1) RETURNING id", {value.toStdString()});
    QCOMPARE(inserted.affectedRows(), std::int64_t(1));
    const PgResult read = connection.query("SELECT body FROM notes WHERE id = $1", {std::string(inserted.text(0, 0))});
    QCOMPARE(read.rows(), 1);
    QCOMPARE(QString::fromStdString(std::string(read.text(0, 0))), value);
    // The table is still there, and found by the value itself.
    const PgResult found = connection.query("SELECT count(*) FROM notes WHERE body = $1", {value.toStdString()});
    QVERIFY(found.integer(0, 0) >= 1);
}

void TestPgConnection::nullParameter()
{
    PgConnection connection(m_uri);
    const PgResult inserted = connection.query("INSERT INTO notes (body) VALUES ($1) RETURNING body", {std::nullopt});
    QVERIFY(inserted.isNull(0, 0));
    QCOMPARE(inserted.text(0, 0), std::string_view());
    QVERIFY_THROWS_EXCEPTION(Failure, inserted.integer(0, 0));
}

void TestPgConnection::serverErrorIsOneLine()
{
    PgConnection connection(m_uri);
    connection.query("CREATE TEMP TABLE once (k int PRIMARY KEY)");
    connection.query("INSERT INTO once VALUES (1)");
    try {
        connection.query("INSERT INTO once VALUES ($1)", {std::string("1")});
        QFAIL("a duplicate key was accepted");
    } catch (const Failure &failure) {
        const std::string message = failure.error().message;
        QVERIFY2(message.find("duplicate key value violates unique constraint") != std::string::npos, message.c_str());
        QVERIFY2(message.find("Key (k)=(1) already exists") != std::string::npos, message.c_str());
        QVERIFY2(message.find('\n') == std::string::npos, message.c_str());
    }
}

void TestPgConnection::commitKeeps()
{
    PgConnection writer(m_uri);
    {
        PgTransaction transaction(writer);
        QVERIFY(writer.inTransaction());
        writer.query("INSERT INTO notes (body) VALUES ($1)", {std::string("committed")});
        transaction.commit();
    }
    QVERIFY(!writer.inTransaction());
    PgConnection reader(m_uri);
    QCOMPARE(reader.query("SELECT count(*) FROM notes WHERE body = 'committed'").integer(0, 0), std::int64_t(1));
}

void TestPgConnection::exceptionRollsBack()
{
    PgConnection connection(m_uri);
    const auto count = [&] { return connection.query("SELECT count(*) FROM notes").integer(0, 0); };
    const std::int64_t before = count();
    try {
        PgTransaction transaction(connection);
        connection.query("INSERT INTO notes (body) VALUES ($1)", {std::string("lost")});
        connection.query("INSERT INTO notes (body) VALUES ($1)", {std::string("lost too")});
        throw std::runtime_error("the user cancelled");
    } catch (const std::runtime_error &) { }
    QVERIFY(!connection.inTransaction());
    QCOMPARE(count(), before);
    PgConnection other(m_uri);
    QCOMPARE(other.query("SELECT count(*) FROM notes WHERE body LIKE 'lost%'").integer(0, 0), std::int64_t(0));
}

void TestPgConnection::failedStatementFailsTheCommit()
{
    PgConnection connection(m_uri);
    PgTransaction transaction(connection);
    connection.query("INSERT INTO notes (body) VALUES ($1)", {std::string("before the error")});
    QVERIFY_THROWS_EXCEPTION(Failure, connection.query("SELECT no_such_column FROM notes"));
    // The server turns this COMMIT into a ROLLBACK; it must not pass for a commit.
    QVERIFY_THROWS_EXCEPTION(Failure, transaction.commit());
    QVERIFY(!connection.inTransaction());
    QCOMPARE(connection.query("SELECT count(*) FROM notes WHERE body = 'before the error'").integer(0, 0),
             std::int64_t(0));
}

void TestPgConnection::nestedTransactionRefused()
{
    PgConnection connection(m_uri);
    PgTransaction outer(connection);
    QVERIFY_THROWS_EXCEPTION(Failure, PgTransaction{connection});
    QVERIFY(connection.inTransaction()); // the outer one is untouched
}

void TestPgConnection::errorsNeverShowThePassword_data()
{
    QTest::addColumn<QString>("connection");
    QTest::addColumn<QString>("password");
    QTest::addColumn<QString>("reason"); // part of the message: the reason is still given
    QTest::newRow("wrong password over TCP") << "postgresql://%USER%:Wr0ng-S3cret@127.0.0.1:%PORT%/wrappers"
                                             << "Wr0ng-S3cret"
                                             << "password authentication failed";
    QTest::newRow("wrong password, keyword string")
        << "host=127.0.0.1 port=%PORT% user=%USER% password='Wr0ng S3cret' dbname=wrappers"
        << "Wr0ng S3cret"
        << "password authentication failed";
    QTest::newRow("malformed percent escape") << "postgresql://%USER%:S3cret%zz@127.0.0.1:%PORT%/wrappers"
                                              << "S3cret%zz"
                                              << "invalid percent-encoded token";
    QTest::newRow("whole URI quoted by libpq") << "postgresql://%USER%:S3cret-pw@[::1/wrappers"
                                               << "S3cret-pw"
                                               << "IPv6 host address";
    QTest::newRow("unencoded / in the password") << "postgresql://%USER%:S3c/ret@127.0.0.1:%PORT%/wrappers"
                                                 << "S3c"
                                                 << "";
    QTest::newRow("no such database") << "postgresql://%USER%:S3cret-pw@127.0.0.1:%PORT%/nowhere"
                                      << "S3cret-pw"
                                      << "";
    QTest::newRow("bad sslmode") << "postgresql://%USER%:S3cret-pw@127.0.0.1:%PORT%/wrappers?sslmode=bogus"
                                 << "S3cret-pw"
                                 << "invalid sslmode value";
}

void TestPgConnection::errorsNeverShowThePassword()
{
    QFETCH(QString, connection);
    QFETCH(QString, password);
    QFETCH(QString, reason);
    try {
        PgConnection opened(connectionText(connection));
        QFAIL("the connection was opened");
    } catch (const Failure &failure) {
        const QString message = QString::fromStdString(failure.error().message);
        QVERIFY2(!message.contains(password), qPrintable(message));
        QVERIFY2(message.startsWith(QStringLiteral("cannot connect to PostgreSQL at ")), qPrintable(message));
        QVERIFY2(message.contains(reason), qPrintable(message));
        QVERIFY2(!message.contains(QLatin1Char('\n')), qPrintable(message));
    }
}

void TestPgConnection::sslmodeReachesLibpq()
{
    // The cluster has no TLS: sslmode=disable connects, sslmode=require is refused by libpq itself.
    const QString base = QStringLiteral("postgresql://%USER%@127.0.0.1:%PORT%/wrappers?sslmode=");
    qputenv("PGPASSWORD", m_cluster->superuserPassword().toUtf8());
    PgConnection plain(connectionText(base + QStringLiteral("disable")));
    QCOMPARE(plain.query("SELECT 1").integer(0, 0), std::int64_t(1));
    try {
        PgConnection secure(connectionText(base + QStringLiteral("require")));
        qunsetenv("PGPASSWORD");
        QFAIL("sslmode=require connected to a server without TLS");
    } catch (const Failure &failure) {
        qunsetenv("PGPASSWORD");
        QVERIFY2(QString::fromStdString(failure.error().message).contains(QStringLiteral("SSL")),
                 failure.error().message.c_str());
    }
}

void TestPgConnection::passwordFromLibpqsOwnPlaces()
{
    // No password in the URI: libpq finds it in PGPASSWORD, or in a password file (~/.pgpass, PGPASSFILE).
    const std::string uri = connectionText(QStringLiteral("postgresql://%USER%@127.0.0.1:%PORT%/wrappers"));
    QVERIFY_THROWS_EXCEPTION(Failure, PgConnection{uri});

    qputenv("PGPASSWORD", m_cluster->superuserPassword().toUtf8());
    bool connected = false;
    try {
        PgConnection fromEnvironment(uri);
        connected = fromEnvironment.query("SELECT 1").integer(0, 0) == 1;
    } catch (const Failure &) { }
    qunsetenv("PGPASSWORD");
    QVERIFY(connected);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile passfile(dir.filePath(QStringLiteral("pgpass")));
    QVERIFY(passfile.open(QIODevice::WriteOnly));
    passfile.write(QStringLiteral("127.0.0.1:%1:*:%2:%3\n")
                       .arg(m_cluster->port())
                       .arg(PgTestCluster::superuser(), m_cluster->superuserPassword())
                       .toUtf8());
    passfile.close();
    QVERIFY(passfile.setPermissions(QFile::ReadOwner | QFile::WriteOwner)); // libpq ignores a file others can read
    qputenv("PGPASSFILE", QFile::encodeName(passfile.fileName()));
    connected = false;
    try {
        PgConnection fromFile(uri);
        connected = fromFile.query("SELECT 1").integer(0, 0) == 1;
    } catch (const Failure &) { }
    qunsetenv("PGPASSFILE");
    QVERIFY(connected);
}

void TestPgConnection::timeoutsUnlessTheUserSetsThem()
{
    const std::string uri
        = m_cluster->tcpUri(PgTestCluster::superuser(), m_cluster->superuserPassword(), QStringLiteral("wrappers"));
    PgConnection plain(uri);
    QCOMPARE(plain.setting("connect_timeout"), std::string("10"));
    QCOMPARE(plain.setting("keepalives"), std::string("1"));
    QCOMPARE(plain.setting("keepalives_idle"), std::string("10"));
    QCOMPARE(plain.setting("keepalives_interval"), std::string("5"));
    QCOMPARE(plain.setting("keepalives_count"), std::string("3"));
    QCOMPARE(plain.setting("tcp_user_timeout"), std::string("30000"));
    QCOMPARE(plain.setting("dbname"), std::string("wrappers"));
    // The user's own settings win, in a URI and in keyword = value form; the rest keep their defaults.
    PgConnection own(uri + "?connect_timeout=3&keepalives_idle=60");
    QCOMPARE(own.setting("connect_timeout"), std::string("3"));
    QCOMPARE(own.setting("keepalives_idle"), std::string("60"));
    QCOMPARE(own.setting("keepalives_count"), std::string("3"));
    PgConnection keywords("host=127.0.0.1 port=" + std::to_string(m_cluster->port())
                          + " dbname=wrappers user=" + PgTestCluster::superuser().toStdString() + " password='"
                          + m_cluster->superuserPassword().toStdString() + "' connect_timeout=3 tcp_user_timeout=0");
    QCOMPARE(keywords.setting("connect_timeout"), std::string("3"));
    QCOMPARE(keywords.setting("tcp_user_timeout"), std::string("0"));
    QCOMPARE(keywords.setting("keepalives_interval"), std::string("5"));
    // So does the environment's connect timeout.
    qputenv("PGCONNECT_TIMEOUT", "7");
    PgConnection environment(uri);
    qunsetenv("PGCONNECT_TIMEOUT");
    QCOMPARE(environment.setting("connect_timeout"), std::string("7"));
    QCOMPARE(environment.setting("keepalives"), std::string("1"));
}

void TestPgConnection::doublesReadBackExactly()
{
    // A role whose default would round doubles to 15 digits.
    QCOMPARE(m_cluster->exec("ALTER ROLE " + PgTestCluster::superuser().toStdString() + " SET extra_float_digits = 0"),
             QString());
    PgConnection connection(m_uri);
    QCOMPARE(connection.query("SHOW extra_float_digits").text(0, 0), std::string_view("3"));
    const double value = 0.1 + 0.2;
    const PgResult read = connection.query("SELECT $1::double precision", {std::string("0.30000000000000004")});
    QCOMPARE(std::stod(std::string(read.text(0, 0))), value);
    // A new session after a reset reads them exactly too.
    QVERIFY(connection.reset());
    QCOMPARE(connection.query("SHOW extra_float_digits").text(0, 0), std::string_view("3"));
    QCOMPARE(m_cluster->exec("ALTER ROLE " + PgTestCluster::superuser().toStdString() + " RESET extra_float_digits"),
             QString());
}

void TestPgConnection::aMistypedDatabaseGetsAHint()
{
    const auto refusal = [](const std::string &uri) {
        try {
            PgConnection opened(uri);
        } catch (const Failure &failure) {
            return QString::fromStdString(failure.error().message);
        }
        return QString();
    };
    // With the password given, the server itself says the database is not there.
    const QString missing = refusal(
        m_cluster->tcpUri(PgTestCluster::superuser(), m_cluster->superuserPassword(), QStringLiteral("wrapers")));
    QVERIFY2(missing.contains(QStringLiteral("database \"wrapers\" does not exist")), qPrintable(missing));
    QVERIFY2(missing.contains(QStringLiteral("check the database name 'wrapers'")), qPrintable(missing));
    QVERIFY2(!missing.contains(m_cluster->superuserPassword()), qPrintable(missing));
    QVERIFY2(!missing.contains(QLatin1Char('\n')), qPrintable(missing));

    // With the password in a password file line for the right name, libpq has none to give for the wrong one.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile passfile(dir.filePath(QStringLiteral("pgpass")));
    QVERIFY(passfile.open(QIODevice::WriteOnly));
    passfile.write(QStringLiteral("127.0.0.1:%1:wrappers:%2:%3\n")
                       .arg(m_cluster->port())
                       .arg(PgTestCluster::superuser(), m_cluster->superuserPassword())
                       .toUtf8());
    passfile.close();
    QVERIFY(passfile.setPermissions(QFile::ReadOwner | QFile::WriteOwner));
    qunsetenv("PGPASSWORD");
    qputenv("PGPASSFILE", QFile::encodeName(passfile.fileName()));
    const std::string base = "postgresql://" + PgTestCluster::superuser().toStdString()
                             + "@127.0.0.1:" + std::to_string(m_cluster->port()) + "/";
    const QString noPassword = refusal(base + "wrapers");
    bool rightNameConnects = false;
    try {
        PgConnection right(base + "wrappers");
        rightNameConnects = right.query("SELECT 1").integer(0, 0) == 1;
    } catch (const Failure &) { }
    qunsetenv("PGPASSFILE");
    QVERIFY(rightNameConnects);
    QVERIFY2(noPassword.contains(QStringLiteral("no password supplied")), qPrintable(noPassword));
    QVERIFY2(
        noPassword.contains(
            QStringLiteral("the server asks a password of '%1' and none was given").arg(PgTestCluster::superuser())),
        qPrintable(noPassword));
    QVERIFY2(noPassword.contains(QStringLiteral("check the database name 'wrapers'")), qPrintable(noPassword));
    QVERIFY2(!noPassword.contains(QLatin1Char('\n')), qPrintable(noPassword));

    // A reason of another kind gets no hint.
    const QString wrongPassword
        = refusal(m_cluster->tcpUri(PgTestCluster::superuser(), QStringLiteral("n0t-it"), QStringLiteral("wrappers")));
    QVERIFY2(wrongPassword.contains(QStringLiteral("password authentication failed")), qPrintable(wrongPassword));
    QVERIFY2(!wrongPassword.contains(QStringLiteral("hint")), qPrintable(wrongPassword));
}

QTEST_GUILESS_MAIN(TestPgConnection)
#include "tst_pg_connection.moc"

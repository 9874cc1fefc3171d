// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A libpq connection string where a study file is accepted: told apart from a path, and shown without
// its password (titles, messages, Recent files), whatever form the password is written in.
#include "store/connection_uri.h"

#include <QTest>

using namespace concord::store;

class TestConnectionUri : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void isConnectionString_data();
    void isConnectionString();
    void withoutPassword_data();
    void withoutPassword();
    void redactPassword_data();
    void redactPassword();
};

void TestConnectionUri::isConnectionString_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("connection");
    QTest::newRow("postgresql URI") << "postgresql://db.example.org/study" << true;
    QTest::newRow("postgres URI") << "postgres://u@h:5433/study" << true;
    QTest::newRow("URI without host") << "postgresql:///study" << true;
    QTest::newRow("scheme in capitals (libpq reads a path)") << "POSTGRESQL://h/db" << false;
    QTest::newRow("other scheme") << "mysql://h/db" << false;
    QTest::newRow("one slash") << "postgresql:/h/db" << false;
    QTest::newRow("keyword string") << "host=db.example.org dbname=study" << true;
    QTest::newRow("spaces around =") << "  dbname = study user=ann" << true;
    QTest::newRow("service") << "service=team" << true;
    QTest::newRow("password first") << "password=x host=h" << true;
    QTest::newRow("study file") << "study.concord" << false;
    QTest::newRow("absolute path") << "/home/ann/studies/summeval.concord" << false;
    QTest::newRow("path with = (not a keyword)") << "runs/a=b.concord" << false;
    QTest::newRow("file named like a pair, unknown keyword") << "alpha=0.5.concord" << false;
    QTest::newRow("file named like a pair, given with ./") << "./host=x.concord" << false;
    QTest::newRow("keyword without =") << "host" << false;
    QTest::newRow("empty") << "" << false;
}

void TestConnectionUri::isConnectionString()
{
    QFETCH(QString, text);
    QFETCH(bool, connection);
    QCOMPARE(concord::store::isConnectionString(text.toStdString()), connection);
}

void TestConnectionUri::withoutPassword_data()
{
    QTest::addColumn<QString>("connection");
    QTest::addColumn<QString>("shown");
    QTest::newRow("user and password") << "postgresql://u:secret@h/db"
                                       << "postgresql://u@h/db";
    QTest::newRow("postgres scheme, port") << "postgres://u:secret@h:5432/db"
                                           << "postgres://u@h:5432/db";
    QTest::newRow("no password") << "postgresql://u@h/db"
                                 << "postgresql://u@h/db";
    QTest::newRow("no user") << "postgresql://h/db"
                             << "postgresql://h/db";
    QTest::newRow("empty password") << "postgresql://u:@h/db"
                                    << "postgresql://u@h/db";
    QTest::newRow("percent-encoded password") << "postgresql://u:p%40ss%3Aw%2Fd@h/db"
                                              << "postgresql://u@h/db";
    QTest::newRow("encoded colon in the user name") << "postgresql://u%3Ax:secret@h/db"
                                                    << "postgresql://u%3Ax@h/db";
    QTest::newRow("several hosts, query kept") << "postgresql://u:secret@h1:5432,h2:5433/db?sslmode=verify-full"
                                               << "postgresql://u@h1:5432,h2:5433/db?sslmode=verify-full";
    QTest::newRow("socket folder as host") << "postgresql://u:secret@%2Fvar%2Frun%2Fpostgresql/db"
                                           << "postgresql://u@%2Fvar%2Frun%2Fpostgresql/db";
    QTest::newRow("password parameter alone") << "postgresql://h/db?password=secret"
                                              << "postgresql://h/db";
    QTest::newRow("password parameter among others")
        << "postgresql://h/db?sslmode=require&password=secret&application_name=x"
        << "postgresql://h/db?sslmode=require&application_name=x";
    QTest::newRow("password parameter first") << "postgresql://h/db?password=secret&sslmode=require"
                                              << "postgresql://h/db?sslmode=require";
    QTest::newRow("percent-encoded parameter name") << "postgresql://h/db?pass%77ord=secret&sslmode=require"
                                                    << "postgresql://h/db?sslmode=require";
    QTest::newRow("parameter name in capitals") << "postgresql://h/db?PASSWORD=secret"
                                                << "postgresql://h/db";
    QTest::newRow("client key passphrase") << "postgresql://h/db?sslcert=c.crt&sslpassword=keypass"
                                           << "postgresql://h/db?sslcert=c.crt";
    QTest::newRow("malformed parameter name") << "postgresql://h/db?pass%zzword=secret"
                                              << "postgresql://h/db";
    QTest::newRow("socket folder in the query") << "postgresql:///db?host=/tmp&password=x"
                                                << "postgresql:///db?host=/tmp";
    QTest::newRow("password and parameter") << "postgresql://u:one@h/db?password=two"
                                            << "postgresql://u@h/db";
    QTest::newRow("unencoded / in the password") << "postgresql://u:se/cret@h/db"
                                                 << "postgresql://u@h/db";
    QTest::newRow("unencoded ? in the password") << "postgresql://u:se?cret@h/db"
                                                 << "postgresql://u@h/db";
    QTest::newRow("keyword string") << "host=h password=secret dbname=d"
                                    << "host=h dbname=d";
    QTest::newRow("keyword string, password last") << "host=h dbname=d password=secret"
                                                   << "host=h dbname=d";
    QTest::newRow("keyword string, spaces around =") << "host=h password = secret  dbname=d"
                                                     << "host=h dbname=d";
    QTest::newRow("keyword string, quoted password") << "host=h password='my \\'secret\\' phrase' dbname=d"
                                                     << "host=h dbname=d";
    QTest::newRow("keyword string, unterminated quote") << "host=h password='secret dbname=d"
                                                        << "host=h";
    QTest::newRow("keyword string, sslpassword") << "host=h sslkey=k.key sslpassword=keypass"
                                                 << "host=h sslkey=k.key";
    QTest::newRow("keyword string, quoted values kept") << "host=h application_name='my app'"
                                                        << "host=h application_name='my app'";
    QTest::newRow("keyword string without password") << "service=team"
                                                     << "service=team";
    // libpq refuses an unknown keyword: nothing from there on is shown, so what follows the removed password
    // can never turn the shown text into a URI with a password of its own.
    QTest::newRow("keyword string, unknown keyword") << "password=x postgres://u:p4ss@ =h dbname=d"
                                                     << "";
    QTest::newRow("keyword string, unknown keyword later") << "host=h colour=blue password=x"
                                                           << "host=h";
    QTest::newRow("study path unchanged") << "/data/password=x/s.concord"
                                          << "/data/password=x/s.concord";
}

void TestConnectionUri::withoutPassword()
{
    QFETCH(QString, connection);
    QFETCH(QString, shown);
    QCOMPARE(QString::fromStdString(concord::store::withoutPassword(connection.toStdString())), shown);
}

void TestConnectionUri::redactPassword_data()
{
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("connection");
    QTest::addColumn<QString>("redacted");
    // libpq's own messages for these strings quote the password.
    QTest::newRow("malformed percent escape") << "invalid percent-encoded token: \"sec%zzret\""
                                              << "postgresql://u:sec%zzret@h/db"
                                              << "invalid percent-encoded token: \"[redacted]\"";
    QTest::newRow("whole URI quoted")
        << "end of string reached when looking for matching \"]\" in IPv6 host address in URI: "
           "\"postgresql://u:secret@[::1/db\""
        << "postgresql://u:secret@[::1/db"
        << "end of string reached when looking for matching \"]\" in IPv6 host address in URI: "
           "\"postgresql://u:[redacted]@[::1/db\"";
    QTest::newRow("unencoded / in the password, read as a port")
        << "invalid integer value \"S3c\" for connection option \"port\""
        << "postgresql://u:S3c/ret@h/db"
        << "invalid integer value \"[redacted]\" for connection option \"port\"";
    QTest::newRow("decoded password") << "bad: p@ss:w"
                                      << "postgresql://u:p%40ss%3Aw@h/db"
                                      << "bad: [redacted]";
    QTest::newRow("query parameter") << "x secret y"
                                     << "postgresql://h/db?password=secret"
                                     << "x [redacted] y";
    QTest::newRow("encoded parameter name, decoded value") << "x a b y"
                                                           << "postgresql://h/db?pass%77ord=a%20b"
                                                           << "x [redacted] y";
    QTest::newRow("keyword string, unescaped") << "x it's here y"
                                               << "host=h password='it\\'s here'"
                                               << "x [redacted] y";
    QTest::newRow("client key passphrase") << "x keypass y"
                                           << "host=h sslpassword=keypass"
                                           << "x [redacted] y";
    QTest::newRow("no password: unchanged") << "could not connect to h"
                                            << "postgresql://u@h/db"
                                            << "could not connect to h";
    QTest::newRow("mask not searched again") << "e ee"
                                             << "postgresql://u:e@h/db"
                                             << "[redacted] [redacted][redacted]";
}

void TestConnectionUri::redactPassword()
{
    QFETCH(QString, message);
    QFETCH(QString, connection);
    QFETCH(QString, redacted);
    QCOMPARE(QString::fromStdString(concord::store::redactPassword(message.toStdString(), connection.toStdString())),
             redacted);
}

QTEST_GUILESS_MAIN(TestConnectionUri)
#include "tst_connection_uri.moc"

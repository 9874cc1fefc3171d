// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The study's SQL as PostgreSQL reads it: SQLite's parameters become $N, quoted text and names and comments
// stay as written, and the few SQLite-only words go.
#include "store/pg_statement.h"

#include <QTest>

using concord::store::PgStatement;

class TestPgStatement : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void translates_data();
    void translates();
};

void TestPgStatement::translates_data()
{
    QTest::addColumn<QString>("sqlite");
    QTest::addColumn<QString>("postgres");
    QTest::addColumn<int>("parameters");
    QTest::newRow("numbered") << QStringLiteral("SELECT id FROM t WHERE a = ?1 AND b = ?2")
                              << QStringLiteral("SELECT id FROM t WHERE a = $1 AND b = $2") << 2;
    QTest::newRow("repeated") << QStringLiteral("WHERE ?2 IS NULL OR d = ?2")
                              << QStringLiteral("WHERE $2 IS NULL OR d = $2") << 2;
    QTest::newRow("bare") << QStringLiteral("VALUES (?, ?, ?)") << QStringLiteral("VALUES ($1, $2, $3)") << 3;
    QTest::newRow("bare after numbered") << QStringLiteral("VALUES (?3, ?)") << QStringLiteral("VALUES ($3, $4)") << 4;
    QTest::newRow("many digits") << QStringLiteral("VALUES (?10, ?11)") << QStringLiteral("VALUES ($10, $11)") << 11;
    QTest::newRow("in text") << QStringLiteral("SELECT 'is it ?1' || ?1") << QStringLiteral("SELECT 'is it ?1' || $1")
                             << 1;
    QTest::newRow("doubled quote") << QStringLiteral("SELECT 'it''s ?' , ?") << QStringLiteral("SELECT 'it''s ?' , $1")
                                   << 1;
    QTest::newRow("quoted name") << QStringLiteral("SELECT \"what?\" FROM \"temp.x\" WHERE a = ?")
                                 << QStringLiteral("SELECT \"what?\" FROM \"temp.x\" WHERE a = $1") << 1;
    QTest::newRow("comment") << QStringLiteral("SELECT ? -- why ?\nFROM t")
                             << QStringLiteral("SELECT $1 -- why ?\nFROM t") << 1;
    QTest::newRow("block comment") << QStringLiteral("SELECT ? /* why ? */ , ?")
                                   << QStringLiteral("SELECT $1 /* why ? */ , $2") << 2;
    QTest::newRow("nested block comment")
        << QStringLiteral("SELECT /* a /* ? */ ?2 */ ?") << QStringLiteral("SELECT /* a /* ? */ ?2 */ $1") << 1;
    QTest::newRow("block comment, temp.") << QStringLiteral("SELECT 1 /* temp.x WITHOUT ROWID */")
                                          << QStringLiteral("SELECT 1 /* temp.x WITHOUT ROWID */") << 0;
    QTest::newRow("dollar-quoted") << QStringLiteral("SELECT $$is it ?$$, ?")
                                   << QStringLiteral("SELECT $$is it ?$$, $1") << 1;
    QTest::newRow("tagged dollar quote") << QStringLiteral("SELECT $q$ ? $$ ?1 $q$ || ?")
                                         << QStringLiteral("SELECT $q$ ? $$ ?1 $q$ || $1") << 1;
    QTest::newRow("dollar in a name") << QStringLiteral("SELECT a$b FROM t WHERE c = ?")
                                      << QStringLiteral("SELECT a$b FROM t WHERE c = $1") << 1;
    QTest::newRow("escape string") << QStringLiteral("SELECT E'it\\'s ?' , ?")
                                   << QStringLiteral("SELECT E'it\\'s ?' , $1") << 1;
    QTest::newRow("escape string, backslash last")
        << QStringLiteral("SELECT e'\\\\', '?', ?") << QStringLiteral("SELECT e'\\\\', '?', $1") << 1;
    QTest::newRow("name ending in e") << QStringLiteral("SELECT type FROM t WHERE type = ?")
                                      << QStringLiteral("SELECT type FROM t WHERE type = $1") << 1;
    QTest::newRow("unterminated text") << QStringLiteral("SELECT '?1") << QStringLiteral("SELECT '?1") << 0;
    QTest::newRow("without rowid") << QStringLiteral("CREATE TEMP TABLE t (a INTEGER, PRIMARY KEY (a)) WITHOUT ROWID")
                                   << QStringLiteral("CREATE TEMP TABLE t (a INTEGER, PRIMARY KEY (a))") << 0;
    QTest::newRow("without rowid, lower case")
        << QStringLiteral("CREATE TABLE t (a) without rowid;") << QStringLiteral("CREATE TABLE t (a);") << 0;
    QTest::newRow("temp schema") << QStringLiteral("INSERT INTO temp.touched VALUES (?1) ON CONFLICT DO NOTHING")
                                 << QStringLiteral("INSERT INTO pg_temp.touched VALUES ($1) ON CONFLICT DO NOTHING")
                                 << 1;
    QTest::newRow("temp inside a word") << QStringLiteral("SELECT attempt.x, temp_y FROM attempt")
                                        << QStringLiteral("SELECT attempt.x, temp_y FROM attempt") << 0;
    QTest::newRow("nothing to do") << QStringLiteral("SELECT COUNT(*) FROM documents")
                                   << QStringLiteral("SELECT COUNT(*) FROM documents") << 0;
}

void TestPgStatement::translates()
{
    QFETCH(QString, sqlite);
    QFETCH(QString, postgres);
    QFETCH(int, parameters);
    int found = -1;
    QCOMPARE(QString::fromStdString(PgStatement::translate(sqlite.toStdString(), &found)), postgres);
    QCOMPARE(found, parameters);
}

QTEST_APPLESS_MAIN(TestPgStatement)
#include "tst_pg_statement.moc"

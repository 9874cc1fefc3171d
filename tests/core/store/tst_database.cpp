// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The RAII SQLite wrappers, on :memory: as Zeal tests its own.
#include "error.h"
#include "store/database.h"
#include "store/transaction.h"

#include <QTest>

using concord::Failure;
using concord::store::Database;
using concord::store::Transaction;

class TestDatabase : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void bindsAndReadsEveryType();
    void cachedStatementIsResetBetweenUses();
    void transactionRollsBackUnlessCommitted();
    void badSqlThrowsWithTheStatement();
    void constraintViolationSaysSo();
    void movedDatabaseKeepsWorking();
};

void TestDatabase::bindsAndReadsEveryType()
{
    Database db(":memory:", Database::Mode::ReadWriteCreate);
    db.exec("CREATE TABLE t (i INTEGER, r REAL, s TEXT, n TEXT)");
    auto ins = db.prepare("INSERT INTO t VALUES (?1, ?2, ?3, ?4)");
    ins.bindAll(std::int64_t{1} << 40, 3.42, std::string("h\xc3\xa9llo\0x", 8), nullptr);
    ins.run();
    auto sel = db.prepare("SELECT i, r, s, n FROM t");
    QVERIFY(sel.step());
    QCOMPARE(sel.int64At(0), std::int64_t{1} << 40);
    QCOMPARE(sel.doubleAt(1), 3.42);
    QCOMPARE(sel.textAt(2).size(), std::size_t{8}); // embedded NUL kept
    QVERIFY(sel.isNull(3));
    QVERIFY(!sel.optionalTextAt(3).has_value());
    QCOMPARE(*sel.optionalDoubleAt(1), 3.42);
    QVERIFY(!sel.step());
}

void TestDatabase::cachedStatementIsResetBetweenUses()
{
    Database db(":memory:", Database::Mode::ReadWriteCreate);
    db.exec("CREATE TABLE t (v INTEGER)");
    for (int i = 0; i < 5; ++i) {
        auto s = db.cached("INSERT INTO t VALUES (?1)");
        s->bindAll(i);
        s->run();
    }
    auto first = db.cached("SELECT COUNT(*), SUM(v) FROM t");
    QVERIFY(first->step());
    QCOMPARE(first->int64At(0), 5);
    QCOMPARE(first->int64At(1), 10);
    // Asking again while the previous use was left mid-way gives a fresh statement.
    auto again = db.cached("SELECT COUNT(*), SUM(v) FROM t");
    QCOMPARE(&*again, &*first);
    QVERIFY(again->step());
    QCOMPARE(again->int64At(0), 5);
}

void TestDatabase::transactionRollsBackUnlessCommitted()
{
    Database db(":memory:", Database::Mode::ReadWriteCreate);
    db.exec("CREATE TABLE t (v INTEGER)");
    {
        Transaction tx(db);
        db.exec("INSERT INTO t VALUES (1)");
        QVERIFY(db.inTransaction());
    }
    QVERIFY(!db.inTransaction());
    QCOMPARE(db.pragmaInt("user_version"), 0);
    auto count = [&] {
        auto s = db.prepare("SELECT COUNT(*) FROM t");
        s.step();
        return s.int64At(0);
    };
    QCOMPARE(count(), 0);
    {
        Transaction tx(db);
        db.exec("INSERT INTO t VALUES (1)");
        tx.commit();
    }
    QCOMPARE(count(), 1);
}

void TestDatabase::badSqlThrowsWithTheStatement()
{
    Database db(":memory:", Database::Mode::ReadWriteCreate);
    try {
        db.prepare("SELEC nonsense");
        QFAIL("a bad statement must throw");
    } catch (const Failure &f) {
        QVERIFY2(f.error().message.find("SELEC nonsense") != std::string::npos, f.what());
    }
}

void TestDatabase::constraintViolationSaysSo()
{
    Database db(":memory:", Database::Mode::ReadWriteCreate);
    db.exec("CREATE TABLE t (v INTEGER UNIQUE)");
    db.exec("INSERT INTO t VALUES (1)");
    auto s = db.prepare("INSERT INTO t VALUES (1)");
    try {
        s.run();
        QFAIL("a duplicate must throw");
    } catch (const Failure &f) {
        QVERIFY2(f.error().message.find("breaks a rule") != std::string::npos, f.what());
    }
}

void TestDatabase::movedDatabaseKeepsWorking()
{
    Database a(":memory:", Database::Mode::ReadWriteCreate);
    a.exec("CREATE TABLE t (v INTEGER)");
    a.cached("INSERT INTO t VALUES (1)")->run();
    Database b(std::move(a));
    QVERIFY(a.handle() == nullptr);
    b.cached("INSERT INTO t VALUES (1)")->run();
    auto s = b.prepare("SELECT COUNT(*) FROM t");
    QVERIFY(s.step());
    QCOMPARE(s.int64At(0), 2);
}

QTEST_APPLESS_MAIN(TestDatabase)
#include "tst_database.moc"

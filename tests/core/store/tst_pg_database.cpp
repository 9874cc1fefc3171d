// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Database and Statement on both backends, where a team study's must behave as a study file's: a statement
// stepped again after its last row runs again; and a team study's cached statements are prepared on the
// server once per connection, prepared again in the new session after a reconnect.
#include "store/database.h"
#include "store/pg_connection.h"

#include "error.h"
#include "pg_test_cluster.h"

#include <QTest>

#include <memory>
#include <string>

using namespace concord;
using namespace concord::store;
using concord::test::PgTestCluster;

class TestPgDatabase : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void steppedAgainRunsAgain_data();
    void steppedAgainRunsAgain();
    void cachedStatementsArePreparedOnTheServer();

private:
    Database open(const QString &backend);

    std::unique_ptr<PgTestCluster> m_cluster;
    std::string m_uri;
};

void TestPgDatabase::initTestCase()
{
    m_cluster = std::make_unique<PgTestCluster>();
    QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
    m_uri = m_cluster->createDatabase(QStringLiteral("statements"));
    QVERIFY2(!m_uri.empty(), qPrintable(m_cluster->error()));
}

void TestPgDatabase::cleanupTestCase()
{
    m_cluster.reset();
}

Database TestPgDatabase::open(const QString &backend)
{
    Database db = backend == QLatin1String("team study") ? Database::connect(m_uri)
                                                         : Database(":memory:", Database::Mode::ReadWriteCreate);
    db.exec("DROP TABLE IF EXISTS numbers");
    db.exec("CREATE TABLE numbers (n INTEGER)");
    db.exec("INSERT INTO numbers (n) VALUES (1), (2)");
    return db;
}

void TestPgDatabase::steppedAgainRunsAgain_data()
{
    QTest::addColumn<QString>("backend");
    QTest::addColumn<bool>("cached");
    QTest::newRow("study file") << QStringLiteral("study file") << false;
    QTest::newRow("study file, cached") << QStringLiteral("study file") << true;
    QTest::newRow("team study") << QStringLiteral("team study") << false;
    QTest::newRow("team study, cached") << QStringLiteral("team study") << true;
}

void TestPgDatabase::steppedAgainRunsAgain()
{
    QFETCH(QString, backend);
    QFETCH(bool, cached);
    Database db = open(backend);
    const auto check = [&](Statement &select, Statement &insert) {
        QVERIFY(select.step());
        QCOMPARE(select.int64At(0), std::int64_t{1});
        QVERIFY(select.step());
        QVERIFY(!select.step());
        // After its last row it starts again, seeing what was written since.
        insert.bind(1, 3);
        insert.run();
        insert.run(); // runs again with the same value
        int rows = 0;
        while (select.step())
            ++rows;
        QCOMPARE(rows, 4);
    };
    if (cached) {
        auto select = db.cached("SELECT n FROM numbers ORDER BY n");
        auto insert = db.cached("INSERT INTO numbers (n) VALUES (?1)");
        check(*select, *insert);
    } else {
        Statement select = db.prepare("SELECT n FROM numbers ORDER BY n");
        Statement insert = db.prepare("INSERT INTO numbers (n) VALUES (?1)");
        check(select, insert);
    }
    auto count = db.prepare("SELECT count(*) FROM numbers WHERE n = 3");
    QVERIFY(count.step());
    QCOMPARE(count.int64At(0), std::int64_t{2});
}

void TestPgDatabase::cachedStatementsArePreparedOnTheServer()
{
    Database db = open(QStringLiteral("team study"));
    PgConnection &pg = *db.postgres();
    const auto prepared = [&] { return pg.query("SELECT count(*) FROM pg_prepared_statements").integer(0, 0); };
    QCOMPARE(prepared(), std::int64_t{0});
    const auto find = [&](auto value) {
        auto s = db.cached("SELECT count(*) FROM numbers WHERE n = ?1 OR (?1 IS NULL AND n IS NULL)");
        s->bind(1, value);
        return s->step() ? s->int64At(0) : -1;
    };
    QCOMPARE(find(2), std::int64_t{1});
    QCOMPARE(find(3), std::int64_t{0});
    QCOMPARE(prepared(), std::int64_t{1}); // once, however often it runs
    // A NULL is bound without a type: the statement for it is prepared apart, as the server infers its type.
    QCOMPARE(find(nullptr), std::int64_t{0});
    QCOMPARE(prepared(), std::int64_t{2});
    QCOMPARE(find(1), std::int64_t{1});
    QCOMPARE(prepared(), std::int64_t{2});
    // A statement that is not cached is parsed on every run and leaves nothing on the server.
    auto once = db.prepare("SELECT count(*) FROM numbers WHERE n > ?1");
    once.bind(1, 0);
    QVERIFY(once.step());
    QCOMPARE(once.int64At(0), std::int64_t{2});
    QCOMPARE(prepared(), std::int64_t{2});

    // A new session after a reconnect has none of them; the cached statement prepares itself again.
    QVERIFY(pg.reset());
    QCOMPARE(prepared(), std::int64_t{0});
    QCOMPARE(find(2), std::int64_t{1});
    QCOMPARE(prepared(), std::int64_t{1});
}

QTEST_APPLESS_MAIN(TestPgDatabase)
#include "tst_pg_database.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Following a team study: commits are announced, bursts once, a steady stream every interval rather than
// never, a lost connection is made again and announced as a change, and a study file is followed by nothing.
#include "common/live_updates.h"
#include "store/pg_connection.h"

#include "pg_test_cluster.h"

#include <QSignalSpy>
#include <QTest>
#include <QTimer>

#include <memory>
#include <string>

using namespace concord;
using namespace concord::store;
using concord::test::PgTestCluster;
using concord::ui::LiveUpdates;

class TestLiveUpdates : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void studyFileFollowsNothing();
    void burstAnnouncedOnce();
    void steadyStreamAnnouncedAsItGoes();
    void lostConnectionComesBack();
    void stopHearsNothing();

private:
    // One rating committed by the lead's own connection.
    void commitRating(PgConnection &lead);

    std::unique_ptr<PgTestCluster> m_cluster;
    std::string m_uri;
    int m_value = 0;
};

void TestLiveUpdates::initTestCase()
{
    m_cluster = std::make_unique<PgTestCluster>();
    QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
    m_uri = m_cluster->createTeamStudy(QStringLiteral("live"));
    QVERIFY2(!m_uri.empty(), qPrintable(m_cluster->error()));
    PgConnection admin(m_uri);
    admin.script(R"sql(
        INSERT INTO documents (external_id, source) VALUES ('d1', 'An article.');
        INSERT INTO systems (name) VALUES ('A');
        INSERT INTO candidates (id, document_id, system_id, text) VALUES (1, 1, 1, 'A summary.');
        INSERT INTO dimensions (name, kind) VALUES ('coherence', 'likert');
        INSERT INTO raters (name, kind) VALUES ('ann', 'human');
    )sql");
}

void TestLiveUpdates::cleanupTestCase()
{
    m_cluster.reset();
}

void TestLiveUpdates::commitRating(PgConnection &lead)
{
    m_value = m_value % 5 + 1;
    lead.query("INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (1, 1, 1, $1) "
               "ON CONFLICT (rater_id, candidate_id, dimension_id) DO UPDATE SET value = excluded.value",
               {std::to_string(m_value)});
}

void TestLiveUpdates::studyFileFollowsNothing()
{
    LiveUpdates live;
    QSignalSpy listening(&live, &LiveUpdates::listeningChanged);
    live.follow(QStringLiteral("/tmp/study.concord"));
    live.follow(QString());
    QVERIFY(!live.isListening());
    QVERIFY(!listening.wait(500));
}

void TestLiveUpdates::burstAnnouncedOnce()
{
    LiveUpdates live;
    live.setCoalesceInterval(300);
    QSignalSpy listening(&live, &LiveUpdates::listeningChanged);
    QSignalSpy changed(&live, &LiveUpdates::changed);
    live.follow(QString::fromStdString(m_uri));
    QVERIFY(listening.wait(10000));
    QCOMPARE(listening.takeFirst().at(0).toBool(), true);
    QVERIFY(live.isListening());
    QCOMPARE(changed.count(), 0); // the first connection announces nothing: the views have just read
    PgConnection lead(m_uri);
    for (int i = 0; i < 5; ++i)
        commitRating(lead);
    QVERIFY(changed.wait(10000));
    QCOMPARE(changed.count(), 1);
    // Nothing more: the five commits were one burst.
    QVERIFY(!changed.wait(3 * live.coalesceInterval()));
    QCOMPARE(changed.count(), 1);
}

void TestLiveUpdates::steadyStreamAnnouncedAsItGoes()
{
    LiveUpdates live;
    live.setCoalesceInterval(300);
    QSignalSpy listening(&live, &LiveUpdates::listeningChanged);
    QSignalSpy changed(&live, &LiveUpdates::changed);
    live.follow(QString::fromStdString(m_uri));
    QVERIFY(listening.wait(10000));
    // A commit every 50 ms for three seconds: never a pause as long as the interval, yet the stream is
    // announced while it flows, not only once it stops.
    PgConnection lead(m_uri);
    int commits = 0;
    QTimer writer;
    writer.setInterval(50);
    connect(&writer, &QTimer::timeout, this, [&] {
        commitRating(lead);
        if (++commits == 60)
            writer.stop();
    });
    writer.start();
    QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 3 || !writer.isActive(), 20000);
    QVERIFY2(writer.isActive(), qPrintable(QStringLiteral("%1 announcements during the stream").arg(changed.count())));
    QTRY_VERIFY_WITH_TIMEOUT(!writer.isActive(), 20000);
}

void TestLiveUpdates::lostConnectionComesBack()
{
    LiveUpdates live;
    live.setCoalesceInterval(100);
    QSignalSpy listening(&live, &LiveUpdates::listeningChanged);
    QSignalSpy changed(&live, &LiveUpdates::changed);
    live.follow(QString::fromStdString(m_uri));
    QVERIFY(listening.wait(10000));
    listening.clear();
    // The server ends the listener's connection (an administrator, a restart, a dropped network).
    QCOMPARE(m_cluster->exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'live' AND "
                             "query LIKE 'LISTEN%'"),
             QString());
    QVERIFY(listening.wait(10000));
    QCOMPARE(listening.takeFirst().at(0).toBool(), false);
    QVERIFY(!live.isListening());
    // Tried again and connected: what was committed meanwhile was not heard, so coming back is a change.
    QTRY_VERIFY_WITH_TIMEOUT(live.isListening(), 20000);
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, 10000);
    PgConnection lead(m_uri);
    commitRating(lead);
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 2, 10000);
}

void TestLiveUpdates::stopHearsNothing()
{
    LiveUpdates live;
    live.setCoalesceInterval(100);
    QSignalSpy listening(&live, &LiveUpdates::listeningChanged);
    QSignalSpy changed(&live, &LiveUpdates::changed);
    live.follow(QString::fromStdString(m_uri));
    QVERIFY(listening.wait(10000));
    PgConnection lead(m_uri);
    commitRating(lead);
    live.stop();
    QVERIFY(!live.isListening());
    QCOMPARE(listening.last().at(0).toBool(), false);
    commitRating(lead);
    QVERIFY(!changed.wait(1000));
    QCOMPARE(changed.count(), 0);
}

QTEST_GUILESS_MAIN(TestLiveUpdates)
#include "tst_live_updates.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The window on a team study whose server goes away and comes back, against a real throwaway PostgreSQL
// cluster: an annotator's edit is on the server; with the server stopped an edit fails and the status bar
// says the study is offline, while the window keeps trying to connect again off the GUI thread; once the
// server is back it says so by itself, and the next edit is on the server.
#include "annotate/annotation_editor.h"
#include "common/study_session.h"
#include "small_study.h"
#include "window/main_window.h"
#include "window/team_status_indicator.h"

#include "pg_login.h"
#include "pg_test_cluster.h"
#include "store/pg_connection.h"
#include "store/pg_team.h"
#include "store/study_publisher.h"

#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using concord::test::PgLogin;
using concord::test::PgTestCluster;
using concord::test::SmallStudy;
using concord::ui::MainWindow;
using concord::ui::StudySession;
namespace store = concord::store;

class TestTeamConnectionLoss : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void editsReachTheServerAgainAfterItCameBack();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<PgTestCluster> m_cluster;
    std::string m_adminUri;
};

void TestTeamConnectionLoss::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("ConcordTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_team_connection_loss"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    qunsetenv("PGPASSWORD");
    qputenv("PGPASSFILE", m_dir.filePath(QStringLiteral("no-pgpass")).toLocal8Bit());

    m_cluster = std::make_unique<PgTestCluster>();
    QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
    m_adminUri = m_cluster->createDatabase(QStringLiteral("team"));
    QVERIFY2(!m_adminUri.empty(), qPrintable(m_cluster->error()));
    const QString file = m_dir.filePath(QStringLiteral("small.concord"));
    QCOMPARE(SmallStudy::create(file), QString());
    const auto published = store::StudyPublisher::publish(file.toStdString(), m_adminUri);
    QVERIFY2(published.ok(), published.ok() ? "" : published.error().describe().c_str());
    store::PgConnection admin(m_adminUri);
    store::PgTeam::addMember(admin, "ann", "expert", store::TeamRole::Annotator);
    QCOMPARE(m_cluster->exec("ALTER ROLE ann PASSWORD 'ann-pw'"), QString());
}

void TestTeamConnectionLoss::cleanupTestCase()
{
    m_cluster.reset();
}

void TestTeamConnectionLoss::editsReachTheServerAgainAfterItCameBack()
{
    // The first summary of the first document and a Likert dimension, as the study lead sees them.
    PgLogin lead(m_adminUri);
    QVERIFY2(lead.connected(), qPrintable(lead.connectionError()));
    const qint64 candidate = lead.run("SELECT min(id) FROM candidates").toLongLong();
    const qint64 document = lead.run("SELECT document_id FROM candidates ORDER BY id LIMIT 1").toLongLong();
    const qint64 dimension = lead.run("SELECT min(id) FROM dimensions WHERE kind = 'likert'").toLongLong();
    QVERIFY(candidate > 0 && document > 0 && dimension > 0);
    const std::string rating = "SELECT r.value FROM ratings r JOIN raters p ON p.id = r.rater_id WHERE p.name = 'ann' "
                               "AND r.candidate_id = "
                               + std::to_string(candidate) + " AND r.dimension_id = " + std::to_string(dimension);

    MainWindow window;
    window.show();
    const QString uri = QString::fromStdString(
        m_cluster->tcpUri(QStringLiteral("ann"), QStringLiteral("ann-pw"), QStringLiteral("team")));
    const auto opened = window.openStudy(uri);
    QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
    QVERIFY(window.setAnnotator(QStringLiteral("ann")).ok());
    auto *indicator = window.teamStatusIndicator();
    QTRY_VERIFY(indicator->isVisible());
    QCOMPARE(indicator->text(), QStringLiteral("Server connected"));

    QVERIFY(window.annotationEditor()->setRating(document, candidate, dimension, 3).ok());
    QCOMPARE(PgLogin(m_adminUri).run(rating), QStringLiteral("3"));

    // The server goes down: the edit fails, the window says so and keeps trying.
    QSignalSpy reconnected(window.session(), &StudySession::reconnected);
    QVERIFY2(m_cluster->stop(), qPrintable(m_cluster->error()));
    QVERIFY(!window.annotationEditor()->setRating(document, candidate, dimension, 4).ok());
    QCOMPARE(window.session()->teamStatus().server, StudySession::Server::Reconnecting);
    QCOMPARE(indicator->text(), QStringLiteral("Offline"));
    QVERIFY(indicator->toolTip().contains(QStringLiteral("Concord keeps trying")));
    QCOMPARE(reconnected.count(), 0);

    // Back: the window finds it by itself, and the next edit is on the server.
    QVERIFY2(m_cluster->start(), qPrintable(m_cluster->error()));
    QVERIFY(reconnected.wait(4 * StudySession::maxReconnectDelayMs));
    QCOMPARE(window.session()->teamStatus().server, StudySession::Server::Connected);
    QCOMPARE(indicator->text(), QStringLiteral("Server connected"));
    QVERIFY(window.annotationEditor()->setRating(document, candidate, dimension, 5).ok());
    QCOMPARE(PgLogin(m_adminUri).run(rating), QStringLiteral("5"));
}

QTEST_MAIN(TestTeamConnectionLoss)
#include "tst_team_connection_loss.moc"

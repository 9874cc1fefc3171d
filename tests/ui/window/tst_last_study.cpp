// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// What `concord` without a study opens (LastStudy, as app/gui/main.cpp uses it): the first entry of Open Recent
// when it still opens, a study file or a team study whose password libpq finds as Open Recent's does (there as
// its annotator's login, annotating); a team study that needs a password nobody gave is left for Open Team
// Study, keeping its place in Open Recent; a file that no longer opens, or none at all, gives the demo study.
// The settings, the demo study and the journal live in the test's own folder.
#include "annotate/annotation_editor.h"
#include "common/app_settings.h"
#include "common/demo_study_file.h"
#include "common/study_session.h"
#include "small_study.h"
#include "window/last_study.h"
#include "window/main_window.h"
#include "window/team_study_dialog.h"

#include "pg_test_cluster.h"
#include "store/connection_uri.h"
#include "store/pg_connection.h"
#include "store/pg_team.h"
#include "store/study_publisher.h"

#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using concord::test::PgTestCluster;
using concord::test::SmallStudy;
using concord::ui::AppSettings;
using concord::ui::DemoStudyFile;
using concord::ui::LastStudy;
using concord::ui::MainWindow;
namespace store = concord::store;

class TestLastStudy : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void theFirstTimeTheDemoStudy();
    void theStudyOpenedLast();
    void aFileGoneGivesTheOneBefore();
    void aFileThatNoLongerOpensGivesTheDemo();
    void aTeamStudyWithItsPasswordInPgpass();
    void aTeamStudyWithoutAPasswordIsLeftToAsk();

private:
    QString study(const QString &name);

    QTemporaryDir m_dir;
    std::unique_ptr<PgTestCluster> m_cluster;
    QString m_teamUri; // ann's, without a password
};

void TestLastStudy::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("ConcordTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_last_study"));
    // The demo study (AppDataLocation), the settings and the journal (AppConfigLocation) in the test's folder.
    qputenv("XDG_DATA_HOME", m_dir.filePath(QStringLiteral("data")).toLocal8Bit());
    qputenv("XDG_CONFIG_HOME", m_dir.filePath(QStringLiteral("config")).toLocal8Bit());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QVERIFY(DemoStudyFile::defaultPath().startsWith(m_dir.path()));
    qunsetenv("PGPASSWORD");
    qputenv("PGPASSFILE", m_dir.filePath(QStringLiteral("pgpass")).toLocal8Bit());

    m_cluster = std::make_unique<PgTestCluster>();
    QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
    const std::string admin = m_cluster->createDatabase(QStringLiteral("team"));
    QVERIFY2(!admin.empty(), qPrintable(m_cluster->error()));
    const QString file = study(QStringLiteral("published.concord"));
    const auto published = store::StudyPublisher::publish(file.toStdString(), admin);
    QVERIFY2(published.ok(), published.ok() ? "" : published.error().describe().c_str());
    store::PgConnection connection(admin);
    store::PgTeam::addMember(connection, "ann", "expert", store::TeamRole::Annotator);
    QCOMPARE(m_cluster->exec("ALTER ROLE ann PASSWORD 'ann-pw'"), QString());
    m_teamUri = QString::fromStdString(store::withoutPassword(
        m_cluster->tcpUri(QStringLiteral("ann"), QStringLiteral("ann-pw"), QStringLiteral("team"))));
}

void TestLastStudy::cleanupTestCase()
{
    m_cluster.reset();
}

void TestLastStudy::init()
{
    QSettings().clear();
    QFile::remove(qEnvironmentVariable("PGPASSFILE"));
}

QString TestLastStudy::study(const QString &name)
{
    const QString path = m_dir.filePath(name);
    QFile::remove(path);
    const QString error = SmallStudy::create(path);
    return error.isEmpty() ? path : QString();
}

void TestLastStudy::theFirstTimeTheDemoStudy()
{
    QCOMPARE(LastStudy::candidate(), QString());
    MainWindow window;
    const LastStudy::Outcome outcome = LastStudy::open(window);
    QCOMPARE(outcome.error, QString());
    QCOMPARE(outcome.note, QString());
    QCOMPARE(outcome.opened, DemoStudyFile::defaultPath());
    QCOMPARE(window.session()->path(), DemoStudyFile::defaultPath());
}

void TestLastStudy::theStudyOpenedLast()
{
    const QString older = study(QStringLiteral("older.concord"));
    const QString last = study(QStringLiteral("last.concord"));
    QVERIFY(!older.isEmpty() && !last.isEmpty());
    {
        MainWindow before;
        QVERIFY(before.openStudy(older).ok());
        QVERIFY(before.openStudy(last).ok());
    }
    QCOMPARE(LastStudy::candidate(), QFileInfo(last).absoluteFilePath());
    MainWindow window;
    const LastStudy::Outcome outcome = LastStudy::open(window);
    QCOMPARE(outcome.opened, QFileInfo(last).absoluteFilePath());
    QCOMPARE(outcome.note, QString());
    QVERIFY(window.session()->isOpen());
    QCOMPARE(QFileInfo(window.session()->path()).absoluteFilePath(), QFileInfo(last).absoluteFilePath());
}

void TestLastStudy::aFileGoneGivesTheOneBefore()
{
    const QString older = study(QStringLiteral("older.concord"));
    const QString gone = study(QStringLiteral("gone.concord"));
    {
        MainWindow before;
        QVERIFY(before.openStudy(older).ok());
        QVERIFY(before.openStudy(gone).ok());
    }
    QVERIFY(QFile::remove(gone));
    MainWindow window;
    const LastStudy::Outcome outcome = LastStudy::open(window);
    QCOMPARE(outcome.opened, QFileInfo(older).absoluteFilePath());
    QCOMPARE(outcome.note, QString());
}

void TestLastStudy::aFileThatNoLongerOpensGivesTheDemo()
{
    const QString broken = study(QStringLiteral("broken.concord"));
    {
        MainWindow before;
        QVERIFY(before.openStudy(broken).ok());
    }
    // Not a study any more: it still exists, so Open Recent keeps it.
    QFile file(broken);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("not a study at all, just text that is long enough to be no SQLite header\n");
    file.close();
    MainWindow window;
    const LastStudy::Outcome outcome = LastStudy::open(window);
    QCOMPARE(outcome.opened, DemoStudyFile::defaultPath());
    QVERIFY2(outcome.note.startsWith(QStringLiteral("The last study, broken.concord, did not open (")),
             qPrintable(outcome.note));
    QVERIFY2(outcome.note.endsWith(QStringLiteral("): the demo study is open instead.")), qPrintable(outcome.note));
    QCOMPARE(outcome.ask, QString());
}

void TestLastStudy::aTeamStudyWithItsPasswordInPgpass()
{
    const QString file = study(QStringLiteral("before.concord"));
    {
        MainWindow before;
        QVERIFY(before.openStudy(file).ok());
        const auto opened = before.openStudy(QString::fromStdString(
            m_cluster->tcpUri(QStringLiteral("ann"), QStringLiteral("ann-pw"), QStringLiteral("team"))));
        QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
    }
    // Kept without its password; libpq finds it in the password file, as for Open Recent.
    QCOMPARE(LastStudy::candidate(), m_teamUri);
    QFile pgpass(qEnvironmentVariable("PGPASSFILE"));
    QVERIFY(pgpass.open(QIODevice::WriteOnly));
    pgpass.write(QStringLiteral("127.0.0.1:%1:team:ann:ann-pw\n").arg(m_cluster->port()).toUtf8());
    pgpass.close();
    QVERIFY(pgpass.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    MainWindow window;
    const LastStudy::Outcome outcome = LastStudy::open(window);
    QCOMPARE(outcome.opened, m_teamUri);
    QCOMPARE(outcome.note, QString());
    QVERIFY(window.session()->isShared());
    // There as ann, annotating.
    QCOMPARE(window.annotationEditor()->annotatorName(), QStringLiteral("ann"));
}

void TestLastStudy::aTeamStudyWithoutAPasswordIsLeftToAsk()
{
    const QString file = study(QStringLiteral("before.concord"));
    {
        MainWindow before;
        QVERIFY(before.openStudy(file).ok());
        QVERIFY(before
                    .openStudy(QString::fromStdString(
                        m_cluster->tcpUri(QStringLiteral("ann"), QStringLiteral("ann-pw"), QStringLiteral("team"))))
                    .ok());
    }
    MainWindow window;
    const LastStudy::Outcome outcome = LastStudy::open(window);
    QCOMPARE(outcome.ask, m_teamUri);
    QCOMPARE(outcome.opened, QString());
    QCOMPARE(outcome.error, QString());
    QVERIFY2(outcome.note.startsWith(QStringLiteral("The team study %1 did not open without asking: ").arg(m_teamUri)),
             qPrintable(outcome.note));
    QVERIFY2(outcome.note.contains(QStringLiteral("no password supplied")), qPrintable(outcome.note));
    QVERIFY(!outcome.note.contains(QStringLiteral("ann-pw")));
    QVERIFY(!window.session()->isOpen());
    // Still first for the next start.
    QCOMPARE(LastStudy::candidate(), m_teamUri);
    // The window asks with Open Team Study, its connection filled in.
    window.openTeamStudyDialog(outcome.ask);
    auto *dialog = window.findChild<concord::ui::TeamStudyDialog *>();
    QVERIFY(dialog);
    QCOMPARE(dialog->connection(), m_teamUri);
}

QTEST_MAIN(TestLastStudy)
#include "tst_last_study.moc"

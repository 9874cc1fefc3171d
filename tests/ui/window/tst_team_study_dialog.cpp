// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// File > Open Team Study… against a real throwaway PostgreSQL cluster: Test Connection names who is connected
// to which study in one line, or the server's reason, and never the password typed into the connection
// string; the try runs off the GUI thread (a server that never answers leaves the window responsive); Open
// opens the study through the window, whose title, status bar and Recent show it without the password, and
// Open Recent reopens it with the password from ~/.pgpass.
#include "annotate/annotation_editor.h"
#include "common/app_settings.h"
#include "common/study_session.h"
#include "window/main_window.h"
#include "window/team_status_indicator.h"
#include "window/team_study_dialog.h"

#include "pg_test_cluster.h"
#include "store/connection_uri.h"
#include "store/pg_connection.h"
#include "store/pg_team.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <memory>

using concord::Status;
using concord::test::PgTestCluster;
using concord::ui::AppSettings;
using concord::ui::MainWindow;
using concord::ui::TeamStudyDialog;
namespace store = concord::store;

namespace {

const QString kDatabase = QStringLiteral("team");
const QString kPassword = QStringLiteral("ann-s3cret-pw");
const QString kLeadPassword = QStringLiteral("lea-s3cret-pw");

// Types text into the dialog's connection field as a person would.
void typeConnection(TeamStudyDialog &dialog, const QString &text)
{
    auto *field = dialog.findChild<QLineEdit *>(QStringLiteral("teamConnection"));
    QVERIFY(field);
    field->clear();
    QTest::keyClicks(field, text);
    QCOMPARE(dialog.connection(), text);
}

QPushButton *testButton(TeamStudyDialog &dialog)
{
    return dialog.findChild<QPushButton *>(QStringLiteral("testConnectionButton"));
}

// A TCP port on 127.0.0.1 that takes connections (the kernel completes them from the backlog) and never
// answers: libpq waits there for the server's first word until its connect_timeout.
class SilentServer {
public:
    SilentServer()
        : m_fd(::socket(AF_INET, SOCK_STREAM, 0))
    {
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof address;
        if (m_fd < 0 || ::bind(m_fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0
            || ::listen(m_fd, 4) != 0 || ::getsockname(m_fd, reinterpret_cast<sockaddr *>(&address), &length) != 0)
            return;
        m_port = ntohs(address.sin_port);
    }
    ~SilentServer()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    SilentServer(const SilentServer &) = delete;
    SilentServer &operator=(const SilentServer &) = delete;
    int port() const { return m_port; }

private:
    int m_fd;
    int m_port = 0;
};

QPushButton *openButton(TeamStudyDialog &dialog)
{
    auto *buttons = dialog.findChild<QDialogButtonBox *>();
    return buttons ? buttons->button(QDialogButtonBox::Open) : nullptr;
}

} // namespace

class TestTeamStudyDialog : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void testConnectionSaysWhoIsConnected_data();
    void testConnectionSaysWhoIsConnected();
    void aWrongPasswordIsRefusedWithoutShowingIt();
    void aDatabaseWithoutAStudyIsNamed();
    void onlyAConnectionStringCanBeTried_data();
    void onlyAConnectionStringCanBeTried();
    void aServerThatNeverAnswersLeavesTheWindowResponsive();
    void openKeepsThePasswordOutOfTheWindow();

private:
    QString annotatorUri(const QString &password = kPassword) const;

    QTemporaryDir m_dir;
    std::unique_ptr<PgTestCluster> m_cluster;
};

void TestTeamStudyDialog::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // Keep the recent-files list of the person running the tests out of it.
    QCoreApplication::setOrganizationName(QStringLiteral("ConcordTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_team_study_dialog"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    // The test's own passwords only: nothing from the environment of the person running it.
    qunsetenv("PGPASSWORD");
    qputenv("PGPASSFILE", m_dir.filePath(QStringLiteral("no-pgpass")).toLocal8Bit());

    m_cluster = std::make_unique<PgTestCluster>();
    QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
    const std::string uri = m_cluster->createTeamStudy(kDatabase);
    QVERIFY2(!uri.empty(), qPrintable(m_cluster->error()));
    store::PgConnection admin(uri);
    store::PgTeam::addMember(admin, "ann", "expert", store::TeamRole::Annotator);
    store::PgTeam::addMember(admin, "lea", "", store::TeamRole::Lead);
    QCOMPARE(m_cluster->exec("ALTER ROLE ann PASSWORD '" + kPassword.toStdString() + "'"), QString());
    QCOMPARE(m_cluster->exec("ALTER ROLE lea PASSWORD '" + kLeadPassword.toStdString() + "'"), QString());
}

void TestTeamStudyDialog::cleanupTestCase()
{
    m_cluster.reset();
}

void TestTeamStudyDialog::init()
{
    QSettings().clear();
}

QString TestTeamStudyDialog::annotatorUri(const QString &password) const
{
    return QString::fromStdString(m_cluster->tcpUri(QStringLiteral("ann"), password, kDatabase));
}

void TestTeamStudyDialog::testConnectionSaysWhoIsConnected_data()
{
    QTest::addColumn<QString>("user");
    QTest::addColumn<QString>("password");
    QTest::addColumn<QString>("expected");
    QTest::newRow("annotator") << QStringLiteral("ann") << kPassword
                               << QStringLiteral("Connected as ann (annotator) to the team study team.");
    QTest::newRow("lead") << QStringLiteral("lea") << kLeadPassword
                          << QStringLiteral("Connected as lea (study lead) to the team study team.");
}

void TestTeamStudyDialog::testConnectionSaysWhoIsConnected()
{
    QFETCH(QString, user);
    QFETCH(QString, password);
    QFETCH(QString, expected);
    int opened = 0;
    TeamStudyDialog dialog([&opened](const QString &) {
        ++opened;
        return Status{};
    });
    dialog.show();
    QVERIFY(!testButton(dialog)->isEnabled());
    typeConnection(dialog, QString::fromStdString(m_cluster->tcpUri(user, password, kDatabase)));
    QVERIFY(testButton(dialog)->isEnabled());
    QSignalSpy tried(&dialog, &TeamStudyDialog::tried);
    QTest::mouseClick(testButton(dialog), Qt::LeftButton);
    // While it connects, it says where to, without the password, and nothing can be tried twice.
    QVERIFY(dialog.isTrying());
    QVERIFY2(dialog.outcome().startsWith(QStringLiteral("Connecting to postgresql://%1@").arg(user)),
             qPrintable(dialog.outcome()));
    QVERIFY(!testButton(dialog)->isEnabled());
    QVERIFY(!openButton(dialog)->isEnabled());
    QVERIFY(tried.wait(30000));
    QCOMPARE(tried.constFirst().constFirst().toBool(), true);
    QVERIFY(dialog.outcomeOk());
    QCOMPARE(dialog.outcome(), expected);
    QVERIFY(testButton(dialog)->isEnabled());
    // Testing is not opening.
    QCOMPARE(opened, 0);
    QVERIFY(dialog.isVisible());
}

void TestTeamStudyDialog::aWrongPasswordIsRefusedWithoutShowingIt()
{
    TeamStudyDialog dialog({});
    dialog.show();
    const QString wrong = QStringLiteral("wr0ng-pa55word");
    typeConnection(dialog, annotatorUri(wrong));
    QSignalSpy tried(&dialog, &TeamStudyDialog::tried);
    QTest::mouseClick(testButton(dialog), Qt::LeftButton);
    QVERIFY(tried.wait(30000));
    QCOMPARE(tried.constFirst().constFirst().toBool(), false);
    QVERIFY(!dialog.outcomeOk());
    const QString line = dialog.outcome();
    // The server's reason, on one line, naming the connection without its password.
    QVERIFY2(line.contains(QStringLiteral("password authentication failed for user \"ann\"")), qPrintable(line));
    QVERIFY2(line.contains(QStringLiteral("postgresql://ann@127.0.0.1:")), qPrintable(line));
    QVERIFY2(!line.contains(QLatin1Char('\n')), qPrintable(line));
    QVERIFY2(!line.contains(wrong), qPrintable(line));
    auto *error = dialog.findChild<QLabel *>(QStringLiteral("connectionError"));
    QVERIFY(error && error->isVisible());
    QCOMPARE(error->text(), line);
}

void TestTeamStudyDialog::aDatabaseWithoutAStudyIsNamed()
{
    TeamStudyDialog dialog({});
    dialog.show();
    typeConnection(dialog, QString::fromStdString(m_cluster->uri(QStringLiteral("postgres"))));
    QSignalSpy tried(&dialog, &TeamStudyDialog::tried);
    QTest::mouseClick(testButton(dialog), Qt::LeftButton);
    QVERIFY(tried.wait(30000));
    QVERIFY(!dialog.outcomeOk());
    QVERIFY2(dialog.outcome().contains(QStringLiteral("the database postgres holds no Concord study")),
             qPrintable(dialog.outcome()));
}

void TestTeamStudyDialog::onlyAConnectionStringCanBeTried_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("usable");
    QTest::newRow("uri") << QStringLiteral("postgresql://annotator7@lab-db.example/concord_summeval") << true;
    QTest::newRow("keywords") << QStringLiteral("host=lab-db.example dbname=concord_summeval") << true;
    QTest::newRow("a study file") << QStringLiteral("summeval.concord") << false;
    QTest::newRow("a mistyped scheme") << QStringLiteral("postgresq://ann:secret@db/study") << false;
}

void TestTeamStudyDialog::onlyAConnectionStringCanBeTried()
{
    QFETCH(QString, text);
    QFETCH(bool, usable);
    TeamStudyDialog dialog({});
    dialog.show();
    typeConnection(dialog, text);
    QCOMPARE(testButton(dialog)->isEnabled(), usable);
    QCOMPARE(openButton(dialog)->isEnabled(), usable);
    if (!usable) {
        // Says what it takes, and never repeats what was typed (a mistyped one may hold a password).
        QVERIFY2(dialog.outcome().startsWith(QStringLiteral("Enter a URI")), qPrintable(dialog.outcome()));
        QVERIFY(!dialog.outcome().contains(text));
    }
}

void TestTeamStudyDialog::aServerThatNeverAnswersLeavesTheWindowResponsive()
{
    SilentServer silent;
    QVERIFY(silent.port() > 0);
    TeamStudyDialog dialog({});
    dialog.show();
    typeConnection(
        dialog,
        QStringLiteral("postgresql://ann:%1@127.0.0.1:%2/team?connect_timeout=3").arg(kPassword).arg(silent.port()));
    QSignalSpy tried(&dialog, &TeamStudyDialog::tried);
    QTimer ticker;
    QSignalSpy ticks(&ticker, &QTimer::timeout);
    ticker.start(20);
    QTest::mouseClick(testButton(dialog), Qt::LeftButton);
    // The GUI thread goes on with its events while the worker waits for the server.
    QTRY_VERIFY_WITH_TIMEOUT(ticks.count() >= 5, 2000);
    QVERIFY(dialog.isTrying());
    QCOMPARE(tried.count(), 0);
    QVERIFY(tried.wait(30000));
    QVERIFY(!dialog.outcomeOk());
    QVERIFY2(dialog.outcome().contains(QStringLiteral("cannot connect to PostgreSQL at postgresql://ann@127.0.0.1:")),
             qPrintable(dialog.outcome()));
    QVERIFY(!dialog.outcome().contains(kPassword));
}

void TestTeamStudyDialog::openKeepsThePasswordOutOfTheWindow()
{
    const QString withPassword = annotatorUri();
    const QString withoutPassword = QString::fromStdString(store::withoutPassword(withPassword.toStdString()));
    QVERIFY(!withoutPassword.contains(kPassword));
    {
        MainWindow window;
        window.show();
        QAction *action = window.findChild<QAction *>(QStringLiteral("openTeamStudyAction"));
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
        action->trigger();
        QPointer<TeamStudyDialog> dialog = window.findChild<TeamStudyDialog *>();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        typeConnection(*dialog, withPassword);
        QSignalSpy tried(dialog.data(), &TeamStudyDialog::tried);
        QTest::mouseClick(openButton(*dialog), Qt::LeftButton);
        QVERIFY(tried.wait(30000));
        QCOMPARE(tried.constFirst().constFirst().toBool(), true);
        // The dialog is done (and deletes itself); the study is open with the password it was given.
        QTRY_VERIFY(!dialog);
        QVERIFY(window.session()->isOpen());
        QVERIFY(window.session()->isShared());
        QCOMPARE(window.session()->path(), withPassword);
        QCOMPARE(window.session()->displayName(), withoutPassword);
        QCOMPARE(window.windowTitle(), withoutPassword + QStringLiteral(" — Concord"));
        // ann is an annotator: her login is who annotates, at once.
        QCOMPARE(window.annotationEditor()->annotatorName(), QStringLiteral("ann"));
        QCOMPARE(window.session()->teamStatus(),
                 (concord::ui::StudySession::TeamStatus{concord::ui::StudySession::Server::Connected, 0}));
        QTRY_VERIFY(window.teamStatusIndicator()->isVisible());
        QCOMPARE(window.teamStatusIndicator()->text(), QStringLiteral("Server connected"));
        QVERIFY(window.teamStatusIndicator()->toolTip().contains(withoutPassword));
    }
    QCOMPARE(AppSettings().recentStudies(), QStringList{withoutPassword});
    QSettings().sync();
    QFile settings(QSettings().fileName());
    QVERIFY(settings.open(QIODevice::ReadOnly));
    QVERIFY2(!settings.readAll().contains(kPassword.toUtf8()), "the settings file holds the password");

    // Open Recent reopens it from there; libpq finds the password in ~/.pgpass (here PGPASSFILE).
    QFile pgpass(qEnvironmentVariable("PGPASSFILE"));
    QVERIFY(pgpass.open(QIODevice::WriteOnly));
    pgpass.write(QStringLiteral("127.0.0.1:%1:%2:ann:%3\n").arg(m_cluster->port()).arg(kDatabase, kPassword).toUtf8());
    pgpass.close();
    QVERIFY(pgpass.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    MainWindow window;
    QMenu *recent = nullptr;
    for (QMenu *menu : window.menuBar()->findChildren<QMenu *>()) {
        if (menu->title().contains(QStringLiteral("Recent")))
            recent = menu;
    }
    QVERIFY(recent);
    QAction *entry = nullptr;
    for (QAction *action : recent->actions()) {
        if (action->toolTip() == withoutPassword)
            entry = action;
    }
    QVERIFY(entry);
    QVERIFY2(entry->text().contains(withoutPassword), qPrintable(entry->text()));
    entry->trigger();
    QVERIFY(window.session()->isOpen());
    QCOMPARE(window.session()->path(), withoutPassword);
    QCOMPARE(window.windowTitle(), withoutPassword + QStringLiteral(" — Concord"));
    QCOMPARE(window.annotationEditor()->annotatorName(), QStringLiteral("ann"));
    QVERIFY(QFile::remove(pgpass.fileName()));
}

QTEST_MAIN(TestTeamStudyDialog)
#include "tst_team_study_dialog.moc"

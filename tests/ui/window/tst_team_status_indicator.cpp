// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The status bar's team study indicator: each server state and count of unsent edits in words, for the
// eye, the tooltip and a screen reader; a lost connection in the error colour of the light and the dark
// palette; nothing at all for a study file, in the window's status bar.
#include "common/colour_scheme.h"
#include "common/contrast.h"
#include "common/palette_colours.h"
#include "common/study_session.h"
#include "small_study.h"
#include "window/main_window.h"
#include "window/team_status_indicator.h"

#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

using concord::test::SmallStudy;
using concord::ui::ColourScheme;
using concord::ui::Contrast;
using concord::ui::MainWindow;
using concord::ui::PaletteColours;
using concord::ui::StudySession;
using concord::ui::TeamStatusIndicator;
using Server = StudySession::Server;

Q_DECLARE_METATYPE(StudySession::Server)
Q_DECLARE_METATYPE(concord::ui::ColourScheme::Scheme)

namespace {

const QString kServer = QStringLiteral("postgresql://annotator7@lab-db.example/concord_summeval");

} // namespace

class TestTeamStatusIndicator : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void saysEachState_data();
    void saysEachState();
    void aStudyFileShowsNoServer();
    void lostConnectionStandsOutInLightAndDark_data();
    void lostConnectionStandsOutInLightAndDark();
    void backToConnectedTakesTheWindowsColour();
    void sitsInTheWindowsStatusBar();

private:
    QTemporaryDir m_dir;
};

void TestTeamStatusIndicator::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("ConcordTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_team_status_indicator"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
}

void TestTeamStatusIndicator::saysEachState_data()
{
    QTest::addColumn<Server>("server");
    QTest::addColumn<int>("pending");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("meaning"); // part of the tooltip
    QTest::newRow("connected") << Server::Connected << 0 << QStringLiteral("Server connected")
                               << QStringLiteral("every edit is saved on the server");
    QTest::newRow("connected, sending what waited")
        << Server::Connected << 2 << QStringLiteral("Server connected · Unsent: 2")
        << QStringLiteral("the edits made while the connection was lost are being sent");
    QTest::newRow("lost, nothing waiting")
        << Server::Reconnecting << 0 << QStringLiteral("Offline") << QStringLiteral("was lost; Concord keeps trying");
    QTest::newRow("lost, three waiting") << Server::Reconnecting << 3 << QStringLiteral("Offline · Unsent: 3")
                                         << QStringLiteral("kept on this computer");
    QTest::newRow("many waiting, in the locale's digits")
        << Server::Reconnecting << 1234 << QStringLiteral("Offline · Unsent: 1,234")
        << QStringLiteral("sent when the server is back");
    QTest::newRow("read only") << Server::ReadOnly << 0 << QStringLiteral("Server read only")
                               << QStringLiteral("cannot be changed from here");
}

void TestTeamStatusIndicator::saysEachState()
{
    QFETCH(Server, server);
    QFETCH(int, pending);
    QFETCH(QString, text);
    QFETCH(QString, meaning);
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    QWidget window;
    auto *indicator = new TeamStatusIndicator(&window);
    window.show();
    QVERIFY(!indicator->isVisible());
    indicator->setStatus({server, pending}, kServer);
    QVERIFY(indicator->isVisible());
    QCOMPARE(indicator->text(), text);
    QVERIFY2(indicator->toolTip().contains(kServer), qPrintable(indicator->toolTip()));
    QVERIFY2(indicator->toolTip().contains(meaning), qPrintable(indicator->toolTip()));
    QCOMPARE(indicator->accessibleName(), QStringLiteral("Team study server"));
    // A screen reader hears the state and what it means, as the eye sees them.
    QVERIFY(indicator->accessibleDescription().startsWith(text));
    QVERIFY(indicator->accessibleDescription().contains(meaning));
    QCOMPARE(indicator->status(), (StudySession::TeamStatus{server, pending}));

    // Back to a study file: nothing is said.
    indicator->setStatus({}, {});
    QVERIFY(!indicator->isVisible());
    QVERIFY(indicator->toolTip().isEmpty());
    QVERIFY(indicator->accessibleDescription().isEmpty());
}

void TestTeamStatusIndicator::aStudyFileShowsNoServer()
{
    const QString path = m_dir.filePath(QStringLiteral("small.concord"));
    QCOMPARE(SmallStudy::create(path), QString());
    StudySession session;
    QWidget window;
    auto *indicator = new TeamStatusIndicator(&window);
    indicator->follow(&session);
    window.show();
    QSignalSpy state(&session, &StudySession::connectionStateChanged);
    QSignalSpy pending(&session, &StudySession::pendingEditsChanged);
    QVERIFY(session.open(path).ok());
    QVERIFY(!session.isShared());
    QCOMPARE(session.displayName(), session.path());
    QCOMPARE(session.teamStatus(), StudySession::TeamStatus{});
    QVERIFY(!indicator->isVisible());
    // A study file has no server: what a sender would report is ignored.
    session.setTeamStatus({Server::Reconnecting, 3});
    QCOMPARE(session.teamStatus(), StudySession::TeamStatus{});
    QVERIFY(!indicator->isVisible());
    QCOMPARE(state.count(), 0);
    QCOMPARE(pending.count(), 0);
}

void TestTeamStatusIndicator::lostConnectionStandsOutInLightAndDark_data()
{
    QTest::addColumn<ColourScheme::Scheme>("scheme");
    QTest::newRow("light") << ColourScheme::Scheme::Light;
    QTest::newRow("dark") << ColourScheme::Scheme::Dark;
}

void TestTeamStatusIndicator::lostConnectionStandsOutInLightAndDark()
{
    QFETCH(ColourScheme::Scheme, scheme);
    QWidget window;
    auto *indicator = new TeamStatusIndicator(&window);
    indicator->setStatus({Server::Reconnecting, 1}, kServer);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // Applied while shown: the indicator follows the palette change.
    ColourScheme::apply(scheme);
    const QPalette palette = indicator->palette();
    const QColor text = palette.color(QPalette::WindowText);
    QTRY_COMPARE(indicator->palette().color(QPalette::WindowText), PaletteColours::errorText(window.palette()));
    QVERIFY2(Contrast::ratio(text, window.palette().color(QPalette::Window)) >= Contrast::text,
             qPrintable(text.name()));
    QCOMPARE(Contrast::isDark(window.palette()), scheme == ColourScheme::Scheme::Dark);
    ColourScheme::apply(ColourScheme::Scheme::System);
}

void TestTeamStatusIndicator::backToConnectedTakesTheWindowsColour()
{
    QWidget window;
    auto *indicator = new TeamStatusIndicator(&window);
    window.show();
    indicator->setStatus({Server::Reconnecting, 1}, kServer);
    QCOMPARE(indicator->palette().color(QPalette::WindowText), PaletteColours::errorText(window.palette()));
    indicator->setStatus({Server::Connected, 0}, kServer);
    QCOMPARE(indicator->palette().color(QPalette::WindowText), window.palette().color(QPalette::WindowText));
}

void TestTeamStatusIndicator::sitsInTheWindowsStatusBar()
{
    MainWindow window;
    TeamStatusIndicator *indicator = window.teamStatusIndicator();
    QVERIFY(indicator);
    QCOMPARE(indicator->parentWidget(), window.statusBar());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(!indicator->isVisible());
}

QTEST_MAIN(TestTeamStatusIndicator)
#include "tst_team_status_indicator.moc"

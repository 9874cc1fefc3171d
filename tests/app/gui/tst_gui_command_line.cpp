// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// `concord` on a machine without a display: --help and --version answer, --screenshot renders offscreen,
// and opening the window says what to do instead of aborting inside Qt's platform plugin.
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class TestGuiCommandLine : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void answersWithoutADisplay_data();
    void answersWithoutADisplay();
    void screenshotNeedsNoDisplay();
    void windowWithoutADisplaySaysWhatToDo();

private:
    struct Run {
        int exitCode = -1;
        QString standardOutput;
        QString standardError;
    };
    Run run(const QStringList &arguments);

    QTemporaryDir m_dir;
    QString m_concord;
};

void TestGuiCommandLine::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_concord = qEnvironmentVariable("CONCORD_GUI");
    QVERIFY2(QFileInfo(m_concord).isExecutable(), "CONCORD_GUI names the built concord executable");
}

TestGuiCommandLine::Run TestGuiCommandLine::run(const QStringList &arguments)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // A server or container: no X11, no Wayland, no platform chosen.
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("data")));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_dir.path());
    QProcess process;
    process.setProcessEnvironment(env);
    process.start(m_concord, arguments);
    Run result;
    if (!process.waitForFinished(120000)) {
        process.kill();
        process.waitForFinished();
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    result.standardOutput = QString::fromUtf8(process.readAllStandardOutput());
    result.standardError = QString::fromUtf8(process.readAllStandardError());
    return result;
}

void TestGuiCommandLine::answersWithoutADisplay_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("expected");
    QTest::newRow("--help") << QStringList{QStringLiteral("--help")} << QStringLiteral("--screenshot <FILE>");
    QTest::newRow("-h") << QStringList{QStringLiteral("-h")} << QStringLiteral("[STUDY]");
    QTest::newRow("--version") << QStringList{QStringLiteral("--version")}
                               << QStringLiteral("Concord %1").arg(QStringLiteral(CONCORD_VERSION));
    QTest::newRow("-v") << QStringList{QStringLiteral("-v")}
                        << QStringLiteral("Concord %1").arg(QStringLiteral(CONCORD_VERSION));
}

void TestGuiCommandLine::answersWithoutADisplay()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, expected);
    const Run result = run(arguments);
    QVERIFY2(result.exitCode == 0, qPrintable(result.standardError));
    QVERIFY2(result.standardOutput.contains(expected), qPrintable(result.standardOutput));
    QVERIFY2(!result.standardError.contains(QStringLiteral("could not connect to display")),
             qPrintable(result.standardError));
}

void TestGuiCommandLine::screenshotNeedsNoDisplay()
{
    const QString png = m_dir.filePath(QStringLiteral("demo.png"));
    const Run result = run({QStringLiteral("--screenshot"), png});
    QVERIFY2(result.exitCode == 0, qPrintable(result.standardError));
    QVERIFY(QFileInfo(png).size() > 0);
}

void TestGuiCommandLine::windowWithoutADisplaySaysWhatToDo()
{
    const Run result = run({});
    QCOMPARE(result.exitCode, 1);
    QVERIFY2(result.standardError.startsWith(QStringLiteral("concord: no display")), qPrintable(result.standardError));
    QVERIFY(result.standardError.contains(QStringLiteral("xvfb-run")));
    QVERIFY(result.standardError.contains(QStringLiteral("--screenshot")));
}

QTEST_GUILESS_MAIN(TestGuiCommandLine)
#include "tst_gui_command_line.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Export from the window: runs off the GUI thread and writes the file; a bad target is an error.
#include "small_study.h"
#include "window/main_window.h"

#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

using concord::test::SmallStudy;
using concord::ui::MainWindow;

class TestExport : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void writesCsvAndJsonl();
    void unwritableTargetShowsError();

private:
    QTemporaryDir m_dir;
    QString m_study;
};

void TestExport::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    m_study = m_dir.filePath(QStringLiteral("small.concord"));
    QCOMPARE(SmallStudy::create(m_study), QString());
}

void TestExport::writesCsvAndJsonl()
{
    MainWindow window;
    QVERIFY(window.openStudy(m_study).ok());
    QSignalSpy finished(&window, &MainWindow::jobFinished);

    const QString csv = m_dir.filePath(QStringLiteral("out.csv"));
    QVERIFY(window.exportTo(csv, concord::io::ExportFormat::Csv));
    QTRY_COMPARE(finished.count(), 1);
    QVERIFY(finished.at(0).at(0).toBool());
    QFile csvFile(csv);
    QVERIFY(csvFile.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csvFile.readAll().trimmed().split('\n');
    // A header and one row for each of the two ratings in the study.
    QCOMPARE(lines.size(), 3);
    QVERIFY2(lines.at(0).contains("doc_id") && lines.at(0).contains("rater"), lines.at(0).constData());
    QVERIFY(lines.at(1).contains("alice"));
    QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("rows: 2")));

    const QString jsonl = m_dir.filePath(QStringLiteral("out.jsonl"));
    QVERIFY(window.exportTo(jsonl, concord::io::ExportFormat::Jsonl));
    QTRY_COMPARE(finished.count(), 2);
    QVERIFY(finished.at(1).at(0).toBool());
    QFile jsonlFile(jsonl);
    QVERIFY(jsonlFile.open(QIODevice::ReadOnly));
    QCOMPARE(jsonlFile.readAll().trimmed().split('\n').size(), 2);
}

void TestExport::unwritableTargetShowsError()
{
    MainWindow window;
    QVERIFY(window.openStudy(m_study).ok());
    QSignalSpy finished(&window, &MainWindow::jobFinished);
    QSignalSpy errors(&window, &MainWindow::errorShown);
    const QString target = m_dir.filePath(QStringLiteral("no-such-folder/out.csv"));
    QVERIFY(window.exportTo(target, concord::io::ExportFormat::Csv));
    QTRY_COMPARE(finished.count(), 1);
    QVERIFY(!finished.at(0).at(0).toBool());
    QCOMPARE(errors.count(), 1);
    QVERIFY2(errors.at(0).at(1).toString().contains(QStringLiteral("no-such-folder")),
             qPrintable(errors.at(0).at(1).toString()));
    QVERIFY(!QFile::exists(target));
}

QTEST_MAIN(TestExport)
#include "tst_export.moc"

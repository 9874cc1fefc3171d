// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Export from the window: runs off the GUI thread and writes the file; a bad target is an error.
#include "io/import_request.h"
#include "small_study.h"
#include "store/study.h"
#include "window/main_window.h"

#include <QFile>
#include <QRegularExpression>
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
    QVERIFY2(lines.at(0).startsWith("kind,doc_id,system,dimension,rater"), lines.at(0).constData());
    // The items first (what the judgements are about), then one row for each of the two ratings.
    int ratings = 0;
    int documents = 0;
    for (const QByteArray &line : lines) {
        ratings += line.startsWith("rating,") ? 1 : 0;
        documents += line.startsWith("document,") ? 1 : 0;
    }
    QCOMPARE(ratings, 2);
    QVERIFY(documents > 0);
    QVERIFY(lines.last().startsWith("rating,") && lines.last().contains("alice"));
    // Rows as the status bar reports them (a quoted article may span lines in the CSV).
    const QString message = window.statusBar()->currentMessage();
    const QRegularExpression rowsPattern(QStringLiteral("rows: (\\d+)"));
    const QRegularExpressionMatch rowsMatch = rowsPattern.match(message);
    QVERIFY2(rowsMatch.hasMatch(), qPrintable(message));
    const int rows = rowsMatch.captured(1).toInt();
    QVERIFY(rows > ratings + documents);

    // What the window exported rebuilds the judgements in a new, empty study.
    const std::string copy = m_dir.filePath(QStringLiteral("copy.concord")).toStdString();
    QVERIFY(concord::store::Study::create(copy).ok());
    auto request = concord::io::ImportRequest::forFormat("csv");
    QVERIFY(request.has_value());
    request->paths = {csv.toStdString()};
    const auto imported = request->run(copy);
    QVERIFY2(imported.ok(), imported.ok() ? "" : imported.error().describe().c_str());
    auto original = concord::store::Study::open(m_study.toStdString(), {true});
    auto rebuilt = concord::store::Study::open(copy, {true});
    QVERIFY(original.ok() && rebuilt.ok());
    QCOMPARE(rebuilt.value()->counts().ratings, original.value()->counts().ratings);
    QCOMPARE(rebuilt.value()->counts().documents, original.value()->counts().documents);

    const QString jsonl = m_dir.filePath(QStringLiteral("out.jsonl"));
    QVERIFY(window.exportTo(jsonl, concord::io::ExportFormat::Jsonl));
    QTRY_COMPARE(finished.count(), 2);
    QVERIFY(finished.at(1).at(0).toBool());
    QFile jsonlFile(jsonl);
    QVERIFY(jsonlFile.open(QIODevice::ReadOnly));
    QCOMPARE(jsonlFile.readAll().trimmed().split('\n').size(), rows); // one line per row, no header
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

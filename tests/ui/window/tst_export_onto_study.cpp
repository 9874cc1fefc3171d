// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The window never writes an export over the study it shows: File > Export (judgements, statistics
// table, chart, bundle), the annotator package and the screenshot refuse the study by any name and
// the files SQLite keeps beside it; File > Check Study says whether the study is damaged.
#include "common/study_session.h"
#include "small_study.h"
#include "store/study.h"
#include "window/main_window.h"
#include "window/statistics_export.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

using concord::test::SmallStudy;
using concord::ui::MainWindow;

namespace {

QByteArray hashOf(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

} // namespace

class TestExportOntoStudy : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void exportRefusesTheStudy_data();
    void exportRefusesTheStudy();
    void everyOtherWriterRefusesTheStudy();
    void checkStudyHealthyAndDamaged();

private:
    QTemporaryDir m_dir;
    QString m_study;
};

void TestExportOntoStudy::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    m_study = m_dir.filePath(QStringLiteral("small.concord"));
    QCOMPARE(SmallStudy::create(m_study), QString());
    QVERIFY(QFile::link(m_study, m_dir.filePath(QStringLiteral("link.csv"))));
    QVERIFY(QDir(m_dir.path()).mkdir(QStringLiteral("sub")));
}

void TestExportOntoStudy::exportRefusesTheStudy_data()
{
    QTest::addColumn<QString>("target"); // in the temporary folder
    QTest::newRow("the study") << QStringLiteral("small.concord");
    QTest::newRow("by ..") << QStringLiteral("sub/../small.concord");
    QTest::newRow("a symlink to it") << QStringLiteral("link.csv");
    QTest::newRow("its -wal") << QStringLiteral("small.concord-wal");
    QTest::newRow("its -shm") << QStringLiteral("small.concord-shm");
    QTest::newRow("its -journal") << QStringLiteral("small.concord-journal");
}

void TestExportOntoStudy::exportRefusesTheStudy()
{
    QFETCH(QString, target);
    MainWindow window;
    QVERIFY(window.openStudy(m_study).ok());
    const QByteArray before = hashOf(m_study);
    QSignalSpy finished(&window, &MainWindow::jobFinished);
    QSignalSpy errors(&window, &MainWindow::errorShown);
    // What File > Export calls once its dialog has a file name.
    QVERIFY(window.exportTo(m_dir.filePath(target), concord::io::ExportFormat::Csv));
    QTRY_COMPARE(finished.count(), 1);
    QVERIFY(!finished.at(0).at(0).toBool());
    QCOMPARE(errors.count(), 1);
    const QString text = errors.at(0).at(1).toString();
    QVERIFY2(text.contains(QStringLiteral("refusing to write")), qPrintable(text));
    QCOMPARE(hashOf(m_study), before);
    QVERIFY(window.session()->read([](concord::store::Study &s) { return s.counts(); }).ok());
}

void TestExportOntoStudy::everyOtherWriterRefusesTheStudy()
{
    MainWindow window;
    QVERIFY(window.openStudy(m_study).ok());
    window.resize(800, 600);
    window.show();
    const QByteArray before = hashOf(m_study);
    QSignalSpy finished(&window, &MainWindow::jobFinished);
    QSignalSpy errors(&window, &MainWindow::errorShown);

    concord::ui::StatisticsTableRequest request;
    request.rater = "alice";
    request.humanGroup = "expert";
    request.path = m_dir.filePath(QStringLiteral("link.csv")).toStdString();
    QVERIFY(window.exportStatistics(request));
    QTRY_COMPARE(finished.count(), 1);
    QVERIFY(errors.last().at(1).toString().contains(QStringLiteral("refusing to write")));

    QVERIFY(window.exportBundle(m_dir.filePath(QStringLiteral("small.concord-journal"))));
    QTRY_COMPARE(finished.count(), 2);
    QVERIFY(errors.last().at(1).toString().contains(QStringLiteral("refusing to write")));
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("small.concord-journal"))));

    QVERIFY(
        window.exportAnnotatorPackage(m_dir.filePath(QStringLiteral("small.concord-shm")), QStringLiteral("alice")));
    QTRY_COMPARE(finished.count(), 3);
    QVERIFY(errors.last().at(1).toString().contains(QStringLiteral("refusing to write")));
    QVERIFY(finished.last().at(0).toBool() == false);

    // A chart (any widget renders) onto the study itself; the check comes before any drawing.
    const int errorsBefore = errors.count();
    QVERIFY(!window.exportChart(&window, m_dir.filePath(QStringLiteral("sub/../small.concord"))));
    QCOMPARE(errors.count(), errorsBefore + 1);
    QVERIFY(errors.last().at(1).toString().contains(QStringLiteral("refusing to write")));

    const concord::Status screenshot = window.saveScreenshot(m_study, QSize(800, 600));
    QVERIFY(!screenshot.ok());
    QVERIFY(QString::fromStdString(screenshot.error().message).contains(QStringLiteral("refusing to write")));

    QCOMPARE(hashOf(m_study), before);
    QVERIFY(window.session()->read([](concord::store::Study &s) { return s.counts(); }).ok());
}

void TestExportOntoStudy::checkStudyHealthyAndDamaged()
{
    const QString damaged = m_dir.filePath(QStringLiteral("damaged.concord"));
    QVERIFY(QFile::copy(m_study, damaged));
    QFile::setPermissions(damaged, QFile::ReadOwner | QFile::WriteOwner);
    {
        sqlite3 *db = nullptr;
        QCOMPARE(sqlite3_open(qPrintable(damaged), &db), SQLITE_OK);
        QCOMPARE(sqlite3_exec(db, "DROP INDEX candidates_by_system", nullptr, nullptr, nullptr), SQLITE_OK);
        // And a rating out of its scale, written around the file's rule, as another program could.
        QCOMPARE(sqlite3_exec(db,
                              "DROP TRIGGER rating_in_scale_update; UPDATE ratings SET value = 9 WHERE (rater_id, "
                              "candidate_id, dimension_id) IN (SELECT rater_id, candidate_id, dimension_id FROM "
                              "ratings LIMIT 1)",
                              nullptr, nullptr, nullptr),
                 SQLITE_OK);
        sqlite3_close(db);
    }
    for (const auto &[path, healthy] : {std::pair{m_study, true}, std::pair{damaged, false}}) {
        MainWindow window;
        QVERIFY(window.openStudy(path).ok());
        QSignalSpy checked(&window, &MainWindow::studyChecked);
        QVERIFY(window.checkStudy());
        QTRY_COMPARE(checked.count(), 1);
        QCOMPARE(checked.at(0).at(0).toBool(), healthy);
        auto *box = window.findChild<QMessageBox *>(QStringLiteral("checkResultBox"));
        QVERIFY(box);
        if (healthy) {
            QVERIFY2(box->text().contains(QStringLiteral("No damage found")), qPrintable(box->text()));
            QVERIFY2(box->text().contains(QStringLiteral("data rules passed")), qPrintable(box->text()));
        } else {
            QVERIFY2(box->text().contains(QStringLiteral("index candidates_by_system of table candidates is missing")),
                     qPrintable(box->text()));
            QVERIFY2(box->text().contains(QStringLiteral("rating 9 by")), qPrintable(box->text()));
            QVERIFY2(box->text().contains(QStringLiteral("is outside the scale of dimension")),
                     qPrintable(box->text()));
        }
    }
}

QTEST_MAIN(TestExportOntoStudy)
#include "tst_export_onto_study.moc"

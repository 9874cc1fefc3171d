// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Imports from the window: a broken file shows an error naming file and line and changes nothing;
// a good file is imported off the GUI thread and the document list grows; a long import shows how far
// it has read and Cancel stops it, leaving the study as it was.
#include "common/import_monitor.h"
#include "small_study.h"
#include "store/study.h"
#include "test_paths.h"
#include "window/main_window.h"
#include "window/table_import_dialog.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSemaphore>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <atomic>
#include <functional>

using concord::io::ImportRequest;
using concord::test::SmallStudy;
using concord::ui::MainWindow;

class TestImports : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void brokenSummEvalFileShowsErrorAndChangesNothing();
    void brokenTableShowsErrorAndChangesNothing();
    void goodTableIsImportedAndListed();
    void oneRatersScoresFromImportTableListTheirGroup();
    void summevalFilesAreImportedAndListed();
    void importWithoutStudyIsRefused();
    void importProgressReachesTheEnd();
    void cancelStopsTheImportAndChangesNothing();

private:
    QString write(const QString &name, const QByteArray &contents);
    // A CSV table of new documents (big-0, big-1, ...) of several MiB: several of the readers' blocks.
    QString bigTable(const QString &name, int documents);
    QString freshStudy();

    QTemporaryDir m_dir;
    int m_studies = 0;
};

void TestImports::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
}

QString TestImports::write(const QString &name, const QByteArray &contents)
{
    const QString path = m_dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(contents) != contents.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

QString TestImports::bigTable(const QString &name, int documents)
{
    QByteArray csv = "doc_id,article,system,summary\n";
    for (int d = 0; d < documents; ++d) {
        QByteArray article;
        for (int w = 0; w < 90; ++w)
            article += QByteArray::number((d * 131 + w * 17) % 997) + ' ';
        for (int s = 0; s < 10; ++s)
            csv += "big-" + QByteArray::number(d) + "," + article.trimmed() + ",sys" + QByteArray::number(s)
                   + ",A summary of " + QByteArray::number(d) + " by " + QByteArray::number(s) + ".\n";
    }
    return write(name, csv);
}

QString TestImports::freshStudy()
{
    const QString path = m_dir.filePath(QStringLiteral("study-%1.concord").arg(++m_studies));
    const QString error = SmallStudy::create(path);
    if (!error.isEmpty())
        qFatal("cannot build the test study: %s", qPrintable(error));
    return path;
}

void TestImports::brokenSummEvalFileShowsErrorAndChangesNothing()
{
    MainWindow window;
    QVERIFY(window.openStudy(freshStudy()).ok());
    window.show();
    QTRY_COMPARE(window.annotationView()->articleText(), SmallStudy::article(0));
    QSignalSpy finished(&window, &MainWindow::jobFinished);
    QSignalSpy errors(&window, &MainWindow::errorShown);

    // The first line is cut off in the middle of a JSON object.
    const QString broken = write(QStringLiteral("broken_summeval.jsonl"), "{\"id\": \"y\", \"text\": \n");
    ImportRequest request;
    request.kind = ImportRequest::Kind::SummEval;
    request.paths = {broken.toStdString()};
    QVERIFY(window.importFiles(request));
    QVERIFY(window.isBusy());

    QTRY_COMPARE(finished.count(), 1);
    QCOMPARE(finished.at(0).at(0).toBool(), false);
    QVERIFY(!window.isBusy());
    QCOMPARE(errors.count(), 1);
    const QString text = errors.at(0).at(1).toString();
    QVERIFY2(text.contains(QStringLiteral("broken_summeval.jsonl:1")), qPrintable(text));
    // The error is on screen, in a box that does not block the event loop.
    auto *box = window.findChild<QMessageBox *>(QStringLiteral("errorBox"));
    QVERIFY(box);
    QTRY_VERIFY(box->isVisible());
    QCOMPARE(box->text(), text);
    QCOMPARE(box->textFormat(), Qt::PlainText);
    box->accept();

    QCOMPARE(window.documentList()->model()->rowCount(), SmallStudy::documents);
    QCOMPARE(window.annotationView()->articleText(), SmallStudy::article(0));
}

void TestImports::brokenTableShowsErrorAndChangesNothing()
{
    MainWindow window;
    QVERIFY(window.openStudy(freshStudy()).ok());
    QSignalSpy finished(&window, &MainWindow::jobFinished);
    QSignalSpy errors(&window, &MainWindow::errorShown);

    // Line 1 is fine, line 2 is not JSON: all or nothing, so doc-a must not appear either.
    const QString broken
        = write(QStringLiteral("broken_table.jsonl"),
                "{\"doc_id\": \"doc-a\", \"article\": \"A.\", \"system\": \"s1\", \"summary\": \"a\"}\n"
                "{\"doc_id\": \"doc-b\", \"article\": oops}\n");
    ImportRequest request;
    request.kind = ImportRequest::Kind::Table;
    request.paths = {broken.toStdString()};
    request.format = concord::io::TableFormat::Jsonl;
    QVERIFY(window.importFiles(request));
    QTRY_COMPARE(finished.count(), 1);
    QCOMPARE(finished.at(0).at(0).toBool(), false);
    QCOMPARE(errors.count(), 1);
    const QString text = errors.at(0).at(1).toString();
    QVERIFY2(text.contains(QStringLiteral("broken_table.jsonl:2")), qPrintable(text));
    QCOMPARE(window.documentList()->model()->rowCount(), SmallStudy::documents);
}

void TestImports::goodTableIsImportedAndListed()
{
    MainWindow window;
    QVERIFY(window.openStudy(freshStudy()).ok());
    QSignalSpy finished(&window, &MainWindow::jobFinished);
    QSignalSpy errors(&window, &MainWindow::errorShown);

    const QString table = write(QStringLiteral("good.csv"), "id,text,instruction,model,output\n"
                                                            "doc-a,First article.,Be brief.,s1,Short one.\n"
                                                            "doc-a,First article.,Be brief.,s2,Another short one.\n"
                                                            "doc-b,Second article.,Be brief.,s1,Two.\n");
    auto mapping = concord::io::ColumnMapping::parse(
        "doc_id=id,article=text,requirement=instruction,system=model,summary=output");
    QVERIFY2(mapping.ok(), mapping.ok() ? "" : mapping.error().describe().c_str());
    ImportRequest request;
    request.kind = ImportRequest::Kind::Table;
    request.paths = {table.toStdString()};
    request.format = concord::io::TableFormat::Csv;
    request.mapping = mapping.value();
    QVERIFY(window.importFiles(request));
    QTRY_COMPARE(finished.count(), 1);
    QVERIFY2(finished.at(0).at(0).toBool(), errors.isEmpty() ? "" : qPrintable(errors.at(0).at(1).toString()));
    QCOMPARE(errors.count(), 0);
    QCOMPARE(window.documentList()->model()->rowCount(), SmallStudy::documents + 2);
    QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("documents: 2")));
}

// File > Import Table on a sheet of one person's scores: the rater and group named in the dialog are the study's,
// and the Agreement view's Humans box lists the group.
void TestImports::oneRatersScoresFromImportTableListTheirGroup()
{
    const QString studyPath = freshStudy();
    MainWindow window;
    QVERIFY(window.openStudy(studyPath).ok());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy finished(&window, &MainWindow::jobFinished);
    QSignalSpy errors(&window, &MainWindow::errorShown);
    const QString table = write(QStringLiteral("one-rater.csv"), "doc_id,system,coherence\ndoc-1,alpha,4\n");

    QAction *importTable = nullptr;
    for (QAction *action : window.findChildren<QAction *>())
        if (action->text().startsWith(QStringLiteral("Import &Table")))
            importTable = action;
    QVERIFY(importTable);

    // The dialog is modal: driven from the event loop its exec() runs.
    QString problem = QStringLiteral("the dialog never opened");
    std::function<void()> drive = [&] {
        auto *dialog = qobject_cast<concord::ui::TableImportDialog *>(QApplication::activeModalWidget());
        if (!dialog) {
            QTimer::singleShot(10, &window, drive);
            return;
        }
        QTimer::singleShot(30000, dialog, &QDialog::reject); // never left open
        dialog->setFilePath(table);
        auto *scores = dialog->findChild<QListWidget *>(QStringLiteral("scoreColumns"));
        const auto coherence = scores->findItems(QStringLiteral("coherence"), Qt::MatchExactly);
        if (coherence.size() != 1 || coherence.front()->checkState() != Qt::Checked) {
            problem = QStringLiteral("the study's dimension's column did not start checked");
            dialog->reject();
            return;
        }
        QObject::connect(dialog, &concord::ui::TableImportDialog::checkFinished, dialog, [&problem, dialog] {
            QPushButton *ok = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
            if (!ok->isEnabled()) {
                problem = QStringLiteral("the check did not pass");
                dialog->reject();
                return;
            }
            problem.clear();
            QTest::mouseClick(ok, Qt::LeftButton);
        });
        QTest::keyClicks(dialog->findChild<QLineEdit *>(QStringLiteral("raterName")), QStringLiteral("maria"));
        QTest::keyClicks(dialog->findChild<QComboBox *>(QStringLiteral("raterGroup")), QStringLiteral("crowd"));
    };
    QTimer::singleShot(0, &window, drive);
    importTable->trigger();
    QVERIFY2(problem.isEmpty(), qPrintable(problem));

    QTRY_COMPARE(finished.count(), 1);
    QVERIFY2(finished.at(0).at(0).toBool(), errors.isEmpty() ? "" : qPrintable(errors.at(0).at(1).toString()));
    {
        auto study = concord::store::Study::open(studyPath.toStdString());
        QVERIFY(study.ok());
        concord::store::Study &s = *study.value();
        const auto maria = s.raterId("maria");
        QVERIFY(maria);
        bool inCrowd = false;
        for (const auto &r : s.raters())
            inCrowd = inCrowd || (r.name == "maria" && r.group == "crowd");
        QVERIFY(inCrowd);
        const auto candidate = s.candidateId(s.documentId("doc-1").value(), s.systemId("alpha").value()).value();
        QCOMPARE(s.rating(*maria, candidate, s.dimensionId("coherence").value()), std::optional<double>(4));
    }

    QVERIFY(window.showView(QStringLiteral("agreement")));
    auto *humans = window.findChild<QComboBox *>(QStringLiteral("humanGroup"));
    QVERIFY(humans);
    QTRY_VERIFY(humans->findText(QStringLiteral("crowd")) >= 0);
}

void TestImports::summevalFilesAreImportedAndListed()
{
    const QStringList files = concord::test::summevalFiles();
    if (files.isEmpty())
        QSKIP("../shared/data/summeval is absent: the SummEval import cannot be checked here");
    const QString path = m_dir.filePath(QStringLiteral("summeval.concord"));
    MainWindow window;
    QVERIFY(window.createStudy(path).ok());
    QCOMPARE(window.documentList()->model()->rowCount(), 0);
    QSignalSpy finished(&window, &MainWindow::jobFinished);
    QSignalSpy errors(&window, &MainWindow::errorShown);
    ImportRequest request;
    request.kind = ImportRequest::Kind::SummEval;
    for (const QString &file : files)
        request.paths.push_back(file.toStdString());
    QVERIFY(window.importFiles(request));
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
    QVERIFY2(finished.at(0).at(0).toBool(), errors.isEmpty() ? "" : qPrintable(errors.at(0).at(1).toString()));
    QCOMPARE(window.documentList()->model()->rowCount(), 100);
    // The first document is shown with its twelve candidates.
    QTRY_COMPARE(window.annotationView()->candidateTexts().size(), 12);
    QVERIFY(!window.annotationView()->articleText().isEmpty());
}

void TestImports::importWithoutStudyIsRefused()
{
    MainWindow window;
    QSignalSpy errors(&window, &MainWindow::errorShown);
    ImportRequest request;
    request.paths = {m_dir.filePath(QStringLiteral("whatever.jsonl")).toStdString()};
    QVERIFY(!window.importFiles(request));
    QCOMPARE(errors.count(), 1);
    QVERIFY(!window.isBusy());
}

void TestImports::importProgressReachesTheEnd()
{
    MainWindow window;
    QVERIFY(window.openStudy(freshStudy()).ok());
    QSignalSpy finished(&window, &MainWindow::jobFinished);
    QSignalSpy progressed(window.importMonitor(), &concord::ui::ImportMonitor::progressed);
    auto *bar = window.findChild<QProgressBar *>(QStringLiteral("jobProgress"));
    auto *cancel = window.findChild<QPushButton *>(QStringLiteral("cancelImportButton"));
    QVERIFY(bar && cancel);
    QVERIFY(!cancel->isVisible());

    ImportRequest request;
    request.kind = ImportRequest::Kind::Table;
    request.paths = {bigTable(QStringLiteral("big-done.csv"), 1000).toStdString()};
    request.format = concord::io::TableFormat::Csv;
    QVERIFY(window.importFiles(request));
    // A percentage with a Cancel button, not the busy indicator.
    QCOMPARE(bar->maximum(), 100);
    QVERIFY(bar->isTextVisible());
    QVERIFY(!cancel->isHidden());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
    QVERIFY(finished.at(0).at(0).toBool());
    // The bar was told every step it took, up to all of the file.
    QVERIFY(progressed.count() >= 2);
    int previous = -1;
    for (const auto &args : progressed) {
        QVERIFY(args.at(0).toInt() >= previous);
        previous = args.at(0).toInt();
    }
    QCOMPARE(previous, 100);
    QVERIFY(cancel->isHidden());
    QCOMPARE(bar->maximum(), 0); // the busy indicator again, for the next export
    QCOMPARE(window.documentList()->model()->rowCount(), SmallStudy::documents + 1000);
}

void TestImports::cancelStopsTheImportAndChangesNothing()
{
    const QString studyPath = freshStudy();
    MainWindow window;
    QVERIFY(window.openStudy(studyPath).ok());
    window.show();
    QSignalSpy finished(&window, &MainWindow::jobFinished);
    QSignalSpy errors(&window, &MainWindow::errorShown);
    auto *bar = window.findChild<QProgressBar *>(QStringLiteral("jobProgress"));
    auto *cancel = window.findChild<QPushButton *>(QStringLiteral("cancelImportButton"));
    QVERIFY(bar && cancel);

    // The worker is held after its first block, so that Cancel is clicked while the import is surely
    // under way: rows of that block are already written in the import's transaction.
    const QString table = bigTable(QStringLiteral("big-cancelled.csv"), 1000);
    const qint64 size = QFileInfo(table).size();
    QVERIFY(size > 3 * (qint64{1} << 20));
    QSemaphore held;
    QSemaphore proceed;
    std::atomic<bool> first{true};
    window.importMonitor()->setWorkerHook([&](std::int64_t, std::int64_t) {
        if (first.exchange(false)) {
            held.release();
            // Never stuck for good if the test failed before releasing it.
            proceed.tryAcquire(1, 60000);
        }
    });
    ImportRequest request;
    request.kind = ImportRequest::Kind::Table;
    request.paths = {table.toStdString()};
    request.format = concord::io::TableFormat::Csv;
    QVERIFY(window.importFiles(request));
    QTRY_COMPARE(held.available(), 1);
    // The bar shows the share of the first block: 1 MiB of the file.
    QTRY_COMPARE(bar->value(), static_cast<int>((qint64{1} << 20) * 100 / size));
    QVERIFY(cancel->isVisible());
    QTest::mouseClick(cancel, Qt::LeftButton);
    QVERIFY(!cancel->isEnabled());
    proceed.release();

    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
    QCOMPARE(finished.at(0).at(0).toBool(), false);
    // A cancel is what the user asked for: said in the status bar, not in an error box.
    QCOMPARE(errors.count(), 0);
    QCOMPARE(window.statusBar()->currentMessage(), concord::ui::ImportMonitor::cancelledText());
    QVERIFY(!cancel->isVisible());
    QCOMPARE(window.documentList()->model()->rowCount(), SmallStudy::documents);
    auto study = concord::store::Study::open(studyPath.toStdString());
    QVERIFY(study.ok());
    QCOMPARE(study.value()->counts().documents, std::int64_t{SmallStudy::documents});
}

QTEST_MAIN(TestImports)
#include "tst_imports.moc"

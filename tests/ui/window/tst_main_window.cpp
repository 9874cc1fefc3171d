// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// GUI smoke test: a real MainWindow on a real study file, driven with key and mouse events.
#include "annotate/annotation_view.h"
#include "annotate/document_list_model.h"
#include "common/study_session.h"
#include "review/review_view.h"
#include "small_study.h"
#include "window/main_window.h"

#include "demo_study.h"
#include "store/study.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using concord::test::SmallStudy;
using concord::ui::MainWindow;

class TestMainWindow : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void opensStudyAndListsDocuments();
    void clickingARowShowsArticleAndCandidates();
    void keyboardMovesBetweenDocuments();
    void filterFindsDocuments();
    void systemNamesCanBeHidden();
    void openingABrokenFileFailsAndKeepsTheStudy();
    void recentFilesDropMissingStudies();
    void opensTheDemoStudy();
    void reopeningStartsAtTheFirstUnfinishedDocument();
    void altAndTheUnderlinedLetterOpenTheMenu();
    void helpShowsTheGuidelines();
    void reviewViewAfterDisagreements();
    void layoutRestoredAfterRestart();

private:
    QString smallStudyPath();
    static QString rowId(const QTableView *list, int row);

    QTemporaryDir m_dir;
    int m_studies = 0;
};

void TestMainWindow::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // Keep the recent-files list of the person running the tests out of it.
    QCoreApplication::setOrganizationName(QStringLiteral("ConcordTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_main_window"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
}

void TestMainWindow::init()
{
    QSettings().clear();
}

QString TestMainWindow::smallStudyPath()
{
    const QString path = m_dir.filePath(QStringLiteral("small-%1.concord").arg(++m_studies));
    const QString error = SmallStudy::create(path);
    if (!error.isEmpty())
        qFatal("cannot build the test study: %s", qPrintable(error));
    return path;
}

QString TestMainWindow::rowId(const QTableView *list, int row)
{
    return list->model()->index(row, concord::ui::DocumentListModel::IdColumn).data().toString();
}

void TestMainWindow::opensStudyAndListsDocuments()
{
    MainWindow window;
    const QString path = smallStudyPath();
    const concord::Status status = window.openStudy(path);
    QVERIFY2(status.ok(), status.ok() ? "" : status.error().describe().c_str());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    QCOMPARE(window.documentList()->model()->rowCount(), SmallStudy::documents);
    for (int row = 0; row < SmallStudy::documents; ++row)
        QCOMPARE(rowId(window.documentList(), row), SmallStudy::documentIds().at(row));
    QVERIFY(window.windowTitle().contains(QFileInfo(path).fileName()));
    const auto *counts = window.statusBar()->findChild<QLabel *>(QStringLiteral("studyCounts"));
    QVERIFY(counts);
    QVERIFY2(counts->text().contains(QStringLiteral("Documents: 3")), qPrintable(counts->text()));
    QVERIFY2(counts->text().contains(QStringLiteral("Candidates: 5")), qPrintable(counts->text()));
    // The first document is shown at once.
    QTRY_COMPARE(window.annotationView()->articleText(), SmallStudy::article(0));
    QCOMPARE(window.currentViewName(), QStringLiteral("annotate"));
    QVERIFY(window.viewNames().contains(QStringLiteral("annotate")));
    QVERIFY(!window.showView(QStringLiteral("no-such-view")));
}

void TestMainWindow::clickingARowShowsArticleAndCandidates()
{
    MainWindow window;
    QVERIFY(window.openStudy(smallStudyPath()).ok());
    window.resize(1100, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    QTableView *list = window.documentList();
    const QModelIndex second = list->model()->index(1, 0);
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualRect(second).center());
    QTRY_COMPARE(window.annotationView()->articleText(), SmallStudy::article(1));
    // Markup in the data stays text: the article, the requirement and the cards show it verbatim.
    QCOMPARE(window.annotationView()->requirementText(), SmallStudy::requirement());
    QCOMPARE(window.annotationView()->candidateTexts(), SmallStudy::summaries(1));
    // Blind by default: the annotator sees letters, not systems.
    QCOMPARE(window.annotationView()->candidateTitles(),
             (QStringList{QStringLiteral("Summary A"), QStringLiteral("Summary B")}));
    const auto cardLabels = window.annotationView()->findChildren<QLabel *>();
    for (const QLabel *label : cardLabels) {
        if (label->text() == SmallStudy::summaries(1).constFirst())
            QCOMPARE(label->textFormat(), Qt::PlainText);
    }

    const QModelIndex third = list->model()->index(2, 0);
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualRect(third).center());
    QTRY_COMPARE(window.annotationView()->articleText(), SmallStudy::article(2));
    QCOMPARE(window.annotationView()->candidateTexts(), SmallStudy::summaries(2));
    QVERIFY(window.annotationView()->requirementText().isEmpty());
}

void TestMainWindow::keyboardMovesBetweenDocuments()
{
    MainWindow window;
    QVERIFY(window.openStudy(smallStudyPath()).ok());
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTableView *list = window.documentList();
    list->setFocus();
    QTRY_COMPARE(window.annotationView()->articleText(), SmallStudy::article(0));

    QTest::keyClick(list, Qt::Key_Down, Qt::AltModifier);
    QTRY_COMPARE(window.annotationView()->articleText(), SmallStudy::article(1));
    QTest::keyClick(list, Qt::Key_PageDown, Qt::ControlModifier);
    QTRY_COMPARE(window.annotationView()->articleText(), SmallStudy::article(2));
    // At the end it stays at the end.
    QTest::keyClick(list, Qt::Key_Down, Qt::AltModifier);
    QTRY_COMPARE(window.annotationView()->articleText(), SmallStudy::article(2));
    QTest::keyClick(list, Qt::Key_Up, Qt::AltModifier);
    QTRY_COMPARE(window.annotationView()->articleText(), SmallStudy::article(1));
    QTest::keyClick(list, Qt::Key_PageUp, Qt::ControlModifier);
    QTRY_COMPARE(window.annotationView()->articleText(), SmallStudy::article(0));
    // Plain arrow keys in the list work too.
    QTest::keyClick(list, Qt::Key_Down);
    QTRY_COMPARE(window.annotationView()->articleText(), SmallStudy::article(1));
}

void TestMainWindow::filterFindsDocuments()
{
    MainWindow window;
    QVERIFY(window.openStudy(smallStudyPath()).ok());
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    window.documentList()->setFocus();

    QTest::keyClick(window.documentList(), Qt::Key_G, Qt::ControlModifier);
    QTRY_VERIFY(window.documentFilter()->hasFocus());
    QTest::keyClicks(window.documentFilter(), QStringLiteral("DOC-3"));
    QTRY_COMPARE(window.documentList()->model()->rowCount(), 1);
    QCOMPARE(rowId(window.documentList(), 0), QStringLiteral("doc-3"));
    // Enter on the one document found goes to it: the list whole again, the keyboard on its work.
    QTest::keyClick(window.documentFilter(), Qt::Key_Return);
    QTRY_COMPARE(window.annotationView()->articleText(), SmallStudy::article(2));
    QCOMPARE(window.documentFilter()->text(), QString());
    QCOMPARE(window.documentList()->model()->rowCount(), SmallStudy::documents);
    QCOMPARE(rowId(window.documentList(), window.documentList()->currentIndex().row()), QStringLiteral("doc-3"));
    QTRY_VERIFY(window.annotationView()->isAncestorOf(QApplication::focusWidget()));

    // Several found: Enter goes on to the list to choose among them.
    QTest::keyClick(window.documentList(), Qt::Key_G, Qt::ControlModifier);
    QTRY_VERIFY(window.documentFilter()->hasFocus());
    QTest::keyClicks(window.documentFilter(), QStringLiteral("doc-"));
    QTRY_COMPARE(window.documentList()->model()->rowCount(), SmallStudy::documents);
    QTest::keyClick(window.documentFilter(), Qt::Key_Return);
    QTRY_VERIFY(window.documentList()->hasFocus());
}

void TestMainWindow::systemNamesCanBeHidden()
{
    MainWindow window;
    QVERIFY(window.openStudy(smallStudyPath()).ok());
    const QStringList blind{QStringLiteral("Summary A"), QStringLiteral("Summary B")};
    const QStringList revealed{QStringLiteral("Summary A — alpha"), QStringLiteral("Summary B — R&D bot")};
    QTRY_COMPARE(window.annotationView()->candidateTitles(), blind);

    QAction *toggle = nullptr;
    const auto actions = window.findChildren<QAction *>();
    for (QAction *action : actions) {
        if (action->isCheckable() && action->text().contains(QStringLiteral("System Names")))
            toggle = action;
    }
    QVERIFY(toggle);
    // Annotators work blind; revealing is for adjudication.
    QVERIFY(!toggle->isChecked());
    toggle->trigger();
    QCOMPARE(window.annotationView()->candidateTitles(), revealed);
    toggle->trigger();
    QCOMPARE(window.annotationView()->candidateTitles(), blind);
}

void TestMainWindow::openingABrokenFileFailsAndKeepsTheStudy()
{
    MainWindow window;
    QVERIFY(window.openStudy(smallStudyPath()).ok());
    const QString title = window.windowTitle();

    const QString notAStudy = m_dir.filePath(QStringLiteral("notes.concord"));
    QFile file(notAStudy);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("these are notes, not a study\n");
    file.close();

    const concord::Status status = window.openStudy(notAStudy);
    QVERIFY(!status.ok());
    QVERIFY2(!status.error().describe().empty(), "the error says what is wrong");
    // The study that was open stays open.
    QCOMPARE(window.windowTitle(), title);
    QCOMPARE(window.documentList()->model()->rowCount(), SmallStudy::documents);
}

void TestMainWindow::recentFilesDropMissingStudies()
{
    const QString kept = smallStudyPath();
    const QString removed = smallStudyPath();
    {
        MainWindow window;
        QVERIFY(window.openStudy(removed).ok());
        QVERIFY(window.openStudy(kept).ok());
        window.closeStudy();
        QCOMPARE(window.documentList()->model()->rowCount(), 0);
        QCOMPARE(window.windowTitle(), QStringLiteral("Concord"));
    }
    QCOMPARE(QSettings().value(QStringLiteral("recent/studies")).toStringList(),
             (QStringList{QFileInfo(kept).absoluteFilePath(), QFileInfo(removed).absoluteFilePath()}));
    QVERIFY(QFile::remove(removed));

    MainWindow window;
    QMenu *recent = nullptr;
    const auto menus = window.menuBar()->findChildren<QMenu *>();
    for (QMenu *menu : menus) {
        if (menu->title().contains(QStringLiteral("Recent")))
            recent = menu;
    }
    QVERIFY(recent);
    QStringList paths;
    const auto recentActions = recent->actions();
    for (const QAction *action : recentActions) {
        if (!action->toolTip().isEmpty() && action->toolTip().endsWith(QStringLiteral(".concord")))
            paths << action->toolTip();
    }
    QCOMPARE(paths, QStringList{QFileInfo(kept).absoluteFilePath()});
    QCOMPARE(QSettings().value(QStringLiteral("recent/studies")).toStringList(),
             QStringList{QFileInfo(kept).absoluteFilePath()});

    // Opening from the menu works. Opening rebuilds the menu, which deletes its old actions: stop there.
    for (QAction *action : recentActions) {
        if (action->toolTip() == QFileInfo(kept).absoluteFilePath()) {
            action->trigger();
            break;
        }
    }
    QCOMPARE(window.session()->path(), QFileInfo(kept).absoluteFilePath());
    QCOMPARE(window.documentList()->model()->rowCount(), SmallStudy::documents);
}

void TestMainWindow::opensTheDemoStudy()
{
    const QString path = m_dir.filePath(QStringLiteral("demo.concord"));
    auto created = concord::resources::createDemoStudy(path.toStdString());
    QVERIFY2(created.ok(), created.ok() ? "" : created.error().describe().c_str());

    MainWindow window;
    QVERIFY(window.openStudy(path).ok());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto counts = window.session()->read([](concord::store::Study &study) { return study.counts(); });
    QVERIFY(counts.ok());
    QVERIFY(counts.value().documents > 0);
    QCOMPARE(window.documentList()->model()->rowCount(), static_cast<int>(counts.value().documents));
    QTRY_VERIFY(!window.annotationView()->articleText().isEmpty());
    QVERIFY(!window.annotationView()->candidateTexts().isEmpty());
    // The demo is about instruction-controllable summarization: its documents have requirements.
    QVERIFY(!window.annotationView()->requirementText().isEmpty());
}

// Concord started again on a study: as main() does, the study opened and then the remembered annotator chosen.
// The annotator is put at their first unfinished document (demo-04 for annotator_a of the demo study, who
// finished demo-01 to demo-03), not at the study's first; opened again in the same window, likewise.
void TestMainWindow::reopeningStartsAtTheFirstUnfinishedDocument()
{
    const QString path = m_dir.filePath(QStringLiteral("demo-reopened.concord"));
    auto created = concord::resources::createDemoStudy(path.toStdString());
    QVERIFY2(created.ok(), created.ok() ? "" : created.error().describe().c_str());
    const auto shownId = [](MainWindow &window) {
        return window.session()
            ->read([&](concord::store::Study &study) {
                return study.document(window.annotationView()->documentId())->externalId;
            })
            .value();
    };

    MainWindow window;
    QVERIFY(window.openStudy(path).ok());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // Nobody annotating yet: the first document, to read.
    QCOMPARE(shownId(window), std::string("demo-01"));
    QVERIFY(window.setAnnotator(QStringLiteral("annotator_a")).ok());
    QCOMPARE(shownId(window), std::string("demo-04"));
    QCOMPARE(window.documentList()->currentIndex().row(), 3);
    QCOMPARE(rowId(window.documentList(), 3), QStringLiteral("demo-04"));

    // Opened again with the annotator kept.
    window.closeStudy();
    QVERIFY(window.openStudy(path).ok());
    QCOMPARE(shownId(window), std::string("demo-04"));

    // A document the annotator chose stays when the annotator changes.
    window.selectFirstDocument();
    QCOMPARE(shownId(window), std::string("demo-01"));
    QVERIFY(window.setAnnotator(QStringLiteral("annotator_c")).ok());
    QCOMPARE(shownId(window), std::string("demo-01"));
}

// Alt+A opens the Annotate menu: its A is the one underlined (it had been A&nnotate, while the View menu's
// &Annotate showed an A that Alt+A never reached). Every menu of the bar opens by its own letter.
void TestMainWindow::altAndTheUnderlinedLetterOpenTheMenu()
{
    MainWindow window;
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    auto *annotate = window.findChild<QMenu *>(QStringLiteral("annotateMenu"));
    QVERIFY(annotate);
    QCOMPARE(QKeySequence::mnemonic(annotate->title()), QKeySequence(Qt::ALT | Qt::Key_A));
    QTest::keyClick(&window, Qt::Key_A, Qt::AltModifier);
    QTRY_VERIFY(annotate->isVisible());
    annotate->close();
    QTRY_VERIFY(!annotate->isVisible());
    QStringList letters;
    for (const QAction *action : window.menuBar()->actions()) {
        const QKeySequence mnemonic = QKeySequence::mnemonic(action->text());
        QVERIFY2(!mnemonic.isEmpty(), qPrintable(action->text()));
        QVERIFY2(!letters.contains(mnemonic.toString()), qPrintable(action->text()));
        letters << mnemonic.toString();
        QTest::keyClick(&window, static_cast<Qt::Key>(mnemonic[0].key() & ~Qt::KeyboardModifierMask), Qt::AltModifier);
        QTRY_VERIFY2(action->menu()->isVisible(), qPrintable(action->text()));
        action->menu()->close();
        QTRY_VERIFY(!action->menu()->isVisible());
    }
}

// The lead's Review view comes right after the Disagreements view, shown by Ctrl+5 and by its View entry, and it
// reads the queue once shown.
void TestMainWindow::reviewViewAfterDisagreements()
{
    MainWindow window;
    QVERIFY(window.openStudy(smallStudyPath()).ok());
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    const QStringList names = window.viewNames();
    QCOMPARE(names.indexOf(QStringLiteral("review")), names.indexOf(QStringLiteral("disagreements")) + 1);
    QCOMPARE(names.indexOf(QStringLiteral("review")), 4);
    auto *review = window.findChild<concord::ui::ReviewView *>();
    QVERIFY(review);
    QVERIFY(!review->isActive());
    QTest::keyClick(&window, Qt::Key_5, Qt::ControlModifier);
    QCOMPARE(window.currentViewName(), QStringLiteral("review"));
    QVERIFY(review->isActive());
    QTRY_VERIFY(!review->isLoading());
    QVERIFY2(review->errorText().isEmpty(), qPrintable(review->errorText()));
}

// Help holds more than About: the study's annotation guidelines, shown beside the Annotate view from any view.
void TestMainWindow::helpShowsTheGuidelines()
{
    MainWindow window;
    QVERIFY(window.openStudy(smallStudyPath()).ok());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.showView(QStringLiteral("judges")));
    QVERIFY(window.guidelinesDock()->isHidden());
    auto *guidelines = window.findChild<QAction *>(QStringLiteral("helpGuidelines"));
    QVERIFY(guidelines);
    QMenu *help = nullptr;
    for (QAction *action : window.menuBar()->actions())
        if (action->menu() && action->menu()->actions().contains(guidelines))
            help = action->menu();
    QVERIFY(help);
    QCOMPARE(help->title(), QStringLiteral("&Help"));
    guidelines->trigger();
    QCOMPARE(window.currentViewName(), QStringLiteral("annotate"));
    QVERIFY(window.guidelinesDock()->isVisible());
}

// Settings: docks, splitters, geometry and the current view as the window was closed (AppSettings).
void TestMainWindow::layoutRestoredAfterRestart()
{
    const QString study = smallStudyPath();
    QList<int> sizes;
    QSize size;
    {
        MainWindow window;
        QVERIFY(window.openStudy(study).ok());
        // As small as the window goes: a window is never restored larger than its screen (the offscreen
        // one is 800×800), so a larger one would come back smaller.
        window.resize(700, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.guidelinesDock()->isHidden());
        window.guidelinesDock()->show();
        auto *splitter = window.findChild<QSplitter *>(QStringLiteral("annotateView"));
        QVERIFY(splitter);
        const int total = splitter->sizes().value(0) + splitter->sizes().value(1);
        splitter->setSizes({total / 4, total - total / 4});
        sizes = splitter->sizes();
        QCOMPARE(sizes.value(0), total / 4);
        size = window.size();
        QVERIFY(window.close());
    }
    {
        MainWindow window;
        // Nothing is restored until asked (concord --screenshot never asks).
        QVERIFY(window.guidelinesDock()->isHidden());
        QVERIFY(window.restoreLayout());
        QVERIFY(window.openStudy(study).ok());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.size(), size);
        QCOMPARE(window.currentViewName(), QStringLiteral("annotate"));
        QVERIFY(window.guidelinesDock()->isVisible());
        QCOMPARE(window.findChild<QSplitter *>(QStringLiteral("annotateView"))->sizes(), sizes);

        // Hide the guidelines again and leave on another view.
        window.guidelinesDock()->hide();
        QVERIFY(window.showView(QStringLiteral("judges")));
        QVERIFY(window.close());
    }
    MainWindow window;
    window.restoreLayout();
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.currentViewName(), QStringLiteral("judges"));
    QVERIFY(window.guidelinesDock()->isHidden());
    QVERIFY(window.showView(QStringLiteral("annotate")));
    QVERIFY(window.guidelinesDock()->isHidden());
}

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"

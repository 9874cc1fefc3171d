// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Annotate view driven like an annotator drives it: keys and mouse on real widgets, offscreen.
// Every judgement is checked in the study file afterwards, through core.
#include "annotation_study.h"
#include "reports/review_report.h"

#include "annotate/annotate_workspace.h"
#include "annotate/annotation_editor.h"
#include "annotate/annotation_view.h"
#include "annotate/annotator_dialog.h"
#include "annotate/article_pane.h"
#include "annotate/candidate_card.h"
#include "annotate/document_list_model.h"
#include "annotate/error_span_model.h"
#include "annotate/explanation_box.h"
#include "annotate/focus_mark.h"
#include "annotate/likert_row.h"
#include "annotate/rank_tier_board.h"
#include "annotate/ranking_model.h"
#include "annotate/ranking_panel.h"
#include "annotate/unit_checklist_model.h"
#include "common/demo_study_file.h"
#include "common/study_session.h"
#include "common/title_width.h"
#include "window/main_window.h"

#include "store/presentation_shuffle.h"
#include "store/study.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QRadioButton>
#include <QScopeGuard>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextCursor>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>

#include <functional>

using concord::model::Id;
using concord::test::AnnotationStudy;
using concord::ui::AnnotationView;
using concord::ui::AnnotatorDialog;
using concord::ui::CandidateCard;
using concord::ui::DocumentListModel;
using concord::ui::ErrorSpanModel;
using concord::ui::MainWindow;
using concord::ui::RankingModel;

class TestAnnotationView : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void rateRankMarkExplainAndReopen();
    void contentUnitsTakeOneKeyEach();
    void undoAndRedoWriteThroughTheStore();
    void deleteErrorButtonTakesTheKeyboard();
    void dragIntoTiers();
    void impossibleAndIncompleteRankingsAreFlagged();
    void navigateAndShowProgress();
    void nextUnfinishedFollowsTheLabelPlan();
    void nextUnfinishedFollowsTheAssignment();
    void returnedWorkShowsItsComment();
    void countsFollowEveryEdit();
    void teamCommitsKeepThePlace();
    void progressColumnInSightAtDefaultSize();
    void orderIsStablePerAnnotatorAndDiffersBetweenAnnotators();
    void mergePackagesAndRefuseAConflict();
    void leadExportsAPackageForSomeoneElse();
    void packageExportTitleFits();
    void mergeSummaryShownInFull();
    void findInTheArticle();
    void withoutAnAnnotatorNothingIsWritten();
    void openingAStudyNeverAddsARater();
    void theDialogProposesNoRaterAsNew();
    void chooseAnExistingRater();
    void createANewRaterWithItsGroup();

private:
    QString newStudy(int documents = 3);
    static void openAs(MainWindow &window, const QString &path, const QString &annotator);
    static CandidateCard *cardOf(AnnotationView *view, const QString &systemText);
    static concord::ui::RankingPanel *panel(AnnotationView *view, const char *name);
    static std::unique_ptr<concord::store::Study> reopen(const QString &path);
    static std::int64_t ratersIn(const QString &path);
    static void addRater(const QString &path, const std::string &name, const std::string &group);
    // Opens Annotate > Choose Annotator… and lets answer work the dialog (it is closed afterwards).
    static void answerAnnotatorDialog(MainWindow &window, const std::function<void(AnnotatorDialog *)> &answer);
    static void rateFirstCard(MainWindow &window, Qt::Key key);
    static void clickRadio(QRadioButton *button);

    QTemporaryDir m_dir;
    int m_studies = 0;
};

void TestAnnotationView::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("ConcordTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_annotation_view"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
}

void TestAnnotationView::init()
{
    QSettings().clear();
}

QString TestAnnotationView::newStudy(int documents)
{
    const QString path = m_dir.filePath(QStringLiteral("study-%1.concord").arg(++m_studies));
    const QString error = AnnotationStudy::create(path, documents);
    if (!error.isEmpty())
        qFatal("cannot build the study: %s", qPrintable(error));
    return path;
}

void TestAnnotationView::openAs(MainWindow &window, const QString &path, const QString &annotator)
{
    QVERIFY(window.openStudy(path).ok());
    // Annotating is an explicit choice: the study's rater of that name, else a new one made on purpose.
    auto known = window.session()->read([&](concord::store::Study &s) { return s.raterId(annotator.toStdString()); });
    QVERIFY(known.ok());
    const concord::Status status
        = known.value() ? window.setAnnotator(annotator) : window.createAnnotator(annotator, QStringLiteral("expert"));
    QVERIFY2(status.ok(), status.ok() ? "" : status.error().describe().c_str());
    window.resize(1400, 1000);
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTRY_VERIFY(window.annotationView()->documentId() != 0);
}

CandidateCard *TestAnnotationView::cardOf(AnnotationView *view, const QString &text)
{
    for (auto *card : view->cards())
        if (card->text() == text)
            return card;
    return nullptr;
}

concord::ui::RankingPanel *TestAnnotationView::panel(AnnotationView *view, const char *name)
{
    for (auto *p : view->rankingPanels())
        if (p->dimension().name == name)
            return p;
    return nullptr;
}

std::unique_ptr<concord::store::Study> TestAnnotationView::reopen(const QString &path)
{
    auto study = concord::store::Study::open(path.toStdString());
    if (!study)
        qFatal("cannot reopen: %s", study.error().describe().c_str());
    return std::move(study).value();
}

std::int64_t TestAnnotationView::ratersIn(const QString &path)
{
    return reopen(path)->counts().raters;
}

void TestAnnotationView::addRater(const QString &path, const std::string &name, const std::string &group)
{
    auto study = reopen(path);
    const concord::Status status = study->write([&] {
        study->ensureRater({0, name, concord::model::RaterKind::Human, group, {}, {}, {}, {}});
    });
    QVERIFY2(status.ok(), status.ok() ? "" : status.error().describe().c_str());
}

void TestAnnotationView::answerAnnotatorDialog(MainWindow &window, const std::function<void(AnnotatorDialog *)> &answer)
{
    bool answered = false;
    QTimer::singleShot(0, &window, [&] {
        answered = true;
        auto *dialog = window.findChild<AnnotatorDialog *>();
        // A failed check must not leave the modal dialog open.
        const auto close = qScopeGuard([dialog] {
            if (dialog && dialog->isVisible())
                dialog->reject();
        });
        QVERIFY(dialog);
        answer(dialog);
    });
    window.annotateWorkspace()->actions().chooseAnnotator->trigger();
    QVERIFY(answered);
}

void TestAnnotationView::clickRadio(QRadioButton *button)
{
    // On the indicator: the button is wider than what it reacts to.
    QTest::mouseClick(button, Qt::LeftButton, {}, QPoint(button->height() / 2, button->height() / 2));
}

void TestAnnotationView::rateFirstCard(MainWindow &window, Qt::Key key)
{
    QTRY_VERIFY(window.annotationView()->documentId() != 0);
    auto *row = window.annotationView()->cards()[0]->likertRows().front();
    row->setFocus();
    QTest::keyClick(row, key);
    QTRY_COMPARE(row->value(), std::optional<double>(key - Qt::Key_0));
}

void TestAnnotationView::rateRankMarkExplainAndReopen()
{
    const QString path = newStudy();
    Id doc1 = 0;
    std::vector<Id> order;
    {
        MainWindow window;
        openAs(window, path, QStringLiteral("alice"));
        AnnotationView *view = window.annotationView();
        doc1 = view->documentId();
        order = view->shownOrder();
        QCOMPARE(view->cards().size(), std::size_t(3));
        QCOMPARE(view->candidateTitles(),
                 (QStringList{QStringLiteral("Summary A"), QStringLiteral("Summary B"), QStringLiteral("Summary C")}));

        // Likert: keys on the focused row; Right steps, Delete clears, 7 is off a 1-5 scale and ignored.
        for (std::size_t i = 0; i < view->cards().size(); ++i) {
            concord::ui::LikertRow *row = view->cards()[i]->likertRows().front();
            row->setFocus();
            QTRY_VERIFY(row->hasFocus());
            QTest::keyClick(row, static_cast<Qt::Key>(Qt::Key_2 + static_cast<int>(i)));
            QCOMPARE(row->value(), std::optional<double>(2 + static_cast<int>(i)));
        }
        concord::ui::LikertRow *first = view->cards()[0]->likertRows().front();
        QTest::keyClick(first, Qt::Key_Right);
        QCOMPARE(first->value(), std::optional<double>(3));
        QTest::keyClick(first, Qt::Key_7);
        QCOMPARE(first->value(), std::optional<double>(3));
        QVERIFY(first->toolTip().contains(QStringLiteral("Is each sentence well formed?")));
        QVERIFY(first->toolTip().contains(QStringLiteral("5 – Flawless")));
        // A mouse click on a scale button works too.
        concord::ui::LikertRow *last = view->cards()[2]->likertRows().front();
        QTest::mouseClick(last->button(5), Qt::LeftButton);
        QCOMPARE(last->value(), std::optional<double>(5));

        // Ranking, competition entry with a tie: digits on the rows, the next row comes up by itself.
        auto *overall = panel(view, "overall");
        QVERIFY(overall);
        overall->table()->setFocus();
        overall->table()->setCurrentIndex(overall->model()->index(0, RankingModel::RankColumn));
        QTest::keyClick(overall->table(), Qt::Key_1);
        QTest::keyClick(overall->table(), Qt::Key_1);
        QTest::keyClick(overall->table(), Qt::Key_3);
        QTRY_COMPARE(overall->model()->state(), RankingModel::State::Complete);
        QVERIFY2(overall->statusLabel()->text().contains(QStringLiteral("competition")),
                 qPrintable(overall->statusLabel()->text()));
        QVERIFY(overall->statusLabel()->text().contains(QStringLiteral("1, 1, 3")));
        // Dense entry with a tie on the other dimension: stored as entered, shown normalised.
        auto *missing = panel(view, "missing");
        missing->table()->setFocus();
        missing->table()->setCurrentIndex(missing->model()->index(0, RankingModel::RankColumn));
        QTest::keyClick(missing->table(), Qt::Key_1);
        QTest::keyClick(missing->table(), Qt::Key_1);
        QTest::keyClick(missing->table(), Qt::Key_2);
        QTRY_COMPARE(missing->model()->state(), RankingModel::State::Complete);
        QVERIFY2(missing->statusLabel()->text().contains(QStringLiteral("dense")),
                 qPrintable(missing->statusLabel()->text()));
        QCOMPARE(missing->model()->index(0, RankingModel::NormalisedColumn).data().toInt(), 1);
        QCOMPARE(missing->model()->index(1, RankingModel::NormalisedColumn).data().toInt(), 1);
        QCOMPARE(missing->model()->index(2, RankingModel::NormalisedColumn).data().toInt(), 3);

        // Two overlapping factual-error spans on the summary with the emoji, selected with the keyboard.
        CandidateCard *emoji = cardOf(view, AnnotationStudy::emojiSummary());
        QVERIFY(emoji);
        QPlainTextEdit *text = emoji->textView();
        text->setFocus();
        QTRY_VERIFY(text->hasFocus());
        const auto select = [text](int from, int count) {
            QTest::keyClick(text, Qt::Key_Home, Qt::ControlModifier);
            for (int i = 0; i < from; ++i)
                QTest::keyClick(text, Qt::Key_Right);
            for (int i = 0; i < count; ++i)
                QTest::keyClick(text, Qt::Key_Right, Qt::ShiftModifier);
        };
        select(4, 7); // "mayor 😀": 7 characters, 8 UTF-16 units
        QCOMPARE(text->textCursor().selectedText(), QStringLiteral("mayor 😀"));
        QTest::keyClick(text, Qt::Key_E);
        QTRY_COMPARE(emoji->spanModel()->rowCount(), 1);
        select(10, 8); // "😀 opened"
        QTest::keyClick(text, Qt::Key_E);
        QTRY_COMPARE(emoji->spanModel()->rowCount(), 2);
        QCOMPARE(emoji->highlightedRanges().size(), 2);
        QCOMPARE(emoji->highlightedRanges().at(0), (QPair<int, int>(4, 8)));
        QCOMPARE(emoji->highlightedRanges().at(1), (QPair<int, int>(10, 9)));
        // A note, typed into the list.
        QTableView *spans = emoji->spanTable();
        spans->setFocus();
        spans->setCurrentIndex(emoji->spanModel()->index(1, concord::ui::ErrorSpanModel::NoteColumn));
        QTest::keyClick(spans, Qt::Key_F2);
        QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("no emoji in the article"));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
        QTRY_COMPARE(emoji->spanModel()->index(1, concord::ui::ErrorSpanModel::NoteColumn).data().toString(),
                     QStringLiteral("no emoji in the article"));

        // Pyramid units: Space on the list marks present, again absent.
        QListView *units = emoji->unitList();
        QVERIFY(units);
        units->setFocus();
        units->setCurrentIndex(emoji->unitModel()->index(0));
        QTest::keyClick(units, Qt::Key_Space);
        QTRY_COMPARE(emoji->unitModel()->mark(0), std::optional<bool>(true));
        units->setCurrentIndex(emoji->unitModel()->index(1));
        QTest::keyClick(units, Qt::Key_Space);
        QTest::keyClick(units, Qt::Key_Space);
        QTRY_COMPARE(emoji->unitModel()->mark(1), std::optional<bool>(false));

        // Explanations: of the overall ranking and of the document.
        concord::ui::ExplanationBox *why = overall->explanation();
        QVERIFY(why);
        why->setFocus();
        QTest::keyClicks(why, QStringLiteral("A and B tie."));
        QVERIFY(view->documentExplanation());
        view->documentExplanation()->setFocus();
        QTest::keyClicks(view->documentExplanation(), QStringLiteral("Hard one."));
    }

    // Everything is in the file, as shown.
    auto study = reopen(path);
    const Id alice = study->raterId("alice").value();
    const auto j = study->judgementsOf(alice, doc1);
    const Id fluency = study->dimensionId("fluency").value();
    const Id overall = study->dimensionId("overall").value();
    const Id missing = study->dimensionId("missing").value();
    QCOMPARE(j.order->candidates, order);
    QCOMPARE(j.order->seed, concord::store::PresentationShuffle::seedFor("alice", "doc-1"));
    QCOMPARE(j.ratings.at({order[0], fluency}), 3.0);
    QCOMPARE(j.ratings.at({order[1], fluency}), 3.0);
    QCOMPARE(j.ratings.at({order[2], fluency}), 5.0);
    QCOMPARE(j.rankings.at(overall).at(order[0]), 1);
    QCOMPARE(j.rankings.at(overall).at(order[1]), 1);
    QCOMPARE(j.rankings.at(overall).at(order[2]), 3);
    QCOMPARE(j.rankings.at(missing).at(order[0]), 1); // dense, as entered
    QCOMPARE(j.rankings.at(missing).at(order[1]), 1);
    QCOMPARE(j.rankings.at(missing).at(order[2]), 2);
    QCOMPARE(j.errorSpans.size(), std::size_t(2));
    QCOMPARE(j.errorSpans[0].start, 4);
    QCOMPARE(j.errorSpans[0].end, 11);
    QCOMPARE(j.errorSpans[0].quote, std::string("mayor 😀"));
    QCOMPARE(j.errorSpans[1].start, 10);
    QCOMPARE(j.errorSpans[1].end, 18);
    QCOMPARE(j.errorSpans[1].quote, std::string("😀 opened"));
    QCOMPARE(j.errorSpans[1].note, std::string("no emoji in the article"));
    const Id emojiCandidate = j.errorSpans[0].candidateId;
    QCOMPARE(j.unitMarks.at({emojiCandidate, 0}), true);
    QCOMPARE(j.unitMarks.at({emojiCandidate, 1}), false);
    QCOMPARE(j.explanations.at(overall), std::string("A and B tie."));
    QCOMPARE(j.explanations.at(0), std::string("Hard one."));

    // And shown the same after reopening in the window.
    MainWindow window;
    openAs(window, path, QStringLiteral("alice"));
    QCOMPARE(window.annotationView()->shownOrder(), order);
    CandidateCard *emoji = cardOf(window.annotationView(), AnnotationStudy::emojiSummary());
    QCOMPARE(emoji->highlightedRanges().at(0), (QPair<int, int>(4, 8)));
    QCOMPARE(emoji->highlightedRanges().at(1), (QPair<int, int>(10, 9)));
    QCOMPARE(panel(window.annotationView(), "overall")->explanation()->toPlainText(), QStringLiteral("A and B tie."));
}

// The quickest way through a card's content units is one key each: Y (or 1) present, N (or 0) absent, each
// going on to the next unit, and after the last one to what is left (the next card, then the rankings).
// Two Space presses had been needed for every absent unit, and nothing moved on.
void TestAnnotationView::contentUnitsTakeOneKeyEach()
{
    MainWindow window;
    openAs(window, newStudy(1), QStringLiteral("ivy"));
    AnnotationView *view = window.annotationView();
    const std::vector<CandidateCard *> cards = view->cards();
    QCOMPARE(cards.size(), std::size_t(3));
    int presses = 0;
    const auto press = [&presses](Qt::Key key) {
        QWidget *focus = QApplication::focusWidget();
        QVERIFY(focus);
        QTest::keyClick(focus, key);
        ++presses;
    };
    for (std::size_t i = 0; i < cards.size(); ++i) {
        CandidateCard *card = cards[i];
        QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget *>(card->likertRows().front()));
        press(Qt::Key_4);
        press(Qt::Key_Down);
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget *>(card->unitList()));
        // Entered at its first unit not answered.
        QCOMPARE(card->unitList()->currentIndex().row(), 0);
        press(i == 1 ? Qt::Key_N : Qt::Key_Y);
        QCOMPARE(card->unitList()->currentIndex().row(), 1);
        press(i == 2 ? Qt::Key_1 : Qt::Key_0);
        QCOMPARE(card->unitModel()->mark(0), std::optional<bool>(i != 1));
        QCOMPARE(card->unitModel()->mark(1), std::optional<bool>(i == 2));
        QCOMPARE(card->unitModel()->index(1).data().toString().section(QLatin1Char(':'), 0, 0),
                 i == 2 ? QStringLiteral("present") : QStringLiteral("absent"));
    }
    // A rating and a key per unit, no recovery step: then the keyboard is on the rankings.
    QCOMPARE(presses, 12);
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget *>(view->rankingPanels().front()->table()));

    // Delete takes an answer back: the unit is not answered again, and that is where the work is now.
    QListView *units = cards[1]->unitList();
    units->setFocus();
    units->setCurrentIndex(cards[1]->unitModel()->index(1));
    QTest::keyClick(units, Qt::Key_Delete);
    QCOMPARE(cards[1]->unitModel()->mark(1), std::nullopt);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget *>(units));
    cards[0]->likertRows().front()->setFocus();
    view->focusFirstQuestion();
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget *>(units));
    QCOMPARE(units->currentIndex().row(), 1);

    auto study = reopen(window.session()->path());
    const Id ivy = study->raterId("ivy").value();
    const auto marks = study->judgementsOf(ivy, view->documentId()).unitMarks;
    QCOMPARE(marks.size(), std::size_t(5));
    QCOMPARE(marks.at({cards[1]->candidateId(), 0}), false);
    QCOMPARE(marks.at({cards[2]->candidateId(), 1}), true);
}

void TestAnnotationView::undoAndRedoWriteThroughTheStore()
{
    const QString path = newStudy();
    MainWindow window;
    openAs(window, path, QStringLiteral("bob"));
    AnnotationView *view = window.annotationView();
    const Id doc = view->documentId();
    QUndoStack *stack = window.session()->undoStack();
    auto *row = view->cards()[0]->likertRows().front();
    const Id candidate = view->cards()[0]->candidateId();
    const Id fluency = row->dimension().id;
    const Id bob = window.annotationEditor()->rater();
    const auto stored = [&] { return window.session()->study()->rating(bob, candidate, fluency); };

    row->setFocus();
    QTest::keyClick(row, Qt::Key_4);
    QTest::keyClick(row, Qt::Key_2);
    QCOMPARE(stored(), std::optional<double>(2));
    QCOMPARE(stack->count(), 2);
    // Ctrl+Z in the window undoes through the store, and the row follows.
    QTest::keyClick(row, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(stored(), std::optional<double>(4));
    QCOMPARE(row->value(), std::optional<double>(4));
    QTest::keyClick(row, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(stored(), std::nullopt);
    QCOMPARE(row->value(), std::nullopt);
    QTest::keyClick(row, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(stored(), std::optional<double>(4));

    // A burst of typing in an explanation is one undo step; Ctrl+Z inside the box is the window's undo.
    auto *box = view->documentExplanation();
    box->setFocus();
    const int before = stack->index();
    QTest::keyClicks(box, QStringLiteral("Typed in one go"));
    QCOMPARE(stack->index(), before + 1);
    QCOMPARE(stack->count(), stack->index());
    const auto explanation = [&] {
        const auto e = window.session()->study()->judgementsOf(bob, doc).explanations;
        return e.count(0) ? e.at(0) : std::string();
    };
    QCOMPARE(explanation(), std::string("Typed in one go"));
    QTest::keyClick(box, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(explanation(), std::string());
    QCOMPARE(box->toPlainText(), QString());
    QTest::keyClick(box, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(explanation(), std::string("Typed in one go"));
    QCOMPARE(box->toPlainText(), QStringLiteral("Typed in one go"));

    // Deleting a span and undoing it brings back the same span (named by its content: the row may be new, as on a
    // team study whose edits wait in a journal), then redo removes it again.
    CandidateCard *card = view->cards()[1];
    QTextCursor cursor = card->textView()->textCursor();
    cursor.setPosition(0);
    cursor.setPosition(7, QTextCursor::KeepAnchor);
    card->textView()->setTextCursor(cursor);
    card->textView()->setFocus();
    QTest::keyClick(card->textView(), Qt::Key_E);
    QTRY_COMPARE(card->spanModel()->rowCount(), 1);
    const auto marked = window.session()->study()->errorSpansOf(card->candidateId()).at(0);
    card->spanTable()->setFocus();
    card->spanTable()->setCurrentIndex(card->spanModel()->index(0, 0));
    QTest::keyClick(card->spanTable(), Qt::Key_Delete);
    QTRY_COMPARE(card->spanModel()->rowCount(), 0);
    QVERIFY(window.session()->study()->errorSpansOf(card->candidateId()).empty());
    stack->undo();
    QTRY_COMPARE(card->spanModel()->rowCount(), 1);
    const auto back = window.session()->study()->errorSpansOf(card->candidateId()).at(0);
    QCOMPARE(back.start, marked.start);
    QCOMPARE(back.end, marked.end);
    QVERIFY(back.quote == marked.quote);
    stack->redo();
    QTRY_COMPARE(card->spanModel()->rowCount(), 0);
    // The Delete Error button removes only a span somebody picked, never the list's first by default.
    card->textView()->setTextCursor(cursor);
    card->textView()->setFocus();
    QTest::keyClick(card->textView(), Qt::Key_E);
    QTRY_COMPARE(card->spanModel()->rowCount(), 1);
    auto *deleteButton = card->findChild<QPushButton *>(QStringLiteral("deleteSpanButton"));
    QVERIFY(deleteButton);
    QTRY_VERIFY(deleteButton->isVisible());
    QVERIFY(card->spanTable()->selectionModel()->selectedIndexes().isEmpty());
    QTest::mouseClick(deleteButton, Qt::LeftButton);
    QCOMPARE(card->spanModel()->rowCount(), 1);
    QCOMPARE(window.session()->study()->errorSpansOf(card->candidateId()).size(), std::size_t{1});
    card->spanTable()->selectRow(0);
    QTest::mouseClick(deleteButton, Qt::LeftButton);
    QTRY_COMPARE(card->spanModel()->rowCount(), 0);
    QVERIFY(window.session()->study()->errorSpansOf(card->candidateId()).empty());

    // Undoing an edit of another document brings that document back into view.
    window.documentList()->setFocus();
    QTest::keyClick(window.documentList(), Qt::Key_Down, Qt::AltModifier);
    QTRY_VERIFY(view->documentId() != doc);
    stack->undo(); // the span deletion, on the first document
    QTRY_COMPARE(view->documentId(), doc);
}

// The Delete Error button is reached by Tab from the error list while an error is picked there, framed while it has
// the keyboard (it had never taken the focus); Space deletes the picked error and the keyboard goes back to the list.
// With nothing picked it is disabled and Tab goes past it: Delete in the list is the way there.
void TestAnnotationView::deleteErrorButtonTakesTheKeyboard()
{
    MainWindow window;
    openAs(window, newStudy(1), QStringLiteral("dora"));
    CandidateCard *card = window.annotationView()->cards()[0];
    QTextCursor cursor = card->textView()->textCursor();
    for (const auto &[from, to] : {std::pair{0, 4}, std::pair{6, 10}}) {
        cursor.setPosition(from);
        cursor.setPosition(to, QTextCursor::KeepAnchor);
        card->textView()->setTextCursor(cursor);
        card->textView()->setFocus();
        QTest::keyClick(card->textView(), Qt::Key_E);
    }
    QTRY_COMPARE(card->spanModel()->rowCount(), 2);
    QTableView *list = card->spanTable();
    auto *button = card->findChild<QPushButton *>(QStringLiteral("deleteSpanButton"));
    QVERIFY(button);
    auto *mark = button->findChild<concord::ui::FocusMark *>();
    QVERIFY(mark);
    QTRY_VERIFY(button->isVisible());
    QCOMPARE(button->focusPolicy(), Qt::TabFocus);

    // Nothing picked (the list's current cell is not a selection): nothing to delete, and Tab goes past the button.
    list->setFocus(Qt::TabFocusReason);
    QVERIFY(!list->selectionModel()->hasSelection());
    QVERIFY(!button->isEnabled());
    QTest::keyClick(list, Qt::Key_Tab);
    QVERIFY(QApplication::focusWidget() != button);
    QVERIFY(!mark->isMarked());

    // Down picks the second error; Tab goes to the button, framed.
    list->setFocus(Qt::TabFocusReason);
    list->selectionModel()->setCurrentIndex(card->spanModel()->index(0, ErrorSpanModel::NoteColumn),
                                            QItemSelectionModel::NoUpdate);
    QTest::keyClick(list, Qt::Key_Down);
    QVERIFY(list->selectionModel()->hasSelection());
    const Id picked = card->spanModel()->index(1, 0).data(ErrorSpanModel::SpanIdRole).toLongLong();
    const Id kept = card->spanModel()->index(0, 0).data(ErrorSpanModel::SpanIdRole).toLongLong();
    QVERIFY(button->isEnabled());
    QTest::keyClick(list, Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget *>(button));
    QVERIFY(mark->isMarked());
    QVERIFY(mark->isVisible());
    QCOMPARE(mark->geometry(), button->rect());

    // Space deletes the picked error, and the keyboard is back in the list (the button, with nothing picked, is
    // disabled again).
    QTest::keyClick(button, Qt::Key_Space);
    QTRY_COMPARE(card->spanModel()->rowCount(), 1);
    QCOMPARE(card->spanModel()->index(0, 0).data(ErrorSpanModel::SpanIdRole).toLongLong(), kept);
    const auto left = window.session()->study()->errorSpansOf(card->candidateId());
    QCOMPARE(left.size(), std::size_t{1});
    QCOMPARE(left.front().id, kept);
    QVERIFY(left.front().id != picked);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget *>(list));
    QVERIFY(!button->isEnabled());
    QVERIFY(!mark->isMarked());
}

void TestAnnotationView::dragIntoTiers()
{
    MainWindow window;
    openAs(window, newStudy(), QStringLiteral("carol"));
    auto *overall = panel(window.annotationView(), "overall");
    concord::ui::RankTierBoard *board = overall->board();
    const auto drag = [board](int row, int tier) {
        const QPoint from = board->chipRect(row).center();
        const QPoint to = board->tierRect(tier).center() + QPoint(board->width() / 3, 0);
        QTest::mousePress(board, Qt::LeftButton, {}, from);
        QTest::mouseMove(board, (from + to) / 2);
        QTest::mouseMove(board, to);
        QTest::mouseRelease(board, Qt::LeftButton, {}, to);
    };
    QCOMPARE(overall->model()->state(), RankingModel::State::Empty);
    drag(0, 1);
    QTRY_COMPARE(overall->model()->rankOf(0), std::optional<int>(1));
    QCOMPARE(overall->model()->state(), RankingModel::State::Incomplete);
    drag(1, 1); // a tie
    drag(2, 2); // dense: the next tier after a tie of two
    QTRY_COMPARE(overall->model()->state(), RankingModel::State::Complete);
    QCOMPARE(overall->model()->index(2, RankingModel::NormalisedColumn).data().toInt(), 3);
    QVERIFY(overall->statusLabel()->text().contains(QStringLiteral("dense")));
    drag(2, 0); // back to unranked
    QTRY_COMPARE(overall->model()->rankOf(2), std::nullopt);
    const auto stored = window.session()->study()->judgementsOf(window.annotationEditor()->rater(),
                                                                window.annotationView()->documentId());
    QCOMPARE(stored.rankings.at(overall->dimension().id).size(), std::size_t(2));
}

void TestAnnotationView::impossibleAndIncompleteRankingsAreFlagged()
{
    MainWindow window;
    openAs(window, newStudy(), QStringLiteral("dave"));
    auto *overall = panel(window.annotationView(), "overall");
    QTableView *table = overall->table();
    table->setFocus();
    table->setCurrentIndex(overall->model()->index(0, RankingModel::RankColumn));
    QTest::keyClick(table, Qt::Key_1);
    QTest::keyClick(table, Qt::Key_3);
    QTest::keyClick(table, Qt::Key_3);
    // "1, 3, 3" is neither competition nor dense: flagged, and stored as entered, not fixed.
    QTRY_COMPARE(overall->model()->state(), RankingModel::State::Impossible);
    QVERIFY(overall->statusLabel()->text().startsWith(QStringLiteral("⚠")));
    const Id dave = window.annotationEditor()->rater();
    const Id doc = window.annotationView()->documentId();
    auto ranks = window.session()->study()->judgementsOf(dave, doc).rankings.at(overall->dimension().id);
    QCOMPARE(ranks.at(overall->model()->candidates()[1]), 3);
    // A rank above the number of summaries is refused with a message, nothing written.
    QSignalSpy failed(overall->model(), &RankingModel::editFailed);
    QVERIFY(!overall->model()->setData(overall->model()->index(0, RankingModel::RankColumn), 9));
    QCOMPARE(failed.count(), 1);
    // Delete clears one rank: incomplete.
    table->setCurrentIndex(overall->model()->index(2, RankingModel::RankColumn));
    QTest::keyClick(table, Qt::Key_Delete);
    table->setCurrentIndex(overall->model()->index(1, RankingModel::RankColumn));
    QTest::keyClick(table, Qt::Key_2);
    QTRY_COMPARE(overall->model()->state(), RankingModel::State::Incomplete);
    QVERIFY(overall->statusLabel()->text().contains(QStringLiteral("2 of 3")));
    // The document is not finished, and the list says how far it is.
    const QModelIndex progress
        = window.documentList()->model()->index(0, concord::ui::DocumentListModel::ProgressColumn);
    QVERIFY(!progress.data(concord::ui::DocumentListModel::FinishedRole).toBool());
}

void TestAnnotationView::countsFollowEveryEdit()
{
    MainWindow window;
    openAs(window, newStudy(3), QStringLiteral("gail"));
    AnnotationView *view = window.annotationView();
    const Id doc = view->documentId();
    QTableView *list = window.documentList();
    const auto *counts = window.statusBar()->findChild<QLabel *>(QStringLiteral("studyCounts"));
    QVERIFY(counts);
    int row = -1;
    for (int r = 0; r < list->model()->rowCount(); ++r)
        if (list->model()->index(r, 0).data(DocumentListModel::DocumentIdRole).toLongLong() == doc)
            row = r;
    QVERIFY(row >= 0);
    const auto cell = [&](int column) { return list->model()->index(row, column).data(); };
    // The list's counts come from a worker: wait for them before the first edit.
    QTRY_VERIFY(!cell(DocumentListModel::JudgementsColumn).isNull());
    const qlonglong listBefore = cell(DocumentListModel::JudgementsColumn).toLongLong();
    const qlonglong studyBefore = window.session()
                                      ->read([](concord::store::Study &s) {
                                          const auto c = s.counts();
                                          return c.ratings + c.rankings + c.errorSpans + c.pairwiseOutcomes;
                                      })
                                      .value();
    const auto judgementsText = [](qlonglong n) { return QStringLiteral("Judgements: %1").arg(QLocale().toString(n)); };
    QVERIFY2(counts->text().contains(judgementsText(studyBefore)), qPrintable(counts->text()));
    const QString progressBefore = cell(DocumentListModel::ProgressColumn).toString();

    // A rating typed on a card: the row, its progress and the status bar follow without a reload.
    auto *likert = view->cards()[0]->likertRows().front();
    likert->setFocus();
    QTest::keyClick(likert, Qt::Key_4);
    QTRY_COMPARE(cell(DocumentListModel::JudgementsColumn).toLongLong(), listBefore + 1);
    QTRY_VERIFY2(counts->text().contains(judgementsText(studyBefore + 1)), qPrintable(counts->text()));
    QVERIFY(cell(DocumentListModel::ProgressColumn).toString() != progressBefore);

    // An error span, then undo and redo of it.
    CandidateCard *card = view->cards()[0];
    QTextCursor cursor = card->textView()->textCursor();
    cursor.setPosition(0);
    cursor.setPosition(3, QTextCursor::KeepAnchor);
    card->textView()->setTextCursor(cursor);
    QVERIFY(card->markSelection());
    QTRY_COMPARE(cell(DocumentListModel::JudgementsColumn).toLongLong(), listBefore + 2);
    QTRY_VERIFY2(counts->text().contains(judgementsText(studyBefore + 2)), qPrintable(counts->text()));
    window.session()->undoStack()->undo();
    window.session()->undoStack()->undo();
    QTRY_COMPARE(cell(DocumentListModel::JudgementsColumn).toLongLong(), listBefore);
    QTRY_VERIFY2(counts->text().contains(judgementsText(studyBefore)), qPrintable(counts->text()));
    QCOMPARE(cell(DocumentListModel::ProgressColumn).toString(), progressBefore);
    window.session()->undoStack()->redo();
    QTRY_COMPARE(cell(DocumentListModel::JudgementsColumn).toLongLong(), listBefore + 1);
    QTRY_VERIFY2(counts->text().contains(judgementsText(studyBefore + 1)), qPrintable(counts->text()));
}

void TestAnnotationView::progressColumnInSightAtDefaultSize()
{
    // The window as it first opens, at its own default size.
    MainWindow window;
    QVERIFY(window.openStudy(newStudy(3)).ok());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTableView *list = window.documentList();
    QTRY_VERIFY(list->model()->rowCount() > 0);
    const QRect progress = list->visualRect(list->model()->index(0, DocumentListModel::ProgressColumn));
    QVERIFY2(!progress.isEmpty() && list->viewport()->rect().contains(progress),
             qPrintable(QStringLiteral("progress cell %1,%2 %3x%4 in a viewport %5 wide")
                            .arg(progress.x())
                            .arg(progress.y())
                            .arg(progress.width())
                            .arg(progress.height())
                            .arg(list->viewport()->width())));
}

void TestAnnotationView::teamCommitsKeepThePlace()
{
    MainWindow window;
    const QString path = newStudy(3);
    openAs(window, path, QStringLiteral("hana"));
    AnnotationView *view = window.annotationView();
    QTableView *list = window.documentList();
    const auto *counts = window.statusBar()->findChild<QLabel *>(QStringLiteral("studyCounts"));
    QVERIFY(counts);
    const Id first = view->documentId();
    // Hana's place: the second document, one answer given there (an edit she may undo).
    list->setFocus();
    QTest::keyClick(list, Qt::Key_Down);
    QTRY_VERIFY(view->documentId() != first);
    const Id shown = view->documentId();
    auto *likert = view->cards()[0]->likertRows().front();
    likert->setFocus();
    QTest::keyClick(likert, Qt::Key_4);
    QTRY_COMPARE(window.session()->undoStack()->count(), 1);
    const qlonglong judgements = window.session()
                                     ->read([](concord::store::Study &s) {
                                         const auto c = s.counts();
                                         return c.ratings + c.rankings + c.errorSpans + c.pairwiseOutcomes;
                                     })
                                     .value();
    const auto judgementsText = [](qlonglong n) { return QStringLiteral("Judgements: %1").arg(QLocale().toString(n)); };
    QTRY_VERIFY2(counts->text().contains(judgementsText(judgements)), qPrintable(counts->text()));
    const auto firstRow = [&] {
        for (int r = 0; r < list->model()->rowCount(); ++r)
            if (list->model()->index(r, 0).data(DocumentListModel::DocumentIdRole).toLongLong() == first)
                return r;
        return -1;
    }();
    QVERIFY(firstRow >= 0);
    const auto progressOfFirst
        = [&] { return list->model()->index(firstRow, DocumentListModel::ProgressColumn).data().toString(); };
    const QString progressBefore = progressOfFirst();
    const auto judgementsOfFirst
        = [&] { return list->model()->index(firstRow, DocumentListModel::JudgementsColumn).data().toLongLong(); };
    QTRY_VERIFY(!list->model()->index(firstRow, DocumentListModel::JudgementsColumn).data().isNull());
    const qlonglong firstBefore = judgementsOfFirst();

    // She is marking words in the first summary when the team's work arrives.
    const QPointer<CandidateCard> card = view->cards()[0];
    QTextCursor marking = card->textView()->textCursor();
    marking.setPosition(0);
    marking.setPosition(3, QTextCursor::KeepAnchor);
    card->textView()->setTextCursor(marking);
    card->textView()->setFocus();
    QTRY_COMPARE(QApplication::focusWidget(), card->textView());

    // Hana's answers on the first document committed by another connection (her laptop, as a team
    // study's server would announce them), and another rater's: the numbers follow, her place stays.
    {
        auto study = reopen(path);
        const Id hana = *study->raterId("hana");
        const auto candidates = study->candidatesOf(first);
        Id likertDimension = 0;
        for (const auto &dimension : study->dimensions())
            if (dimension.kind == concord::model::DimensionKind::Likert && likertDimension == 0)
                likertDimension = dimension.id;
        QVERIFY(likertDimension != 0);
        const concord::Status written = study->write([&] {
            study->setRating(hana, candidates.front().id, likertDimension, 2);
            const Id other = study->ensureRater({0, "ida", concord::model::RaterKind::Human, "expert", {}, {}, {}, {}});
            study->setRating(other, candidates.front().id, likertDimension, 5);
        });
        QVERIFY2(written.ok(), written.ok() ? "" : written.error().describe().c_str());
    }
    Q_EMIT window.session()->contentChanged();
    QTRY_VERIFY2(counts->text().contains(judgementsText(judgements + 2)), qPrintable(counts->text()));
    QTRY_VERIFY(progressOfFirst() != progressBefore);
    QTRY_COMPARE(judgementsOfFirst(), firstBefore + 2);
    QCOMPARE(view->documentId(), shown);
    QVERIFY2(card, "the summary's card was built again");
    QCOMPARE(view->cards()[0], card.data());
    QCOMPARE(card->textView()->textCursor().selectedText().size(), 3);
    QCOMPARE(QApplication::focusWidget(), card->textView());
    QCOMPARE(window.session()->undoStack()->count(), 1);
    QVERIFY(window.progressLabel()->text().startsWith(QStringLiteral("hana:")));
    // Her own edit still undoes.
    window.session()->undoStack()->undo();
    QTRY_VERIFY2(counts->text().contains(judgementsText(judgements + 1)), qPrintable(counts->text()));
}

void TestAnnotationView::navigateAndShowProgress()
{
    MainWindow window;
    openAs(window, newStudy(3), QStringLiteral("erin"));
    AnnotationView *view = window.annotationView();
    const Id first = view->documentId();
    QVERIFY(window.progressLabel()->text().contains(QStringLiteral("0 of 3")));

    // Finish the first document entirely, by keyboard where the view offers it.
    auto finish = [&] {
        for (auto *card : view->cards()) {
            auto *row = card->likertRows().front();
            row->setFocus();
            QTest::keyClick(row, Qt::Key_3);
            if (auto *units = card->unitList()) {
                units->setFocus();
                for (int u = 0; u < card->unitModel()->rowCount(); ++u) {
                    units->setCurrentIndex(card->unitModel()->index(u));
                    QTest::keyClick(units, Qt::Key_Space);
                }
            }
        }
        for (auto *p : view->rankingPanels()) {
            p->table()->setFocus();
            p->table()->setCurrentIndex(p->model()->index(0, RankingModel::RankColumn));
            for (int i = 0; i < p->model()->rowCount(); ++i)
                QTest::keyClick(p->table(), static_cast<Qt::Key>(Qt::Key_1 + i));
            if (p->explanation()) {
                p->explanation()->setFocus();
                QTest::keyClicks(p->explanation(), QStringLiteral("why"));
            }
        }
        view->documentExplanation()->setFocus();
        QTest::keyClicks(view->documentExplanation(), QStringLiteral("done"));
    };
    finish();
    QTRY_VERIFY(window.progressLabel()->text().contains(QStringLiteral("1 of 3")));
    QVERIFY(window.documentList()
                ->model()
                ->index(0, concord::ui::DocumentListModel::ProgressColumn)
                .data()
                .toString()
                .contains(QStringLiteral("done")));

    // Alt+Down from inside the cards: the next document, the keyboard on its first question.
    auto *row = view->cards()[0]->likertRows().front();
    row->setFocus();
    QTest::keyClick(row, Qt::Key_Down, Qt::AltModifier);
    QTRY_VERIFY(view->documentId() != first);
    const Id second = view->documentId();
    QTRY_VERIFY(view->cards()[0]->likertRows().front()->hasFocus());
    // Next unfinished skips the finished first document when wrapping around.
    QTest::keyClick(view->cards()[0]->likertRows().front(), Qt::Key_N, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_VERIFY(view->documentId() != second);
    const Id third = view->documentId();
    QVERIFY(third != first);
    QVERIFY(window.nextUnfinished());
    QTRY_COMPARE(view->documentId(), second);
    // Alt+Up back; Ctrl+G goes to a document by its id.
    QTest::keyClick(view->cards()[0]->likertRows().front(), Qt::Key_Up, Qt::AltModifier);
    QTRY_COMPARE(view->documentId(), first);
    QTest::keyClick(window.documentList(), Qt::Key_G, Qt::ControlModifier);
    QTRY_VERIFY(window.documentFilter()->hasFocus());
    QTest::keyClicks(window.documentFilter(), QStringLiteral("doc-3"));
    QTest::keyClick(window.documentFilter(), Qt::Key_Return);
    QTRY_COMPARE(window.session()->study()->document(view->documentId())->externalId, std::string("doc-3"));
}

void TestAnnotationView::nextUnfinishedFollowsTheLabelPlan()
{
    // A judge scored every summary's fluency; a plan made for erin drew one summary of doc-5.
    const QString path = newStudy(6);
    Id planned = 0;
    {
        auto study = reopen(path);
        QVERIFY(study
                    ->write([&] {
                        const Id erin = study->ensureRater(
                            {0, "erin", concord::model::RaterKind::Human, "expert", {}, {}, {}, {}});
                        concord::model::Rater judge;
                        judge.name = "judge";
                        judge.kind = concord::model::RaterKind::Judge;
                        const Id j = study->ensureRater(judge);
                        const Id fluency = *study->dimensionId("fluency");
                        std::vector<concord::store::LabelPlanItem> items;
                        for (const auto &d : study->documentSummaries())
                            for (const auto &c : study->candidatesOf(d.id)) {
                                study->setRating(j, c.id, fluency, 3);
                                const bool drawn = d.externalId == "doc-5" && planned == 0;
                                if (drawn)
                                    planned = c.id;
                                items.push_back({c.id, drawn ? 0.5 : 0.1, drawn});
                            }
                        concord::store::LabelPlanRow plan;
                        plan.judge = j;
                        plan.dimension = fluency;
                        plan.annotator = erin;
                        plan.strategy = "uniform";
                        plan.budget = 1;
                        plan.uniformShare = 1;
                        study->addLabelPlan(plan, items);
                    })
                    .ok());
    }
    MainWindow window;
    openAs(window, path, QStringLiteral("erin"));
    AnnotationView *view = window.annotationView();
    const auto externalId = [&] { return window.session()->study()->document(view->documentId())->externalId; };
    QCOMPARE(externalId(), std::string("doc-1"));
    // Next unfinished goes to the plan's document, not to doc-2, and says why.
    QTest::keyClick(window.documentList(), Qt::Key_N, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_COMPARE(externalId(), std::string("doc-5"));
    QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("label plan")),
             qPrintable(window.statusBar()->currentMessage()));
    // Once the planned summary's fluency is rated, the plan asks for nothing more: the list's order again.
    CandidateCard *card = nullptr;
    for (auto *c : view->cards())
        if (c->candidateId() == planned)
            card = c;
    QVERIFY(card);
    auto *row = card->likertRows().front();
    row->setFocus();
    QTest::keyClick(row, Qt::Key_4);
    QTRY_VERIFY(reopen(path)->rating(*reopen(path)->raterId("erin"), planned, *reopen(path)->dimensionId("fluency")));
    QVERIFY(window.nextUnfinished());
    QTRY_COMPARE(externalId(), std::string("doc-6"));
}

void TestAnnotationView::nextUnfinishedFollowsTheAssignment()
{
    // The lead gave erin the even documents; frank has none assigned.
    const QString path = newStudy(6);
    {
        auto study = reopen(path);
        QVERIFY(study
                    ->write([&] {
                        const Id erin = study->ensureRater(
                            {0, "erin", concord::model::RaterKind::Human, "expert", {}, {}, {}, {}});
                        study->ensureRater({0, "frank", concord::model::RaterKind::Human, "expert", {}, {}, {}, {}});
                        std::vector<concord::store::AssignmentRow> rows;
                        for (const auto &d : study->documentSummaries())
                            if (d.externalId == "doc-2" || d.externalId == "doc-4" || d.externalId == "doc-6")
                                rows.push_back({erin, d.id, d.externalId == "doc-4", {}});
                        study->replaceAssignments(rows);
                    })
                    .ok());
    }
    {
        MainWindow window;
        openAs(window, path, QStringLiteral("erin"));
        AnnotationView *view = window.annotationView();
        const auto externalId = [&] { return window.session()->study()->document(view->documentId())->externalId; };
        // She starts at her own first document, and Next Unfinished takes her through hers only.
        QTRY_COMPARE(externalId(), std::string("doc-2"));
        QTest::keyClick(window.documentList(), Qt::Key_N, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_COMPARE(externalId(), std::string("doc-4"));
        QVERIFY(window.nextUnfinished());
        QTRY_COMPARE(externalId(), std::string("doc-6"));
        QVERIFY(window.nextUnfinished());
        QTRY_COMPARE(externalId(), std::string("doc-2"));
    }
    MainWindow window;
    openAs(window, path, QStringLiteral("frank"));
    AnnotationView *view = window.annotationView();
    const auto externalId = [&] { return window.session()->study()->document(view->documentId())->externalId; };
    QTRY_COMPARE(externalId(), std::string("doc-1"));
    QVERIFY(window.nextUnfinished());
    QTRY_COMPARE(externalId(), std::string("doc-2"));
}

void TestAnnotationView::returnedWorkShowsItsComment()
{
    // erin rated doc-1 and doc-2; the lead returned doc-1 with a comment and accepted doc-2.
    const QString path = newStudy(3);
    {
        auto study = reopen(path);
        QVERIFY(study
                    ->write([&] {
                        const Id erin = study->ensureRater(
                            {0, "erin", concord::model::RaterKind::Human, "expert", {}, {}, {}, {}});
                        const Id fluency = *study->dimensionId("fluency");
                        for (const char *doc : {"doc-1", "doc-2"})
                            study->setRating(erin, study->candidatesOf(*study->documentId(doc)).front().id, fluency, 2);
                    })
                    .ok());
        QVERIFY(concord::reports::recordDecision(*study, {"doc-1", "erin", "rejected",
                                                          "Fluency of the first summary "
                                                          "is too low",
                                                          std::nullopt, "lead"})
                    .ok());
        QVERIFY(concord::reports::recordDecision(*study, {"doc-2", "erin", "accepted", "", std::nullopt, "lead"}).ok());
    }
    MainWindow window;
    openAs(window, path, QStringLiteral("erin"));
    AnnotationView *view = window.annotationView();
    auto *banner = view->findChild<QLabel *>(QStringLiteral("annotatorBanner"));
    QVERIFY(banner);
    QTRY_COMPARE(window.session()->study()->document(view->documentId())->externalId, std::string("doc-1"));
    QVERIFY2(banner->text().contains(QStringLiteral("Returned by lead: Fluency of the first summary is too low")),
             qPrintable(banner->text()));
    QTest::keyClick(window.documentList(), Qt::Key_Down, Qt::AltModifier);
    QTRY_COMPARE(window.session()->study()->document(view->documentId())->externalId, std::string("doc-2"));
    QTRY_VERIFY2(banner->text().contains(QStringLiteral("Accepted by lead.")), qPrintable(banner->text()));
    QTest::keyClick(window.documentList(), Qt::Key_Down, Qt::AltModifier);
    QTRY_COMPARE(window.session()->study()->document(view->documentId())->externalId, std::string("doc-3"));
    QVERIFY2(!banner->text().contains(QStringLiteral("lead")), qPrintable(banner->text()));
}

void TestAnnotationView::orderIsStablePerAnnotatorAndDiffersBetweenAnnotators()
{
    const QString path = newStudy(6);
    std::vector<std::vector<Id>> alice;
    std::vector<std::vector<Id>> bob;
    const auto walk = [&](const QString &who, std::vector<std::vector<Id>> &orders) {
        MainWindow window;
        openAs(window, path, who);
        for (int i = 0; i < 6; ++i) {
            orders.push_back(window.annotationView()->shownOrder());
            QTest::keyClick(window.documentList(), Qt::Key_Down, Qt::AltModifier);
        }
    };
    walk(QStringLiteral("alice"), alice);
    std::vector<std::vector<Id>> again;
    walk(QStringLiteral("alice"), again);
    QCOMPARE(again, alice);
    walk(QStringLiteral("bob"), bob);
    int differ = 0;
    for (int i = 0; i < 6; ++i)
        differ += alice[static_cast<std::size_t>(i)] != bob[static_cast<std::size_t>(i)];
    QVERIFY2(differ >= 3, qPrintable(QString::number(differ)));
    // What was shown is what is stored, for each annotator.
    auto study = reopen(path);
    const auto orders = study->presentationOrders();
    QCOMPARE(orders.size(), std::size_t(12));
    const Id aliceId = study->raterId("alice").value();
    for (const auto &o : orders)
        if (o.rater == aliceId && o.document == study->documentId("doc-1").value())
            QCOMPARE(o.order.candidates, alice[0]);
}

void TestAnnotationView::mergePackagesAndRefuseAConflict()
{
    const QString lead = newStudy(2);
    const QString pkgAlice = m_dir.filePath(QStringLiteral("pkg-alice.concord"));
    const QString pkgBob = m_dir.filePath(QStringLiteral("pkg-bob.concord"));
    {
        // The lead registers the annotators and writes each a package.
        MainWindow window;
        openAs(window, lead, QStringLiteral("alice"));
        QVERIFY(window.createAnnotator(QStringLiteral("bob"), QStringLiteral("expert")).ok());
        QSignalSpy finished(&window, &MainWindow::jobFinished);
        QVERIFY(window.exportAnnotatorPackage(pkgAlice, QStringLiteral("alice")));
        QTRY_COMPARE(finished.count(), 1);
        QVERIFY(finished.at(0).at(0).toBool());
        QVERIFY(window.exportAnnotatorPackage(pkgBob, QStringLiteral("bob")));
        QTRY_COMPARE(finished.count(), 2);
        QVERIFY(finished.at(1).at(0).toBool());
    }
    // Each annotates their own copy in the GUI.
    for (const auto &[pkg, who, key] : {std::tuple{pkgAlice, QStringLiteral("alice"), Qt::Key_4},
                                        std::tuple{pkgBob, QStringLiteral("bob"), Qt::Key_2}}) {
        MainWindow window;
        openAs(window, pkg, who);
        auto *row = window.annotationView()->cards()[0]->likertRows().front();
        row->setFocus();
        QTest::keyClick(row, key);
        QTRY_COMPARE(row->value(), std::optional<double>(key - Qt::Key_0));
    }
    MainWindow window;
    openAs(window, lead, QStringLiteral("lead"));
    QSignalSpy finished(&window, &MainWindow::jobFinished);
    QVERIFY(window.mergeAnnotations(pkgAlice));
    QTRY_COMPARE(finished.count(), 1);
    QVERIFY(finished.at(0).at(0).toBool());
    QVERIFY(window.mergeAnnotations(pkgBob));
    QTRY_COMPARE(finished.count(), 2);
    QVERIFY(finished.at(1).at(0).toBool());
    {
        auto study = reopen(lead);
        const Id fluency = study->dimensionId("fluency").value();
        int ratings = 0;
        for (const auto &r : study->ratingsOn(fluency)) {
            ++ratings;
            QCOMPARE(r.value, r.rater == study->raterId("alice").value() ? 4.0 : 2.0);
        }
        QCOMPARE(ratings, 2);
        QCOMPARE(study->presentationOrders().size(), std::size_t(3)); // alice's, bob's, and the lead's own
    }
    // Alice changes her mind in her copy: merging again is a conflict, refused with a report.
    {
        auto pkg = reopen(pkgAlice);
        const Id alice = pkg->raterId("alice").value();
        const auto rows = pkg->ratingsOn(pkg->dimensionId("fluency").value());
        QVERIFY(pkg->write([&] { pkg->setRating(alice, rows.at(0).candidate, pkg->dimensionId("fluency").value(), 1); })
                    .ok());
    }
    QSignalSpy errors(&window, &MainWindow::errorShown);
    QVERIFY(window.mergeAnnotations(pkgAlice));
    QTRY_COMPARE(finished.count(), 3);
    QVERIFY(!finished.at(2).at(0).toBool());
    QCOMPARE(errors.count(), 1);
    const QString report = errors.at(0).at(1).toString();
    QVERIFY2(report.contains(QStringLiteral("nothing was merged")), qPrintable(report));
    QVERIFY2(report.contains(QStringLiteral("rated 4 here, 1 in the other study")), qPrintable(report));
    auto study = reopen(lead);
    for (const auto &r : study->ratingsOn(study->dimensionId("fluency").value()))
        QVERIFY(r.value != 1.0);
}

void TestAnnotationView::leadExportsAPackageForSomeoneElse()
{
    const QString lead = newStudy(2);
    const QString pkg = m_dir.filePath(QStringLiteral("pkg-carol.concord"));
    MainWindow window;
    openAs(window, lead, QStringLiteral("alice"));
    const std::int64_t raters = ratersIn(lead);
    QSignalSpy finished(&window, &MainWindow::jobFinished);
    // Carol is not a rater of the study: the package is hers all the same, the study stays as it was.
    QVERIFY(window.exportAnnotatorPackage(pkg, QStringLiteral("carol")));
    QTRY_COMPARE(finished.count(), 1);
    QVERIFY(finished.at(0).at(0).toBool());
    QCOMPARE(ratersIn(lead), raters);
    QVERIFY(!reopen(lead)->raterId("carol").has_value());
    QCOMPARE(window.annotationEditor()->annotatorName(), QStringLiteral("alice"));
    auto package = reopen(pkg);
    const auto carol = package->raterId("carol");
    QVERIFY(carol.has_value());
    for (const auto &r : package->raters())
        if (r.id == *carol)
            QVERIFY(r.kind == concord::model::RaterKind::Human);
    QCOMPARE(package->counts().documents, reopen(lead)->counts().documents);
    // The export dialog offers the study's annotators and takes a new name.
    std::unique_ptr<QInputDialog> dialog(window.annotateWorkspace()->createPackageExportDialog(&window));
    QVERIFY(dialog->isComboBoxEditable());
    QVERIFY(dialog->comboBoxItems().contains(QStringLiteral("alice")));
    QCOMPARE(dialog->textValue(), QStringLiteral("alice"));
}

void TestAnnotationView::packageExportTitleFits()
{
    const QString lead = newStudy(1);
    MainWindow window;
    QVERIFY(window.openStudy(lead).ok()); // a lead who is no annotator
    std::unique_ptr<QInputDialog> dialog(window.annotateWorkspace()->createPackageExportDialog(&window));
    QVERIFY(dialog->comboBoxItems().isEmpty());
    QVERIFY(dialog->isComboBoxEditable());
    const QFontMetrics metrics(dialog->font());
    QVERIFY(metrics.horizontalAdvance(dialog->windowTitle()) > 0);
    QVERIFY2(dialog->sizeHint().width() >= concord::ui::titleFitWidth(*dialog)
                 || dialog->minimumWidth() >= concord::ui::titleFitWidth(*dialog),
             qPrintable(QString::number(dialog->sizeHint().width())));
    dialog->show();
    QVERIFY(QTest::qWaitForWindowExposed(dialog.get()));
    QVERIFY2(dialog->width() >= concord::ui::titleFitWidth(*dialog), qPrintable(QString::number(dialog->width())));
}

void TestAnnotationView::mergeSummaryShownInFull()
{
    const QString lead = newStudy(2);
    const QString pkg = m_dir.filePath(QStringLiteral("pkg-dora.concord"));
    addRater(lead, "dora", "expert");
    {
        MainWindow window;
        openAs(window, lead, QStringLiteral("lead"));
        QSignalSpy finished(&window, &MainWindow::jobFinished);
        QVERIFY(window.exportAnnotatorPackage(pkg, QStringLiteral("dora")));
        QTRY_COMPARE(finished.count(), 1);
        QVERIFY(finished.at(0).at(0).toBool());
    }
    {
        MainWindow window;
        openAs(window, pkg, QStringLiteral("dora"));
        rateFirstCard(window, Qt::Key_3);
    }
    MainWindow window;
    openAs(window, lead, QStringLiteral("lead"));
    QSignalSpy finished(&window, &MainWindow::jobFinished);
    QVERIFY(window.mergeAnnotations(pkg));
    QTRY_COMPARE(finished.count(), 1);
    QVERIFY(finished.at(0).at(0).toBool());
    QDialog *summary = nullptr;
    QTRY_VERIFY((summary = window.findChild<QDialog *>(QStringLiteral("mergeSummary"))) != nullptr);
    auto *text = summary->findChild<QPlainTextEdit *>(QStringLiteral("mergeSummaryText"));
    QVERIFY(text);
    QVERIFY(text->isReadOnly());
    QVERIFY(summary->isVisible());
    QVERIFY(summary->width() >= concord::ui::titleFitWidth(*summary));
    // The whole description of what came in, from the package, not a cut-off line.
    const QString shown = text->toPlainText();
    QVERIFY2(shown.contains(QDir::toNativeSeparators(pkg)), qPrintable(shown));
    QVERIFY2(shown.contains(QStringLiteral("merged 1 ratings, 0 rankings, 0 error spans, 0 explanations, 0 unit "
                                           "marks and 1 presentation orders from 1 annotator (0 already here)")),
             qPrintable(shown));
    QCOMPARE(window.statusBar()->currentMessage(), shown.section(QLatin1Char('\n'), 1));
}

void TestAnnotationView::findInTheArticle()
{
    MainWindow window;
    openAs(window, newStudy(), QStringLiteral("frank"));
    window.documentList()->setFocus();
    QTest::keyClick(window.documentList(), Qt::Key_F, Qt::ControlModifier);
    auto *pane = window.annotationView()->articlePane();
    QTRY_VERIFY(pane->findField()->hasFocus());
    QTest::keyClicks(pane->findField(), QStringLiteral("the"));
    QTRY_COMPARE(pane->matchCount(), 2); // "The mayor ... the bridge", case-insensitive
    QCOMPARE(pane->articleView()->textCursor().selectedText().toLower(), QStringLiteral("the"));
    const int first = pane->articleView()->textCursor().selectionStart();
    QTest::keyClick(pane->findField(), Qt::Key_Return);
    QVERIFY(pane->articleView()->textCursor().selectionStart() != first);
    QTest::keyClick(pane->findField(), Qt::Key_Escape);
    QTRY_VERIFY(!pane->findField()->isVisible());
}

void TestAnnotationView::withoutAnAnnotatorNothingIsWritten()
{
    const QString path = newStudy();
    MainWindow window;
    QVERIFY(window.openStudy(path).ok());
    window.show();
    QTRY_VERIFY(window.annotationView()->documentId() != 0);
    auto *row = window.annotationView()->cards()[0]->likertRows().front();
    row->setFocus();
    QTest::keyClick(row, Qt::Key_3);
    QCOMPARE(row->value(), std::nullopt);
    QVERIFY(window.progressLabel()->text().contains(QStringLiteral("No annotator")));
    auto study = reopen(path);
    QCOMPARE(study->counts().ratings, 0);
    QCOMPARE(study->counts().raters, 0);
    QVERIFY(study->presentationOrders().empty());
    // An LLM judge's name is not an annotator's.
    QVERIFY(study->write([&] {
                     study->ensureRater({0, "gpt", concord::model::RaterKind::Judge, "", {}, {}, {}, {}});
                 })
                .ok());
    QVERIFY(!window.setAnnotator(QStringLiteral("gpt")).ok());
}

void TestAnnotationView::openingAStudyNeverAddsARater()
{
    const QString first = newStudy(1);
    addRater(first, "alice", "expert");
    const QString second = newStudy(1);
    const QString demo = m_dir.filePath(QStringLiteral("demo-%1.concord").arg(++m_studies));
    QVERIFY(concord::ui::DemoStudyFile::ensure(demo).ok());
    const std::int64_t secondBefore = ratersIn(second);
    const std::int64_t demoBefore = ratersIn(demo);

    MainWindow window;
    QVERIFY(window.openStudy(first).ok());
    QVERIFY(window.setAnnotator(QStringLiteral("alice")).ok());
    QCOMPARE(window.annotationEditor()->annotatorName(), QStringLiteral("alice"));
    // alice is no rater of the next study: opening it only looks her up.
    QVERIFY(window.openStudy(second).ok());
    QCOMPARE(ratersIn(second), secondBefore);
    QCOMPARE(window.annotationEditor()->rater(), Id(0));
    QVERIFY(window.progressLabel()->text().contains(QStringLiteral("No annotator")));
    // The remembered name, looked up at start, is no rater of the demo either.
    QVERIFY(window.openStudy(demo).ok());
    QVERIFY(!window.setAnnotator(QStringLiteral("alice")).ok());
    QCOMPARE(ratersIn(demo), demoBefore);
    QCOMPARE(window.annotationEditor()->rater(), Id(0));
    // A rater the study has is found again, and nothing is added.
    QVERIFY(window.openStudy(first).ok());
    QVERIFY(window.setAnnotator(QStringLiteral("alice")).ok());
    QVERIFY(window.annotationEditor()->rater() != 0);
    QCOMPARE(ratersIn(first), std::int64_t(1));
}

void TestAnnotationView::theDialogProposesNoRaterAsNew()
{
    const QString demo = m_dir.filePath(QStringLiteral("demo-%1.concord").arg(++m_studies));
    QVERIFY(concord::ui::DemoStudyFile::ensure(demo).ok());
    const auto check = [&](const QString &remembered, bool existing, const QString &selected, const QString &newName) {
        QSettings().clear();
        if (!remembered.isEmpty())
            AnnotatorDialog::remember(remembered);
        MainWindow window;
        QVERIFY(window.openStudy(demo).ok());
        answerAnnotatorDialog(window, [&](AnnotatorDialog *dialog) {
            QCOMPARE(dialog->findChild<QRadioButton *>(QStringLiteral("existingRater"))->isChecked(), existing);
            auto *raters = dialog->findChild<QComboBox *>(QStringLiteral("raterChoice"));
            QCOMPARE(raters->currentData().toString(), selected);
            // None chosen, the box still says what it holds (it had looked empty beside three raters).
            QCOMPARE(raters->count(), 3);
            QCOMPARE(raters->placeholderText(), QStringLiteral("Choose one of the study's raters (3)"));
            QCOMPARE(dialog->findChild<QLineEdit *>(QStringLiteral("newRaterName"))->text(), newName);
            // The group is always chosen on purpose.
            QCOMPARE(dialog->findChild<QComboBox *>(QStringLiteral("newRaterGroup"))->currentText(), QString());
            // Only a rater of the study selected is an answer already.
            QCOMPARE(dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled(),
                     !selected.isEmpty());
        });
    };
    // First run: the study's experts are offered as what they are, none chosen and none typed in as new.
    check({}, true, {}, {});
    // The last annotator, a rater of the study, is selected among them.
    check(QStringLiteral("annotator_a"), true, QStringLiteral("annotator_a"), {});
    // The last annotator the study does not have is proposed as a new rater, still without a group.
    check(QStringLiteral("zoe"), false, {}, QStringLiteral("zoe"));
}

void TestAnnotationView::chooseAnExistingRater()
{
    const QString path = newStudy(1);
    addRater(path, "alice", "expert");
    addRater(path, "bob", "crowd");
    MainWindow window;
    QVERIFY(window.openStudy(path).ok());
    window.show();
    answerAnnotatorDialog(window, [](AnnotatorDialog *dialog) {
        auto *choice = dialog->findChild<QComboBox *>(QStringLiteral("raterChoice"));
        QCOMPARE(choice->count(), 2);
        choice->setCurrentIndex(choice->findData(QStringLiteral("bob")));
        QVERIFY(!dialog->isNewRater());
        QTest::mouseClick(dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    });
    QCOMPARE(window.annotationEditor()->annotatorName(), QStringLiteral("bob"));
    QCOMPARE(ratersIn(path), std::int64_t(2));
    rateFirstCard(window, Qt::Key_4);
    auto study = reopen(path);
    QCOMPARE(study->counts().raters, std::int64_t(2));
    QCOMPARE(window.annotationEditor()->rater(), *study->raterId("bob"));
    QCOMPARE(study->counts().ratings, std::int64_t(1));
    QCOMPARE(AnnotatorDialog::recentNames().value(0), QStringLiteral("bob"));
}

void TestAnnotationView::createANewRaterWithItsGroup()
{
    const QString path = newStudy(1);
    addRater(path, "alice", "expert");
    addRater(path, "bob", "crowd");
    MainWindow window;
    QVERIFY(window.openStudy(path).ok());
    window.show();
    answerAnnotatorDialog(window, [](AnnotatorDialog *dialog) {
        QPushButton *ok = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        auto *name = dialog->findChild<QLineEdit *>(QStringLiteral("newRaterName"));
        auto *group = dialog->findChild<QComboBox *>(QStringLiteral("newRaterGroup"));
        clickRadio(dialog->findChild<QRadioButton *>(QStringLiteral("newRater")));
        QVERIFY(dialog->isNewRater());
        // The study's groups to choose from.
        QCOMPARE(group->count(), 2);
        QCOMPARE(group->itemText(0), QStringLiteral("crowd"));
        QCOMPARE(group->itemText(1), QStringLiteral("expert"));
        // A rater's name is not a new rater's.
        QTest::keyClicks(name, QStringLiteral("alice"));
        group->setCurrentIndex(0);
        QVERIFY(!ok->isEnabled());
        QVERIFY(!dialog->findChild<QLabel *>(QStringLiteral("annotatorProblem"))->text().isEmpty());
        name->clear();
        QTest::keyClicks(name, QStringLiteral("carol"));
        group->setCurrentIndex(-1);
        QVERIFY(!ok->isEnabled()); // no group yet
        group->setCurrentIndex(0);
        QVERIFY(ok->isEnabled());
        QCOMPARE(dialog->group(), QStringLiteral("crowd"));
        QTest::mouseClick(ok, Qt::LeftButton);
    });
    QCOMPARE(window.annotationEditor()->annotatorName(), QStringLiteral("carol"));
    rateFirstCard(window, Qt::Key_3);
    auto study = reopen(path);
    QCOMPARE(study->counts().raters, std::int64_t(3));
    const auto carol = study->raterId("carol");
    QVERIFY(carol);
    QCOMPARE(window.annotationEditor()->rater(), *carol);
    for (const auto &r : study->raters())
        if (r.name == "carol") {
            QVERIFY(r.kind == concord::model::RaterKind::Human);
            QCOMPARE(r.group, std::string("crowd"));
        }
    QCOMPARE(study->counts().ratings, std::int64_t(1));
    // A new group typed in is taken as given.
    answerAnnotatorDialog(window, [](AnnotatorDialog *dialog) {
        clickRadio(dialog->findChild<QRadioButton *>(QStringLiteral("newRater")));
        QTest::keyClicks(dialog->findChild<QLineEdit *>(QStringLiteral("newRaterName")), QStringLiteral("dora"));
        QTest::keyClicks(dialog->findChild<QComboBox *>(QStringLiteral("newRaterGroup")), QStringLiteral("linguist"));
        QTest::mouseClick(dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    });
    QCOMPARE(window.annotationEditor()->annotatorName(), QStringLiteral("dora"));
    study = reopen(path);
    QCOMPARE(study->counts().raters, std::int64_t(4));
    for (const auto &r : study->raters())
        if (r.name == "dora")
            QCOMPARE(r.group, std::string("linguist"));
}

QTEST_MAIN(TestAnnotationView)
#include "tst_annotation_view.moc"

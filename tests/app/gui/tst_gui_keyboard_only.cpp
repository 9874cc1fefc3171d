// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// An annotator without a mouse: from a freshly opened study, with key events only (always sent to
// the widget that has the keyboard), choose who annotates, finish the first document (every rating,
// a ranking with a tie in every ranking panel, an error span with its note, the explanations) and go on to
// the second. Every ranking panel takes one Tab, and the keyboard's place is framed up to the document list.
// In English in a small window, and in German on a small laptop's screen (1024x700); CTest runs both again at
// twice the scale (tst_gui_keyboard_only_scale2).
// Every control must be reached by a bounded number of Tab presses, so the keyboard never gets stuck.
#include "annotation_study.h"

#include "annotate/annotation_editor.h"
#include "annotate/annotation_view.h"
#include "annotate/annotator_dialog.h"
#include "annotate/candidate_card.h"
#include "annotate/document_list_model.h"
#include "annotate/error_span_model.h"
#include "annotate/explanation_box.h"
#include "annotate/likert_row.h"
#include "annotate/ranking_model.h"
#include "annotate/ranking_panel.h"
#include "annotate/unit_checklist_model.h"
#include "window/main_window.h"

#include "language.h"

#include "store/annotation_plan.h"
#include "store/study.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QLineEdit>
#include <QListView>
#include <QLocale>
#include <QPlainTextEdit>
#include <QScopeGuard>
#include <QScrollArea>
#include <QSettings>
#include <QSize>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <functional>

using concord::model::Id;
using concord::ui::CandidateCard;
using concord::ui::LikertRow;
using concord::ui::MainWindow;
using concord::ui::RankingModel;
using concord::ui::RankingPanel;

namespace {

// Tab presses allowed from one control to the next one in reading order: hidden or passed-over
// widgets may sit between them, a cycle through the window may not.
constexpr int kTabBound = 3;

QWidget *focused()
{
    return QApplication::focusWidget();
}

// The card or ranking the keyboard is in shows its focus mark (a frame in the highlight colour).
bool focusMarked(const QWidget *w)
{
    const auto *mark = w->findChild<QWidget *>(QStringLiteral("focusMark"), Qt::FindDirectChildrenOnly);
    return mark && mark->isVisible();
}

QString describe(const QWidget *w)
{
    if (!w)
        return QStringLiteral("nothing");
    return QStringLiteral("%1 '%2'").arg(QString::fromLatin1(w->metaObject()->className()), w->objectName());
}

} // namespace

class TestGuiKeyboardOnly : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void finishADocumentAndGoOnWithKeysOnly_data();
    void finishADocumentAndGoOnWithKeysOnly();

private:
    // Presses Tab (or Shift+Tab) on the focused widget until reached holds; fails after bound presses.
    static bool tabUntil(const std::function<bool(QWidget *)> &reached, int bound, QString *trail,
                         bool backwards = false);
    static bool tabTo(QWidget *target, QString *trail, int bound = kTabBound);
    static void press(Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier);
    static void type(const QString &text);
    static bool currentCellVisible(QAbstractItemView *view);
    void answerAnnotatorDialogByKeys(MainWindow &window);

    QTemporaryDir m_dir;
};

void TestGuiKeyboardOnly::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("ConcordTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_gui_keyboard_only"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QSettings().clear();
}

bool TestGuiKeyboardOnly::tabUntil(const std::function<bool(QWidget *)> &reached, int bound, QString *trail,
                                   bool backwards)
{
    trail->clear();
    for (int presses = 0; presses < bound; ++presses) {
        QWidget *from = focused();
        if (!from)
            return false;
        if (backwards)
            QTest::keyClick(from, Qt::Key_Backtab, Qt::ShiftModifier);
        else
            QTest::keyClick(from, Qt::Key_Tab);
        trail->append(describe(focused()) + QStringLiteral(" → "));
        if (reached(focused()))
            return true;
    }
    return false;
}

bool TestGuiKeyboardOnly::tabTo(QWidget *target, QString *trail, int bound)
{
    return tabUntil([target](QWidget *w) { return w == target; }, bound, trail);
}

void TestGuiKeyboardOnly::press(Qt::Key key, Qt::KeyboardModifiers modifiers)
{
    QWidget *w = focused();
    QVERIFY(w);
    QTest::keyClick(w, key, modifiers);
}

void TestGuiKeyboardOnly::type(const QString &text)
{
    QWidget *w = focused();
    QVERIFY(w);
    QTest::keyClicks(w, text);
}

bool TestGuiKeyboardOnly::currentCellVisible(QAbstractItemView *view)
{
    auto *scroll = qobject_cast<QScrollArea *>(view->parentWidget());
    for (QWidget *p = view->parentWidget(); p && !scroll; p = p->parentWidget())
        scroll = qobject_cast<QScrollArea *>(p);
    if (!scroll)
        return false;
    const QRect cell = view->visualRect(view->currentIndex());
    const QRect inViewport(view->viewport()->mapTo(scroll->viewport(), cell.topLeft()), cell.size());
    return cell.isValid() && scroll->viewport()->rect().contains(inViewport);
}

void TestGuiKeyboardOnly::answerAnnotatorDialogByKeys(MainWindow &window)
{
    // As at start-up: Concord asks who annotates once the event loop runs. The dialog runs its own
    // event loop: the keys are typed from inside it, by a call queued after the one that opens it.
    window.askForAnnotatorIfNone();
    bool answered = false;
    QString problem;
    QTimer::singleShot(0, &window, [&] {
        answered = true;
        auto *dialog = qobject_cast<concord::ui::AnnotatorDialog *>(QApplication::activeModalWidget());
        if (!dialog) {
            problem = QStringLiteral("no annotator dialog");
            return;
        }
        // A failed step must not leave the modal dialog open.
        const auto close = qScopeGuard([dialog] {
            if (dialog->isVisible())
                dialog->reject();
        });
        if (!QTest::qWaitFor([dialog] {
                return QApplication::activeWindow() == dialog && focused() && dialog->isAncestorOf(focused());
            })) {
            qWarning("active %s focus %s", qPrintable(describe(QApplication::activeWindow())),
                     qPrintable(describe(focused())));
            problem = QStringLiteral("the dialog never got the keyboard");
            return;
        }
        // The study has no annotator yet: a new rater, its name and its group typed in.
        QString trail;
        const auto named = [](const char *name) {
            return [name](QWidget *w) {
                return w
                       && (w->objectName() == QLatin1String(name)
                           || (w->parentWidget() && w->parentWidget()->objectName() == QLatin1String(name)));
            };
        };
        if (!named("newRaterName")(focused()) && !tabUntil(named("newRaterName"), 4, &trail)) {
            problem = QStringLiteral("Tab never reached the name: ") + trail;
            return;
        }
        QTest::keyClicks(focused(), QStringLiteral("carol"));
        if (!tabUntil(named("newRaterGroup"), 2, &trail)) {
            problem = QStringLiteral("Tab never reached the group: ") + trail;
            return;
        }
        QTest::keyClicks(focused(), QStringLiteral("expert"));
        QTest::keyClick(focused(), Qt::Key_Return);
        if (dialog->isVisible())
            problem = QStringLiteral("Enter did not accept the dialog");
    });
    QTRY_VERIFY(answered);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestGuiKeyboardOnly::finishADocumentAndGoOnWithKeysOnly_data()
{
    QTest::addColumn<bool>("german");
    QTest::addColumn<QSize>("size");
    // A small window, and a small laptop's screen in German; German last, as its translations stay installed.
    QTest::newRow("english") << false << QSize(1100, 650);
    QTest::newRow("german") << true << QSize(1024, 700);
}

void TestGuiKeyboardOnly::finishADocumentAndGoOnWithKeysOnly()
{
    QFETCH(bool, german);
    QFETCH(QSize, size);
    if (german) {
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        QVERIFY(concord::gui::installTranslations(*QCoreApplication::instance(), QLocale()));
    }
    // The Annotate study, with a second Likert dimension: two ratings per summary.
    const QString path
        = m_dir.filePath(QStringLiteral("keys-%1.concord").arg(QString::fromLatin1(QTest::currentDataTag())));
    QCOMPARE(concord::test::AnnotationStudy::create(path), QString());
    {
        auto study = concord::store::Study::open(path.toStdString());
        QVERIFY(study.ok());
        concord::store::Study &s = *study.value();
        const concord::Status added = s.write([&] {
            concord::model::Dimension coherence;
            coherence.name = "coherence";
            coherence.labels = {"Incoherent", "Weak", "Fair", "Good", "Clear"};
            s.ensureDimension(coherence);
            auto plan = concord::store::AnnotationPlan::of(s);
            plan.likert.push_back("coherence");
            s.setInfo(concord::store::AnnotationPlan::kInfoKey, plan.toJson());
        });
        QVERIFY2(added.ok(), added.ok() ? "" : added.error().describe().c_str());
    }

    MainWindow window;
    QVERIFY(window.openStudy(path).ok());
    // Smaller than the cards and rankings: the keyboard must scroll them into sight.
    window.resize(size);
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    answerAnnotatorDialogByKeys(window);
    QTRY_COMPARE(window.annotationEditor()->annotatorName(), QStringLiteral("carol"));

    concord::ui::AnnotationView *view = window.annotationView();
    const Id doc1 = view->documentId();
    QVERIFY(doc1 != 0);
    const std::vector<Id> order = view->shownOrder();
    const std::vector<CandidateCard *> cards = view->cards();
    QCOMPARE(cards.size(), std::size_t(3));
    for (auto *card : cards)
        QCOMPARE(card->likertRows().size(), std::size_t(2));

    // The keyboard starts where the work is: the first card's first rating, marked as focused. The
    // window keeps it while the dialog is open; the offscreen platform has no window manager to give
    // the window back its activation when the dialog closes, so the test does that.
    QTRY_COMPARE(window.focusWidget(), static_cast<QWidget *>(cards[0]->likertRows()[0]));
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTRY_COMPARE(focused(), static_cast<QWidget *>(cards[0]->likertRows()[0]));
    QTRY_VERIFY(focusMarked(cards[0]));

    QString trail;
    const auto reach = [&](QWidget *target, const char *what) {
        if (focused() == target)
            return true;
        const bool ok = tabTo(target, &trail);
        if (!ok)
            qWarning("Tab did not reach %s within %d presses: %s", what, kTabBound, qPrintable(trail));
        return ok;
    };

    // Summary by summary, in reading order: the text (an error on the second), the ratings, the
    // error's note, the content units.
    const QString note = QStringLiteral("not in the article");
    QString quote;
    for (std::size_t i = 0; i < cards.size(); ++i) {
        CandidateCard *card = cards[i];
        if (i > 0)
            QVERIFY(reach(card->textView(), "the summary text"));
        if (i == 1) {
            // Select the first seven characters with Shift+Right and mark them with E.
            quote = card->text().left(7);
            press(Qt::Key_Home, Qt::ControlModifier);
            for (int c = 0; c < 7; ++c)
                press(Qt::Key_Right, Qt::ShiftModifier);
            QCOMPARE(card->textView()->textCursor().selectedText(), quote);
            press(Qt::Key_E);
            QTRY_COMPARE(card->spanModel()->rowCount(), 1);
        }
        for (std::size_t r = 0; r < 2; ++r) {
            LikertRow *row = card->likertRows()[r];
            QVERIFY(reach(row, "a rating"));
            // The card the keyboard is in is marked, and only that one.
            for (std::size_t other = 0; other < cards.size(); ++other)
                QCOMPARE(focusMarked(cards[other]), other == i);
            const int value = r == 0 ? 2 + static_cast<int>(i) : 5 - static_cast<int>(i);
            press(static_cast<Qt::Key>(Qt::Key_0 + value));
            QTRY_COMPARE(row->value(), std::optional<double>(value));
        }
        if (i == 1) {
            // The new error's note is where Tab lands in its list: F2, the note, Enter.
            QVERIFY(reach(card->spanTable(), "the error list"));
            QCOMPARE(card->spanTable()->currentIndex().column(), int(concord::ui::ErrorSpanModel::NoteColumn));
            press(Qt::Key_F2);
            type(note);
            press(Qt::Key_Return);
            QTRY_COMPARE(card->spanModel()->index(0, concord::ui::ErrorSpanModel::NoteColumn).data().toString(), note);
            QTRY_COMPARE(focused(), static_cast<QWidget *>(card->spanTable()));
        }
        // The document's content units: Space marks one present, Down goes to the next.
        QVERIFY(card->unitList());
        QVERIFY(reach(card->unitList(), "the content units"));
        press(Qt::Key_Space);
        press(Qt::Key_Down);
        press(Qt::Key_Space);
        QTRY_COMPARE(card->unitModel()->mark(0), std::optional<bool>(true));
        QTRY_COMPARE(card->unitModel()->mark(1), std::optional<bool>(true));
    }

    // The rankings, with a tie each: digits on the focused rank table, its cell kept in sight.
    const auto rankByKeys = [&](RankingPanel *panel, const std::vector<Qt::Key> &keys) {
        QVERIFY(reach(panel->table(), "a rank table"));
        QVERIFY(focusMarked(panel));
        for (auto *card : cards)
            QVERIFY(!focusMarked(card));
        QTRY_VERIFY(currentCellVisible(panel->table()));
        for (const Qt::Key key : keys) {
            press(key);
            // The rank that completes the ranking may take the keyboard on to the explanation.
            if (panel->table()->hasFocus())
                QTRY_VERIFY(currentCellVisible(panel->table()));
        }
        QTRY_COMPARE(panel->model()->state(), RankingModel::State::Complete);
    };
    const auto &panels = view->rankingPanels();
    QCOMPARE(panels.size(), std::size_t(2));
    RankingPanel *overall = panels[0]->dimension().name == "overall" ? panels[0] : panels[1];
    RankingPanel *missing = overall == panels[0] ? panels[1] : panels[0];
    QCOMPARE(missing->dimension().name, std::string("missing"));
    rankByKeys(overall, {Qt::Key_1, Qt::Key_1, Qt::Key_3});
    if (QTest::currentTestFailed())
        return;
    // The rank that completes a ranking goes on to the explanation it asks for, framed: no Tab in between.
    QVERIFY(overall->explanation());
    QCOMPARE(focused(), static_cast<QWidget *>(overall->explanation()));
    QTRY_VERIFY(focusMarked(overall->explanation()));
    type(QStringLiteral("A and B tie."));
    // Every panel then takes one Tab, with an explanation or without. The next one is entered at its first
    // row without a rank (its first row was ranked before, by mouse): a digit never overwrites a rank.
    QVERIFY(missing->model()->setRank(0, 1).ok());
    QVERIFY2(tabTo(missing->table(), &trail, 1), qPrintable(trail));
    QCOMPARE(missing->table()->currentIndex().row(), 1);
    rankByKeys(missing, {Qt::Key_2, Qt::Key_2});
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(focused(), static_cast<QWidget *>(missing->table()));
    QVERIFY(view->documentExplanation());
    QVERIFY2(tabTo(view->documentExplanation(), &trail, 1), qPrintable(trail));
    QTRY_VERIFY(focusMarked(view->documentExplanation()));
    type(QStringLiteral("Hard one."));
    // Past the last question Tab goes to the document list, framed as well (not to its filter, where digits
    // typed by habit would hide the list); Shift+Tab comes back.
    press(Qt::Key_Tab);
    QCOMPARE(focused(), static_cast<QWidget *>(window.documentList()));
    QTRY_VERIFY(focusMarked(window.documentList()->parentWidget()));
    press(Qt::Key_Backtab, Qt::ShiftModifier);
    QCOMPARE(focused(), static_cast<QWidget *>(view->documentExplanation()));

    // The document is finished; Ctrl+Shift+N goes on to the next one, the keyboard on its work.
    QAbstractItemModel *documents = window.documentList()->model();
    QTRY_VERIFY(documents->index(0, 0).data(concord::ui::DocumentListModel::FinishedRole).toBool());
    press(Qt::Key_N, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_VERIFY(view->documentId() != doc1);
    const Id doc2 = view->documentId();
    QTRY_COMPARE(focused(), static_cast<QWidget *>(view->cards()[0]->likertRows()[0]));
    QTRY_VERIFY(focusMarked(view->cards()[0]));

    // The document list does not trap Tab: from the list (Ctrl+G, Enter), Tab leaves it and
    // reaches the document's first rating.
    press(Qt::Key_G, Qt::ControlModifier);
    QTRY_COMPARE(focused(), static_cast<QWidget *>(window.documentFilter()));
    press(Qt::Key_Return);
    QTRY_COMPARE(focused(), static_cast<QWidget *>(window.documentList()));
    QCOMPARE(view->documentId(), doc2);
    LikertRow *secondFirst = view->cards()[0]->likertRows()[0];
    QVERIFY2(tabTo(secondFirst, &trail, 4), qPrintable(trail));
    press(Qt::Key_4);
    QTRY_COMPARE(secondFirst->value(), std::optional<double>(4));
    // And Shift+Tab goes back the same way, out of the cards.
    QVERIFY2(tabUntil([&](QWidget *w) { return w == window.documentList(); }, 4, &trail, true), qPrintable(trail));
    const Id secondCandidate = view->cards()[0]->candidateId();

    // What was saved, read back through core.
    auto reopened = concord::store::Study::open(path.toStdString());
    QVERIFY(reopened.ok());
    concord::store::Study &study = *reopened.value();
    const Id carol = study.raterId("carol").value();
    const Id fluency = study.dimensionId("fluency").value();
    const Id coherence = study.dimensionId("coherence").value();
    const auto j = study.judgementsOf(carol, doc1);
    for (std::size_t i = 0; i < order.size(); ++i) {
        QCOMPARE(j.ratings.at({order[i], fluency}), 2.0 + static_cast<double>(i));
        QCOMPARE(j.ratings.at({order[i], coherence}), 5.0 - static_cast<double>(i));
        QCOMPARE(j.unitMarks.at({order[i], 0}), true);
        QCOMPARE(j.unitMarks.at({order[i], 1}), true);
    }
    const Id overallId = study.dimensionId("overall").value();
    const Id missingId = study.dimensionId("missing").value();
    QCOMPARE(j.rankings.at(overallId), (std::map<Id, int>{{order[0], 1}, {order[1], 1}, {order[2], 3}}));
    QCOMPARE(j.rankings.at(missingId), (std::map<Id, int>{{order[0], 1}, {order[1], 2}, {order[2], 2}}));
    QCOMPARE(j.errorSpans.size(), std::size_t(1));
    QCOMPARE(j.errorSpans[0].candidateId, order[1]);
    QCOMPARE(j.errorSpans[0].start, 0);
    QCOMPARE(j.errorSpans[0].end, 7);
    QCOMPARE(QString::fromStdString(j.errorSpans[0].quote), quote);
    QCOMPARE(QString::fromStdString(j.errorSpans[0].note), note);
    QCOMPARE(j.explanations.at(overallId), std::string("A and B tie."));
    QCOMPARE(j.explanations.at(0), std::string("Hard one."));
    QCOMPARE(study.document(doc2)->externalId, std::string("doc-2"));
    QCOMPARE(study.judgementsOf(carol, doc2).ratings.at({secondCandidate, fluency}), 4.0);
}

QTEST_MAIN(TestGuiKeyboardOnly)
#include "tst_gui_keyboard_only.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Disagreement inspector: core's order on screen, the filters, the detail pane (error spans
// highlighted at the right UTF-16 positions of a summary with characters outside the BMP, markup shown
// as text), the jump to the Annotate view's very card (marked and focused), no system name anywhere in
// the window while blind, and the model under QAbstractItemModelTester.
#include "annotate/annotation_view.h"
#include "annotate/candidate_card.h"
#include "common/colour_scheme.h"
#include "common/contrast.h"
#include "common/study_session.h"
#include "inspect/disagreement_model.h"
#include "inspect/disagreement_view.h"
#include "window/main_window.h"

#include "store/study.h"

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextCursor>
#include <QTextEdit>

using namespace concord;
using model::Id;

namespace {
// "Zoë" (ë: one code point, one UTF-16 unit), "😀" (one code point, two UTF-16 units).
const char *const kSummary = "Zoë 😀 met the café owner. It <b>rained</b>.";
} // namespace

class TestDisagreementView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void orderingAndModelTester();
    void filters();
    void namesShowWholeInTheirTooltips();
    void detailPane();
    void spansStandOutInLightAndDark();
    void codePointsToUtf16();
    void jumpToAnnotate();
    void blindShowsNoSystemName();
    void columnsSayWhatTheyHold();

private:
    QTemporaryDir m_dir;
    QString m_path;
    Id m_doc1 = 0;
    Id m_cx = 0;
    Id m_cy = 0;
    std::unique_ptr<ui::StudySession> m_session;
    std::unique_ptr<ui::DisagreementView> m_view;
};

void TestDisagreementView::initTestCase()
{
    m_path = m_dir.filePath(QStringLiteral("d.concord"));
    auto created = store::Study::create(m_path.toStdString());
    QVERIFY(created.ok());
    store::Study &s = *created.value();
    QVERIFY(s.write([&] {
                 model::Dimension coherence;
                 coherence.name = "coherence";
                 const Id coh = s.ensureDimension(coherence);
                 model::Dimension fluency;
                 fluency.name = "fluency";
                 fluency.scaleMax = 3;
                 const Id flu = s.ensureDimension(fluency);
                 const Id h1 = s.ensureRater({0, "h1", model::RaterKind::Human, "expert", {}, {}, {}, {}});
                 const Id h2 = s.ensureRater({0, "h2", model::RaterKind::Human, "expert", {}, {}, {}, {}});
                 const Id ja = s.ensureRater({0, "judgeA", model::RaterKind::Judge, {}, "openai", "m", "rts", {}});
                 const Id jb = s.ensureRater({0, "judgeB", model::RaterKind::Judge, {}, "openai", "m", "rts", {}});
                 const Id x = s.ensureSystem("system-X"), y = s.ensureSystem("system-Y");
                 model::Document d1;
                 d1.externalId = "doc-1";
                 d1.source = "The <i>article</i> text.";
                 m_doc1 = s.addDocument(d1);
                 model::Document d2;
                 d2.externalId = "doc-2";
                 d2.source = "Second.";
                 const Id doc2 = s.addDocument(d2);
                 const Id cx = s.addCandidate(m_doc1, x, kSummary);
                 m_cx = cx;
                 const Id cy = s.addCandidate(doc2, y, "Plain.");
                 m_cy = cy;
                 // A second summary of doc-2, so the jump has to find the right card among several.
                 s.addCandidate(doc2, x, "Other.");
                 // coherence X/doc-1: humans 1, 2 (1.5); judgeA 5 -> 3.5/4 = 0.875; judgeB 2 -> 0.125.
                 s.setRating(h1, cx, coh, 1);
                 s.setRating(h2, cx, coh, 2);
                 s.setRating(ja, cx, coh, 5);
                 s.setRating(jb, cx, coh, 2);
                 // fluency (1–3) Y/doc-2: human 1, judgeB 3 -> 1.0; judgeA 2 -> 0.5.
                 s.setRating(h1, cy, flu, 1);
                 s.setRating(jb, cy, flu, 3);
                 s.setRating(ja, cy, flu, 2);
                 // Spans in code points: "Zoë" [0, 3), "😀" [4, 5), "the café owner" [10, 24).
                 s.addErrorSpan({0, h1, cx, 0, 3, "Zoë", "wrong name"});
                 s.addErrorSpan({0, h1, cx, 4, 5, "😀", ""});
                 s.addErrorSpan({0, h2, cx, 10, 24, "the café owner", "not in the article"});
                 s.setExplanation(h2, m_doc1, coh, "Confusing <order>.");
                 const Id run = s.addJudgeRun(ja, "rts", "{}");
                 model::JudgeCall call;
                 call.runId = run;
                 call.requestHash = "x";
                 call.documentId = m_doc1;
                 call.candidateId = cx;
                 call.dimensionId = coh;
                 call.rawResponse = "Rating: 5 <script>x</script>";
                 call.parsedValue = 5;
                 call.valid = true;
                 s.addJudgeCall(call);
             }).ok());
    created.value().reset();
    m_session = std::make_unique<ui::StudySession>();
    QVERIFY(m_session->open(m_path).ok());
    m_view = std::make_unique<ui::DisagreementView>(m_session.get());
    // The study lead's inspector: filtering by system needs the systems revealed.
    m_view->setShowSystemNames(true);
    // The ranking runs on a worker thread.
    QTRY_VERIFY(!m_view->isLoading());
}

void TestDisagreementView::orderingAndModelTester()
{
    QAbstractItemModelTester tester(m_view->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    ui::DisagreementModel *model = m_view->model();
    QCOMPARE(model->rowCount(), 4);
    const QList<double> expected{1.0, 0.875, 0.5, 0.125};
    for (int row = 0; row < 4; ++row)
        QCOMPARE(model->index(row, ui::DisagreementModel::DistanceColumn)
                     .data(ui::DisagreementModel::ExactValueRole)
                     .toDouble(),
                 expected[row]);
    QCOMPARE(model->index(0, ui::DisagreementModel::JudgeColumn).data().toString(), QStringLiteral("judgeB"));
    QCOMPARE(model->index(1, ui::DisagreementModel::DocumentColumn).data().toString(), QStringLiteral("doc-1"));
    QCOMPARE(
        model->index(1, ui::DisagreementModel::HumanMeanColumn).data(ui::DisagreementModel::ExactValueRole).toDouble(),
        1.5);
    m_view->setFilters(QStringLiteral("judgeA"), {}, {}); // filtering under the tester too
    m_view->setFilters({}, {}, {});
}

void TestDisagreementView::filters()
{
    ui::DisagreementModel *model = m_view->model();
    m_view->setFilters(QStringLiteral("judgeA"), {}, {});
    QCOMPARE(model->rowCount(), 2);
    QCOMPARE(
        model->index(0, ui::DisagreementModel::DistanceColumn).data(ui::DisagreementModel::ExactValueRole).toDouble(),
        0.875);
    m_view->setFilters({}, QStringLiteral("fluency"), {});
    QCOMPARE(model->rowCount(), 2);
    m_view->setFilters(QStringLiteral("judgeB"), QStringLiteral("coherence"), QStringLiteral("system-X"));
    QCOMPARE(model->rowCount(), 1);
    QCOMPARE(
        model->index(0, ui::DisagreementModel::DistanceColumn).data(ui::DisagreementModel::ExactValueRole).toDouble(),
        0.125);
    m_view->setFilters({}, {}, QStringLiteral("system-Y"));
    QCOMPARE(model->rowCount(), 2);
    m_view->setFilters({}, {}, {});
    QCOMPARE(model->rowCount(), 4);
}

void TestDisagreementView::namesShowWholeInTheirTooltips()
{
    // A narrow column shortens a long judge, dimension, document or system name with "…".
    QAbstractItemModelTester tester(m_view->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    ui::DisagreementModel *model = m_view->model();
    QCOMPARE(model->rowCount(), 4);
    for (int row = 0; row < model->rowCount(); ++row) {
        for (const int column : {ui::DisagreementModel::JudgeColumn, ui::DisagreementModel::DimensionColumn,
                                 ui::DisagreementModel::DocumentColumn, ui::DisagreementModel::SystemColumn}) {
            const QModelIndex index = model->index(row, column);
            QVERIFY(!index.data().toString().isEmpty());
            QCOMPARE(index.data(Qt::ToolTipRole).toString(), index.data().toString());
        }
    }
    // Blind, the system's cell and its tooltip name no system: the summary's number within its document.
    m_view->setShowSystemNames(false);
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex index = model->index(row, ui::DisagreementModel::SystemColumn);
        QVERIFY2(index.data().toString().startsWith(QLatin1Char('#')), qPrintable(index.data().toString()));
        for (const QString &text : {index.data().toString(), index.data(Qt::ToolTipRole).toString()})
            QVERIFY2(!text.contains(QStringLiteral("system-")), qPrintable(text));
    }
    m_view->setShowSystemNames(true);
}

// Each column says what it holds: no two titles alike (there were two "Judge"), the judge's score and the
// humans' mean told apart; blind, the summaries of one document and dimension are still told apart, each by
// a number of its own that stays the same in every row (not its system, nor an annotator's card letter).
void TestDisagreementView::columnsSayWhatTheyHold()
{
    ui::DisagreementModel *model = m_view->model();
    QStringList titles;
    for (int column = 0; column < model->columnCount(); ++column)
        titles << model->headerData(column, Qt::Horizontal).toString();
    QCOMPARE(titles.removeDuplicates(), 0);
    QCOMPARE(model->headerData(ui::DisagreementModel::JudgeValueColumn, Qt::Horizontal).toString(),
             QStringLiteral("Judge's score"));
    QCOMPARE(model->headerData(ui::DisagreementModel::HumanMeanColumn, Qt::Horizontal).toString(),
             QStringLiteral("Human mean"));
    QCOMPARE(model->headerData(ui::DisagreementModel::SystemColumn, Qt::Horizontal).toString(),
             QStringLiteral("System"));

    QSignalSpy headers(model, &QAbstractItemModel::headerDataChanged);
    m_view->setShowSystemNames(false);
    QCOMPARE(headers.size(), 1);
    QCOMPARE(model->headerData(ui::DisagreementModel::SystemColumn, Qt::Horizontal).toString(),
             QStringLiteral("Summary"));
    std::map<std::pair<Id, QString>, Id> labelled; // (document, label) -> candidate
    for (int row = 0; row < model->rowCount(); ++row) {
        const auto *item = model->itemAt(row);
        const QString label = model->index(row, ui::DisagreementModel::SystemColumn).data().toString();
        QVERIFY2(!label.isEmpty(), qPrintable(QString::number(row)));
        const auto [it, added] = labelled.emplace(std::pair(item->document, label), item->candidate);
        QCOMPARE(it->second, item->candidate); // one label, one summary of the document
    }
    m_view->setShowSystemNames(true);
}

void TestDisagreementView::detailPane()
{
    m_view->setFilters(QStringLiteral("judgeA"), QStringLiteral("coherence"), {});
    m_view->selectRow(0);
    QCOMPARE(m_view->shownDocument(), m_doc1);
    QCOMPARE(m_view->articleView()->toPlainText(), QStringLiteral("The <i>article</i> text."));
    const QString summary = QString::fromUtf8(kSummary);
    QCOMPARE(m_view->summaryView()->toPlainText(), summary);
    // UTF-16: "Zoë" [0, 3), "😀" [4, 6) (a surrogate pair), "the café owner" [11, 25).
    const QList<QPair<int, int>> ranges{{0, 3}, {4, 6}, {11, 25}};
    QCOMPARE(m_view->highlightedRanges(), ranges);
    QCOMPARE(summary.mid(11, 14), QStringLiteral("the café owner"));
    QCOMPARE(summary.mid(4, 2), QString::fromUtf8("😀"));
    // The format is on the span's characters and not next to them.
    QTextCursor inside(m_view->summaryView()->document());
    inside.setPosition(12);
    QVERIFY(inside.charFormat().background().style() != Qt::NoBrush);
    QTextCursor outside(m_view->summaryView()->document());
    outside.setPosition(9);
    QCOMPARE(outside.charFormat().background().style(), Qt::NoBrush);
    // Markup in the data is text.
    QVERIFY(m_view->humansView()->toPlainText().contains(QStringLiteral("h2: 2\n    Confusing <order>.")));
    QVERIFY(m_view->humansView()->toPlainText().contains(QStringLiteral("h1: 1")));
    QVERIFY(m_view->judgeView()->toPlainText().contains(QStringLiteral("Rating: 5 <script>x</script>")));
    QVERIFY(m_view->judgeView()->toPlainText().contains(QStringLiteral("parsed: 5")));
    m_view->setFilters({}, {}, {});
}

void TestDisagreementView::spansStandOutInLightAndDark()
{
    m_view->setFilters(QStringLiteral("judgeA"), QStringLiteral("coherence"), {});
    m_view->selectRow(0);
    QCOMPARE(m_view->highlightedRanges().size(), 3);
    // Light, then dark set at run time: the spans are painted again from the palette.
    for (const QPalette &palette : {ui::ColourScheme::lightPalette(), ui::ColourScheme::darkPalette()}) {
        m_view->setPalette(palette);
        const QColor base = m_view->summaryView()->palette().color(QPalette::Base);
        QCOMPARE(base, palette.color(QPalette::Base));
        QTextCursor inside(m_view->summaryView()->document());
        inside.setPosition(12);
        const QTextCharFormat format = inside.charFormat();
        const QColor span = ui::Contrast::over(format.background().color(), base);
        QVERIFY2(ui::Contrast::ratio(span, base) >= ui::Contrast::graphics,
                 qPrintable(QStringLiteral("%1 on %2").arg(span.name(), base.name())));
        QVERIFY2(ui::Contrast::ratio(format.foreground().color(), span) >= ui::Contrast::text,
                 qPrintable(format.foreground().color().name()));
        QVERIFY(ui::Contrast::ratio(format.underlineColor(), span) >= ui::Contrast::graphics);
    }
    m_view->setPalette(QPalette()); // the application's again
}

void TestDisagreementView::codePointsToUtf16()
{
    const QString text = QString::fromUtf8("a😀b😀");
    QCOMPARE(ui::DisagreementView::toUtf16(text, 0, 1), (QPair<int, int>(0, 1)));
    QCOMPARE(ui::DisagreementView::toUtf16(text, 1, 2), (QPair<int, int>(1, 3)));
    QCOMPARE(ui::DisagreementView::toUtf16(text, 2, 4), (QPair<int, int>(3, 6)));
    QCOMPARE(ui::DisagreementView::toUtf16(text, 3, 99), (QPair<int, int>(4, 6))); // clamped to the text
}

void TestDisagreementView::jumpToAnnotate()
{
    QSignalSpy spy(m_view.get(), &ui::DisagreementView::openInAnnotate);
    m_view->setFilters({}, QStringLiteral("coherence"), {});
    m_view->selectRow(0);
    m_view->findChild<QPushButton *>(QStringLiteral("openInAnnotate"))->click();
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toLongLong(), m_doc1);
    QCOMPARE(spy.at(0).at(1).toLongLong(), m_cx);

    // In the window, the jump shows the document in the Annotate view.
    ui::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.activateWindow();
    QVERIFY(window.openStudy(m_path).ok());
    QVERIFY(window.showView(QStringLiteral("disagreements")));
    auto *inspector = window.findChild<ui::DisagreementView *>();
    QVERIFY(inspector);
    QTRY_VERIFY(!inspector->isLoading());
    window.documentList()->selectionModel()->clearCurrentIndex();
    inspector->setFilters({}, QStringLiteral("fluency"), {});
    inspector->selectRow(0);
    const Id doc2 = inspector->shownDocument();
    QVERIFY(doc2 != m_doc1);
    inspector->findChild<QPushButton *>(QStringLiteral("openInAnnotate"))->click();
    QCOMPARE(window.currentViewName(), QStringLiteral("annotate"));
    QCOMPARE(window.annotationView()->documentId(), doc2);
    // The very card of the item's summary is marked, in sight and holds the keyboard; no other is marked.
    ui::AnnotationView *annotation = window.annotationView();
    QCOMPARE(annotation->cards().size(), std::size_t{2});
    QCOMPARE(annotation->markedCandidate(), m_cy);
    for (ui::CandidateCard *card : annotation->cards()) {
        QCOMPARE(card->isMarked(), card->candidateId() == m_cy);
        if (card->candidateId() != m_cy)
            continue;
        QTRY_VERIFY(!card->visibleRegion().isEmpty());
        QTRY_VERIFY(QApplication::focusWidget() && card->isAncestorOf(QApplication::focusWidget()));
    }
}

namespace {
// Every text the window shows or tells on hover: labels, buttons, fields, combo items, visible table
// cells with their tooltips and headers, and the menus' actions.
QStringList shownTexts(QWidget &window)
{
    QStringList texts;
    for (QWidget *w : window.findChildren<QWidget *>()) {
        if (!w->isVisible())
            continue;
        texts << w->toolTip();
        if (auto *label = qobject_cast<QLabel *>(w))
            texts << label->text();
        else if (auto *button = qobject_cast<QAbstractButton *>(w))
            texts << button->text();
        else if (auto *line = qobject_cast<QLineEdit *>(w))
            texts << line->text();
        else if (auto *plain = qobject_cast<QPlainTextEdit *>(w))
            texts << plain->toPlainText();
        else if (auto *rich = qobject_cast<QTextEdit *>(w))
            texts << rich->toPlainText();
        else if (auto *combo = qobject_cast<QComboBox *>(w))
            for (int i = 0; i < combo->count(); ++i)
                texts << combo->itemText(i);
        else if (auto *view = qobject_cast<QTableView *>(w); view && view->model()) {
            const QAbstractItemModel *model = view->model();
            for (int column = 0; column < model->columnCount(); ++column) {
                if (view->isColumnHidden(column))
                    continue;
                texts << model->headerData(column, Qt::Horizontal).toString();
                for (int row = 0; row < model->rowCount(); ++row)
                    texts << model->index(row, column).data().toString()
                          << model->index(row, column).data(Qt::ToolTipRole).toString();
            }
        }
    }
    for (QAction *action : window.findChildren<QAction *>())
        texts << action->text() << action->toolTip();
    return texts;
}
} // namespace

void TestDisagreementView::blindShowsNoSystemName()
{
    ui::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openStudy(m_path).ok());
    QVERIFY(window.showView(QStringLiteral("disagreements")));
    auto *inspector = window.findChild<ui::DisagreementView *>();
    QTRY_VERIFY(!inspector->isLoading());
    QCOMPARE(inspector->model()->rowCount(), 4);
    const QStringList systems{QStringLiteral("system-X"), QStringLiteral("system-Y")};
    auto leaks = [&] {
        QStringList found;
        for (const QString &text : shownTexts(window))
            for (const QString &system : systems)
                if (text.contains(system))
                    found << text;
        return found;
    };
    // Annotators work blind: no row's detail, column, filter or tooltip names a system.
    for (int row = 0; row < 4; ++row) {
        inspector->selectRow(row);
        QVERIFY2(leaks().isEmpty(), qPrintable(leaks().join(QStringLiteral(" | "))));
    }
    // The lead's reveal shows them (and so the search above would have found them).
    QAction *reveal = nullptr;
    for (QAction *action : window.findChildren<QAction *>())
        if (action->isCheckable() && action->text().contains(QStringLiteral("System Names")))
            reveal = action;
    QVERIFY(reveal);
    reveal->setChecked(true);
    inspector->selectRow(0);
    QVERIFY(!leaks().isEmpty());
    reveal->setChecked(false);
    QVERIFY2(leaks().isEmpty(), qPrintable(leaks().join(QStringLiteral(" | "))));
}

QTEST_MAIN(TestDisagreementView)
#include "tst_disagreement_view.moc"

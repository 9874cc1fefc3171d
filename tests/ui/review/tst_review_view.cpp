// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Review view on a study file with two annotators who disagree, driven by keys and clicks: the most
// disputed document first with each annotator's ratings side by side (blind "Summary n" rows until the names
// are revealed); Ctrl+Return accepts the chosen annotator's work (a decision in Study::reviews()); a rejection
// without a comment is refused in the dialog and stores nothing; one with a comment sent to another person is
// stored and joins their assignment; adjudicating by taking one annotator's labels stores them as the rater
// "adjudicated" and takes the document out of the queue; Ctrl+Down goes to the next document. A busy team's
// commits (contentChanged) read the queue again one read at a time, its rows, the chosen row and Ctrl+Return kept
// meanwhile, and while the view is hidden not before it is shown.
#include "common/study_session.h"
#include "review/adjudicate_dialog.h"
#include "review/reject_dialog.h"
#include "review/review_queue_model.h"
#include "review/review_view.h"
#include "review_study.h"

#include "reports/review_report.h"
#include "reports/review_sheet.h"
#include "store/study.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <memory>

using concord::ui::AdjudicateDialog;
using concord::ui::RejectDialog;
using concord::ui::ReviewQueueModel;
using concord::ui::ReviewView;
using concord::ui::StudySession;
namespace model = concord::model;
namespace reports = concord::reports;
namespace store = concord::store;

class TestReviewView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void mostDisputedFirst();
    void acceptRecordsADecision();
    void rejectNeedsAComment();
    void rejectSendsToAnother();
    void adjudicateTakesOneAnnotator();
    void nextDocumentByKey();
    void busyTeamStillLoads();
    void hiddenViewReadsWhenShown();

private:
    // Shows the view over a fresh study and waits for the queue and the first document's ratings.
    void showFresh();
    std::unique_ptr<store::Study> openStudy() const;
    QString m_path;
    QTemporaryDir m_dir;
    int m_count = 0;
    std::unique_ptr<StudySession> m_session;
    std::unique_ptr<ReviewView> m_view;
};

void TestReviewView::initTestCase()
{
    QLocale::setDefault(QLocale::c());
    QVERIFY(m_dir.isValid());
}

void TestReviewView::init()
{
    m_path = m_dir.filePath(QStringLiteral("review%1.concord").arg(++m_count));
    QVERIFY(concord::test::makeReviewStudy(m_path.toStdString()));
    showFresh();
}

void TestReviewView::cleanup()
{
    m_view.reset();
    m_session.reset();
}

void TestReviewView::showFresh()
{
    m_session = std::make_unique<StudySession>();
    QVERIFY(m_session->open(m_path).ok());
    m_view = std::make_unique<ReviewView>(m_session.get());
    m_view->setReviewer(QStringLiteral("lead"));
    m_view->resize(1000, 600);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowActive(m_view.get()));
    QTRY_VERIFY(!m_view->isLoading());
    QTRY_VERIFY(m_view->shownDocument() != 0);
    QTRY_VERIFY(m_view->acceptAction()->isEnabled());
    m_view->table()->setFocus();
}

std::unique_ptr<store::Study> TestReviewView::openStudy() const
{
    auto study = store::Study::open(m_path.toStdString());
    if (!study)
        return nullptr;
    return std::move(study).value();
}

void TestReviewView::mostDisputedFirst()
{
    ReviewQueueModel *model = m_view->model();
    QCOMPARE(model->rowCount(), 3);
    QCOMPARE(model->index(0, ReviewQueueModel::DocumentColumn).data().toString(), QStringLiteral("d1"));
    QCOMPARE(model->index(1, ReviewQueueModel::DocumentColumn).data().toString(), QStringLiteral("d2"));
    QCOMPARE(m_view->table()->currentIndex().row(), 0);
    auto study = openStudy();
    QVERIFY(study);
    QCOMPARE(m_view->shownDocument(), *study->documentId("d1"));
    // Summaries by position while blind, the annotators side by side: ann gave A 1 and B 3, bea A 5 and B 3.
    QTableWidget *ratings = m_view->ratingsTable();
    QCOMPARE(ratings->rowCount(), 2);
    QCOMPARE(ratings->columnCount(), 2);
    QCOMPARE(ratings->verticalHeaderItem(0)->text(), QStringLiteral("Summary 1"));
    QCOMPARE(ratings->verticalHeaderItem(1)->text(), QStringLiteral("Summary 2"));
    QCOMPARE(ratings->horizontalHeaderItem(0)->text(), QStringLiteral("ann"));
    QCOMPARE(ratings->horizontalHeaderItem(1)->text(), QStringLiteral("bea"));
    QCOMPARE(ratings->item(0, 0)->text(), QStringLiteral("1"));
    QCOMPARE(ratings->item(0, 1)->text(), QStringLiteral("5"));
    QCOMPARE(ratings->item(1, 0)->text(), QStringLiteral("3"));
    QCOMPARE(ratings->item(1, 1)->text(), QStringLiteral("3"));
    for (int row = 0; row < ratings->rowCount(); ++row) {
        QVERIFY(!ratings->verticalHeaderItem(row)->text().contains(QLatin1Char('A')));
        QVERIFY(!ratings->verticalHeaderItem(row)->text().contains(QLatin1Char('B')));
    }
    m_view->setShowSystemNames(true);
    QCOMPARE(ratings->verticalHeaderItem(0)->text(), QStringLiteral("A"));
    QCOMPARE(ratings->verticalHeaderItem(1)->text(), QStringLiteral("B"));
    // The keys are in the tooltips.
    QVERIFY(m_view->acceptAction()->toolTip().contains(
        QKeySequence(Qt::CTRL | Qt::Key_Return).toString(QKeySequence::NativeText)));
    QVERIFY(m_view->errorText().isEmpty());
}

void TestReviewView::acceptRecordsADecision()
{
    QCOMPARE(m_view->annotatorChoice()->currentData().toString(), QStringLiteral("ann"));
    QSignalSpy finished(m_view.get(), &ReviewView::decisionFinished);
    QTest::keyClick(m_view->table(), Qt::Key_Return, Qt::ControlModifier);
    QTRY_COMPARE(finished.count(), 1);
    QCOMPARE(finished.at(0).at(0).toBool(), true);
    QVERIFY2(m_view->errorText().isEmpty(), qPrintable(m_view->errorText()));
    auto study = openStudy();
    QVERIFY(study);
    const auto reviews = study->reviews();
    QCOMPARE(reviews.size(), std::size_t(1));
    QCOMPARE(reviews[0].decision, std::string("accepted"));
    QCOMPARE(reviews[0].annotator, *study->raterId("ann"));
    QCOMPARE(reviews[0].document, *study->documentId("d1"));
    QCOMPARE(reviews[0].reviewer, std::string("lead"));
    // The queue is read again and the same document stays shown, bea's work still to decide on.
    QTRY_VERIFY(!m_view->isLoading());
    QTRY_COMPARE(m_view->annotatorChoice()->currentData().toString(), QStringLiteral("bea"));
    QCOMPARE(m_view->shownDocument(), *study->documentId("d1"));
}

void TestReviewView::rejectNeedsAComment()
{
    QTest::keyClick(m_view->table(), Qt::Key_Backspace, Qt::ControlModifier);
    QTRY_VERIFY(m_view->rejectDialog() != nullptr);
    RejectDialog *dialog = m_view->rejectDialog();
    QTRY_VERIFY(dialog->isVisible());
    QTest::mouseClick(dialog->buttons()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    QVERIFY(dialog->isVisible());
    QVERIFY(dialog->errorText().contains(QStringLiteral("comment")));
    QTest::keyClick(dialog, Qt::Key_Escape);
    QTRY_VERIFY(m_view->rejectDialog() == nullptr);
    auto study = openStudy();
    QVERIFY(study);
    QVERIFY(study->reviews().empty());
}

void TestReviewView::rejectSendsToAnother()
{
    // bea's work this time: the chooser by keys.
    m_view->annotatorChoice()->setFocus();
    QTest::keyClick(m_view->annotatorChoice(), Qt::Key_Down);
    QCOMPARE(m_view->annotatorChoice()->currentData().toString(), QStringLiteral("bea"));
    QSignalSpy finished(m_view.get(), &ReviewView::decisionFinished);
    QTest::keyClick(m_view->annotatorChoice(), Qt::Key_Backspace, Qt::ControlModifier);
    QTRY_VERIFY(m_view->rejectDialog() != nullptr);
    RejectDialog *dialog = m_view->rejectDialog();
    QTRY_VERIFY(dialog->isVisible());
    QTest::keyClicks(dialog->commentEdit(), QStringLiteral("A is coherent"));
    QComboBox *to = dialog->sendToBox();
    QCOMPARE(to->findData(QStringLiteral("bea")), -1); // not to the annotator whose work it is
    to->setCurrentIndex(to->findData(QStringLiteral("cal")));
    QCOMPARE(dialog->sendTo(), QStringLiteral("cal"));
    QTest::mouseClick(dialog->buttons()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    QTRY_COMPARE(finished.count(), 1);
    QCOMPARE(finished.at(0).at(0).toBool(), true);
    auto study = openStudy();
    QVERIFY(study);
    const auto reviews = study->reviews();
    QCOMPARE(reviews.size(), std::size_t(1));
    QCOMPARE(reviews[0].decision, std::string("rejected"));
    QCOMPARE(reviews[0].annotator, *study->raterId("bea"));
    QCOMPARE(reviews[0].comment, std::string("A is coherent"));
    const model::Id cal = *study->raterId("cal");
    QCOMPARE(reviews[0].returnedTo, std::optional<model::Id>(cal));
    QCOMPARE(study->assignedDocuments(cal), (std::vector<model::Id>{*study->documentId("d1")}));
    // Still in the queue, now rejected.
    QTRY_VERIFY(!m_view->isLoading());
    QTRY_COMPARE(m_view->model()->rowCount(), 3);
    QCOMPARE(m_view->model()->index(0, ReviewQueueModel::StatusColumn).data().toString(), QStringLiteral("rejected"));
}

void TestReviewView::adjudicateTakesOneAnnotator()
{
    QSignalSpy finished(m_view.get(), &ReviewView::decisionFinished);
    QTest::keyClick(m_view->table(), Qt::Key_D, Qt::ControlModifier);
    QTRY_VERIFY(m_view->adjudicateDialog() != nullptr);
    AdjudicateDialog *dialog = m_view->adjudicateDialog();
    QTRY_VERIFY(dialog->isVisible());
    QCOMPARE(dialog->dimension(), QStringLiteral("coherence"));
    QVERIFY(dialog->takeButton()->isChecked());
    dialog->takeBox()->setCurrentIndex(dialog->takeBox()->findText(QStringLiteral("bea")));
    QTest::keyClicks(dialog->commentEdit(), QStringLiteral("bea read it closely"));
    QTest::mouseClick(dialog->buttons()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    QTRY_COMPARE(finished.count(), 1);
    QCOMPARE(finished.at(0).at(0).toBool(), true);
    auto study = openStudy();
    QVERIFY(study);
    const auto adjudicated = study->raterId(std::string(reports::kAdjudicated));
    QVERIFY(adjudicated.has_value());
    const model::Id dim = *study->dimensionId("coherence");
    std::map<model::Id, double> labels;
    for (const auto &[candidate, value] : study->ratingsOf(*adjudicated, dim))
        labels[candidate] = value;
    const auto candidates = study->candidatesOf(*study->documentId("d1"));
    QCOMPARE(labels.size(), std::size_t(2));
    QCOMPARE(labels[candidates[0].id], 5.0);
    QCOMPARE(labels[candidates[1].id], 3.0);
    std::size_t decisions = 0;
    for (const auto &r : study->reviews()) {
        QCOMPARE(r.decision, std::string("adjudicated"));
        QCOMPARE(r.comment, std::string("bea read it closely"));
        ++decisions;
    }
    QCOMPARE(decisions, std::size_t(2));
    // The document's sheet shows the final labels beside the annotators', and their work as adjudicated.
    const auto sheet = reports::reviewSheet(*study, *study->documentId("d1"));
    QVERIFY(sheet.ok());
    QCOMPARE(sheet.value().annotators, (std::vector<std::string>{"ann", "bea"}));
    QCOMPARE(sheet.value().adjudicated.at({0, 0}), 5.0);
    QCOMPARE(sheet.value().adjudicated.at({1, 0}), 3.0);
    QCOMPARE(sheet.value().latestDecision, (std::vector<std::string>{"adjudicated", "adjudicated"}));
    // d1 is decided: it leaves the queue, and the next document is shown.
    QTRY_VERIFY(!m_view->isLoading());
    QTRY_COMPARE(m_view->model()->rowCount(), 2);
    QCOMPARE(m_view->model()->index(0, ReviewQueueModel::DocumentColumn).data().toString(), QStringLiteral("d2"));
    QTRY_COMPARE(m_view->shownDocument(), *study->documentId("d2"));
}

void TestReviewView::nextDocumentByKey()
{
    QTest::keyClick(m_view->table(), Qt::Key_Down, Qt::ControlModifier);
    QCOMPARE(m_view->table()->currentIndex().row(), 1);
    auto study = openStudy();
    QVERIFY(study);
    QTRY_COMPARE(m_view->shownDocument(), *study->documentId("d2"));
    QTRY_COMPARE(m_view->ratingsTable()->item(0, 0)->text(), QStringLiteral("2"));
}

// A commit faster than a read: each used to drop the running read and empty the table, so the queue never came
// back and Ctrl+Return stayed disabled.
void TestReviewView::busyTeamStillLoads()
{
    QAbstractItemModelTester tester(m_view->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    auto study = openStudy();
    QVERIFY(study);
    const model::Id d2 = *study->documentId("d2");
    m_view->selectRow(1);
    QTRY_COMPARE(m_view->shownDocument(), d2);
    QTRY_VERIFY(m_view->acceptAction()->isEnabled());

    QSignalSpy loaded(m_view.get(), &ReviewView::loaded);
    int commits = 0;
    int emptied = 0;  // commits that found the table without its rows
    int disabled = 0; // commits that found Ctrl+Return disabled
    int moved = 0;    // commits that found another row chosen
    QTimer team;
    team.setInterval(0);
    connect(&team, &QTimer::timeout, this, [&] {
        ++commits;
        emptied += m_view->model()->rowCount() == 3 ? 0 : 1;
        disabled += m_view->acceptAction()->isEnabled() ? 0 : 1;
        moved += m_view->table()->currentIndex().row() == 1 ? 0 : 1;
        Q_EMIT m_session->contentChanged();
    });
    team.start();
    QTRY_VERIFY(loaded.count() >= 3);
    team.stop();
    QVERIFY(commits > loaded.count());
    QCOMPARE(emptied, 0);
    QCOMPARE(disabled, 0);
    QCOMPARE(moved, 0);
    QTRY_VERIFY(!m_view->isLoading());
    QCOMPARE(m_view->model()->rowCount(), 3);
    QCOMPARE(m_view->table()->currentIndex().row(), 1);
    QTRY_COMPARE(m_view->shownDocument(), d2);
    QVERIFY(m_view->acceptAction()->isEnabled());
    QVERIFY2(m_view->errorText().isEmpty(), qPrintable(m_view->errorText()));
}

void TestReviewView::hiddenViewReadsWhenShown()
{
    QAbstractItemModelTester tester(m_view->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy loaded(m_view.get(), &ReviewView::loaded);
    m_view->setActive(false);
    Q_EMIT m_session->contentChanged();
    Q_EMIT m_session->contentChanged();
    QVERIFY(!m_view->isLoading());
    QCOMPARE(m_view->model()->rowCount(), 3);
    // Shown again: one read, the rows kept on screen meanwhile.
    m_view->setActive(true);
    QVERIFY(m_view->isLoading());
    QCOMPARE(m_view->model()->rowCount(), 3);
    QVERIFY(m_view->acceptAction()->isEnabled());
    QTRY_COMPARE(loaded.count(), 1);
    QVERIFY(!m_view->isLoading());
    QCOMPARE(m_view->model()->rowCount(), 3);
    QCOMPARE(m_view->table()->currentIndex().row(), 0);
    QVERIFY(m_view->acceptAction()->isEnabled());
}

QTEST_MAIN(TestReviewView)
#include "tst_review_view.moc"

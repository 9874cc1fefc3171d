// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// File > Assign Documents… on a study file, driven by keys: two of three annotators with K = 2 give the study the
// assignment reports::assignDocuments makes of the same request on a copy of it (as concord-cli team assign does),
// shown in the dialog's table; a request the core refuses (K above the annotators checked, no annotator) says why in
// one line and changes nothing; the overlap estimate says honestly when the pilot has no doubly rated summary, and
// otherwise gives computeOverlap's number; the table's model passes QAbstractItemModelTester; the window offers it
// on a study file (File > Assign Documents…, Ctrl+Shift+D).
#include "common/study_session.h"
#include "small_study.h"
#include "window/assign_dialog.h"
#include "window/assignment_model.h"
#include "window/main_window.h"

#include "reports/assignment_report.h"
#include "reports/overlap_report.h"
#include "store/study.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <functional>
#include <map>
#include <memory>
#include <tuple>
#include <vector>

using concord::test::SmallStudy;
using concord::ui::AssignDialog;
using concord::ui::AssignmentModel;
using concord::ui::StudySession;
namespace model = concord::model;
namespace reports = concord::reports;
namespace store = concord::store;

namespace {

// (annotator's name, document, calibration) of every stored row, in order.
using Rows = std::vector<std::tuple<std::string, model::Id, bool>>;

Rows storedRows(const QString &path)
{
    auto study = store::Study::open(path.toStdString());
    if (!study)
        return {};
    std::map<model::Id, std::string> names;
    for (const model::Rater &r : study.value()->raters())
        names[r.id] = r.name;
    Rows rows;
    for (const store::AssignmentRow &row : study.value()->assignments())
        rows.emplace_back(names[row.annotator], row.document, row.calibration);
    return rows;
}

int rowOf(QListWidget *list, const QString &name)
{
    for (int i = 0; i < list->count(); ++i)
        if (list->item(i)->text() == name)
            return i;
    return -1;
}

} // namespace

class TestAssignDialog : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void twoOfThreeAnnotatorsAsTheCoreAssigns();
    void aRefusedAssignmentChangesNothing();
    void theOverlapSaysWhenThePilotIsTooThin();
    void theOverlapIsComputeOverlaps();
    void theModelPassesTheTester();
    void theWindowOffersItOnAStudyFile();

private:
    // Adds people so that the study has three: alice and bob of group expert, carol of novice.
    void addPeople(const QString &path, bool bobRatesLikeAlice = false);

    QTemporaryDir m_settings;
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_path;
};

void TestAssignDialog::initTestCase()
{
    // The window keeps recent studies in the settings: never the developer's own.
    QVERIFY(m_settings.isValid());
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_settings.filePath(QStringLiteral("settings")));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settings.filePath(QStringLiteral("settings")));
}

void TestAssignDialog::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_path = m_dir->filePath(QStringLiteral("small.concord"));
    QCOMPARE(SmallStudy::create(m_path), QString());
}

void TestAssignDialog::addPeople(const QString &path, bool bobRatesLikeAlice)
{
    auto study = store::Study::open(path.toStdString());
    QVERIFY(study.ok());
    store::Study &s = *study.value();
    const concord::Status status = s.write([&] {
        model::Rater bob;
        bob.name = "bob";
        bob.group = "expert";
        const model::Id bobId = s.ensureRater(bob);
        model::Rater carol;
        carol.name = "carol";
        carol.group = "novice";
        s.ensureRater(carol);
        if (!bobRatesLikeAlice)
            return;
        // Bob rates what alice rated, one point apart on one summary: a pilot of doubly rated summaries.
        const model::Id dim = s.dimensions().front().id;
        const model::Id alice = s.raters().front().id;
        int k = 0;
        for (const auto &r : s.ratingsOn(dim))
            if (r.rater == alice)
                s.setRating(bobId, r.candidate, dim, r.value - (k++ == 0 ? 0 : 1));
    });
    QVERIFY2(status.ok(), status.ok() ? "" : status.error().describe().c_str());
}

void TestAssignDialog::twoOfThreeAnnotatorsAsTheCoreAssigns()
{
    addPeople(m_path);
    if (QTest::currentTestFailed())
        return;
    // What the core makes of the same request, on a copy of the study as it is now.
    const QString copy = m_dir->filePath(QStringLiteral("copy.concord"));
    QVERIFY(QFile::copy(m_path, copy));
    reports::AssignmentRequest request;
    request.annotators = {"alice", "bob"};
    request.perDocument = 2;
    request.seed = 7;
    reports::AssignmentReport expected;
    {
        auto study = store::Study::open(copy.toStdString());
        QVERIFY(study.ok());
        auto made = reports::assignDocuments(*study.value(), request);
        QVERIFY2(made.ok(), made.ok() ? "" : made.error().describe().c_str());
        expected = made.value();
    }

    StudySession session;
    QVERIFY(session.open(m_path).ok());
    AssignDialog dialog(&session);
    QSignalSpy loaded(&dialog, &AssignDialog::loaded);
    QSignalSpy finished(&dialog, &AssignDialog::assignFinished);
    dialog.show();
    QTRY_COMPARE(loaded.count(), 1);
    QCOMPARE(loaded.at(0).at(0).toBool(), true);
    // Nothing stored yet: the table is empty and says so.
    QCOMPARE(dialog.model()->rowCount(), 0);
    QVERIFY2(dialog.summaryText().startsWith(QStringLiteral("Nothing is assigned")), qPrintable(dialog.summaryText()));

    // Every person of a study file checked at first.
    QListWidget *list = dialog.annotatorList();
    QCOMPARE(list->count(), 3);
    for (int i = 0; i < list->count(); ++i) {
        QCOMPARE(list->item(i)->checkState(), Qt::Checked);
    }

    // K = 2 and seed 7 typed, carol unchecked with Space, Enter assigns.
    QSpinBox *perDocument = dialog.perDocumentBox();
    perDocument->setFocus();
    QTest::keyClick(perDocument, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(perDocument, QStringLiteral("2"));
    QTest::keyClick(perDocument, Qt::Key_Tab);
    QTest::keyClick(dialog.everyoneBox(), Qt::Key_Tab);
    QSpinBox *seed = dialog.seedBox();
    QVERIFY(seed->hasFocus()); // down the form in order
    QTest::keyClick(seed, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(seed, QStringLiteral("7"));
    list->setFocus();
    list->setCurrentRow(rowOf(list, QStringLiteral("carol")));
    QTest::keyClick(list, Qt::Key_Space);
    QCOMPARE(list->item(rowOf(list, QStringLiteral("carol")))->checkState(), Qt::Unchecked);
    QCOMPARE(dialog.request().annotators, (std::vector<std::string>{"alice", "bob"}));
    QTest::keyClick(list, Qt::Key_Return);
    QTRY_COMPARE(finished.count(), 1);
    QCOMPARE(finished.at(0).at(0).toBool(), true);
    QVERIFY2(dialog.errorText().isEmpty(), qPrintable(dialog.errorText()));
    QVERIFY(dialog.isVisible()); // the new summary is shown, not the dialog closed

    // The study holds what the core made of the same request.
    const Rows stored = storedRows(m_path);
    QCOMPARE(stored.size(), std::size_t(2 * SmallStudy::documents));
    QCOMPARE(stored, storedRows(copy));
    // And the table shows it, per annotator.
    AssignmentModel *model = dialog.model();
    QCOMPARE(model->rowCount(), int(expected.annotators.size()));
    for (int r = 0; r < model->rowCount(); ++r) {
        const auto &a = expected.annotators[std::size_t(r)];
        QCOMPARE(model->index(r, AssignmentModel::AnnotatorColumn).data().toString(), QString::fromStdString(a.name));
        QCOMPARE(model->index(r, AssignmentModel::DocumentsColumn).data().toULongLong(), qulonglong(a.documents));
        QCOMPARE(model->index(r, AssignmentModel::CalibrationColumn).data().toULongLong(), qulonglong(a.calibration));
        QCOMPARE(model->index(r, AssignmentModel::KeptColumn).data().toULongLong(), qulonglong(a.kept));
    }
    // Alice's ratings of doc-1 are kept.
    QCOMPARE(model->index(0, AssignmentModel::KeptColumn).data().toULongLong(), qulonglong(1));
    QVERIFY2(dialog.summaryText().contains(QStringLiteral("2 → 3")), qPrintable(dialog.summaryText()));

    // A dialog opened again shows the stored assignment.
    AssignDialog again(&session);
    QSignalSpy loadedAgain(&again, &AssignDialog::loaded);
    QTRY_COMPARE(loadedAgain.count(), 1);
    QCOMPARE(again.model()->rowCount(), 2);
    QCOMPARE(again.summaryText(), dialog.summaryText());
}

void TestAssignDialog::aRefusedAssignmentChangesNothing()
{
    addPeople(m_path);
    if (QTest::currentTestFailed())
        return;
    StudySession session;
    QVERIFY(session.open(m_path).ok());
    AssignDialog dialog(&session);
    QSignalSpy loaded(&dialog, &AssignDialog::loaded);
    QSignalSpy finished(&dialog, &AssignDialog::assignFinished);
    dialog.show();
    QTRY_COMPARE(loaded.count(), 1);
    // A first assignment, to see that a refused one leaves it as it was.
    QTest::mouseClick(dialog.assignButton(), Qt::LeftButton);
    QTRY_COMPARE(finished.count(), 1);
    QVERIFY(finished.at(0).at(0).toBool());
    const Rows before = storedRows(m_path);
    QVERIFY(!before.empty());
    const QString summary = dialog.summaryText();

    // K = 3 with two annotators checked.
    QSpinBox *perDocument = dialog.perDocumentBox();
    perDocument->setFocus();
    QTest::keyClick(perDocument, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(perDocument, QStringLiteral("3"));
    QListWidget *list = dialog.annotatorList();
    list->setFocus();
    list->setCurrentRow(rowOf(list, QStringLiteral("bob")));
    QTest::keyClick(list, Qt::Key_Space);
    QTest::keyClick(list, Qt::Key_Enter);
    QTRY_COMPARE(finished.count(), 2);
    QCOMPARE(finished.at(1).at(0).toBool(), false);
    const QString error = dialog.errorText();
    QVERIFY(!error.isEmpty());
    QVERIFY2(!error.contains(QLatin1Char('\n')), qPrintable(error));
    QCOMPARE(storedRows(m_path), before);
    QCOMPARE(dialog.summaryText(), summary);

    // No annotator checked: said so, nothing asked of the core.
    for (int i = 0; i < list->count(); ++i) {
        list->item(i)->setCheckState(Qt::Unchecked);
    }
    QTest::mouseClick(dialog.assignButton(), Qt::LeftButton);
    QTRY_COMPARE(finished.count(), 3);
    QCOMPARE(finished.at(2).at(0).toBool(), false);
    QVERIFY(dialog.errorText() != error);
    QVERIFY(!dialog.errorText().isEmpty());
    QCOMPARE(storedRows(m_path), before);
}

void TestAssignDialog::theOverlapSaysWhenThePilotIsTooThin()
{
    addPeople(m_path);
    if (QTest::currentTestFailed())
        return;
    StudySession session;
    QVERIFY(session.open(m_path).ok());
    AssignDialog dialog(&session);
    QSignalSpy loaded(&dialog, &AssignDialog::loaded);
    dialog.show();
    QTRY_COMPARE(loaded.count(), 1);
    QCOMPARE(dialog.overlapGroupBox()->currentText(), QStringLiteral("expert"));
    QCOMPARE(dialog.overlapDimensionBox()->currentText(), QStringLiteral("coherence"));
    QCOMPARE(dialog.widthBox()->value(), 0.1);
    // Only alice has rated: no summary rated by two.
    QTRY_VERIFY2(dialog.overlapText().startsWith(QStringLiteral("Not enough pilot data")),
                 qPrintable(dialog.overlapText()));
}

void TestAssignDialog::theOverlapIsComputeOverlaps()
{
    addPeople(m_path, true);
    if (QTest::currentTestFailed())
        return;
    reports::OverlapRequest request;
    request.group = "expert";
    request.dimension = "coherence";
    request.width = 0.5;
    QString expected;
    {
        auto study = store::Study::open(m_path.toStdString(), {true});
        QVERIFY(study.ok());
        auto overlap = reports::computeOverlap(*study.value(), request);
        QVERIFY2(overlap.ok(), overlap.ok() ? "" : overlap.error().describe().c_str());
        QVERIFY(overlap.value().sizing.pilotUnits > 0);
        QVERIFY2(overlap.value().documentsNeeded, overlap.value().sizing.why.c_str());
        expected = QStringLiteral("About %1 documents").arg(*overlap.value().documentsNeeded);
    }
    StudySession session;
    QVERIFY(session.open(m_path).ok());
    AssignDialog dialog(&session);
    QSignalSpy loaded(&dialog, &AssignDialog::loaded);
    QSignalSpy estimated(&dialog, &AssignDialog::overlapEstimated);
    dialog.show();
    QTRY_COMPARE(loaded.count(), 1);
    QTRY_VERIFY(estimated.count() >= 1);
    QDoubleSpinBox *width = dialog.widthBox();
    width->setFocus();
    QTest::keyClick(width, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(width, QStringLiteral("0.5"));
    QCOMPARE(width->value(), 0.5);
    QTRY_VERIFY2(dialog.overlapText().startsWith(expected), qPrintable(dialog.overlapText()));
}

void TestAssignDialog::theModelPassesTheTester()
{
    AssignmentModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    reports::AssignmentReport report;
    report.documents = 3;
    report.calibration = 1;
    report.annotators = {{1, "alice", 2, 1, 1}, {2, "bob", 2, 1, 0}};
    report.documentsByOverlap = {{1, 2}, {2, 1}};
    model.setReport(report);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.columnCount(), int(AssignmentModel::ColumnCount));
    QCOMPARE(model.index(1, AssignmentModel::AnnotatorColumn).data().toString(), QStringLiteral("bob"));
    QCOMPARE(model.headerData(AssignmentModel::KeptColumn, Qt::Horizontal).toString(), QStringLiteral("Kept"));
    QCOMPARE(model.summary(),
             QStringLiteral("Documents by annotators each: 1 → 2, 2 → 1. Calibration set: 1 of 3 documents."));
    model.setReport({});
    QCOMPARE(model.rowCount(), 0);
}

void TestAssignDialog::theWindowOffersItOnAStudyFile()
{
    addPeople(m_path);
    if (QTest::currentTestFailed())
        return;
    concord::ui::MainWindow window;
    window.show();
    const concord::Status opened = window.openStudy(m_path);
    QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
    auto *action = window.findChild<QAction *>(QStringLiteral("assignDocumentsAction"));
    QVERIFY(action);
    QVERIFY(action->isEnabled());
    QVERIFY(action->statusTip().isEmpty());
    QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));

    // The dialog is modal: driven from the event loop its exec() runs, assigning once it has read the study.
    QString problem = QStringLiteral("the dialog never opened");
    std::function<void()> drive = [&] {
        auto *dialog = qobject_cast<AssignDialog *>(QApplication::activeModalWidget());
        if (!dialog) {
            QTimer::singleShot(10, &window, drive);
            return;
        }
        QTimer::singleShot(30000, dialog, &QDialog::reject); // never left open
        connect(dialog, &AssignDialog::assignFinished, dialog, [&problem, dialog](bool ok) {
            problem = ok ? QString() : dialog->errorText();
            dialog->reject();
        });
        const auto assign = [dialog] { QTest::mouseClick(dialog->assignButton(), Qt::LeftButton); };
        if (dialog->assignButton()->isEnabled())
            assign();
        else
            connect(dialog, &AssignDialog::loaded, dialog, assign);
    };
    QTimer::singleShot(0, &window, drive);
    action->trigger();
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(storedRows(m_path).size(), std::size_t(2 * SmallStudy::documents));
}

QTEST_MAIN(TestAssignDialog)
#include "tst_assign_dialog.moc"

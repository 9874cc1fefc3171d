// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Edits a team study's server refuses, against a real throwaway PostgreSQL cluster: the lead narrows a Likert
// scale under an annotator at work, so the server's rules turn the annotator's high ratings back. A burst of
// refusals is one message, not a dialog each; the status bar counts them; Annotate > Refused Edits… lists them
// with the server's reasons, from the local journal; once the lead has mended the scale, Enter Again sends them
// and they reach the server once, and Drop forgets one for good.
#include "annotate/annotate_workspace.h"
#include "annotate/annotation_view.h"
#include "annotate/candidate_card.h"
#include "annotate/likert_row.h"
#include "annotate/refused_edits_dialog.h"
#include "annotate/refused_edits_model.h"
#include "common/study_session.h"
#include "small_study.h"
#include "window/main_window.h"
#include "window/team_status_indicator.h"

#include "pg_login.h"
#include "pg_test_cluster.h"
#include "small_team_study.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include <memory>

using concord::test::PgLogin;
using concord::test::PgTestCluster;
using concord::test::SmallStudy;
using concord::test::SmallTeamStudy;
using concord::ui::MainWindow;
using concord::ui::RefusedEditsDialog;
using concord::ui::RefusedEditsModel;
using concord::ui::StudySession;
namespace store = concord::store;

class TestRefusedEdits : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void refusedEditsAreOneMessageAListAndCanBeEnteredAgain();
    void describesEachKindOfEdit();

private:
    SmallTeamStudy m_team;
    PgTestCluster *m_cluster = nullptr;
    std::string m_adminUri;
};

void TestRefusedEdits::initTestCase()
{
    const QString failed = m_team.setUp(QStringLiteral("tst_refused_edits"));
    QVERIFY2(failed.isEmpty(), qPrintable(failed));
    m_cluster = &m_team.cluster();
    m_adminUri = m_team.adminUri();
}

void TestRefusedEdits::cleanupTestCase()
{
    m_team.tearDown();
}

void TestRefusedEdits::refusedEditsAreOneMessageAListAndCanBeEnteredAgain()
{
    PgLogin lead(m_adminUri);
    QVERIFY2(lead.connected(), qPrintable(lead.connectionError()));
    // Nobody's rating stands in the way of a narrower scale.
    lead.run("DELETE FROM ratings");
    MainWindow window;
    window.show();
    const auto opened = window.openStudy(QString::fromStdString(
        m_cluster->tcpUri(QStringLiteral("ann"), QStringLiteral("ann-pw"), QStringLiteral("team"))));
    QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
    QVERIFY(window.setAnnotator(QStringLiteral("ann")).ok());
    auto *view = window.annotationView();
    QTRY_VERIFY(!view->cards().empty());
    QVERIFY(view->cards().size() >= 2);
    QAction *refusedAction = window.annotateWorkspace()->actions().refusedEdits;
    QVERIFY(!refusedAction->isEnabled());
    QSignalSpy errors(&window, &MainWindow::errorShown);

    // The lead narrows the scale while holding the ratings: ann's three ratings wait, then go in one send.
    QCOMPARE(lead.run("UPDATE dimensions SET scale_max = 3 WHERE kind = 'likert'"), QStringLiteral("UPDATE 1"));
    QCOMPARE(lead.run("BEGIN"), QStringLiteral("BEGIN"));
    QCOMPARE(lead.run("LOCK TABLE ratings IN EXCLUSIVE MODE"), QStringLiteral("LOCK TABLE"));
    const auto rate = [view](std::size_t card, Qt::Key key) {
        concord::ui::LikertRow *row = view->cards()[card]->likertRows().front();
        row->setFocus();
        QTest::keyClick(row, key);
        return row->value() == std::optional<double>(key - Qt::Key_0);
    };
    QVERIFY(rate(0, Qt::Key_5));
    QVERIFY(rate(1, Qt::Key_4));
    if (view->cards().size() > 2)
        QVERIFY(rate(2, Qt::Key_2));
    QTRY_VERIFY(window.session()->teamStatus().pendingEdits > 0);
    QCOMPARE(lead.run("ROLLBACK"), QStringLiteral("ROLLBACK"));

    // Two refused: one message, the status bar counts them, the menu offers them.
    QTRY_COMPARE_WITH_TIMEOUT(window.session()->teamStatus().refusedEdits, 2, 4 * StudySession::maxBusyRetryDelayMs);
    QTRY_COMPARE(window.session()->teamStatus().pendingEdits, 0);
    QCOMPARE(errors.count(), 1);
    // One send or two (the first may have left before the later ratings were made): one message either way.
    QVERIFY2(errors.first().at(1).toString().contains(QStringLiteral("Annotate > Refused Edits")),
             qPrintable(errors.first().at(1).toString()));
    QVERIFY(window.teamStatusIndicator()->text().contains(QStringLiteral("Refused: 2")));
    QVERIFY(refusedAction->isEnabled());
    const QString ratings = QStringLiteral("SELECT coalesce(string_agg(r.value::text, ',' ORDER BY r.value), '') FROM "
                                           "ratings r JOIN raters p ON p.id = r.rater_id WHERE p.name = 'ann'");
    QCOMPARE(PgLogin(m_adminUri).run(ratings.toStdString()),
             view->cards().size() > 2 ? QStringLiteral("2") : QString());
    // The cards show what the server holds.
    QTRY_COMPARE(view->cards()[0]->likertRows().front()->value(), std::nullopt);

    // The list, from the local journal: what each edit was and the server's reason.
    refusedAction->trigger();
    auto *dialog = window.findChild<RefusedEditsDialog *>(QStringLiteral("refusedEditsDialog"));
    QVERIFY(dialog);
    QAbstractItemModelTester tester(dialog->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(dialog->model()->rowCount(), 2);
    const QModelIndex what = dialog->model()->index(0, RefusedEditsModel::WhatColumn);
    QVERIFY2(what.data().toString().startsWith(QStringLiteral("Rating 5")), qPrintable(what.data().toString()));
    QCOMPARE(dialog->model()->index(0, RefusedEditsModel::DocumentColumn).data().toString(),
             SmallStudy::documentIds().at(view->documentId() - 1));
    const QString reason = dialog->model()->index(0, RefusedEditsModel::ReasonColumn).data().toString();
    QVERIFY2(reason.contains(QStringLiteral("outside the scale")), qPrintable(reason));

    // The lead mends the scale; the 5 is entered again, the 4 dropped.
    QCOMPARE(lead.run("UPDATE dimensions SET scale_max = 5 WHERE kind = 'likert'"), QStringLiteral("UPDATE 1"));
    dialog->table()->selectRow(0);
    QTest::mouseClick(dialog->sendAgainButton(), Qt::LeftButton);
    QCOMPARE(dialog->model()->rowCount(), 1);
    QTRY_VERIFY(PgLogin(m_adminUri).run(ratings.toStdString()).contains(QLatin1Char('5')));
    dialog->table()->selectRow(0);
    QTest::mouseClick(dialog->dropButton(), Qt::LeftButton);
    QCOMPARE(dialog->model()->rowCount(), 0);
    QVERIFY(!dialog->sendAgainButton()->isEnabled());
    QTRY_COMPARE(window.session()->teamStatus().refusedEdits, 0);
    QVERIFY(!refusedAction->isEnabled());
    QVERIFY(!window.teamStatusIndicator()->text().contains(QStringLiteral("Refused")));
    QCOMPARE(PgLogin(m_adminUri).run(ratings.toStdString()),
             view->cards().size() > 2 ? QStringLiteral("2,5") : QStringLiteral("5"));
    // The document shown reads it again once it arrived.
    QTRY_COMPARE(view->cards()[0]->likertRows().front()->value(), std::optional<double>(5));
    QCOMPARE(errors.count(), 1);
    dialog->close();
    window.closeStudy();
}

void TestRefusedEdits::describesEachKindOfEdit()
{
    using store::AnnotationEdit;
    QCOMPARE(RefusedEditsModel::describe(AnnotationEdit::setRating(1, 2, 3, 4), QStringLiteral("coherence")),
             QStringLiteral("Rating 4 (coherence)"));
    QCOMPARE(RefusedEditsModel::describe(AnnotationEdit::clearRating(1, 2, 3), QStringLiteral("coherence")),
             QStringLiteral("Rating cleared (coherence)"));
    QCOMPARE(RefusedEditsModel::describe(AnnotationEdit::setRanking(1, 2, 3, {}), QStringLiteral("overall")),
             QStringLiteral("Ranking removed (overall)"));
    concord::model::ErrorSpan span;
    span.quote = "the cat";
    QCOMPARE(RefusedEditsModel::describe(AnnotationEdit::addErrorSpan(span), {}),
             QStringLiteral("Error span “the cat”"));
    QCOMPARE(RefusedEditsModel::describe(AnnotationEdit::setUnitMark(1, 2, 0, true), {}),
             QStringLiteral("Unit 1 present"));
    QCOMPARE(RefusedEditsModel::describe(AnnotationEdit::setExplanation(1, 2, 0, "why"), {}),
             QStringLiteral("Explanation"));
}

QTEST_MAIN(TestRefusedEdits)
#include "tst_refused_edits.moc"

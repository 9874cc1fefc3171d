// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Review view on a team study on a throwaway PostgreSQL cluster (label postgres): an annotator's session is
// offered none of its actions, each saying why, and reads no queue; the lead's reads the server's queue as
// reports::reviewQueue gives it, and Ctrl+Return records a decision on the server; a reviewer's rejection is sent
// only to annotators.
#include "common/study_session.h"
#include "review/reject_dialog.h"
#include "review/review_queue_model.h"
#include "review/review_view.h"

#include "reports/review_report.h"
#include "store/study.h"

#include "pg_test_cluster.h"
#include "small_team_study.h"
#include "store/pg_connection.h"
#include "store/pg_team.h"

#include <QAction>
#include <QComboBox>
#include <QSignalSpy>
#include <QStringList>
#include <QTableView>
#include <QTest>

using concord::test::SmallTeamStudy;
using concord::ui::ReviewView;
using concord::ui::StudySession;
namespace reports = concord::reports;
namespace store = concord::store;

namespace {

// Work nobody has decided on yet: the person's ratings of the last document.
void rateLastDocument(store::PgConnection &admin, const std::string &person, int value)
{
    admin.script("INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) SELECT p.id, c.id, d.id, "
                 + std::to_string(value)
                 + " FROM raters p, candidates c JOIN documents x ON x.id = c.document_id, dimensions d "
                   "WHERE p.name = '"
                 + person + "' AND x.external_id = 'doc-3' AND d.kind = 'likert' ON CONFLICT DO NOTHING");
}

// The view shown and its queue read, without an error.
void showLoaded(ReviewView &view)
{
    view.resize(1000, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowActive(&view));
    QTRY_VERIFY_WITH_TIMEOUT(!view.isLoading(), 30000);
    QVERIFY2(view.errorText().isEmpty(), qPrintable(view.errorText()));
}

} // namespace

class TestReviewViewPg : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase() { m_team.tearDown(); }
    void annotatorIsOfferedNothing();
    void leadDecidesOnTheServer();
    void reviewerDecidesOnTheServer();
    void reviewerSendsOnlyToAnnotators();

private:
    SmallTeamStudy m_team;
};

void TestReviewViewPg::initTestCase()
{
    const QString problem = m_team.setUp(QStringLiteral("tst_review_view_pg"));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestReviewViewPg::annotatorIsOfferedNothing()
{
    StudySession session;
    QVERIFY(session.open(QString::fromStdString(m_team.annUri())));
    QVERIFY(session.study()->isBlind());
    ReviewView view(&session);
    QSignalSpy loaded(&view, &ReviewView::loaded);
    view.show();
    QVERIFY(!view.isLoading());
    QCOMPARE(view.model()->rowCount(), 0);
    QVERIFY2(view.infoText().contains(QStringLiteral("lead")), qPrintable(view.infoText()));
    for (QAction *action : {view.acceptAction(), view.rejectAction(), view.adjudicateAction(), view.nextAction()}) {
        QVERIFY2(!action->isEnabled(), qPrintable(action->objectName()));
        QVERIFY2(action->toolTip().contains(QStringLiteral("An annotator reviews nothing")),
                 qPrintable(action->toolTip()));
    }
    QVERIFY(!view.orderBox()->isEnabled());
    view.reload();
    QVERIFY(!view.isLoading());
    QVERIFY(view.errorText().isEmpty());
}

void TestReviewViewPg::leadDecidesOnTheServer()
{
    StudySession session;
    QVERIFY(session.open(QString::fromStdString(m_team.adminUri())));
    ReviewView view(&session);
    showLoaded(view);
    if (QTest::currentTestFailed())
        return;
    auto study = store::Study::open(m_team.adminUri());
    QVERIFY(study.ok());
    const auto queue = reports::reviewQueue(*study.value(), {});
    QVERIFY(queue.ok());
    QCOMPARE(view.model()->rowCount(), static_cast<int>(queue.value().size()));
    QVERIFY(!queue.value().empty());
    QCOMPARE(view.model()->itemAt(0)->externalId, queue.value().front().externalId);
    QTRY_VERIFY_WITH_TIMEOUT(view.acceptAction()->isEnabled(), 30000);
    const std::size_t before = study.value()->reviews().size();
    const std::string annotator = view.annotatorChoice()->currentData().toString().toStdString();
    QSignalSpy finished(&view, &ReviewView::decisionFinished);
    view.table()->setFocus();
    QTest::keyClick(view.table(), Qt::Key_Return, Qt::ControlModifier);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(view.errorText()));
    const auto reviews = study.value()->reviews();
    QCOMPARE(reviews.size(), before + 1);
    QCOMPARE(reviews.back().decision, std::string("accepted"));
    QCOMPARE(reviews.back().annotator, *study.value()->raterId(annotator));
    QCOMPARE(reviews.back().document, *study.value()->documentId(queue.value().front().externalId));
}

// A named reviewer's own login (not the lead) reads the queue and the document's ratings, and its Ctrl+Return is
// recorded on the server under that login.
void TestReviewViewPg::reviewerDecidesOnTheServer()
{
    {
        store::PgConnection admin(m_team.adminUri());
        store::PgTeam::addMember(admin, "rev", "", store::TeamRole::Reviewer);
        concord::test::PgTestCluster::givePassword(admin, "rev", "rev-pw");
        rateLastDocument(admin, "ann", 3);
    }
    StudySession session;
    QVERIFY(session.open(QString::fromStdString(
        m_team.cluster().tcpUri(QStringLiteral("rev"), QStringLiteral("rev-pw"), QStringLiteral("team")))));
    QVERIFY(session.study()->isReviewer());
    ReviewView view(&session);
    showLoaded(view);
    if (QTest::currentTestFailed())
        return;
    auto study = store::Study::open(m_team.adminUri());
    QVERIFY(study.ok());
    const auto queue = reports::reviewQueue(*study.value(), {});
    QVERIFY(queue.ok());
    QCOMPARE(view.model()->rowCount(), static_cast<int>(queue.value().size()));
    QVERIFY(view.model()->rowCount() > 0);
    QTRY_VERIFY_WITH_TIMEOUT(view.acceptAction()->isEnabled(), 30000);
    const std::size_t before = study.value()->reviews().size();
    QSignalSpy finished(&view, &ReviewView::decisionFinished);
    view.table()->setFocus();
    QTest::keyClick(view.table(), Qt::Key_Return, Qt::ControlModifier);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(view.errorText()));
    const auto reviews = study.value()->reviews();
    QCOMPARE(reviews.size(), before + 1);
    QCOMPARE(reviews.back().reviewer, std::string("rev"));
}

// A reviewer's login sees every person of the team, the lead and the reviewers too; rejected work goes only to those
// who annotate.
void TestReviewViewPg::reviewerSendsOnlyToAnnotators()
{
    {
        store::PgConnection admin(m_team.adminUri());
        store::PgTeam::addMember(admin, "bo", "expert", store::TeamRole::Annotator);
        store::PgTeam::addMember(admin, "lea", "", store::TeamRole::Lead);
        store::PgTeam::addMember(admin, "rita", "", store::TeamRole::Reviewer);
        concord::test::PgTestCluster::givePassword(admin, "rita", "rita-pw");
        rateLastDocument(admin, "bo", 4);
    }
    StudySession session;
    QVERIFY(session.open(QString::fromStdString(
        m_team.cluster().tcpUri(QStringLiteral("rita"), QStringLiteral("rita-pw"), QStringLiteral("team")))));
    QVERIFY(session.study()->isReviewer());
    ReviewView view(&session);
    showLoaded(view);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(view.model()->rowCount() > 0);
    QTRY_VERIFY_WITH_TIMEOUT(view.rejectAction()->isEnabled(), 30000);
    const QString annotator = view.annotatorChoice()->currentData().toString();
    view.table()->setFocus();
    QTest::keyClick(view.table(), Qt::Key_Backspace, Qt::ControlModifier);
    QTRY_VERIFY(view.rejectDialog() != nullptr);
    QComboBox *to = view.rejectDialog()->sendToBox();
    QCOMPARE(to->itemData(0).toString(), QString()); // back to whose work it is
    QStringList offered;
    for (int i = 1; i < to->count(); ++i)
        offered << to->itemData(i).toString();
    QStringList annotators{QStringLiteral("ann"), QStringLiteral("bo")};
    annotators.removeAll(annotator);
    QCOMPARE(offered, annotators);
    view.rejectDialog()->reject();
}

QTEST_MAIN(TestReviewViewPg)
#include "tst_review_view_pg.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Team view on a team study on a throwaway PostgreSQL cluster (label postgres): the lead's view follows an
// annotator's commit by itself (StudySession::contentChanged), with nothing pressed, to the row
// reports::computeTeamProgress gives after it; an annotator's own session shows one line saying why instead of
// anyone's numbers, and computes nothing; a computation that fails says so without the login's password.
#include "common/live_updates.h"
#include "common/study_session.h"
#include "team/team_progress_model.h"
#include "team/team_view.h"

#include "reports/team_progress.h"
#include "store/pg_connection.h"
#include "store/pg_team.h"
#include "store/study.h"

#include "pg_login.h"
#include "small_team_study.h"

#include <QLabel>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include <string>

using concord::test::PgLogin;
using concord::test::SmallTeamStudy;
using concord::ui::StudySession;
using concord::ui::TeamView;
namespace reports = concord::reports;
namespace store = concord::store;

namespace {

const reports::TeamMemberProgress *member(const reports::TeamProgress &p, const std::string &name)
{
    for (const auto &m : p.annotators)
        if (m.name == name)
            return &m;
    return nullptr;
}

} // namespace

class TestTeamViewPg : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase() { m_team.tearDown(); }
    void leadsViewFollowsAnAnnotatorsCommit();
    void annotatorSeesWhyNotTheTeam();
    void aFailedComputationNeverShowsThePassword();

private:
    SmallTeamStudy m_team;
};

void TestTeamViewPg::initTestCase()
{
    const QString problem = m_team.setUp(QStringLiteral("tst_team_view_pg"));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestTeamViewPg::leadsViewFollowsAnAnnotatorsCommit()
{
    StudySession session;
    QVERIFY(session.open(QString::fromStdString(m_team.adminUri())));
    TeamView view(&session);
    QSignalSpy refreshed(&view, &TeamView::refreshed);
    view.show();
    QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() > 0 && !view.isComputing(), 30000);
    QTRY_VERIFY_WITH_TIMEOUT(session.liveUpdates()->isListening(), 10000);
    QVERIFY(member(*view.progress(), "ann"));
    const int workedBefore = member(*view.progress(), "ann")->worked;

    // ann rates a summary of a document she has not touched, from her own login, and commits.
    store::PgConnection admin(m_team.adminUri());
    const auto untouched = admin.query(
        "SELECT c.id FROM candidates c WHERE c.document_id NOT IN (SELECT k.document_id FROM ratings r JOIN "
        "candidates k ON k.id = r.candidate_id JOIN raters a ON a.id = r.rater_id WHERE a.name = 'ann') ORDER BY "
        "c.id LIMIT 1");
    QCOMPARE(untouched.rows(), 1);
    const std::string candidate(untouched.text(0, 0));
    const std::string dimension(admin.query("SELECT min(id) FROM dimensions").text(0, 0));
    PgLogin ann(m_team.annUri());
    QVERIFY(ann.connected());
    QCOMPARE(ann.run("INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) SELECT id, " + candidate + ", "
                     + dimension + ", 3 FROM raters WHERE name = current_user"),
             QStringLiteral("INSERT 0 1"));

    QTRY_COMPARE_WITH_TIMEOUT(member(*view.progress(), "ann")->worked, workedBefore + 1, 30000);
    QTRY_VERIFY_WITH_TIMEOUT(!view.isComputing(), 30000);
    auto study = store::Study::open(m_team.adminUri()).value();
    const auto expected = reports::computeTeamProgress(*study, {}).value();
    const auto *shown = member(*view.progress(), "ann");
    const auto *computed = member(expected, "ann");
    QCOMPARE(shown->worked, computed->worked);
    QCOMPARE(shown->finished, computed->finished);
    QCOMPARE(shown->assigned, computed->assigned);
}

void TestTeamViewPg::annotatorSeesWhyNotTheTeam()
{
    StudySession session;
    QVERIFY(session.open(QString::fromStdString(m_team.annUri())));
    QVERIFY(session.study()->isBlind());
    TeamView view(&session);
    QSignalSpy refreshed(&view, &TeamView::refreshed);
    view.show();
    auto *reason = view.findChild<QLabel *>(QStringLiteral("teamUnavailable"));
    QVERIFY(reason->isVisible());
    QVERIFY2(reason->text().contains(QStringLiteral("lead")), qPrintable(reason->text()));
    QVERIFY(!view.findChild<QTableView *>(QStringLiteral("teamTable"))->isVisible());
    QVERIFY(!view.refreshAction()->isEnabled());
    view.refresh();
    QVERIFY(!view.isComputing());
    QCOMPARE(refreshed.count(), 0);
    QCOMPARE(view.model()->rowCount(), 0);
}

void TestTeamViewPg::aFailedComputationNeverShowsThePassword()
{
    // A lead whose password is their login's name: the refusal of a connection names the login, and so would the
    // view's line.
    store::PgConnection admin(m_team.adminUri());
    store::PgTeam::addMember(admin, "lee", "", store::TeamRole::Lead);
    QCOMPARE(m_team.cluster().exec("ALTER ROLE lee PASSWORD 'lee'"), QString());
    StudySession session;
    QVERIFY(session.open(QString::fromStdString(
        m_team.cluster().tcpUri(QStringLiteral("lee"), QStringLiteral("lee"), QStringLiteral("team")))));
    QVERIFY(!session.study()->isBlind());
    TeamView view(&session);
    QSignalSpy refreshed(&view, &TeamView::refreshed);
    QSignalSpy failed(&view, &TeamView::refreshFailed);
    view.show();
    QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() > 0 && !view.isComputing(), 30000);
    // Another password: the next computation's own connection is refused.
    QCOMPARE(m_team.cluster().exec("ALTER ROLE lee PASSWORD 'changed'"), QString());
    view.refresh();
    QTRY_VERIFY_WITH_TIMEOUT(failed.count() > 0 && !view.isComputing(), 30000);
    const QString line = view.findChild<QLabel *>(QStringLiteral("teamStatus"))->text();
    QVERIFY2(line.startsWith(QStringLiteral("Cannot compute")), qPrintable(line));
    // The message did quote the login: it is shown redacted, here and to the window.
    QVERIFY2(line.contains(QStringLiteral("[redacted]")), qPrintable(line));
    QVERIFY2(!line.contains(QStringLiteral("lee")), qPrintable(line));
    QVERIFY(!failed.first().at(0).toString().contains(QStringLiteral("lee")));
}

QTEST_MAIN(TestTeamViewPg)
#include "tst_team_view_pg.moc"

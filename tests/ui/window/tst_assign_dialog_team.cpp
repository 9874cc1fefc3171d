// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// File > Assign Documents… on a team study, against a real throwaway PostgreSQL cluster: the team's members with the
// annotator role are checked at first and the others (a lead, a rater without a login) are listed unchecked; Enter
// assigns to the checked ones on the server, read back as the study stores it.
#include "common/study_session.h"
#include "small_study.h"
#include "small_team_study.h"
#include "window/assign_dialog.h"
#include "window/assignment_model.h"

#include "reports/assignment_report.h"
#include "store/pg_connection.h"
#include "store/pg_team.h"
#include "store/study.h"

#include <QListWidget>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

#include <map>
#include <set>

using concord::test::SmallStudy;
using concord::test::SmallTeamStudy;
using concord::ui::AssignDialog;
using concord::ui::AssignmentModel;
using concord::ui::StudySession;
namespace reports = concord::reports;
namespace store = concord::store;

class TestAssignDialogTeam : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void theTeamsAnnotatorsAreCheckedAndAssigned();

private:
    SmallTeamStudy m_team;
};

void TestAssignDialogTeam::initTestCase()
{
    const QString error = m_team.setUp(QStringLiteral("tst_assign_dialog_team"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    store::PgConnection admin(m_team.adminUri());
    store::PgTeam::addMember(admin, "bea", "expert", store::TeamRole::Annotator);
    store::PgTeam::addMember(admin, "lea", "", store::TeamRole::Lead);
}

void TestAssignDialogTeam::cleanupTestCase()
{
    m_team.tearDown();
}

void TestAssignDialogTeam::theTeamsAnnotatorsAreCheckedAndAssigned()
{
    StudySession session;
    const concord::Status opened = session.open(QString::fromStdString(m_team.adminUri()));
    QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
    AssignDialog dialog(&session);
    QSignalSpy loaded(&dialog, &AssignDialog::loaded);
    QSignalSpy finished(&dialog, &AssignDialog::assignFinished);
    dialog.show();
    QTRY_COMPARE(loaded.count(), 1);
    QCOMPARE(loaded.at(0).at(0).toBool(), true);

    // Every human rater listed, the annotators checked: alice (no login) and the lead are not.
    QListWidget *list = dialog.annotatorList();
    std::map<QString, Qt::CheckState> checks;
    for (int i = 0; i < list->count(); ++i)
        checks[list->item(i)->text()] = list->item(i)->checkState();
    const std::map<QString, Qt::CheckState> expected{{QStringLiteral("alice"), Qt::Unchecked},
                                                     {QStringLiteral("ann"), Qt::Checked},
                                                     {QStringLiteral("bea"), Qt::Checked},
                                                     {QStringLiteral("lea"), Qt::Unchecked}};
    QCOMPARE(checks, expected);

    // K = 2 of the two annotators: every document to both of them.
    QCOMPARE(dialog.perDocumentBox()->value(), 2);
    list->setFocus();
    QTest::keyClick(list, Qt::Key_Return);
    QTRY_COMPARE(finished.count(), 1);
    QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(dialog.errorText()));
    QCOMPARE(dialog.model()->rowCount(), 2);

    auto study = store::Study::open(m_team.adminUri());
    QVERIFY(study.ok());
    std::map<concord::model::Id, std::string> names;
    for (const auto &r : study.value()->raters())
        names[r.id] = r.name;
    std::map<std::string, std::set<concord::model::Id>> stored;
    for (const store::AssignmentRow &row : study.value()->assignments())
        stored[names[row.annotator]].insert(row.document);
    QCOMPARE(stored.size(), std::size_t(2));
    QCOMPARE(stored["ann"].size(), std::size_t(SmallStudy::documents));
    QCOMPARE(stored["bea"], stored["ann"]);
    auto report = reports::readAssignment(*study.value());
    QVERIFY(report.ok());
    QCOMPARE(report.value().documentsByOverlap, (std::map<std::size_t, std::size_t>{{2, SmallStudy::documents}}));
}

QTEST_MAIN(TestAssignDialogTeam)
#include "tst_assign_dialog_team.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Team view's table model under QAbstractItemModelTester: filled, refreshed with the same people (their
// rows kept, the numbers changed), with other people (reset) and cleared; what each column shows, a dash for
// an undefined number.
#include "team/team_progress_model.h"

#include <QAbstractItemModelTester>
#include <QLocale>
#include <QSignalSpy>
#include <QTest>

using concord::ui::TeamProgressModel;
namespace reports = concord::reports;

namespace {

reports::TeamMemberProgress member(concord::model::Id id, const char *name, int assigned, int done)
{
    reports::TeamMemberProgress m;
    m.rater = id;
    m.name = name;
    m.group = "expert";
    m.assigned = assigned;
    m.assignedFinished = done;
    m.accepted = 1;
    m.rejected = 2;
    return m;
}

reports::TeamProgress team(int annDone)
{
    reports::TeamProgress p;
    p.annotators.push_back(member(1, "ann", 4, annDone));
    p.annotators.push_back(member(2, "bob", 0, 0));
    reports::AnnotatorQuality q;
    q.rater = "ann";
    q.alphaWithout = 0.5;
    q.correlationWithOthers = 0.25;
    p.annotators[0].quality = q;
    return p;
}

} // namespace

class TestTeamProgressModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void passesTheModelTester();
    void showsEachColumn();
    void refreshKeepsTheRowsOfTheSamePeople();
};

void TestTeamProgressModel::passesTheModelTester()
{
    TeamProgressModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setProgress(team(1));
    model.setProgress(team(3));
    reports::TeamProgress other = team(2);
    other.annotators.pop_back();
    model.setProgress(other);
    model.clear();
    model.setProgress(team(4));
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.columnCount(), int(TeamProgressModel::ColumnCount));
}

void TestTeamProgressModel::showsEachColumn()
{
    TeamProgressModel model;
    model.setProgress(team(1));
    const auto text = [&](int row, int column) { return model.index(row, column).data().toString(); };
    QCOMPARE(text(0, TeamProgressModel::AnnotatorColumn), QStringLiteral("ann"));
    QCOMPARE(text(0, TeamProgressModel::AssignedColumn), QStringLiteral("4"));
    QCOMPARE(text(0, TeamProgressModel::DoneColumn), QStringLiteral("1"));
    QCOMPARE(model.index(0, TeamProgressModel::ProgressColumn).data(TeamProgressModel::ValueRole).toDouble(), 0.25);
    QVERIFY(text(0, TeamProgressModel::ProgressColumn).startsWith(QStringLiteral("25")));
    QCOMPARE(text(0, TeamProgressModel::AcceptedColumn), QStringLiteral("1"));
    QCOMPARE(text(0, TeamProgressModel::RejectedColumn), QStringLiteral("2"));
    QCOMPARE(text(0, TeamProgressModel::AlphaWithoutColumn), QLocale().toString(0.5, 'f', 3));
    QCOMPARE(text(0, TeamProgressModel::CorrelationColumn), QLocale().toString(0.25, 'f', 3));
    // No competence estimated, nothing assigned to bob, no quality of his: dashes, not zeros.
    QCOMPARE(text(0, TeamProgressModel::CompetenceColumn), QStringLiteral("—"));
    QCOMPARE(text(1, TeamProgressModel::ProgressColumn), QStringLiteral("—"));
    QCOMPARE(text(1, TeamProgressModel::AlphaWithoutColumn), QStringLiteral("—"));
    QVERIFY(!model.index(1, TeamProgressModel::AlphaWithoutColumn).data(TeamProgressModel::ValueRole).isValid());
    QCOMPARE(model.headerData(TeamProgressModel::AnnotatorColumn, Qt::Horizontal).toString(),
             QStringLiteral("Annotator"));
}

void TestTeamProgressModel::refreshKeepsTheRowsOfTheSamePeople()
{
    TeamProgressModel model;
    model.setProgress(team(1));
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changes(&model, &QAbstractItemModel::dataChanged);
    model.setProgress(team(2));
    QCOMPARE(resets.count(), 0);
    QCOMPARE(changes.count(), 1);
    QCOMPARE(model.index(0, TeamProgressModel::DoneColumn).data().toInt(), 2);
    reports::TeamProgress other = team(2);
    other.annotators[1].rater = 3;
    model.setProgress(other);
    QCOMPARE(resets.count(), 1);
}

QTEST_MAIN(TestTeamProgressModel)
#include "tst_team_progress_model.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Team view on a small study file, offscreen with real widgets: shown, it computes off the GUI thread and its
// table gives reports::computeTeamProgress's rows; an edit made through the study shows after F5 and after the
// session's contentChanged (the team's commits on a team study); refreshes asked for while one runs are
// coalesced into one more; choosing a group shows computeAnnotatorQuality's numbers of that group; with no
// study it says why in one line; the window lists it last as "team".
#include "common/study_session.h"
#include "team/team_progress_model.h"
#include "team/team_view.h"
#include "window/main_window.h"

#include "reports/annotator_quality.h"
#include "reports/team_progress.h"
#include "store/study.h"

#include <QAction>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QLabel>
#include <QLineSeries>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <string>
#include <vector>

using concord::ui::StudySession;
using concord::ui::TeamProgressModel;
using concord::ui::TeamView;
namespace model = concord::model;
namespace reports = concord::reports;
namespace store = concord::store;

namespace {

// Three documents of two summaries, one Likert dimension; ann, bob (expert) and cat (crowd), each given every
// document; ann finished d0 and d1, bob d0, cat nothing (finished: both summaries rated and the document
// explained, as the plan a study without rank dimensions derives asks).
struct Ids {
    model::Id bob = 0;
    model::Id dimension = 0;
    std::vector<model::Id> documents;
    std::vector<std::vector<model::Id>> summaries;
};

void finish(store::Study &s, model::Id rater, const Ids &ids, int doc, double value)
{
    for (int c = 0; c < 2; ++c)
        s.setRating(rater, ids.summaries[doc][c], ids.dimension, value + c);
    s.setExplanation(rater, ids.documents[doc], 0, "Why.");
}

QString createStudy(const QString &path, Ids &ids)
{
    auto created = store::Study::create(path.toStdString());
    if (!created)
        return QString::fromStdString(created.error().describe());
    store::Study &s = *created.value();
    const concord::Status written = s.write([&] {
        model::Dimension coherence;
        coherence.name = "coherence";
        ids.dimension = s.ensureDimension(coherence);
        const model::Id ann = s.ensureRater({0, "ann", model::RaterKind::Human, "expert", {}, {}, {}, {}});
        ids.bob = s.ensureRater({0, "bob", model::RaterKind::Human, "expert", {}, {}, {}, {}});
        const model::Id cat = s.ensureRater({0, "cat", model::RaterKind::Human, "crowd", {}, {}, {}, {}});
        const model::Id a = s.ensureSystem("A");
        const model::Id b = s.ensureSystem("B");
        std::vector<store::AssignmentRow> rows;
        for (int i = 0; i < 3; ++i) {
            model::Document d;
            d.externalId = std::string("d").append(std::to_string(i));
            d.source = "An article.";
            const model::Id doc = s.addDocument(d);
            ids.documents.push_back(doc);
            ids.summaries.push_back({s.addCandidate(doc, a, "First."), s.addCandidate(doc, b, "Second.")});
            for (const model::Id rater : {ann, ids.bob, cat})
                rows.push_back({rater, doc, false, {}});
        }
        finish(s, ann, ids, 0, 2);
        finish(s, ann, ids, 1, 4);
        finish(s, ids.bob, ids, 0, 3);
        s.replaceAssignments(rows);
    });
    return written ? QString() : QString::fromStdString(written.error().describe());
}

int rowOf(const TeamProgressModel *m, const QString &name)
{
    for (int row = 0; row < m->rowCount(); ++row)
        if (m->index(row, TeamProgressModel::AnnotatorColumn).data().toString() == name)
            return row;
    return -1;
}

int done(const TeamProgressModel *m, const QString &name)
{
    const int row = rowOf(m, name);
    return row < 0 ? -1 : m->index(row, TeamProgressModel::DoneColumn).data().toInt();
}

} // namespace

class TestTeamView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void showsTheCoresRows();
    void editThenF5UpdatesTheRow();
    void followsContentChanged();
    void showingAgainReadsTheEditsMadeMeanwhile();
    void coalescesRefreshes();
    void groupChoiceShowsThatGroupsQuality();
    void saysWhyWithoutAStudy();
    void isTheWindowsLastView();
    void timePerDocumentAndThroughput();

private:
    QTemporaryDir m_dir;
    QString m_path;
    Ids m_ids;
};

void TestTeamView::initTestCase()
{
    // The window reads and writes settings: the tester's own stay out of it.
    QCoreApplication::setOrganizationName(QStringLiteral("ConcordTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_team_view"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
}

void TestTeamView::init()
{
    QVERIFY(m_dir.isValid());
    static int n = 0;
    m_path = m_dir.filePath(QStringLiteral("team%1.concord").arg(++n));
    m_ids = {};
    const QString error = createStudy(m_path, m_ids);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestTeamView::showsTheCoresRows()
{
    StudySession session;
    QVERIFY(session.open(m_path));
    TeamView view(&session);
    QSignalSpy refreshed(&view, &TeamView::refreshed);
    view.show();
    QTRY_COMPARE(refreshed.count(), 1);
    auto study = store::Study::open(m_path.toStdString()).value();
    const auto expected = reports::computeTeamProgress(*study, {}).value();
    const TeamProgressModel *m = view.model();
    QCOMPARE(m->rowCount(), 3);
    for (const auto &person : expected.annotators) {
        const int row = rowOf(m, QString::fromStdString(person.name));
        QVERIFY(row >= 0);
        QCOMPARE(m->index(row, TeamProgressModel::AssignedColumn).data().toInt(), person.assigned);
        QCOMPARE(m->index(row, TeamProgressModel::DoneColumn).data().toInt(), person.assignedFinished);
    }
    QCOMPARE(done(m, QStringLiteral("ann")), 2);
    QCOMPARE(done(m, QStringLiteral("bob")), 1);
    QCOMPARE(done(m, QStringLiteral("cat")), 0);
    QCOMPARE(view.group(), QStringLiteral("expert"));
    QCOMPARE(view.dimension(), QStringLiteral("coherence"));
    auto *table = view.findChild<QTableView *>(QStringLiteral("teamTable"));
    QVERIFY(table && table->isVisible());
    QVERIFY(!view.findChild<QLabel *>(QStringLiteral("teamUnavailable"))->isVisible());
}

void TestTeamView::editThenF5UpdatesTheRow()
{
    StudySession session;
    QVERIFY(session.open(m_path));
    TeamView view(&session);
    view.show();
    QVERIFY(QTest::qWaitForWindowActive(&view));
    QTRY_COMPARE(done(view.model(), QStringLiteral("bob")), 1);
    QTRY_VERIFY(!view.isComputing());
    // bob finishes d1, written through the study the window holds.
    QVERIFY(session.write([&](store::Study &s) { finish(s, m_ids.bob, m_ids, 1, 4); }));
    QCOMPARE(done(view.model(), QStringLiteral("bob")), 1); // nothing recomputes by itself on a study file
    auto *table = view.findChild<QTableView *>(QStringLiteral("teamTable"));
    table->setFocus();
    QTest::keyClick(table, Qt::Key_F5);
    QTRY_COMPARE(done(view.model(), QStringLiteral("bob")), 2);
}

void TestTeamView::followsContentChanged()
{
    StudySession session;
    QVERIFY(session.open(m_path));
    TeamView view(&session);
    QSignalSpy refreshed(&view, &TeamView::refreshed);
    view.show();
    QTRY_COMPARE(refreshed.count(), 1);
    QVERIFY(session.write([&](store::Study &s) { finish(s, m_ids.bob, m_ids, 2, 1); }));
    // What LiveUpdates emits when the team commits on a team study.
    Q_EMIT session.contentChanged();
    QTRY_COMPARE(done(view.model(), QStringLiteral("bob")), 2);
    QCOMPARE(refreshed.count(), 2);
}

void TestTeamView::showingAgainReadsTheEditsMadeMeanwhile()
{
    StudySession session;
    QVERIFY(session.open(m_path));
    TeamView view(&session);
    QSignalSpy refreshed(&view, &TeamView::refreshed);
    view.show();
    QTRY_COMPARE(refreshed.count(), 1);
    QTRY_VERIFY(!view.isComputing());
    view.hide();
    // Made while another view is shown, as the lead annotating a study file makes it: nothing announces it.
    QVERIFY(session.write([&](store::Study &s) { finish(s, m_ids.bob, m_ids, 1, 4); }));
    QCOMPARE(done(view.model(), QStringLiteral("bob")), 1);
    view.show();
    QTRY_COMPARE(done(view.model(), QStringLiteral("bob")), 2);
}

void TestTeamView::coalescesRefreshes()
{
    StudySession session;
    QVERIFY(session.open(m_path));
    TeamView view(&session);
    QSignalSpy refreshed(&view, &TeamView::refreshed);
    view.show(); // the first computation starts
    QVERIFY(view.isComputing());
    for (int i = 0; i < 5; ++i)
        Q_EMIT session.contentChanged();
    view.refreshAction()->trigger();
    // One running, one queued however many arrived meanwhile.
    QTRY_COMPARE(refreshed.count(), 2);
    QTRY_VERIFY(!view.isComputing());
    QCOMPARE(refreshed.count(), 2);
}

void TestTeamView::groupChoiceShowsThatGroupsQuality()
{
    StudySession session;
    QVERIFY(session.open(m_path));
    TeamView view(&session);
    QSignalSpy refreshed(&view, &TeamView::refreshed);
    view.show();
    QTRY_COMPARE(refreshed.count(), 1);
    auto *groups = view.findChild<QComboBox *>(QStringLiteral("teamGroup"));
    QCOMPARE(groups->count(), 2);
    view.setGroup(QStringLiteral("crowd"));
    QTRY_COMPARE(refreshed.count(), 2);
    QCOMPARE(view.progress()->request.group, std::string("crowd"));
    QCOMPARE(view.group(), QStringLiteral("crowd"));
    // Only cat is of the crowd: the experts' columns are empty, hers are computeAnnotatorQuality's.
    const TeamProgressModel *m = view.model();
    QVERIFY(!m->index(rowOf(m, QStringLiteral("ann")), TeamProgressModel::AlphaWithoutColumn)
                 .data(TeamProgressModel::ValueRole)
                 .isValid());
    view.setGroup(QStringLiteral("expert"));
    QTRY_COMPARE(refreshed.count(), 3);
    auto study = store::Study::open(m_path.toStdString()).value();
    const auto quality = reports::computeAnnotatorQuality(*study, {"expert", "coherence", {}, {}}).value();
    for (const auto &q : quality.annotators) {
        const QVariant shown = m->index(rowOf(m, QString::fromStdString(q.rater)), TeamProgressModel::CorrelationColumn)
                                   .data(TeamProgressModel::ValueRole);
        QCOMPARE(shown.isValid(), q.correlationWithOthers.has_value());
        if (q.correlationWithOthers) {
            QCOMPARE(shown.toDouble(), *q.correlationWithOthers);
        }
    }
}

void TestTeamView::saysWhyWithoutAStudy()
{
    StudySession session;
    TeamView view(&session);
    view.show();
    QVERIFY(!view.unavailableReason().isEmpty());
    auto *reason = view.findChild<QLabel *>(QStringLiteral("teamUnavailable"));
    QVERIFY(reason->isVisible());
    QCOMPARE(reason->text(), view.unavailableReason());
    QVERIFY(!view.findChild<QTableView *>(QStringLiteral("teamTable"))->isVisible());
    QVERIFY(!view.refreshAction()->isEnabled());
    QVERIFY(!view.isComputing());
}

void TestTeamView::isTheWindowsLastView()
{
    concord::ui::MainWindow window;
    QCOMPARE(window.viewNames().constLast(), QStringLiteral("team"));
    QVERIFY(window.findChild<TeamView *>());
}

// The edits' times give each person's median time per document (m:ss) and the team's documents per hour.
void TestTeamView::timePerDocumentAndThroughput()
{
    {
        auto study = store::Study::open(m_path.toStdString()).value();
        const std::vector<model::Id> &docs = m_ids.documents;
        model::Id ann = 0;
        for (const model::Rater &r : study->raters())
            if (r.name == "ann")
                ann = r.id;
        QVERIFY(ann != 0);
        QVERIFY(study
                    ->write([&] {
                        // bob: d0 at 09:00 (its reading start unknown), d1 from 09:01:30 to 09:03:05: 3:05 on d1.
                        study->recordEditTime(m_ids.bob, docs[0], 0, "2026-11-24T09:00:00Z");
                        study->recordEditTime(m_ids.bob, docs[1], 0, "2026-11-24T09:01:30Z");
                        study->recordEditTime(m_ids.bob, docs[1], 0, "2026-11-24T09:03:05Z");
                        study->recordEditTime(ann, docs[0], 0, "2026-11-24T11:00:00Z");
                    })
                    .ok());
    }
    StudySession session;
    QVERIFY(session.open(m_path));
    TeamView view(&session);
    QSignalSpy refreshed(&view, &TeamView::refreshed);
    view.show();
    QTRY_COMPARE(refreshed.count(), 1);
    const TeamProgressModel *m = view.model();
    const int bob = rowOf(m, QStringLiteral("bob"));
    QVERIFY(bob >= 0);
    QCOMPARE(m->index(bob, TeamProgressModel::TimePerDocumentColumn).data().toString(), QStringLiteral("3:05"));
    QVERIFY(m->index(bob, TeamProgressModel::TimePerDocumentColumn)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("1")));
    // ann's one edit gives no known time; cat made none.
    QCOMPARE(m->index(rowOf(m, QStringLiteral("ann")), TeamProgressModel::TimePerDocumentColumn).data().toString(),
             QStringLiteral("—"));
    QCOMPARE(m->headerData(TeamProgressModel::TimePerDocumentColumn, Qt::Horizontal).toString(),
             QStringLiteral("Time per document"));
    // Documents finished: 09:00 one (bob's d0; d1 he only started, so it is not counted), 10:00 none, 11:00 one
    // (ann's d0).
    auto *chart = view.findChild<QChartView *>(QStringLiteral("teamThroughput"));
    QVERIFY(chart);
    QCOMPARE(chart->chart()->series().size(), 1);
    auto *line = qobject_cast<QLineSeries *>(chart->chart()->series().front());
    QVERIFY(line);
    QList<qreal> counts;
    for (const QPointF &p : line->points())
        counts << p.y();
    QCOMPARE(counts, (QList<qreal>{1, 0, 1}));
}

QTEST_MAIN(TestTeamView)
#include "tst_team_view.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The window on a team study whose server goes away and comes back, against a real throwaway PostgreSQL
// cluster: an annotator's edit is on the server; with the server stopped an edit waits in the local journal
// and the status bar says the study is offline with the unsent edits, while the window keeps trying to
// connect again off the GUI thread; once the server is back it says so by itself, sends what waited, and the
// next edit is on the server. The Annotate view keeps working offline (its Likert rows, undo), and every
// rating reaches the server exactly once. An edit a busy server turned back, with the connection up, is
// sent again by itself once the server lets it through; the window never waits for it. Once a document is
// open, an edit asks nothing of the server on the GUI thread: it is sent from the journal by the session's
// outbox, and the view, the progress and the count follow from what the editor keeps. Edits still on their
// way show wherever their document is read again; closing the study while one is on its way loses nothing.
#include "annotate/annotation_editor.h"
#include "annotate/annotation_view.h"
#include "annotate/candidate_card.h"
#include "annotate/document_list_model.h"
#include "annotate/likert_row.h"
#include "common/study_session.h"
#include "small_study.h"
#include "window/main_window.h"
#include "window/team_status_indicator.h"

#include "pg_login.h"
#include "pg_test_cluster.h"
#include "small_team_study.h"
#include "store/annotation_progress.h"
#include "store/database.h"
#include "store/pg_connection.h"

#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <memory>

using concord::test::PgLogin;
using concord::test::PgTestCluster;
using concord::test::SmallStudy;
using concord::test::SmallTeamStudy;
using concord::ui::MainWindow;
using concord::ui::StudySession;
namespace store = concord::store;

class TestTeamConnectionLoss : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void editsReachTheServerAgainAfterItCameBack();
    void annotatingGoesOnOfflineAndEveryEditArrivesOnce();
    void anEditABusyServerTurnedBackIsSentAgainWhileConnected();
    void anEditNeverWaitsForTheServer();
    void editsOnTheirWayShowWhereverTheirDocumentIsOpened();
    void anEditOnItsWayWhenTheStudyClosesArrivesOnce();
    void aStudyTheOutboxCannotOpenIsReportedOnceAndTriedAgain();
    void aSpanOnItsWayShowsOnceBesideEditsThatArrived();

private:
    // A summary ann has not rated yet, its document, a Likert dimension, and the query of ann's rating of it.
    struct Unrated {
        qint64 candidate = 0;
        qint64 document = 0;
        qint64 dimension = 0;
        std::string rating;
    };
    void unratedSummary(Unrated &target);
    // The window on the team study as ann, annotating, once the status bar says the server is connected.
    void openAsAnn(MainWindow &window);
    // openAsAnn with none of ann's ratings and error spans on the server, once a document is shown.
    void annotateAfresh(MainWindow &window);

    SmallTeamStudy m_team;
    PgTestCluster *m_cluster = nullptr;
    std::string m_adminUri;
};

void TestTeamConnectionLoss::initTestCase()
{
    const QString failed = m_team.setUp(QStringLiteral("tst_team_connection_loss"));
    QVERIFY2(failed.isEmpty(), qPrintable(failed));
    m_cluster = &m_team.cluster();
    m_adminUri = m_team.adminUri();
}

void TestTeamConnectionLoss::cleanupTestCase()
{
    m_team.tearDown();
}

void TestTeamConnectionLoss::unratedSummary(Unrated &target)
{
    PgLogin lead(m_adminUri);
    QVERIFY2(lead.connected(), qPrintable(lead.connectionError()));
    const std::string unrated = "FROM candidates c WHERE NOT EXISTS (SELECT 1 FROM ratings r JOIN raters p ON p.id = "
                                "r.rater_id WHERE p.name = 'ann' AND r.candidate_id = c.id)";
    target.candidate = lead.run("SELECT min(c.id) " + unrated).toLongLong();
    target.document = lead.run("SELECT c.document_id " + unrated + " ORDER BY c.id LIMIT 1").toLongLong();
    target.dimension = lead.run("SELECT min(id) FROM dimensions WHERE kind = 'likert'").toLongLong();
    QVERIFY(target.candidate > 0 && target.document > 0 && target.dimension > 0);
    target.rating = "SELECT r.value FROM ratings r JOIN raters p ON p.id = r.rater_id WHERE p.name = 'ann' AND "
                    "r.candidate_id = "
                    + std::to_string(target.candidate) + " AND r.dimension_id = " + std::to_string(target.dimension);
}

void TestTeamConnectionLoss::openAsAnn(MainWindow &window)
{
    window.show();
    const QString uri = QString::fromStdString(
        m_cluster->tcpUri(QStringLiteral("ann"), QStringLiteral("ann-pw"), QStringLiteral("team")));
    const auto opened = window.openStudy(uri);
    QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
    QVERIFY(window.setAnnotator(QStringLiteral("ann")).ok());
    QTRY_VERIFY(window.teamStatusIndicator()->isVisible());
    QTRY_COMPARE(window.teamStatusIndicator()->text(), QStringLiteral("Server connected"));
}

void TestTeamConnectionLoss::annotateAfresh(MainWindow &window)
{
    PgLogin lead(m_adminUri);
    QVERIFY2(lead.connected(), qPrintable(lead.connectionError()));
    lead.run("DELETE FROM ratings WHERE rater_id = (SELECT id FROM raters WHERE name = 'ann')");
    lead.run("DELETE FROM error_spans WHERE rater_id = (SELECT id FROM raters WHERE name = 'ann')");
    openAsAnn(window);
    if (QTest::currentTestFailed())
        return;
    QTRY_VERIFY(window.annotationView()->documentId() != 0);
}

namespace {

// Rates the card's first Likert row with the key, as a person does; true when the row shows it.
bool rateByKey(concord::ui::AnnotationView *view, std::size_t card, Qt::Key key)
{
    concord::ui::LikertRow *row = view->cards()[card]->likertRows().front();
    row->setFocus();
    QTest::keyClick(row, key);
    return row->value() == std::optional<double>(key - Qt::Key_0);
}

} // namespace

void TestTeamConnectionLoss::editsReachTheServerAgainAfterItCameBack()
{
    Unrated target;
    unratedSummary(target);
    MainWindow window;
    openAsAnn(window);
    if (QTest::currentTestFailed())
        return;
    const auto [candidate, document, dimension, rating] = target;
    auto *indicator = window.teamStatusIndicator();

    QVERIFY(window.annotationEditor()->setRating(document, candidate, dimension, 3).ok());
    QTRY_COMPARE(PgLogin(m_adminUri).run(rating), QStringLiteral("3"));

    // The server goes down: the edit waits in the journal, the window says so and keeps trying.
    QSignalSpy reconnected(window.session(), &StudySession::reconnected);
    QVERIFY2(m_cluster->stop(), qPrintable(m_cluster->error()));
    QVERIFY(window.annotationEditor()->setRating(document, candidate, dimension, 4).ok());
    QTRY_COMPARE(window.session()->teamStatus().server, StudySession::Server::Reconnecting);
    QTRY_COMPARE(indicator->text(), QStringLiteral("Offline · Unsent: 1"));
    QVERIFY(indicator->toolTip().contains(QStringLiteral("Concord keeps trying")));
    QCOMPARE(reconnected.count(), 0);

    // Back: the window finds it by itself and sends what waited; the next edit is on the server.
    QVERIFY2(m_cluster->start(), qPrintable(m_cluster->error()));
    QVERIFY(reconnected.wait(4 * StudySession::maxReconnectDelayMs));
    QCOMPARE(window.session()->teamStatus().server, StudySession::Server::Connected);
    QTRY_COMPARE(window.session()->teamStatus().pendingEdits, 0);
    QCOMPARE(indicator->text(), QStringLiteral("Server connected"));
    QCOMPARE(PgLogin(m_adminUri).run(rating), QStringLiteral("4"));
    QVERIFY(window.annotationEditor()->setRating(document, candidate, dimension, 5).ok());
    QTRY_COMPARE(PgLogin(m_adminUri).run(rating), QStringLiteral("5"));
}

void TestTeamConnectionLoss::annotatingGoesOnOfflineAndEveryEditArrivesOnce()
{
    PgLogin lead(m_adminUri);
    QVERIFY2(lead.connected(), qPrintable(lead.connectionError()));
    lead.run("DELETE FROM ratings WHERE rater_id = (SELECT id FROM raters WHERE name = 'ann')");
    const auto appliedEdits = [this] {
        return PgLogin(m_adminUri)
            .run("SELECT count(*) FROM concord_applied_edits e JOIN raters p ON p.id = e.rater_id WHERE p.name = 'ann'")
            .toInt();
    };
    const int appliedBefore = appliedEdits();
    const auto ratingsOnServer = [this] {
        return PgLogin(m_adminUri)
            .run("SELECT count(*) || ':' || coalesce(string_agg(r.value::text, ',' ORDER BY r.value), '') "
                 "FROM ratings r JOIN raters p ON p.id = r.rater_id WHERE p.name = 'ann'");
    };

    MainWindow window;
    const QString uri = QString::fromStdString(
        m_cluster->tcpUri(QStringLiteral("ann"), QStringLiteral("ann-pw"), QStringLiteral("team")));
    const auto opened = window.openStudy(uri);
    QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
    QVERIFY(window.setAnnotator(QStringLiteral("ann")).ok());
    window.resize(1400, 1000);
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    auto *view = window.annotationView();
    QTRY_VERIFY(view->documentId() != 0);
    QCOMPARE(view->cards().size(), std::size_t(2));
    auto *indicator = window.teamStatusIndicator();
    QSignalSpy failed(window.session(), &StudySession::writeFailed);
    QSignalSpy editFailed(view, &concord::ui::AnnotationView::editFailed);

    const auto rate = [view](std::size_t card, Qt::Key key) {
        concord::ui::LikertRow *row = view->cards()[card]->likertRows().front();
        row->setFocus();
        QTest::keyClick(row, key);
        return row->value() == std::optional<double>(key - Qt::Key_0);
    };

    // Online: on the server as soon as the outbox has sent it.
    QVERIFY(rate(0, Qt::Key_2));
    QTRY_COMPARE(ratingsOnServer(), QStringLiteral("1:2"));
    QTRY_COMPARE(window.session()->teamStatus().pendingEdits, 0);

    // Offline: the view goes on, each edit waits, the count grows, nothing is shown as an error.
    QVERIFY2(m_cluster->stop(), qPrintable(m_cluster->error()));
    QVERIFY(rate(1, Qt::Key_3));
    QTRY_COMPARE(window.session()->teamStatus().server, StudySession::Server::Reconnecting);
    QTRY_COMPARE(indicator->text(), QStringLiteral("Offline · Unsent: 1"));
    QVERIFY(rate(0, Qt::Key_5));
    QCOMPARE(indicator->text(), QStringLiteral("Offline · Unsent: 2"));
    QVERIFY(rate(1, Qt::Key_4));
    QCOMPARE(indicator->text(), QStringLiteral("Offline · Unsent: 3"));
    // Undo of an offline edit is one more edit that waits; the view shows the value it restores.
    window.session()->undoStack()->undo();
    QCOMPARE(indicator->text(), QStringLiteral("Offline · Unsent: 4"));
    QCOMPARE(view->cards()[1]->likertRows().front()->value(), std::optional<double>(3));
    QCOMPARE(view->cards()[0]->likertRows().front()->value(), std::optional<double>(5));
    QCOMPARE(failed.count(), 0);
    QCOMPARE(editFailed.count(), 0);

    // Back: everything arrives, in order, once.
    QVERIFY2(m_cluster->start(), qPrintable(m_cluster->error()));
    QTRY_COMPARE_WITH_TIMEOUT(indicator->text(), QStringLiteral("Server connected"),
                              4 * StudySession::maxReconnectDelayMs);
    QCOMPARE(window.session()->teamStatus().pendingEdits, 0);
    QCOMPARE(ratingsOnServer(), QStringLiteral("2:3,5"));
    // One online rating, three offline ones and the undo: five edits, each committed once.
    QCOMPARE(appliedEdits(), appliedBefore + 5);
    QCOMPARE(failed.count(), 0);
    QCOMPARE(editFailed.count(), 0);
    // The view shows the server's rows again, and they are what was shown offline.
    QCOMPARE(view->cards()[0]->likertRows().front()->value(), std::optional<double>(5));
    QCOMPARE(view->cards()[1]->likertRows().front()->value(), std::optional<double>(3));
}

void TestTeamConnectionLoss::anEditABusyServerTurnedBackIsSentAgainWhileConnected()
{
    PgLogin lead(m_adminUri);
    QVERIFY2(lead.connected(), qPrintable(lead.connectionError()));
    Unrated target;
    unratedSummary(target);
    MainWindow window;
    openAsAnn(window);
    if (QTest::currentTestFailed())
        return;
    const auto [candidate, document, dimension, rating] = target;
    auto *indicator = window.teamStatusIndicator();

    // The lead holds the ratings longer than an annotator's session waits for a lock: the edit is turned
    // back as busy, not lost, and waits while the connection stays up.
    QCOMPARE(lead.run("BEGIN"), QStringLiteral("BEGIN"));
    QCOMPARE(lead.run("LOCK TABLE ratings IN EXCLUSIVE MODE"), QStringLiteral("LOCK TABLE"));
    QSignalSpy failed(window.session(), &StudySession::writeFailed);
    QVERIFY(window.annotationEditor()->setRating(document, candidate, dimension, 2).ok());
    QTRY_COMPARE(window.session()->teamStatus().pendingEdits, 1);
    QCOMPARE(window.session()->teamStatus().server, StudySession::Server::Connected);
    QCOMPARE(indicator->text(), QStringLiteral("Server connected · Unsent: 1"));
    QCOMPARE(PgLogin(m_adminUri).run(rating), QString());

    // Let go: the window sends it again by itself, without a reconnect.
    QSignalSpy reconnected(window.session(), &StudySession::reconnected);
    QCOMPARE(lead.run("ROLLBACK"), QStringLiteral("ROLLBACK"));
    QTRY_COMPARE_WITH_TIMEOUT(window.session()->teamStatus().pendingEdits, 0, 4 * StudySession::busyRetryDelayMs);
    QCOMPARE(indicator->text(), QStringLiteral("Server connected"));
    QCOMPARE(PgLogin(m_adminUri).run(rating), QStringLiteral("2"));
    QCOMPARE(reconnected.count(), 0);
    QCOMPARE(failed.count(), 0);
}

// Far from the server every round trip is a wait the annotator feels. Once a document is open a rating
// asks nothing of the server on the GUI thread: the edit goes through the outbox, and the cards, the
// document's progress and its count of judgements follow from the judgements the editor keeps, and are
// what the server holds.
void TestTeamConnectionLoss::anEditNeverWaitsForTheServer()
{
    PgLogin lead(m_adminUri);
    QVERIFY2(lead.connected(), qPrintable(lead.connectionError()));
    MainWindow window;
    annotateAfresh(window);
    if (QTest::currentTestFailed())
        return;
    auto *view = window.annotationView();
    QCOMPARE(view->cards().size(), std::size_t(2));
    const qint64 document = view->documentId();
    const auto rate = [view](std::size_t card, Qt::Key key) { return rateByKey(view, card, key); };
    const store::PgConnection *server = window.session()->study()->database().postgres();
    QVERIFY(server);
    const std::uint64_t before = server->roundTrips();
    // The lead holds the ratings: the window neither waits for the lock nor asks the server anything, and
    // the edits show as made and, after a moment, as unsent.
    QCOMPARE(lead.run("BEGIN"), QStringLiteral("BEGIN"));
    QCOMPARE(lead.run("LOCK TABLE ratings IN EXCLUSIVE MODE"), QStringLiteral("LOCK TABLE"));
    QVERIFY(rate(0, Qt::Key_2));
    QVERIFY(rate(1, Qt::Key_4));
    QCOMPARE(server->roundTrips(), before);
    QTRY_COMPARE(window.session()->teamStatus().pendingEdits, 2);
    QCOMPARE(lead.run("ROLLBACK"), QStringLiteral("ROLLBACK"));
    QTRY_COMPARE(PgLogin(m_adminUri)
                     .run("SELECT string_agg(r.value::text, ',' ORDER BY r.value) FROM ratings r JOIN raters p ON "
                          "p.id = r.rater_id WHERE p.name = 'ann'"),
                 QStringLiteral("2,4"));
    QTRY_COMPARE(window.session()->teamStatus().pendingEdits, 0);

    // What the document list shows is what the server holds, read on a connection of ann's own.
    auto *documents = window.findChild<concord::ui::DocumentListModel *>();
    QVERIFY(documents);
    const int row = documents->rowOf(document);
    QVERIFY(row >= 0);
    auto opened = store::Study::open(
        m_cluster->tcpUri(QStringLiteral("ann"), QStringLiteral("ann-pw"), QStringLiteral("team")));
    QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
    store::Study &ann = *opened.value();
    const auto rater = ann.raterId("ann");
    QVERIFY(rater);
    const auto progress = store::AnnotationProgress(view->plan(), ann.dimensions()).readOne(ann, *rater, document);
    QCOMPARE(documents->data(documents->index(row, concord::ui::DocumentListModel::ProgressColumn)).toString(),
             QStringLiteral("%1/%2").arg(progress.answered).arg(progress.asked));
    // The counts of every document are read on a worker when the study opens: the edits' counts stand beside.
    QTRY_COMPARE(documents->data(documents->index(row, concord::ui::DocumentListModel::JudgementsColumn)).toLongLong(),
                 ann.judgementCount(document));
    QCOMPARE(ann.judgementCount(document), qint64(2));

    // Opening the document again reads it from the server, on a worker: a rating made elsewhere shows, and the
    // window's own connection is not used.
    lead.run("UPDATE ratings SET value = 5 WHERE value = 4 AND rater_id = (SELECT id FROM raters WHERE name = "
             "'ann')");
    const std::uint64_t beforeOpen = server->roundTrips();
    QVERIFY(view->showDocument(document).ok());
    QTRY_COMPARE(view->cards()[1]->likertRows().front()->value(), std::optional<double>(5));
    QCOMPARE(server->roundTrips(), beforeOpen);
}

// Edits still on their way (the lead holds the ratings) show wherever their document is opened again, and
// an undo of another document's edit shows that document as it was before; what reaches the server in the
// end is what was shown.
void TestTeamConnectionLoss::editsOnTheirWayShowWhereverTheirDocumentIsOpened()
{
    PgLogin lead(m_adminUri);
    QVERIFY2(lead.connected(), qPrintable(lead.connectionError()));
    MainWindow window;
    annotateAfresh(window);
    if (QTest::currentTestFailed())
        return;
    auto *view = window.annotationView();
    const auto &actions = window.annotateWorkspace()->actions();
    const auto rate = [view](Qt::Key key) { return rateByKey(view, 0, key); };
    const auto shown = [view] { return view->cards().front()->likertRows().front()->value(); };
    const auto onServer = [this] {
        return PgLogin(m_adminUri)
            .run("SELECT count(*) || ':' || coalesce(string_agg(r.value::text, ',' ORDER BY r.value), '') "
                 "FROM ratings r JOIN raters p ON p.id = r.rater_id WHERE p.name = 'ann'");
    };

    QCOMPARE(lead.run("BEGIN"), QStringLiteral("BEGIN"));
    QCOMPARE(lead.run("LOCK TABLE ratings IN EXCLUSIVE MODE"), QStringLiteral("LOCK TABLE"));
    const qint64 first = view->documentId();
    QVERIFY(rate(Qt::Key_3));
    actions.nextDocument->trigger();
    QTRY_VERIFY(view->documentId() != first);
    const qint64 second = view->documentId();
    QVERIFY(rate(Qt::Key_4));
    actions.previousDocument->trigger();
    QTRY_COMPARE(view->documentId(), first);
    // The server has neither yet; the view shows what the annotator made.
    QCOMPARE(onServer(), QStringLiteral("0:"));
    QCOMPARE(shown(), std::optional<double>(3));
    // Read again from scratch (the session refreshed): the edits on their way are laid over what the server
    // gives. Undo of the other document's rating brings that document back, without it.
    QVERIFY(window.session()->refresh().ok());
    QTRY_COMPARE(view->documentId(), first);
    QCOMPARE(shown(), std::optional<double>(3));
    window.session()->undoStack()->undo();
    QTRY_COMPARE(view->documentId(), second);
    QCOMPARE(shown(), std::optional<double>());
    // The document list counts what was made, not what the server has so far.
    auto *documents = window.findChild<concord::ui::DocumentListModel *>();
    QVERIFY(documents);
    const auto listed = [documents](qint64 document) -> QString {
        const int row = documents->rowOf(document);
        return documents->data(documents->index(row, concord::ui::DocumentListModel::ProgressColumn)).toString() + u' '
               + documents->data(documents->index(row, concord::ui::DocumentListModel::JudgementsColumn)).toString();
    };
    QTRY_VERIFY(!listed(first).endsWith(u' ')); // the counts read when the study opened
    const QString firstWhileWaiting = listed(first);
    const QString secondWhileWaiting = listed(second);

    QCOMPARE(lead.run("ROLLBACK"), QStringLiteral("ROLLBACK"));
    // Not the status bar's count, which shows an edit only once it has waited a while: the journal.
    QTRY_COMPARE_WITH_TIMEOUT(window.session()->unsentEdits(), std::int64_t(0), 4 * StudySession::maxBusyRetryDelayMs);
    // The status is recounted from the journal when the sender reports back, a moment after the journal empties.
    QTRY_COMPARE(window.session()->teamStatus().pendingEdits, 0);
    QCOMPARE(onServer(), QStringLiteral("1:3"));
    // Opened again once nothing waits: the server's rows, the same as shown before, and the list's counts
    // as the study (read once more) gives them.
    actions.previousDocument->trigger();
    QTRY_COMPARE(view->documentId(), first);
    QCOMPARE(shown(), std::optional<double>(3));
    QVERIFY(window.session()->refresh().ok());
    QTRY_VERIFY(!listed(first).endsWith(u' '));
    QCOMPARE(listed(first), firstWhileWaiting);
    QCOMPARE(listed(second), secondWhileWaiting);
}

// The study closes while an edit is on its way (the lead holds the ratings): closing does not wait for the
// server, and the edit is not lost; once the study is open again it arrives, once.
void TestTeamConnectionLoss::anEditOnItsWayWhenTheStudyClosesArrivesOnce()
{
    PgLogin lead(m_adminUri);
    QVERIFY2(lead.connected(), qPrintable(lead.connectionError()));
    Unrated target;
    unratedSummary(target);
    const auto [candidate, document, dimension, rating] = target;
    const auto applied = [this] {
        return PgLogin(m_adminUri)
            .run("SELECT count(*) FROM concord_applied_edits e JOIN raters p ON p.id = e.rater_id WHERE p.name = 'ann'")
            .toInt();
    };
    const int appliedBefore = applied();
    const QString uri = QString::fromStdString(
        m_cluster->tcpUri(QStringLiteral("ann"), QStringLiteral("ann-pw"), QStringLiteral("team")));
    {
        MainWindow window;
        openAsAnn(window);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(lead.run("BEGIN"), QStringLiteral("BEGIN"));
        QCOMPARE(lead.run("LOCK TABLE ratings IN EXCLUSIVE MODE"), QStringLiteral("LOCK TABLE"));
        QVERIFY(window.annotationEditor()->setRating(document, candidate, dimension, 2).ok());
        window.session()->close();
        QVERIFY(!window.session()->isOpen());
    }
    QCOMPARE(PgLogin(m_adminUri).run(rating), QString());
    QCOMPARE(lead.run("ROLLBACK"), QStringLiteral("ROLLBACK"));

    MainWindow again;
    openAsAnn(again);
    if (QTest::currentTestFailed())
        return;
    QTRY_COMPARE_WITH_TIMEOUT(PgLogin(m_adminUri).run(rating), QStringLiteral("2"),
                              4 * StudySession::maxBusyRetryDelayMs);
    QTRY_COMPARE(again.session()->unsentEdits(), std::int64_t(0));
    QCOMPARE(applied(), appliedBefore + 1);
}

// The server answers, but the outbox's own connection cannot open the study (here a function the access
// rules give annotators is missing for a while): that is no lost connection. The reason is reported once,
// the window stays connected, the edit waits, and it is sent once the study opens again.
void TestTeamConnectionLoss::aStudyTheOutboxCannotOpenIsReportedOnceAndTriedAgain()
{
    PgLogin lead(m_adminUri);
    QVERIFY2(lead.connected(), qPrintable(lead.connectionError()));
    MainWindow window;
    annotateAfresh(window);
    if (QTest::currentTestFailed())
        return;
    auto *view = window.annotationView();
    QSignalSpy failed(window.session(), &StudySession::writeFailed);
    QCOMPARE(lead.run("ALTER FUNCTION concord_summary_ids() RENAME TO concord_summary_ids_away"),
             QStringLiteral("ALTER FUNCTION"));
    QVERIFY(rateByKey(view, 0, Qt::Key_4));
    QTRY_COMPARE(failed.count(), 1);
    QVERIFY2(failed.front().front().toString().contains(QStringLiteral("published by an earlier Concord")),
             qPrintable(failed.front().front().toString()));
    // Tried again after a pause, and again: still the one report, and not offline.
    QSignalSpy sent(window.session(), &StudySession::editsSent);
    QTRY_VERIFY_WITH_TIMEOUT(sent.count() >= 2, 4 * StudySession::busyRetryDelayMs);
    QCOMPARE(failed.count(), 1);
    QCOMPARE(window.session()->teamStatus().server, StudySession::Server::Connected);
    QCOMPARE(window.session()->unsentEdits(), std::int64_t(1));

    QCOMPARE(lead.run("ALTER FUNCTION concord_summary_ids_away() RENAME TO concord_summary_ids"),
             QStringLiteral("ALTER FUNCTION"));
    QTRY_COMPARE_WITH_TIMEOUT(window.session()->unsentEdits(), std::int64_t(0), 4 * StudySession::maxBusyRetryDelayMs);
    QCOMPARE(PgLogin(m_adminUri)
                 .run("SELECT string_agg(r.value::text, ',') FROM ratings r JOIN raters p ON p.id = r.rater_id "
                      "WHERE p.name = 'ann'"),
             QStringLiteral("4"));
    QCOMPARE(failed.count(), 1);
}

// Some edits arrive while a later one waits (the lead holds the error spans, not the ratings): read again,
// the document shows the rating the server has and the span on its way, once; when the span arrives the
// server and the view hold one span.
void TestTeamConnectionLoss::aSpanOnItsWayShowsOnceBesideEditsThatArrived()
{
    PgLogin lead(m_adminUri);
    QVERIFY2(lead.connected(), qPrintable(lead.connectionError()));
    MainWindow window;
    annotateAfresh(window);
    if (QTest::currentTestFailed())
        return;
    auto *view = window.annotationView();
    const qint64 document = view->documentId();
    auto *editor = window.annotationEditor();
    const qint64 candidate = view->shownOrder().front();
    const auto server = [this](const char *what) {
        return PgLogin(m_adminUri)
            .run(QStringLiteral("SELECT count(*) FROM %1 x JOIN raters p ON p.id = x.rater_id WHERE p.name = 'ann'")
                     .arg(QString::fromLatin1(what))
                     .toStdString());
    };
    // The span quotes the summary's first two characters, as the server's rules want.
    const QString quote = lead.run("SELECT substr(text, 1, 2) FROM candidates WHERE id = " + std::to_string(candidate));
    QCOMPARE(quote.size(), 2);
    QCOMPARE(lead.run("BEGIN"), QStringLiteral("BEGIN"));
    QCOMPARE(lead.run("LOCK TABLE error_spans IN EXCLUSIVE MODE"), QStringLiteral("LOCK TABLE"));
    QVERIFY(rateByKey(view, 0, Qt::Key_2));
    QTRY_COMPARE(server("ratings"), QStringLiteral("1"));
    const auto span = editor->addErrorSpan(document, candidate, 0, 2, quote);
    QVERIFY2(span.ok(), span.ok() ? "" : span.error().describe().c_str());
    QVERIFY(span.value() < 0); // no row id before the server has it
    QVERIFY(window.session()->refresh().ok());
    QTRY_COMPARE(view->documentId(), document);
    auto shown = editor->judgements(document);
    QVERIFY(shown.ok());
    QCOMPARE(shown.value().errorSpans.size(), std::size_t(1));
    QCOMPARE(shown.value().errorSpans.front().id, span.value()); // the same id, read after read
    QCOMPARE(shown.value().ratings.size(), std::size_t(1));
    QCOMPARE(server("error_spans"), QStringLiteral("0"));

    QCOMPARE(lead.run("ROLLBACK"), QStringLiteral("ROLLBACK"));
    QTRY_COMPARE_WITH_TIMEOUT(window.session()->unsentEdits(), std::int64_t(0), 4 * StudySession::maxBusyRetryDelayMs);
    QCOMPARE(server("error_spans"), QStringLiteral("1"));
    // Opened again (read on a worker), it shows the span once, under the server's row id.
    QSignalSpy opened(view, &concord::ui::AnnotationView::documentShown);
    QVERIFY(view->showDocument(document).ok());
    QTRY_COMPARE(opened.count(), 1);
    shown = editor->judgements(document);
    QVERIFY(shown.ok());
    QCOMPARE(shown.value().errorSpans.size(), std::size_t(1));
    QVERIFY(shown.value().errorSpans.front().id > 0);
}

QTEST_MAIN(TestTeamConnectionLoss)
#include "tst_team_connection_loss.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A lead's window on a team study follows the annotators' work as they commit it: the Agreement view's
// numbers and the status bar's counts change without a reload, while an annotator's own window listens
// to nobody.
#include "annotate/annotate_workspace.h"
#include "annotate/annotation_editor.h"
#include "annotate/annotation_view.h"
#include "annotate/candidate_card.h"
#include "annotate/likert_row.h"
#include "common/live_updates.h"
#include "common/study_session.h"
#include "compare/agreement_view.h"
#include "window/main_window.h"

#include "store/pg_connection.h"
#include "store/pg_team.h"

#include "pg_login.h"
#include "pg_test_cluster.h"

#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <memory>
#include <optional>
#include <string>

using namespace concord;
using namespace concord::store;
using concord::test::PgLogin;
using concord::test::PgTestCluster;

class TestTeamLive : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void agreementFollowsTheAnnotators();
    void countsFollowTheAnnotators();
    void annotatorsWindowListensToNobody();
    void aLeadSeesAnAnnotatorsWorkReadOnlyAsItChanges();
    void checkStudyReadsTheTeamStudy();

private:
    // Commits NAME's ratings of every summary on coherence (VALUES in candidate order) in one transaction,
    // through NAME's own login.
    void rateAs(const QString &name, const std::vector<int> &values);
    std::string memberUri(const QString &name) const;

    QTemporaryDir m_dir;
    std::unique_ptr<PgTestCluster> m_cluster;
    std::string m_lead; // the study's owner, a lead
    std::vector<std::string> m_candidates;
};

void TestTeamLive::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("ConcordTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_team_live"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    m_cluster = std::make_unique<PgTestCluster>();
    QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
    m_lead = m_cluster->createTeamStudy(QStringLiteral("team"));
    QVERIFY2(!m_lead.empty(), qPrintable(m_cluster->error()));
    PgConnection admin(m_lead);
    // Four summaries of two articles on one Likert dimension, and three annotators of one group.
    admin.script(R"sql(
        INSERT INTO documents (external_id, source) VALUES ('d1', 'One.'), ('d2', 'Two.');
        INSERT INTO systems (name) VALUES ('A'), ('B');
        INSERT INTO candidates (id, document_id, system_id, text) VALUES (1, 1, 1, '1A'), (2, 1, 2, '1B'), (3, 2, 1, '2A'), (4, 2, 2, '2B');
        INSERT INTO dimensions (name, kind) VALUES ('coherence', 'likert');
    )sql");
    const PgResult ids = admin.query("SELECT id FROM candidates ORDER BY id");
    for (int row = 0; row < ids.rows(); ++row)
        m_candidates.emplace_back(ids.text(row, 0));
    for (const char *name : {"ann", "bob", "cy"}) {
        PgTeam::addMember(admin, name, "crowd", TeamRole::Annotator);
        admin.script(std::string("ALTER ROLE ") + name + " PASSWORD '" + name + "-password'");
    }
    rateAs(QStringLiteral("ann"), {1, 2, 4, 5});
}

void TestTeamLive::cleanupTestCase()
{
    m_cluster.reset();
}

std::string TestTeamLive::memberUri(const QString &name) const
{
    return m_cluster->tcpUri(name, name + QStringLiteral("-password"), QStringLiteral("team"));
}

void TestTeamLive::rateAs(const QString &name, const std::vector<int> &values)
{
    PgLogin login(memberUri(name));
    QVERIFY2(login.connected(), qPrintable(login.connectionError()));
    QCOMPARE(login.run("BEGIN"), QStringLiteral("BEGIN"));
    for (std::size_t i = 0; i < values.size(); ++i)
        QCOMPARE(login.run("INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) SELECT id, "
                           + m_candidates.at(i) + ", 1, " + std::to_string(values[i])
                           + " FROM raters WHERE name = current_user"),
                 QStringLiteral("INSERT 0 1"));
    QCOMPARE(login.run("COMMIT"), QStringLiteral("COMMIT"));
}

namespace {

// The humans' alpha of the group on coherence: its pairable values, nothing while no report is shown.
std::optional<std::size_t> pairableValues(const ui::AgreementView &view)
{
    if (!view.report())
        return std::nullopt;
    for (const auto &row : view.report()->alpha)
        if (row.judge.empty() && row.group == "crowd" && row.dimension == "coherence")
            return row.report.alpha.pairableValues;
    return std::nullopt;
}

} // namespace

void TestTeamLive::agreementFollowsTheAnnotators()
{
    ui::StudySession session;
    ui::AgreementView view(&session);
    QSignalSpy refreshed(&view, &ui::AgreementView::refreshed);
    QSignalSpy content(&session, &ui::StudySession::contentChanged);
    const Status opened = session.open(QString::fromStdString(m_lead));
    QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
    QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() > 0 && !view.isComputing(), 60000);
    QTRY_VERIFY_WITH_TIMEOUT(session.liveUpdates()->isListening(), 10000);
    // Ann alone: no summary has two values yet.
    QCOMPARE(pairableValues(view), std::optional<std::size_t>(0));
    const int before = refreshed.count();

    // Bob commits his four ratings at once: one announcement, and the numbers of both.
    rateAs(QStringLiteral("bob"), {2, 2, 5, 4});
    QVERIFY(content.wait(10000));
    QCOMPARE(content.count(), 1);
    QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() > before && !view.isComputing(), 60000);
    QCOMPARE(pairableValues(view), std::optional<std::size_t>(8));
    QCOMPARE(session.undoStack()->count(), 0);
}

void TestTeamLive::countsFollowTheAnnotators()
{
    ui::MainWindow window;
    const Status opened = window.openStudy(QString::fromStdString(m_lead));
    QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
    const auto *counts = window.statusBar()->findChild<QLabel *>(QStringLiteral("studyCounts"));
    QVERIFY(counts);
    const auto judgements = [](int n) { return QStringLiteral("Judgements: %1").arg(QLocale().toString(n)); };
    PgConnection admin(m_lead);
    const int before = static_cast<int>(admin.query("SELECT count(*) FROM ratings").integer(0, 0));
    QVERIFY2(counts->text().contains(judgements(before)), qPrintable(counts->text()));
    QTRY_VERIFY_WITH_TIMEOUT(window.session()->liveUpdates()->isListening(), 10000);
    rateAs(QStringLiteral("cy"), {3, 3});
    QTRY_VERIFY2_WITH_TIMEOUT(counts->text().contains(judgements(before + 2)), qPrintable(counts->text()), 10000);
}

void TestTeamLive::annotatorsWindowListensToNobody()
{
    ui::StudySession session;
    QSignalSpy listening(session.liveUpdates(), &ui::LiveUpdates::listeningChanged);
    const Status opened = session.open(QString::fromStdString(memberUri(QStringLiteral("ann"))));
    QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
    QVERIFY(session.study()->isBlind());
    QVERIFY(!listening.wait(1000));
    QVERIFY(!session.liveUpdates()->isListening());
}

// A lead looks at an annotator's work: read only (a key changes nothing, an edit says why), and the cards follow
// what the annotator commits, without the document being opened again.
void TestTeamLive::aLeadSeesAnAnnotatorsWorkReadOnlyAsItChanges()
{
    ui::MainWindow window;
    window.show();
    const Status opened = window.openStudy(QString::fromStdString(m_lead));
    QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
    QTRY_VERIFY_WITH_TIMEOUT(window.session()->liveUpdates()->isListening(), 10000);
    auto *view = window.annotationView();
    // Shown once read for ann (a read made before for nobody is read again for her, never shown as hers).
    QSignalSpy shown(view, &ui::AnnotationView::documentShown);
    QVERIFY(window.annotateWorkspace()->viewAnnotator(QStringLiteral("ann")).ok());
    QTRY_VERIFY(shown.count() > 0);
    QVERIFY(!view->cards().empty() && view->documentId() != 0);
    auto *banner = view->findChild<QLabel *>(QStringLiteral("annotatorBanner"));
    QVERIFY(banner);
    QVERIFY2(banner->text().contains(QStringLiteral("read only")), qPrintable(banner->text()));
    ui::CandidateCard *card = view->cards().front();
    ui::LikertRow *row = card->likertRows().front();
    const std::string candidate = std::to_string(card->candidateId());
    const std::string annRating = "SELECT r.value FROM ratings r JOIN raters p ON p.id = r.rater_id WHERE p.name = "
                                  "'ann' AND r.candidate_id = "
                                  + candidate;
    PgConnection admin(m_lead);
    const double before = admin.query(annRating).real(0, 0);
    QCOMPARE(row->value(), std::optional<double>(before));

    // A stray key changes nothing; an edit made anyway says why it is not made.
    const int other = before == 3 ? 2 : 3;
    row->setFocus();
    QTest::keyClick(row, static_cast<Qt::Key>(Qt::Key_0 + other));
    QCOMPARE(row->value(), std::optional<double>(before));
    const auto refused = window.annotationEditor()->setRating(view->documentId(), card->candidateId(), 1, other);
    QVERIFY(!refused.ok());
    QVERIFY(QString::fromStdString(refused.error().describe()).contains(QStringLiteral("read only")));
    QCOMPARE(admin.query(annRating).real(0, 0), before);

    // Ann changes it from her own window: the lead's card follows.
    PgLogin ann(memberUri(QStringLiteral("ann")));
    QVERIFY2(ann.connected(), qPrintable(ann.connectionError()));
    QCOMPARE(ann.run("UPDATE ratings SET value = " + std::to_string(other)
                     + " WHERE rater_id = (SELECT id FROM raters WHERE name = current_user) AND candidate_id = "
                     + candidate),
             QStringLiteral("UPDATE 1"));
    QTRY_COMPARE_WITH_TIMEOUT(row->value(), std::optional<double>(other), 10000);
}

void TestTeamLive::checkStudyReadsTheTeamStudy()
{
    // The lead's Check Study reads the server's rules and every row; a row a superuser wrote around the
    // server's rules is listed by table and row, and the password is named nowhere.
    ui::MainWindow window;
    QVERIFY(window.openStudy(QString::fromStdString(m_lead)).ok());
    const auto check = [&](bool healthy) -> QString {
        QSignalSpy checked(&window, &ui::MainWindow::studyChecked);
        if (!window.checkStudy())
            return QStringLiteral("(not started)");
        if (!checked.wait(20000) && checked.isEmpty())
            return QStringLiteral("(no answer)");
        if (checked.at(0).at(0).toBool() != healthy)
            return QStringLiteral("(healthy is not %1)").arg(healthy);
        auto *box = window.findChild<QMessageBox *>(QStringLiteral("checkResultBox"));
        const QString text = box ? box->text() : QStringLiteral("(no box)");
        delete box;
        return text;
    };
    const QString healthy = check(true);
    QVERIFY2(healthy.contains(QStringLiteral("No problem found in the team study")), qPrintable(healthy));
    PgConnection admin(m_lead);
    admin.script(
        "SET session_replication_role = replica; UPDATE ratings SET value = 9 WHERE candidate_id = "
        + m_candidates.front()
        + " AND rater_id = (SELECT id FROM raters WHERE name = 'ann'); SET session_replication_role = origin;");
    const QString damaged = check(false);
    QVERIFY2(damaged.contains(QStringLiteral("table ratings, row rater_id")), qPrintable(damaged));
    QVERIFY2(damaged.contains(QStringLiteral("rating 9 by 'ann' is outside the scale of dimension 'coherence'")),
             qPrintable(damaged));
    admin.script(
        "SET session_replication_role = replica; UPDATE ratings SET value = 1 WHERE candidate_id = "
        + m_candidates.front()
        + " AND rater_id = (SELECT id FROM raters WHERE name = 'ann'); SET session_replication_role = origin;");
}

QTEST_MAIN(TestTeamLive)
#include "tst_team_live.moc"

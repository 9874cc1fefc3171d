// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A team member's login in the window, against a real throwaway PostgreSQL cluster: an annotator's login is its
// rater, made the annotator as the study opens, with no chooser, the keyboard on the first unfinished document's
// first question, where a digit rates at once and the rating reaches the server; what an annotator may not do
// (reveal the systems, run judges, export judgements, import, export statistics, assign documents) is not offered,
// and says why, while a lead has it all; a lead still chooses, with their own rater chosen for them, and a new
// rater offered only where the login may add one; and a team login is never proposed as an annotator of a study
// file.
#include "annotate/annotate_workspace.h"
#include "annotate/annotation_editor.h"
#include "annotate/annotation_view.h"
#include "annotate/annotator_dialog.h"
#include "annotate/candidate_card.h"
#include "annotate/document_list_model.h"
#include "annotate/likert_row.h"
#include "common/study_session.h"
#include "judge/judges_view.h"
#include "small_study.h"
#include "window/main_window.h"

#include "pg_login.h"
#include "pg_test_cluster.h"
#include "store/pg_connection.h"
#include "store/pg_team.h"
#include "store/study_publisher.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <functional>
#include <memory>

using concord::test::PgLogin;
using concord::test::PgTestCluster;
using concord::test::SmallStudy;
using concord::ui::AnnotatorDialog;
using concord::ui::MainWindow;
namespace store = concord::store;

class TestTeamAnnotator : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void anAnnotatorAnnotatesAsTheirLoginAtOnce();
    void anAnnotatorIsNotOfferedWhatTheyCannotUse();
    void aLeadChoosesWithTheirOwnRaterChosen();
    void aLoginThatMayNotAddRatersIsOfferedNoNewRater();
    void aTeamLoginIsNeverProposedForAStudyFile();
    void aReviewerAnnotatesNothing();

private:
    QString uri(const QString &user) const;
    // Opens the team study in window as user, once its status bar says the server is connected.
    void open(MainWindow &window, const QString &user);
    // Runs the Annotate menu's Choose Annotator…; inspect sees its dialog, which it must close.
    void choose(MainWindow &window, const std::function<void(AnnotatorDialog *)> &inspect);

    QTemporaryDir m_dir;
    std::unique_ptr<PgTestCluster> m_cluster;
    std::string m_adminUri;
};

void TestTeamAnnotator::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("ConcordTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_team_annotator"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    // The journal of unsent edits lives beside the settings: never the developer's own.
    QStandardPaths::setTestModeEnabled(true);
    QFile::remove(concord::ui::StudySession::journalPath());
    qunsetenv("PGPASSWORD");
    qputenv("PGPASSFILE", m_dir.filePath(QStringLiteral("no-pgpass")).toLocal8Bit());

    m_cluster = std::make_unique<PgTestCluster>();
    QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
    m_adminUri = m_cluster->createDatabase(QStringLiteral("team"));
    QVERIFY2(!m_adminUri.empty(), qPrintable(m_cluster->error()));
    const QString file = m_dir.filePath(QStringLiteral("small.concord"));
    QCOMPARE(SmallStudy::create(file), QString());
    const auto published = store::StudyPublisher::publish(file.toStdString(), m_adminUri);
    QVERIFY2(published.ok(), published.ok() ? "" : published.error().describe().c_str());
    store::PgConnection admin(m_adminUri);
    store::PgTeam::addMember(admin, "ann", "expert", store::TeamRole::Annotator);
    store::PgTeam::addMember(admin, "lea", "", store::TeamRole::Lead);
    store::PgTeam::addMember(admin, "rev", "", store::TeamRole::Reviewer);
    QCOMPARE(m_cluster->exec("ALTER ROLE rev PASSWORD 'rev-pw'"), QString());
    QCOMPARE(m_cluster->exec("ALTER ROLE ann PASSWORD 'ann-pw'"), QString());
    QCOMPARE(m_cluster->exec("ALTER ROLE lea PASSWORD 'lea-pw'"), QString());
}

void TestTeamAnnotator::cleanupTestCase()
{
    m_cluster.reset();
}

void TestTeamAnnotator::init()
{
    QSettings().clear();
}

QString TestTeamAnnotator::uri(const QString &user) const
{
    return QString::fromStdString(m_cluster->tcpUri(user, user + QStringLiteral("-pw"), QStringLiteral("team")));
}

void TestTeamAnnotator::open(MainWindow &window, const QString &user)
{
    const auto opened = window.openStudy(uri(user));
    QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
}

void TestTeamAnnotator::choose(MainWindow &window, const std::function<void(AnnotatorDialog *)> &inspect)
{
    bool seen = false;
    // The chooser runs its own event loop: it is looked at from inside it.
    QTimer::singleShot(0, &window, [&] {
        auto *dialog = window.findChild<AnnotatorDialog *>();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        seen = true;
        inspect(dialog);
        if (dialog->isVisible())
            dialog->reject();
    });
    window.annotateWorkspace()->actions().chooseAnnotator->trigger();
    QVERIFY(seen);
}

void TestTeamAnnotator::anAnnotatorAnnotatesAsTheirLoginAtOnce()
{
    // ann finished the first document before: the work starts at the second.
    PgLogin lead(m_adminUri);
    QVERIFY2(lead.connected(), qPrintable(lead.connectionError()));
    lead.run("DELETE FROM ratings WHERE rater_id = (SELECT id FROM raters WHERE name = 'ann')");
    // The study asks its Likert ratings only: those make a document finished.
    lead.run("DELETE FROM study_info WHERE key = 'annotation'");
    lead.run("INSERT INTO study_info (key, value) SELECT 'annotation', json_build_object('likert', json_agg(name), "
             "'units', false, 'error_spans', false)::text FROM dimensions WHERE kind = 'likert'");
    lead.run("INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) SELECT p.id, c.id, d.id, 3 "
             "FROM raters p, candidates c JOIN documents x ON x.id = c.document_id, dimensions d "
             "WHERE p.name = 'ann' AND x.external_id = 'doc-1' AND d.kind = 'likert'");
    const qint64 second = lead.run("SELECT id FROM documents WHERE external_id = 'doc-2'").toLongLong();
    QVERIFY(second > 0);

    MainWindow window;
    window.resize(1280, 800);
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    // Elsewhere when the study opens: the annotator is brought to the work.
    window.showView(QStringLiteral("agreement"));
    open(window, QStringLiteral("ann"));
    if (QTest::currentTestFailed())
        return;
    // No chooser and no "No annotator": the login's own rater, at once.
    QVERIFY(!window.findChild<AnnotatorDialog *>());
    QCOMPARE(window.annotationEditor()->annotatorName(), QStringLiteral("ann"));
    QVERIFY(window.annotationEditor()->rater() != 0);
    QVERIFY(window.annotationEditor()->canEdit());
    QCOMPARE(window.currentViewName(), QStringLiteral("annotate"));
    QVERIFY2(window.progressLabel()->text().startsWith(QStringLiteral("ann: 1 of 3")),
             qPrintable(window.progressLabel()->text()));
    QTRY_COMPARE(window.annotationView()->documentId(), second);

    // The keyboard is on that document's first question, and a digit rates it.
    QTRY_VERIFY(!window.annotationView()->cards().empty());
    concord::ui::LikertRow *first = window.annotationView()->cards().front()->likertRows().front();
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget *>(first));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_4);
    QTRY_COMPARE(first->value(), std::optional<double>(4));
    const std::string rated = "SELECT count(*) FROM ratings r JOIN raters p ON p.id = r.rater_id JOIN candidates c ON "
                              "c.id = r.candidate_id WHERE p.name = 'ann' AND r.value = 4 AND c.document_id = "
                              + std::to_string(second);
    QTRY_COMPARE(PgLogin(m_adminUri).run(rated), QStringLiteral("1"));
    // A team login is no name to remember for study files.
    QVERIFY(!AnnotatorDialog::recentNames().contains(QStringLiteral("ann")));
}

void TestTeamAnnotator::anAnnotatorIsNotOfferedWhatTheyCannotUse()
{
    MainWindow window;
    window.show();
    QAction *reveal = window.annotateWorkspace()->actions().revealSystemNames;
    auto *exportJudgements = window.findChild<QAction *>(QStringLiteral("exportJudgementsAction"));
    QVERIFY(exportJudgements);
    auto *run = window.judgesView()->findChild<QPushButton *>(QStringLiteral("runButton"));
    QVERIFY(run);

    open(window, QStringLiteral("ann"));
    if (QTest::currentTestFailed())
        return;
    QVERIFY(!reveal->isEnabled());
    QVERIFY(!reveal->isChecked());
    QVERIFY2(reveal->statusTip().contains(QStringLiteral("An annotator works blind")), qPrintable(reveal->statusTip()));
    QVERIFY(!exportJudgements->isEnabled());
    QVERIFY2(exportJudgements->statusTip().contains(QStringLiteral("An annotator exports no judgements")),
             qPrintable(exportJudgements->statusTip()));
    QVERIFY(!run->isEnabled());
    QVERIFY2(run->toolTip().contains(QStringLiteral("An annotator runs no judges")), qPrintable(run->toolTip()));
    // Still so once the Judges view has read the study.
    window.showView(QStringLiteral("judges"));
    QTest::qWait(0);
    QVERIFY(!run->isEnabled());
    // Nor imports, nor statistics, which need the systems.
    QList<QAction *> more;
    for (const char *name : {"importSummEvalAction", "importTableAction", "exportStatisticsAction",
                             "exportBundleAction", "assignDocumentsAction"}) {
        auto *action = window.findChild<QAction *>(QLatin1String(name));
        QVERIFY2(action, name);
        more << action;
    }
    // Nor a bundle, nor handing out or merging packages: other people's work.
    more << window.annotateWorkspace()->actions().exportPackage << window.annotateWorkspace()->actions().merge;
    for (QAction *action : more) {
        QVERIFY2(!action->isEnabled(), qPrintable(action->text()));
        QVERIFY2(action->statusTip().startsWith(QStringLiteral("An annotator ")), qPrintable(action->statusTip()));
    }
    // Each reason is one line.
    QStringList reasons{reveal->statusTip(), exportJudgements->statusTip(), run->toolTip()};
    for (QAction *action : more)
        reasons << action->statusTip();
    for (const QString &reason : reasons)
        QVERIFY2(!reason.contains(QLatin1Char('\n')), qPrintable(reason));

    // The lead has them all.
    open(window, QStringLiteral("lea"));
    if (QTest::currentTestFailed())
        return;
    QVERIFY(reveal->isEnabled());
    QVERIFY(reveal->statusTip().isEmpty());
    QVERIFY(exportJudgements->isEnabled());
    QVERIFY(exportJudgements->statusTip().isEmpty());
    QVERIFY(run->toolTip().isEmpty());
    for (QAction *action : more) {
        QVERIFY(action->isEnabled());
        QVERIFY(action->statusTip().isEmpty());
    }
    reveal->trigger();
    QVERIFY(reveal->isChecked());
}

void TestTeamAnnotator::aLeadChoosesWithTheirOwnRaterChosen()
{
    MainWindow window;
    window.show();
    open(window, QStringLiteral("lea"));
    if (QTest::currentTestFailed())
        return;
    // A lead is not made to annotate.
    QCOMPARE(window.annotationEditor()->rater(), 0);
    choose(window, [](AnnotatorDialog *dialog) {
        auto *rater = dialog->findChild<QComboBox *>(QStringLiteral("raterChoice"));
        QCOMPARE(rater->currentData().toString(), QStringLiteral("lea"));
        QVERIFY(dialog->findChild<QRadioButton *>(QStringLiteral("existingRater"))->isChecked());
        // The lead may add raters: a new one is offered.
        QVERIFY(dialog->findChild<QRadioButton *>(QStringLiteral("newRater"))->isVisible());
        QPushButton *ok = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        QVERIFY(ok->isEnabled());
        QTest::mouseClick(ok, Qt::LeftButton);
    });
    QCOMPARE(window.annotationEditor()->annotatorName(), QStringLiteral("lea"));
}

void TestTeamAnnotator::aLoginThatMayNotAddRatersIsOfferedNoNewRater()
{
    concord::model::Rater own;
    own.id = 7;
    own.name = "ann";
    AnnotatorDialog dialog({own}, QStringLiteral("ann"));
    dialog.setNewRaterAllowed(false);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QVERIFY(!dialog.findChild<QRadioButton *>(QStringLiteral("newRater"))->isVisible());
    QVERIFY(!dialog.findChild<QLineEdit *>(QStringLiteral("newRaterName"))->isVisible());
    QVERIFY(!dialog.isNewRater());
    QCOMPARE(dialog.name(), QStringLiteral("ann"));
    QVERIFY(dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled());
}

void TestTeamAnnotator::aTeamLoginIsNeverProposedForAStudyFile()
{
    MainWindow window;
    window.show();
    open(window, QStringLiteral("ann"));
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(window.annotationEditor()->annotatorName(), QStringLiteral("ann"));
    const QString file = m_dir.filePath(QStringLiteral("own.concord"));
    QFile::remove(file);
    QCOMPARE(SmallStudy::create(file), QString());
    const auto opened = window.openStudy(file);
    QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().describe().c_str());
    // The file has no rater ann: nobody annotates, and the chooser proposes no name.
    QCOMPARE(window.annotationEditor()->rater(), 0);
    choose(window, [](AnnotatorDialog *dialog) {
        QCOMPARE(dialog->findChild<QLineEdit *>(QStringLiteral("newRaterName"))->text(), QString());
        QCOMPARE(dialog->findChild<QComboBox *>(QStringLiteral("raterChoice"))->currentIndex(), -1);
        // A study file's chooser offers a new rater, as ever.
        QVERIFY(dialog->findChild<QRadioButton *>(QStringLiteral("newRater"))->isVisible());
    });
}

// A reviewer's login reviews: the Annotate view says so, opens no document (reading one needs rights a reviewer
// lacks) and a key changes nothing (the server would refuse it).
void TestTeamAnnotator::aReviewerAnnotatesNothing()
{
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QSignalSpy errors(&window, &MainWindow::errorShown);
    QSignalSpy shown(window.annotationView(), &concord::ui::AnnotationView::documentShown);
    QSignalSpy unavailable(window.annotationView(), &concord::ui::AnnotationView::documentUnavailable);
    open(window, QStringLiteral("rev"));
    if (QTest::currentTestFailed())
        return;
    window.showView(QStringLiteral("annotate"));
    QVERIFY(window.annotationEditor()->isReviewer());
    QVERIFY(!window.annotationEditor()->canEdit());
    QVERIFY(window.annotationEditor()->isReadOnly());
    auto *banner = window.findChild<QLabel *>(QStringLiteral("annotatorBanner"));
    QVERIFY(banner);
    QTRY_VERIFY2(banner->text().contains(QStringLiteral("reviewer")), qPrintable(banner->text()));
    // No document is asked for: the banner never waits for one, and none arrives or fails.
    QVERIFY2(!banner->text().contains(QStringLiteral("Opening")), qPrintable(banner->text()));
    QCOMPARE(window.annotationView()->requestedDocument(), 0);
    QCOMPARE(window.annotationView()->documentId(), 0);
    QVERIFY(window.annotationView()->cards().empty());
    QVERIFY2(banner->text().contains(QStringLiteral("no document is opened")), qPrintable(banner->text()));
    QVERIFY(!window.documentList()->isEnabled());
    // No progress of the reviewer's own rater is read: the list shows none, and the status bar counts no documents
    // finished by them but says where a reviewer's work is.
    QAbstractItemModel *listed = window.documentList()->model();
    for (int row = 0; row < listed->rowCount(); ++row) {
        QCOMPARE(listed->index(row, concord::ui::DocumentListModel::ProgressColumn).data().toString(),
                 QStringLiteral("–"));
    }
    QLabel *progress = window.progressLabel();
    QVERIFY2(!progress->text().contains(QStringLiteral("finished")), qPrintable(progress->text()));
    QVERIFY2(!progress->text().contains(QStringLiteral("No annotator")), qPrintable(progress->text()));
    QVERIFY2(progress->text().contains(QStringLiteral("Ctrl+5")), qPrintable(progress->text()));
    // Nobody is chosen to annotate here, so the chooser is not offered, and its tips say why.
    QAction *chooseAnnotator = window.annotateWorkspace()->actions().chooseAnnotator;
    QVERIFY(!chooseAnnotator->isEnabled());
    QVERIFY2(chooseAnnotator->toolTip().contains(QStringLiteral("reviewer")), qPrintable(chooseAnnotator->toolTip()));
    QCOMPARE(chooseAnnotator->statusTip(), chooseAnnotator->toolTip());
    // Neither the action nor the question at start opens the chooser (one opened by mistake is closed at once, so
    // that the test goes on to fail).
    bool asked = false;
    const auto closeChooser = [&] {
        if (auto *dialog = window.findChild<AnnotatorDialog *>()) {
            asked = true;
            dialog->reject();
        }
    };
    QTimer::singleShot(0, &window, closeChooser);
    chooseAnnotator->trigger();
    window.askForAnnotatorIfNone();
    QTimer::singleShot(0, &window, closeChooser);
    QCoreApplication::processEvents();
    QVERIFY(!asked);
    // Nor does a document chosen in the list (disabled for the keyboard and the mouse, not for a program).
    QVERIFY(window.documentList()->model()->rowCount() > 0);
    window.documentList()->setCurrentIndex(window.documentList()->model()->index(0, 0));
    QVERIFY(window.documentList()->currentIndex().isValid());
    QCOMPARE(window.annotationView()->requestedDocument(), 0);
    QVERIFY2(!banner->text().contains(QStringLiteral("Opening")), qPrintable(banner->text()));
    QCOMPARE(shown.count(), 0);
    QCOMPARE(unavailable.count(), 0);
    QVERIFY2(errors.isEmpty(), errors.isEmpty() ? "" : qPrintable(errors.first().at(1).toString()));
    // Rating keys, wherever the keyboard is, change nothing: no edit on the undo stack or in the journal, and no
    // judgement of the reviewer's is stored.
    for (const auto key : {Qt::Key_1, Qt::Key_3, Qt::Key_5}) {
        QTest::keyClick(window.annotationView(), key);
        if (QWidget *focus = QApplication::focusWidget())
            QTest::keyClick(focus, key);
    }
    QVERIFY(!window.annotationEditor()->canEdit());
    // Nor does a rating sent straight to the editor, as a card's key would send it once a document is shown
    // (what the view hands the editor then given here: none of the reviewer's judgements).
    PgLogin admin(m_adminUri);
    const concord::model::Id candidate = admin.run("SELECT min(id) FROM candidates").toLongLong();
    const concord::model::Id document
        = admin.run("SELECT document_id FROM candidates WHERE id = " + std::to_string(candidate)).toLongLong();
    const concord::model::Id dimension = admin.run("SELECT min(id) FROM dimensions WHERE kind = 'likert'").toLongLong();
    QVERIFY(candidate != 0 && document != 0 && dimension != 0);
    window.annotationEditor()->adopt(document, {}, {});
    QVERIFY(!window.annotationEditor()->setRating(document, candidate, dimension, 4.0).ok());
    QCOMPARE(window.session()->undoStack()->count(), 0);
    QCOMPARE(window.session()->unsentEdits(), std::int64_t(0));
    const auto waiting = window.session()->waitingEdits();
    QVERIFY(waiting.ok());
    QVERIFY(waiting.value().empty());
    const auto refused = window.session()->refusedEdits();
    QVERIFY(refused.ok());
    QVERIFY(refused.value().empty());
    QCOMPARE(admin.run("SELECT count(*) FROM ratings r JOIN raters p ON p.id = r.rater_id WHERE p.name = 'rev'"),
             QStringLiteral("0"));

    // An annotator's login in the same window afterwards: the chooser is offered again, without the reviewer's
    // tips, and the status bar counts the annotator's progress.
    open(window, QStringLiteral("ann"));
    if (QTest::currentTestFailed())
        return;
    QVERIFY(!window.annotationEditor()->isReviewer());
    QVERIFY(chooseAnnotator->isEnabled());
    QVERIFY2(!chooseAnnotator->toolTip().contains(QStringLiteral("reviewer")), qPrintable(chooseAnnotator->toolTip()));
    QVERIFY(chooseAnnotator->statusTip().isEmpty());
    QTRY_VERIFY2(progress->text().startsWith(QStringLiteral("ann: ")), qPrintable(progress->text()));
    QVERIFY2(progress->text().contains(QStringLiteral("documents finished")), qPrintable(progress->text()));
}

QTEST_MAIN(TestTeamAnnotator)
#include "tst_team_annotator.moc"

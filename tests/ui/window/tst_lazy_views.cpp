// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Opening a study reads only what the shown view needs: the Judges, Agreement and Disagreements views
// read nothing until they are shown, then load off the GUI thread; a view shown after the study changed
// shows the new contents and never the old ones; the models pass QAbstractItemModelTester throughout.
#include "common/study_session.h"
#include "compare/agreement_view.h"
#include "inspect/disagreement_model.h"
#include "inspect/disagreement_view.h"
#include "judge/judge_call_model.h"
#include "judge/judges_view.h"
#include "judge/template_editor.h"
#include "window/main_window.h"

#include "store/study.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>

using namespace concord;
using model::Id;

class TestLazyViews : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void hiddenViewsDoNotLoadAtOpen();
    void shownViewLoadsOffTheGuiThread();
    void viewShownAfterAChangeIsFresh();
    void activeViewReloadsAtOnce();
    void aLoadOfTheStudyBeforeAChangeIsDropped();

private:
    // Another connection adds a judge's rating of the second candidate, as an import would.
    void addJudgeRating();

    QTemporaryDir m_dir;
    QString m_path;
    Id m_candidate2 = 0;
    Id m_coherence = 0;
};

void TestLazyViews::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QStandardPaths::setTestModeEnabled(true);
}

void TestLazyViews::init()
{
    // A fresh study per test: two humans and a judge on two candidates; the judge's first call stored.
    m_path = m_dir.filePath(QStringLiteral("%1.concord").arg(QString::fromLatin1(QTest::currentTestFunction())));
    auto created = store::Study::create(m_path.toStdString());
    QVERIFY(created.ok());
    store::Study &s = *created.value();
    QVERIFY(s.write([&] {
                 model::Dimension coherence;
                 coherence.name = "coherence";
                 m_coherence = s.ensureDimension(coherence);
                 const Id h1 = s.ensureRater({0, "h1", model::RaterKind::Human, "expert", {}, {}, {}, {}});
                 const Id h2 = s.ensureRater({0, "h2", model::RaterKind::Human, "expert", {}, {}, {}, {}});
                 const Id judge = s.ensureRater({0, "judge", model::RaterKind::Judge, {}, "openai", "m", "rts", {}});
                 model::Document d;
                 d.externalId = "doc-1";
                 d.source = "The article.";
                 const Id doc = s.addDocument(d);
                 const Id c1 = s.addCandidate(doc, s.ensureSystem("X"), "First summary.");
                 m_candidate2 = s.addCandidate(doc, s.ensureSystem("Y"), "Second summary.");
                 for (const Id c : {c1, m_candidate2}) {
                     s.setRating(h1, c, m_coherence, 2);
                     s.setRating(h2, c, m_coherence, 3);
                 }
                 s.setRating(judge, c1, m_coherence, 5);
                 model::JudgeCall call;
                 call.runId = s.addJudgeRun(judge, "rts", "{}");
                 call.requestHash = "first";
                 call.documentId = doc;
                 call.candidateId = c1;
                 call.dimensionId = m_coherence;
                 call.rawResponse = "Rating: 5";
                 call.parsedValue = 5;
                 call.valid = true;
                 s.addJudgeCall(call);
             }).ok());
}

void TestLazyViews::addJudgeRating()
{
    auto study = store::Study::open(m_path.toStdString());
    QVERIFY(study.ok());
    store::Study &s = *study.value();
    QVERIFY(s.write([&] {
                 const Id judge = *s.raterId("judge");
                 s.setRating(judge, m_candidate2, m_coherence, 1);
             }).ok());
}

void TestLazyViews::hiddenViewsDoNotLoadAtOpen()
{
    ui::MainWindow window;
    auto *judges = window.judgesView();
    auto *agreement = window.findChild<ui::AgreementView *>();
    auto *disagreements = window.findChild<ui::DisagreementView *>();
    QVERIFY(agreement && disagreements);
    QCOMPARE(window.currentViewName(), QStringLiteral("annotate"));
    QVERIFY(!judges->isActive() && !agreement->isActive() && !disagreements->isActive());

    QVERIFY(window.openStudy(m_path).ok());
    // The shown view has its document; the hidden ones have read nothing and started nothing.
    QCOMPARE(window.documentList()->model()->rowCount(), 1);
    QVERIFY(!agreement->isComputing());
    QVERIFY(!agreement->report().has_value());
    QVERIFY(!disagreements->isLoading());
    QCOMPARE(disagreements->model()->rowCount(), 0);
    QVERIFY(!judges->isLoadingCalls());
    QCOMPARE(judges->callModel()->rowCount(), 0);
    QCOMPARE(window.findChild<QComboBox *>(QStringLiteral("callRater"))->count(), 0);
}

void TestLazyViews::shownViewLoadsOffTheGuiThread()
{
    ui::MainWindow window;
    auto *judges = window.judgesView();
    auto *agreement = window.findChild<ui::AgreementView *>();
    auto *disagreements = window.findChild<ui::DisagreementView *>();
    QAbstractItemModelTester disagreementTester(disagreements->model(),
                                                QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester callTester(judges->callModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(window.openStudy(m_path).ok());

    // Showing a view starts its loading; the numbers arrive through the event loop.
    QSignalSpy loaded(disagreements, &ui::DisagreementView::loaded);
    QVERIFY(window.showView(QStringLiteral("disagreements")));
    QVERIFY(disagreements->isActive());
    QVERIFY(disagreements->isLoading());
    QCOMPARE(disagreements->model()->rowCount(), 0);
    QVERIFY(loaded.wait());
    QCOMPARE(disagreements->model()->rowCount(), 1);
    QCOMPARE(disagreements->model()->index(0, ui::DisagreementModel::JudgeColumn).data().toString(),
             QStringLiteral("judge"));

    QSignalSpy refreshed(agreement, &ui::AgreementView::refreshed);
    QVERIFY(window.showView(QStringLiteral("agreement")));
    QVERIFY(agreement->isComputing());
    QVERIFY(!disagreements->isActive());
    QVERIFY(refreshed.wait(30000));
    QVERIFY(agreement->report().has_value());
    QCOMPARE(agreement->report()->judges, std::vector<std::string>{"judge"});

    QSignalSpy calls(judges, &ui::JudgesView::callsLoaded);
    QVERIFY(window.showView(QStringLiteral("judges")));
    QVERIFY(judges->isLoadingCalls());
    QVERIFY(judges->isPreviewing());
    QVERIFY(calls.wait());
    QTRY_VERIFY(!judges->isPreviewing());
    QVERIFY2(judges->templateEditor()->preview()->toPlainText().contains(QStringLiteral("First summary.")),
             qPrintable(judges->templateEditor()->preview()->toPlainText()));
    QCOMPARE(judges->callModel()->rowCount(), 1);
    QCOMPARE(window.findChild<QComboBox *>(QStringLiteral("callRater"))->currentText(), QStringLiteral("judge"));
}

void TestLazyViews::viewShownAfterAChangeIsFresh()
{
    ui::MainWindow window;
    auto *agreement = window.findChild<ui::AgreementView *>();
    auto *disagreements = window.findChild<ui::DisagreementView *>();
    QAbstractItemModelTester tester(disagreements->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(window.openStudy(m_path).ok());
    QVERIFY(window.showView(QStringLiteral("disagreements")));
    QTRY_COMPARE(disagreements->model()->rowCount(), 1);
    QVERIFY(window.showView(QStringLiteral("agreement")));
    QTRY_VERIFY(agreement->report().has_value());
    QCOMPARE(agreement->report()->scatter.size(), std::size_t{1});
    QCOMPARE(agreement->report()->scatter.front().points.size(), std::size_t{1});
    QVERIFY(window.showView(QStringLiteral("annotate")));

    // The study changes while both views are hidden: neither reads it yet.
    addJudgeRating();
    QSignalSpy loaded(disagreements, &ui::DisagreementView::loaded);
    QSignalSpy refreshed(agreement, &ui::AgreementView::refreshed);
    QVERIFY(window.session()->refresh().ok());
    QVERIFY(!disagreements->isLoading());
    QVERIFY(!agreement->isComputing());
    QCOMPARE(loaded.count(), 0);

    // Shown, each reads the change; the old count never shows in the meantime.
    QVERIFY(window.showView(QStringLiteral("disagreements")));
    QVERIFY(disagreements->model()->rowCount() != 1);
    QVERIFY(loaded.wait());
    QCOMPARE(disagreements->model()->rowCount(), 2);
    QVERIFY(window.showView(QStringLiteral("agreement")));
    QVERIFY(!agreement->report().has_value());
    QVERIFY(refreshed.wait(30000));
    QCOMPARE(refreshed.count(), 1);
    QVERIFY(agreement->report().has_value());
    QCOMPARE(agreement->report()->scatter.front().points.size(), std::size_t{2});
}

void TestLazyViews::activeViewReloadsAtOnce()
{
    ui::MainWindow window;
    auto *disagreements = window.findChild<ui::DisagreementView *>();
    QVERIFY(window.showView(QStringLiteral("disagreements")));
    QVERIFY(window.openStudy(m_path).ok());
    QVERIFY(disagreements->isLoading());
    QTRY_COMPARE(disagreements->model()->rowCount(), 1);
    addJudgeRating();
    QVERIFY(window.session()->refresh().ok());
    QVERIFY(disagreements->isLoading());
    QTRY_COMPARE(disagreements->model()->rowCount(), 2);
    QVERIFY(!disagreements->isLoading());
}

void TestLazyViews::aLoadOfTheStudyBeforeAChangeIsDropped()
{
    ui::MainWindow window;
    auto *disagreements = window.findChild<ui::DisagreementView *>();
    QVERIFY(window.openStudy(m_path).ok());
    QVERIFY(window.showView(QStringLiteral("disagreements")));
    QVERIFY(disagreements->isLoading());
    // Hidden and the study changed before that load could deliver: its result is of the study as it
    // was, and must not reach the view, hidden or not.
    QVERIFY(window.showView(QStringLiteral("annotate")));
    addJudgeRating();
    QVERIFY(window.session()->refresh().ok());
    QSignalSpy loaded(disagreements, &ui::DisagreementView::loaded);
    QThreadPool::globalInstance()->waitForDone();
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
    QCOMPARE(loaded.count(), 0);
    QCOMPARE(disagreements->model()->rowCount(), 0);
    // Shown again, it loads the study as it is now.
    QVERIFY(window.showView(QStringLiteral("disagreements")));
    QVERIFY(loaded.wait());
    QCOMPARE(disagreements->model()->rowCount(), 2);
}

QTEST_MAIN(TestLazyViews)
#include "tst_lazy_views.moc"

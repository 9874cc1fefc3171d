// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Judges panel driven as a user drives it: fields filled with QTest, Run clicked, a run against the
// local test server (127.0.0.1) that completes, writes ratings and fills the calls browser; Cancel then
// Resume sends only what is missing; the API key's value reaches neither QSettings nor the study; the
// template editor flags an unknown placeholder and previews a filled prompt; recorded judgements import;
// no ticked dimension is said, costs name their currency, an unset key variable is named before a run.
#include "common/import_monitor.h"
#include "common/study_session.h"
#include "compare/agreement_view.h"
#include "judge/judge_call_model.h"
#include "judge/judge_run.h"
#include "judge/judge_settings_form.h"
#include "judge/judges_view.h"
#include "judge/panel_dialog.h"
#include "judge/template_editor.h"
#include "judge_study.h"

#include "reports/judge_panel.h"
#include "store/study.h"
#include "test_llm_server.h"

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDirIterator>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSemaphore>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <atomic>
#include <set>

using concord::test::JudgeStudy;
using concord::test::Reply;
using concord::test::TestLlmServer;
using namespace concord;
using concord::ui::JudgesView;

class TestJudgesView : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void runFromThePanel();
    void runButtonsStayInSightDuringARun();
    void settingsFitTheirSide_data();
    void settingsFitTheirSide();
    void cancelThenResumeSendsOnlyWhatIsMissing();
    void apiKeyNeverStored();
    void estimateShowsCallsAndCost();
    void noDimensionChosenIsSaid();
    void unsetKeyVariableIsNamedBeforeTheRun();
    void rankDimensionRefusedWhileConfiguring();
    void gevalRunShowsHowUnitsWereScored();
    void templateEditorChecksAndPreviews();
    void editedTemplateIsUsedAndStored();
    void importsRecordedJudgements();
    void importDialogLabelsAreShortcuts();
    void badRecordedFileNamesTheLine();
    void cancelStopsARecordedImport();
    void interruptedRunIsShownAndResumed();
    void runCountsWhatAnotherProcessPaid();
    void callsAppearWhileTheRunGoesOn();
    void aPanelFollowsItsMembersRuns();
    void formsAPanelFromTheButton();
    void correctedVersionRunsOnTheTestSplit();

private:
    // Fills the provider and run fields as a user types them.
    void fill(JudgesView &view, const QString &rater, int concurrency = 4);
    std::int64_t count(const char *sql);

    QTemporaryDir m_dir;
    QString m_study;
    int m_serial = 0;
    std::unique_ptr<TestLlmServer> m_server;
    std::unique_ptr<ui::StudySession> m_session;
};

void TestJudgesView::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
}

void TestJudgesView::init()
{
    m_study = m_dir.filePath(QStringLiteral("judges-%1.concord").arg(++m_serial));
    QCOMPARE(JudgeStudy::create(m_study), QString());
    m_server = std::make_unique<TestLlmServer>();
    QVERIFY(m_server->start() > 0);
    m_server->setHandler(
        [](const test::RecordedRequest &) { return Reply::openAi("The summary keeps the point.\nScore: 4"); });
    m_session = std::make_unique<ui::StudySession>();
    QVERIFY(m_session->open(m_study).ok());
}

void TestJudgesView::cleanup()
{
    m_session.reset();
    m_server.reset();
}

std::int64_t TestJudgesView::count(const char *sql)
{
    auto study = store::Study::open(m_study.toStdString(), {true});
    if (!study)
        return -1;
    auto s = study.value()->database().prepare(sql);
    s.step();
    return s.int64At(0);
}

void TestJudgesView::fill(JudgesView &view, const QString &rater, int concurrency)
{
    auto *baseUrl = view.findChild<QLineEdit *>(QStringLiteral("baseUrl"));
    auto *model = view.findChild<QLineEdit *>(QStringLiteral("model"));
    auto *raterName = view.findChild<QLineEdit *>(QStringLiteral("raterName"));
    auto *protocol = view.findChild<QComboBox *>(QStringLiteral("protocol"));
    auto *threads = view.findChild<QSpinBox *>(QStringLiteral("concurrency"));
    QVERIFY(baseUrl && model && raterName && protocol && threads);
    baseUrl->clear();
    QTest::keyClicks(baseUrl, QString::fromStdString(m_server->baseUrl()) + QStringLiteral("/v1"));
    model->clear();
    QTest::keyClicks(model, QStringLiteral("test-model"));
    raterName->clear();
    QTest::keyClicks(raterName, rater);
    protocol->setCurrentIndex(protocol->findText(QStringLiteral("rts")));
    threads->setValue(concurrency);
    // The window remembers the last provider profile: start each test from a local server without a key.
    view.findChild<QLineEdit *>(QStringLiteral("apiKeyEnv"))->clear();
}

// In a 1024×700 window the run's buttons are in sight and stay where they are while a run goes on: they had sat at
// the cut-off bottom of the scrolling settings, and a run's growing status moved Cancel under the pointer.
void TestJudgesView::runButtonsStayInSightDuringARun()
{
    m_server->setHandler([](const test::RecordedRequest &) {
        Reply r = Reply::openAi("Score: 3");
        r.delayMs = 20;
        return r;
    });
    JudgesView view(m_session.get());
    view.resize(1024, 640); // the Judges view of a 1024×700 window, less its menu and status bars
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    fill(view, QStringLiteral("in sight"), 1);
    auto *run = view.findChild<QPushButton *>(QStringLiteral("runButton"));
    auto *cancel = view.findChild<QPushButton *>(QStringLiteral("cancelButton"));
    QVERIFY(run && cancel);
    const auto whole = [](const QPushButton *button) {
        return button->isVisible() && button->visibleRegion().boundingRect() == button->rect();
    };
    QVERIFY(whole(run));
    QVERIFY(whole(cancel));
    const QPoint cancelAt = cancel->mapTo(&view, QPoint(0, 0));
    QStringList moved;
    auto *progress = view.findChild<QProgressBar *>(QStringLiteral("runProgress"));
    QVERIFY(progress);
    connect(progress, &QProgressBar::valueChanged, &view, [&] {
        if (!whole(cancel) || cancel->mapTo(&view, QPoint(0, 0)) != cancelAt)
            moved << QStringLiteral("at %1: cancel %2,%3")
                         .arg(progress->value())
                         .arg(cancel->mapTo(&view, QPoint(0, 0)).x())
                         .arg(cancel->mapTo(&view, QPoint(0, 0)).y());
    });
    QSignalSpy finished(&view, &JudgesView::runFinished);
    QTest::mouseClick(run, Qt::LeftButton);
    QVERIFY(view.isRunning());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QVERIFY2(moved.isEmpty(), qPrintable(moved.join(QLatin1Char('\n'))));
    QVERIFY(whole(run));
    QCOMPARE(cancel->mapTo(&view, QPoint(0, 0)), cancelAt);
}

void TestJudgesView::settingsFitTheirSide_data()
{
    QTest::addColumn<QSize>("size");
    QTest::newRow("1024×700 window") << QSize(1024, 640);
    QTest::newRow("1280×800 window") << QSize(1280, 740);
    QTest::newRow("1920×1080 window") << QSize(1920, 1020);
}

// Every field, box and button of the settings is whole within their side (they scroll up and down, never
// sideways): none cut at the right edge, where the profile's Remove button once was.
void TestJudgesView::settingsFitTheirSide()
{
    QFETCH(QSize, size);
    JudgesView view(m_session.get());
    view.resize(size);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    auto *scroll = view.findChild<QScrollArea *>(QStringLiteral("settingsScroll"));
    QVERIFY(scroll);
    QWidget *viewport = scroll->viewport();
    QTRY_VERIFY(scroll->widget()->width() <= viewport->width());
    QStringList cut;
    int checked = 0;
    for (QWidget *w : scroll->widget()->findChildren<QWidget *>()) {
        if (!w->isVisibleTo(scroll->widget())
            || !(qobject_cast<QAbstractButton *>(w) || qobject_cast<QLineEdit *>(w) || qobject_cast<QComboBox *>(w)
                 || qobject_cast<QAbstractSpinBox *>(w) || qobject_cast<QListWidget *>(w)))
            continue;
        if (qobject_cast<QLineEdit *>(w) && qobject_cast<QAbstractSpinBox *>(w->parentWidget()))
            continue; // a spin box's own editor
        ++checked;
        const QRect at(w->mapTo(viewport, QPoint(0, 0)), w->size());
        if (at.left() < 0 || at.right() >= viewport->width())
            cut << QStringLiteral("%1 '%2': x %3 to %4 of %5")
                       .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName())
                       .arg(at.left())
                       .arg(at.right())
                       .arg(viewport->width());
    }
    QVERIFY2(checked > 20, qPrintable(QString::number(checked)));
    QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QLatin1Char('\n'))));
    auto *remove = view.findChild<QPushButton *>(QStringLiteral("removeProvider"));
    QVERIFY(remove);
    QCOMPARE(remove->visibleRegion().boundingRect().width(), remove->width());
}

void TestJudgesView::runFromThePanel()
{
    // The dashboard on the same session: it must show the new judge once the run has ended.
    ui::AgreementView dashboard(m_session.get());
    QTRY_VERIFY_WITH_TIMEOUT(dashboard.report().has_value(), 30000);
    QVERIFY(dashboard.report()->judges.empty());
    JudgesView view(m_session.get());
    view.resize(1200, 800);
    view.show();
    QAbstractItemModelTester modelTester(view.callModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(view.callProxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    fill(view, QStringLiteral("panel judge"));
    QSignalSpy finished(&view, &JudgesView::runFinished);
    QTest::mouseClick(view.findChild<QPushButton *>(QStringLiteral("runButton")), Qt::LeftButton);
    QVERIFY(view.isRunning());
    QVERIFY(!view.findChild<QPushButton *>(QStringLiteral("runButton"))->isEnabled());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QTRY_VERIFY_WITH_TIMEOUT(
        dashboard.report().has_value() && dashboard.report()->judges == std::vector<std::string>{"panel judge"}, 30000);
    QVERIFY(finished.at(0).at(0).toBool());
    const judge::RunProgress p = view.lastProgress();
    QCOMPARE(static_cast<int>(p.total), JudgeStudy::calls);
    QCOMPARE(static_cast<int>(p.done), JudgeStudy::calls);
    QCOMPARE(p.invalid, std::size_t{0});
    QVERIFY(!p.cancelled);
    QCOMPARE(static_cast<int>(m_server->requestCount()), JudgeStudy::calls);
    QCOMPARE(count("SELECT COUNT(*) FROM ratings r JOIN raters a ON a.id = r.rater_id WHERE a.name = 'panel judge' AND "
                   "r.value = 4"),
             std::int64_t{JudgeStudy::calls});
    auto *progress = view.findChild<QProgressBar *>(QStringLiteral("runProgress"));
    QCOMPARE(progress->value(), progress->maximum());
    QVERIFY2(view.findChild<QLabel *>(QStringLiteral("runStatus"))->text().contains(QStringLiteral("Finished")),
             qPrintable(view.findChild<QLabel *>(QStringLiteral("runStatus"))->text()));

    // The calls browser now shows the judge's calls, with the prompt and the raw answer whole.
    auto *rater = view.findChild<QComboBox *>(QStringLiteral("callRater"));
    QCOMPARE(rater->currentText(), QStringLiteral("panel judge"));
    // The calls are read off the GUI thread.
    QTRY_COMPARE(view.callModel()->rowCount(), JudgeStudy::calls);
    QCOMPARE(view.callProxy()->rowCount(), JudgeStudy::calls);
    const QModelIndex first = view.callModel()->index(0, ui::JudgeCallModel::AnswerColumn);
    QVERIFY(first.data().toString().contains(QStringLiteral("Score: 4")));
    QCOMPARE(view.callModel()->index(0, ui::JudgeCallModel::ValueColumn).data().toString(), QStringLiteral("4"));
    QVERIFY(!view.callModel()->index(0, ui::JudgeCallModel::PromptColumn).data().toString().isEmpty());
    // The column of problems is headed so (it was "Reason", and blank beside answers that gave their reasons).
    QCOMPARE(view.callModel()->headerData(ui::JudgeCallModel::ReasonColumn, Qt::Horizontal).toString(),
             QStringLiteral("Problem"));
    QVERIFY(view.callModel()
                ->headerData(ui::JudgeCallModel::ReasonColumn, Qt::Horizontal, Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("could not be read")));
    QCOMPARE(view.callModel()->index(0, ui::JudgeCallModel::ReasonColumn).data().toString(), QString());
    QVERIFY(view.callModel()
                ->index(0, 0)
                .data(ui::JudgeCallModel::DetailRole)
                .toString()
                .contains(QStringLiteral("Council")));

    // Filters: validity, then text over the whole call.
    auto *validity = view.findChild<QComboBox *>(QStringLiteral("callValidity"));
    validity->setCurrentIndex(validity->findData(QStringLiteral("invalid")));
    QCOMPARE(view.callProxy()->rowCount(), 0);
    validity->setCurrentIndex(validity->findData(QStringLiteral("valid")));
    QCOMPARE(view.callProxy()->rowCount(), JudgeStudy::calls);
    auto *filter = view.findChild<QLineEdit *>(QStringLiteral("callFilter"));
    QTest::keyClicks(filter, QStringLiteral("council 1"));
    QCOMPARE(view.callProxy()->rowCount(), JudgeStudy::calls / 2);
    filter->clear();

    // The detail pane shows the selected call as plain text.
    auto *table = view.findChild<QTableView *>(QStringLiteral("callsTable"));
    table->setCurrentIndex(view.callProxy()->index(0, 0));
    const QString detail = view.findChild<QPlainTextEdit *>(QStringLiteral("callDetail"))->toPlainText();
    QVERIFY(detail.contains(QStringLiteral("Score: 4")));
    QVERIFY(detail.contains(QStringLiteral("Council")));
}

void TestJudgesView::cancelThenResumeSendsOnlyWhatIsMissing()
{
    m_server->setHandler([](const test::RecordedRequest &) {
        Reply r = Reply::openAi("Score: 3");
        r.delayMs = 40;
        return r;
    });
    JudgesView view(m_session.get());
    view.show();
    fill(view, QStringLiteral("resumed judge"), 2);
    view.findChild<QDoubleSpinBox *>(QStringLiteral("priceIn"))->setValue(1.5);
    QSignalSpy finished(&view, &JudgesView::runFinished);
    QSignalSpy estimated(&view, &JudgesView::estimateFinished);
    auto *estimateText = view.findChild<QLabel *>(QStringLiteral("estimateText"));
    QTest::mouseClick(view.findChild<QPushButton *>(QStringLiteral("estimateButton")), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(estimated.count(), 1, 30000);
    QVERIFY2(estimateText->text().contains(QStringLiteral("12 calls to send (0 already answered)")),
             qPrintable(estimateText->text()));
    auto *run = view.findChild<QPushButton *>(QStringLiteral("runButton"));
    auto *cancel = view.findChild<QPushButton *>(QStringLiteral("cancelButton"));
    QVERIFY(!cancel->isEnabled());
    QTest::mouseClick(run, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(view.lastProgress().done >= 3, 30000);
    QVERIFY(cancel->isEnabled());
    QTest::mouseClick(cancel, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QVERIFY(finished.at(0).at(0).toBool());
    const judge::RunProgress atCancel = view.lastProgress();
    QVERIFY(atCancel.cancelled);
    QVERIFY(atCancel.done < static_cast<std::size_t>(JudgeStudy::calls));
    QVERIFY(run->text().contains(QStringLiteral("Resume")));
    QCOMPARE(count("SELECT COUNT(*) FROM judge_calls"), static_cast<std::int64_t>(atCancel.done));
    // The estimate shown before the run is made again: what is left, and what was answered before the cancel.
    QTRY_COMPARE_WITH_TIMEOUT(estimated.count(), 2, 30000);
    const QString left = QStringLiteral("%1 calls to send (%2 already answered)")
                             .arg(JudgeStudy::calls - static_cast<int>(atCancel.done))
                             .arg(atCancel.done);
    QVERIFY2(estimateText->text().contains(left), qPrintable(estimateText->text() + QStringLiteral(" / ") + left));

    m_server->reset();
    QTest::mouseClick(run, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 30000);
    QVERIFY(finished.at(1).at(0).toBool());
    const judge::RunProgress resumed = view.lastProgress();
    QVERIFY(!resumed.cancelled);
    QCOMPARE(m_server->requestCount(), JudgeStudy::calls - atCancel.done);
    QCOMPARE(resumed.cached, atCancel.done);
    QCOMPARE(count("SELECT COUNT(*) FROM ratings r JOIN raters a ON a.id = r.rater_id WHERE a.name = 'resumed judge'"),
             std::int64_t{JudgeStudy::calls});
    QVERIFY(run->text().contains(QStringLiteral("Run")));
    // The cost so far is the whole judge's: the cancelled part and the resumed one.
    QVERIFY(atCancel.cost > 0 && resumed.cost > 0);
    const QString status = view.findChild<QLabel *>(QStringLiteral("runStatus"))->text();
    const QString whole
        = QStringLiteral("cost so far ") + ui::JudgeSettingsForm::formatCost(atCancel.cost + resumed.cost);
    QVERIFY2(status.contains(whole), qPrintable(status + QStringLiteral(" / ") + whole));
}

void TestJudgesView::apiKeyNeverStored()
{
    const QByteArray key = "sk-concord-panel-0123456789-SECRET";
    qputenv("CONCORD_PANEL_TEST_KEY", key);
    {
        JudgesView view(m_session.get());
        view.show();
        fill(view, QStringLiteral("keyed judge"));
        auto *env = view.findChild<QLineEdit *>(QStringLiteral("apiKeyEnv"));
        // A pasted key is not a variable name: the field's validator refuses it.
        env->clear();
        env->insert(QString::fromLatin1(key));
        QCOMPARE(env->text(), QString());
        QTest::keyClicks(env, QStringLiteral("CONCORD_PANEL_TEST_KEY"));
        auto *profile = view.findChild<QComboBox *>(QStringLiteral("providerProfile"));
        profile->setCurrentText(QStringLiteral("local test"));
        QSignalSpy finished(&view, &JudgesView::runFinished);
        QTest::mouseClick(view.findChild<QPushButton *>(QStringLiteral("runButton")), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QVERIFY(finished.at(0).at(0).toBool());
    }
    // The server got it, as the Authorization header.
    const auto requests = m_server->requests();
    QVERIFY(!requests.empty());
    QCOMPARE(QByteArray::fromStdString(requests.front().headers.at("authorization")), QByteArray("Bearer " + key));

    // The profile was saved with the variable's name only.
    QSettings settings;
    settings.sync();
    QCOMPARE(settings.value(QStringLiteral("judges/profiles/local test/apiKeyVariable")).toString(),
             QStringLiteral("CONCORD_PANEL_TEST_KEY"));
    const QStringList keys = settings.allKeys();
    for (const QString &k : keys)
        QVERIFY2(!settings.value(k).toString().toUtf8().contains(key), qPrintable(k));
    QDirIterator files(m_dir.filePath(QStringLiteral("settings")), QDir::Files, QDirIterator::Subdirectories);
    int settingsFiles = 0;
    while (files.hasNext()) {
        QFile f(files.next());
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY2(!f.readAll().contains(key), qPrintable(f.fileName()));
        ++settingsFiles;
    }
    QVERIFY(settingsFiles >= 1);

    // Nor is it anywhere in the study file (or its write-ahead log).
    m_session->close();
    for (const QString &suffix : {QString(), QStringLiteral("-wal")}) {
        QFile f(m_study + suffix);
        if (!f.exists())
            continue;
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QVERIFY(bytes.size() > 0);
        QVERIFY2(!bytes.contains(key), qPrintable(f.fileName()));
        QVERIFY2(!bytes.contains("0123456789-SECRET"), qPrintable(f.fileName()));
    }
    QCOMPARE(count("SELECT COUNT(*) FROM judge_calls WHERE request_body LIKE '%SECRET%' OR prompt LIKE '%SECRET%'"),
             std::int64_t{0});
    QCOMPARE(count("SELECT COUNT(*) FROM raters WHERE params LIKE '%SECRET%'"), std::int64_t{0});
    qunsetenv("CONCORD_PANEL_TEST_KEY");
}

void TestJudgesView::gevalRunShowsHowUnitsWereScored()
{
    // A server without token probabilities that honours n: G-Eval samples every unit, and the run's
    // status and the calls browser say so.
    m_server->setHandler([](const test::RecordedRequest &r) {
        const QJsonObject body = QJsonDocument::fromJson(QByteArray::fromStdString(r.body)).object();
        if (body.value(QStringLiteral("logprobs")).toBool())
            return Reply::openAi("Score: 5");
        const int n = body.value(QStringLiteral("n")).toInt(1);
        if (n == 1)
            return Reply::openAi("1. Read the article.\n2. Judge the summary.\n3. Give a score.");
        std::vector<std::string> samples;
        for (int i = 0; i < n; ++i)
            samples.push_back(i % 2 ? "Score: 2" : "Score: 4"); // the mean of 20: 3
        return Reply::openAiChoices(samples);
    });
    JudgesView view(m_session.get());
    view.show();
    fill(view, QStringLiteral("geval panel judge"), 1);
    auto *protocol = view.findChild<QComboBox *>(QStringLiteral("protocol"));
    protocol->setCurrentIndex(protocol->findText(QStringLiteral("geval")));
    QSignalSpy finished(&view, &JudgesView::runFinished);
    QTest::mouseClick(view.findChild<QPushButton *>(QStringLiteral("runButton")), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QVERIFY(finished.at(0).at(0).toBool());
    // Two evaluation-steps calls, the first unit's answer without token probabilities, 12 units sampled.
    QCOMPARE(m_server->requestCount(), std::size_t{2 + 1 + 12});
    const QString status = view.findChild<QLabel *>(QStringLiteral("runStatus"))->text();
    QVERIFY2(status.contains(QStringLiteral("G-Eval: 0 units by token probabilities, 12 by the mean of 20 samples")),
             qPrintable(status));
    QVERIFY2(status.contains(QStringLiteral("Note: geval: the server sent no token probabilities")),
             qPrintable(status));

    // The calls are read off the GUI thread.
    QTRY_COMPARE(view.callModel()->rowCount(), 2 + 1 + 12);
    QCOMPARE(view.callModel()->headerData(ui::JudgeCallModel::MethodColumn, Qt::Horizontal).toString(),
             QStringLiteral("Method"));
    int sampled = 0, single = 0;
    for (int row = 0; row < view.callModel()->rowCount(); ++row) {
        const QString method = view.callModel()->index(row, ui::JudgeCallModel::MethodColumn).data().toString();
        if (method == QStringLiteral("mean of samples")) {
            ++sampled;
            QCOMPARE(view.callModel()->index(row, ui::JudgeCallModel::ValueColumn).data().toString(),
                     QStringLiteral("3"));
            QVERIFY(view.callModel()
                        ->index(row, 0)
                        .data(ui::JudgeCallModel::DetailRole)
                        .toString()
                        .contains(QStringLiteral("Scored by: mean of samples")));
        } else if (method == QStringLiteral("single answer")) {
            ++single;
        }
    }
    QCOMPARE(sampled, 12);
    QCOMPARE(single, 1);
    QCOMPARE(count("SELECT COUNT(*) FROM ratings r JOIN raters a ON a.id = r.rater_id WHERE a.name = 'geval panel "
                   "judge' AND r.value = 3"),
             std::int64_t{12});
}

void TestJudgesView::estimateShowsCallsAndCost()
{
    JudgesView view(m_session.get());
    view.show();
    fill(view, QStringLiteral("estimated judge"));
    view.findChild<QDoubleSpinBox *>(QStringLiteral("priceIn"))->setValue(1.5);
    QSignalSpy estimated(&view, &JudgesView::estimateFinished);
    QTest::mouseClick(view.findChild<QPushButton *>(QStringLiteral("estimateButton")), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(estimated.count(), 1, 30000);
    QVERIFY(estimated.at(0).at(0).toBool());
    const QString text = view.findChild<QLabel *>(QStringLiteral("estimateText"))->text();
    QVERIFY2(text.contains(QStringLiteral("12 calls to send")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("0 already answered")), qPrintable(text));
    QCOMPARE(m_server->requestCount(), std::size_t{0});
    // An amount without its currency means nothing: the prices' currency is named with the estimate.
    QVERIFY2(text.contains(QStringLiteral(" USD")), qPrintable(text));
    QVERIFY(view.findChild<QDoubleSpinBox *>(QStringLiteral("priceIn"))->suffix().contains(QStringLiteral("USD")));
}

void TestJudgesView::noDimensionChosenIsSaid()
{
    JudgesView view(m_session.get());
    view.show();
    fill(view, QStringLiteral("every dimension judge"));
    auto *dimensions = view.findChild<QListWidget *>(QStringLiteral("dimensions"));
    auto *note = view.findChild<QLabel *>(QStringLiteral("dimensionNote"));
    QVERIFY(dimensions && note);
    QTRY_COMPARE(dimensions->count(), 2);
    // Nothing ticked: the study's two Likert dimensions are all judged, and the panel says so.
    QTRY_VERIFY(note->isVisible());
    QVERIFY2(note->text().contains(QStringLiteral("all 2 Likert dimensions")), qPrintable(note->text()));
    dimensions->item(0)->setCheckState(Qt::Checked);
    QVERIFY(!note->isVisible());
    dimensions->item(0)->setCheckState(Qt::Unchecked);
    QVERIFY(note->isVisible());
    // A protocol that asks about no single dimension has nothing to say about them.
    auto *protocol = view.findChild<QComboBox *>(QStringLiteral("protocol"));
    protocol->setCurrentIndex(protocol->findText(QStringLiteral("likert-multi")));
    QVERIFY(!note->isVisible());
}

void TestJudgesView::unsetKeyVariableIsNamedBeforeTheRun()
{
    qunsetenv("CONCORD_PANEL_UNSET_KEY");
    qputenv("CONCORD_PANEL_EMPTY_KEY", QByteArray());
    JudgesView view(m_session.get());
    view.show();
    fill(view, QStringLiteral("keyless judge"));
    auto *env = view.findChild<QLineEdit *>(QStringLiteral("apiKeyEnv"));
    auto *run = view.findChild<QPushButton *>(QStringLiteral("runButton"));
    QSignalSpy errors(&view, &JudgesView::errorShown);
    for (const QString &variable :
         {QStringLiteral("CONCORD_PANEL_UNSET_KEY"), QStringLiteral("CONCORD_PANEL_EMPTY_KEY")}) {
        env->clear();
        QTest::keyClicks(env, variable);
        errors.clear();
        QTest::mouseClick(run, Qt::LeftButton);
        // Refused at once, naming the variable the user has to export, not an internal field.
        QCOMPARE(errors.count(), 1);
        const QString text = errors.at(0).at(1).toString();
        QVERIFY2(text.startsWith(variable + QStringLiteral(" is ")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("api_key_env")), qPrintable(text));
        QVERIFY2(!text.contains(QLatin1Char('\n')), qPrintable(text));
        QVERIFY(!view.isRunning());
    }
    QCOMPARE(m_server->requestCount(), std::size_t{0});
}

void TestJudgesView::rankDimensionRefusedWhileConfiguring()
{
    // The study gets a rank dimension; a protocol that scores one summary at a time cannot judge it.
    {
        auto study = store::Study::open(m_study.toStdString());
        QVERIFY(study.ok());
        QVERIFY(study.value()
                    ->write([&] {
                        model::Dimension overall;
                        overall.name = "overall";
                        overall.kind = model::DimensionKind::Rank;
                        study.value()->ensureDimension(overall);
                    })
                    .ok());
    }
    QVERIFY(m_session->refresh().ok());
    JudgesView view(m_session.get());
    view.show();
    fill(view, QStringLiteral("ranking judge"));
    auto *protocol = view.findChild<QComboBox *>(QStringLiteral("protocol"));
    auto *dimensions = view.findChild<QListWidget *>(QStringLiteral("dimensions"));
    auto *problem = view.findChild<QLabel *>(QStringLiteral("planProblem"));
    auto *run = view.findChild<QPushButton *>(QStringLiteral("runButton"));
    auto *estimate = view.findChild<QPushButton *>(QStringLiteral("estimateButton"));
    QVERIFY(protocol && dimensions && problem && run && estimate);
    QVERIFY(run->isEnabled());
    QVERIFY(problem->isHidden());

    protocol->setCurrentIndex(protocol->findText(QStringLiteral("llmscore")));
    const auto found = dimensions->findItems(QStringLiteral("overall"), Qt::MatchExactly);
    QCOMPARE(found.size(), 1);
    found.first()->setCheckState(Qt::Checked);
    // Said at once, before anything is sent, with the protocols that can judge rankings.
    QTRY_VERIFY(!problem->isHidden());
    QVERIFY2(problem->text().contains(QStringLiteral("rankings are judged by llmrank")), qPrintable(problem->text()));
    QVERIFY(!run->isEnabled());
    QVERIFY(!estimate->isEnabled());

    // A protocol that ranks can judge it.
    protocol->setCurrentIndex(protocol->findText(QStringLiteral("llmrank")));
    QTRY_VERIFY(problem->isHidden());
    QVERIFY(run->isEnabled());
    QCOMPARE(m_server->requestCount(), std::size_t{0});
}

void TestJudgesView::templateEditorChecksAndPreviews()
{
    JudgesView view(m_session.get());
    view.show();
    fill(view, QStringLiteral("templated judge"));
    // The preview's item is planned off the GUI thread.
    QTRY_VERIFY(!view.isPreviewing());
    ui::TemplateEditor *editor = view.templateEditor();
    QCOMPARE(editor->protocol(), QStringLiteral("rts"));
    // The shipped template: read only, parses, and its preview is filled with the first document.
    QVERIFY(editor->editor()->isReadOnly());
    QVERIFY(editor->problem().isEmpty());
    QVERIFY2(editor->preview()->toPlainText().contains(QStringLiteral("Council 0 voted to build a market hall")),
             qPrintable(editor->preview()->toPlainText()));
    QVERIFY(!editor->preview()->toPlainText().contains(QStringLiteral("{{")));

    QTest::mouseClick(editor->findChild<QPushButton *>(QStringLiteral("duplicateTemplate")), Qt::LeftButton);
    QVERIFY(editor->isCustom());
    QVERIFY(!editor->editor()->isReadOnly());
    editor->editor()->selectAll();
    QTest::keyClicks(editor->editor(), QStringLiteral("Rate {{summary}} for {{colour}}."));
    QVERIFY(!editor->problem().isEmpty());
    QVERIFY2(editor->findChild<QLabel *>(QStringLiteral("templateStatus"))->text().contains(QStringLiteral("colour")),
             qPrintable(editor->findChild<QLabel *>(QStringLiteral("templateStatus"))->text()));
    QVERIFY(!editor->customTemplate());
    // A run refuses a broken template instead of silently using the shipped one.
    QSignalSpy errors(&view, &JudgesView::errorShown);
    QVERIFY(!view.startRun());
    QCOMPARE(errors.count(), 1);

    editor->editor()->selectAll();
    QTest::keyClicks(editor->editor(), QStringLiteral("Rate this summary on {{dimension}}: {{summary}} Score 1 to 5."));
    QVERIFY2(editor->problem().isEmpty(), qPrintable(editor->problem()));
    const QString preview = editor->preview()->toPlainText();
    QVERIFY2(preview.contains(QStringLiteral("Rate this summary on coherence: Council 0 chose a market hall.")),
             qPrintable(preview));
    QVERIFY(editor->customTemplate().has_value());

    QTest::mouseClick(editor->findChild<QPushButton *>(QStringLiteral("revertTemplate")), Qt::LeftButton);
    QVERIFY(!editor->isCustom());
    QVERIFY(editor->editor()->isReadOnly());
}

void TestJudgesView::editedTemplateIsUsedAndStored()
{
    JudgesView view(m_session.get());
    view.show();
    fill(view, QStringLiteral("custom judge"));
    ui::TemplateEditor *editor = view.templateEditor();
    editor->duplicate();
    editor->editor()->setPlainText(QStringLiteral("[user]\nJudge {{dimension}} of: {{summary}}\nEnd with Score: N."));
    auto *name = editor->findChild<QLineEdit *>(QStringLiteral("templateName"));
    name->selectAll();
    QTest::keyClicks(name, QStringLiteral("my rts"));
    QSignalSpy finished(&view, &JudgesView::runFinished);
    QVERIFY(view.startRun());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QVERIFY(finished.at(0).at(0).toBool());
    const auto requests = m_server->requests();
    QCOMPARE(static_cast<int>(requests.size()), JudgeStudy::calls);
    QVERIFY(QByteArray::fromStdString(requests.front().body).contains("Judge coherence of: ")
            || QByteArray::fromStdString(requests.front().body).contains("Judge relevance of: "));
    QCOMPARE(count("SELECT COUNT(*) FROM prompt_templates WHERE name = 'my rts' AND protocol = 'rts' AND body LIKE "
                   "'%Judge {{dimension}} of%'"),
             std::int64_t{1});
    QCOMPARE(count("SELECT COUNT(*) FROM judge_runs r JOIN prompt_templates t ON t.id = r.template_id WHERE t.name = "
                   "'my rts'"),
             std::int64_t{1});
}

void TestJudgesView::importsRecordedJudgements()
{
    const QString path = m_dir.filePath(QStringLiteral("recorded-%1.jsonl").arg(m_serial));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(
        "{\"doc_id\": \"doc0\", \"system\": \"sysA\", \"dimension\": \"coherence\", \"response\": \"Score: 5\"}\n"
        "{\"doc_id\": \"doc0\", \"system\": \"sysB\", \"dimension\": \"coherence\", \"response\": \"I cannot rate "
        "this.\"}\n"
        "{\"doc_id\": \"doc1\", \"system\": \"sysC\", \"dimension\": \"relevance\", \"value\": 2}\n"
        "{\"doc_id\": \"doc1\", \"system\": \"sysC\", \"dimension\": \"relevance\", \"value\": 3}\n");
    file.close();
    JudgesView view(m_session.get());
    view.show();
    QSignalSpy done(&view, &JudgesView::importFinished);
    QVERIFY(view.importRecorded(path, QStringLiteral("llmeval"), QStringLiteral("published judge"),
                                QStringLiteral("gpt-x")));
    QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 30000);
    QVERIFY(done.at(0).at(0).toBool());
    QCOMPARE(view.findChild<QComboBox *>(QStringLiteral("callRater"))->currentText(),
             QStringLiteral("published judge"));
    // The repeated unit is said, with the rule; its later answer is the judgement, both stay as calls.
    const QString status = view.findChild<QLabel *>(QStringLiteral("runStatus"))->text();
    QVERIFY2(status.contains(
                 QStringLiteral("Imported 4 recorded judgements (3 valid, 1 invalid). 1 of them answer a unit answered "
                                "earlier in the file: the later answer is the judgement")),
             qPrintable(status));
    QCOMPARE(count("SELECT r.value FROM ratings r JOIN raters j ON j.id = r.rater_id WHERE j.name = 'published judge' "
                   "AND r.value <> 5"),
             std::int64_t{3});
    // The calls are read off the GUI thread.
    QTRY_COMPARE(view.callModel()->rowCount(), 4);
    auto *validity = view.findChild<QComboBox *>(QStringLiteral("callValidity"));
    validity->setCurrentIndex(validity->findData(QStringLiteral("invalid")));
    QCOMPARE(view.callProxy()->rowCount(), 1);
    QVERIFY(view.callProxy()
                ->index(0, ui::JudgeCallModel::AnswerColumn)
                .data()
                .toString()
                .contains(QStringLiteral("cannot rate")));
}

// Every label of the Import Recorded Judgements dialog has a field to go to: its "&" is a shortcut (Alt+F
// to the file), never shown as text (a label beside a layout has no buddy unless given one).
void TestJudgesView::importDialogLabelsAreShortcuts()
{
    JudgesView view(m_session.get());
    auto *button = view.findChild<QPushButton *>(QStringLiteral("importRecordedButton"));
    QVERIFY(button);
    QStringList withoutBuddy;
    int labels = 0;
    QTimer::singleShot(0, &view, [&] {
        QWidget *dialog = QApplication::activeModalWidget();
        if (!dialog)
            return;
        for (const QLabel *label : dialog->findChildren<QLabel *>()) {
            if (!label->text().contains(QLatin1Char('&')))
                continue;
            ++labels;
            if (!label->buddy())
                withoutBuddy << label->text();
        }
        dialog->close();
    });
    button->click();
    QVERIFY(labels >= 4);
    QVERIFY2(withoutBuddy.isEmpty(), qPrintable(withoutBuddy.join(QStringLiteral(", "))));
}

void TestJudgesView::badRecordedFileNamesTheLine()
{
    const QString path = m_dir.filePath(QStringLiteral("bad-%1.jsonl").arg(m_serial));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(
        "{\"doc_id\": \"doc0\", \"system\": \"sysA\", \"dimension\": \"coherence\", \"response\": \"Score: 5\"}\n"
        "{\"doc_id\": \"no-such-doc\", \"system\": \"sysA\", \"dimension\": \"coherence\", \"response\": \"Score: "
        "5\"}\n");
    file.close();
    JudgesView view(m_session.get());
    view.show();
    QSignalSpy done(&view, &JudgesView::importFinished);
    QSignalSpy errors(&view, &JudgesView::errorShown);
    QVERIFY(view.importRecorded(path, QStringLiteral("llmeval"), QStringLiteral("broken judge"), {}));
    QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 30000);
    QVERIFY(!done.at(0).at(0).toBool());
    QCOMPARE(errors.count(), 1);
    const QString message = errors.at(0).at(1).toString();
    QVERIFY2(message.contains(QStringLiteral(":2")) && message.contains(QStringLiteral("doc_id")), qPrintable(message));
    auto *box = view.findChild<QMessageBox *>(QStringLiteral("judgeErrorBox"));
    QVERIFY(box);
    QCOMPARE(box->textFormat(), Qt::PlainText);
    // All or nothing: the good first line was not kept either.
    QCOMPARE(count("SELECT COUNT(*) FROM raters WHERE name = 'broken judge'"), std::int64_t{0});
}

void TestJudgesView::cancelStopsARecordedImport()
{
    // Several MiB of recorded answers: several of the reader's blocks.
    const QString path = m_dir.filePath(QStringLiteral("long-%1.jsonl").arg(m_serial));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    const QByteArray reasoning(2000, 'x');
    for (int i = 0; i < 2000; ++i)
        file.write("{\"doc_id\": \"doc0\", \"system\": \"sysA\", \"dimension\": \"coherence\", \"response\": \""
                   + reasoning + " Score: " + QByteArray::number(1 + i % 5) + "\"}\n");
    file.close();
    const qint64 size = QFileInfo(path).size();
    QVERIFY(size > 3 * (qint64{1} << 20));
    JudgesView view(m_session.get());
    view.show();
    QSignalSpy done(&view, &JudgesView::importFinished);
    QSignalSpy errors(&view, &JudgesView::errorShown);
    auto *bar = view.findChild<QProgressBar *>(QStringLiteral("runProgress"));
    auto *cancel = view.findChild<QPushButton *>(QStringLiteral("cancelButton"));
    auto *run = view.findChild<QPushButton *>(QStringLiteral("runButton"));
    QVERIFY(bar && cancel && run);
    QVERIFY(!cancel->isEnabled());
    const bool runnable = run->isEnabled();

    // Held after the first block, so that Cancel is clicked while the import is surely under way.
    QSemaphore held;
    QSemaphore proceed;
    std::atomic<bool> first{true};
    view.importMonitor()->setWorkerHook([&](std::int64_t, std::int64_t) {
        if (first.exchange(false)) {
            held.release();
            proceed.tryAcquire(1, 60000); // never stuck for good if the test failed first
        }
    });
    QVERIFY(view.importRecorded(path, QStringLiteral("llmeval"), QStringLiteral("cancelled judge"), {}));
    // The run's bar and Cancel serve the import; no run meanwhile.
    QVERIFY(cancel->isEnabled());
    QVERIFY(!run->isEnabled());
    QTRY_COMPARE(held.available(), 1);
    QTRY_COMPARE(bar->value(), static_cast<int>((qint64{1} << 20) * 100 / size));
    QCOMPARE(bar->maximum(), 100);
    QTest::mouseClick(cancel, Qt::LeftButton);
    proceed.release();

    QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 30000);
    QVERIFY(!done.at(0).at(0).toBool());
    QCOMPARE(errors.count(), 0);
    QCOMPARE(view.findChild<QLabel *>(QStringLiteral("runStatus"))->text(), ui::ImportMonitor::cancelledText());
    QVERIFY(!cancel->isEnabled());
    QCOMPARE(run->isEnabled(), runnable);
    QCOMPARE(count("SELECT COUNT(*) FROM raters WHERE name = 'cancelled judge'"), std::int64_t{0});
    QCOMPARE(count("SELECT COUNT(*) FROM judge_calls"), std::int64_t{0});
}

void TestJudgesView::interruptedRunIsShownAndResumed()
{
    // A run of the judge whose process was killed part way: five of its twelve calls stored, and its
    // owner a process that no longer exists.
    {
        judge::RunOptions o;
        o.plan.protocol = judge::Protocol::Rts;
        o.raterName = "killed judge";
        o.concurrency = 2;
        o.price = {1000, 2000}; // per call 10 tokens in and 5 out: 0.02
        judge::Runner runner(m_study.toStdString(),
                             {judge::ProviderKind::OpenAI, m_server->baseUrl() + "/v1", "test-model", {}}, o);
        QVERIFY(runner.run().ok());
        auto study = store::Study::open(m_study.toStdString());
        QVERIFY(study.ok());
        study.value()->database().exec(
            "UPDATE judge_runs SET status = 'running', finished_at = NULL, owner_pid = 999999999, "
            "owner_start = 'gone'; DELETE FROM ratings WHERE call_id IN (SELECT id FROM judge_calls WHERE id > 5); "
            "DELETE FROM judge_calls WHERE id > 5");
    }
    QVERIFY(m_session->refresh().ok());
    m_server->reset();
    JudgesView view(m_session.get());
    view.show();
    auto *label = view.findChild<QLabel *>(QStringLiteral("interruptedRuns"));
    auto *resume = view.findChild<QPushButton *>(QStringLiteral("resumeInterruptedButton"));
    QVERIFY(label && resume);
    QVERIFY(label->isVisible() && resume->isVisible() && resume->isEnabled());
    QVERIFY2(label->text().contains(QStringLiteral("killed judge")), qPrintable(label->text()));
    QSignalSpy finished(&view, &JudgesView::runFinished);
    QTest::mouseClick(resume, Qt::LeftButton);
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.at(0).at(0).toBool(), true);
    QCOMPARE(m_server->requestCount(), std::size_t{7});
    QCOMPARE(count("SELECT COUNT(*) FROM judge_runs"), std::int64_t{1});
    QCOMPARE(count("SELECT COUNT(*) FROM judge_runs WHERE status = 'finished'"), std::int64_t{1});
    QCOMPARE(count("SELECT COUNT(*) FROM judge_calls"), std::int64_t{12});
    QTRY_VERIFY(!label->isVisible() && !resume->isVisible());
    // The cost so far is the whole run's, the five calls the killed process paid for too (it had counted the seven
    // sent here: 0.1400).
    QCOMPARE(view.lastProgress().cached, std::size_t{5});
    const QString status = view.findChild<QLabel *>(QStringLiteral("runStatus"))->text();
    const QString whole = QStringLiteral("cost so far ") + ui::JudgeSettingsForm::formatCost(0.24);
    QVERIFY2(status.contains(whole), qPrintable(status + QStringLiteral(" / ") + whole));
    QVERIFY2(status.contains(ui::JudgeSettingsForm::formatCost(0.10) + QStringLiteral(" paid earlier")),
             qPrintable(status));
}

// A judge part of whose calls another process (concord-cli, or Concord before a restart) answered and recorded: a
// run of it from the panel sends the rest, and its cost so far counts what the study recorded for the earlier part.
void TestJudgesView::runCountsWhatAnotherProcessPaid()
{
    JudgesView view(m_session.get());
    view.show();
    fill(view, QStringLiteral("shared judge"), 2);
    view.findChild<QDoubleSpinBox *>(QStringLiteral("priceIn"))->setValue(1000);
    view.findChild<QDoubleSpinBox *>(QStringLiteral("priceOut"))->setValue(2000);
    const auto provider = view.providerConfig();
    QVERIFY(provider.ok());
    {
        // The other process: the same judge and settings, of whose answers the study keeps the first four.
        judge::Runner runner(m_study.toStdString(), provider.value(), view.runOptions());
        QVERIFY(runner.run().ok());
        auto study = store::Study::open(m_study.toStdString());
        QVERIFY(study.ok());
        study.value()->database().exec(
            "DELETE FROM ratings WHERE call_id IN (SELECT id FROM judge_calls WHERE id > 4); "
            "DELETE FROM judge_calls WHERE id > 4");
    }
    QCOMPARE(count("SELECT COUNT(*) FROM judge_calls WHERE cost > 0.0199 AND cost < 0.0201"), std::int64_t{4});
    QVERIFY(m_session->refresh().ok());
    m_server->reset();
    QSignalSpy finished(&view, &JudgesView::runFinished);
    QTest::mouseClick(view.findChild<QPushButton *>(QStringLiteral("runButton")), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QVERIFY(finished.at(0).at(0).toBool());
    QCOMPARE(m_server->requestCount(), std::size_t{8});
    QCOMPARE(view.lastProgress().cached, std::size_t{4});
    const QString status = view.findChild<QLabel *>(QStringLiteral("runStatus"))->text();
    // 12 calls at 0.02, not the 8 sent here (0.1600).
    const QString whole = QStringLiteral("cost so far ") + ui::JudgeSettingsForm::formatCost(0.24);
    QVERIFY2(status.contains(whole), qPrintable(status + QStringLiteral(" / ") + whole));
}

// The calls table follows a run: each call is listed once it is answered and stored, while the run still goes on
// (it had filled only when the run ended), and at the end it lists every call once.
void TestJudgesView::callsAppearWhileTheRunGoesOn()
{
    // Three at a time: the first three answered at once, every later one after 2 s, so the run goes on for about
    // 6 s after its first three calls and 4 s after its first six (room for a slow build, such as the sanitizers').
    m_server->setHandler([](const test::RecordedRequest &request) {
        Reply r = Reply::openAi("Score: 4");
        r.delayMs = request.index < 3 ? 0 : 2000;
        return r;
    });
    JudgesView view(m_session.get());
    view.resize(1200, 800);
    view.show();
    QAbstractItemModelTester modelTester(view.callModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(view.callProxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    fill(view, QStringLiteral("live judge"), 3);
    auto *table = view.findChild<QTableView *>(QStringLiteral("callsTable"));
    auto *rater = view.findChild<QComboBox *>(QStringLiteral("callRater"));
    auto *cancel = view.findChild<QPushButton *>(QStringLiteral("cancelButton"));
    QVERIFY(table && rater && cancel);
    QSignalSpy finished(&view, &JudgesView::runFinished);
    QTest::mouseClick(view.findChild<QPushButton *>(QStringLiteral("runButton")), Qt::LeftButton);
    QVERIFY(view.isRunning());
    // The new judge is listed and chosen, with the three calls answered so far, while the run goes on.
    QTRY_VERIFY_WITH_TIMEOUT(table->model()->rowCount() == 3, 10000);
    QVERIFY(cancel->isEnabled());
    QCOMPARE(finished.count(), 0);
    QCOMPARE(rater->currentText(), QStringLiteral("live judge"));
    QVERIFY(table->model()
                ->index(0, ui::JudgeCallModel::AnswerColumn)
                .data()
                .toString()
                .contains(QStringLiteral("Score: 4")));
    // Then the next three, added to them (not read again from the first).
    QTRY_VERIFY_WITH_TIMEOUT(table->model()->rowCount() == 6, 10000);
    QVERIFY(cancel->isEnabled());
    QCOMPARE(finished.count(), 0);
    std::set<qlonglong> ids;
    for (int row = 0; row < table->model()->rowCount(); ++row)
        ids.insert(table->model()->index(row, ui::JudgeCallModel::IdColumn).data().toLongLong());
    QCOMPARE(ids.size(), std::size_t{6});
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QVERIFY(finished.at(0).at(0).toBool());
    QTRY_VERIFY(!view.isLoadingCalls());
    QCOMPARE(table->model()->rowCount(), JudgeStudy::calls);
    QCOMPARE(count("SELECT COUNT(*) FROM judge_calls"), std::int64_t{JudgeStudy::calls});
}

// A panel of two judges is recomputed when a member's run in the window stores scores: once both members judged a
// second dimension, the panel scores it too, though nobody asked for the panel again; and when a member's recorded
// judgement is imported.
void TestJudgesView::aPanelFollowsItsMembersRuns()
{
    JudgesView view(m_session.get());
    view.show();
    auto *dimensions = view.findChild<QListWidget *>(QStringLiteral("dimensions"));
    QVERIFY(dimensions);
    QTRY_COMPARE(dimensions->count(), 2);
    QSignalSpy finished(&view, &JudgesView::runFinished);
    // Runs a judge answering SCORE on the dimension at ROW only.
    const auto runOn = [&](const QString &rater, int row, int score) {
        m_server->setHandler([score](const test::RecordedRequest &) {
            return Reply::openAi("The summary keeps the point.\nScore: " + std::to_string(score));
        });
        fill(view, rater);
        // A model of its own: an identical request of another judge would be answered from the cache.
        auto *model = view.findChild<QLineEdit *>(QStringLiteral("model"));
        model->clear();
        QTest::keyClicks(model, rater);
        for (int i = 0; i < dimensions->count(); ++i)
            dimensions->item(i)->setCheckState(i == row ? Qt::Checked : Qt::Unchecked);
        const auto before = finished.count();
        QTest::mouseClick(view.findChild<QPushButton *>(QStringLiteral("runButton")), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), before + 1, 30000);
        QVERIFY2(finished.last().at(0).toBool(),
                 qPrintable(view.findChild<QLabel *>(QStringLiteral("runStatus"))->text()));
    };
    const char *panelScores = "SELECT COUNT(*) FROM ratings r JOIN raters a ON a.id = r.rater_id WHERE a.name = "
                              "'jury' AND r.value = 3";
    constexpr int perDimension = JudgeStudy::calls / 2;
    runOn(QStringLiteral("m1"), 0, 4);
    runOn(QStringLiteral("m2"), 0, 2);
    {
        auto study = store::Study::open(m_study.toStdString());
        QVERIFY(study.ok());
        reports::PanelRequest panel;
        panel.name = "jury";
        panel.members = {"m1", "m2"};
        const auto formed = reports::formPanel(*study.value(), panel);
        QVERIFY2(formed.ok(), formed.ok() ? "" : formed.error().describe().c_str());
    }
    QCOMPARE(count(panelScores), std::int64_t{perDimension});
    // One member on the second dimension: the other has not judged it, so the panel does not score it yet.
    runOn(QStringLiteral("m1"), 1, 5);
    QCOMPARE(count(panelScores), std::int64_t{perDimension});
    // The other member's run: (5 + 1) / 2 on every summary of the second dimension.
    runOn(QStringLiteral("m2"), 1, 1);
    QCOMPARE(count(panelScores), std::int64_t{2 * perDimension});

    // A recorded judgement of a member imported in the window: that summary's panel score follows, (2 + 2) / 2.
    const QString path = m_dir.filePath(QStringLiteral("member-%1.jsonl").arg(m_serial));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"doc_id\": \"doc0\", \"system\": \"sysA\", \"dimension\": \"coherence\", \"value\": 2}\n");
    file.close();
    QSignalSpy imported(&view, &JudgesView::importFinished);
    QVERIFY(view.importRecorded(path, QStringLiteral("rts"), QStringLiteral("m1"), QStringLiteral("m1")));
    QTRY_COMPARE_WITH_TIMEOUT(imported.count(), 1, 30000);
    QVERIFY(imported.at(0).at(0).toBool());
    QCOMPARE(count(panelScores), std::int64_t{2 * perDimension - 1});
    QCOMPARE(count("SELECT COUNT(*) FROM ratings r JOIN raters a ON a.id = r.rater_id WHERE a.name = 'jury' AND "
                   "r.value = 2"),
             std::int64_t{1});
}

// Form Panel of Judges…: the dialog lists the study's judges, the person ticks two, names the panel and confirms;
// the panel is formed off the GUI thread and said in the status line.
void TestJudgesView::formsAPanelFromTheButton()
{
    JudgesView view(m_session.get());
    view.show();
    const auto importScores = [&](const QString &rater, int a, int b) {
        const QString path = m_dir.filePath(QStringLiteral("%1-%2.jsonl").arg(rater).arg(m_serial));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QStringLiteral("{\"doc_id\": \"doc0\", \"system\": \"sysA\", \"dimension\": \"coherence\", "
                                  "\"value\": %1}\n{\"doc_id\": \"doc0\", \"system\": \"sysB\", \"dimension\": "
                                  "\"coherence\", \"value\": %2}\n")
                       .arg(a)
                       .arg(b)
                       .toUtf8());
        file.close();
        QSignalSpy imported(&view, &JudgesView::importFinished);
        QVERIFY(view.importRecorded(path, QStringLiteral("rts"), rater, rater));
        QTRY_COMPARE_WITH_TIMEOUT(imported.count(), 1, 30000);
        QVERIFY(imported.at(0).at(0).toBool());
    };
    importScores(QStringLiteral("m1"), 4, 2);
    importScores(QStringLiteral("m2"), 2, 2);
    auto *button = view.findChild<QPushButton *>(QStringLiteral("formPanelButton"));
    QVERIFY(button && button->isEnabled());
    QStringList offered;
    QTimer::singleShot(0, &view, [&] {
        auto *dialog = qobject_cast<ui::PanelDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        QTableWidget *table = dialog->judgeTable();
        for (int row = 0; row < table->rowCount(); ++row) {
            offered << table->item(row, ui::PanelDialog::JudgeColumn)->text();
            table->setFocus();
            table->setCurrentCell(row, ui::PanelDialog::JudgeColumn);
            QTest::keyClick(table->viewport(), Qt::Key_Space);
        }
        QTest::keyClicks(dialog->findChild<QLineEdit *>(QStringLiteral("panelName")), QStringLiteral("jury"));
        QTest::mouseClick(dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    });
    QSignalSpy formed(&view, &JudgesView::panelFormed);
    button->click();
    QCOMPARE(offered, (QStringList{QStringLiteral("m1"), QStringLiteral("m2")}));
    QTRY_COMPARE_WITH_TIMEOUT(formed.count(), 1, 30000);
    QVERIFY(formed.at(0).at(0).toBool());
    const QString status = view.findChild<QLabel *>(QStringLiteral("runStatus"))->text();
    QVERIFY2(status.contains(QStringLiteral("Panel 'jury' formed: 2 judgements")), qPrintable(status));
    QCOMPARE(count("SELECT SUM(r.value) FROM ratings r JOIN raters a ON a.id = r.rater_id WHERE a.name = 'jury'"),
             std::int64_t{5});
    // A panel is not offered as a member of another.
    QStringList offeredAgain;
    QTimer::singleShot(0, &view, [&] {
        auto *dialog = qobject_cast<ui::PanelDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        for (int row = 0; row < dialog->judgeTable()->rowCount(); ++row)
            offeredAgain << dialog->judgeTable()->item(row, ui::PanelDialog::JudgeColumn)->text();
        dialog->reject();
    });
    button->click();
    QCOMPARE(offeredAgain, offered);
}

// Examples from a judge's corrections, chosen in the Run group: offered only for the protocols that take them,
// with the study's judges and groups; the run keeps to the test split, and every prompt shows the examples.
void TestJudgesView::correctedVersionRunsOnTheTestSplit()
{
    // Two more documents rated by the experts, and the split: doc1 on test, the three others on dev.
    {
        auto study = store::Study::open(m_study.toStdString());
        QVERIFY(study.ok());
        store::Study &s = *study.value();
        QVERIFY(s.write([&] {
                     const auto dims = s.dimensions();
                     for (int d = 2; d < 4; ++d) {
                         model::Document doc;
                         doc.externalId = "doc" + std::to_string(d);
                         doc.source = "Council " + std::to_string(d) + " voted to build a market hall.";
                         const model::Id id = s.addDocument(doc);
                         const model::Id c = s.addCandidate(id, s.ensureSystem("sysA"),
                                                            "Council " + std::to_string(d) + " will build a hall.");
                         for (const char *human : {"ann", "bob"})
                             for (const auto &dim : dims)
                                 s.setRating(*s.raterId(human), c, dim.id, 2);
                     }
                     std::map<model::Id, std::string> splits;
                     for (const auto &doc : s.documentSummaries())
                         splits[doc.id] = doc.externalId == "doc1" ? "test" : "dev";
                     s.replaceDocumentSplits(splits);
                 }).ok());
    }
    QVERIFY(m_session->refresh().ok());
    JudgesView view(m_session.get());
    view.show();
    auto *from = view.findChild<QComboBox *>(QStringLiteral("examplesFrom"));
    auto *perPrompt = view.findChild<QSpinBox *>(QStringLiteral("examplesPerPrompt"));
    auto *group = view.findChild<QComboBox *>(QStringLiteral("examplesGroup"));
    auto *split = view.findChild<QComboBox *>(QStringLiteral("runSplit"));
    auto *protocol = view.findChild<QComboBox *>(QStringLiteral("protocol"));
    auto *dimensions = view.findChild<QListWidget *>(QStringLiteral("dimensions"));
    QVERIFY(from && perPrompt && group && split && protocol && dimensions);
    QTRY_COMPARE(dimensions->count(), 2);
    QSignalSpy finished(&view, &JudgesView::runFinished);

    // The judge to correct, on every document.
    fill(view, QStringLiteral("m1"));
    QCOMPARE(from->count(), 1); // none yet: the study has no judge
    QVERIFY(!perPrompt->isEnabled() && !group->isEnabled());
    QVERIFY(view.startRun());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QVERIFY(finished.at(0).at(0).toBool());
    QTRY_COMPARE(from->count(), 2);
    QCOMPARE(group->currentText(), QStringLiteral("expert"));

    // Its corrected version: chosen with the keyboard, two examples per prompt, on the test split, coherence only.
    m_server->reset();
    fill(view, QStringLiteral("m1 corrected"));
    dimensions->item(0)->setCheckState(Qt::Checked);
    from->setFocus();
    QTest::keyClick(from, Qt::Key_Down);
    QCOMPARE(from->currentText(), QStringLiteral("m1"));
    QVERIFY(perPrompt->isEnabled() && group->isEnabled());
    perPrompt->setValue(2);
    split->setFocus();
    QTest::keyClick(split, Qt::Key_End);
    QCOMPARE(split->currentData().toString(), QStringLiteral("test"));
    // A protocol of pairs takes no examples: the choice is set aside, not sent.
    protocol->setCurrentIndex(protocol->findText(QStringLiteral("h2h")));
    QVERIFY(!from->isEnabled() && !perPrompt->isEnabled());
    QVERIFY(!view.findChild<ui::JudgeSettingsForm *>()->examplesRequest().has_value());
    protocol->setCurrentIndex(protocol->findText(QStringLiteral("rts")));
    QVERIFY(from->isEnabled() && perPrompt->isEnabled());
    QVERIFY(view.startRun());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 30000);
    QVERIFY2(finished.at(1).at(0).toBool(), qPrintable(view.findChild<QLabel *>(QStringLiteral("runStatus"))->text()));
    // doc1's three summaries on coherence, each prompt with two examples from dev documents.
    const auto requests = m_server->requests();
    QCOMPARE(requests.size(), std::size_t{3});
    for (const auto &r : requests) {
        QVERIFY(r.body.find("Council 1 voted") != std::string::npos);
        QVERIFY(r.body.find("Example 2") != std::string::npos && r.body.find("Example 3") == std::string::npos);
    }
    QCOMPARE(count("SELECT COUNT(*) FROM judge_runs r JOIN prompt_templates t ON t.id = r.template_id WHERE t.name "
                   "LIKE '% + corrections from m1'"),
             std::int64_t{1});

    // Three examples per prompt need four dev documents: refused with the count, nothing sent.
    m_server->reset();
    fill(view, QStringLiteral("m1 three"));
    from->setCurrentIndex(from->findText(QStringLiteral("m1")));
    perPrompt->setValue(3);
    QVERIFY(view.startRun());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 3, 30000);
    QVERIFY(!finished.at(2).at(0).toBool());
    const QString status = view.findChild<QLabel *>(QStringLiteral("runStatus"))->text();
    QVERIFY2(status.contains(QStringLiteral("the dev split has 3 documents")), qPrintable(status));
    QCOMPARE(m_server->requestCount(), std::size_t{0});
}

QTEST_MAIN(TestJudgesView)
#include "tst_judges_view.moc"

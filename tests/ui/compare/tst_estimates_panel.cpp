// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Agreement view's "Estimates" tab on the small fixed study of tests/core/reports/reference (every
// summary labelled by the experts, two judges): it opens on the view's group, judge and dimension, says the
// study leaves the judge nothing to estimate, and shows what reports::computeEstimates gives for the same
// request; keeping a share of the labels and another method recompute it; a judge who scored nothing is
// said in the tab.
#include "common/chart_style.h"
#include "common/study_session.h"
#include "compare/agreement_view.h"
#include "compare/estimate_table_model.h"
#include "compare/estimates_panel.h"
#include "compare/plan_labels_dialog.h"
#include "judge_comparison_study.h"
#include "reports/estimate_report.h"
#include "store/database.h"
#include "store/study.h"
#include "window/main_window.h"
#include "window/statistics_export_dialog.h"

#include <QAbstractBarSeries>
#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QPalette>
#include <QProgressBar>
#include <QPushButton>
#include <QScatterSeries>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <memory>

using namespace concord;
using ui::EstimatesPanel;
using ui::EstimateTableModel;
using ui::MainWindow;

class TestEstimatesPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void opensOnTheViewsChoices();
    void keepingAShareRecomputes();
    void anotherMethodRecomputes();
    void aJudgeWhoScoredNothingIsSaidInTheTab();
    void fileExportWritesTheTabsTable();
    void everyControlHasItsMnemonic();
    void darkPaletteGivesADarkChart();
    void planNextLabelsWritesThePlanAndShowsTheQueue();

private:
    // The table on screen against computeEstimates for the same request, number for number.
    void compareWithCore(const reports::EstimateRequest &request);
    int barSeries() const;
    template <typename T> T *child(const char *name) const { return m_panel->findChild<T *>(QLatin1String(name)); }

    QTemporaryDir m_dir;
    QString m_path;
    std::unique_ptr<ui::StudySession> m_session;
    std::unique_ptr<ui::AgreementView> m_view;
    EstimatesPanel *m_panel = nullptr;
    QTabWidget *m_tabs = nullptr;
};

void TestEstimatesPanel::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    m_path = m_dir.filePath(QStringLiteral("estimates.concord"));
    const std::string error = test::createJudgeComparisonStudy(m_path.toStdString());
    QVERIFY2(error.empty(), error.c_str());
    {
        // A judge without a single score.
        auto study = store::Study::open(m_path.toStdString(), {});
        QVERIFY(study);
        const Status added = study.value()->write([&] {
            model::Rater silent;
            silent.name = "judge_silent";
            silent.kind = model::RaterKind::Judge;
            study.value()->ensureRater(silent);
        });
        QVERIFY(added);
    }
    m_session = std::make_unique<ui::StudySession>();
    m_view = std::make_unique<ui::AgreementView>(m_session.get());
    m_view->resize(1280, 800);
    m_panel = m_view->findChild<EstimatesPanel *>();
    QVERIFY(m_panel);
    m_tabs = m_view->findChild<QTabWidget *>();
    QVERIFY(m_tabs);
    QCOMPARE(m_tabs->tabText(m_tabs->indexOf(m_panel)), QStringLiteral("Estimates"));
    QSignalSpy dashboard(m_view.get(), &ui::AgreementView::refreshed);
    QVERIFY(m_session->open(m_path).ok());
    m_view->show();
    QTRY_VERIFY_WITH_TIMEOUT(dashboard.count() > 0 && !m_view->isComputing(), 60000);
}

int TestEstimatesPanel::barSeries() const
{
    int bars = 0;
    for (QAbstractSeries *series : child<QChartView>("estimateChart")->chart()->series())
        bars += qobject_cast<QAbstractBarSeries *>(series) ? 1 : 0;
    return bars;
}

void TestEstimatesPanel::compareWithCore(const reports::EstimateRequest &request)
{
    auto study = store::Study::open(m_path.toStdString(), {.readOnly = true});
    QVERIFY(study);
    const auto expected = reports::computeEstimates(*study.value(), request);
    QVERIFY(expected);
    const auto &systems = expected.value().systems;
    const EstimateTableModel *model = m_panel->table();
    QCOMPARE(model->rowCount(), static_cast<int>(systems.size()));
    auto at = [&](int row, int column, int role = EstimateTableModel::ExactValueRole) {
        return model->index(row, column).data(role);
    };
    for (int row = 0; row < model->rowCount(); ++row) {
        const auto &e = systems[static_cast<std::size_t>(row)];
        QCOMPARE(at(row, EstimateTableModel::System).toString(), QString::fromStdString(e.system));
        QCOMPARE(at(row, EstimateTableModel::Labelled).toULongLong(), e.mean.labelled);
        QCOMPARE(at(row, EstimateTableModel::Unlabelled).toULongLong(), e.mean.unlabelled);
        QCOMPARE(at(row, EstimateTableModel::Human).toDouble(), e.mean.human.estimate);
        QCOMPARE(at(row, EstimateTableModel::Human, EstimateTableModel::LowRole).toDouble(), e.mean.human.low);
        QCOMPARE(at(row, EstimateTableModel::Human, EstimateTableModel::HighRole).toDouble(), e.mean.human.high);
        QCOMPARE(at(row, EstimateTableModel::Estimate).toDouble(), e.mean.ppi.estimate);
        QCOMPARE(at(row, EstimateTableModel::Estimate, EstimateTableModel::LowRole).toDouble(), e.mean.ppi.low);
        QCOMPARE(at(row, EstimateTableModel::Estimate, EstimateTableModel::HighRole).toDouble(), e.mean.ppi.high);
        QCOMPARE(at(row, EstimateTableModel::LabelsSaved).toDouble(), e.mean.labelsSaved);
        if (request.labelledFraction)
            QCOMPARE(at(row, EstimateTableModel::FullDataMean).toDouble(), e.fullDataMean);
        else
            QCOMPARE(at(row, EstimateTableModel::FullDataMean, Qt::DisplayRole).toString(), QStringLiteral("—"));
    }
}

void TestEstimatesPanel::opensOnTheViewsChoices()
{
    // Nothing is computed while the tab is hidden.
    QVERIFY(!m_panel->isVisible());
    QVERIFY(!m_panel->report());
    QSignalSpy refreshed(m_panel, &EstimatesPanel::refreshed);
    m_tabs->setCurrentWidget(m_panel);
    QTRY_COMPARE_WITH_TIMEOUT(refreshed.count(), 1, 60000);
    QAbstractItemModelTester tester(m_panel->table(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(m_view->shownTable(), ui::AgreementView::ShownTable::Estimates);

    // The view's group, judge and Likert dimension.
    QCOMPARE(child<QComboBox>("estimateJudge")->currentText(), m_view->shownJudge());
    QCOMPARE(child<QComboBox>("estimateDimension")->currentText(), QStringLiteral("coherence"));
    const reports::EstimateRequest request = m_panel->request();
    QCOMPARE(request.humanGroup, std::string("expert"));
    QCOMPARE(request.judge, m_view->shownJudge().toStdString());
    QCOMPARE(request.dimensions, std::vector<std::string>{"coherence"});
    QVERIFY(request.method == stats::PpiMethod::PpiPlusPlus);
    QCOMPARE(request.confidence, 0.95);
    QVERIFY(!request.labelledFraction);
    QCOMPARE(m_view->estimateRequest().judge, request.judge);

    // Every summary is labelled: said plainly, with the way to a what-if.
    auto *notice = child<QLabel>("estimateNotice");
    QVERIFY(notice->isVisible());
    QVERIFY2(notice->text().contains(QStringLiteral("nothing for the judge to estimate")), qPrintable(notice->text()));
    QVERIFY(notice->text().contains(QStringLiteral("Keep a share of the labels")));
    compareWithCore(request);
    for (int row = 0; row < m_panel->table()->rowCount(); ++row)
        QCOMPARE(m_panel->table()->index(row, EstimateTableModel::Unlabelled).data().toString(), QStringLiteral("0"));
    QVERIFY(child<QLabel>("estimateCaption")->text().contains(QString::fromStdString(reports::variantText(request))));
    QCOMPARE(m_panel->table()->headerData(EstimateTableModel::Estimate, Qt::Horizontal).toString(),
             QStringLiteral("PPI++ [interval]"));
    QCOMPARE(barSeries(), 2);
}

void TestEstimatesPanel::keepingAShareRecomputes()
{
    auto *whatIf = child<QCheckBox>("estimateWhatIf");
    auto *share = child<QSpinBox>("estimateShare");
    QVERIFY(!share->isEnabled());
    QSignalSpy refreshed(m_panel, &EstimatesPanel::refreshed);
    QTest::mouseClick(whatIf, Qt::LeftButton, {}, QPoint(4, whatIf->height() / 2));
    QVERIFY(whatIf->isChecked());
    QVERIFY(share->isEnabled());
    // Computing, off the GUI thread, and says so until the result is on screen.
    QVERIFY(m_panel->isComputing());
    QCOMPARE(child<QLabel>("estimateStatus")->text(), QStringLiteral("Computing…"));
    QVERIFY(child<QProgressBar>("estimateBusy")->isVisible());
    QTRY_COMPARE_WITH_TIMEOUT(refreshed.count(), 1, 60000);
    QVERIFY(!child<QProgressBar>("estimateBusy")->isVisible());
    QCOMPARE(child<QLabel>("estimateStatus")->text(), QString());
    QCOMPARE(m_panel->request().labelledFraction.value(), 0.1);
    // Half the labels: every system keeps a few.
    share->selectAll();
    QTest::keyClicks(share, QStringLiteral("50"));
    QCOMPARE(share->value(), 50);
    QTRY_VERIFY_WITH_TIMEOUT(
        !m_panel->isComputing() && m_panel->report() && m_panel->report()->request.labelledFraction == 0.5, 60000);
    const reports::EstimateRequest request = m_panel->request();
    QCOMPARE(request.labelledFraction.value(), 0.5);
    QCOMPARE(request.seed, std::uint64_t{1});
    QVERIFY(!child<QLabel>("estimateNotice")->isVisible());
    compareWithCore(request);
    std::size_t unlabelled = 0;
    for (const auto &e : m_panel->report()->systems)
        unlabelled += e.mean.unlabelled;
    QVERIFY(unlabelled > 0);
    QVERIFY(
        child<QLabel>("estimateCaption")->text().contains(QStringLiteral("What-if: 50 % of the labels kept (seed 1)")));
    // The intervals side by side, and the full-data means as points.
    QCOMPARE(barSeries(), 2);
    QCOMPARE(child<QChartView>("estimateChart")->chart()->series().size(), 3);

    // Another seed keeps other labels.
    auto *seed = child<QSpinBox>("estimateSeed");
    QTest::keyClick(seed, Qt::Key_Up);
    QTRY_VERIFY_WITH_TIMEOUT(!m_panel->isComputing() && m_panel->report() && m_panel->report()->request.seed == 2,
                             60000);
    compareWithCore(m_panel->request());
}

void TestEstimatesPanel::anotherMethodRecomputes()
{
    auto *method = child<QComboBox>("estimateMethod");
    QSignalSpy refreshed(m_panel, &EstimatesPanel::refreshed);
    QTest::keyClick(method, Qt::Key_Down);
    QCOMPARE(method->currentText(), QStringLiteral("PPI"));
    QTRY_COMPARE_WITH_TIMEOUT(refreshed.count(), 1, 60000);
    QVERIFY(m_panel->report()->request.method == stats::PpiMethod::Ppi);
    compareWithCore(m_panel->request());
    QCOMPARE(m_panel->table()->headerData(EstimateTableModel::Estimate, Qt::Horizontal).toString(),
             QStringLiteral("PPI [interval]"));
    // PPI takes the judge at lambda 1 wherever there is something unlabelled.
    for (const auto &e : m_panel->report()->systems)
        if (e.mean.unlabelled > 0 && e.mean.labelled >= 2)
            QCOMPARE(e.mean.lambda, 1.0);
    QCOMPARE(barSeries(), 2);
}

void TestEstimatesPanel::aJudgeWhoScoredNothingIsSaidInTheTab()
{
    auto *judge = child<QComboBox>("estimateJudge");
    const int silent = judge->findText(QStringLiteral("judge_silent"));
    QVERIFY(silent >= 0);
    QSignalSpy failed(m_panel, &EstimatesPanel::refreshFailed);
    judge->setCurrentIndex(silent);
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 60000);
    QCOMPARE(m_panel->table()->rowCount(), 0);
    QVERIFY(!m_panel->report());
    // Core's reason, in the tab.
    const QString status = child<QLabel>("estimateStatus")->text();
    QVERIFY2(status.startsWith(QStringLiteral("Cannot estimate: ")) && status.contains(QStringLiteral("'judge_silent'"))
                 && status.contains(QStringLiteral("scored a summary")),
             qPrintable(status));
    QVERIFY(child<QLabel>("estimateStatus")->isVisible());
    QCOMPARE(barSeries(), 0);
}

// File > Export > Statistics Table on the Estimates tab starts on its table, judge and group, and writes what
// computeEstimates gives for the tab's request (its what-if too), naming the judge and the group in every row.
void TestEstimatesPanel::fileExportWritesTheTabsTable()
{
    // A copy of its own: the window holds its study's file.
    const QString path = m_dir.filePath(QStringLiteral("window.concord"));
    const std::string error = test::createJudgeComparisonStudy(path.toStdString());
    QVERIFY2(error.empty(), error.c_str());
    MainWindow window;
    QVERIFY(window.openStudy(path).ok());
    auto *view = window.findChild<ui::AgreementView *>();
    QVERIFY(view);
    QSignalSpy dashboard(view, &ui::AgreementView::refreshed);
    window.show();
    QVERIFY(window.showView(QStringLiteral("agreement")));
    QTRY_VERIFY_WITH_TIMEOUT(dashboard.count() > 0 && !view->isComputing(), 60000);
    auto *panel = view->findChild<EstimatesPanel *>();
    QSignalSpy refreshed(panel, &EstimatesPanel::refreshed);
    view->findChild<QTabWidget *>()->setCurrentWidget(panel);
    QTRY_COMPARE_WITH_TIMEOUT(refreshed.count(), 1, 60000);
    auto *whatIf = panel->findChild<QCheckBox *>(QStringLiteral("estimateWhatIf"));
    QTest::mouseClick(whatIf, Qt::LeftButton, {}, QPoint(4, whatIf->height() / 2));
    QTRY_COMPARE_WITH_TIMEOUT(refreshed.count(), 2, 60000);

    QAction *action = nullptr;
    for (QAction *a : window.findChildren<QAction *>())
        if (a->text().startsWith(MainWindow::tr("Statistics &Table")))
            action = a;
    QVERIFY(action);
    QString table;
    ui::StatisticsTableRequest request;
    QTimer::singleShot(0, &window, [&] {
        auto *dialog = qobject_cast<ui::StatisticsExportDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        table = dialog->findChild<QComboBox *>(QStringLiteral("table"))->currentText();
        request = dialog->request();
        dialog->reject();
    });
    action->trigger();
    QVERIFY2(table.startsWith(QStringLiteral("Estimates")), qPrintable(table));
    QVERIFY(request.kind == ui::StatisticsTableRequest::Kind::Estimates);
    QCOMPARE(request.rater, panel->request().judge);
    QCOMPARE(request.humanGroup, std::string("expert"));
    QCOMPARE(request.estimate.labelledFraction.value(), 0.1);
    QCOMPARE(request.estimate.dimensions, panel->request().dimensions);

    request.path = m_dir.filePath(QStringLiteral("estimates.csv")).toStdString();
    request.style = io::TableStyle::Csv;
    QSignalSpy finished(&window, &MainWindow::jobFinished);
    QVERIFY(window.exportStatistics(request));
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
    QVERIFY(finished.at(0).at(0).toBool());
    QFile written(QString::fromStdString(request.path));
    QVERIFY(written.open(QIODevice::ReadOnly));
    auto study = store::Study::open(path.toStdString(), {.readOnly = true});
    QVERIFY(study);
    const auto expected = reports::computeEstimates(*study.value(), panel->request());
    QVERIFY(expected);
    QCOMPARE(written.readAll().toStdString(),
             io::render(reports::estimateTable(expected.value(), true), io::TableStyle::Csv));
    const QStringList lines
        = QString::fromUtf8(io::render(reports::estimateTable(expected.value(), true), io::TableStyle::Csv))
              .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), static_cast<int>(expected.value().systems.size()) + 1);
    QVERIFY(lines.at(0).startsWith(QStringLiteral("judge,human_group,dimension,system")));
    QVERIFY(
        lines.at(1).startsWith(QString::fromStdString(panel->request().judge) + QStringLiteral(",expert,coherence,")));
}

// Alt and a letter reach each control; Alt+K ticks the what-if as a click would.
void TestEstimatesPanel::everyControlHasItsMnemonic()
{
    m_view->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_view.get()));
    const std::pair<Qt::Key, const char *> keys[] = {{Qt::Key_J, "estimateJudge"},
                                                     {Qt::Key_I, "estimateDimension"},
                                                     {Qt::Key_T, "estimateMethod"},
                                                     {Qt::Key_C, "estimateConfidence"},
                                                     {Qt::Key_S, "estimateSeed"}};
    for (const auto &[key, name] : keys) {
        QTest::keyClick(m_view.get(), key, Qt::AltModifier);
        QTRY_COMPARE(QApplication::focusWidget(), child<QWidget>(name));
    }
    auto *whatIf = child<QCheckBox>("estimateWhatIf");
    const bool was = whatIf->isChecked();
    QTest::keyClick(m_view.get(), Qt::Key_K, Qt::AltModifier);
    QCOMPARE(QApplication::focusWidget(), whatIf);
    QTRY_COMPARE(whatIf->isChecked(), !was); // an animated click
    QCOMPARE(child<QSpinBox>("estimateShare")->isEnabled(), !was);
}

// A dark palette: Qt Charts' dark theme, and the bars' invisible starts stay invisible.
void TestEstimatesPanel::darkPaletteGivesADarkChart()
{
    auto *judge = child<QComboBox>("estimateJudge");
    QSignalSpy refreshed(m_panel, &EstimatesPanel::refreshed);
    judge->setCurrentIndex(judge->findText(QStringLiteral("judge_a")));
    QTRY_COMPARE_WITH_TIMEOUT(refreshed.count(), 1, 60000);
    QChart *chart = child<QChartView>("estimateChart")->chart();
    QVERIFY(!ui::ChartStyle::isDark(chart));
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(30, 30, 30));
    dark.setColor(QPalette::WindowText, QColor(230, 230, 230));
    dark.setColor(QPalette::Base, QColor(20, 20, 20));
    dark.setColor(QPalette::Text, QColor(230, 230, 230));
    m_view->setPalette(dark);
    QTRY_VERIFY(ui::ChartStyle::isDark(chart));
    int offsets = 0;
    for (QAbstractSeries *series : chart->series()) {
        auto *bars = qobject_cast<QAbstractBarSeries *>(series);
        if (!bars)
            continue;
        for (QBarSet *set : bars->barSets()) {
            if (set->label().isEmpty()) {
                ++offsets;
                QCOMPARE(set->color().alpha(), 0);
                QCOMPARE(set->borderColor().alpha(), 0);
            } else {
                QVERIFY(set->color().alpha() > 0);
            }
        }
    }
    QCOMPARE(offsets, 2);
    m_view->setPalette(QPalette());
    QTRY_VERIFY(!ui::ChartStyle::isDark(chart));
}

// Plan Next Labels…: with half the summaries' coherence unlabelled, the dialog's plan is written to the study
// off the GUI thread and its queue is listed in the tab (the last test: it takes labels away).
void TestEstimatesPanel::planNextLabelsWritesThePlanAndShowsTheQueue()
{
    {
        store::Database db(m_path.toStdString(), store::Database::Mode::ReadWrite);
        db.exec("DELETE FROM ratings WHERE candidate_id % 2 = 0 AND rater_id IN (SELECT id FROM raters WHERE grp = "
                "'expert') AND dimension_id = (SELECT id FROM dimensions WHERE name = 'coherence')");
    }
    m_tabs->setCurrentWidget(m_panel);
    child<QComboBox>("estimateDimension")->setCurrentText(QStringLiteral("coherence"));
    auto *button = child<QPushButton>("estimatePlan");
    QVERIFY(button->isEnabled());
    QTest::mouseClick(button, Qt::LeftButton);
    ui::PlanLabelsDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = m_panel->findChild<ui::PlanLabelsDialog *>()) != nullptr && dialog->isVisible());
    dialog->findChild<QSpinBox *>(QStringLiteral("planBudget"))->setValue(5);
    dialog->findChild<QSpinBox *>(QStringLiteral("planSeed"))->setValue(3);
    QCOMPARE(dialog->findChild<QComboBox *>(QStringLiteral("planStrategy"))->currentData().toString(),
             QStringLiteral("uncertainty"));
    dialog->accept();
    auto *queue = child<QListWidget>("estimatePlanQueue");
    auto *result = child<QLabel>("estimatePlanResult");
    QTRY_VERIFY_WITH_TIMEOUT(result->text().startsWith(QStringLiteral("Plan 1:")), 30000);
    auto study = store::Study::open(m_path.toStdString(), {.readOnly = true});
    QVERIFY(study);
    const auto plans = study.value()->labelPlans();
    QCOMPARE(plans.size(), std::size_t(1));
    QCOMPARE(plans[0].budget, 5.0);
    QCOMPARE(plans[0].seed, std::int64_t(3));
    QCOMPARE(plans[0].strategy, std::string("uncertainty"));
    int drawn = 0;
    for (const auto &item : study.value()->labelPlanItems(plans[0].id))
        drawn += item.drawn ? 1 : 0;
    QCOMPARE(queue->count(), drawn);
    QCOMPARE(queue->isVisible(), drawn > 0);
    QVERIFY(button->isEnabled());
}

QTEST_MAIN(TestEstimatesPanel)
#include "tst_estimates_panel.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/lazy_reload.h"
#include "reports/dashboard_report.h"
#include "reports/estimate_report.h"

#include <QWidget>

#include <atomic>
#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QTabWidget;
class QToolButton;
class QChartView;
class QChart;
class QTableView;

namespace concord::ui {

class StatsTableModel;
class StudySession;

// The Agreement dashboard: how far the judges agree with the humans, and the humans with each other.
// Every number comes from reports::computeDashboard, run off the GUI thread on its own read-only
// connection whenever the study or a control changes; a newer request makes an older result stale
// (it is cancelled and dropped). The widgets only display. While inactive (not the window's current
// view) a study change computes nothing: the view recomputes when it is made active again.
class AgreementView : public QWidget {
    Q_OBJECT
public:
    explicit AgreementView(StudySession *session, QWidget *parent = nullptr);
    ~AgreementView() override;

    // Starts a recomputation with the current controls (the previous one, if running, is dropped).
    void refresh();
    // Computing, or still putting the result on screen (refreshed is yet to come).
    bool isComputing() const { return m_running > 0 || m_showing; }
    void setActive(bool active) { m_lazy.setActive(active); }
    bool isActive() const { return m_lazy.isActive(); }
    const std::optional<reports::DashboardReport> &report() const { return m_report; }

    // Changing a control refreshes; these set them as a user would.
    void setHumanGroup(const QString &group);
    void setLevel(reports::Level level);
    void setMethod(stats::CorrelationMethod method);
    void setBootstrap(bool on);
    void setPairwiseRule(stats::PairwiseRule rule);
    // The level of Krippendorff's alpha chosen on its tab; empty: each dimension's defaultAlphaLevel.
    // The exported agreement table uses the same.
    void setAlphaLevel(std::optional<stats::MeasurementLevel> level);
    std::optional<stats::MeasurementLevel> alphaLevel() const;
    reports::DashboardOptions options() const;

    // What the view shows, for File > Export > Statistics Table to start from: the human group, the judge
    // of the per-judge tabs (empty when there is none), and which exportable table the current tab is.
    enum class ShownTable { Correlation, Agreement, Pairwise, Estimates };
    QString humanGroup() const;
    QString shownJudge() const;
    ShownTable shownTable() const;
    // What the Estimates tab asks for now.
    reports::EstimateRequest estimateRequest() const;

    StatsTableModel *correlationTable() const { return m_correlationTable; }
    StatsTableModel *scatterTable() const { return m_scatterTable; }
    StatsTableModel *perSystemTable() const { return m_perSystemTable; }
    StatsTableModel *alphaTable() const { return m_alphaTable; }
    StatsTableModel *pairwiseTable() const { return m_pairwiseTable; }
    // The system pairs of the judge and dimension chosen in the Pairwise & bias tab.
    StatsTableModel *pairwisePairsTable() const { return m_pairwisePairsTable; }
    StatsTableModel *lengthTable() const { return m_lengthTable; }
    StatsTableModel *invalidTable() const { return m_invalidTable; }

protected:
    // A dark palette gets Qt Charts' dark theme, at once.
    void changeEvent(QEvent *event) override;

Q_SIGNALS:
    // A fresh result is on screen.
    void refreshed();
    void refreshFailed(const QString &message);

private:
    // Every chart in the theme of the palette (ChartStyle).
    void followPalette();
    QWidget *createControls();
    QWidget *chartAndTable(QChartView *chart, StatsTableModel *model, const QString &name);
    // On the GUI thread, when the computation of request generation has ended.
    void onFinished(quint64 generation, Result<reports::DashboardReport> outcome);
    void showOutcome(quint64 generation, Result<reports::DashboardReport> outcome);
    // The team committed work: recomputed with the numbers of now kept on screen meanwhile, one
    // computation at a time (a new one would cancel the running one, and a steady stream of commits
    // would never let a result through).
    void followContent();
    // Everything at once, for no result or an error: the empty charts are cheap.
    void apply();
    // A result: the controls at once, then one tab's tables and charts per pass of the event loop (the
    // tab in view first), so that the GUI thread is never held for all of them together (the scatter
    // chart of 1,200 points alone takes tens of ms); refreshed when the last is shown.
    using ShowStep = void (AgreementView::*)();
    void applyInSteps();
    void showSteps(quint64 pass, QList<ShowStep> steps);
    void updateControls();
    // Enables only the shared controls that change what the current tab shows.
    void enableControlsForTab();
    void showCorrelations();
    void showScatter();
    void showPerSystem();
    void showAlpha();
    void showPairwise();
    void showPairwiseChosen();
    void showInvalid();

    StudySession *m_session;
    std::optional<reports::DashboardReport> m_report;
    quint64 m_generation = 0;
    int m_running = 0;
    quint64 m_pass = 0;            // bumped at every apply: the steps of an older one stop
    bool m_showing = false;        // a result is being put on screen in steps
    bool m_contentPending = false; // the team's commits arrived while computing: once more after it
    std::shared_ptr<std::atomic<bool>> m_cancel;

    QComboBox *m_group;
    QString m_groupsOf; // the study whose groups m_group lists
    QToolButton *m_judges;
    QComboBox *m_level;
    QComboBox *m_method;
    QComboBox *m_documents = nullptr; // all, dev or test: DashboardOptions::split
    QLabel *m_levelLabel = nullptr;
    QLabel *m_methodLabel = nullptr;
    QCheckBox *m_bootstrap;
    QProgressBar *m_busy;
    QLabel *m_status;
    QTabWidget *m_tabs;
    QComboBox *m_scatterJudge;
    QComboBox *m_scatterDimension;
    QComboBox *m_perSystemJudge;
    QComboBox *m_perSystemDimension;
    QComboBox *m_pairwiseRule;
    QComboBox *m_pairwiseShown; // which judge and dimension the chart and the pairs table show
    QComboBox *m_alphaLevel;
    QStringList m_chosenJudges; // empty: every judge

    QChartView *m_correlationChart;
    QChartView *m_scatterChart;
    QChartView *m_perSystemChart;
    QChartView *m_metaChart;
    QChartView *m_alphaChart;
    QChartView *m_pairwiseChart;
    QChartView *m_lengthChart;
    QChartView *m_invalidChart;
    StatsTableModel *m_correlationTable;
    StatsTableModel *m_scatterTable;
    StatsTableModel *m_perSystemTable;
    StatsTableModel *m_alphaTable;
    StatsTableModel *m_pairwiseTable;
    StatsTableModel *m_pairwisePairsTable;
    StatsTableModel *m_lengthTable;
    StatsTableModel *m_invalidTable;
    LazyReload m_lazy;
};

} // namespace concord::ui

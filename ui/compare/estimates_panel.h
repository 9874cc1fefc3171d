// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/shown_computation.h"
#include "reports/estimate_report.h"
#include "reports/label_plan_report.h"

#include <QStringList>
#include <QWidget>

#include <optional>

class QCheckBox;
class QChartView;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QListWidget;
class QPushButton;
class QProgressBar;
class QSpinBox;
class QTableView;

namespace concord::ui {

class EstimateTableModel;
class StudySession;

// The Agreement view's "Estimates" tab: each system's mean for the human group, estimated from the labels the
// group gave and the judge's scores of every summary (prediction-powered inference, reports::computeEstimates,
// as `concord-cli estimate`), as the labels' own interval and the chosen method's side by side. On a study
// whose every summary has its labels the judge has nothing to stand in for: the what-if keeps a seeded share
// of the labels, so that a researcher sees how the judge would stand in for the rest. Computed off the GUI
// thread on its own read-only connection, only while the tab is shown; a newer request drops an older result.
class EstimatesPanel : public QWidget {
    Q_OBJECT
public:
    explicit EstimatesPanel(StudySession *session, QWidget *parent = nullptr);
    ~EstimatesPanel() override;

    static QString title();

    // The human group, the judges and the Likert dimensions the Agreement view offers, and the judge and the
    // dimension it shows (kept when they are still offered and the user chose here). Recomputes: the data may
    // have changed too.
    void setContext(const QString &humanGroup, const QStringList &judges, const QString &judge,
                    const QStringList &dimensions, const QString &dimension);

    // What the controls ask for now (the last computed: report()->request).
    reports::EstimateRequest request() const;
    bool isComputing() const { return m_computation.isRunning(); }
    const std::optional<reports::EstimateReport> &report() const { return m_report; }
    EstimateTableModel *table() const { return m_table; }

Q_SIGNALS:
    void refreshed();
    void refreshFailed(const QString &message);

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    void onFinished(Result<reports::EstimateReport> outcome);
    void clear(const QString &status);
    void display(const reports::EstimateReport &report);
    void showChart(const reports::EstimateReport &report);
    void followPalette();
    // Plan Next Labels…: asks for the plan, writes it off the GUI thread, and shows its queue.
    void planNextLabels();
    void showPlan(Result<reports::LabelPlanReport> outcome);

    StudySession *m_session;
    QString m_group;
    std::optional<reports::EstimateReport> m_report;

    QComboBox *m_judge;
    QComboBox *m_dimension;
    QComboBox *m_method;
    QDoubleSpinBox *m_confidence;
    QCheckBox *m_whatIf;
    QSpinBox *m_share;
    QSpinBox *m_seed;
    QLabel *m_status;
    QPushButton *m_plan;
    QLabel *m_planResult;
    QListWidget *m_planQueue;
    QProgressBar *m_busy;
    QLabel *m_notice;
    QLabel *m_caption;
    QChartView *m_chart;
    QTableView *m_tableView;
    EstimateTableModel *m_table;
    ShownComputation m_computation;
};

} // namespace concord::ui

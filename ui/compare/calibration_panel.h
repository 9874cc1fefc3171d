// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/shown_computation.h"
#include "reports/calibration_report.h"
#include "reports/recalibration.h"

#include <QStringList>
#include <QWidget>

#include <optional>

class QChartView;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace concord::ui {

class StatsTableModel;
class StudySession;

// The Agreement view's "Calibration" tab: one judge against the human group (reports::computeCalibration, as
// `concord-cli calibration` gives it): per dimension a reliability diagram (the humans' mean against the judge's
// mean score per bin, with the humans' interval and each bin's count), the expected calibration error with equal-width
// and equal-mass bins and the Brier score. Recalibrate fits an isotonic recalibration on the dev split and keeps it
// as a judge of its own scored on the test split (reports::recalibrateIsotonic), in one transaction. Computed off the
// GUI thread, only while the tab is shown, on the documents the dashboard shows.
class CalibrationPanel : public QWidget {
    Q_OBJECT
public:
    explicit CalibrationPanel(StudySession *session, QWidget *parent = nullptr);

    static QString title();

    // The human group, the judges to offer and the one to start with, and the documents (empty: all, else "dev"
    // or "test") — the dashboard's, after each of its refreshes; the data may have changed too.
    void setContext(const QString &humanGroup, const QStringList &judges, const QString &judge,
                    const QString &split = {});

    bool isComputing() const { return m_computation.isRunning(); }
    bool isRecalibrating() const { return m_recalibrating; }
    const std::optional<reports::CalibrationReport> &report() const { return m_report; }
    const std::optional<reports::RecalibrationReport> &lastRecalibration() const { return m_recalibration; }
    StatsTableModel *binsTable() const { return m_bins; }

Q_SIGNALS:
    void refreshed();
    void refreshFailed(const QString &message);
    // A recalibrated judge was written (ok) or could not be (the status says why).
    void recalibrated(bool ok);

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    void onFinished(Result<reports::CalibrationReport> outcome);
    void clear(const QString &status);
    void display();
    void recalibrate();
    void updateRecalibrate();

    StudySession *m_session;
    QString m_group;
    QString m_split;
    std::optional<reports::CalibrationReport> m_report;
    std::optional<reports::RecalibrationReport> m_recalibration;
    bool m_recalibrating = false;
    QString m_recalibrationNote; // what the last recalibration did: the status after every later computation

    QComboBox *m_judge;
    QComboBox *m_dimension;
    QComboBox *m_binning;
    QSpinBox *m_binCount;
    QPushButton *m_recalibrate;
    QLabel *m_status;
    QProgressBar *m_busy;
    QLabel *m_summary;
    QChartView *m_chart;
    StatsTableModel *m_bins;
    ShownComputation m_computation;
};

} // namespace concord::ui

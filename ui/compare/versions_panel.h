// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/shown_computation.h"
#include "reports/versions_report.h"

#include <QStringList>
#include <QWidget>

#include <optional>

class QChartView;
class QComboBox;
class QLabel;
class QProgressBar;

namespace concord::ui {

class StatsTableModel;
class StudySession;

// The Agreement view's "Versions" tab: a judge's template versions (reports::compareVersions) on the held-out
// test split by default. A chart of each version's agreement with its interval at each level, a table with each
// version's verdict against the one before (better, worse or the same by the paired tests), and a badge for the
// latest version. Computed off the GUI thread, only while the tab is shown; a newer request drops an older
// result. The dimension shown is chosen without computing again.
class VersionsPanel : public QWidget {
    Q_OBJECT
public:
    explicit VersionsPanel(StudySession *session, QWidget *parent = nullptr);

    static QString title();

    // The human group and the judges to offer, and the one to start with (the dashboard's, after each of its
    // refreshes); the data may have changed too, so the versions are compared again.
    void setContext(const QString &humanGroup, const QStringList &judges, const QString &judge);

    bool isComputing() const { return m_computation.isRunning(); }
    const std::optional<reports::VersionsReport> &report() const { return m_report; }
    StatsTableModel *table() const { return m_table; }

Q_SIGNALS:
    void refreshed();
    void refreshFailed(const QString &message);

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    void onFinished(Result<reports::VersionsReport> outcome);
    void clear(const QString &status);
    void display();

    StudySession *m_session;
    QString m_group;
    std::optional<reports::VersionsReport> m_report;

    QComboBox *m_judge;
    QComboBox *m_split;
    QComboBox *m_dimension;
    QLabel *m_status;
    QProgressBar *m_busy;
    QLabel *m_badge;
    QChartView *m_chart;
    StatsTableModel *m_table;
    ShownComputation m_computation;
};

} // namespace concord::ui

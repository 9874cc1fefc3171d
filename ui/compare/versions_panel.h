// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "reports/versions_report.h"

#include <QStringList>
#include <QWidget>

#include <atomic>
#include <memory>
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
    ~VersionsPanel() override;

    static QString title();

    // The human group and the judges to offer, and the one to start with (the dashboard's, after each of its
    // refreshes); the data may have changed too, so the versions are compared again.
    void setContext(const QString &humanGroup, const QStringList &judges, const QString &judge);

    bool isComputing() const { return m_running > 0; }
    const std::optional<reports::VersionsReport> &report() const { return m_report; }
    StatsTableModel *table() const { return m_table; }

Q_SIGNALS:
    void refreshed();
    void refreshFailed(const QString &message);

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void invalidate();
    void refresh();
    void onFinished(quint64 generation, Result<reports::VersionsReport> outcome);
    void clear(const QString &status);
    void display();

    StudySession *m_session;
    QString m_group;
    std::optional<reports::VersionsReport> m_report;
    bool m_stale = true;
    quint64 m_generation = 0;
    int m_running = 0;
    std::shared_ptr<std::atomic<bool>> m_cancel;

    QComboBox *m_judge;
    QComboBox *m_split;
    QComboBox *m_dimension;
    QLabel *m_status;
    QProgressBar *m_busy;
    QLabel *m_badge;
    QChartView *m_chart;
    StatsTableModel *m_table;
};

} // namespace concord::ui

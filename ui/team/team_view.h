// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "reports/team_progress.h"

#include <QWidget>

#include <optional>

class QAction;
class QChartView;
class QComboBox;
class QLabel;
class QTableView;

namespace concord::ui {

class StudySession;
class TeamProgressModel;

// The study lead's Team dashboard: per person how far their assigned documents are, what review made of their
// work, and how they label the chosen group's dimension (reports::computeTeamProgress), with a chart of the
// progress. Computed off the GUI thread on a read-only connection of its own; it follows the team's commits
// (StudySession::contentChanged) while shown, one computation at a time with at most one more queued, and
// recomputes whenever it is shown and on Refresh (F5). An annotator's session sees a one-line reason instead:
// the server keeps the others' work from them. Read-only: nothing here edits work.
class TeamView : public QWidget {
    Q_OBJECT
public:
    explicit TeamView(StudySession *session, QWidget *parent = nullptr);
    ~TeamView() override;

    // Starts a computation with the chosen group and dimension; while one runs, one more is queued instead.
    void refresh();
    bool isComputing() const { return m_running; }
    const std::optional<reports::TeamProgress> &progress() const { return m_progress; }
    TeamProgressModel *model() const { return m_model; }
    QAction *refreshAction() const { return m_refreshAction; }
    // Why there is nothing to show (no study, an annotator's session); empty when the team is shown.
    QString unavailableReason() const;

    // Set as a user would; each recomputes.
    void setGroup(const QString &group);
    void setDimension(const QString &dimension);
    QString group() const;
    QString dimension() const;

Q_SIGNALS:
    // A fresh result is on screen.
    void refreshed();
    void refreshFailed(const QString &message);

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void onStudyChanged();
    // The team committed work: recomputed while shown, else when next shown.
    void followContent();
    void onFinished(quint64 study, Result<reports::TeamProgress> outcome);
    void display(const reports::TeamProgress &progress);
    void showChart(const reports::TeamProgress &progress);
    void showThroughput(const reports::TeamProgress &progress);
    static void fill(QComboBox *combo, const std::vector<std::string> &names, const std::string &current);
    // Shows the reason instead of the dashboard, or the dashboard when reason is empty.
    void showUnavailable(const QString &reason);

    StudySession *m_session;
    TeamProgressModel *m_model;
    std::optional<reports::TeamProgress> m_progress;
    bool m_running = false;
    bool m_again = false;  // asked for while computing: once more after it
    quint64 m_study = 0;   // counts the studies opened: a result for an earlier one is dropped
    QString m_chosenGroup; // empty: the report's default (the first group)
    QString m_chosenDimension;

    QWidget *m_dashboard;
    QLabel *m_reason;
    QComboBox *m_group;
    QComboBox *m_dimension;
    QLabel *m_status;
    QTableView *m_table;
    QChartView *m_chart;
    QChartView *m_throughput; // the team's documents finished per hour, over time
    QAction *m_refreshAction;
};

} // namespace concord::ui

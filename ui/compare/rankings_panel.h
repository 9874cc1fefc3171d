// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/shown_computation.h"
#include "reports/ranking_report.h"

#include <QWidget>

#include <optional>
#include <vector>

class QChartView;
class QComboBox;
class QLabel;
class QProgressBar;

namespace concord::ui {

class StatsTableModel;
class StudySession;

// The Agreement view's "Rankings" tab: the systems ranked from pairwise verdicts on one dimension, every human
// group and every judge side by side (reports::computeRankings, as `concord-cli rank` gives it): Davidson's
// Bradley–Terry with ties, each system's log-strength with its bootstrap interval over documents as a chart and
// a table, each fit's tie parameter, and against a chosen baseline the win rate and the length-controlled win rate.
// Computed off the GUI thread, only while the tab is shown, on the documents the dashboard shows.
class RankingsPanel : public QWidget {
    Q_OBJECT
public:
    // What one computation gives: the choices the study offers and the rankings of the request.
    struct Outcome {
        reports::RankingChoices choices;
        reports::RankingRequest request;
        std::vector<reports::RaterRanking> rankings;
    };

    explicit RankingsPanel(StudySession *session, QWidget *parent = nullptr);

    static QString title();

    // The documents of the dashboard (empty: all, else "dev" or "test"), after each of its refreshes; the data
    // may have changed too, so the rankings are computed again.
    void setContext(const QString &split);

    bool isComputing() const { return m_computation.isRunning(); }
    const std::optional<Outcome> &outcome() const { return m_outcome; }
    StatsTableModel *systemsTable() const { return m_systems; }
    StatsTableModel *fitsTable() const { return m_fits; }

Q_SIGNALS:
    void refreshed();
    void refreshFailed(const QString &message);

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    void onFinished(Result<Outcome> outcome);
    void clear(const QString &status);
    void display();

    StudySession *m_session;
    QString m_split;
    std::optional<Outcome> m_outcome;

    QComboBox *m_dimension;
    QComboBox *m_rule;
    QComboBox *m_baseline;
    QLabel *m_status;
    QProgressBar *m_busy;
    QLabel *m_summary;
    QChartView *m_chart;
    StatsTableModel *m_systems;
    StatsTableModel *m_fits;
    ShownComputation m_computation;
};

} // namespace concord::ui

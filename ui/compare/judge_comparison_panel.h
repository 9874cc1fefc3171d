// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/shown_computation.h"
#include "reports/judge_comparison.h"

#include <QStringList>
#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QProgressBar;

namespace concord::ui {

class StatsTableModel;
class StudySession;

// The Agreement view's "Compare judges" tab: two judges picked by the user, and per dimension and
// level whether judge A agrees with the humans significantly better than judge B (Williams' test and
// the permutation test of reports::compareJudges, with the CLI's defaults: 1,000 resamples, seed
// 24301). Computed off the GUI thread on its own read-only connection, and only while the tab is
// shown, so the dashboard's refresh costs nothing more; a newer request drops an older result.
class JudgeComparisonPanel : public QWidget {
    Q_OBJECT
public:
    explicit JudgeComparisonPanel(StudySession *session, QWidget *parent = nullptr);

    // The tab's title.
    static QString title();

    // The human group and the judges to offer (the dashboard's, after each of its refreshes); the
    // data may have changed too, so the comparison is recomputed.
    void setContext(const QString &humanGroup, const QStringList &judges);

    bool isComputing() const { return m_computation.isRunning(); }
    const std::optional<reports::JudgeComparison> &comparison() const { return m_comparison; }
    StatsTableModel *table() const { return m_table; }

Q_SIGNALS:
    // A fresh comparison is on screen.
    void refreshed();
    void refreshFailed(const QString &message);

protected:
    void showEvent(QShowEvent *event) override;

private:
    // Recomputes now if the tab is shown, else when it is.
    void refresh();
    void onFinished(Result<reports::JudgeComparison> outcome);
    void clear(const QString &status);
    void display(const reports::JudgeComparison &comparison);

    StudySession *m_session;
    QString m_group;
    std::optional<reports::JudgeComparison> m_comparison;

    QComboBox *m_judgeA;
    QComboBox *m_judgeB;
    QComboBox *m_method;
    QComboBox *m_split; // every document, or one held-out split's
    QLabel *m_explanation;
    QLabel *m_status;
    QProgressBar *m_busy;
    StatsTableModel *m_table;
    ShownComputation m_computation;
};

} // namespace concord::ui

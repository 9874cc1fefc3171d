// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/shown_computation.h"
#include "reports/judge_card.h"

#include <QStringList>
#include <QWidget>

#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;

namespace concord::ui {

class StatsTableModel;
class StudySession;

// The Agreement view's "Judge card" tab: one judge on one page (reports::computeJudgeCards, as `concord-cli report
// --cards-only --rater JUDGE` gives it): a verdict, each check against its bound, and the figures behind them.
// Computed off the GUI thread, only while the tab is shown; a changed bound checks the same figures again at once,
// with nothing computed.
class JudgeCardPanel : public QWidget {
    Q_OBJECT
public:
    explicit JudgeCardPanel(StudySession *session, QWidget *parent = nullptr);

    static QString title();

    // The human group, the judges to offer and the one to start with, and the documents (empty: all, else "dev" or
    // "test") — the dashboard's, after each of its refreshes; the data may have changed too, so the card is
    // computed again.
    void setContext(const QString &humanGroup, const QStringList &judges, const QString &judge,
                    const QString &split = {});

    bool isComputing() const { return m_computation.isRunning(); }
    const std::optional<reports::JudgeCard> &card() const { return m_card; }
    StatsTableModel *checksTable() const { return m_checks; }
    StatsTableModel *figuresTable() const { return m_figures; }

Q_SIGNALS:
    void refreshed();
    void refreshFailed(const QString &message);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void refresh();
    void onFinished(Result<std::vector<reports::JudgeCard>> outcome);
    void clear(const QString &status);
    void recheck();
    void display();
    reports::CardThresholds thresholds() const;

    StudySession *m_session;
    QString m_group;
    QString m_split;
    std::optional<reports::JudgeCard> m_card;

    QComboBox *m_judge;
    QDoubleSpinBox *m_ceilingShare;
    QDoubleSpinBox *m_alpha;
    QDoubleSpinBox *m_invalidRate;
    QDoubleSpinBox *m_flipRate;
    QDoubleSpinBox *m_lengthBias;
    QDoubleSpinBox *m_ece;
    QLabel *m_status;
    QProgressBar *m_busy;
    QLabel *m_verdict;
    StatsTableModel *m_checks;
    StatsTableModel *m_figures;
    ShownComputation m_computation;
};

} // namespace concord::ui

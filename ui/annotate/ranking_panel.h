// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/dimension.h"

#include <QGroupBox>

class QLabel;
class QTableView;

namespace concord::ui {

class AnnotationEditor;
class ExplanationBox;
class FocusMark;
class RankTierBoard;
class RankingModel;

// One rank dimension: the rank table (type a digit on a row to enter its rank, Delete to clear; entered
// by the keyboard at its first row without a rank; the rank that completes it goes on to the explanation
// where one is asked), the tier board (drag summaries into tiers), the state of the ranking (complete with
// its normalised form, incomplete or impossible) and, if the study asks, an explanation of the ranking.
class RankingPanel : public QGroupBox {
    Q_OBJECT
public:
    RankingPanel(AnnotationEditor *editor, const model::Dimension &dimension, bool explain, QWidget *parent = nullptr);

    RankingModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    RankTierBoard *board() const { return m_board; }
    QLabel *statusLabel() const { return m_status; }
    ExplanationBox *explanation() const { return m_explanation; }
    const model::Dimension &dimension() const { return m_dimension; }
    void setExplanationBox(ExplanationBox *box);

Q_SIGNALS:
    void editFailed(const QString &message);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void updateStatus();
    // The first row without a rank, or -1.
    int firstUnrankedRow() const;

    AnnotationEditor *m_editor;
    model::Dimension m_dimension;
    RankingModel *m_model;
    QTableView *m_table;
    RankTierBoard *m_board;
    QLabel *m_status;
    ExplanationBox *m_explanation = nullptr;
    bool m_explain;
    FocusMark *m_focusMark;
};

} // namespace concord::ui

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

namespace concord::ui {

class RankingModel;

// The ranking as tiers: a band per rank 1..N and one for the unranked, a chip per summary.
// Dragging a chip into a band enters that rank (two chips in one band tie). The drag is handled
// inside the widget (no QDrag), so it is the same with a mouse, a pen or a test's mouse events.
// The keyboard way to the same result is the rank table beside it.
class RankTierBoard : public QWidget {
    Q_OBJECT
public:
    explicit RankTierBoard(RankingModel *model, QWidget *parent = nullptr);

    // tier 1..N, or 0 for the unranked band.
    QRect tierRect(int tier) const;
    QRect chipRect(int row) const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;

private:
    int tierOf(int row) const;
    int tierAt(const QPoint &pos) const;
    int chipAt(const QPoint &pos) const;
    int bandHeight() const;
    int labelWidth() const;

    RankingModel *m_model;
    int m_dragRow = -1;
    QPoint m_dragPos;
};

} // namespace concord::ui

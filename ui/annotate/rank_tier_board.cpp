// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotate/rank_tier_board.h"

#include "annotate/ranking_model.h"
#include "common/palette_colours.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>

namespace concord::ui {

RankTierBoard::RankTierBoard(RankingModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
{
    setObjectName(QStringLiteral("rankTierBoard"));
    setToolTip(tr("Drag a summary into a tier; summaries in one tier tie"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    const auto relayout = [this] {
        updateGeometry();
        update();
    };
    connect(model, &RankingModel::modelReset, this, relayout);
    connect(model, &RankingModel::dataChanged, this, relayout);
}

int RankTierBoard::bandHeight() const
{
    return fontMetrics().height() + 12;
}

int RankTierBoard::labelWidth() const
{
    return fontMetrics().horizontalAdvance(tr("Unranked")) + 12;
}

QSize RankTierBoard::sizeHint() const
{
    return {400, bandHeight() * (m_model->rowCount() + 1) + 2};
}

QSize RankTierBoard::minimumSizeHint() const
{
    return {200, sizeHint().height()};
}

QRect RankTierBoard::tierRect(int tier) const
{
    // Bands top-down: rank 1 first, the unranked band last.
    const int n = m_model->rowCount();
    const int index = tier == 0 ? n : tier - 1;
    return {0, index * bandHeight(), width(), bandHeight()};
}

int RankTierBoard::tierOf(int row) const
{
    const auto rank = m_model->rankOf(row);
    return rank && *rank <= m_model->rowCount() ? *rank : 0;
}

QRect RankTierBoard::chipRect(int row) const
{
    const int tier = tierOf(row);
    int slot = 0;
    for (int r = 0; r < row; ++r)
        if (tierOf(r) == tier)
            ++slot;
    const QRect band = tierRect(tier);
    // As wide as the widest label (the summaries' letters), so that each shows whole in every language.
    int widest = fontMetrics().horizontalAdvance(QStringLiteral("WW"));
    for (int r = 0; r < m_model->rowCount(); ++r)
        widest = std::max(
            widest, fontMetrics().horizontalAdvance(m_model->index(r, RankingModel::SummaryColumn).data().toString()));
    const int chipWidth = widest + 16;
    return {labelWidth() + slot * (chipWidth + 6), band.top() + 3, chipWidth, band.height() - 6};
}

int RankTierBoard::tierAt(const QPoint &pos) const
{
    for (int tier = 0; tier <= m_model->rowCount(); ++tier)
        if (tierRect(tier).contains(pos))
            return tier;
    return -1;
}

int RankTierBoard::chipAt(const QPoint &pos) const
{
    for (int row = 0; row < m_model->rowCount(); ++row)
        if (chipRect(row).contains(pos))
            return row;
    return -1;
}

void RankTierBoard::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    for (int tier = 0; tier <= m_model->rowCount(); ++tier) {
        const QRect band = tierRect(tier);
        p.fillRect(band.adjusted(0, 1, 0, -1),
                   tier % 2 ? pal.color(QPalette::AlternateBase) : pal.color(QPalette::Base));
        p.setPen(pal.color(QPalette::Text));
        p.drawText(band.adjusted(6, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft,
                   tier == 0 ? tr("Unranked") : QString::number(tier));
    }
    for (int row = 0; row < m_model->rowCount(); ++row) {
        QRect chip = chipRect(row);
        if (row == m_dragRow)
            chip.moveCenter(m_dragPos);
        // The chip's edge and the dragged chip stand out from the bands in light and dark.
        const bool dragged = row == m_dragRow;
        p.setPen(PaletteColours::mark(pal));
        p.setBrush(dragged ? PaletteColours::chosen(pal) : pal.color(QPalette::Button));
        p.drawRoundedRect(chip, 6, 6);
        p.setPen(dragged ? PaletteColours::chosenText(pal) : pal.color(QPalette::ButtonText));
        p.drawText(chip, Qt::AlignCenter, m_model->index(row, RankingModel::SummaryColumn).data().toString());
    }
}

void RankTierBoard::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return;
    m_dragRow = chipAt(event->position().toPoint());
    m_dragPos = event->position().toPoint();
    update();
}

void RankTierBoard::mouseMoveEvent(QMouseEvent *event)
{
    if (m_dragRow < 0)
        return;
    m_dragPos = event->position().toPoint();
    update();
}

void RankTierBoard::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_dragRow < 0 || event->button() != Qt::LeftButton)
        return;
    const int row = m_dragRow;
    m_dragRow = -1;
    const int tier = tierAt(event->position().toPoint());
    update();
    if (tier < 0 || tier == tierOf(row))
        return;
    m_model->setRank(row, tier == 0 ? std::nullopt : std::optional<int>(tier)).ok();
}

} // namespace concord::ui

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/flow_layout.h"

#include <QHBoxLayout>
#include <QStyle>
#include <QWidget>

#include <algorithm>
#include <utility>
#include <vector>

namespace concord::ui {

FlowLayout::FlowLayout(QWidget *parent)
    : QLayout(parent)
{ }

FlowLayout::~FlowLayout()
{
    while (QLayoutItem *item = takeAt(0))
        delete item;
}

void FlowLayout::addPair(QWidget *label, QWidget *field)
{
    // A layout not yet in a widget hands its widgets over when it is added to one.
    auto *pair = new QWidget(parentWidget() ? parentWidget() : label->parentWidget());
    auto *row = new QHBoxLayout(pair);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(label);
    row->addWidget(field);
    addWidget(pair);
}

void FlowLayout::addItem(QLayoutItem *item)
{
    m_items.append(item);
}

int FlowLayout::count() const
{
    return static_cast<int>(m_items.size());
}

QLayoutItem *FlowLayout::itemAt(int index) const
{
    return m_items.value(index);
}

QLayoutItem *FlowLayout::takeAt(int index)
{
    return index >= 0 && index < m_items.size() ? m_items.takeAt(index) : nullptr;
}

Qt::Orientations FlowLayout::expandingDirections() const
{
    return {};
}

bool FlowLayout::hasHeightForWidth() const
{
    return true;
}

int FlowLayout::heightForWidth(int width) const
{
    return arrange(QRect(0, 0, width, 0), false);
}

QSize FlowLayout::minimumSize() const
{
    // The widest item alone in its row; the rows' height follows from heightForWidth.
    QSize size;
    for (const QLayoutItem *item : m_items)
        if (!item->isEmpty())
            size = size.expandedTo(item->minimumSize());
    const QMargins margins = contentsMargins();
    return size.grownBy(margins);
}

QSize FlowLayout::sizeHint() const
{
    // Everything in one row.
    int width = 0;
    int height = 0;
    int items = 0;
    for (const QLayoutItem *item : m_items) {
        if (item->isEmpty())
            continue;
        width += item->sizeHint().width();
        height = std::max(height, item->sizeHint().height());
        ++items;
    }
    width += std::max(0, items - 1) * gap(Qt::Horizontal);
    return QSize(width, height).grownBy(contentsMargins());
}

void FlowLayout::setGeometry(const QRect &rect)
{
    QLayout::setGeometry(rect);
    arrange(rect, true);
}

int FlowLayout::gap(Qt::Orientation orientation) const
{
    if (spacing() >= 0)
        return spacing();
    const QWidget *widget = parentWidget();
    const QStyle *style = widget ? widget->style() : nullptr;
    const int gap = style ? style->pixelMetric(orientation == Qt::Horizontal ? QStyle::PM_LayoutHorizontalSpacing
                                                                             : QStyle::PM_LayoutVerticalSpacing,
                                               nullptr, widget)
                          : -1;
    return gap >= 0 ? gap : 6;
}

int FlowLayout::arrange(const QRect &rect, bool apply) const
{
    const QRect area = rect.marginsRemoved(contentsMargins());
    const int across = gap(Qt::Horizontal);
    const int down = gap(Qt::Vertical);
    // Rows of items with their sizes, each item no wider than the area.
    std::vector<std::vector<std::pair<QLayoutItem *, QSize>>> rows(1);
    int x = 0;
    for (QLayoutItem *item : m_items) {
        if (item->isEmpty())
            continue;
        QSize size = item->sizeHint();
        if (size.width() > area.width()) {
            size.setWidth(std::max(item->minimumSize().width(), area.width()));
            if (item->hasHeightForWidth())
                size.setHeight(item->heightForWidth(size.width()));
        }
        if (!rows.back().empty() && x + size.width() > area.width()) {
            rows.emplace_back();
            x = 0;
        }
        rows.back().emplace_back(item, size);
        x += size.width() + across;
    }
    int y = area.top();
    bool first = true;
    for (const auto &row : rows) {
        if (row.empty())
            continue;
        if (!first)
            y += down;
        first = false;
        int height = 0;
        for (const auto &[item, size] : row)
            height = std::max(height, size.height());
        // What the row leaves over goes to the items that expand (a filter field), as in a QHBoxLayout.
        int used = 0;
        int expanding = 0;
        for (const auto &[item, size] : row) {
            used += size.width();
            expanding += item->expandingDirections().testFlag(Qt::Horizontal) ? 1 : 0;
        }
        int spare = std::max(0, area.width() - used - across * static_cast<int>(row.size() - 1));
        // Centred in their row.
        int left = area.left();
        for (const auto &[item, size] : row) {
            int width = size.width();
            if (expanding > 0 && item->expandingDirections().testFlag(Qt::Horizontal)) {
                const int extra = spare / expanding;
                width += extra;
                spare -= extra;
                --expanding;
            }
            if (apply)
                item->setGeometry(QRect(QPoint(left, y + (height - size.height()) / 2), QSize(width, size.height())));
            left += width + across;
        }
        y += height;
    }
    return y - area.top() + contentsMargins().top() + contentsMargins().bottom();
}

} // namespace concord::ui

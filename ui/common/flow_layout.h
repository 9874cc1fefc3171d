// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLayout>
#include <QList>

namespace concord::ui {

// A row of controls that goes on in a second row when its pane is narrower than the row (a small
// screen, twice the scale, longer translated words), instead of widening the window. Each item
// keeps its size hint, and expanding ones (a filter field) share what their row leaves over; put a
// label and the field it names in one widget to keep them together.
class FlowLayout : public QLayout {
public:
    explicit FlowLayout(QWidget *parent = nullptr);
    ~FlowLayout() override;

    // Adds label and field side by side as one item, so that a wrap never parts them.
    void addPair(QWidget *label, QWidget *field);

    void addItem(QLayoutItem *item) override;
    int count() const override;
    QLayoutItem *itemAt(int index) const override;
    QLayoutItem *takeAt(int index) override;
    Qt::Orientations expandingDirections() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect &rect) override;

private:
    // Lays the items out in rect (only measures unless apply); returns the height used.
    int arrange(const QRect &rect, bool apply) const;
    int gap(Qt::Orientation orientation) const;

    QList<QLayoutItem *> m_items;
};

} // namespace concord::ui

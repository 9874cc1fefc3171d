// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/dimension.h"

#include <QWidget>

#include <optional>
#include <vector>

class QLabel;
class QToolButton;

namespace concord::ui {

// One Likert question about one summary: the dimension's name, a button per scale point and the
// label of the chosen one. Keyboard first: with the row focused, 1–9 choose a point, Left/Right
// step, Delete clears, Up/Down go to the previous/next row (Tab too). Labels and the definition
// are in the tooltips. The row only asks; whoever owns it writes (valueRequested).
class LikertRow : public QWidget {
    Q_OBJECT
public:
    LikertRow(const model::Dimension &dimension, QWidget *parent = nullptr);

    const model::Dimension &dimension() const { return m_dimension; }
    std::optional<double> value() const { return m_value; }
    void setValue(std::optional<double> value);
    void setEditable(bool editable);
    QToolButton *button(int point) const; // point on the scale, e.g. 1..5

Q_SIGNALS:
    void valueRequested(std::optional<double> value);

protected:
    void keyPressEvent(QKeyEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void request(std::optional<double> value);
    // The chosen button in PaletteColours::chosen, the others in the row's palette.
    void paintChoice();
    // The chosen label's room: its longest label (or "not rated") whole.
    void fitChoice();

    model::Dimension m_dimension;
    std::optional<double> m_value;
    bool m_editable = true;
    int m_min = 1;
    int m_max = 5;
    std::vector<QToolButton *> m_buttons;
    QLabel *m_name;
    QLabel *m_choice;
};

} // namespace concord::ui

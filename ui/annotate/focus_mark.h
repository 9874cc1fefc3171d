// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

namespace concord::ui {

// The visible mark of the card (or ranking) the keyboard is in: a frame in the palette's highlight
// colour around the target while the focus is inside it, so a dark palette gets its own colour.
// A transparent child laid over the target: it never takes the focus or a mouse event.
class FocusMark : public QWidget {
    Q_OBJECT
public:
    explicit FocusMark(QWidget *target);

    // Whether the focus is inside the target (and the mark shown).
    bool isMarked() const { return m_marked; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    void follow(QWidget *now);

    QWidget *m_target;
    bool m_marked = false;
};

} // namespace concord::ui

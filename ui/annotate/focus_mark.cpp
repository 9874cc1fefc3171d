// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "annotate/focus_mark.h"

#include "common/palette_colours.h"

#include <QApplication>
#include <QEvent>
#include <QPainter>

namespace concord::ui {

FocusMark::FocusMark(QWidget *target)
    : QWidget(target)
    , m_target(target)
{
    setObjectName(QStringLiteral("focusMark"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    target->installEventFilter(this);
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget *, QWidget *now) { follow(now); });
    setGeometry(target->rect());
    hide();
}

void FocusMark::follow(QWidget *now)
{
    const bool marked = now && m_target->isAncestorOf(now);
    if (marked == m_marked)
        return;
    m_marked = marked;
    setVisible(marked);
    if (marked) {
        setGeometry(m_target->rect());
        raise();
    }
}

bool FocusMark::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_target && event->type() == QEvent::Resize)
        setGeometry(m_target->rect());
    return QWidget::eventFilter(watched, event);
}

void FocusMark::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    QPen pen(PaletteColours::mark(palette()));
    pen.setWidth(3);
    p.setPen(pen);
    p.setBrush(Qt::NoBrush);
    p.drawRoundedRect(QRectF(rect()).adjusted(1.5, 1.5, -1.5, -1.5), 5, 5);
}

} // namespace concord::ui

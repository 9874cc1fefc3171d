// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/menu_tool_button.h"

#include <QStyle>
#include <QStyleOptionToolButton>

namespace concord::ui {

MenuToolButton::MenuToolButton(QWidget *parent)
    : QToolButton(parent)
{
    setPopupMode(QToolButton::InstantPopup);
}

QSize MenuToolButton::sizeHint() const
{
    QSize size = QToolButton::sizeHint();
    if (menu() && popupMode() != QToolButton::MenuButtonPopup) {
        QStyleOptionToolButton option;
        initStyleOption(&option);
        size.rwidth() += style()->pixelMetric(QStyle::PM_MenuButtonIndicator, &option, this);
    }
    return size;
}

QSize MenuToolButton::minimumSizeHint() const
{
    return sizeHint();
}

} // namespace concord::ui

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QToolButton>

namespace concord::ui {

// A tool button that opens its menu, as wide as its text and the menu's arrow. QToolButton counts
// the arrow only when it is split off (MenuButtonPopup); otherwise the style draws it inside the
// button, over the end of a text that just fits.
class MenuToolButton : public QToolButton {
    Q_OBJECT
public:
    explicit MenuToolButton(QWidget *parent = nullptr);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
};

} // namespace concord::ui

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QProxyStyle>

namespace concord::ui {

// The style of the Light and Dark colour schemes: Fusion, with the frame of a check box's indicator
// (a QCheckBox, a check in an item view) drawn in a colour that stands out from the window and the
// text background by Contrast::graphics. Fusion draws it from the window colour darkened, which is
// about as dark as the base of a dark palette and faint even on a light one: an unchecked box
// could hardly be seen.
class SchemeStyle : public QProxyStyle {
    Q_OBJECT
public:
    SchemeStyle();

    // The indicator's frame in this palette (its current colour group); selected: drawn on a
    // selected item view row, whose background is the highlight.
    static QColor indicatorFrame(const QPalette &palette, bool selected = false);

    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                       const QWidget *widget = nullptr) const override;
};

} // namespace concord::ui

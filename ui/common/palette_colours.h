// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>

class QPalette;

namespace concord::ui {

// The colours Concord paints its marks in, derived from a widget's palette so they read in light
// and dark schemes alike: each stands out from what it is drawn on by a WCAG ratio (see Contrast).
// Widgets call these when they paint or on QEvent::PaletteChange, never cache them otherwise.
class PaletteColours {
public:
    // The chosen button of a row of choices (a Likert value): apart from the unchosen buttons and
    // the window by text contrast (4.5), so it still stands out by 3 once the style shades it.
    static QColor chosen(const QPalette &palette);
    // Text on the chosen button.
    static QColor chosenText(const QPalette &palette);
    // Frames and marks (focus, the marked card, a rank chip's edge): 3 against window and base.
    static QColor mark(const QPalette &palette);
    // A marked text span's background over the text background (base), translucent so that where
    // spans overlap the colour deepens; 3 against base. tint: the hue to start from (none: the
    // palette's highlight).
    static QColor span(const QPalette &palette, const QColor &tint = QColor());
    // Text on a span of that background.
    static QColor spanText(const QPalette &palette, const QColor &span);
    // An underline or edge drawn on the span: 3 against it and against base.
    static QColor spanEdge(const QPalette &palette, const QColor &span, const QColor &tint = QColor());
    // Text that says what is wrong: red, 4.5 against the window.
    static QColor errorText(const QPalette &palette);
};

} // namespace concord::ui

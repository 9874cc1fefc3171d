// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QList>

class QPalette;

namespace concord::ui {

// WCAG 2.x colour contrast: relative luminance, the contrast ratio of two colours (1 to 21), and
// colours nudged until they stand out enough from their backgrounds. WCAG asks 4.5 for text and 3
// for the parts of a control one has to see (the chosen value, a marked span, a focus frame).
class Contrast {
public:
    static constexpr double text = 4.5;
    static constexpr double graphics = 3.0;

    // Relative luminance of the colour's sRGB value (alpha ignored): 0 black .. 1 white.
    static double luminance(const QColor &colour);
    // (L1 + 0.05) / (L2 + 0.05) with L1 the lighter: 1 for equal colours, 21 for black on white.
    static double ratio(const QColor &a, const QColor &b);
    // The colour as it shows over an opaque background: alpha blended, opaque result.
    static QColor over(const QColor &colour, const QColor &background);
    // A dark palette shows light text on a dark window.
    static bool isDark(const QPalette &palette);

    // The colour, lighter or darker, until it shows over every background with at least minRatio
    // (a translucent colour is measured as it shows over each). Keeps hue, saturation and alpha;
    // moves away from the backgrounds (lighter over dark ones); when no lightness reaches the ratio,
    // the one that comes closest.
    static QColor ensure(const QColor &colour, const QList<QColor> &backgrounds, double minRatio);
    // The most readable of the candidates over the background; black or white when none reaches
    // Contrast::text.
    static QColor readableOn(const QColor &background, const QList<QColor> &candidates);
};

} // namespace concord::ui

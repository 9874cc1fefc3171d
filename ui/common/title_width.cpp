// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/title_width.h"

#include <QApplication>
#include <QFontMetrics>
#include <QLayout>
#include <QSpacerItem>
#include <QWidget>

#include <algorithm>

namespace concord::ui {

int titleFitWidth(const QWidget &window)
{
    window.ensurePolished(); // the style's fonts and metrics, as when shown
    // Title bars use the application's title font, usually a little wider than the dialog's own.
    const QFontMetrics metrics(QApplication::font("QMdiSubWindowTitleBar"));
    const QFontMetrics own(window.font());
    const int text
        = std::max(metrics.horizontalAdvance(window.windowTitle()), own.horizontalAdvance(window.windowTitle()));
    // Icon, minimise/maximise/close: about four square buttons a title bar high. Measured from the
    // font, not the style, which knows the bar only once the window is shown.
    const int bar = std::max(metrics.height(), own.height()) + 12;
    return text + 4 * bar;
}

void fitTitle(QWidget &window)
{
    const int width = titleFitWidth(window);
    static_cast<void>(window.sizeHint()); // builds a layout made only when first needed (QInputDialog's)
    window.setMinimumWidth(std::max(window.minimumWidth(), width));
    // A layout may set the window's minimum size itself when it is shown (QInputDialog's does): a
    // strut in the layout holds the width then too.
    if (QLayout *layout = window.layout()) {
        const QMargins margins = layout->contentsMargins();
        layout->addItem(
            new QSpacerItem(width - margins.left() - margins.right(), 0, QSizePolicy::Fixed, QSizePolicy::Minimum));
    }
}

} // namespace concord::ui

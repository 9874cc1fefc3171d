// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error_label.h"

#include "common/palette_colours.h"

#include <QEvent>

namespace concord::ui {

ErrorLabel::ErrorLabel(QWidget *parent)
    : QLabel(parent)
{
    followPalette();
}

void ErrorLabel::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        followPalette();
}

void ErrorLabel::followPalette()
{
    // Only the text role is the label's own; setting the same colour again changes nothing, so the
    // PaletteChange this sends ends here.
    QPalette p = palette();
    const QColor colour = PaletteColours::errorText(p);
    if (p.color(QPalette::WindowText) == colour && testAttribute(Qt::WA_SetPalette))
        return;
    QPalette own;
    own.setColor(QPalette::WindowText, colour);
    setPalette(own);
}

} // namespace concord::ui

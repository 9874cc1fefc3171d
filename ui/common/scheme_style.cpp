// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/scheme_style.h"

#include "common/contrast.h"

#include <QPainter>
#include <QStyleFactory>
#include <QStyleOption>

namespace concord::ui {

SchemeStyle::SchemeStyle()
    : QProxyStyle(QStyleFactory::create(QStringLiteral("Fusion")))
{ }

QColor SchemeStyle::indicatorFrame(const QPalette &palette, bool selected)
{
    // Fusion's own outline, as light or dark as it needs to be.
    const QColor outline = palette.color(QPalette::Window).darker(140);
    if (selected)
        return Contrast::ensure(outline, {palette.color(QPalette::Highlight), palette.color(QPalette::Base)},
                                Contrast::graphics);
    return Contrast::ensure(
        outline,
        {palette.color(QPalette::Window), palette.color(QPalette::Base), palette.color(QPalette::AlternateBase)},
        Contrast::graphics);
}

void SchemeStyle::drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                                const QWidget *widget) const
{
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    // Fusion draws an item view's check through PE_IndicatorCheckBox too. A box with the keyboard's
    // focus keeps Fusion's highlighted frame.
    if (element != PE_IndicatorCheckBox || !qstyleoption_cast<const QStyleOptionButton *>(option)
        || ((option->state & State_HasFocus) && (option->state & State_KeyboardFocusChange)))
        return;
    painter->save();
    // The frame where Fusion draws it: a line along the pixels at the rectangle's edge.
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->translate(0.5, 0.5);
    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(indicatorFrame(option->palette, option->state & State_Selected)));
    painter->drawRect(option->rect.adjusted(0, 0, -1, -1));
    painter->restore();
}

} // namespace concord::ui

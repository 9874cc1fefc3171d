// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/palette_colours.h"

#include "common/contrast.h"

#include <QPalette>

namespace concord::ui {

namespace {

constexpr int spanAlpha = 150; // over base a span reaches 3:1; two overlapping ones deepen

} // namespace

QColor PaletteColours::chosen(const QPalette &palette)
{
    return Contrast::ensure(palette.color(QPalette::Highlight),
                            {palette.color(QPalette::Button), palette.color(QPalette::Window)}, Contrast::text);
}

QColor PaletteColours::chosenText(const QPalette &palette)
{
    return Contrast::readableOn(chosen(palette),
                                {palette.color(QPalette::HighlightedText), palette.color(QPalette::ButtonText)});
}

QColor PaletteColours::mark(const QPalette &palette)
{
    return Contrast::ensure(palette.color(QPalette::Highlight),
                            {palette.color(QPalette::Window), palette.color(QPalette::Base)}, Contrast::graphics);
}

QColor PaletteColours::span(const QPalette &palette, const QColor &tint)
{
    QColor colour = tint.isValid() ? tint : palette.color(QPalette::Highlight);
    colour.setAlpha(spanAlpha);
    return Contrast::ensure(colour, {palette.color(QPalette::Base)}, Contrast::graphics);
}

QColor PaletteColours::spanText(const QPalette &palette, const QColor &span)
{
    const QColor base = palette.color(QPalette::Base);
    // Measured where two spans overlap too, the deepest the background gets.
    const QColor once = Contrast::over(span, base);
    const QColor twice = Contrast::over(span, once);
    const QColor text = palette.color(QPalette::Text);
    if (Contrast::ratio(text, once) >= Contrast::text && Contrast::ratio(text, twice) >= Contrast::text)
        return text;
    const QColor other = Contrast::readableOn(once, {});
    return Contrast::ratio(other, twice) >= Contrast::ratio(text, twice) ? other : text;
}

QColor PaletteColours::spanEdge(const QPalette &palette, const QColor &span, const QColor &tint)
{
    const QColor base = palette.color(QPalette::Base);
    QColor edge = tint.isValid() ? tint : palette.color(QPalette::Highlight);
    edge.setAlpha(255);
    return Contrast::ensure(edge, {base, Contrast::over(span, base)}, Contrast::graphics);
}

QColor PaletteColours::errorText(const QPalette &palette)
{
    return Contrast::ensure(QColor(176, 0, 32), {palette.color(QPalette::Window)}, Contrast::text);
}

} // namespace concord::ui

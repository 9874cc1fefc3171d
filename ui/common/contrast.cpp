// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/contrast.h"

#include <QPalette>

#include <algorithm>
#include <cmath>
#include <limits>

namespace concord::ui {

namespace {

double linear(double channel)
{
    // sRGB transfer function as WCAG 2.x defines it.
    return channel <= 0.04045 ? channel / 12.92 : std::pow((channel + 0.055) / 1.055, 2.4);
}

// The lowest ratio of the colour (as it shows) over any of the backgrounds.
double worstRatio(const QColor &colour, const QList<QColor> &backgrounds)
{
    double worst = std::numeric_limits<double>::infinity();
    for (const QColor &b : backgrounds)
        worst = std::min(worst, Contrast::ratio(Contrast::over(colour, b), b));
    return worst;
}

} // namespace

double Contrast::luminance(const QColor &colour)
{
    const QColor c = colour.toRgb();
    return 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF());
}

double Contrast::ratio(const QColor &a, const QColor &b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor Contrast::over(const QColor &colour, const QColor &background)
{
    const QColor c = colour.toRgb();
    const QColor b = background.toRgb();
    const double a = c.alphaF();
    return QColor::fromRgbF(static_cast<float>(a * c.redF() + (1 - a) * b.redF()),
                            static_cast<float>(a * c.greenF() + (1 - a) * b.greenF()),
                            static_cast<float>(a * c.blueF() + (1 - a) * b.blueF()));
}

bool Contrast::isDark(const QPalette &palette)
{
    return luminance(palette.color(QPalette::Window)) < luminance(palette.color(QPalette::WindowText));
}

QColor Contrast::ensure(const QColor &colour, const QList<QColor> &backgrounds, double minRatio)
{
    if (backgrounds.isEmpty() || worstRatio(colour, backgrounds) >= minRatio)
        return colour;
    double mean = 0;
    for (const QColor &b : backgrounds)
        mean += luminance(b);
    mean /= static_cast<double>(backgrounds.size());
    const QColor hsl = colour.toHsl();
    const float hue = hsl.hslHueF();
    const float saturation = hsl.hslSaturationF();
    const float alpha = hsl.alphaF();
    auto withLightness = [&](double l) {
        QColor c = QColor::fromHslF(hue, saturation, static_cast<float>(std::clamp(l, 0.0, 1.0)), alpha);
        return c.toRgb();
    };
    // Away from the backgrounds first: lighter over dark ones, darker over light ones; then the
    // other way, for a colour stuck between a light and a dark background.
    const double start = hsl.lightnessF();
    const double away = mean < 0.18 ? 1.0 : -1.0; // 0.18: the luminance as far from black as from white
    QColor best = colour;
    double bestRatio = worstRatio(colour, backgrounds);
    for (const double direction : {away, -away}) {
        for (int step = 1; step <= 100; ++step) {
            const QColor candidate = withLightness(start + direction * step / 100.0);
            const double r = worstRatio(candidate, backgrounds);
            if (r >= minRatio)
                return candidate;
            if (r > bestRatio) {
                best = candidate;
                bestRatio = r;
            }
        }
    }
    return best;
}

QColor Contrast::readableOn(const QColor &background, const QList<QColor> &candidates)
{
    QColor best;
    double bestRatio = 0;
    for (const QColor &c : candidates) {
        const double r = ratio(c, background);
        if (r > bestRatio) {
            best = c;
            bestRatio = r;
        }
    }
    if (bestRatio >= text)
        return best;
    return ratio(Qt::black, background) >= ratio(Qt::white, background) ? QColor(Qt::black) : QColor(Qt::white);
}

} // namespace concord::ui

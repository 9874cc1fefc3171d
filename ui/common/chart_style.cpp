// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/chart_style.h"

#include "common/contrast.h"

#include <QAbstractBarSeries>
#include <QBarSet>
#include <QBrush>
#include <QChart>
#include <QGradient>
#include <QPalette>
#include <QPen>
#include <QScatterSeries>
#include <QXYSeries>

namespace concord::ui {

namespace {

// Dynamic properties holding the colours a series or bar set was built with.
constexpr const char *builtPen = "concordBuiltPen";
constexpr const char *builtColour = "concordBuiltColour";
constexpr const char *builtBorder = "concordBuiltBorder";

// What the theme paints behind the series: the chart's background (all stops of a gradient) and
// the plot area's when it has its own.
QList<QColor> backgrounds(const QChart *chart)
{
    QList<QColor> out;
    auto add = [&out](const QBrush &brush) {
        if (const QGradient *g = brush.gradient()) {
            for (const auto &stop : g->stops())
                out << stop.second;
        } else if (brush.style() != Qt::NoBrush) {
            out << brush.color();
        }
    };
    add(chart->backgroundBrush());
    if (chart->isPlotAreaBackgroundVisible())
        add(chart->plotAreaBackgroundBrush());
    return out;
}

QVariant remember(QObject *object, const char *name, const QVariant &value)
{
    if (!object->property(name).isValid())
        object->setProperty(name, value);
    return object->property(name);
}

} // namespace

void ChartStyle::apply(QChart *chart, bool dark)
{
    if (!chart)
        return;
    // Remember what the chart was built with before the first theme change replaces it.
    const QList<QAbstractSeries *> series = chart->series();
    for (QAbstractSeries *s : series) {
        if (auto *xy = qobject_cast<QXYSeries *>(s)) {
            remember(xy, builtPen, QVariant::fromValue(xy->pen()));
            remember(xy, builtColour, xy->color());
            if (auto *scatter = qobject_cast<QScatterSeries *>(xy))
                remember(scatter, builtBorder, scatter->borderColor());
        } else if (auto *bars = qobject_cast<QAbstractBarSeries *>(s)) {
            for (QBarSet *set : bars->barSets())
                remember(set, builtColour, set->color());
        }
    }
    const auto theme = dark ? QChart::ChartThemeDark : QChart::ChartThemeLight;
    if (chart->theme() != theme)
        chart->setTheme(theme);
    const QList<QColor> behind = backgrounds(chart);
    auto readable = [&behind](const QColor &c) { return Contrast::ensure(c, behind, Contrast::graphics); };
    for (QAbstractSeries *s : series) {
        if (auto *xy = qobject_cast<QXYSeries *>(s)) {
            QPen pen = xy->property(builtPen).value<QPen>();
            const QColor colour = readable(xy->property(builtColour).value<QColor>());
            if (auto *scatter = qobject_cast<QScatterSeries *>(xy)) {
                // A translucent fill shows how dense the points lie; its border is what must stand out.
                const QColor fill = xy->property(builtColour).value<QColor>();
                scatter->setColor(fill.alpha() < 255 ? fill : colour);
                // The border as built (a theme resets its width too), in a readable colour.
                pen.setColor(readable(scatter->property(builtBorder).value<QColor>()));
                scatter->setPen(pen);
            } else {
                pen.setColor(readable(pen.color()));
                xy->setPen(pen);
            }
        } else if (auto *bars = qobject_cast<QAbstractBarSeries *>(s)) {
            for (QBarSet *set : bars->barSets())
                set->setColor(readable(set->property(builtColour).value<QColor>()));
        }
    }
}

void ChartStyle::follow(QChart *chart, const QPalette &palette)
{
    apply(chart, Contrast::isDark(palette));
}

bool ChartStyle::isDark(const QChart *chart)
{
    return chart && chart->theme() == QChart::ChartThemeDark;
}

} // namespace concord::ui

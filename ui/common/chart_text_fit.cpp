// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/chart_text_fit.h"

#include <QAbstractAxis>
#include <QChart>
#include <QFontMetricsF>
#include <QLegend>
#include <QLegendMarker>

#include <algorithm>
#include <numeric>

namespace concord::ui {

namespace {

// Dynamic properties holding the whole texts, as they were set before any wrapping.
constexpr const char *fullTitleProperty = "concordFullTitle";
constexpr const char *fullLabelProperty = "concordFullLabel";
constexpr const char *fullAxisTitleProperty = "concordFullAxisTitle";

const QString lineBreak = QStringLiteral("<br>"); // not translated: markup

// What a word of rich text draws: the entities Qt's escaping writes stand for one character each.
QString drawn(QString word)
{
    return word.replace(QStringLiteral("&lt;"), QStringLiteral("<"))
        .replace(QStringLiteral("&gt;"), QStringLiteral(">"))
        .replace(QStringLiteral("&quot;"), QStringLiteral("\""))
        .replace(QStringLiteral("&amp;"), QStringLiteral("&"));
}

QString remembered(QObject *object, const char *name, const QString &now)
{
    if (!object->property(name).isValid())
        object->setProperty(name, now);
    return object->property(name).toString();
}

// Room left and right of a chart's texts, in pixels: the chart's margins, its layout's and the texts' own
// document margins, and a little to spare for rounding.
qreal roomOf(const QChart *chart)
{
    const QMargins margins = chart->margins();
    return chart->size().width() - margins.left() - margins.right() - 24;
}

void fitTitle(QChart *chart)
{
    const QString full = remembered(chart, fullTitleProperty, chart->title());
    if (full.isEmpty())
        return;
    const QString wrapped = ChartTextFit::wrap(full, QFontMetricsF(chart->titleFont()), roomOf(chart)).join(lineBreak);
    if (chart->title() != wrapped)
        chart->setTitle(wrapped);
}

// A legend below the chart lays its entries out in one row and shortens each when they do not fit. Each
// entry gets a width of its own: what it needs where that is less than an even share of what is left.
void fitLegend(QChart *chart)
{
    QLegend *legend = chart->legend();
    if (!legend || !legend->isVisible() || !(legend->alignment() & (Qt::AlignTop | Qt::AlignBottom)))
        return;
    QList<QLegendMarker *> markers;
    for (QLegendMarker *marker : legend->markers())
        if (marker->isVisible())
            markers << marker;
    if (markers.isEmpty())
        return;
    const QFontMetricsF metrics(legend->font());
    // Beside each label Qt Charts draws its marker (half the font's height) between margins and a space.
    const qreal beside = metrics.height() / 2 + 16;
    qreal left = roomOf(chart) - beside * static_cast<qreal>(markers.size());
    QList<qreal> needs;
    QStringList fulls;
    for (QLegendMarker *marker : markers) {
        fulls << remembered(marker, fullLabelProperty, marker->label());
        qreal widest = 0;
        for (const QString &line : ChartTextFit::wrap(fulls.constLast(), metrics, 1e9))
            widest = std::max(widest, metrics.horizontalAdvance(drawn(line)));
        needs << widest;
    }
    QList<qsizetype> order(needs.size());
    std::iota(order.begin(), order.end(), qsizetype{0});
    std::sort(order.begin(), order.end(), [&needs](qsizetype a, qsizetype b) { return needs[a] < needs[b]; });
    QList<qreal> widths(needs.size());
    for (qsizetype i = 0; i < order.size(); ++i) {
        const qreal share = std::max(left, 0.0) / static_cast<qreal>(order.size() - i);
        widths[order[i]] = std::min(needs[order[i]], share);
        left -= widths[order[i]];
    }
    for (qsizetype i = 0; i < markers.size(); ++i) {
        const QString label
            = widths[i] >= needs[i] ? fulls[i] : ChartTextFit::wrap(fulls[i], metrics, widths[i]).join(lineBreak);
        if (markers[i]->label() != label)
            markers[i]->setLabel(label);
    }
}

// An axis's title along its side of the plot: a vertical one had lost its last words on a low chart.
void fitAxisTitles(QChart *chart)
{
    const QRectF plot = chart->plotArea();
    if (plot.width() <= 0 || plot.height() <= 0)
        return;
    for (QAbstractAxis *axis : chart->axes()) {
        const QString full = remembered(axis, fullAxisTitleProperty, axis->titleText());
        if (full.isEmpty() || !axis->isTitleVisible())
            continue;
        const qreal room = (axis->orientation() == Qt::Vertical ? plot.height() : plot.width()) - 8;
        const QString wrapped = ChartTextFit::wrap(full, QFontMetricsF(axis->titleFont()), room).join(lineBreak);
        if (axis->titleText() != wrapped)
            axis->setTitleText(wrapped);
    }
}

void fit(QChart *chart)
{
    if (chart->size().width() <= 0)
        return;
    fitTitle(chart);
    fitLegend(chart);
}

} // namespace

void ChartTextFit::keepWhole(QChart *chart)
{
    if (!chart)
        return;
    remembered(chart, fullTitleProperty, chart->title());
    for (QLegendMarker *marker : chart->legend()->markers())
        remembered(marker, fullLabelProperty, marker->label());
    for (QAbstractAxis *axis : chart->axes())
        remembered(axis, fullAxisTitleProperty, axis->titleText());
    QObject::connect(chart, &QGraphicsWidget::geometryChanged, chart, [chart] { fit(chart); });
    // The plot's size follows the texts around it: the axes' titles are fitted once it is laid out.
    QObject::connect(chart, &QChart::plotAreaChanged, chart, [chart] { fitAxisTitles(chart); });
    fit(chart);
}

QString ChartTextFit::fullTitle(const QChart *chart)
{
    const QVariant full = chart->property(fullTitleProperty);
    return full.isValid() ? full.toString() : chart->title();
}

QStringList ChartTextFit::wrap(const QString &text, const QFontMetricsF &metrics, qreal width)
{
    QStringList lines;
    const qreal space = metrics.horizontalAdvance(QLatin1Char(' '));
    for (const QString &paragraph : text.split(lineBreak)) {
        QString line;
        qreal used = 0;
        for (const QString &word : paragraph.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const qreal w = metrics.horizontalAdvance(drawn(word));
            if (!line.isEmpty() && used + space + w > width) {
                lines << line;
                line.clear();
                used = 0;
            }
            used += line.isEmpty() ? w : space + w;
            line += line.isEmpty() ? word : QLatin1Char(' ') + word;
        }
        lines << line;
    }
    return lines;
}

} // namespace concord::ui

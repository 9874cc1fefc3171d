// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/agreement_charts.h"

#include "common/chart_style.h"
#include "common/chart_text_fit.h"

#include <QAbstractAxis>
#include <QAbstractBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QFontMetricsF>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace concord::ui {

QChart *AgreementCharts::forestChart(const QString &title, const QStringList &categories,
                                     const QList<ForestGroup> &groups, const QList<ForestReference> &reference,
                                     const QString &referenceName, const QString &yTitle)
{
    auto *chart = new QChart;
    chart->setTitle(title);
    auto *x = new QCategoryAxis;
    x->setMin(-0.5);
    x->setMax(static_cast<double>(categories.size()) - 0.5);
    x->setStartValue(-0.5);
    for (qsizetype i = 0; i < categories.size(); ++i)
        x->append(categories.at(i), static_cast<double>(i) + 0.5);
    x->setGridLineVisible(false);
    keepLabelsWhole(chart, x, categories);
    auto *y = new QValueAxis;
    y->setTitleText(yTitle);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    // Correlations and alphas live in [-1, 1]: zoom on the data, keeping 0 in view.
    double lo = 0, hi = 0;
    auto widen = [&](double v) {
        if (!std::isnan(v)) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    };

    bool referenceInLegend = false;
    for (qsizetype i = 0; i < reference.size() && i < categories.size(); ++i) {
        const ForestReference &r = reference.at(i);
        if (std::isnan(r.mean))
            continue;
        const double c = static_cast<double>(i);
        QLineSeries *line = addSegment(chart, x, y, {c - 0.42, r.mean}, {c + 0.42, r.mean},
                                       QPen(QColor(110, 110, 110), 2, Qt::DashLine), referenceName);
        attachTips(line, {r.tip, r.tip});
        if (referenceInLegend)
            hideFromLegend(chart, line);
        referenceInLegend = true;
        for (const double bound : {r.low, r.high}) {
            if (std::isnan(bound))
                continue;
            QLineSeries *edge = addSegment(chart, x, y, {c - 0.42, bound}, {c + 0.42, bound},
                                           QPen(QColor(170, 170, 170), 1, Qt::DotLine));
            hideFromLegend(chart, edge);
            widen(bound);
        }
        widen(r.mean);
    }

    const double groupCount = static_cast<double>(std::max<qsizetype>(1, groups.size()));
    for (qsizetype g = 0; g < groups.size(); ++g) {
        const double offset = (static_cast<double>(g) - (groupCount - 1) / 2) * std::min(0.8 / groupCount, 0.2);
        auto *dots = new QScatterSeries;
        dots->setName(groups.at(g).name);
        // Fixed, distinguishable colours: the theme's would be used up by the whisker lines. ChartStyle
        // makes them lighter on the dark theme where they would not stand out.
        static const QList<QColor> palette{QColor(31, 119, 180),  QColor(255, 127, 14),  QColor(44, 160, 44),
                                           QColor(214, 39, 40),   QColor(148, 103, 189), QColor(140, 86, 75),
                                           QColor(227, 119, 194), QColor(23, 190, 207)};
        dots->setColor(palette.at(g % palette.size()));
        dots->setMarkerSize(10);
        QStringList tips;
        for (qsizetype i = 0; i < groups.at(g).points.size() && i < categories.size(); ++i) {
            const ForestPoint &p = groups.at(g).points.at(i);
            if (std::isnan(p.value))
                continue;
            dots->append(static_cast<double>(i) + offset, p.value);
            tips << p.tip;
            widen(p.value);
        }
        chart->addSeries(dots);
        dots->attachAxis(x);
        dots->attachAxis(y);
        dots->setBorderColor(dots->color().darker(130));
        attachTips(dots, tips);
        for (qsizetype i = 0; i < groups.at(g).points.size() && i < categories.size(); ++i) {
            const ForestPoint &p = groups.at(g).points.at(i);
            if (std::isnan(p.value) || std::isnan(p.low) || std::isnan(p.high))
                continue;
            const double at = static_cast<double>(i) + offset;
            QLineSeries *whisker = addSegment(chart, x, y, {at, p.low}, {at, p.high}, QPen(dots->color(), 2));
            hideFromLegend(chart, whisker);
            attachTips(whisker, {p.tip, p.tip});
            widen(p.low);
            widen(p.high);
        }
    }
    const double pad = std::max(0.05, (hi - lo) * 0.08);
    y->setRange(std::floor((lo - pad) * 10) / 10, std::ceil((hi + pad) * 10) / 10);
    y->setTickType(QValueAxis::TicksDynamic);
    // Qt Charts sums the ticks from the lowest in steps of a tenth, which are not exact in binary: the zero came
    // out a hair below 0 and was labelled "-0.0". Anchored a millionth of a step above 0, every tick sits that
    // far above its round value, which no label shows.
    const double step = hi - lo > 1 ? 0.2 : 0.1;
    y->setTickAnchor(step * 1e-6);
    y->setTickInterval(step);
    y->setLabelFormat(QStringLiteral("%.1f"));
    return chart;
}

void AgreementCharts::keepLabelsWhole(QChart *chart, QAbstractAxis *axis, const QStringList &labels)
{
    axis->setTruncateLabels(false);
    const auto fit = [axis, labels](const QRectF &plot) {
        if (labels.isEmpty() || plot.width() <= 0)
            return;
        const QFontMetricsF metrics(axis->labelsFont());
        qreal widest = 0;
        for (const QString &label : labels)
            widest = std::max(widest, metrics.horizontalAdvance(label));
        // A little room between neighbours, as Qt Charts keeps when it cuts them.
        const qreal room = plot.width() / static_cast<qreal>(labels.size()) - metrics.averageCharWidth();
        axis->setLabelsAngle(widest > room ? -45 : 0);
    };
    // Turning labels changes the plot's height, never its width, so this settles at once.
    QObject::connect(chart, &QChart::plotAreaChanged, axis, fit);
}

QChart *AgreementCharts::emptyChart(const QString &title, const QString &why)
{
    auto *chart = new QChart;
    // A chart's title is drawn as rich text, where a newline is a space: the reason had run on from the title.
    const QString lineBreak = QStringLiteral("<br>"); // not translated: markup
    chart->setTitle(title.toHtmlEscaped() + lineBreak + why.toHtmlEscaped());
    return chart;
}

void AgreementCharts::setChart(QChartView *view, QChart *chart)
{
    // The view releases the old chart without deleting it.
    QChart *old = view->chart();
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    // Qt Charts shortens an axis's labels that do not fit, at twice the scale down to "..." alone: numbers are
    // short, and whole they may crowd but still read.
    for (QAbstractAxis *axis : chart->axes())
        axis->setTruncateLabels(false);
    // The view's palette decides light or dark; the colours set above are kept readable on either. Before the
    // chart is in the view: there a theme and each colour change recolour every point's item one by one.
    ChartStyle::follow(chart, view->palette());
    view->setChart(chart);
    // After the theme, whose fonts the texts are measured in.
    ChartTextFit::keepWhole(chart);
    delete old;
}

void AgreementCharts::hideFromLegend(QChart *chart, QAbstractSeries *series)
{
    for (QLegendMarker *marker : chart->legend()->markers(series))
        marker->setVisible(false);
}

QLineSeries *AgreementCharts::addSegment(QChart *chart, QAbstractAxis *x, QAbstractAxis *y, QPointF from, QPointF to,
                                         const QPen &pen, const QString &name)
{
    auto *line = new QLineSeries;
    if (!name.isEmpty())
        line->setName(name);
    line->append(from);
    line->append(to);
    line->setPen(pen);
    chart->addSeries(line);
    line->attachAxis(x);
    line->attachAxis(y);
    return line;
}

void AgreementCharts::attachTips(QXYSeries *series, const QStringList &tips)
{
    QObject::connect(series, &QXYSeries::hovered, series, [series, tips](const QPointF &point, bool state) {
        if (!state) {
            QToolTip::hideText();
            return;
        }
        qsizetype best = -1;
        double bestDistance = std::numeric_limits<double>::infinity();
        const QList<QPointF> points = series->points();
        for (qsizetype i = 0; i < points.size(); ++i) {
            const double d = std::hypot(points[i].x() - point.x(), points[i].y() - point.y());
            if (d < bestDistance) {
                bestDistance = d;
                best = i;
            }
        }
        if (best >= 0 && best < tips.size())
            QToolTip::showText(QCursor::pos(), tips.at(best));
    });
}

void AgreementCharts::attachBarTips(QAbstractBarSeries *series, std::function<QString(QBarSet *set, int index)> tipOf)
{
    QObject::connect(series, &QAbstractBarSeries::hovered, series,
                     [tipOf = std::move(tipOf)](bool status, int index, QBarSet *set) {
                         if (!status)
                             return;
                         if (const QString tip = tipOf(set, index); !tip.isEmpty())
                             QToolTip::showText(QCursor::pos(), tip);
                     });
}

} // namespace concord::ui

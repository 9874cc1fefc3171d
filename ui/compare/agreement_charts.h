// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>

#include <functional>
#include <limits>

class QAbstractAxis;
class QAbstractBarSeries;
class QAbstractSeries;
class QBarSet;
class QChart;
class QChartView;
class QLineSeries;
class QPen;
class QXYSeries;

namespace concord::ui {

// How the Agreement dashboard builds its charts: forest (dot-and-whisker) charts, line segments,
// hover tooltips with the exact numbers, legend and view helpers. The texts come in translated.
class AgreementCharts {
public:
    // One dot of a forest chart with its confidence interval (NaN: none) and its tooltip.
    struct ForestPoint {
        double value = std::numeric_limits<double>::quiet_NaN();
        double low = std::numeric_limits<double>::quiet_NaN();
        double high = std::numeric_limits<double>::quiet_NaN();
        QString tip;
    };
    // A named group of dots, one per category.
    struct ForestGroup {
        QString name;
        QList<ForestPoint> points;
    };
    // A reference band behind a category's dots (the human ceiling): mean, range and tooltip.
    struct ForestReference {
        double mean = std::numeric_limits<double>::quiet_NaN();
        double low = std::numeric_limits<double>::quiet_NaN();
        double high = std::numeric_limits<double>::quiet_NaN();
        QString tip;
    };

    // A dot-and-whisker chart: per category, one point per group with its confidence interval as a
    // vertical line, and optionally a reference band (reference[i] for category i) behind them.
    static QChart *forestChart(const QString &title, const QStringList &categories, const QList<ForestGroup> &groups,
                               const QList<ForestReference> &reference, const QString &referenceName,
                               const QString &yTitle);
    // Category labels are never cut short: when the widest does not fit its category's width on the plot,
    // the labels turn 45 degrees, and back when there is room again (a resized or a larger window).
    static void keepLabelsWhole(QChart *chart, QAbstractAxis *axis, const QStringList &labels);
    // A chart with nothing to show but why.
    static QChart *emptyChart(const QString &title, const QString &why);

    // Replaces a view's chart (no animation, legend below, small margins); the old chart is deleted.
    static void setChart(QChartView *view, QChart *chart);
    static void hideFromLegend(QChart *chart, QAbstractSeries *series);
    // Adds a straight line from -> to (named, if name is given) on the axes x and y.
    static QLineSeries *addSegment(QChart *chart, QAbstractAxis *x, QAbstractAxis *y, QPointF from, QPointF to,
                                   const QPen &pen, const QString &name = {});

    // Shows the exact numbers of the hovered point: tips[i] belongs to the series' i-th point.
    static void attachTips(QXYSeries *series, const QStringList &tips);
    // Shows tipOf(set, index) for the hovered bar; an empty text shows nothing.
    static void attachBarTips(QAbstractBarSeries *series, std::function<QString(QBarSet *set, int index)> tipOf);
};

} // namespace concord::ui

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

class QChart;
class QFontMetricsF;

namespace concord::ui {

// A chart's title and legend entries whole at any size and scale. Qt Charts shortens with "..." a title
// wider than its chart and, when a legend's entries do not fit one row, each entry; at twice the scale
// that left the Agreement view's titles and legends their first words. Here they wrap at spaces into
// lines that fit instead, again whenever the chart's size changes.
class ChartTextFit {
public:
    // Wraps now and on every resize of the chart; its title and labels as set now are the whole texts.
    static void keepWhole(QChart *chart);
    // The title as it was set, without the line breaks added to fit.
    static QString fullTitle(const QChart *chart);
    // The words of text (split at spaces, "<br>" kept as a break) in lines no wider than width, each measured
    // as drawn (rich text: "&amp;" is one character); a word wider than width gets a line of its own.
    static QStringList wrap(const QString &text, const QFontMetricsF &metrics, qreal width);
};

} // namespace concord::ui

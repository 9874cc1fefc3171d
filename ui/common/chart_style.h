// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QChart;
class QPalette;

namespace concord::ui {

// Light or dark charts: Qt Charts' light theme, or its dark theme for a dark palette. A theme
// replaces every series' colours, so the colours the chart was built with are remembered on the
// series at the first apply() and put back after each theme change, lighter or darker as needed
// to stand out from that theme's background by a WCAG ratio of 3 (see Contrast).
class ChartStyle {
public:
    static void apply(QChart *chart, bool dark);
    // Dark for a dark palette (Contrast::isDark).
    static void follow(QChart *chart, const QPalette &palette);
    static bool isDark(const QChart *chart);
};

} // namespace concord::ui

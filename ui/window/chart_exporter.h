// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <QString>

#include <optional>

class QWidget;

namespace concord::ui {

// Writes any widget (a QChartView, or a chart with its table) as a figure: PNG at twice the screen
// resolution, SVG (vector, through QSvgGenerator) or PDF (vector, one page the widget's size, through
// QPdfWriter). Each file is written through QSaveFile: a failed export leaves no half-written file.
// Exports are always light, paper-ready, even from a dark screen (its charts are put back after).
class ChartExporter {
public:
    enum class Format { Png, Svg, Pdf };

    // From the file's suffix (png, svg, pdf), case-insensitive.
    static std::optional<Format> formatFor(const QString &path);
    static QString fileFilter(); // for QFileDialog

    static Status exportWidget(QWidget *widget, const QString &path, Format format, const QString &title = {});
    // The format from the path's suffix; an unknown suffix is an error.
    static Status exportWidget(QWidget *widget, const QString &path, const QString &title = {});
};

} // namespace concord::ui

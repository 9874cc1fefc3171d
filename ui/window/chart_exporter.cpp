// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/chart_exporter.h"

#include "common/chart_style.h"
#include "common/colour_scheme.h"
#include "common/contrast.h"

#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QWidget>

namespace concord::ui {

namespace {

constexpr qreal pngScale = 2.0; // papers want more pixels than the screen shows

Error error(const QString &message)
{
    return Error{message.toStdString(), {}, 0, {}};
}

QString tr(const char *text)
{
    return QCoreApplication::translate("concord::ui::ChartExporter", text);
}

// Figures go into papers and slides: an export is always light (the light palette, Qt Charts'
// light theme, a white background), whatever the screen shows; the screen is put back after.
class LightWhileExporting {
public:
    explicit LightWhileExporting(QWidget *widget)
        : m_widget(widget)
    {
        QList<QChartView *> views = widget->findChildren<QChartView *>();
        if (auto *view = qobject_cast<QChartView *>(widget))
            views.prepend(view);
        for (QChartView *view : views)
            if (ChartStyle::isDark(view->chart()))
                m_darkCharts << view->chart();
        if (Contrast::isDark(widget->palette())) {
            m_restorePalette = true;
            m_hadOwnPalette = widget->testAttribute(Qt::WA_SetPalette);
            m_palette = widget->palette();
            widget->setPalette(ColourScheme::lightPalette());
        }
        for (QChart *chart : m_darkCharts)
            ChartStyle::apply(chart, false);
    }
    ~LightWhileExporting()
    {
        if (m_restorePalette)
            m_widget->setPalette(m_hadOwnPalette ? m_palette : QPalette()); // an empty one: inherit again
        for (QChart *chart : m_darkCharts)
            ChartStyle::apply(chart, true);
    }
    LightWhileExporting(const LightWhileExporting &) = delete;
    LightWhileExporting &operator=(const LightWhileExporting &) = delete;

private:
    QWidget *m_widget;
    QList<QChart *> m_darkCharts;
    bool m_restorePalette = false;
    bool m_hadOwnPalette = false;
    QPalette m_palette;
};

} // namespace

std::optional<ChartExporter::Format> ChartExporter::formatFor(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QStringLiteral("png"))
        return Format::Png;
    if (suffix == QStringLiteral("svg"))
        return Format::Svg;
    if (suffix == QStringLiteral("pdf"))
        return Format::Pdf;
    return std::nullopt;
}

QString ChartExporter::fileFilter()
{
    return tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)");
}

Status ChartExporter::exportWidget(QWidget *widget, const QString &path, const QString &title)
{
    const auto format = formatFor(path);
    if (!format)
        return error(tr("cannot tell the figure format of %1: use .png, .svg or .pdf").arg(path));
    return exportWidget(widget, path, *format, title);
}

Status ChartExporter::exportWidget(QWidget *widget, const QString &path, Format format, const QString &title)
{
    if (!widget)
        return error(tr("there is no chart to export"));
    const QSize size = widget->size();
    if (size.isEmpty())
        return error(tr("the chart has no size yet: show it first"));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return error(tr("cannot write %1: %2").arg(path, file.errorString()));

    const LightWhileExporting light(widget);
    switch (format) {
    case Format::Png: {
        QImage image(size * pngScale, QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(pngScale);
        image.fill(Qt::white);
        {
            QPainter painter(&image);
            painter.setRenderHint(QPainter::Antialiasing);
            widget->render(&painter);
        }
        if (!image.save(&file, "PNG"))
            return error(tr("cannot encode the PNG image %1").arg(path));
        break;
    }
    case Format::Svg: {
        QSvgGenerator generator;
        generator.setOutputDevice(&file);
        generator.setSize(size);
        generator.setViewBox(QRect(QPoint(0, 0), size));
        generator.setTitle(title.isEmpty() ? widget->windowTitle() : title);
        generator.setDescription(tr("Exported from Concord"));
        QPainter painter;
        if (!painter.begin(&generator))
            return error(tr("cannot start the SVG drawing %1").arg(path));
        // The PNG's background: without it, what the widget leaves unpainted is transparent in the
        // SVG and shows the viewer's backdrop (black or a dark theme) instead of white.
        painter.fillRect(QRect(QPoint(0, 0), size), Qt::white);
        painter.setRenderHint(QPainter::Antialiasing);
        widget->render(&painter);
        painter.end();
        break;
    }
    case Format::Pdf: {
        QPdfWriter writer(&file);
        writer.setTitle(title.isEmpty() ? widget->windowTitle() : title);
        writer.setCreator(QStringLiteral("Concord"));
        writer.setResolution(300);
        // One page exactly the widget's size (1 px = 1 pt), no margins: a figure to place in a paper.
        writer.setPageSize(QPageSize(QSizeF(size), QPageSize::Point, QString(), QPageSize::ExactMatch));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        QPainter painter;
        if (!painter.begin(&writer))
            return error(tr("cannot start the PDF document %1").arg(path));
        painter.setRenderHint(QPainter::Antialiasing);
        const qreal scale = static_cast<qreal>(writer.width()) / size.width();
        painter.scale(scale, scale);
        widget->render(&painter);
        painter.end();
        break;
    }
    }
    if (!file.commit())
        return error(tr("cannot write %1: %2").arg(path, file.errorString()));
    return {};
}

} // namespace concord::ui

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Charts exported as PNG, SVG and PDF are valid files: the PNG loads, the SVG parses as XML with an
// <svg> root, the PDF starts with %PDF and holds a drawing; a bad target leaves no file behind.
// Where the widget draws nothing, the SVG has the PNG's background, not a transparent one.
#include "compare/agreement_charts.h"
#include "window/chart_exporter.h"
#include "window/main_window.h"

#include <QChart>
#include <QChartView>
#include <QFile>
#include <QImage>
#include <QLineSeries>
#include <QPainter>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using concord::ui::ChartExporter;

class TestChartExporter : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void formatFromSuffix();
    void png();
    void svg();
    void svgHasThePngBackground();
    void pdf();
    void unwritableTargetIsAnError();
    void aWrappedTitleIsExportedWhole();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<QChartView> m_view;
};

void TestChartExporter::initTestCase()
{
    QVERIFY(m_dir.isValid());
    auto *series = new QLineSeries;
    series->setName(QStringLiteral("judge vs humans"));
    for (int i = 0; i < 20; ++i)
        series->append(i, (i * 7) % 11);
    auto *chart = new QChart;
    chart->addSeries(series);
    chart->createDefaultAxes();
    chart->setTitle(QStringLiteral("Kendall per system"));
    m_view = std::make_unique<QChartView>(chart);
    m_view->resize(640, 420);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
}

void TestChartExporter::formatFromSuffix()
{
    QCOMPARE(ChartExporter::formatFor(QStringLiteral("a/b.PNG")), ChartExporter::Format::Png);
    QCOMPARE(ChartExporter::formatFor(QStringLiteral("b.svg")), ChartExporter::Format::Svg);
    QCOMPARE(ChartExporter::formatFor(QStringLiteral("c.pdf")), ChartExporter::Format::Pdf);
    QVERIFY(!ChartExporter::formatFor(QStringLiteral("d.gif")));
    QVERIFY(!ChartExporter::exportWidget(m_view.get(), m_dir.filePath(QStringLiteral("x.gif"))).ok());
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("x.gif"))));
}

void TestChartExporter::png()
{
    const QString path = m_dir.filePath(QStringLiteral("chart.png"));
    const auto status = ChartExporter::exportWidget(m_view.get(), path);
    QVERIFY2(status.ok(), status.ok() ? "" : status.error().describe().c_str());
    QImage image(path);
    QVERIFY(!image.isNull());
    // Twice the widget's size, and not blank: the series and the title drew something dark.
    QCOMPARE(image.size(), QSize(1280, 840));
    int dark = 0;
    for (int y = 0; y < image.height(); y += 4)
        for (int x = 0; x < image.width(); x += 4)
            if (qGray(image.pixel(x, y)) < 128)
                ++dark;
    QVERIFY2(dark > 50, qPrintable(QString::number(dark)));
}

void TestChartExporter::svg()
{
    const QString path = m_dir.filePath(QStringLiteral("chart.svg"));
    const auto status = ChartExporter::exportWidget(m_view.get(), path, QStringLiteral("Kendall per system"));
    QVERIFY2(status.ok(), status.ok() ? "" : status.error().describe().c_str());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&file);
    QString root;
    int elements = 0;
    bool titled = false;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement) {
            if (root.isEmpty())
                root = xml.name().toString();
            ++elements;
            if (xml.name() == QStringLiteral("title"))
                titled = xml.readElementText().contains(QStringLiteral("Kendall"));
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(root, QStringLiteral("svg"));
    QVERIFY2(elements > 10, qPrintable(QString::number(elements)));
    QVERIFY(titled);
}

void TestChartExporter::svgHasThePngBackground()
{
    // A widget that paints nothing of its own: every pixel is the exporter's background.
    QWidget blank;
    blank.setAttribute(Qt::WA_NoSystemBackground);
    blank.resize(64, 48);
    const QString png = m_dir.filePath(QStringLiteral("blank.png"));
    const QString svg = m_dir.filePath(QStringLiteral("blank.svg"));
    QVERIFY(ChartExporter::exportWidget(&blank, png).ok());
    QVERIFY(ChartExporter::exportWidget(&blank, svg).ok());
    const QImage fromPng(png);
    QVERIFY(!fromPng.isNull());
    QSvgRenderer renderer(svg);
    QVERIFY(renderer.isValid());
    QImage fromSvg(blank.size(), QImage::Format_ARGB32);
    fromSvg.fill(Qt::transparent);
    {
        QPainter painter(&fromSvg);
        renderer.render(&painter);
    }
    for (const QPoint &p : {QPoint(0, 0), QPoint(32, 24), QPoint(63, 47)})
        QCOMPARE(QColor(fromSvg.pixel(p)).name(QColor::HexArgb),
                 QColor(fromPng.pixel(p * fromPng.width() / blank.width())).name(QColor::HexArgb));
}

void TestChartExporter::pdf()
{
    const QString path = m_dir.filePath(QStringLiteral("chart.pdf"));
    const auto status = ChartExporter::exportWidget(m_view.get(), path);
    QVERIFY2(status.ok(), status.ok() ? "" : status.error().describe().c_str());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QVERIFY(bytes.startsWith("%PDF-"));
    QVERIFY2(bytes.size() > 4000, qPrintable(QString::number(bytes.size())));
    QVERIFY(bytes.contains("/Page"));
    QVERIFY(bytes.trimmed().endsWith("%%EOF"));
}

void TestChartExporter::unwritableTargetIsAnError()
{
    const QString path = m_dir.filePath(QStringLiteral("missing/chart.svg"));
    const auto status = ChartExporter::exportWidget(m_view.get(), path);
    QVERIFY(!status.ok());
    QVERIFY2(QString::fromStdString(status.error().describe()).contains(QStringLiteral("missing")),
             status.error().describe().c_str());
    QVERIFY(!QFile::exists(path));
}

// A chart narrower than its title draws it on several lines; File > Export > Chart names the file's drawing with
// the title as it was set, not with the line breaks added to draw it.
void TestChartExporter::aWrappedTitleIsExportedWhole()
{
    const QString title
        = QStringLiteral("Krippendorff's alpha per dimension: each group, and with a judge as one more coder");
    QChartView view;
    concord::ui::AgreementCharts::setChart(
        &view, concord::ui::AgreementCharts::forestChart(title, {QStringLiteral("coherence")},
                                                         {{QStringLiteral("judge"), {{0.5, 0.4, 0.6, {}}}}}, {}, {},
                                                         QStringLiteral("alpha")));
    view.resize(320, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTRY_VERIFY(view.chart()->title().contains(QStringLiteral("<br>")));
    concord::ui::MainWindow window;
    const QString path = m_dir.filePath(QStringLiteral("wrapped.svg"));
    QVERIFY(window.exportChart(&view, path));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&file);
    QString exported;
    while (!xml.atEnd() && exported.isEmpty())
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QStringLiteral("title"))
            exported = xml.readElementText();
    QCOMPARE(exported, title);
}

QTEST_MAIN(TestChartExporter)
#include "tst_chart_exporter.moc"

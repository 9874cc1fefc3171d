// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// WCAG 2.x contrast: known luminances and ratios, dark palettes told from light ones, and colours
// nudged until they stand out from their backgrounds.
#include "common/colour_scheme.h"
#include "common/contrast.h"

#include <QPalette>
#include <QTest>

using concord::ui::ColourScheme;
using concord::ui::Contrast;

class TestContrast : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void luminance_data();
    void luminance();
    void ratio_data();
    void ratio();
    void overBlendsTranslucentColours();
    void isDark();
    void ensure_data();
    void ensure();
    void readableOn_data();
    void readableOn();
};

void TestContrast::luminance_data()
{
    QTest::addColumn<QColor>("colour");
    QTest::addColumn<double>("expected");
    QTest::newRow("black") << QColor(Qt::black) << 0.0;
    QTest::newRow("white") << QColor(Qt::white) << 1.0;
    QTest::newRow("pure red") << QColor(255, 0, 0) << 0.2126;
    QTest::newRow("pure green") << QColor(0, 255, 0) << 0.7152;
    QTest::newRow("pure blue") << QColor(0, 0, 255) << 0.0722;
    QTest::newRow("mid grey #808080") << QColor(128, 128, 128) << 0.21586;
    QTest::newRow("#767676") << QColor(0x76, 0x76, 0x76) << 0.18116;
}

void TestContrast::luminance()
{
    QFETCH(QColor, colour);
    QFETCH(double, expected);
    QVERIFY2(std::abs(Contrast::luminance(colour) - expected) < 1e-4,
             qPrintable(QString::number(Contrast::luminance(colour), 'g', 8)));
}

void TestContrast::ratio_data()
{
    QTest::addColumn<QColor>("a");
    QTest::addColumn<QColor>("b");
    QTest::addColumn<double>("expected");
    // Published values (WebAIM's contrast checker, WCAG's understanding documents).
    QTest::newRow("black on white") << QColor(Qt::black) << QColor(Qt::white) << 21.0;
    QTest::newRow("white on black, order does not matter") << QColor(Qt::white) << QColor(Qt::black) << 21.0;
    QTest::newRow("equal colours") << QColor(0x33, 0x66, 0x99) << QColor(0x33, 0x66, 0x99) << 1.0;
    QTest::newRow("#767676 on white: the lightest grey at 4.5")
        << QColor(0x76, 0x76, 0x76) << QColor(Qt::white) << 4.54;
    QTest::newRow("#777777 on white falls short") << QColor(0x77, 0x77, 0x77) << QColor(Qt::white) << 4.48;
    QTest::newRow("#0000ff on white") << QColor(0, 0, 255) << QColor(Qt::white) << 8.59;
    QTest::newRow("#ff0000 on white") << QColor(255, 0, 0) << QColor(Qt::white) << 4.0;
    QTest::newRow("#949494 on white: 3 for graphics") << QColor(0x94, 0x94, 0x94) << QColor(Qt::white) << 3.03;
}

void TestContrast::ratio()
{
    QFETCH(QColor, a);
    QFETCH(QColor, b);
    QFETCH(double, expected);
    const double r = Contrast::ratio(a, b);
    QVERIFY2(std::abs(r - expected) < 0.01, qPrintable(QString::number(r, 'f', 4)));
}

void TestContrast::overBlendsTranslucentColours()
{
    QCOMPARE(Contrast::over(QColor(0, 0, 0, 255), Qt::white), QColor(Qt::black));
    QCOMPARE(Contrast::over(QColor(0, 0, 0, 0), Qt::white), QColor(Qt::white));
    const QColor half = Contrast::over(QColor(0, 0, 0, 128), Qt::white);
    QVERIFY(std::abs(half.red() - 127) <= 1);
    QCOMPARE(half.alpha(), 255);
}

void TestContrast::isDark()
{
    QVERIFY(Contrast::isDark(ColourScheme::darkPalette()));
    QVERIFY(!Contrast::isDark(ColourScheme::lightPalette()));
    QPalette inverted;
    inverted.setColor(QPalette::Window, Qt::black);
    inverted.setColor(QPalette::WindowText, Qt::white);
    QVERIFY(Contrast::isDark(inverted));
}

void TestContrast::ensure_data()
{
    QTest::addColumn<QColor>("colour");
    QTest::addColumn<QList<QColor>>("backgrounds");
    QTest::addColumn<double>("minRatio");
    QTest::newRow("enough already: unchanged") << QColor(0, 0, 255) << QList<QColor>{Qt::white} << 3.0;
    QTest::newRow("light grey on white darkens")
        << QColor(200, 200, 200) << QList<QColor>{Qt::white} << Contrast::graphics;
    QTest::newRow("blue on a dark window lightens")
        << QColor(31, 119, 180) << QList<QColor>{QColor(45, 45, 48)} << Contrast::graphics;
    QTest::newRow("red on a dark window, text")
        << QColor(176, 0, 32) << QList<QColor>{QColor(45, 45, 48)} << Contrast::text;
    QTest::newRow("highlight against dark button and window")
        << QColor(38, 105, 180) << QList<QColor>{QColor(55, 55, 59), QColor(45, 45, 48)} << Contrast::text;
    QTest::newRow("translucent over a dark base")
        << QColor(38, 105, 180, 150) << QList<QColor>{QColor(30, 30, 32)} << Contrast::graphics;
    QTest::newRow("translucent over white")
        << QColor(48, 140, 198, 150) << QList<QColor>{Qt::white} << Contrast::graphics;
}

void TestContrast::ensure()
{
    QFETCH(QColor, colour);
    QFETCH(QList<QColor>, backgrounds);
    QFETCH(double, minRatio);
    const QColor adjusted = Contrast::ensure(colour, backgrounds, minRatio);
    QCOMPARE(adjusted.alpha(), colour.alpha());
    for (const QColor &b : backgrounds)
        QVERIFY2(Contrast::ratio(Contrast::over(adjusted, b), b) >= minRatio,
                 qPrintable(QStringLiteral("%1 over %2").arg(adjusted.name(QColor::HexArgb), b.name())));
    // The hue is kept (red stays red, blue stays blue).
    if (colour.hslSaturation() > 0 && adjusted.hslSaturation() > 0)
        QVERIFY(std::abs(adjusted.hslHue() - colour.hslHue()) <= 3);
    if (Contrast::ratio(Contrast::over(colour, backgrounds.first()), backgrounds.first()) >= minRatio)
        QCOMPARE(adjusted, colour);
}

void TestContrast::readableOn_data()
{
    QTest::addColumn<QColor>("background");
    QTest::addColumn<QList<QColor>>("candidates");
    QTest::addColumn<QColor>("expected");
    QTest::newRow("white on dark blue") << QColor(20, 40, 120) << QList<QColor>{Qt::white, Qt::black}
                                        << QColor(Qt::white);
    QTest::newRow("black on yellow") << QColor(255, 220, 0) << QList<QColor>{Qt::white, Qt::black} << QColor(Qt::black);
    QTest::newRow("no candidate reads: black or white")
        << QColor(240, 240, 240) << QList<QColor>{QColor(200, 200, 200)} << QColor(Qt::black);
}

void TestContrast::readableOn()
{
    QFETCH(QColor, background);
    QFETCH(QList<QColor>, candidates);
    QFETCH(QColor, expected);
    QCOMPARE(Contrast::readableOn(background, candidates), expected);
}

QTEST_MAIN(TestContrast)
#include "tst_contrast.moc"

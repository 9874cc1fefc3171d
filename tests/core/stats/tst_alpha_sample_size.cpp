// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// How many doubly rated units alpha needs for an interval of a width, from a pilot drawn from a known model:
// the widths fall as the units grow, the size found is the first that fits (the one below does not), it follows
// the 1/√n law roughly, and a fresh study of that size drawn from the model itself gets a bootstrap interval
// close to the width asked for. The edge cases say why no size is found.
#include "model/seeded_draw.h"
#include "stats/alpha_sample_size.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace concord::stats;

namespace {

// units x 3 coders on 1..5: a coder gives the unit's truth 70% of the time, else one step off.
ReliabilityData model(std::size_t units, std::uint64_t seed)
{
    concord::model::SeededDraw draw(seed);
    ReliabilityData data(units, 3);
    for (std::size_t u = 0; u < units; ++u) {
        const int truth = 1 + static_cast<int>(draw.below(5));
        for (std::size_t c = 0; c < 3; ++c) {
            int v = truth;
            if (draw.below(10) >= 7)
                v = std::clamp(truth + (draw.below(2) == 0 ? -1 : 1), 1, 5);
            data.addValue(u, c, v);
        }
    }
    return data;
}

} // namespace

class TestAlphaSampleSize : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void findsTheFirstSizeThatFits_data();
    void findsTheFirstSizeThatFits();
    void aStudyOfThatSizeHasAboutThatWidth();
    void saysWhyNoSizeIsFound();
};

void TestAlphaSampleSize::findsTheFirstSizeThatFits_data()
{
    QTest::addColumn<int>("pilot");
    QTest::addColumn<double>("width");
    QTest::newRow("a small pilot, a narrow interval") << 40 << 0.1;
    QTest::newRow("a large pilot, a wider interval") << 400 << 0.12;
}

void TestAlphaSampleSize::findsTheFirstSizeThatFits()
{
    QFETCH(int, pilot);
    QFETCH(double, width);
    const BootstrapOptions options{300, 7, 0.95, ResampleUnit::Both};
    const auto r
        = alphaUnitsForWidth(model(static_cast<std::size_t>(pilot), 1), MeasurementLevel::Ordinal, width, options);
    QVERIFY2(r.unitsNeeded.has_value(), r.why.c_str());
    QCOMPARE(r.pilotUnits, static_cast<std::size_t>(pilot));
    // The size found fits; every size tried below it does not.
    for (const auto &p : r.curve) {
        if (p.units >= *r.unitsNeeded)
            QVERIFY2(p.units != *r.unitsNeeded || p.width() <= width, qPrintable(QString::number(p.width())));
        else
            QVERIFY2(p.width() > width, qPrintable(QStringLiteral("%1 units: %2").arg(p.units).arg(p.width())));
    }
    // Wider intervals at fewer units, and about the 1/√n law from the pilot's own width.
    QVERIFY(r.curve.front().width() > r.curve.back().width());
    const double law = r.pilotUnits * std::pow(r.atPilot.width() / width, 2);
    QVERIFY2(*r.unitsNeeded > law / 1.5 && *r.unitsNeeded < law * 1.5,
             qPrintable(QStringLiteral("%1 found, %2 by the law").arg(*r.unitsNeeded).arg(law)));
}

void TestAlphaSampleSize::aStudyOfThatSizeHasAboutThatWidth()
{
    // The pilot is one draw from the model; the study the sizing asks for is another, larger one.
    const double width = 0.08;
    const BootstrapOptions options{400, 11, 0.95, ResampleUnit::Both};
    const auto r = alphaUnitsForWidth(model(80, 3), MeasurementLevel::Ordinal, width, options);
    QVERIFY2(r.unitsNeeded.has_value(), r.why.c_str());
    const ReliabilityData study = model(*r.unitsNeeded, 4);
    const AlphaInterval interval = KrippendorffAlpha(study).bootstrap(MeasurementLevel::Ordinal, options);
    QVERIFY(interval.defined());
    const double got = *interval.high - *interval.low;
    QVERIFY2(got > 0.7 * width && got < 1.3 * width,
             qPrintable(QStringLiteral("%1 units give a width of %2").arg(*r.unitsNeeded).arg(got)));
}

void TestAlphaSampleSize::saysWhyNoSizeIsFound()
{
    const BootstrapOptions options{100, 1, 0.95, ResampleUnit::Both};
    // Nobody rated a unit twice.
    ReliabilityData lonely(10, 2);
    for (std::size_t u = 0; u < 10; ++u)
        lonely.addValue(u, u % 2, 3);
    const auto none = alphaUnitsForWidth(lonely, MeasurementLevel::Ordinal, 0.1, options);
    QVERIFY(!none.unitsNeeded);
    QVERIFY(!none.why.empty());
    // No width, or one beyond reach.
    QVERIFY(!alphaUnitsForWidth(model(30, 2), MeasurementLevel::Ordinal, 0, options).unitsNeeded);
    const auto far = alphaUnitsForWidth(model(30, 2), MeasurementLevel::Ordinal, 0.001, options, 2000);
    QVERIFY(!far.unitsNeeded);
    QVERIFY(far.why.find("2000") != std::string::npos);
}

QTEST_APPLESS_MAIN(TestAlphaSampleSize)
#include "tst_alpha_sample_size.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Krippendorff's alpha: the published vectors at every level, an independent pair-by-pair oracle on
// random data, the undefined cases with their reasons, and the bootstrap interval.
#include "stats/krippendorff.h"
#include "stats/reliability_data.h"

#include "test_paths.h"

#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <random>

using namespace concord::stats;

namespace {

constexpr double kTolerance = 1e-9;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr MeasurementLevel kLevels[]
    = {MeasurementLevel::Nominal, MeasurementLevel::Ordinal, MeasurementLevel::Interval, MeasurementLevel::Ratio};

nlohmann::json referenceVectors()
{
    QFile file(concord::test::sharedDir() + QStringLiteral("/reference/krippendorff_vectors.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return nlohmann::json::parse(file.readAll().toStdString());
}

ReliabilityData fromJson(const nlohmann::json &coderRows)
{
    std::vector<std::vector<double>> rows;
    for (const auto &row : coderRows) {
        std::vector<double> values;
        for (const auto &v : row)
            values.push_back(v.is_null() ? kNaN : v.get<double>());
        rows.push_back(std::move(values));
    }
    return ReliabilityData::fromCoderRows(rows);
}

// The textbook construction, as an oracle: the coincidence matrix from every ordered pair of values
// of different coders within a unit, each weighted 1/(m_u − 1), and δ² straight from the definitions.
double naiveAlpha(const ReliabilityData &data, MeasurementLevel level)
{
    std::map<double, std::map<double, double>> o;
    for (std::size_t u = 0; u < data.units(); ++u) {
        std::vector<double> values;
        for (std::size_t c = 0; c < data.coders(); ++c)
            if (!std::isnan(data.value(u, c)))
                values.push_back(data.value(u, c));
        if (values.size() < 2)
            continue;
        for (std::size_t i = 0; i < values.size(); ++i)
            for (std::size_t j = 0; j < values.size(); ++j)
                if (i != j)
                    o[values[i]][values[j]] += 1.0 / static_cast<double>(values.size() - 1);
    }
    std::vector<double> keys;
    std::map<double, double> marginal;
    double n = 0;
    for (const auto &[c, row] : o) {
        keys.push_back(c);
        for (const auto &[k, v] : row)
            marginal[c] += v;
        n += marginal[c];
    }
    const auto delta = [&](double c, double k) {
        switch (level) {
        case MeasurementLevel::Nominal:
            return c == k ? 0.0 : 1.0;
        case MeasurementLevel::Interval:
            return (c - k) * (c - k);
        case MeasurementLevel::Ratio:
            return c + k == 0 ? 0.0 : ((c - k) / (c + k)) * ((c - k) / (c + k));
        case MeasurementLevel::Ordinal: {
            const double lo = std::min(c, k);
            const double hi = std::max(c, k);
            double sum = 0;
            for (const double g : keys)
                if (g >= lo && g <= hi)
                    sum += marginal[g];
            const double d = sum - (marginal[c] + marginal[k]) / 2;
            return d * d;
        }
        }
        return 0.0;
    };
    double observed = 0;
    double expected = 0;
    for (const double c : keys)
        for (const double k : keys) {
            observed += (o[c].count(k) ? o[c][k] : 0.0) * delta(c, k);
            expected += marginal[c] * marginal[k] * delta(c, k);
        }
    return 1.0 - (n - 1) * observed / expected;
}

ReliabilityData randomData(std::uint64_t seed, std::size_t units, std::size_t coders, const std::vector<double> &scale,
                           double missing)
{
    std::mt19937_64 engine(seed);
    std::uniform_int_distribution<std::size_t> pick(0, scale.size() - 1);
    std::uniform_real_distribution<double> uniform(0, 1);
    ReliabilityData data(units, coders);
    for (std::size_t u = 0; u < units; ++u) {
        // Units lean towards one value, so that alpha is well away from 0.
        const std::size_t centre = pick(engine);
        for (std::size_t c = 0; c < coders; ++c) {
            if (uniform(engine) < missing)
                continue;
            std::size_t i = uniform(engine) < 0.6 ? centre : pick(engine);
            data.addValue(u, c, scale[i]);
        }
    }
    return data;
}

} // namespace

class TestKrippendorff : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void referenceVectors_data();
    void referenceVectors();
    void krippendorffExampleCounts();
    void levelNames();
    void matchesPairByPairOracle_data();
    void matchesPairByPairOracle();
    void unpairableUnitsAreLeftOut();
    void allValuesIdentical();
    void oneCoder();
    void oneUnit();
    void missingEverywhere();
    void emptyData();
    void twoValuesOnly();
    void infiniteValue();
    void negativeRatioData();
    void addValueGrowsAndReportsDuplicates();
    void bootstrapIsReproducible();
    void bootstrapContainsEstimate_data();
    void bootstrapContainsEstimate();
    void bootstrapMatchesNaiveResampling();
    void bootstrapCountsUndefinedResamples();
    void bootstrapUndefinedEverywhere();
};

void TestKrippendorff::referenceVectors_data()
{
    QTest::addColumn<int>("vector");
    QTest::addColumn<QString>("level");
    const nlohmann::json ref = ::referenceVectors();
    if (ref.is_null())
        QSKIP("../shared/reference/krippendorff_vectors.json is absent: the reference alphas cannot be checked here");
    int index = 0;
    for (const auto &v : ref.at("vectors")) {
        for (const auto &[level, value] : v.at("alpha").items()) {
            (void)value;
            const std::string tag = v.at("name").get<std::string>() + "/" + level;
            QTest::newRow(tag.c_str()) << index << QString::fromStdString(level);
        }
        ++index;
    }
}

void TestKrippendorff::referenceVectors()
{
    QFETCH(int, vector);
    QFETCH(QString, level);
    const nlohmann::json v = ::referenceVectors().at("vectors").at(static_cast<std::size_t>(vector));
    const auto parsed = measurementLevelFromString(level.toStdString());
    QVERIFY(parsed);
    const AlphaResult r = KrippendorffAlpha::compute(fromJson(v.at("data")), *parsed);
    QVERIFY2(r.defined(), r.undefinedReason.c_str());
    QVERIFY(r.undefinedReason.empty());
    const double expected = v.at("alpha").at(level.toStdString()).get<double>();
    QVERIFY2(std::abs(*r.alpha - expected) <= kTolerance,
             qPrintable(QStringLiteral("alpha %1, expected %2").arg(*r.alpha, 0, 'g', 17).arg(expected, 0, 'g', 17)));
    // alpha = 1 − D_o/D_e holds for the parts reported alongside.
    QVERIFY(std::abs(1 - *r.observedDisagreement / *r.expectedDisagreement - *r.alpha) <= kTolerance);
}

void TestKrippendorff::krippendorffExampleCounts()
{
    // Krippendorff (2011) example C: 12 units, the 12th has one value; n = 40 pairable values.
    const auto data = ReliabilityData::fromCoderRows({
        {1, 2, 3, 3, 2, 1, 4, 1, 2, kNaN, kNaN, kNaN},
        {1, 2, 3, 3, 2, 2, 4, 1, 2, 5, kNaN, 3},
        {kNaN, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, kNaN},
        {1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, kNaN},
    });
    const AlphaResult r = KrippendorffAlpha::compute(data, MeasurementLevel::Nominal);
    QCOMPARE(r.units, std::size_t(11));
    QCOMPARE(r.pairableValues, std::size_t(40));
    // His marginals n_c = 9, 13, 10, 5, 3 for the values 1..5: nominal D_e = (n² − Σ n_c²)/(n(n − 1)).
    const double sumSquares = 9.0 * 9 + 13.0 * 13 + 10.0 * 10 + 5.0 * 5 + 3.0 * 3;
    QVERIFY(std::abs(*r.expectedDisagreement - (40.0 * 40 - sumSquares) / (40.0 * 39)) <= kTolerance);
}

void TestKrippendorff::levelNames()
{
    for (const MeasurementLevel level : kLevels)
        QCOMPARE(measurementLevelFromString(toString(level)), std::optional<MeasurementLevel>(level));
    QCOMPARE(toString(MeasurementLevel::Ordinal), std::string_view("ordinal"));
    QVERIFY(!measurementLevelFromString("ordinalx"));
    QVERIFY(!measurementLevelFromString(""));
}

void TestKrippendorff::matchesPairByPairOracle_data()
{
    QTest::addColumn<quint64>("seed");
    QTest::addColumn<QString>("scale");
    QTest::addColumn<int>("coders");
    // Small integers (the value table) and values that are not (the sorted value list), with
    // 3 to 7 coders and missing values.
    QTest::newRow("likert-5") << quint64(1) << QStringLiteral("1 2 3 4 5") << 5;
    QTest::newRow("likert-3-coders") << quint64(2) << QStringLiteral("1 2 3 4 5") << 3;
    QTest::newRow("fractional") << quint64(3) << QStringLiteral("0.5 1.25 2 3.75 10 11.5") << 4;
    QTest::newRow("gaps") << quint64(4) << QStringLiteral("0 1 7 100 1000") << 7;
    QTest::newRow("large-integers") << quint64(5) << QStringLiteral("1000000 3000000 3000001 9000000") << 4;
}

void TestKrippendorff::matchesPairByPairOracle()
{
    QFETCH(quint64, seed);
    QFETCH(QString, scale);
    QFETCH(int, coders);
    std::vector<double> values;
    for (const QString &part : scale.split(QLatin1Char(' ')))
        values.push_back(part.toDouble());
    const ReliabilityData data = randomData(seed, 60, static_cast<std::size_t>(coders), values, 0.3);
    const KrippendorffAlpha alpha(data);
    for (const MeasurementLevel level : kLevels) {
        const AlphaResult r = alpha.compute(level);
        QVERIFY2(r.defined(), r.undefinedReason.c_str());
        const double expected = naiveAlpha(data, level);
        QVERIFY2(std::abs(*r.alpha - expected) <= kTolerance,
                 qPrintable(QStringLiteral("%1: %2 vs %3")
                                .arg(QString::fromUtf8(toString(level).data()))
                                .arg(*r.alpha, 0, 'g', 17)
                                .arg(expected, 0, 'g', 17)));
        QVERIFY(*r.alpha > 0.1); // the data was built to agree: guards against a trivial oracle
    }
}

void TestKrippendorff::unpairableUnitsAreLeftOut()
{
    // Adding units with a single value (and empty units) changes nothing, not even the ordinal
    // marginals: the value 9 seen only in an unpairable unit is not part of the coincidences.
    const auto base = ReliabilityData::fromCoderRows({{1, 2, 3, 3, 2}, {1, 3, 3, 4, 2}, {2, 2, kNaN, 4, 1}});
    const auto more = ReliabilityData::fromCoderRows(
        {{1, 2, 3, 3, 2, 9, kNaN, kNaN}, {1, 3, 3, 4, 2, kNaN, kNaN, 1}, {2, 2, kNaN, 4, 1, kNaN, kNaN, kNaN}});
    for (const MeasurementLevel level : kLevels) {
        const AlphaResult a = KrippendorffAlpha::compute(base, level);
        const AlphaResult b = KrippendorffAlpha::compute(more, level);
        QVERIFY(a.defined() && b.defined());
        QCOMPARE(b.units, std::size_t(5));
        QCOMPARE(b.pairableValues, std::size_t(14));
        QCOMPARE(*b.alpha, *a.alpha);
    }
}

void TestKrippendorff::allValuesIdentical()
{
    const auto data = ReliabilityData::fromCoderRows({{3, 3, 3, kNaN}, {3, 3, 3, 3}, {kNaN, 3, 3, 3}});
    for (const MeasurementLevel level : kLevels) {
        const AlphaResult r = KrippendorffAlpha::compute(data, level);
        QVERIFY(!r.defined());
        QVERIFY2(r.undefinedReason.find("expected disagreement is 0") != std::string::npos, r.undefinedReason.c_str());
        QVERIFY2(r.undefinedReason.find("every pairable value is 3") != std::string::npos, r.undefinedReason.c_str());
        QCOMPARE(r.units, std::size_t(4));
        QCOMPARE(r.pairableValues, std::size_t(10));
        QCOMPARE(r.observedDisagreement, std::optional<double>(0.0));
        QCOMPARE(r.expectedDisagreement, std::optional<double>(0.0));
    }
}

void TestKrippendorff::oneCoder()
{
    const auto data = ReliabilityData::fromCoderRows({{1, 2, 3, 4, 5}});
    for (const MeasurementLevel level : kLevels) {
        const AlphaResult r = KrippendorffAlpha::compute(data, level);
        QVERIFY(!r.defined());
        QVERIFY2(r.undefinedReason.find("no pairable units") != std::string::npos, r.undefinedReason.c_str());
        // The reason leads with what is missing, the words the window shows where alpha would be.
        QVERIFY2(r.undefinedReason.starts_with("fewer than two coders: "), r.undefinedReason.c_str());
        QCOMPARE(r.units, std::size_t(0));
        QCOMPARE(r.pairableValues, std::size_t(0));
        QVERIFY(!r.observedDisagreement && !r.expectedDisagreement);
    }
    // The interval says the same; so does a table with empty coders beside the one that rated.
    const AlphaInterval ci = KrippendorffAlpha(data).bootstrap(MeasurementLevel::Ordinal);
    QVERIFY2(ci.undefinedReason.starts_with("fewer than two coders: "), ci.undefinedReason.c_str());
    const AlphaResult withEmpty = KrippendorffAlpha::compute(
        ReliabilityData::fromCoderRows({{1, 2, 3}, {kNaN, kNaN, kNaN}}), MeasurementLevel::Ordinal);
    QVERIFY2(withEmpty.undefinedReason.starts_with("fewer than two coders: "), withEmpty.undefinedReason.c_str());
}

void TestKrippendorff::oneUnit()
{
    // One unit: the marginals are the unit's own values, so D_o = D_e and alpha is exactly 0.
    const auto data = ReliabilityData::fromCoderRows({{1}, {2}, {4}, {4}});
    for (const MeasurementLevel level : kLevels) {
        const AlphaResult r = KrippendorffAlpha::compute(data, level);
        QVERIFY2(r.defined(), r.undefinedReason.c_str());
        QCOMPARE(r.units, std::size_t(1));
        QCOMPARE(r.pairableValues, std::size_t(4));
        QVERIFY(std::abs(*r.alpha) <= kTolerance);
        QVERIFY(*r.observedDisagreement > 0);
    }
    // Nominal by hand: D_o = (m² − Σ_c n_c²)/(m − 1)/n = (16 − 6)/3/4.
    const AlphaResult nominal = KrippendorffAlpha::compute(data, MeasurementLevel::Nominal);
    QVERIFY(std::abs(*nominal.observedDisagreement - 10.0 / 12.0) <= kTolerance);
    QVERIFY(std::abs(*nominal.expectedDisagreement - 10.0 / 12.0) <= kTolerance);
}

void TestKrippendorff::missingEverywhere()
{
    const ReliabilityData data(10, 4); // every cell NaN
    QCOMPARE(data.valueCount(), std::size_t(0));
    for (const MeasurementLevel level : kLevels) {
        const AlphaResult r = KrippendorffAlpha::compute(data, level);
        QVERIFY(!r.defined());
        QVERIFY2(r.undefinedReason.find("no pairable units") != std::string::npos, r.undefinedReason.c_str());
        QVERIFY2(r.undefinedReason.starts_with("no values: "), r.undefinedReason.c_str());
        QCOMPARE(r.pairableValues, std::size_t(0));
    }
}

void TestKrippendorff::emptyData()
{
    for (const MeasurementLevel level : kLevels) {
        const AlphaResult r = KrippendorffAlpha::compute(ReliabilityData(), level);
        QVERIFY(!r.defined());
        QVERIFY2(r.undefinedReason.find("no pairable units") != std::string::npos, r.undefinedReason.c_str());
        const AlphaInterval ci = KrippendorffAlpha(ReliabilityData()).bootstrap(level);
        QVERIFY(!ci.defined());
        QVERIFY(!ci.undefinedReason.empty());
    }
    const AlphaResult zeroCoders = KrippendorffAlpha::compute(ReliabilityData(5, 0), MeasurementLevel::Interval);
    QVERIFY(!zeroCoders.defined());
}

void TestKrippendorff::twoValuesOnly()
{
    // Two different values in one unit: the only coincidences are the disagreement, alpha = 0.
    const auto pair = ReliabilityData::fromCoderRows({{1}, {2}});
    for (const MeasurementLevel level : kLevels) {
        const AlphaResult r = KrippendorffAlpha::compute(pair, level);
        QVERIFY2(r.defined(), r.undefinedReason.c_str());
        QCOMPARE(r.pairableValues, std::size_t(2));
        QVERIFY(std::abs(*r.alpha) <= kTolerance);
    }
    // Interval: D_o = (1/n)·Σ o_ck δ² = (1/2)(1 + 1)·1 = 1.
    QVERIFY(std::abs(*KrippendorffAlpha::compute(pair, MeasurementLevel::Interval).observedDisagreement - 1.0)
            <= kTolerance);
    // The same two values: undefined. In two different units: nothing is pairable.
    QVERIFY(
        !KrippendorffAlpha::compute(ReliabilityData::fromCoderRows({{2}, {2}}), MeasurementLevel::Ordinal).defined());
    const AlphaResult apart
        = KrippendorffAlpha::compute(ReliabilityData::fromCoderRows({{1, kNaN}, {kNaN, 2}}), MeasurementLevel::Ordinal);
    QVERIFY(!apart.defined());
    QVERIFY(apart.undefinedReason.find("no pairable units") != std::string::npos);
    QVERIFY2(apart.undefinedReason.starts_with("fewer than two coders per unit: "), apart.undefinedReason.c_str());
}

void TestKrippendorff::infiniteValue()
{
    const auto data = ReliabilityData::fromCoderRows({{1, 2, 3}, {1, std::numeric_limits<double>::infinity(), 3}});
    const AlphaResult r = KrippendorffAlpha::compute(data, MeasurementLevel::Interval);
    QVERIFY(!r.defined());
    QVERIFY2(r.undefinedReason.find("+inf (unit 2, coder 2)") != std::string::npos, r.undefinedReason.c_str());
}

void TestKrippendorff::negativeRatioData()
{
    const auto data = ReliabilityData::fromCoderRows({{-1, 2, 3}, {1, 2, 4}});
    const AlphaResult ratio = KrippendorffAlpha::compute(data, MeasurementLevel::Ratio);
    QVERIFY(!ratio.defined());
    QVERIFY2(ratio.undefinedReason.find("negative") != std::string::npos, ratio.undefinedReason.c_str());
    QVERIFY(KrippendorffAlpha::compute(data, MeasurementLevel::Interval).defined());
}

void TestKrippendorff::addValueGrowsAndReportsDuplicates()
{
    ReliabilityData data;
    QVERIFY(data.addValue(0, 0, 1));
    QVERIFY(data.addValue(2, 1, 4)); // a new unit and a new coder: the table grows
    QVERIFY(data.addValue(0, 1, 2));
    QCOMPARE(data.units(), std::size_t(3));
    QCOMPARE(data.coders(), std::size_t(2));
    QCOMPARE(data.value(0, 0), 1.0);
    QCOMPARE(data.value(0, 1), 2.0);
    QCOMPARE(data.value(2, 1), 4.0);
    QVERIFY(std::isnan(data.value(1, 0)));
    QVERIFY(!data.addValue(0, 1, 3)); // the cell held a value already
    QCOMPARE(data.value(0, 1), 3.0);
    QCOMPARE(data.valueCount(), std::size_t(3));
}

void TestKrippendorff::bootstrapIsReproducible()
{
    const ReliabilityData data = randomData(11, 300, 4, {1, 2, 3, 4, 5}, 0.2);
    const KrippendorffAlpha alpha(data);
    for (const MeasurementLevel level : kLevels) {
        BootstrapOptions options;
        options.seed = 0x5eedu;
        const AlphaInterval a = alpha.bootstrap(level, options);
        const AlphaInterval b = KrippendorffAlpha(data).bootstrap(level, options);
        QVERIFY2(a.defined(), a.undefinedReason.c_str());
        QCOMPARE(*a.low, *b.low);
        QCOMPARE(*a.high, *b.high);
        QCOMPARE(a.resamples, std::size_t(1000));
        QCOMPARE(a.used + a.skipped, a.resamples);
        QVERIFY(*a.low < *a.high);
        options.seed = 0x5eedu + 1;
        const AlphaInterval c = alpha.bootstrap(level, options);
        QVERIFY(*c.low != *a.low || *c.high != *a.high);
        // A wider confidence gives a wider interval from the same resamples.
        options.seed = 0x5eedu;
        options.confidence = 0.99;
        const AlphaInterval wide = alpha.bootstrap(level, options);
        QVERIFY(*wide.low <= *a.low && *wide.high >= *a.high);
    }
}

void TestKrippendorff::bootstrapContainsEstimate_data()
{
    referenceVectors_data();
}

void TestKrippendorff::bootstrapContainsEstimate()
{
    QFETCH(int, vector);
    QFETCH(QString, level);
    const nlohmann::json v = ::referenceVectors().at("vectors").at(static_cast<std::size_t>(vector));
    const AlphaEstimate e
        = KrippendorffAlpha::estimate(fromJson(v.at("data")), *measurementLevelFromString(level.toStdString()));
    QVERIFY(e.point.defined());
    QVERIFY2(e.interval.defined(), e.interval.undefinedReason.c_str());
    QCOMPARE(e.interval.used + e.interval.skipped, std::size_t(1000));
    QVERIFY2(
        *e.interval.low <= *e.point.alpha && *e.point.alpha <= *e.interval.high,
        qPrintable(QStringLiteral("[%1, %2] vs %3").arg(*e.interval.low).arg(*e.interval.high).arg(*e.point.alpha)));
}

void TestKrippendorff::bootstrapMatchesNaiveResampling()
{
    // The pattern-grouped bootstrap equals drawing the pairable units (in input order) with the same
    // engine, building each resample as a data set, and computing alpha on it.
    ReliabilityData data = randomData(21, 40, 3, {1, 2, 3, 4, 5}, 0.3);
    data.addValue(40, 0, 2); // an unpairable unit: not drawn
    std::vector<std::size_t> pairable;
    for (std::size_t u = 0; u < data.units(); ++u) {
        std::size_t m = 0;
        for (std::size_t c = 0; c < data.coders(); ++c)
            m += !std::isnan(data.value(u, c));
        if (m >= 2)
            pairable.push_back(u);
    }
    for (const MeasurementLevel level : kLevels) {
        BootstrapOptions options;
        options.resamples = 200;
        options.seed = 99;
        options.confidence = 0.9;
        const AlphaInterval fast = KrippendorffAlpha(data).bootstrap(level, options);

        // The draws as the header specifies them: 32-bit halves, low first, Lemire's rejection.
        std::mt19937_64 engine(options.seed);
        std::vector<std::uint32_t> halves;
        const auto next32 = [&] {
            if (halves.empty()) {
                const std::uint64_t word = engine();
                halves = {static_cast<std::uint32_t>(word >> 32), static_cast<std::uint32_t>(word)};
            }
            const std::uint32_t x = halves.back();
            halves.pop_back();
            return x;
        };
        const auto count = static_cast<std::uint64_t>(pairable.size());
        const auto draw = [&] {
            for (;;) {
                const std::uint64_t product = next32() * count;
                if ((product & 0xffffffffu) >= (std::uint64_t{1} << 32) % count)
                    return static_cast<std::size_t>(product >> 32);
            }
        };
        std::vector<double> alphas;
        std::size_t skipped = 0;
        for (std::size_t r = 0; r < options.resamples; ++r) {
            ReliabilityData resample(pairable.size(), data.coders());
            for (std::size_t i = 0; i < pairable.size(); ++i) {
                const std::size_t u = pairable[draw()];
                for (std::size_t c = 0; c < data.coders(); ++c)
                    resample.addValue(i, c, data.value(u, c));
            }
            const AlphaResult a = KrippendorffAlpha::compute(resample, level);
            if (a.defined())
                alphas.push_back(*a.alpha);
            else
                ++skipped;
        }
        std::sort(alphas.begin(), alphas.end());
        const auto quantile = [&](double q) {
            const double h = q * static_cast<double>(alphas.size() - 1);
            const auto lo = static_cast<std::size_t>(h);
            return alphas[lo]
                   + (h - static_cast<double>(lo)) * (alphas[std::min(lo + 1, alphas.size() - 1)] - alphas[lo]);
        };
        QCOMPARE(fast.skipped, skipped);
        QCOMPARE(fast.used, alphas.size());
        QVERIFY(std::abs(*fast.low - quantile(0.05)) <= kTolerance);
        QVERIFY(std::abs(*fast.high - quantile(0.95)) <= kTolerance);
    }
}

void TestKrippendorff::bootstrapCountsUndefinedResamples()
{
    // Two of three pairable units are all 1s: a resample drawing only those (p = 8/27) is undefined.
    const auto data = ReliabilityData::fromCoderRows({{1, 1, 1}, {1, 1, 2}});
    const AlphaInterval ci = KrippendorffAlpha(data).bootstrap(MeasurementLevel::Nominal);
    QVERIFY2(ci.defined(), ci.undefinedReason.c_str());
    QCOMPARE(ci.used + ci.skipped, std::size_t(1000));
    QVERIFY2(ci.skipped > 220 && ci.skipped < 380, qPrintable(QString::number(ci.skipped)));
}

void TestKrippendorff::bootstrapUndefinedEverywhere()
{
    const auto data = ReliabilityData::fromCoderRows({{4, 4, 4}, {4, 4, 4}});
    BootstrapOptions options;
    options.resamples = 50;
    const AlphaInterval ci = KrippendorffAlpha(data).bootstrap(MeasurementLevel::Interval, options);
    QVERIFY(!ci.defined());
    QCOMPARE(ci.skipped, std::size_t(50));
    QCOMPARE(ci.used, std::size_t(0));
    QVERIFY(!ci.undefinedReason.empty());
    options.confidence = 1.5;
    QVERIFY(!KrippendorffAlpha(data).bootstrap(MeasurementLevel::Interval, options).defined());
}

QTEST_APPLESS_MAIN(TestKrippendorff)
#include "tst_krippendorff.moc"

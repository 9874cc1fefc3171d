// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A panel's combination of its members' scores of one summary, worked by hand: the weighted mean, the weighted
// median (the middle value; between two values where exactly half the weight lies at or below one of them), the
// weighted majority (none on a tie), and the refusals.
#include "stats/panel_combination.h"

#include "error.h"

#include <QTest>

#include <limits>
#include <optional>
#include <vector>

using namespace concord;
using namespace concord::stats;
using Values = std::vector<double>;

Q_DECLARE_METATYPE(concord::stats::PanelCombine)
Q_DECLARE_METATYPE(std::optional<double>)

class TestPanelCombination : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void combine_data();
    void combine();
    void names();
    void refused_data();
    void refused();
};

void TestPanelCombination::combine_data()
{
    QTest::addColumn<PanelCombine>("how");
    QTest::addColumn<Values>("scores");
    QTest::addColumn<Values>("weights");
    QTest::addColumn<std::optional<double>>("expected");
    const auto mean = PanelCombine::Mean;
    const auto median = PanelCombine::Median;
    const auto majority = PanelCombine::Majority;
    QTest::newRow("mean") << mean << Values{1, 2, 4} << Values{1, 1, 1} << std::optional<double>(7.0 / 3);
    // (3 * 1 + 1 * 5) / 4.
    QTest::newRow("mean, weighted") << mean << Values{1, 5} << Values{3, 1} << std::optional<double>(2);
    QTest::newRow("median, odd") << median << Values{4, 1, 3} << Values{1, 1, 1} << std::optional<double>(3);
    // Half the weight at or below 2: the mean of 2 and 4.
    QTest::newRow("median, even") << median << Values{1, 2, 4, 5} << Values{1, 1, 1, 1} << std::optional<double>(3);
    QTest::newRow("median, even, equal pairs")
        << median << Values{2, 4, 2, 4} << Values{1, 1, 1, 1} << std::optional<double>(3);
    // 1 holds 3 of 4: past half at once.
    QTest::newRow("median, weighted") << median << Values{1, 5} << Values{3, 1} << std::optional<double>(1);
    // At or below 3: 2 of 4, exactly half; the next value up is 5: (3 + 5) / 2.
    QTest::newRow("median, weighted, exactly half")
        << median << Values{1, 3, 5} << Values{1, 1, 2} << std::optional<double>(4);
    QTest::newRow("median, one member") << median << Values{2} << Values{1} << std::optional<double>(2);
    QTest::newRow("majority") << majority << Values{4, 2, 4} << Values{1, 1, 1} << std::optional<double>(4);
    QTest::newRow("majority, tied") << majority << Values{4, 2} << Values{1, 1} << std::optional<double>();
    QTest::newRow("majority, three ways tied")
        << majority << Values{1, 2, 3} << Values{1, 1, 1} << std::optional<double>();
    // One heavy member outvotes two.
    QTest::newRow("majority, weighted") << majority << Values{4, 2, 2} << Values{3, 1, 1} << std::optional<double>(4);
    // A plurality is enough: 5 has 2 of 5 votes.
    QTest::newRow("majority, plurality") << majority << Values{5, 5, 1, 2, 3} << Values{1, 1, 1, 1, 1}
                                         << std::optional<double>(5);
    QTest::newRow("majority, pass/fail") << majority << Values{1, 0, 1} << Values{1, 1, 1} << std::optional<double>(1);
}

void TestPanelCombination::combine()
{
    QFETCH(PanelCombine, how);
    QFETCH(Values, scores);
    QFETCH(Values, weights);
    QFETCH(std::optional<double>, expected);
    const std::optional<double> got = combinePanel(how, scores, weights);
    QCOMPARE(got.has_value(), expected.has_value());
    if (expected) {
        QCOMPARE(*got, *expected);
    }
}

void TestPanelCombination::names()
{
    for (const PanelCombine c : {PanelCombine::Mean, PanelCombine::Median, PanelCombine::Majority})
        QVERIFY(panelCombineFromString(toString(c)) == c);
    QCOMPARE(toString(PanelCombine::Median), std::string_view("median"));
    QVERIFY(!panelCombineFromString("mode"));
    QVERIFY(!panelCombineFromString(""));
}

void TestPanelCombination::refused_data()
{
    constexpr double nan = std::numeric_limits<double>::quiet_NaN();
    constexpr double inf = std::numeric_limits<double>::infinity();
    QTest::addColumn<Values>("scores");
    QTest::addColumn<Values>("weights");
    QTest::addColumn<QString>("field");
    QTest::newRow("sizes differ") << Values{1, 2} << Values{1} << QStringLiteral("panel");
    QTest::newRow("no scores") << Values{} << Values{} << QStringLiteral("panel");
    QTest::newRow("weight 0") << Values{1, 2} << Values{1, 0} << QStringLiteral("weight");
    QTest::newRow("weight below 0") << Values{1, 2} << Values{-1, 1} << QStringLiteral("weight");
    QTest::newRow("weight NaN") << Values{1, 2} << Values{nan, 1} << QStringLiteral("weight");
    QTest::newRow("weight infinite") << Values{1, 2} << Values{inf, 1} << QStringLiteral("weight");
    QTest::newRow("score NaN") << Values{nan, 2} << Values{1, 1} << QStringLiteral("panel");
}

void TestPanelCombination::refused()
{
    QFETCH(Values, scores);
    QFETCH(Values, weights);
    QFETCH(QString, field);
    for (const PanelCombine c : {PanelCombine::Mean, PanelCombine::Median, PanelCombine::Majority}) {
        try {
            (void)combinePanel(c, scores, weights);
            QFAIL("accepted");
        } catch (const Failure &f) {
            QCOMPARE(QString::fromStdString(f.error().field), field);
        }
    }
}

QTEST_APPLESS_MAIN(TestPanelCombination)
#include "tst_panel_combination.moc"

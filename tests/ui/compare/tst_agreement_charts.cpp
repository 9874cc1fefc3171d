// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The dashboard's charts never cut a category's name short: on a narrow chart the names turn, on a wide
// one they lie flat again, in a forest chart (categories between ticks) and a bar chart alike. A forest
// chart's value axis labels its zero "0.0", never "-0.0"; an empty chart's reason is a line below its title. A
// chart's title, legend entries and axis titles wrap whole onto lines where they would have been shortened.
#include "common/chart_text_fit.h"
#include "compare/agreement_charts.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QGraphicsTextItem>
#include <QRegularExpression>
#include <QTest>

using concord::ui::AgreementCharts;

class TestAgreementCharts : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void forestLabelsTurnWhenNarrow();
    void barLabelsTurnWhenNarrow();
    void zeroIsNeverMinusZero_data();
    void zeroIsNeverMinusZero();
    void anEmptyChartsTitleAndReasonAreTwoLines();
    void titlesAndLegendWrapWhole();

private:
    static QStringList longNames();
};

QStringList TestAgreementCharts::longNames()
{
    return {QStringLiteral("consistency of the facts"), QStringLiteral("coherence across sentences"),
            QStringLiteral("fluency of the language"), QStringLiteral("relevance to the requirement")};
}

void TestAgreementCharts::forestLabelsTurnWhenNarrow()
{
    AgreementCharts::ForestGroup group{QStringLiteral("judge"), {}};
    for (int i = 0; i < 4; ++i)
        group.points << AgreementCharts::ForestPoint{0.5, 0.4, 0.6, QStringLiteral("tip")};
    QChartView view;
    AgreementCharts::setChart(&view, AgreementCharts::forestChart(QStringLiteral("title"), longNames(), {group}, {}, {},
                                                                  QStringLiteral("tau")));
    const QList<QAbstractAxis *> axes = view.chart()->axes(Qt::Horizontal);
    QCOMPARE(axes.size(), 1);
    QAbstractAxis *x = axes.first();
    QVERIFY(!x->truncateLabels());

    view.resize(360, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTRY_COMPARE(x->labelsAngle(), -45);

    view.resize(2400, 300);
    QTRY_COMPARE(x->labelsAngle(), 0);
    view.resize(360, 300);
    QTRY_COMPARE(x->labelsAngle(), -45);
}

void TestAgreementCharts::barLabelsTurnWhenNarrow()
{
    auto *chart = new QChart;
    auto *set = new QBarSet(QStringLiteral("wins"));
    *set << 1 << 2 << 3 << 4;
    auto *series = new QBarSeries;
    series->append(set);
    chart->addSeries(series);
    auto *x = new QBarCategoryAxis;
    x->append(longNames());
    AgreementCharts::keepLabelsWhole(chart, x, longNames());
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    QChartView view;
    AgreementCharts::setChart(&view, chart);

    view.resize(2400, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTRY_VERIFY(view.chart()->plotArea().width() > 1000);
    QCOMPARE(x->labelsAngle(), 0);
    QVERIFY(!x->truncateLabels());
    view.resize(360, 300);
    QTRY_COMPARE(x->labelsAngle(), -45);
}

void TestAgreementCharts::zeroIsNeverMinusZero_data()
{
    QTest::addColumn<double>("low");
    QTest::addColumn<double>("high");
    QTest::newRow("−0.25 to 0.7") << -0.25 << 0.7;
    QTest::newRow("−0.62 to 0.9") << -0.62 << 0.9;
    QTest::newRow("−0.9 to 0.1") << -0.9 << 0.1;
    QTest::newRow("−1.3 to 0.4") << -1.3 << 0.4;
}

// A forest chart's value axis labels its zero "0.0", as drawn: its ticks are summed from one end in steps of
// a tenth, and the sum that should be zero came out a hair below it, which printed "-0.0" on screen and in
// exported pictures.
void TestAgreementCharts::zeroIsNeverMinusZero()
{
    QFETCH(double, low);
    QFETCH(double, high);
    AgreementCharts::ForestGroup group{QStringLiteral("judge"), {}};
    group.points << AgreementCharts::ForestPoint{(low + high) / 2, low, high, QStringLiteral("tip")};
    group.points << AgreementCharts::ForestPoint{high, high, high, QStringLiteral("tip")};
    QChartView view;
    AgreementCharts::setChart(&view, AgreementCharts::forestChart(QStringLiteral("title"),
                                                                  {QStringLiteral("a"), QStringLiteral("b")}, {group},
                                                                  {}, {}, QStringLiteral("tau")));
    view.resize(500, 900);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const auto labels = [&view] {
        QStringList texts;
        for (QGraphicsItem *item : view.scene()->items())
            if (auto *text = dynamic_cast<QGraphicsTextItem *>(item); text && text->isVisible())
                texts << text->toPlainText();
        return texts;
    };
    QTRY_VERIFY2(labels().contains(QStringLiteral("0.0")), qPrintable(labels().join(QLatin1Char('|'))));
    QVERIFY2(!labels().contains(QStringLiteral("-0.0")), qPrintable(labels().join(QLatin1Char('|'))));
}

// An empty chart shows its title, and below it why it is empty and what to do: as one run of text the
// Pairwise title had run into its message.
void TestAgreementCharts::anEmptyChartsTitleAndReasonAreTwoLines()
{
    QChartView view;
    const QString title = QStringLiteral("Pairwise & position bias");
    const QString why = QStringLiteral("No pairwise verdicts yet: run or import an h2h judge <first>.");
    AgreementCharts::setChart(&view, AgreementCharts::emptyChart(title, why));
    view.resize(900, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QString drawn;
    for (QGraphicsItem *item : view.scene()->items())
        if (auto *text = dynamic_cast<QGraphicsTextItem *>(item); text && text->toPlainText().contains(title))
            drawn = text->toPlainText();
    QVERIFY2(!drawn.isEmpty(), "no title drawn");
    // Lines as a text document separates them (a paragraph or a line break), the markup characters as typed.
    const QStringList lines = drawn.split(QRegularExpression(QStringLiteral("[\\n\\x{2028}\\x{2029}]")));
    QCOMPARE(lines, (QStringList{title, why}));
}

// At twice the scale the Agreement view's charts are as narrow as this one: Qt Charts had shortened the title to
// its first words and each legend entry to a few letters ("expert + gp..."). Every text is drawn whole, on as
// many lines as it needs, and on one line again where there is room.
void TestAgreementCharts::titlesAndLegendWrapWhole()
{
    const QString title
        = QStringLiteral("Krippendorff's α (ordinal) per dimension: each group, and with a judge as one more coder");
    QList<AgreementCharts::ForestGroup> groups;
    for (const QString &name : {QStringLiteral("expert"), QStringLiteral("crowd of many turkers"),
                                QStringLiteral("expert + gpt-4o-mini rts"), QStringLiteral("expert + llama judge")})
        groups << AgreementCharts::ForestGroup{name, {{0.5, 0.4, 0.6, {}}, {0.6, 0.5, 0.7, {}}}};
    QChartView view;
    AgreementCharts::setChart(
        &view, AgreementCharts::forestChart(title, {QStringLiteral("coherence"), QStringLiteral("fluency")}, groups,
                                            {{0.7, 0.6, 0.8, {}}, {0.7, 0.6, 0.8, {}}},
                                            QStringLiteral("Human ceiling (range: dotted)"),
                                            QStringLiteral("P: Kendall τb of the system")));
    QCOMPARE(concord::ui::ChartTextFit::fullTitle(view.chart()), title);
    const auto drawn = [&view] {
        QStringList texts;
        for (QGraphicsItem *item : view.scene()->items())
            if (auto *text = dynamic_cast<QGraphicsTextItem *>(item); text && text->isVisible())
                texts << text->toPlainText();
        return texts;
    };
    const auto shortened = [&drawn] {
        QStringList cut;
        for (const QString &text : drawn())
            if (text.endsWith(QStringLiteral("...")) || text.endsWith(QChar(0x2026)))
                cut << text;
        return cut;
    };
    // The words of every text drawn, lines joined by spaces.
    const auto words = [&drawn] {
        QStringList all;
        for (const QString &text : drawn())
            all << text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts).join(u' ');
        return all;
    };
    const auto lines = [&drawn](const QString &start) -> qsizetype {
        for (const QString &text : drawn())
            if (text.startsWith(start))
                return text.split(QRegularExpression(QStringLiteral("[\\n\\x{2028}\\x{2029}]"))).size();
        return 0;
    };
    view.resize(420, 420);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTRY_VERIFY2(shortened().isEmpty(), qPrintable(shortened().join(u'|')));
    for (const QString &whole :
         {title, QStringLiteral("crowd of many turkers"), QStringLiteral("expert + gpt-4o-mini rts"),
          QStringLiteral("Human ceiling (range: dotted)"), QStringLiteral("P: Kendall τb of the system")})
        QVERIFY2(words().contains(whole), qPrintable(whole + QStringLiteral(" not in ") + words().join(u'|')));
    QVERIFY(lines(QStringLiteral("Krippendorff")) > 1);

    // Room again: the title on one line.
    view.resize(1800, 420);
    QTRY_COMPARE(lines(QStringLiteral("Krippendorff")), 1);
    QVERIFY2(shortened().isEmpty(), qPrintable(shortened().join(u'|')));
}

QTEST_MAIN(TestAgreementCharts)
#include "tst_agreement_charts.moc"

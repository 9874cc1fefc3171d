// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The dashboard's charts never cut a category's name short: on a narrow chart the names turn, on a wide
// one they lie flat again, in a forest chart (categories between ticks) and a bar chart alike.
#include "compare/agreement_charts.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QTest>

using concord::ui::AgreementCharts;

class TestAgreementCharts : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void forestLabelsTurnWhenNarrow();
    void barLabelsTurnWhenNarrow();

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

QTEST_MAIN(TestAgreementCharts)
#include "tst_agreement_charts.moc"

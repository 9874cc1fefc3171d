// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Estimates tab's table model: a report's systems as rows, intervals rounded in the text and whole in
// the roles, an undefined interval and a caution said, the method named in the header; QAbstractItemModelTester
// checks it through resets.
#include "compare/estimate_table_model.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

#include <cmath>
#include <limits>

using namespace concord;
using ui::EstimateTableModel;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

reports::EstimateReport report()
{
    reports::EstimateReport r;
    r.request.judge = "judge-j";
    r.request.humanGroup = "expert";
    r.request.labelledFraction = 0.5;
    // Appended, not assigned: GCC 12 warns falsely (-Wmaybe-uninitialized) on a short literal assigned here.
    reports::SystemEstimate a;
    a.dimension.append("coherence");
    a.system.append("M8");
    a.mean.human = {3.58333, 3.134219, 4.03245, 0.2};
    a.mean.ppi = {3.5125, 3.0876, 3.9375, 0.19};
    a.mean.judgeOnly = {3.83, 3.67, 3.99, 0.08};
    a.mean.lambda = 0.15;
    a.mean.labelled = 15;
    a.mean.unlabelled = 85;
    a.mean.effectiveLabels = 16.49;
    a.mean.labelsSaved = 1.49;
    a.fullDataMean = 3.29;
    a.noJudgeScore = 2;
    reports::SystemEstimate b;
    b.dimension.append("coherence");
    b.system.append("M10");
    b.mean.human = {5, 5, 5, 0};
    b.mean.ppi = {4.9, kNaN, kNaN, kNaN};
    b.mean.labelled = 1;
    b.mean.unlabelled = 9;
    b.mean.effectiveLabels = kNaN;
    b.mean.labelsSaved = kNaN;
    b.mean.why = "fewer than two labelled items";
    b.mean.caution = "the labels all agree: the interval may be too narrow";
    b.fullDataMean = 4.5;
    r.systems = {a, b};
    return r;
}

} // namespace

class TestEstimateTableModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rowsOfTheReport();
    void undefinedIntervalAndCaution();
    void headerNamesTheMethod();
    void clearEmpties();
};

void TestEstimateTableModel::rowsOfTheReport()
{
    EstimateTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), static_cast<int>(EstimateTableModel::ColumnCount));
    model.setReport(report());
    QCOMPARE(model.rowCount(), 2);
    auto text = [&](int row, int column) { return model.index(row, column).data().toString(); };
    auto exact = [&](int row, int column, int role = EstimateTableModel::ExactValueRole) {
        return model.index(row, column).data(role);
    };
    QCOMPARE(text(0, EstimateTableModel::System), QStringLiteral("M8"));
    QCOMPARE(text(0, EstimateTableModel::Labelled), QStringLiteral("15"));
    QCOMPARE(text(0, EstimateTableModel::Unlabelled), QStringLiteral("85"));
    QCOMPARE(text(0, EstimateTableModel::Human), QStringLiteral("3.583 [3.134, 4.032]"));
    QCOMPARE(text(0, EstimateTableModel::Estimate), QStringLiteral("3.513 [3.088, 3.938]"));
    QCOMPARE(text(0, EstimateTableModel::LabelsSaved), QStringLiteral("1.5"));
    QCOMPARE(text(0, EstimateTableModel::FullDataMean), QStringLiteral("3.290"));
    QCOMPARE(text(0, EstimateTableModel::Caution), QString());
    // Every digit in the roles.
    QCOMPARE(exact(0, EstimateTableModel::Human).toDouble(), 3.58333);
    QCOMPARE(exact(0, EstimateTableModel::Human, EstimateTableModel::LowRole).toDouble(), 3.134219);
    QCOMPARE(exact(0, EstimateTableModel::Human, EstimateTableModel::HighRole).toDouble(), 4.03245);
    QCOMPARE(exact(0, EstimateTableModel::Estimate).toDouble(), 3.5125);
    QCOMPARE(exact(0, EstimateTableModel::Estimate, EstimateTableModel::HighRole).toDouble(), 3.9375);
    QCOMPARE(exact(0, EstimateTableModel::LabelsSaved).toDouble(), 1.49);
    QCOMPARE(exact(0, EstimateTableModel::Labelled).toULongLong(), 15ULL);
    QVERIFY(!exact(0, EstimateTableModel::System, EstimateTableModel::LowRole).isValid());
    QVERIFY(exact(0, EstimateTableModel::Estimate, Qt::ToolTipRole).toString().contains(QStringLiteral("3.0876")));
    QVERIFY(exact(0, EstimateTableModel::LabelsSaved, Qt::ToolTipRole)
                .toString()
                .contains(QString::number(16.49, 'g', 17)));
    QVERIFY(exact(0, EstimateTableModel::Labelled, Qt::ToolTipRole).toString().endsWith(QStringLiteral(": 2")));
    QCOMPARE(exact(0, EstimateTableModel::Human, Qt::TextAlignmentRole).toInt(),
             static_cast<int>(Qt::AlignRight | Qt::AlignVCenter));
    QCOMPARE(exact(0, EstimateTableModel::System, Qt::TextAlignmentRole).toInt(),
             static_cast<int>(Qt::AlignLeft | Qt::AlignVCenter));
}

void TestEstimateTableModel::undefinedIntervalAndCaution()
{
    EstimateTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setReport(report());
    // Too few labels: the estimate without an interval, and why in the caution column.
    QCOMPARE(model.index(1, EstimateTableModel::Estimate).data().toString(), QStringLiteral("4.900"));
    QVERIFY(std::isnan(model.index(1, EstimateTableModel::Estimate).data(EstimateTableModel::LowRole).toDouble()));
    QCOMPARE(model.index(1, EstimateTableModel::LabelsSaved).data().toString(), QStringLiteral("—"));
    QCOMPARE(model.index(1, EstimateTableModel::Caution).data().toString(),
             QStringLiteral("fewer than two labelled items"));
    QCOMPARE(model.index(1, EstimateTableModel::Human).data().toString(), QStringLiteral("5.000 [5.000, 5.000]"));
    // Outside a what-if no full-data mean.
    reports::EstimateReport r = report();
    r.request.labelledFraction.reset();
    r.systems[1].fullDataMean = kNaN;
    r.systems[1].mean.why.clear();
    model.setReport(r);
    QCOMPARE(model.index(1, EstimateTableModel::FullDataMean).data().toString(), QStringLiteral("—"));
    QCOMPARE(model.index(1, EstimateTableModel::Caution).data().toString(),
             QStringLiteral("the labels all agree: the interval may be too narrow"));
}

void TestEstimateTableModel::headerNamesTheMethod()
{
    EstimateTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.headerData(EstimateTableModel::Human, Qt::Horizontal).toString(),
             QStringLiteral("Human mean [interval]"));
    QCOMPARE(model.headerData(EstimateTableModel::Estimate, Qt::Horizontal).toString(),
             QStringLiteral("PPI++ [interval]"));
    reports::EstimateReport r = report();
    r.request.method = stats::PpiMethod::Classical;
    QSignalSpy headers(&model, &QAbstractItemModel::headerDataChanged);
    model.setReport(r);
    QCOMPARE(headers.count(), 1);
    QCOMPARE(model.headerData(EstimateTableModel::Estimate, Qt::Horizontal).toString(),
             QStringLiteral("Labels alone [interval]"));
    QVERIFY(!model.headerData(0, Qt::Vertical).isValid());
}

void TestEstimateTableModel::clearEmpties()
{
    EstimateTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setReport(report());
    model.clear();
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(!model.report());
}

QTEST_MAIN(TestEstimateTableModel)
#include "tst_estimate_table_model.moc"

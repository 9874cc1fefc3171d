// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Review view's queue model on a small study file with two annotators who disagree: core's order kept (the
// most disputed first), each column's text and exact value, and QAbstractItemModelTester through resets.
#include "review/review_queue_model.h"
#include "review_study.h"

#include "reports/review_report.h"
#include "store/study.h"

#include <QAbstractItemModelTester>
#include <QLocale>
#include <QTemporaryDir>
#include <QTest>

using concord::ui::ReviewQueueModel;
namespace reports = concord::reports;
namespace store = concord::store;

class TestReviewQueueModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void contents();
    void tester();

private:
    QTemporaryDir m_dir;
    std::vector<reports::ReviewQueueItem> m_queue;
};

void TestReviewQueueModel::initTestCase()
{
    QLocale::setDefault(QLocale::c());
    QVERIFY(m_dir.isValid());
    const std::string path = m_dir.filePath(QStringLiteral("review.concord")).toStdString();
    QVERIFY(concord::test::makeReviewStudy(path));
    auto study = store::Study::open(path);
    QVERIFY(study.ok());
    auto queue = reports::reviewQueue(*study.value(), {});
    QVERIFY(queue.ok());
    m_queue = queue.value();
}

void TestReviewQueueModel::contents()
{
    ReviewQueueModel model;
    model.setItems(m_queue);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.columnCount(), int(ReviewQueueModel::ColumnCount));
    QCOMPARE(model.headerData(ReviewQueueModel::DisagreementColumn, Qt::Horizontal).toString(),
             QStringLiteral("Disagreement"));
    const auto text = [&](int row, int column) { return model.index(row, column).data().toString(); };
    QCOMPARE(text(0, ReviewQueueModel::DocumentColumn), QStringLiteral("d1"));
    QCOMPARE(text(1, ReviewQueueModel::DocumentColumn), QStringLiteral("d2"));
    QCOMPARE(text(2, ReviewQueueModel::DocumentColumn), QStringLiteral("d3"));
    QCOMPARE(text(0, ReviewQueueModel::AnnotatorsColumn), QStringLiteral("ann, bea"));
    QCOMPARE(text(2, ReviewQueueModel::AnnotatorsColumn), QStringLiteral("ann"));
    QCOMPARE(text(0, ReviewQueueModel::DisagreementColumn), QStringLiteral("0.500"));
    QCOMPARE(text(1, ReviewQueueModel::DisagreementColumn), QStringLiteral("0.125"));
    QCOMPARE(text(2, ReviewQueueModel::DisagreementColumn), QString());
    QCOMPARE(model.index(0, ReviewQueueModel::DisagreementColumn).data(ReviewQueueModel::ExactValueRole).toDouble(),
             0.5);
    QVERIFY(!model.index(2, ReviewQueueModel::DisagreementColumn).data(ReviewQueueModel::ExactValueRole).isValid());
    QCOMPARE(text(0, ReviewQueueModel::StatusColumn), QStringLiteral("open"));
    QVERIFY(model.index(0, ReviewQueueModel::DisagreementColumn)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("2 summary")));
    QCOMPARE(model.rowOf(m_queue[1].document), 1);
    QCOMPARE(model.rowOf(0), -1);
    QVERIFY(model.itemAt(3) == nullptr);
    QCOMPARE(model.itemAt(0)->externalId, std::string("d1"));
}

void TestReviewQueueModel::tester()
{
    ReviewQueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setItems(m_queue);
    model.setItems({});
    model.setItems(m_queue);
    QCOMPARE(model.rowCount(), 3);
}

QTEST_GUILESS_MAIN(TestReviewQueueModel)
#include "tst_review_queue_model.moc"

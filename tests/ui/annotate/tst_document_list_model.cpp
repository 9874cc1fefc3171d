// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// DocumentListModel under QAbstractItemModelTester: through open, reload and close.
#include "annotate/document_list_model.h"
#include "common/study_session.h"
#include "small_study.h"

#include "store/study.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QTest>

using concord::test::SmallStudy;
using concord::ui::DocumentListModel;
using concord::ui::StudySession;

class TestDocumentListModel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void emptyWithoutStudy();
    void rowsFromTheStudy();
    void reloadSeesNewDocumentsAndClose();
    void sortsNumbersAsNumbers();

private:
    QTemporaryDir m_dir;
    QString m_path;
};

void TestDocumentListModel::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_path = m_dir.filePath(QStringLiteral("small.concord"));
    QCOMPARE(SmallStudy::create(m_path), QString());
}

void TestDocumentListModel::emptyWithoutStudy()
{
    StudySession session;
    DocumentListModel model(&session);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(model.reload().ok());
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), static_cast<int>(DocumentListModel::ColumnCount));
    QCOMPARE(model.documentId(0), concord::model::Id{0});
    QCOMPARE(model.rowOf(1), -1);
}

void TestDocumentListModel::rowsFromTheStudy()
{
    StudySession session;
    DocumentListModel model(&session);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(session.open(m_path).ok());
    QVERIFY(model.reload().ok());

    QCOMPARE(model.rowCount(), SmallStudy::documents);
    QCOMPARE(model.headerData(DocumentListModel::IdColumn, Qt::Horizontal).toString(), QStringLiteral("Document"));
    for (int row = 0; row < SmallStudy::documents; ++row) {
        QCOMPARE(model.index(row, DocumentListModel::IdColumn).data().toString(), SmallStudy::documentIds().at(row));
        QCOMPARE(model.index(row, DocumentListModel::CandidatesColumn).data().toInt(),
                 static_cast<int>(SmallStudy::summaries(row).size()));
        QCOMPARE(model.index(row, DocumentListModel::RequirementColumn).data().toString(),
                 row == 1 ? QStringLiteral("yes") : QStringLiteral("no"));
        const auto id = model.index(row, 0).data(DocumentListModel::DocumentIdRole).toLongLong();
        QCOMPARE(model.documentId(row), id);
        QCOMPARE(model.rowOf(id), row);
    }
    // The judgements are counted off the GUI thread: blank (never a number of the last reload) until then.
    QSignalSpy counted(&model, &DocumentListModel::judgementsCounted);
    QVERIFY(model.isCountingJudgements());
    QVERIFY(!model.index(0, DocumentListModel::JudgementsColumn).data().isValid());
    QVERIFY(counted.wait());
    QVERIFY(!model.isCountingJudgements());
    // Two ratings were given on the first document's candidates, none elsewhere.
    QCOMPARE(model.index(0, DocumentListModel::JudgementsColumn).data().toInt(), 2);
    QCOMPARE(model.index(1, DocumentListModel::JudgementsColumn).data().toInt(), 0);
    QVERIFY(!model.index(0, DocumentListModel::IdColumn).data(Qt::ToolTipRole).toString().isEmpty());
    // A table: no children anywhere.
    QCOMPARE(model.rowCount(model.index(0, 0)), 0);
}

void TestDocumentListModel::reloadSeesNewDocumentsAndClose()
{
    const QString path = m_dir.filePath(QStringLiteral("growing.concord"));
    QCOMPARE(SmallStudy::create(path), QString());
    StudySession session;
    DocumentListModel model(&session);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QObject::connect(&session, &StudySession::studyChanged, &model, [&model] { QVERIFY(model.reload().ok()); });
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);

    QVERIFY(session.open(path).ok());
    QCOMPARE(model.rowCount(), SmallStudy::documents);
    // A read that stops after one row, as the document view does; it must not pin an old snapshot.
    QVERIFY(session.read([](concord::store::Study &study) { return study.document(1); }).ok());

    // A second connection writes (as an import on a worker thread does); the reload sees it.
    {
        auto other = concord::store::Study::open(path.toStdString());
        QVERIFY(other.ok());
        concord::store::Study &s = *other.value();
        const concord::Status status = s.write([&] {
            concord::model::Document d;
            d.externalId = "doc-4";
            d.source = "Added later.";
            s.addDocument(d);
        });
        QVERIFY(status.ok());
    }
    QVERIFY(session.refresh().ok());
    QCOMPARE(model.rowCount(), SmallStudy::documents + 1);
    QCOMPARE(model.index(3, 0).data().toString(), QStringLiteral("doc-4"));
    QCOMPARE(model.index(3, DocumentListModel::CandidatesColumn).data().toInt(), 0);
    QTRY_VERIFY(!model.isCountingJudgements());
    QCOMPARE(model.index(3, DocumentListModel::JudgementsColumn).data().toInt(), 0);

    session.close();
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(reset.count(), 3);
}

void TestDocumentListModel::sortsNumbersAsNumbers()
{
    StudySession session;
    DocumentListModel model(&session);
    QVERIFY(session.open(m_path).ok());
    QVERIFY(model.reload().ok());
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.sort(DocumentListModel::CandidatesColumn, Qt::DescendingOrder);
    QCOMPARE(proxy.index(0, DocumentListModel::CandidatesColumn).data().toInt(), 2);
    QCOMPARE(proxy.index(2, DocumentListModel::CandidatesColumn).data().toInt(), 1);
    QCOMPARE(proxy.index(2, DocumentListModel::IdColumn).data().toString(), QStringLiteral("doc-3"));
    // Sorted by the judgements while they are counted: the counts arrive under the tester and re-sort.
    proxy.sort(DocumentListModel::JudgementsColumn, Qt::DescendingOrder);
    QTRY_VERIFY(!model.isCountingJudgements());
    QCOMPARE(proxy.index(0, DocumentListModel::JudgementsColumn).data().toInt(), 2);
    QCOMPARE(proxy.index(0, DocumentListModel::IdColumn).data().toString(), SmallStudy::documentIds().at(0));
}

QTEST_MAIN(TestDocumentListModel)
#include "tst_document_list_model.moc"

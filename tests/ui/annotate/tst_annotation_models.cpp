// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Annotate item models under QAbstractItemModelTester, their setData going through the editor
// (one transaction, one undo command), and the UTF-16 / code-point conversion of span offsets.
#include "annotation_study.h"

#include "annotate/annotation_editor.h"
#include "annotate/document_list_model.h"
#include "annotate/error_span_model.h"
#include "annotate/ranking_model.h"
#include "annotate/text_offsets.h"
#include "annotate/unit_checklist_model.h"
#include "common/study_session.h"

#include "store/annotation_plan.h"
#include "store/annotation_progress.h"
#include "store/study.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using concord::model::Id;
using namespace concord::ui;

class TestAnnotationModels : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void textOffsetsHandleSurrogatePairs();
    void rankingModel();
    void errorSpanModel();
    void unitChecklistModel();
    void unitStatesLookAndReadApart();
    void documentListProgress();

private:
    QTemporaryDir m_dir;
    int m_n = 0;
    StudySession *m_session = nullptr;
    AnnotationEditor *m_editor = nullptr;
    Id m_doc = 0;
    std::vector<Id> m_candidates;
};

void TestAnnotationModels::init()
{
    const QString path = m_dir.filePath(QStringLiteral("m-%1.concord").arg(++m_n));
    QVERIFY(concord::test::AnnotationStudy::create(path).isEmpty());
    m_session = new StudySession;
    QVERIFY(m_session->open(path).ok());
    m_editor = new AnnotationEditor(m_session);
    QVERIFY(m_editor->createAnnotator(QStringLiteral("alice"), QStringLiteral("expert")).ok());
    m_doc = m_session->study()->documentId("doc-1").value();
    m_candidates.clear();
    for (const auto &c : m_session->study()->candidatesOf(m_doc))
        m_candidates.push_back(c.id);
}

void TestAnnotationModels::cleanup()
{
    delete m_editor;
    delete m_session;
}

void TestAnnotationModels::textOffsetsHandleSurrogatePairs()
{
    const QString text = QStringLiteral("a😀b𝄞c"); // two characters outside the BMP
    QCOMPARE(text.size(), 7);
    QCOMPARE(TextOffsets::codePointLength(text), 5);
    QCOMPARE(TextOffsets::toCodePoint(text, 0), 0);
    QCOMPARE(TextOffsets::toCodePoint(text, 1), 1);
    QCOMPARE(TextOffsets::toCodePoint(text, 2), 1); // inside the pair: the character's start
    QCOMPARE(TextOffsets::toCodePoint(text, 3), 2);
    QCOMPARE(TextOffsets::toCodePoint(text, 4), 3);
    QCOMPARE(TextOffsets::toCodePoint(text, 6), 4);
    QCOMPARE(TextOffsets::toCodePoint(text, 7), 5);
    QCOMPARE(TextOffsets::toCodePoint(text, 99), 5);
    for (int cp = 0; cp <= 5; ++cp)
        QCOMPARE(TextOffsets::toCodePoint(text, TextOffsets::toUtf16(text, cp)), cp);
    QCOMPARE(TextOffsets::toUtf16(text, 2), 3);
    QCOMPARE(TextOffsets::toUtf16(text, 4), 6);
    QCOMPARE(TextOffsets::toUtf16(text, 50), 7);
    QCOMPARE(TextOffsets::toCodePoint(QString(), 3), 0);
}

void TestAnnotationModels::rankingModel()
{
    RankingModel model(m_editor);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const Id overall = m_session->study()->dimensionId("overall").value();
    model.setCandidates(m_doc, overall,
                        {QStringLiteral("Summary A"), QStringLiteral("Summary B"), QStringLiteral("Summary C")},
                        m_candidates);
    connect(m_editor, &AnnotationEditor::judgementsChanged, &model, [&] {
        const auto r = m_session->study()->judgementsOf(m_editor->rater(), m_doc).rankings;
        model.setRanks(r.count(overall) ? r.at(overall) : std::map<Id, int>{});
    });
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.columnCount(), int(RankingModel::ColumnCount));
    QCOMPARE(model.index(1, RankingModel::SummaryColumn).data().toString(), QStringLiteral("Summary B"));
    // With letters the rows show them (whole in every language) and the full title is the tooltip.
    model.setCandidates(
        m_doc, overall,
        {QStringLiteral("Zusammenfassung A"), QStringLiteral("Zusammenfassung B"), QStringLiteral("Zusammenfassung C")},
        m_candidates, {QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C")});
    QCOMPARE(model.index(1, RankingModel::SummaryColumn).data().toString(), QStringLiteral("B"));
    QCOMPARE(model.index(1, RankingModel::SummaryColumn).data(Qt::ToolTipRole).toString(),
             QStringLiteral("Zusammenfassung B"));
    QVERIFY(model.flags(model.index(0, RankingModel::RankColumn)) & Qt::ItemIsEditable);
    QVERIFY(!(model.flags(model.index(0, RankingModel::NormalisedColumn)) & Qt::ItemIsEditable));
    const int before = m_session->undoStack()->count();
    QVERIFY(model.setData(model.index(0, RankingModel::RankColumn), 1));
    QVERIFY(model.setData(model.index(1, RankingModel::RankColumn), QStringLiteral("1")));
    QVERIFY(model.setData(model.index(2, RankingModel::RankColumn), 3));
    QCOMPARE(m_session->undoStack()->count(), before + 3);
    QCOMPARE(model.state(), RankingModel::State::Complete);
    QCOMPARE(model.index(2, RankingModel::NormalisedColumn).data().toInt(), 3);
    QSignalSpy failed(&model, &RankingModel::editFailed);
    QVERIFY(!model.setData(model.index(0, RankingModel::RankColumn), QStringLiteral("first")));
    QVERIFY(!model.setData(model.index(0, RankingModel::RankColumn), 0));
    QCOMPARE(failed.count(), 2);
    QVERIFY(model.setData(model.index(2, RankingModel::RankColumn), QString()));
    QCOMPARE(model.state(), RankingModel::State::Incomplete);
    m_session->undoStack()->undo();
    QCOMPARE(model.state(), RankingModel::State::Complete);
}

void TestAnnotationModels::errorSpanModel()
{
    ErrorSpanModel model(m_editor);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const Id candidate = m_candidates[1];
    const auto reload = [&] {
        std::vector<concord::model::ErrorSpan> spans;
        for (const auto &s : m_session->study()->judgementsOf(m_editor->rater(), m_doc).errorSpans)
            if (s.candidateId == candidate)
                spans.push_back(s);
        model.setSpans(m_doc, spans);
    };
    connect(m_editor, &AnnotationEditor::judgementsChanged, &model, reload);
    QVERIFY(m_editor->addErrorSpan(m_doc, candidate, 4, 9, QStringLiteral("mayor")).ok());
    QVERIFY(m_editor->addErrorSpan(m_doc, candidate, 0, 9, QStringLiteral("The mayor")).ok());
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.index(0, ErrorSpanModel::QuoteColumn).data().toString(), QStringLiteral("The mayor"));
    QVERIFY(!(model.flags(model.index(0, ErrorSpanModel::QuoteColumn)) & Qt::ItemIsEditable));
    QVERIFY(model.setData(model.index(1, ErrorSpanModel::NoteColumn), QStringLiteral("not in the article")));
    QCOMPARE(model.index(1, ErrorSpanModel::NoteColumn).data().toString(), QStringLiteral("not in the article"));
    m_session->undoStack()->undo();
    QCOMPARE(model.index(1, ErrorSpanModel::NoteColumn).data().toString(), QString());
    QVERIFY(!model.setData(model.index(1, ErrorSpanModel::QuoteColumn), QStringLiteral("x")));
}

void TestAnnotationModels::unitChecklistModel()
{
    UnitChecklistModel model(m_editor);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const Id candidate = m_candidates[0];
    model.setUnits(m_doc, candidate, {QStringLiteral("unit one"), QStringLiteral("unit two")});
    connect(m_editor, &AnnotationEditor::judgementsChanged, &model, [&] {
        std::map<int, bool> marks;
        for (const auto &[key, present] : m_session->study()->judgementsOf(m_editor->rater(), m_doc).unitMarks)
            if (key.first == candidate)
                marks[key.second] = present;
        model.setMarks(marks);
    });
    QCOMPARE(model.index(0).data(Qt::CheckStateRole).toInt(), int(Qt::PartiallyChecked));
    QCOMPARE(model.firstUnanswered(), 0);
    QVERIFY(model.flags(model.index(0)) & Qt::ItemIsUserCheckable);
    QVERIFY(model.setData(model.index(0), Qt::Checked, Qt::CheckStateRole));
    QVERIFY(model.setData(model.index(1), Qt::Unchecked, Qt::CheckStateRole));
    QCOMPARE(model.mark(0), std::optional<bool>(true));
    QCOMPARE(model.mark(1), std::optional<bool>(false));
    QCOMPARE(model.firstUnanswered(), -1);
    QVERIFY(model.setData(model.index(1), Qt::PartiallyChecked, Qt::CheckStateRole));
    QCOMPARE(model.firstUnanswered(), 1);
    QCOMPARE(model.mark(1), std::nullopt);
    m_session->undoStack()->undo();
    QCOMPARE(model.mark(1), std::optional<bool>(false));
    QCOMPARE(m_session->study()->judgementsOf(m_editor->rater(), m_doc).unitMarks.at({candidate, 1}), false);
}

// Present, absent and not answered read apart in words (first, where a long unit's "…" never reaches), in the
// check box and in the font, whatever the colour scheme.
void TestAnnotationModels::unitStatesLookAndReadApart()
{
    UnitChecklistModel model(m_editor);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setUnits(m_doc, m_candidates[1],
                   {QStringLiteral("unit one"), QStringLiteral("unit two"), QStringLiteral("unit three")});
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.setMarks({{0, true}, {1, false}});
    QCOMPARE(changed.size(), 1);
    const QModelIndex present = model.index(0);
    const QModelIndex absent = model.index(1);
    const QModelIndex open = model.index(2);
    QCOMPARE(present.data().toString(), QStringLiteral("present: unit one"));
    QCOMPARE(absent.data().toString(), QStringLiteral("absent: unit two"));
    QCOMPARE(open.data().toString(), QStringLiteral("not answered: unit three"));
    QCOMPARE(open.data(Qt::AccessibleTextRole).toString(), open.data().toString());
    QCOMPARE(present.data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
    QCOMPARE(absent.data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
    QCOMPARE(open.data(Qt::CheckStateRole).toInt(), int(Qt::PartiallyChecked));
    QVERIFY(!present.data(Qt::FontRole).isValid());
    const QFont struck = absent.data(Qt::FontRole).value<QFont>();
    QVERIFY(struck.strikeOut() && !struck.italic());
    const QFont italic = open.data(Qt::FontRole).value<QFont>();
    QVERIFY(italic.italic() && !italic.strikeOut());
    QVERIFY(absent.data(Qt::ToolTipRole).toString().contains(QStringLiteral("Absent")));
    QVERIFY(open.data(Qt::ToolTipRole).toString().contains(QStringLiteral("Not answered")));
    QCOMPARE(model.firstUnanswered(), 2);
}

void TestAnnotationModels::documentListProgress()
{
    DocumentListModel model(m_session);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(model.reload().ok());
    QCOMPARE(model.index(0, DocumentListModel::ProgressColumn).data().toString(), QStringLiteral("–"));
    concord::store::Study &s = *m_session->study();
    const concord::store::AnnotationProgress progress(concord::store::AnnotationPlan::of(s), s.dimensions());
    model.setProgress(progress.read(s, m_editor->rater()));
    QCOMPARE(model.index(0, DocumentListModel::ProgressColumn).data().toString(), QStringLiteral("0/17"));
    QVERIFY(m_editor->setRating(m_doc, m_candidates[0], s.dimensionId("fluency").value(), 4).ok());
    model.updateProgress(progress.readOne(s, m_editor->rater(), m_doc));
    QCOMPARE(model.index(0, DocumentListModel::ProgressColumn).data().toString(), QStringLiteral("1/17"));
    QVERIFY(!model.index(0, 0).data(DocumentListModel::FinishedRole).toBool());
    QCOMPARE(model.headerData(DocumentListModel::ProgressColumn, Qt::Horizontal).toString(),
             QStringLiteral("Progress"));
}

QTEST_MAIN(TestAnnotationModels)
#include "tst_annotation_models.moc"

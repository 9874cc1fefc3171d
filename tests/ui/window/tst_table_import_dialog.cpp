// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Import Table dialog: format guessed from the file name, one combo box per field listing the
// file's columns, a preview of the first rows as imported, and the whole file checked against the
// study, its errors listed and Import disabled, before anything is written.
#include "io/import_request.h"
#include "store/study.h"
#include "window/table_import_dialog.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

#include <initializer_list>
#include <memory>

using namespace concord;
using concord::ui::TableImportDialog;

class TestTableImportDialog : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void guessesTheFormatFromTheFileName();
    void combosListTheDetectedColumns_data();
    void combosListTheDetectedColumns();
    void untouchedCombosMeanSameNames();
    void changingAComboChangesThePreview();
    void aRatingColumnAddsADimension();
    void mappingErrorsNameTheBoxes();
    void scoresOfOneRaterImportUnderItsGroup();
    void chineseBoxNamesLeaveTheirMnemonicOut();
    void aBadValueIsListedAndImportStaysDisabled();
    void theStudyDecidesToo();
    void aGoodFileImportsExactlyThePreviewedRows();
    void aConcordExportNeedsNoMapping();
    void closingWhileCheckingLeavesTheStudyFree();
    void previewModelPassesTheTester();
    void everyComboIsReachableByKeyboard();

private:
    QString write(const QString &name, const QByteArray &content);
    store::StudyCounts counts();
    static QComboBox *combo(TableImportDialog &dialog, const char *field);
    static QStringList items(const QComboBox *combo);
    static QAbstractItemModel *preview(TableImportDialog &dialog);
    static QStringList column(TableImportDialog &dialog, const QString &field);
    static QStringList errors(TableImportDialog &dialog);
    static QPushButton *importButton(TableImportDialog &dialog);

    QTemporaryDir m_dir;
    QString m_study;
};

namespace {

QStringList names(std::initializer_list<const char *> texts)
{
    QStringList list;
    for (const char *t : texts)
        list << QString::fromUtf8(t);
    return list;
}

// An items file with the fields' own names, and ratings in long format.
const QByteArray kGood = "doc_id,article,system,summary,rater,dimension,value\n"
                         "news-1,The council met on Monday.,lead-3,The council met.,ann,coherence,4\n"
                         "news-1,The council met on Monday.,bart,Council meets.,ann,coherence,3\n"
                         "news-2,Rain is due on Friday.,lead-3,Rain on Friday.,bob,coherence,5\n";

} // namespace

void TestTableImportDialog::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

// A new study per test, holding document "old" with system S1's summary.
void TestTableImportDialog::init()
{
    static int n = 0;
    m_study = m_dir.filePath(QStringLiteral("study%1.concord").arg(++n));
    auto study = store::Study::create(m_study.toStdString());
    QVERIFY(study.ok());
    const Status seeded = study.value()->write([&] {
        model::Document d;
        d.externalId = "old";
        d.source = "An article already in the study.";
        const model::Id doc = study.value()->addDocument(d);
        study.value()->addCandidate(doc, study.value()->ensureSystem("S1"), "Old summary.");
    });
    QVERIFY(seeded.ok());
}

QString TestTableImportDialog::write(const QString &name, const QByteArray &content)
{
    const QString path = m_dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    file.write(content);
    return path;
}

store::StudyCounts TestTableImportDialog::counts()
{
    auto study = store::Study::open(m_study.toStdString());
    if (!study)
        qFatal("%s", study.error().describe().c_str());
    return study.value()->counts();
}

QComboBox *TestTableImportDialog::combo(TableImportDialog &dialog, const char *field)
{
    return dialog.findChild<QComboBox *>(QStringLiteral("column_") + QString::fromUtf8(field));
}

QStringList TestTableImportDialog::items(const QComboBox *combo)
{
    QStringList texts;
    for (int i = 0; i < combo->count(); ++i)
        texts << combo->itemText(i);
    return texts;
}

QAbstractItemModel *TestTableImportDialog::preview(TableImportDialog &dialog)
{
    auto *view = dialog.findChild<QTableView *>(QStringLiteral("tablePreview"));
    return view ? view->model() : nullptr;
}

// The preview's cells of one field, top to bottom; empty when the preview has no such column.
QStringList TestTableImportDialog::column(TableImportDialog &dialog, const QString &field)
{
    QAbstractItemModel *model = preview(dialog);
    QStringList cells;
    for (int c = 0; c < model->columnCount(); ++c) {
        if (model->headerData(c, Qt::Horizontal).toString() != field)
            continue;
        for (int r = 0; r < model->rowCount(); ++r)
            cells << model->index(r, c).data(Qt::EditRole).toString();
    }
    return cells;
}

QStringList TestTableImportDialog::errors(TableImportDialog &dialog)
{
    auto *list = dialog.findChild<QListWidget *>(QStringLiteral("importErrors"));
    QStringList texts;
    for (int i = 0; list && i < list->count(); ++i)
        texts << list->item(i)->text();
    return texts;
}

QPushButton *TestTableImportDialog::importButton(TableImportDialog &dialog)
{
    return dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
}

void TestTableImportDialog::guessesTheFormatFromTheFileName()
{
    TableImportDialog dialog(m_study);
    dialog.setFilePath(write(QStringLiteral("ratings.tsv"), "doc_id\n"));
    QCOMPARE(dialog.format(), io::TableFormat::Tsv);
    dialog.setFilePath(write(QStringLiteral("ratings.csv"), "doc_id\n"));
    QCOMPARE(dialog.format(), io::TableFormat::Csv);
    dialog.setFilePath(write(QStringLiteral("items.jsonl"), "{}\n"));
    QCOMPARE(dialog.format(), io::TableFormat::Jsonl);
}

void TestTableImportDialog::combosListTheDetectedColumns_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QStringList>("columns");
    QTest::addColumn<QString>("docId");   // chosen for doc_id
    QTest::addColumn<QString>("article"); // chosen for article

    QTest::newRow("csv") << "sheet.csv" << QByteArray("id,Article,model,output\nn1,T.,A,O.\n")
                         << names({"id", "Article", "model", "output"}) << "id"
                         << "Article";
    QTest::newRow("tsv") << "sheet.tsv" << QByteArray("doc_id\ttext\tsystem\nn1\tT.\tA\n")
                         << names({"doc_id", "text", "system"}) << "doc_id"
                         << "(not in file)";
    QTest::newRow("jsonl") << "items.jsonl"
                           << QByteArray("{\"doc_id\": \"n1\", \"article\": \"T.\"}\n{\"doc_id\": \"n2\", \"model\": "
                                         "\"A\", \"output\": \"O.\"}\n")
                           << names({"article", "doc_id", "model", "output"}) << "doc_id"
                           << "article";
}

void TestTableImportDialog::combosListTheDetectedColumns()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, content);
    QFETCH(QStringList, columns);
    QFETCH(QString, docId);
    QFETCH(QString, article);

    TableImportDialog dialog(m_study);
    dialog.setFilePath(write(name, content));
    for (const std::string &field : io::ColumnMapping::fields()) {
        QComboBox *box = combo(dialog, field.c_str());
        QVERIFY2(box, field.c_str());
        QVERIFY(box->isEnabled());
        // doc_id cannot be left out; every other field may be absent from the file.
        const QStringList expected
            = field == "doc_id" ? columns : QStringList{QStringLiteral("(not in file)")} + columns;
        QCOMPARE(items(box), expected);
    }
    QCOMPARE(combo(dialog, "doc_id")->currentText(), docId);
    QCOMPARE(combo(dialog, "article")->currentText(), article);
    QCOMPARE(combo(dialog, "rater")->currentText(), QStringLiteral("(not in file)"));
}

// Left as found, the mapping is the one concord-cli uses without --map.
void TestTableImportDialog::untouchedCombosMeanSameNames()
{
    TableImportDialog dialog(m_study);
    dialog.setFilePath(write(QStringLiteral("same.jsonl"), "{\"doc_id\": \"n1\", \"article\": \"T.\"}\n"));
    QCOMPARE(dialog.mapping().columns, io::ColumnMapping::identity().columns);
    QVERIFY(dialog.mapping().skipMissingColumns);
    QTRY_VERIFY(importButton(dialog)->isEnabled());
}

void TestTableImportDialog::changingAComboChangesThePreview()
{
    TableImportDialog dialog(m_study);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    dialog.setFilePath(write(QStringLiteral("two.csv"), "id,text,model,output,short\n"
                                                        "n1,The article.,A,A long summary.,Short A.\n"
                                                        "n2,Another article.,A,Another long one.,Short B.\n"));
    QComboBox *docId = combo(dialog, "doc_id");
    QComboBox *summary = combo(dialog, "summary");
    QCOMPARE(docId->currentText(), QStringLiteral("id"));
    QCOMPARE(column(dialog, QStringLiteral("doc_id")), names({"n1", "n2"}));
    QVERIFY(column(dialog, QStringLiteral("summary")).isEmpty());

    summary->setCurrentIndex(summary->findText(QStringLiteral("output")));
    QCOMPARE(column(dialog, QStringLiteral("summary")), names({"A long summary.", "Another long one."}));
    QVERIFY(!dialog.mapping().skipMissingColumns);
    QCOMPARE(dialog.mapping().columns.at("summary"), std::string("output"));

    // By keyboard: one down from "output" is "short".
    summary->setFocus();
    QTest::keyClick(summary, Qt::Key_Down);
    QCOMPARE(summary->currentText(), QStringLiteral("short"));
    QCOMPARE(column(dialog, QStringLiteral("summary")), names({"Short A.", "Short B."}));

    summary->setCurrentIndex(0); // (not in file)
    QVERIFY(column(dialog, QStringLiteral("summary")).isEmpty());
    QVERIFY(dialog.mapping().columns.find("summary") == dialog.mapping().columns.end());
}

// A column checked as a rating column is read as ratings on the dimension of its name.
void TestTableImportDialog::aRatingColumnAddsADimension()
{
    TableImportDialog dialog(m_study);
    dialog.setFilePath(write(QStringLiteral("wide.csv"), "doc_id,system,rater,coherence\nold,S1,ann,4\n"));
    auto *scores = dialog.findChild<QListWidget *>(QStringLiteral("scoreColumns"));
    QVERIFY(scores);
    const auto found = scores->findItems(QStringLiteral("coherence"), Qt::MatchExactly);
    QCOMPARE(found.size(), 1);
    found.front()->setCheckState(Qt::Checked);
    QCOMPARE(dialog.mapping().columns.at("score.coherence"), std::string("coherence"));
    QCOMPARE(column(dialog, QStringLiteral("score.coherence")), names({"4"}));
    QTRY_VERIFY(importButton(dialog)->isEnabled());
}

// A rating column without a rater column is refused in the dialog's words: the box to choose, not the command
// line's "field 'rater': … (rater=COLUMN)".
void TestTableImportDialog::mappingErrorsNameTheBoxes()
{
    TableImportDialog dialog(m_study);
    dialog.setFilePath(write(QStringLiteral("norater.csv"), "doc_id,system,summary,coherence\nold,S1,A summary.,4\n"));
    auto *scores = dialog.findChild<QListWidget *>(QStringLiteral("scoreColumns"));
    QVERIFY(scores);
    const auto found = scores->findItems(QStringLiteral("coherence"), Qt::MatchExactly);
    QCOMPARE(found.size(), 1);
    found.front()->setCheckState(Qt::Checked);
    auto *errors = dialog.findChild<QListWidget *>(QStringLiteral("importErrors"));
    QVERIFY(errors);
    QTRY_VERIFY(!dialog.isChecking() && errors->count() > 0);
    QStringList shown;
    for (int row = 0; row < errors->count(); ++row)
        shown << errors->item(row)->text();
    const QString all = shown.join(QLatin1Char('\n'));
    QVERIFY2(!all.contains(QStringLiteral("=COLUMN")) && !all.contains(QStringLiteral("field '")), qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("Rater: score columns need a rater column (choose its column in the box "
                                         "\"Rater\")")),
             qPrintable(all));
    QVERIFY(!importButton(dialog)->isEnabled());
}

// A sheet of one person's scores, without a rater column: its score column starts checked, the rater is named
// by keyboard in the dialog, and the ratings are the study's under that rater and group.
void TestTableImportDialog::scoresOfOneRaterImportUnderItsGroup()
{
    {
        auto study = store::Study::open(m_study.toStdString());
        QVERIFY(study.ok());
        const Status seeded = study.value()->write([&] {
            model::Dimension stars;
            stars.name = "stars";
            stars.scaleMin = 1;
            stars.scaleMax = 10;
            study.value()->ensureDimension(stars);
            study.value()->ensureRater({0, "earlier", model::RaterKind::Human, "lab", {}, {}, {}, {}});
        });
        QVERIFY(seeded.ok());
    }
    const store::StudyCounts before = counts();
    TableImportDialog dialog(m_study);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    dialog.activateWindow();
    QSignalSpy checked(&dialog, &TableImportDialog::checkFinished);
    dialog.setFilePath(write(QStringLiteral("scores.csv"), "doc_id,article,system,summary,score,stars,Stars,notes\n"
                                                           "old,,S1,,4,9,1,fine\n"
                                                           "n1,A new article.,A,A new summary.,2,3,2,good\n"));

    // "score" and the study's dimension "stars" hold numbers: they start checked; "Stars" is no dimension of the
    // study, "notes" no numbers.
    auto *scores = dialog.findChild<QListWidget *>(QStringLiteral("scoreColumns"));
    QVERIFY(scores);
    QStringList checkedColumns;
    for (int row = 0; row < scores->count(); ++row)
        if (scores->item(row)->checkState() == Qt::Checked)
            checkedColumns << scores->item(row)->text();
    QCOMPARE(checkedColumns, names({"score", "stars"}));
    QCOMPARE(dialog.mapping().columns.at("score.score"), std::string("score"));

    // No rater yet: the error says which box takes one.
    QTRY_COMPARE(checked.count(), 1);
    QVERIFY(!importButton(dialog)->isEnabled());
    const QString all = errors(dialog).join(QLatin1Char('\n'));
    QVERIFY2(all.contains(QStringLiteral("(type a name in the box \"Rater's name (no rater column)\")")),
             qPrintable(all));
    QVERIFY2(!all.contains(QStringLiteral("--rater")), qPrintable(all));

    // A rater column chosen, the name is for nobody.
    auto *name = dialog.findChild<QLineEdit *>(QStringLiteral("raterName"));
    auto *group = dialog.findChild<QComboBox *>(QStringLiteral("raterGroup"));
    QVERIFY(name && group);
    QCOMPARE(items(group), names({"lab"})); // the study's groups
    QComboBox *rater = combo(dialog, "rater");
    rater->setCurrentIndex(rater->findText(QStringLiteral("notes")));
    QVERIFY(!name->isEnabled() && !group->isEnabled());
    rater->setCurrentIndex(0); // (not in file)
    QVERIFY(name->isEnabled() && group->isEnabled());

    // By keyboard: Alt+N to the name, Alt+A to the group, typed.
    QTest::keyClick(&dialog, Qt::Key_N, Qt::AltModifier);
    QTRY_COMPARE(QApplication::focusWidget(), name);
    QTest::keyClicks(name, QStringLiteral("maria"));
    QTest::keyClick(&dialog, Qt::Key_A, Qt::AltModifier);
    QTRY_COMPARE(QApplication::focusWidget(), group);
    QTest::keyClicks(group, QStringLiteral("crowd"));
    QVERIFY(dialog.mapping().fixedRater.has_value());
    QCOMPARE(dialog.mapping().fixedRater->name, std::string("maria"));
    QCOMPARE(dialog.mapping().fixedRater->group, std::string("crowd"));
    QTRY_VERIFY(importButton(dialog)->isEnabled());
    QVERIFY(errors(dialog).isEmpty());
    QCOMPARE(column(dialog, QStringLiteral("score.score")), names({"4", "2"}));
    QCOMPARE(counts().ratings, before.ratings); // checked, not written

    QTest::mouseClick(importButton(dialog), Qt::LeftButton);
    QCOMPARE(dialog.result(), static_cast<int>(QDialog::Accepted));
    // As the main window imports what the dialog was accepted with.
    io::ImportRequest request;
    request.kind = io::ImportRequest::Kind::Table;
    request.paths = {dialog.filePath().toStdString()};
    request.format = dialog.format();
    request.mapping = dialog.mapping();
    const auto report = request.run(m_study.toStdString());
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report.value().ratings, 4);

    auto opened = store::Study::open(m_study.toStdString());
    QVERIFY(opened.ok());
    store::Study &study = *opened.value();
    const auto maria = study.raterId("maria");
    QVERIFY(maria);
    bool inCrowd = false;
    for (const auto &r : study.raters())
        inCrowd = inCrowd || (r.name == "maria" && r.group == "crowd" && r.kind == model::RaterKind::Human);
    QVERIFY(inCrowd);
    const auto old = study.candidateId(study.documentId("old").value(), study.systemId("S1").value()).value();
    const auto added = study.candidateId(study.documentId("n1").value(), study.systemId("A").value()).value();
    QCOMPARE(study.rating(*maria, old, study.dimensionId("score").value()), std::optional<double>(4));
    QCOMPARE(study.rating(*maria, added, study.dimensionId("score").value()), std::optional<double>(2));
    QCOMPARE(study.rating(*maria, old, study.dimensionId("stars").value()), std::optional<double>(9));
    QCOMPARE(study.rating(*maria, added, study.dimensionId("stars").value()), std::optional<double>(3));
    QCOMPARE(study.counts().ratings, before.ratings + 4);
}

// A Chinese label carries its mnemonic as "(&N)" and ends in a full-width colon: an error names the box without
// either.
void TestTableImportDialog::chineseBoxNamesLeaveTheirMnemonicOut()
{
    class Chinese : public QTranslator {
    public:
        bool isEmpty() const override { return false; }
        QString translate(const char *context, const char *source, const char *, int) const override
        {
            if (qstrcmp(context, "concord::ui::TableImportDialog") != 0)
                return {};
            if (qstrcmp(source, "Rater's &name (no rater column):") == 0)
                return QStringLiteral("评分者名称（无评分者列）(&N)：");
            if (qstrcmp(source, " (type a name in the box \"%1\")") == 0)
                return QStringLiteral("（请在“%1”框中输入名称）");
            return {};
        }
    } chinese;
    QCoreApplication::installTranslator(&chinese);
    TableImportDialog dialog(m_study);
    QSignalSpy checked(&dialog, &TableImportDialog::checkFinished);
    dialog.setFilePath(write(QStringLiteral("chinese.csv"), "doc_id,system,score\nold,S1,4\n"));
    QTRY_COMPARE(checked.count(), 1);
    QCoreApplication::removeTranslator(&chinese);
    const QString all = errors(dialog).join(QLatin1Char('\n'));
    QVERIFY2(all.contains(QStringLiteral("（请在“评分者名称（无评分者列）”框中输入名称）")), qPrintable(all));
}

void TestTableImportDialog::aBadValueIsListedAndImportStaysDisabled()
{
    const store::StudyCounts before = counts();
    TableImportDialog dialog(m_study);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QSignalSpy checked(&dialog, &TableImportDialog::checkFinished);
    QByteArray bad = kGood;
    bad.replace("bob,coherence,5", "bob,coherence,five");
    const QString path = write(QStringLiteral("bad.csv"), bad);
    dialog.setFilePath(path);
    // The bad value is on the last row, which the preview shows as it is: the check finds it.
    QCOMPARE(column(dialog, QStringLiteral("value")), names({"4", "3", "five"}));
    QTRY_COMPARE(checked.count(), 1);
    QVERIFY(!dialog.isChecking());
    QCOMPARE(errors(dialog), QStringList{path + QStringLiteral(":4: Value: expected a number, found 'five'")});
    QVERIFY(!importButton(dialog)->isEnabled());

    QTest::mouseClick(importButton(dialog), Qt::LeftButton);
    QTest::keyClick(&dialog, Qt::Key_Return);
    QVERIFY(dialog.isVisible());
    QCOMPARE(dialog.result(), static_cast<int>(QDialog::Rejected));
    const store::StudyCounts after = counts();
    QCOMPARE(after.documents, before.documents);
    QCOMPARE(after.candidates, before.candidates);
    QCOMPARE(after.raters, before.raters);
    QCOMPARE(after.ratings, before.ratings);
}

// The check runs against the open study: ratings of a summary it has pass, of one it lacks do not.
void TestTableImportDialog::theStudyDecidesToo()
{
    TableImportDialog dialog(m_study);
    QSignalSpy checked(&dialog, &TableImportDialog::checkFinished);
    dialog.setFilePath(
        write(QStringLiteral("ratings.csv"), "doc_id,system,rater,dimension,value\nold,S1,ann,coherence,4\n"));
    QTRY_COMPARE(checked.count(), 1);
    QVERIFY(errors(dialog).isEmpty());
    QVERIFY(importButton(dialog)->isEnabled());

    const QString other
        = write(QStringLiteral("other.csv"), "doc_id,system,rater,dimension,value\nold,S2,ann,coherence,4\n");
    dialog.setFilePath(other);
    QTRY_COMPARE(checked.count(), 2);
    QCOMPARE(errors(dialog), QStringList{other
                                         + QStringLiteral(":2: System: document 'old' has no summary by "
                                                          "system 'S2'")});
    QVERIFY(!importButton(dialog)->isEnabled());
}

void TestTableImportDialog::aGoodFileImportsExactlyThePreviewedRows()
{
    const store::StudyCounts before = counts();
    TableImportDialog dialog(m_study);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    dialog.setFilePath(write(QStringLiteral("good.txt"), kGood));
    dialog.findChild<QComboBox *>(QStringLiteral("tableFormat"))->setCurrentIndex(1); // CSV: the name does not say
    QCOMPARE(dialog.format(), io::TableFormat::Csv);
    QTRY_VERIFY(importButton(dialog)->isEnabled());
    QVERIFY(errors(dialog).isEmpty());
    QCOMPARE(counts().ratings, before.ratings); // checked, not written

    QAbstractItemModel *model = preview(dialog);
    QCOMPARE(model->rowCount(), 3);
    QTest::mouseClick(importButton(dialog), Qt::LeftButton);
    QCOMPARE(dialog.result(), static_cast<int>(QDialog::Accepted));

    // As the main window imports what the dialog was accepted with.
    io::ImportRequest request;
    request.kind = io::ImportRequest::Kind::Table;
    request.paths = {dialog.filePath().toStdString()};
    request.format = dialog.format();
    request.mapping = dialog.mapping();
    const auto report = request.run(m_study.toStdString());
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report.value().linesRead, model->rowCount());

    auto opened = store::Study::open(m_study.toStdString());
    QVERIFY(opened.ok());
    store::Study &study = *opened.value();
    QCOMPARE(study.counts().ratings, before.ratings + model->rowCount());
    const QStringList docs = column(dialog, QStringLiteral("doc_id"));
    const QStringList articles = column(dialog, QStringLiteral("article"));
    const QStringList systems = column(dialog, QStringLiteral("system"));
    const QStringList summaries = column(dialog, QStringLiteral("summary"));
    const QStringList raters = column(dialog, QStringLiteral("rater"));
    const QStringList dimensions = column(dialog, QStringLiteral("dimension"));
    const QStringList values = column(dialog, QStringLiteral("value"));
    for (int r = 0; r < model->rowCount(); ++r) {
        const auto document = study.documentId(docs[r].toStdString());
        QVERIFY(document);
        QCOMPARE(QString::fromStdString(study.document(*document)->source), articles[r]);
        const auto candidate = study.candidateId(*document, study.systemId(systems[r].toStdString()).value());
        QVERIFY(candidate);
        bool sameSummary = false;
        for (const auto &c : study.candidatesOf(*document))
            sameSummary = sameSummary || (c.id == *candidate && QString::fromStdString(c.text) == summaries[r]);
        QVERIFY(sameSummary);
        const auto rating = study.rating(study.raterId(raters[r].toStdString()).value(), *candidate,
                                         study.dimensionId(dimensions[r].toStdString()).value());
        QCOMPARE(rating, std::optional<double>(values[r].toDouble()));
    }
}

void TestTableImportDialog::aConcordExportNeedsNoMapping()
{
    TableImportDialog dialog(m_study);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    dialog.setFilePath(write(QStringLiteral("export.csv"),
                             "kind,doc_id,system,dimension,rater,group,rater_kind,value,start,end,quote,note,system_b,"
                             "shown_order,outcome,text\nrating,old,S1,coherence,ann,,human,4,,,,,,,,\n"));
    QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("exportNote"))->isVisible());
    QVERIFY(!combo(dialog, "doc_id")->isEnabled());
    QCOMPARE(dialog.mapping().columns, io::ColumnMapping::identity().columns);
    QTRY_VERIFY(importButton(dialog)->isEnabled());

    dialog.setFilePath(write(QStringLiteral("plain.csv"), "doc_id,article\nn1,T.\n"));
    QVERIFY(!dialog.findChild<QLabel *>(QStringLiteral("exportNote"))->isVisible());
    QVERIFY(combo(dialog, "doc_id")->isEnabled());
}

// A check still running when the dialog goes is stopped; it wrote nothing and holds no lock.
void TestTableImportDialog::closingWhileCheckingLeavesTheStudyFree()
{
    QByteArray big = "doc_id,article,system,summary,rater,dimension,value\n";
    for (int i = 0; i < 60000; ++i)
        big += "news-" + QByteArray::number(i) + ",An article of some length for row " + QByteArray::number(i)
               + ".,lead-3,A summary of it.,ann,coherence,4\n";
    const QString path = write(QStringLiteral("big.csv"), big);
    const store::StudyCounts before = counts();
    {
        TableImportDialog dialog(m_study);
        dialog.setFilePath(path);
        QVERIFY(dialog.isChecking());
    }
    auto study = store::Study::open(m_study.toStdString());
    QVERIFY(study.ok());
    const Status written = study.value()->write([&] { study.value()->ensureSystem("after"); });
    QVERIFY2(written.ok(), written.ok() ? "" : written.error().describe().c_str());
    QCOMPARE(study.value()->counts().documents, before.documents);
    QCOMPARE(study.value()->counts().ratings, before.ratings);
}

void TestTableImportDialog::previewModelPassesTheTester()
{
    TableImportDialog dialog(m_study);
    QAbstractItemModel *model = preview(dialog);
    QVERIFY(model);
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    dialog.setFilePath(write(QStringLiteral("good.csv"), kGood));
    QCOMPARE(model->rowCount(), 3);
    QCOMPARE(model->headerData(0, Qt::Vertical).toString(), QStringLiteral("2")); // the row's line
    combo(dialog, "article")->setCurrentIndex(0);
    QCOMPARE(model->columnCount(), 6);
    dialog.setFilePath(write(QStringLiteral("broken.csv"), "doc_id,article\nn1\n"));
    QCOMPARE(model->rowCount(), 0);
    dialog.setFilePath(QString());
    QCOMPARE(model->rowCount(), 0);
    QCOMPARE(model->columnCount(), 0);
}

void TestTableImportDialog::everyComboIsReachableByKeyboard()
{
    TableImportDialog dialog(m_study);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    dialog.setFilePath(write(QStringLiteral("good.csv"), kGood));
    combo(dialog, "rater")->setCurrentIndex(0); // (not in file): the rater is named in the dialog
    dialog.activateWindow();
    auto *path = dialog.findChild<QLineEdit *>(QStringLiteral("tablePath"));
    path->setFocus();
    QTRY_COMPARE(QApplication::focusWidget(), path);

    QList<QWidget *> reached;
    for (int i = 0; i < 40 && !reached.contains(QApplication::focusWidget()); ++i) {
        reached << QApplication::focusWidget();
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    }
    const auto labels = dialog.findChildren<QLabel *>();
    QList<QWidget *> mapped;
    for (const std::string &field : io::ColumnMapping::fields())
        mapped << combo(dialog, field.c_str());
    mapped << dialog.findChild<QLineEdit *>(QStringLiteral("raterName"))
           << dialog.findChild<QComboBox *>(QStringLiteral("raterGroup"))
           << dialog.findChild<QListWidget *>(QStringLiteral("scoreColumns"));
    for (QWidget *widget : mapped) {
        QVERIFY2(reached.contains(widget), qPrintable(widget->objectName()));
        // Its label has a mnemonic that leads to it.
        bool labelled = false;
        for (const QLabel *label : labels)
            labelled = labelled || (label->buddy() == widget && label->text().contains(QLatin1Char('&')));
        QVERIFY2(labelled, qPrintable(widget->objectName()));
    }
}

QTEST_MAIN(TestTableImportDialog)
#include "tst_table_import_dialog.moc"

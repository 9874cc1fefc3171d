// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A table before it is imported: the columns a mapping can name (CSV/TSV header, JSONL keys), and the
// first rows as the importer reads them through a mapping, with the importer's error on them.
#include "io/table_importer.h"
#include "store/study.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <initializer_list>

using namespace concord;

class TestTablePreview : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void columnsOf_data();
    void columnsOf();
    void columnsOfAnUnreadableFile();
    void preview_data();
    void preview();
    void previewedRowsAreTheImportedRows();
};

namespace {

std::string write(const QTemporaryDir &dir, const char *name, const QByteArray &content)
{
    const std::string path = dir.filePath(QString::fromUtf8(name)).toStdString();
    std::ofstream out(path, std::ios::binary);
    out.write(content.constData(), content.size());
    return path;
}

io::TableFormat formatNamed(const QString &name)
{
    return io::tableFormatFromName(name.toStdString()).value();
}

// An empty spec is the mapping used when none is given.
io::ColumnMapping mapping(const QString &spec)
{
    if (spec.isEmpty())
        return io::ColumnMapping::identity();
    auto m = io::ColumnMapping::parse(spec.toStdString());
    if (!m)
        qFatal("mapping %s: %s", qPrintable(spec), m.error().describe().c_str());
    return m.value();
}

QStringList names(std::initializer_list<const char *> texts)
{
    QStringList list;
    for (const char *t : texts)
        list << QString::fromUtf8(t);
    return list;
}

QStringList toStrings(const std::vector<std::string> &texts)
{
    QStringList list;
    for (const auto &t : texts)
        list << QString::fromStdString(t);
    return list;
}

// "LINE: cell | cell", a missing cell as "(none)".
QString rowText(const io::TablePreview::Row &row)
{
    QStringList cells;
    for (const auto &c : row.cells)
        cells << (c ? QString::fromStdString(*c) : QStringLiteral("(none)"));
    return QString::number(row.line) + QStringLiteral(": ") + cells.join(QStringLiteral(" | "));
}

} // namespace

void TestTablePreview::columnsOf_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<int>("maxRecords");
    QTest::addColumn<QStringList>("columns");

    QTest::newRow("csv header, trimmed") << "csv" << QByteArray("id,text, model ,output\nn1,T.,A,O.\n") << 100
                                         << names({"id", "text", "model", "output"});
    QTest::newRow("csv byte order mark and quotes")
        << "csv" << QByteArray("\xEF\xBB\xBFid,\"the, text\"\nn1,T.\n") << 100 << names({"id", "the, text"});
    QTest::newRow("csv a column named twice is listed once")
        << "csv" << QByteArray("id,text,id\nn1,T.,n1\n") << 100 << names({"id", "text"});
    QTest::newRow("csv empty file") << "csv" << QByteArray() << 100 << QStringList{};
    QTest::newRow("tsv header") << "tsv" << QByteArray("doc\tsys\tcoh, flu\nn1\tA\t4\n") << 100
                                << names({"doc", "sys", "coh, flu"});
    // A JSON object's keys come in name order; a later line adds the keys it has that earlier ones lack.
    QTest::newRow("jsonl keys of the first lines")
        << "jsonl" << QByteArray("{\"id\": \"n1\", \"text\": \"T.\"}\n\n{\"id\": \"n2\", \"model\": \"A\"}\n") << 100
        << names({"id", "text", "model"});
    QTest::newRow("jsonl only the first lines")
        << "jsonl" << QByteArray("{\"id\": \"n1\"}\n{\"id\": \"n2\", \"model\": \"A\"}\n") << 1 << names({"id"});
    QTest::newRow("jsonl nested keys are one column")
        << "jsonl" << QByteArray("{\"id\": \"n1\", \"meta\": {\"source\": \"cnn\"}}\n") << 100 << names({"id", "meta"});
    QTest::newRow("jsonl empty file") << "jsonl" << QByteArray() << 100 << QStringList{};
}

void TestTablePreview::columnsOf()
{
    QFETCH(QString, format);
    QFETCH(QByteArray, content);
    QFETCH(int, maxRecords);
    QFETCH(QStringList, columns);

    QTemporaryDir dir;
    const auto path = write(dir, "table", content);
    const auto found = io::TableImporter::columnsOf(path, formatNamed(format), static_cast<std::size_t>(maxRecords));
    QVERIFY2(found.ok(), found.ok() ? "" : found.error().describe().c_str());
    QCOMPARE(toStrings(found.value()), columns);
}

void TestTablePreview::columnsOfAnUnreadableFile()
{
    QTemporaryDir dir;
    const auto path = write(dir, "broken.jsonl", "{\"id\": \"n1\"}\n{\"id\": \n");
    const auto found = io::TableImporter::columnsOf(path, io::TableFormat::Jsonl);
    QVERIFY(!found.ok());
    QCOMPARE(found.error().file, path);
    QCOMPARE(found.error().line, 2L);

    const auto missing
        = io::TableImporter::columnsOf(dir.filePath(QStringLiteral("absent.csv")).toStdString(), io::TableFormat::Csv);
    QVERIFY(!missing.ok());
}

void TestTablePreview::preview_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("spec"); // empty: the mapping used when none is given
    QTest::addColumn<int>("maxRows");
    QTest::addColumn<QStringList>("fields");
    QTest::addColumn<QStringList>("rows");
    QTest::addColumn<bool>("concordExport");
    QTest::addColumn<int>("errorLine"); // -1: no error
    QTest::addColumn<QString>("errorField");
    QTest::addColumn<QString>("errorPart");

    QTest::newRow("csv same names, other columns left out")
        << "csv" << QByteArray("doc_id,article,system,summary,note\nn1,T.,A,O.,x\nn2,T2.,B,O2.,y\n") << QString() << 50
        << names({"doc_id", "article", "system", "summary"}) << names({"2: n1 | T. | A | O.", "3: n2 | T2. | B | O2."})
        << false << -1 << QString() << QString();
    QTest::newRow("csv mapped, in the importer's order, the first rows only")
        << "csv" << QByteArray("id,out,sys,text\nn1,O1.,A,T1.\nn2,O2.,A,T2.\nn3,O3.,A,T3.\n")
        << QStringLiteral("summary=out,doc_id=id,system=sys,article=text") << 2
        << names({"doc_id", "article", "system", "summary"})
        << names({"2: n1 | T1. | A | O1.", "3: n2 | T2. | A | O2."}) << false << -1 << QString() << QString();
    QTest::newRow("csv quoted text over two lines")
        << "csv" << QByteArray("id,text\nn1,\"First line.\nSecond line.\"\nn2,T.\n")
        << QStringLiteral("doc_id=id,article=text") << 50 << names({"doc_id", "article"})
        << names({"2: n1 | First line.\nSecond line.", "4: n2 | T."}) << false << -1 << QString() << QString();
    QTest::newRow("tsv wide scores after the fields")
        << "tsv" << QByteArray("id\tsys\twho\tcoh\tflu\nn1\tA\tw\t4\t5\n")
        << QStringLiteral("score.fluency=flu,doc_id=id,system=sys,rater=who,score.coherence=coh") << 50
        << names({"doc_id", "system", "rater", "score.coherence", "score.fluency"}) << names({"2: n1 | A | w | 4 | 5"})
        << false << -1 << QString() << QString();
    QTest::newRow("jsonl numbers as the importer writes them, absent keys as none")
        << "jsonl"
        << QByteArray(
               "{\"doc_id\": \"n1\", \"system\": \"A\", \"rater\": \"w\", \"dimension\": \"c\", \"value\": 4.50}\n"
               "{\"doc_id\": \"n1\", \"system\": \"A\", \"dimension\": \"c\", \"value\": 3, \"rater\": null}\n")
        << QString() << 50 << names({"doc_id", "system", "rater", "dimension", "value"})
        << names({"1: n1 | A | w | c | 4.5", "2: n1 | A | (none) | c | 3"}) << false << -1 << QString() << QString();
    // The importer's rules on the values (a number, a scale, a document in the study) are the check's.
    QTest::newRow("csv a word for a value is shown as it is")
        << "csv" << QByteArray("doc_id,system,rater,dimension,value\nn1,A,w,c,four\n") << QString() << 50
        << names({"doc_id", "system", "rater", "dimension", "value"}) << names({"2: n1 | A | w | c | four"}) << false
        << -1 << QString() << QString();
    QTest::newRow("jsonl missing key stops at its line")
        << "jsonl"
        << QByteArray("{\"id\": \"n1\", \"text\": \"T.\"}\n{\"id\": \"n2\"}\n{\"id\": \"n3\", \"text\": \"T.\"}\n")
        << QStringLiteral("doc_id=id,article=text") << 50 << names({"doc_id", "article"}) << names({"1: n1 | T."})
        << false << 2 << QStringLiteral("article") << QStringLiteral("missing field 'text'");
    QTest::newRow("jsonl object where text belongs")
        << "jsonl" << QByteArray("{\"id\": \"n1\", \"text\": {\"a\": 1}}\n") << QStringLiteral("doc_id=id,article=text")
        << 50 << QStringList{} << QStringList{} << false << 1 << QStringLiteral("article")
        << QStringLiteral("found object");
    QTest::newRow("csv column not in the header")
        << "csv" << QByteArray("id,sys\nn1,A\n") << QStringLiteral("doc_id=id,article=text") << 50 << QStringList{}
        << QStringList{} << false << 1 << QStringLiteral("article")
        << QStringLiteral("column 'text' is not in the header");
    QTest::newRow("csv no doc_id column")
        << "csv" << QByteArray("article,summary\nT.,O.\n") << QString() << 50 << QStringList{} << QStringList{} << false
        << 1 << QStringLiteral("doc_id") << QStringLiteral("needs doc_id");
    QTest::newRow("csv short row") << "csv" << QByteArray("id,text\nn1,T.\nn2\n")
                                   << QStringLiteral("doc_id=id,article=text") << 50 << names({"doc_id", "article"})
                                   << names({"2: n1 | T."}) << false << 3 << QString()
                                   << QStringLiteral("1 fields, the header 2");
    QTest::newRow("csv header only") << "csv" << QByteArray("doc_id,article\n") << QString() << 50 << QStringList{}
                                     << QStringList{} << false << 0 << QString() << QStringLiteral("no records");
    QTest::newRow("jsonl empty") << "jsonl" << QByteArray("\n") << QString() << 50 << QStringList{} << QStringList{}
                                 << false << 0 << QString() << QStringLiteral("no records");
    QTest::newRow("tsv latin-1") << "tsv" << QByteArray("doc_id\tarticle\nn1\tCaf\xE9\n") << QString() << 50
                                 << QStringList{} << QStringList{} << false << 2 << QStringLiteral("article")
                                 << QStringLiteral("not valid UTF-8");
    QTest::newRow("csv concord export")
        << "csv"
        << QByteArray("kind,doc_id,system,dimension,rater,group,rater_kind,value,start,end,quote,note,system_b,"
                      "shown_order,outcome,text\nrating,d1,A,c,w,,human,4,,,,,,,,\n")
        << QString() << 50 << QStringList{} << QStringList{} << true << -1 << QString() << QString();
    QTest::newRow("csv concord export with a mapping")
        << "csv"
        << QByteArray("kind,doc_id,system,dimension,rater,group,rater_kind,value,start,end,quote,note,system_b,"
                      "shown_order,outcome,text\nrating,d1,A,c,w,,human,4,,,,,,,,\n")
        << QStringLiteral("doc_id=system") << 50 << QStringList{} << QStringList{} << true << 0 << QString()
        << QStringLiteral("read by its own columns");
}

void TestTablePreview::preview()
{
    QFETCH(QString, format);
    QFETCH(QByteArray, content);
    QFETCH(QString, spec);
    QFETCH(int, maxRows);
    QFETCH(QStringList, fields);
    QFETCH(QStringList, rows);
    QFETCH(bool, concordExport);
    QFETCH(int, errorLine);
    QFETCH(QString, errorField);
    QFETCH(QString, errorPart);

    QTemporaryDir dir;
    const auto path = write(dir, "table", content);
    const io::TablePreview preview
        = io::TableImporter::preview(path, formatNamed(format), mapping(spec), static_cast<std::size_t>(maxRows));
    QCOMPARE(toStrings(preview.fields), fields);
    QStringList shown;
    for (const auto &row : preview.rows) {
        QCOMPARE(row.cells.size(), preview.fields.size());
        shown << rowText(row);
    }
    QCOMPARE(shown, rows);
    QCOMPARE(preview.concordExport, concordExport);
    if (errorLine < 0) {
        QVERIFY2(!preview.error, preview.error ? preview.error->describe().c_str() : "");
        return;
    }
    QVERIFY(preview.error);
    QCOMPARE(preview.error->file, path);
    QCOMPARE(preview.error->line, static_cast<long>(errorLine));
    QCOMPARE(QString::fromStdString(preview.error->field), errorField);
    QVERIFY2(QString::fromStdString(preview.error->message).contains(errorPart), preview.error->describe().c_str());
}

// What the preview shows is what the import stores: each row's document, summary and rating.
void TestTablePreview::previewedRowsAreTheImportedRows()
{
    QTemporaryDir dir;
    const auto path = write(dir, "ratings.tsv",
                            "id\ttext\tmodel\toutput\tannotator\tcoh\n"
                            "n1\tThe council met.\tlead-3\tThe council met.\tann_a\t4\n"
                            "n1\tThe council met.\tbart\tCouncil meets.\tann_a\t3\n"
                            "n2\tRain is due.\tlead-3\tRain.\tann_b\t5\n");
    const auto spec = mapping(
        QStringLiteral("doc_id=id,article=text,system=model,summary=output,rater=annotator,score.coherence=coh"));
    const io::TablePreview preview = io::TableImporter::preview(path, io::TableFormat::Tsv, spec, 50);
    QVERIFY(!preview.error);
    QCOMPARE(toStrings(preview.fields),
             (names({"doc_id", "article", "system", "summary", "rater", "score.coherence"})));
    QCOMPARE(preview.rows.size(), std::size_t(3));

    auto created = store::Study::createInMemory();
    QVERIFY(created.ok());
    store::Study &study = *created.value();
    const auto report = io::TableImporter::importFile(study, path, io::TableFormat::Tsv, spec);
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report.value().linesRead, static_cast<std::int64_t>(preview.rows.size()));
    QCOMPARE(study.counts().ratings, 3);
    const auto dimension = study.dimensionId("coherence");
    QVERIFY(dimension);
    for (const auto &row : preview.rows) {
        const auto document = study.documentId(*row.cells[0]);
        QVERIFY(document);
        QCOMPARE(study.document(*document)->source, *row.cells[1]);
        const auto candidate = study.candidateId(*document, study.systemId(*row.cells[2]).value());
        QVERIFY(candidate);
        bool sameText = false;
        for (const auto &c : study.candidatesOf(*document))
            sameText = sameText || (c.id == *candidate && c.text == *row.cells[3]);
        QVERIFY(sameText);
        const auto rating = study.rating(study.raterId(*row.cells[4]).value(), *candidate, *dimension);
        QCOMPARE(rating, std::optional<double>(std::stod(*row.cells[5])));
    }
}

QTEST_APPLESS_MAIN(TestTablePreview)
#include "tst_table_preview.moc"

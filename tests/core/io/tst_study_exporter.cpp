// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The long-format export: every judgement kind as one row, CSV cells guarded against formulas
// (our numbers excepted), values that read back exactly, and no half-written file on failure.
#include "io/csv_reader.h"
#include "io/study_bundle.h"
#include "io/study_exporter.h"
#include "io/table_importer.h"
#include "store/study.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

using namespace concord;
using concord::model::Id;
using nlohmann::json;

class TestStudyExporter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void formatNames();
    void csvHasEveryKindInOrder();
    void csvGuardsFormulasButNotOurNumbers();
    void jsonlHasTheSameKeys();
    void ratingsRoundTripExactly_data();
    void ratingsRoundTripExactly();
    void failedExportLeavesNoFile();
    void replacesAnExistingFile();
};

namespace {

const std::vector<std::string> kColumns{"kind",    "doc_id", "system", "dimension", "rater", "group",    "rater_kind",
                                        "value",   "start",  "end",    "quote",     "note",  "system_b", "shown_order",
                                        "outcome", "text",   "unit",   "seed",      "data"};

std::string readText(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

std::unique_ptr<store::Study> newStudy()
{
    auto study = store::Study::createInMemory();
    if (!study)
        qFatal("in-memory study: %s", study.error().describe().c_str());
    return std::move(study).value();
}

// Every judgement kind, with text that a spreadsheet would take for a formula.
std::unique_ptr<store::Study> sampleStudy()
{
    auto study = newStudy();
    const json bundle = json::parse(R"json({
      "dimensions": [
        {"name": "polarity", "min": -1, "max": 1},
        {"name": "coherence"},
        {"name": "overall", "kind": "rank"},
        {"name": "preference", "kind": "pairwise"}
      ],
      "raters": [
        {"name": "ana", "group": "expert"},
        {"name": "=cmd", "group": "+crowd"},
        {"name": "gpt", "kind": "judge", "provider": "openai", "model": "m"}
      ],
      "documents": [
        {"id": "d1", "article": "One.", "candidates": [{"system": "A", "summary": "=SUM(A1) is it, \"quoted\"."},
                                                      {"system": "B", "summary": "B text."}]},
        {"id": "-d2", "article": "Two.", "candidates": [{"system": "A", "summary": "Two A."}, {"system": "B", "summary": "Two B."}]}
      ],
      "ratings": [
        {"doc_id": "d1", "system": "B", "dimension": "coherence", "rater": "ana", "value": 4},
        {"doc_id": "d1", "system": "A", "dimension": "coherence", "rater": "gpt", "value": 3.42},
        {"doc_id": "d1", "system": "A", "dimension": "polarity", "rater": "=cmd", "value": -0.5},
        {"doc_id": "d1", "system": "A", "dimension": "coherence", "rater": "ana", "value": 5},
        {"doc_id": "-d2", "system": "A", "dimension": "coherence", "rater": "ana", "value": 1}
      ],
      "rankings": [{"doc_id": "d1", "dimension": "overall", "rater": "ana", "ranks": {"A": 2, "B": 1}}],
      "error_spans": [{"doc_id": "d1", "system": "A", "rater": "ana", "quote": "=SUM(A1)", "note": "-not in the article, \"really\""}],
      "explanations": [
        {"doc_id": "d1", "rater": "ana", "dimension": "coherence", "text": "@mention\nsecond line"},
        {"doc_id": "d1", "rater": "ana", "text": "Whole document."}
      ]
    })json");
    auto report = io::StudyBundle::importJson(*study, bundle.dump(), "sample");
    if (!report)
        qFatal("sample: %s", report.error().describe().c_str());
    const auto status = study->write([&] {
        const Id d1 = study->documentId("d1").value();
        model::PairwiseOutcome o;
        o.raterId = study->raterId("gpt").value();
        o.dimensionId = study->dimensionId("preference").value();
        o.candidateA = study->candidateId(d1, study->systemId("A").value()).value();
        o.candidateB = study->candidateId(d1, study->systemId("B").value()).value();
        o.shownAFirst = false;
        o.winner = model::PairwiseWinner::B;
        study->addPairwiseOutcome(o);
    });
    if (!status)
        qFatal("pairwise: %s", status.error().describe().c_str());
    return study;
}

std::vector<io::CsvRecord> readCsv(const std::string &path)
{
    const std::string text = readText(path);
    io::CsvReader reader(text, ',');
    std::vector<io::CsvRecord> out;
    io::CsvRecord r;
    while (reader.next(r))
        out.push_back(r);
    return out;
}

std::map<std::string, std::string> byColumn(const io::CsvRecord &record)
{
    std::map<std::string, std::string> out;
    for (std::size_t i = 0; i < kColumns.size() && i < record.fields.size(); ++i)
        out[kColumns[i]] = record.fields[i];
    return out;
}

} // namespace

void TestStudyExporter::formatNames()
{
    QVERIFY(io::exportFormatFromName("csv") == io::ExportFormat::Csv);
    QVERIFY(io::exportFormatFromName("jsonl") == io::ExportFormat::Jsonl);
    QVERIFY(!io::exportFormatFromName("xlsx"));
}

void TestStudyExporter::csvHasEveryKindInOrder()
{
    auto study = sampleStudy();
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("out.csv")).toStdString();
    auto report = io::StudyExporter::exportTo(*study, path, io::ExportFormat::Csv);
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report->rows, 5 + 2 + 1 + 1 + 2);

    const auto records = readCsv(path);
    QCOMPARE(records.size(), std::size_t(1 + 11));
    QCOMPARE(records[0].fields, kColumns);
    for (const auto &r : records)
        QCOMPARE(r.fields.size(), kColumns.size());
    QVERIFY(readText(path).find("\r\n") != std::string::npos);

    std::vector<std::string> kinds;
    for (std::size_t i = 1; i < records.size(); ++i)
        kinds.push_back(records[i].fields[0]);
    const std::vector<std::string> expectedKinds{"rating",   "rating",      "rating",     "rating",
                                                 "rating",   "rank",        "rank",       "error_span",
                                                 "pairwise", "explanation", "explanation"};
    QCOMPARE(kinds, expectedKinds);

    // Ratings by document order, system, dimension position, rater.
    auto row = byColumn(records[1]);
    QCOMPARE(row["doc_id"], std::string("d1"));
    QCOMPARE(row["system"], std::string("A"));
    QCOMPARE(row["dimension"], std::string("polarity"));
    QCOMPARE(row["value"], std::string("-0.5"));
    row = byColumn(records[2]);
    QCOMPARE(row["dimension"], std::string("coherence"));
    QCOMPARE(row["rater"], std::string("ana"));
    QCOMPARE(row["group"], std::string("expert"));
    QCOMPARE(row["rater_kind"], std::string("human"));
    QCOMPARE(row["value"], std::string("5"));
    row = byColumn(records[3]);
    QCOMPARE(row["rater"], std::string("gpt"));
    QCOMPARE(row["rater_kind"], std::string("judge"));
    QCOMPARE(row["value"], std::string("3.42"));
    QCOMPARE(byColumn(records[4])["system"], std::string("B"));
    QCOMPARE(byColumn(records[5])["doc_id"], std::string("'-d2"));

    row = byColumn(records[6]);
    QCOMPARE(row["system"], std::string("B"));
    QCOMPARE(row["value"], std::string("1"));
    QCOMPARE(row["dimension"], std::string("overall"));
    QCOMPARE(byColumn(records[7])["value"], std::string("2"));

    row = byColumn(records[8]);
    QCOMPARE(row["start"], std::string("0"));
    QCOMPARE(row["end"], std::string("8"));
    QCOMPARE(row["value"], std::string());

    row = byColumn(records[9]);
    QCOMPARE(row["system"], std::string("A"));
    QCOMPARE(row["system_b"], std::string("B"));
    QCOMPARE(row["dimension"], std::string("preference"));
    QCOMPARE(row["shown_order"], std::string("ba"));
    QCOMPARE(row["outcome"], std::string("b"));

    // The whole-document explanation first, then the dimension's.
    QCOMPARE(byColumn(records[10])["text"], std::string("Whole document."));
    QCOMPARE(byColumn(records[10])["dimension"], std::string());
    QCOMPARE(byColumn(records[11])["dimension"], std::string("coherence"));
}

void TestStudyExporter::csvGuardsFormulasButNotOurNumbers()
{
    auto study = sampleStudy();
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("out.csv")).toStdString();
    QVERIFY(io::StudyExporter::exportTo(*study, path, io::ExportFormat::Csv).ok());
    const auto records = readCsv(path);

    auto polarity = byColumn(records[1]);
    QCOMPARE(polarity["rater"], std::string("'=cmd"));
    QCOMPARE(polarity["group"], std::string("'+crowd"));
    QCOMPARE(polarity["value"], std::string("-0.5"));
    auto span = byColumn(records[8]);
    QCOMPARE(span["quote"], std::string("'=SUM(A1)"));
    QCOMPARE(span["note"], std::string("'-not in the article, \"really\""));
    auto explanation = byColumn(records[11]);
    QCOMPARE(explanation["text"], std::string("'@mention\nsecond line"));
    // The raw file quotes the guarded cell as a whole, so the apostrophe is inside the quotes.
    QVERIFY(readText(path).find("\"'-not in the article, \"\"really\"\"\"") != std::string::npos);
}

void TestStudyExporter::jsonlHasTheSameKeys()
{
    auto study = sampleStudy();
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("out.jsonl")).toStdString();
    auto report = io::StudyExporter::exportTo(*study, path, io::ExportFormat::Jsonl);
    QVERIFY(report.ok());
    std::istringstream in(readText(path));
    std::string line;
    std::vector<nlohmann::ordered_json> rows;
    while (std::getline(in, line))
        rows.push_back(nlohmann::ordered_json::parse(line));
    QCOMPARE(static_cast<std::int64_t>(rows.size()), report->rows);
    for (const auto &row : rows) {
        std::vector<std::string> keys;
        for (const auto &item : row.items())
            keys.push_back(item.key());
        QCOMPARE(keys, kColumns);
    }
    QCOMPARE(rows[0]["value"].get<double>(), -0.5);
    QCOMPARE(rows[0]["rater"].get<std::string>(), std::string("=cmd")); // JSON is not a spreadsheet: no guard
    QCOMPARE(rows[2]["value"].get<double>(), 3.42);
    QVERIFY(rows[0]["start"].is_null());
    QCOMPARE(rows[7]["kind"].get<std::string>(), std::string("error_span"));
    QCOMPARE(rows[7]["end"].get<int>(), 8);
    QVERIFY(rows[7]["value"].is_null());
    QCOMPARE(rows[8]["outcome"].get<std::string>(), std::string("b"));
}

void TestStudyExporter::ratingsRoundTripExactly_data()
{
    QTest::addColumn<QString>("format");
    QTest::newRow("csv") << QStringLiteral("csv");
    QTest::newRow("jsonl") << QStringLiteral("jsonl");
}

void TestStudyExporter::ratingsRoundTripExactly()
{
    QFETCH(QString, format);
    QTemporaryDir dir;
    // Items first (the export has no articles), then ratings whose values need all 17 digits.
    const std::string items = dir.filePath(QStringLiteral("items.csv")).toStdString();
    {
        std::ofstream out(items, std::ios::binary);
        out << "doc,text,sys,summary\n";
        for (int d = 0; d < 6; ++d)
            for (const char *s : {"M1", "M2", "M3"})
                out << "doc-" << d << ",Article " << d << ".," << s << ",Summary " << d << s << ".\n";
    }
    const auto itemMapping = io::ColumnMapping::parse("doc_id=doc,article=text,system=sys,summary=summary").value();
    auto source = newStudy();
    QVERIFY(io::TableImporter::importFile(*source, items, io::TableFormat::Csv, itemMapping).ok());
    std::vector<double> values;
    QVERIFY(source
                ->write([&] {
                    model::Dimension d;
                    d.name = "quality";
                    d.scaleMin = 0;
                    d.scaleMax = 10;
                    const Id dim = source->ensureDimension(d);
                    const Id judge = source->ensureRater({0, "judge", model::RaterKind::Judge, "", "p", "m", "g", {}});
                    const Id human = source->ensureRater({0, "h1", model::RaterKind::Human, "expert", {}, {}, {}, {}});
                    int i = 0;
                    for (const auto &doc : source->documentSummaries())
                        for (const auto &c : source->candidatesOf(doc.id)) {
                            const double v = 0.1 * (i % 7) + 0.2 + 1.0 / (3 + i);
                            values.push_back(v);
                            source->setRating(judge, c.id, dim, v);
                            source->setRating(human, c.id, dim, static_cast<double>(i % 11));
                            ++i;
                        }
                })
                .ok());

    const std::string exported = dir.filePath(QStringLiteral("export.") + format).toStdString();
    auto report
        = io::StudyExporter::exportTo(*source, exported, io::exportFormatFromName(format.toStdString()).value());
    QVERIFY(report.ok());
    QCOMPARE(report->rows, 36);

    auto target = newStudy();
    QVERIFY(io::TableImporter::importFile(*target, items, io::TableFormat::Csv, itemMapping).ok());
    // The export carries no scales: the target knows the dimension's 0–10 scale, as a study being
    // filled again would (a new dimension would be Likert 1–5 and refuse the 0s).
    QVERIFY(target
                ->write([&] {
                    model::Dimension d;
                    d.name = "quality";
                    d.scaleMin = 0;
                    d.scaleMax = 10;
                    target->ensureDimension(d);
                })
                .ok());
    auto back = io::TableImporter::importFile(
        *target, exported, io::tableFormatFromName(format.toStdString()).value(),
        io::ColumnMapping::parse("doc_id=doc_id,system=system,dimension=dimension,rater=rater,group=group,value=value")
            .value());
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().describe().c_str());
    QCOMPARE(back->ratings, 36);

    // Every rating equal to the last bit.
    auto compare = [](store::Study &a, store::Study &b) {
        auto q = [](store::Study &s) {
            std::map<std::tuple<std::string, std::string, std::string>, double> out;
            auto st = s.database().prepare(
                "SELECT d.external_id || '/' || y.name, a.name, m.name, r.value FROM ratings r "
                "JOIN candidates c ON c.id = r.candidate_id JOIN documents d ON d.id = c.document_id "
                "JOIN systems y ON y.id = c.system_id JOIN raters a ON a.id = r.rater_id JOIN dimensions m ON m.id = "
                "r.dimension_id");
            while (st.step())
                out[{st.textAt(0), st.textAt(1), st.textAt(2)}] = st.doubleAt(3);
            return out;
        };
        return q(a) == q(b);
    };
    QVERIFY(compare(*source, *target));
    QCOMPARE(target->ratersByGroup().at("expert"), 1);
}

void TestStudyExporter::failedExportLeavesNoFile()
{
    auto study = sampleStudy();
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("missing-folder/out.csv")).toStdString();
    auto report = io::StudyExporter::exportTo(*study, path, io::ExportFormat::Csv);
    QVERIFY(!report.ok());
    QVERIFY(report.error().message.find("cannot write") != std::string::npos);
    QVERIFY(!QFile::exists(QString::fromStdString(path)));

    // A failure after the rows are written (the target is a folder, so the rename fails) leaves no
    // temporary file behind and the folder as it was.
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("taken/inside")));
    const std::string second = dir.filePath(QStringLiteral("taken")).toStdString();
    report = io::StudyExporter::exportTo(*study, second, io::ExportFormat::Csv);
    QVERIFY(!report.ok());
    QCOMPARE(report.error().file, second);
    QVERIFY(report.error().message.find("cannot replace") != std::string::npos);
    QVERIFY(QFileInfo(QString::fromStdString(second)).isDir());
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot), QStringList());
}

void TestStudyExporter::replacesAnExistingFile()
{
    auto study = sampleStudy();
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("out.jsonl")).toStdString();
    {
        std::ofstream out(path);
        out << "old content that is longer than nothing\n";
    }
    QVERIFY(io::StudyExporter::exportTo(*study, path, io::ExportFormat::Jsonl).ok());
    QVERIFY(readText(path).find("old content") == std::string::npos);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot),
             QStringList{QStringLiteral("out.jsonl")});
}

QTEST_APPLESS_MAIN(TestStudyExporter)
#include "tst_study_exporter.moc"

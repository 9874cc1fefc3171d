// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Concord's long export read back: every kind of row into a new study, so that statistics, agreement
// and pairwise results come out the same and a second export is the same file; the CSV formula guard
// taken off exactly; broken rows named by line and field, with nothing imported.
#include "io/csv_reader.h"
#include "io/long_export_format.h"
#include "io/study_bundle.h"
#include "io/study_exporter.h"
#include "io/table_importer.h"
#include "judge/recorded_import.h"
#include "reports/agreement_report.h"
#include "reports/correlation_report.h"
#include "reports/dashboard_report.h"
#include "store/presentation_shuffle.h"
#include "store/study.h"
#include "test_paths.h"

#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

using namespace concord;
using concord::model::Id;
using nlohmann::json;

class TestLongExportImporter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void formulaGuard_data();
    void formulaGuard();
    void guardedCellsComeBackExactly_data();
    void guardedCellsComeBackExactly();
    void plainSpreadsheetsKeepTheirApostrophes();
    void judgementsOnlyExportAddsToTheItems();
    void exportOfSixteenColumnsWithRanks_data();
    void exportOfSixteenColumnsWithRanks();
    void roundTripIntoANewStudy_data();
    void roundTripIntoANewStudy();
    void brokenRows_data();
    void brokenRows();
    void refusesAnotherMapping();
    void ratingsKeepTheStudysRules();
};

namespace {

std::string readText(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

std::string write(const QTemporaryDir &dir, const QString &name, const std::string &content)
{
    const std::string path = dir.filePath(name).toStdString();
    std::ofstream out(path, std::ios::binary);
    out << content;
    return path;
}

std::unique_ptr<store::Study> newStudy()
{
    auto study = store::Study::createInMemory();
    if (!study)
        qFatal("in-memory study: %s", study.error().describe().c_str());
    return std::move(study).value();
}

std::unique_ptr<store::Study> newStudyFile(const std::string &path)
{
    auto study = store::Study::create(path);
    if (!study)
        qFatal("study %s: %s", path.c_str(), study.error().describe().c_str());
    return std::move(study).value();
}

// Two documents with content units, two systems, a Likert and a rank dimension, two raters.
constexpr const char *kItems = R"json({
  "dimensions": [{"name": "quality", "min": 1, "max": 5}, {"name": "order", "kind": "rank", "min": 1, "max": 2},
                 {"name": "choice", "kind": "pairwise"}],
  "raters": [{"name": "ann", "group": "expert"}, {"name": "bot", "kind": "judge", "provider": "p", "model": "m", "protocol": "rts"}],
  "documents": [
    {"id": "d1", "article": "One.", "requirement": "", "scus": ["u0", "u1"],
     "candidates": [{"system": "A", "summary": "Alpha text."}, {"system": "B", "summary": "Beta text."}]},
    {"id": "d2", "article": "Two.", "candidates": [{"system": "A", "summary": "Two A."}, {"system": "B", "summary": "Two B."}]}
  ]
})json";

std::unique_ptr<store::Study> itemsStudy()
{
    auto study = newStudy();
    const auto report = io::StudyBundle::importJson(*study, kItems, "items");
    if (!report)
        qFatal("items: %s", report.error().describe().c_str());
    return study;
}

std::string exportOf(store::Study &study, const QTemporaryDir &dir, const QString &name, io::ExportFormat format,
                     bool items)
{
    const std::string path = dir.filePath(name).toStdString();
    io::ExportOptions options;
    options.items = items;
    const auto report = io::StudyExporter::exportTo(study, path, format, options);
    if (!report)
        qFatal("export: %s", report.error().describe().c_str());
    return readText(path);
}

Result<io::ImportReport> importInto(store::Study &study, const std::string &path, io::TableFormat format)
{
    return io::TableImporter::importFile(study, path, format, io::ColumnMapping::identity());
}

// Every judgement by natural keys, for comparing two studies whose ids differ.
std::vector<std::string> judgementsOf(store::Study &s)
{
    std::vector<std::string> out;
    const char *queries[] = {
        "SELECT 'rating', d.external_id, y.name, m.name, a.name, r.value FROM ratings r JOIN candidates c ON c.id = "
        "r.candidate_id "
        "JOIN documents d ON d.id = c.document_id JOIN systems y ON y.id = c.system_id JOIN dimensions m ON m.id = "
        "r.dimension_id "
        "JOIN raters a ON a.id = r.rater_id",
        "SELECT 'rank', d.external_id, y.name, m.name, a.name, k.rank FROM rankings k JOIN candidates c ON c.id = "
        "k.candidate_id "
        "JOIN documents d ON d.id = k.document_id JOIN systems y ON y.id = c.system_id JOIN dimensions m ON m.id = "
        "k.dimension_id "
        "JOIN raters a ON a.id = k.rater_id",
        "SELECT 'span', d.external_id, y.name, a.name, e.char_start || '-' || e.char_end, e.quote || '|' || e.note "
        "FROM error_spans e "
        "JOIN candidates c ON c.id = e.candidate_id JOIN documents d ON d.id = c.document_id JOIN systems y ON y.id = "
        "c.system_id "
        "JOIN raters a ON a.id = e.rater_id",
        "SELECT 'pair', d.external_id, ya.name || '/' || yb.name, m.name, a.name, p.shown_order || p.outcome FROM "
        "pairwise_outcomes p "
        "JOIN candidates ca ON ca.id = p.candidate_a JOIN candidates cb ON cb.id = p.candidate_b JOIN documents d ON "
        "d.id = ca.document_id "
        "JOIN systems ya ON ya.id = ca.system_id JOIN systems yb ON yb.id = cb.system_id JOIN dimensions m ON m.id = "
        "p.dimension_id "
        "JOIN raters a ON a.id = p.rater_id",
        "SELECT 'explanation', d.external_id, COALESCE(m.name, ''), a.name, '', x.text FROM explanations x "
        "JOIN documents d ON d.id = x.document_id JOIN raters a ON a.id = x.rater_id LEFT JOIN dimensions m ON m.id = "
        "x.dimension_id",
        "SELECT 'unit', d.external_id, y.name, a.name, u.unit_index, u.present FROM unit_marks u JOIN candidates c ON "
        "c.id = u.candidate_id "
        "JOIN documents d ON d.id = c.document_id JOIN systems y ON y.id = c.system_id JOIN raters a ON a.id = "
        "u.rater_id",
    };
    for (const char *q : queries) {
        auto st = s.database().prepare(q);
        while (st.step()) {
            std::string row;
            for (int i = 0; i < 6; ++i)
                row.append(st.textAt(i)).append("\x1f");
            out.push_back(row);
        }
    }
    // Presentation orders name candidates; compare them by system.
    std::map<Id, std::string> systemOf;
    for (const auto &c : s.candidates())
        for (const auto &y : s.systems())
            if (y.id == c.systemId)
                systemOf[c.id] = y.name;
    std::map<Id, std::string> documentOf, raterOf;
    for (const auto &d : s.documentSummaries())
        documentOf[d.id] = d.externalId;
    for (const auto &r : s.raters())
        raterOf[r.id] = r.name;
    for (const auto &o : s.presentationOrders()) {
        std::string row
            = "order\x1f" + documentOf[o.document] + "\x1f" + raterOf[o.rater] + "\x1f" + std::to_string(o.order.seed);
        for (const Id c : o.order.candidates)
            row.append("\x1f").append(systemOf[c]);
        out.push_back(row);
    }
    std::sort(out.begin(), out.end());
    return out;
}

json itemsOf(store::Study &s)
{
    json out;
    for (const auto &d : s.dimensions())
        out["dimensions"].push_back(
            {d.name, std::string(model::toString(d.kind)), d.scaleMin, d.scaleMax, d.labels, d.definition});
    for (const auto &r : s.raters())
        out["raters"].push_back(
            {r.name, std::string(model::toString(r.kind)), r.group, r.provider, r.model, r.protocol, r.params});
    for (const auto &summary : s.documentSummaries()) {
        const auto d = s.document(summary.id).value();
        out["documents"].push_back(
            {d.externalId, d.source, d.requirement ? json(*d.requirement) : json(), d.references, d.scus, d.metadata});
    }
    for (const auto &y : s.systems())
        out["systems"].push_back(y.name);
    return out;
}

json pairwiseOf(const reports::DashboardReport &report)
{
    json out = json::array();
    const auto rate = [](const stats::SuccessRate &r) { return json{r.agreed, r.pairs, r.rate}; };
    for (const auto &p : report.pairwise) {
        json perSystem = json::array();
        for (const auto &w : p.perSystem)
            perSystem.push_back({w.wins, w.ties, w.losses});
        out.push_back({{"judge", p.judge},
                       {"dimension", p.dimension},
                       {"verdicts", p.verdicts},
                       {"all", rate(p.h2hAll)},
                       {"consecutive", rate(p.h2hConsecutive)},
                       {"systems", p.systems},
                       {"per_system", perSystem},
                       {"points", p.points},
                       {"ranks", p.ranks},
                       {"human_means", p.humanMeans},
                       {"points_tau", {p.pointsWithHumans.value, p.pointsWithHumans.n}},
                       {"position",
                        {p.position.swappedPairs, p.position.flips, p.position.flipRate, p.position.decided,
                         p.position.firstWins, p.position.firstWinRate}}});
    }
    return out;
}

// The demo study, the demo's recorded judge (rts), a judge's pairwise verdicts (h2h, one pair in both
// orders), presentation orders, and free text a spreadsheet would take for a formula.
void fillRoundTripStudy(store::Study &study, const QTemporaryDir &dir)
{
    const std::string demo
        = QString(test::sourceDir() + QStringLiteral("/resources/demo/demo_study.json")).toStdString();
    const auto bundle = io::StudyBundle::importFile(study, demo);
    if (!bundle)
        qFatal("demo: %s", bundle.error().describe().c_str());
    const std::string judgeFile = QString(test::sourceDir() + QStringLiteral("/docs/demo-judge.jsonl")).toStdString();
    auto judged
        = judge::importRecordedJudgements(study, {judge::Protocol::Rts, "gpt-4o-mini rts", "gpt-4o-mini", judgeFile});
    if (!judged)
        qFatal("judge: %s", judged.error().describe().c_str());
    const std::string h2h = write(dir, QStringLiteral("h2h.jsonl"), R"(
{"doc_id": "demo-01", "system_a": "extractive-lead", "system_b": "abstractive-large", "order": "ab", "dimension": "coherence", "value": "b"}
{"doc_id": "demo-01", "system_a": "extractive-lead", "system_b": "abstractive-large", "order": "ba", "dimension": "coherence", "value": "tie"}
{"doc_id": "demo-02", "system_a": "abstractive-small", "system_b": "abstractive-large", "order": "ab", "dimension": "coherence", "value": "a"}
{"doc_id": "demo-03", "system_a": "abstractive-small", "system_b": "extractive-lead", "order": "ba", "dimension": "relevance", "value": "b"}
{"doc_id": "demo-04", "system_a": "abstractive-large", "system_b": "extractive-lead", "order": "ab", "dimension": "relevance", "value": "a"}
)");
    judged = judge::importRecordedJudgements(study, {judge::Protocol::H2h, "h2h judge", "m2", h2h});
    if (!judged)
        qFatal("h2h: %s", judged.error().describe().c_str());
    const Id ann = study.raterId("annotator_a").value();
    const Id crowd = study.raterId("annotator_c").value();
    for (const char *doc : {"demo-01", "demo-02", "demo-05"})
        if (!store::PresentationShuffle::ensure(study, ann, study.documentId(doc).value()))
            qFatal("order");
    if (!store::PresentationShuffle::ensure(study, crowd, study.documentId("demo-01").value()))
        qFatal("order");
    const Status written = study.write([&] {
        const Id doc = study.documentId("demo-03").value();
        study.setExplanation(ann, doc, 0, "=1+1 is not a formula here");
        study.setExplanation(crowd, doc, 0, "'=quoted on purpose");
        study.setExplanation(crowd, study.documentId("demo-04").value(), 0, "'just an apostrophe");
    });
    if (!written)
        qFatal("explanations: %s", written.error().describe().c_str());
}

} // namespace

void TestLongExportImporter::formulaGuard_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("cell"); // what the guard writes
    QTest::newRow("plain") << QStringLiteral("plain") << QStringLiteral("plain");
    QTest::newRow("equals") << QStringLiteral("=SUM(A1)") << QStringLiteral("'=SUM(A1)");
    QTest::newRow("plus") << QStringLiteral("+1") << QStringLiteral("'+1");
    QTest::newRow("minus") << QStringLiteral("-d2") << QStringLiteral("'-d2");
    QTest::newRow("at") << QStringLiteral("@x") << QStringLiteral("'@x");
    QTest::newRow("tab") << QStringLiteral("\tx") << QStringLiteral("'\tx");
    QTest::newRow("carriage return") << QStringLiteral("\rx") << QStringLiteral("'\rx");
    QTest::newRow("formula later") << QStringLiteral("a=b") << QStringLiteral("a=b");
    // A genuine apostrophe before a formula character gets one more, so that one comes off.
    QTest::newRow("apostrophe, equals") << QStringLiteral("'=x") << QStringLiteral("''=x");
    QTest::newRow("two apostrophes, at") << QStringLiteral("''@x") << QStringLiteral("'''@x");
    // Any other leading apostrophe is left alone, and so read back as it is.
    QTest::newRow("apostrophe, text") << QStringLiteral("'plain") << QStringLiteral("'plain");
    QTest::newRow("apostrophe alone") << QStringLiteral("'") << QStringLiteral("'");
    QTest::newRow("apostrophes alone") << QStringLiteral("''") << QStringLiteral("''");
    QTest::newRow("empty") << QString() << QString();
}

void TestLongExportImporter::formulaGuard()
{
    QFETCH(QString, text);
    QFETCH(QString, cell);
    const std::string t = text.toStdString();
    const std::string guarded = io::needsFormulaGuard(t) ? "'" + t : t;
    QCOMPARE(QString::fromStdString(guarded), cell);
    QCOMPARE(QString::fromStdString(std::string(io::withoutFormulaGuard(guarded))), text);
}

void TestLongExportImporter::guardedCellsComeBackExactly_data()
{
    formulaGuard_data();
}

// Through a real export: a rater's name, group, an error span's note and an explanation.
void TestLongExportImporter::guardedCellsComeBackExactly()
{
    QFETCH(QString, text);
    QFETCH(QString, cell);
    if (text.isEmpty() || text.startsWith(QLatin1Char('\t')) || text.startsWith(QLatin1Char('\r')))
        QSKIP("a rater's name is neither empty nor starts with white space");
    const std::string t = text.toStdString();
    auto source = itemsStudy();
    QVERIFY(source
                ->write([&] {
                    const Id doc = source->documentId("d1").value();
                    const Id rater = source->ensureRater({0, "x" + t, model::RaterKind::Human, t, {}, {}, {}, {}});
                    const Id named = source->ensureRater({0, t, model::RaterKind::Human, "g", {}, {}, {}, {}});
                    source->setExplanation(rater, doc, 0, t);
                    source->addErrorSpan(
                        {0, named, source->candidateId(doc, source->systemId("A").value()).value(), 0, 5, "Alpha", t});
                })
                .ok());
    QTemporaryDir dir;
    const std::string csv = exportOf(*source, dir, QStringLiteral("out.csv"), io::ExportFormat::Csv, true);
    // The raw cells carry the guard.
    io::CsvReader reader(csv, ',');
    io::CsvRecord record;
    bool sawExplanation = false;
    while (reader.next(record)) {
        if (record.fields[0] == "explanation") {
            QCOMPARE(QString::fromStdString(record.fields[15]), cell);
            QCOMPARE(QString::fromStdString(record.fields[5]), cell); // the group
            sawExplanation = true;
        }
        if (record.fields[0] == "error_span") {
            QCOMPARE(QString::fromStdString(record.fields[4]), cell);  // the rater
            QCOMPARE(QString::fromStdString(record.fields[11]), cell); // the note
        }
    }
    QVERIFY(sawExplanation);

    auto target = newStudy();
    const auto report = importInto(*target, write(dir, QStringLiteral("out.csv"), csv), io::TableFormat::Csv);
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    const auto explanations = target->explanations();
    QCOMPARE(explanations.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(explanations[0].text), text);
    const auto spans = target->errorSpans();
    QCOMPARE(spans.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(spans[0].note), text);
    QVERIFY(target->raterId(t).has_value());
    QCOMPARE(target->ratersByGroup().count(t), std::size_t(1));
}

// A spreadsheet that is not a Concord export keeps a leading apostrophe: the guard is ours to take off.
void TestLongExportImporter::plainSpreadsheetsKeepTheirApostrophes()
{
    QTemporaryDir dir;
    const std::string path
        = write(dir, QStringLiteral("sheet.csv"), "doc_id,article,system,summary\nn1,'=kept,A,'-kept too\n");
    auto study = newStudy();
    QVERIFY(importInto(*study, path, io::TableFormat::Csv).ok());
    const Id doc = study->documentId("n1").value();
    QCOMPARE(study->document(doc)->source, std::string("'=kept"));
    QCOMPARE(study->candidatesOf(doc).at(0).text, std::string("'-kept too"));
}

// An export without the items (as every export before them) adds its judgements, rank rows included,
// to a study that has the items.
void TestLongExportImporter::judgementsOnlyExportAddsToTheItems()
{
    auto source = itemsStudy();
    QVERIFY(source
                ->write([&] {
                    const Id d1 = source->documentId("d1").value();
                    const Id a = source->candidateId(d1, source->systemId("A").value()).value();
                    const Id b = source->candidateId(d1, source->systemId("B").value()).value();
                    const Id ann = source->raterId("ann").value();
                    source->setRating(ann, a, source->dimensionId("quality").value(), 4);
                    source->setRanking(ann, d1, source->dimensionId("order").value(), {{a, 1}, {b, 1}});
                    source->setUnitMark(ann, b, 1, true);
                    source->setUnitMark(ann, b, 0, false);
                })
                .ok());
    QTemporaryDir dir;
    for (const auto format : {io::ExportFormat::Csv, io::ExportFormat::Jsonl}) {
        const bool csv = format == io::ExportFormat::Csv;
        const QString name = csv ? QStringLiteral("judgements.csv") : QStringLiteral("judgements.jsonl");
        const std::string text = exportOf(*source, dir, name, format, false);
        QVERIFY(text.find("document") == std::string::npos);
        auto target = itemsStudy();
        const auto report = importInto(*target, dir.filePath(name).toStdString(),
                                       csv ? io::TableFormat::Csv : io::TableFormat::Jsonl);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
        QCOMPARE(report->ratings, 1);
        QCOMPARE(report->rankings, 2);
        QCOMPARE(report->unitMarks, 2);
        QCOMPARE(report->documents, 0);
        QCOMPARE(report->raters, 0);
        QVERIFY(judgementsOf(*target) == judgementsOf(*source));
    }
}

void TestLongExportImporter::exportOfSixteenColumnsWithRanks_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("csv") << QStringLiteral("csv")
                         << QByteArray("kind,doc_id,system,dimension,rater,group,rater_kind,value,start,end,quote,note,"
                                       "system_b,shown_order,outcome,text\r\n"
                                       "rating,d1,A,quality,ann,expert,human,4,,,,,,,,\r\n"
                                       "rank,d1,B,order,ann,expert,human,1,,,,,,,,\r\n"
                                       "rank,d1,A,order,ann,expert,human,2,,,,,,,,\r\n"
                                       "explanation,d1,,,ann,expert,human,,,,,,,,,'-fine\r\n");
    const QByteArray nulls = "\"start\":null,\"end\":null,\"quote\":null,\"note\":null,\"system_b\":null,\"shown_"
                             "order\":null,\"outcome\":null";
    QTest::newRow("jsonl") << QStringLiteral("jsonl")
                           << QByteArray("{\"kind\":\"rating\",\"doc_id\":\"d1\",\"system\":\"A\",\"dimension\":"
                                         "\"quality\",\"rater\":\"ann\",\"group\":\"expert\","
                                         "\"rater_kind\":\"human\",\"value\":4.0,"
                                         + nulls
                                         + ",\"text\":null}\n"
                                           "{\"kind\":\"rank\",\"doc_id\":\"d1\",\"system\":\"B\",\"dimension\":"
                                           "\"order\",\"rater\":\"ann\",\"group\":\"expert\","
                                           "\"rater_kind\":\"human\",\"value\":1.0,"
                                         + nulls
                                         + ",\"text\":null}\n"
                                           "{\"kind\":\"rank\",\"doc_id\":\"d1\",\"system\":\"A\",\"dimension\":"
                                           "\"order\",\"rater\":\"ann\",\"group\":\"expert\","
                                           "\"rater_kind\":\"human\",\"value\":2.0,"
                                         + nulls
                                         + ",\"text\":null}\n"
                                           "{\"kind\":\"explanation\",\"doc_id\":\"d1\",\"system\":null,\"dimension\":"
                                           "null,\"rater\":\"ann\",\"group\":\"expert\","
                                           "\"rater_kind\":\"human\",\"value\":null,"
                                         + nulls + ",\"text\":\"'-fine\"}\n");
}

// Exports written before unit marks, orders and items had 16 columns; their rank rows are ranks.
void TestLongExportImporter::exportOfSixteenColumnsWithRanks()
{
    QFETCH(QString, format);
    QFETCH(QByteArray, text);
    QTemporaryDir dir;
    const std::string path = write(dir, QStringLiteral("old.") + format, text.toStdString());
    auto study = itemsStudy();
    const auto report = importInto(*study, path, io::tableFormatFromName(format.toStdString()).value());
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report->ratings, 1);
    QCOMPARE(report->rankings, 2);
    QCOMPARE(report->linesRead, 4);
    const auto ranks = study->rankingsOn(study->dimensionId("order").value());
    QCOMPARE(ranks.size(), std::size_t(2));
    QCOMPARE(ranks[0].system, study->systemId("A").value());
    QCOMPARE(ranks[0].rank, 2);
    QCOMPARE(ranks[1].rank, 1);
    // The CSV guard comes off ('-fine was written for -fine); JSON has none, so its apostrophe stays.
    QCOMPARE(study->explanations().at(0).text, std::string(format == QLatin1String("csv") ? "-fine" : "'-fine"));
}

void TestLongExportImporter::roundTripIntoANewStudy_data()
{
    QTest::addColumn<int>("format");
    QTest::newRow("csv") << int(io::ExportFormat::Csv);
    QTest::newRow("jsonl") << int(io::ExportFormat::Jsonl);
}

void TestLongExportImporter::roundTripIntoANewStudy()
{
    QFETCH(int, format);
    const auto exportFormat = io::ExportFormat(format);
    const auto tableFormat = exportFormat == io::ExportFormat::Csv ? io::TableFormat::Csv : io::TableFormat::Jsonl;
    const QString ext = exportFormat == io::ExportFormat::Csv ? QStringLiteral("csv") : QStringLiteral("jsonl");
    QTemporaryDir dir;
    const std::string sourcePath = dir.filePath(QStringLiteral("source.concord")).toStdString();
    const std::string targetPath = dir.filePath(QStringLiteral("target.concord")).toStdString();
    auto source = newStudyFile(sourcePath);
    fillRoundTripStudy(*source, dir);
    const auto counts = source->counts();
    QVERIFY(counts.pairwiseOutcomes == 5 && counts.unitMarks == 56 && counts.presentationOrders == 4);

    const std::string first = exportOf(*source, dir, QStringLiteral("first.") + ext, exportFormat, true);
    auto target = newStudyFile(targetPath);
    const auto report = importInto(*target, dir.filePath(QStringLiteral("first.") + ext).toStdString(), tableFormat);
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report->documents, counts.documents);
    QCOMPARE(report->candidates, counts.candidates);
    QCOMPARE(report->raters, counts.raters);
    QCOMPARE(report->dimensions, counts.dimensions);
    QCOMPARE(report->ratings, counts.ratings);
    QCOMPARE(report->rankings, counts.rankings);
    QCOMPARE(report->errorSpans, counts.errorSpans);
    QCOMPARE(report->explanations, counts.explanations);
    QCOMPARE(report->pairwiseOutcomes, counts.pairwiseOutcomes);
    QCOMPARE(report->unitMarks, counts.unitMarks);
    QCOMPARE(report->presentationOrders, counts.presentationOrders);

    // The same items (judges with provider, model and protocol; documents with requirement,
    // references and content units) and the same judgements.
    QCOMPARE(itemsOf(*target).dump(), itemsOf(*source).dump());
    QVERIFY(judgementsOf(*target) == judgementsOf(*source));

    // The same file again, byte for byte.
    QVERIFY(exportOf(*target, dir, QStringLiteral("second.") + ext, exportFormat, true) == first);

    // The same statistics, agreement and pairwise results.
    reports::CorrelationRequest correlation;
    correlation.humanGroup = "expert";
    correlation.rater = "gpt-4o-mini rts";
    correlation.bootstrap = 200;
    const auto correlationA = reports::computeCorrelationReport(*source, correlation);
    const auto correlationB = reports::computeCorrelationReport(*target, correlation);
    QVERIFY(correlationA.ok() && correlationB.ok());
    QVERIFY(!correlationA->dimensions.empty());
    QCOMPARE(reports::toJson(correlationB.value()).dump(), reports::toJson(correlationA.value()).dump());
    for (const char *dimension : {"coherence", "overall"}) {
        reports::AgreementRequest agreement;
        agreement.group = "expert";
        agreement.dimension = dimension;
        agreement.extraRaters = {"gpt-4o-mini rts"};
        agreement.bootstrap = 200;
        const auto alphaA = reports::computeAgreement(*source, agreement);
        const auto alphaB = reports::computeAgreement(*target, agreement);
        QVERIFY(alphaA.ok() && alphaB.ok());
        QCOMPARE(reports::toJson(alphaB.value()).dump(), reports::toJson(alphaA.value()).dump());
    }
    source.reset();
    target.reset();
    reports::DashboardOptions options;
    options.humanGroup = "expert";
    options.bootstrap = false;
    options.threads = 1;
    const auto dashboardA = reports::computeDashboard(sourcePath, options);
    const auto dashboardB = reports::computeDashboard(targetPath, options);
    QVERIFY(dashboardA.ok() && dashboardB.ok());
    QCOMPARE(dashboardA->pairwise.size(), std::size_t(2));
    QCOMPARE(pairwiseOf(dashboardB.value()).dump(), pairwiseOf(dashboardA.value()).dump());
}

void TestLongExportImporter::brokenRows_data()
{
    QTest::addColumn<QByteArray>("rows"); // after the items, which end on line 14
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown kind") << QByteArray("vote,d1,A,quality,ann,expert,human,4,,,,,,,,,,,\n") << 15
                                  << QStringLiteral("kind") << QStringLiteral("unknown kind 'vote'");
    QTest::newRow("rank zero") << QByteArray("rank,d1,A,order,ann,expert,human,0,,,,,,,,,,,\n") << 15
                               << QStringLiteral("value") << QStringLiteral("whole number from 1");
    QTest::newRow("rank on a likert dimension")
        << QByteArray("rank,d1,A,quality,ann,expert,human,1,,,,,,,,,,,\n") << 15 << QStringLiteral("dimension")
        << QStringLiteral("not a rank dimension");
    QTest::newRow("ranked twice") << QByteArray(
        "rank,d1,A,order,ann,expert,human,1,,,,,,,,,,,\nrank,d1,A,order,ann,expert,human,2,,,,,,,,,,,\n")
                                  << 16 << QStringLiteral("value") << QStringLiteral("first on line 15");
    QTest::newRow("rated twice") << QByteArray(
        "rating,d1,A,quality,ann,expert,human,4,,,,,,,,,,,\nrating,d1,A,quality,ann,expert,human,5,,,,,,,,,,,\n")
                                 << 16 << QStringLiteral("value") << QStringLiteral("twice");
    QTest::newRow("rating outside the scale") << QByteArray("rating,d1,A,quality,ann,expert,human,6,,,,,,,,,,,\n") << 15
                                              << QStringLiteral("value") << QStringLiteral("outside the scale");
    QTest::newRow("unknown document") << QByteArray("rating,d9,A,quality,ann,expert,human,4,,,,,,,,,,,\n") << 15
                                      << QStringLiteral("doc_id") << QStringLiteral("--items");
    QTest::newRow("unknown system") << QByteArray("rating,d1,C,quality,ann,expert,human,4,,,,,,,,,,,\n") << 15
                                    << QStringLiteral("system") << QStringLiteral("no summary by system 'C'");
    QTest::newRow("rank on an unknown dimension") << QByteArray("rank,d1,A,speed,ann,expert,human,1,,,,,,,,,,,\n") << 15
                                                  << QStringLiteral("dimension") << QStringLiteral("not in the study");
    QTest::newRow("rater in another group") << QByteArray("rating,d1,A,quality,ann,crowd,human,4,,,,,,,,,,,\n") << 15
                                            << QStringLiteral("group") << QStringLiteral("on line 5");
    QTest::newRow("rater of another kind") << QByteArray("rating,d1,A,quality,bot,,human,4,,,,,,,,,,,\n") << 15
                                           << QStringLiteral("rater_kind") << QStringLiteral("is a judge");
    QTest::newRow("unit out of range") << QByteArray("unit_mark,d1,A,,ann,expert,human,1,,,,,,,,,2,,\n") << 15
                                       << QStringLiteral("unit") << QStringLiteral("2 content units");
    QTest::newRow("unit mark neither 0 nor 1") << QByteArray("unit_mark,d1,A,,ann,expert,human,2,,,,,,,,,0,,\n") << 15
                                               << QStringLiteral("value") << QStringLiteral("from 0 to 1");
    QTest::newRow("unit mark without unit") << QByteArray("unit_mark,d1,A,,ann,expert,human,1,,,,,,,,,,,\n") << 15
                                            << QStringLiteral("unit") << QStringLiteral("needs unit");
    QTest::newRow("order names an unknown system")
        << QByteArray("presentation_order,d1,,,ann,expert,human,,,,,,,\"[\"\"A\"\",\"\"C\"\"]\",,,,7,\n") << 15
        << QStringLiteral("shown_order") << QStringLiteral("no summary by system 'C'");
    QTest::newRow("order shows a system twice")
        << QByteArray("presentation_order,d1,,,ann,expert,human,,,,,,,\"[\"\"A\"\",\"\"A\"\"]\",,,,7,\n") << 15
        << QStringLiteral("shown_order") << QStringLiteral("shown twice");
    QTest::newRow("order without seed") << QByteArray(
        "presentation_order,d1,,,ann,expert,human,,,,,,,\"[\"\"A\"\"]\",,,,,\n")
                                        << 15 << QStringLiteral("seed") << QStringLiteral("needs seed");
    QTest::newRow("order with a negative seed")
        << QByteArray("presentation_order,d1,,,ann,expert,human,,,,,,,\"[\"\"A\"\"]\",,,,-1,\n") << 15
        << QStringLiteral("seed") << QStringLiteral("whole number");
    QTest::newRow("order not a list") << QByteArray("presentation_order,d1,,,ann,expert,human,,,,,,,A,,,,7,\n") << 15
                                      << QStringLiteral("shown_order") << QStringLiteral("expected JSON");
    QTest::newRow("pair in no order") << QByteArray("pairwise,d1,A,choice,bot,,judge,,,,,,B,xy,a,,,,\n") << 15
                                      << QStringLiteral("shown_order") << QStringLiteral("ab or ba");
    QTest::newRow("pair without outcome") << QByteArray("pairwise,d1,A,choice,bot,,judge,,,,,,B,ab,,,,,\n") << 15
                                          << QStringLiteral("outcome") << QStringLiteral("needs outcome");
    QTest::newRow("pair of one system") << QByteArray("pairwise,d1,A,choice,bot,,judge,,,,,,A,ab,a,,,,\n") << 15
                                        << QStringLiteral("system_b") << QStringLiteral("two different systems");
    QTest::newRow("span not the quote") << QByteArray("error_span,d1,A,,ann,expert,human,,0,5,Beta,,,,,,,,\n") << 15
                                        << QStringLiteral("quote") << QStringLiteral("not the quote");
    QTest::newRow("span past the end") << QByteArray("error_span,d1,A,,ann,expert,human,,0,99,Alpha,,,,,,,,\n") << 15
                                       << QStringLiteral("end") << QStringLiteral("whole number from 0 to 11");
    QTest::newRow("explained twice") << QByteArray(
        "explanation,d1,,,ann,expert,human,,,,,,,,,Why.,,,\nexplanation,d1,,,ann,expert,human,,,,,,,,,Again.,,,\n")
                                     << 16 << QStringLiteral("text") << QStringLiteral("first on line 15");
    QTest::newRow("document twice") << QByteArray("document,d1,,,,,,,,,,,,,,One.,,,\n") << 15
                                    << QStringLiteral("doc_id") << QStringLiteral("defined twice");
    QTest::newRow("summary twice") << QByteArray("summary,d1,A,,,,,,,,,,,,,Alpha text.,,,\n") << 15
                                   << QStringLiteral("system") << QStringLiteral("two summaries");
    QTest::newRow("dimension without data") << QByteArray("dimension,,,speed,,,,,,,,,,,,,,,[1]\n") << 15
                                            << QStringLiteral("data") << QStringLiteral("JSON object");
    QTest::newRow("data 100000 levels deep")
        << (QByteArray("dimension,,,speed,,,,,,,,,,,,,,,") + QByteArray(100000, '[') + QByteArray(100000, ']') + "\n")
        << 15 << QStringLiteral("data") << QStringLiteral("nested more than 512 levels deep");
    QTest::newRow("latin-1 explanation") << QByteArray("explanation,d1,,,ann,expert,human,,,,,,,,,Caf\xE9.,,,\n") << 15
                                         << QStringLiteral("text")
                                         << QStringLiteral("not valid UTF-8: byte 0xE9 after \"Caf\"");
    QTest::newRow("short row") << QByteArray("rating,d1,A,quality,ann,expert,human,4\n") << 15 << QString()
                               << QStringLiteral("the row has 8 fields, the header 19");
}

// Broken rows after good ones: the error names line and field, and nothing is imported.
void TestLongExportImporter::brokenRows()
{
    QFETCH(QByteArray, rows);
    QFETCH(int, line);
    QFETCH(QString, field);
    QFETCH(QString, message);
    auto source = itemsStudy();
    QTemporaryDir dir;
    // Header, 3 dimensions (lines 2-4), 2 raters (5-6), 2 documents, 2 systems and 4 summaries.
    const std::string items = exportOf(*source, dir, QStringLiteral("items.csv"), io::ExportFormat::Csv, true);
    QCOMPARE(std::count(items.begin(), items.end(), '\n'), 14);
    QVERIFY(items.find("\r\nrater,,,,ann,expert,human,") != std::string::npos);

    auto target = newStudy();
    const auto report = importInto(*target, write(dir, QStringLiteral("broken.csv"), items + rows.toStdString()),
                                   io::TableFormat::Csv);
    QVERIFY(!report.ok());
    QVERIFY2(QString::fromStdString(report.error().message).contains(message), report.error().describe().c_str());
    QCOMPARE(report.error().line, long(line));
    QCOMPARE(QString::fromStdString(report.error().field), field);
    QVERIFY(report.error().file.ends_with("broken.csv"));
    const auto counts = target->counts();
    QCOMPARE(counts.documents + counts.raters + counts.dimensions + counts.candidates, std::int64_t(0));
}

void TestLongExportImporter::refusesAnotherMapping()
{
    auto source = itemsStudy();
    QTemporaryDir dir;
    exportOf(*source, dir, QStringLiteral("items.csv"), io::ExportFormat::Csv, true);
    auto target = newStudy();
    const auto report = io::TableImporter::importFile(*target, dir.filePath(QStringLiteral("items.csv")).toStdString(),
                                                      io::TableFormat::Csv,
                                                      io::ColumnMapping::parse("doc_id=doc_id,rater=group").value());
    QVERIFY(!report.ok());
    QVERIFY2(report.error().message.find("Concord export") != std::string::npos, report.error().describe().c_str());
    QCOMPARE(target->counts().documents, 0);
}

void TestLongExportImporter::ratingsKeepTheStudysRules()
{
    // The demo, with an LLMScore judge (a probability of yes, 0 to 1, on the 1-5 coherence) beside the people.
    auto source = newStudy();
    const auto bundle = io::StudyBundle::importFile(
        *source, QString(test::sourceDir() + QStringLiteral("/resources/demo/demo_study.json")).toStdString());
    QVERIFY(bundle.ok());
    const Id candidate = source->candidates().front().id;
    const Id coherence = source->dimensionId("coherence").value();
    QVERIFY(source
                ->write([&] {
                    model::Rater yes;
                    yes.name = "yes-judge";
                    yes.kind = model::RaterKind::Judge;
                    yes.protocol = "llmscore";
                    source->setRating(source->ensureRater(yes), candidate, coherence, 0.4);
                })
                .ok());
    QTemporaryDir dir;
    const std::string csv = exportOf(*source, dir, QStringLiteral("rules.csv"), io::ExportFormat::Csv, true);

    // It comes back whole: the judge's 0.4 is not read against the scale 1 to 5.
    auto target = newStudy();
    const auto report = importInto(*target, write(dir, QStringLiteral("back.csv"), csv), io::TableFormat::Csv);
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    const Id judge = target->raterId("yes-judge").value();
    Id back = 0;
    for (const auto &c : target->candidates())
        if (c.text == source->candidates().front().text)
            back = c.id;
    QCOMPARE(target->rating(judge, back, target->dimensionId("coherence").value()), std::optional<double>(0.4));

    // A person's rating between two of coherence's labelled points is refused where it stands.
    const std::string human = ",annotator_a,expert,human,";
    const std::size_t at = csv.find("rating,");
    QVERIFY(at != std::string::npos);
    std::string edited = csv;
    const std::size_t row = edited.find("coherence" + human, at);
    QVERIFY(row != std::string::npos);
    const std::size_t value = row + std::string("coherence").size() + human.size();
    edited.replace(value, edited.find(',', value) - value, "2.5");
    const long line = static_cast<long>(std::count(edited.begin(), edited.begin() + static_cast<long>(row), '\n')) + 1;
    auto refused = newStudy();
    const auto broken = importInto(*refused, write(dir, QStringLiteral("broken.csv"), edited), io::TableFormat::Csv);
    QVERIFY(!broken.ok());
    QVERIFY2(broken.error().message.find("rating 2.5 is not one of the labelled points of 'coherence'")
                 != std::string::npos,
             broken.error().describe().c_str());
    QCOMPARE(broken.error().field, std::string("value"));
    QCOMPARE(broken.error().line, line);
}

QTEST_APPLESS_MAIN(TestLongExportImporter)
#include "tst_long_export_importer.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The generic table importer: JSONL, CSV and TSV with a column mapping; InstruSum-style items,
// long and wide ratings, documents already in the study, and broken input that names line and
// field and changes nothing; the check that runs an import without keeping it.
#include "io/study_exporter.h"
#include "io/table_importer.h"
#include "store/study.h"
#include "study_fingerprint.h"
#include "test_paths.h"

#include <QTemporaryDir>
#include <QTest>

#include <array>
#include <fstream>
#include <latch>
#include <sstream>
#include <thread>

using namespace concord;
using concord::model::Id;

class TestTableImporter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parsesMappings();
    void refusesBadMappings_data();
    void refusesBadMappings();
    void formatNames();
    void importsInstruSumStyleJsonl();
    void importsLongRatingsFromCsv();
    void importsWideScoresFromTsv();
    void identityMappingUsesPresentColumns();
    void oneRaterForEveryRating();
    void oneRatersBadValueChangesNothing();
    void findsScoreLikeColumns();
    void rowsMayReferToTheStudy();
    void usesTheStudysDimensionScale();
    void brokenInput_data();
    void brokenInput();
    void checkMeetsTheImportsErrors_data();
    void checkMeetsTheImportsErrors();
    void checkWritesNothing();
    void checkLeavesTheStudyToOtherWriters();
    void exportsAsBefore_data();
    void exportsAsBefore();
    void cancelledLateChangesNothing();
    void failingLateInABigFileChangesNothing_data();
    void failingLateInABigFileChangesNothing();
    void tenMegabyteField_data();
    void tenMegabyteField();
};

namespace {

bool contains(const std::string &text, const char *part)
{
    return text.find(part) != std::string::npos;
}

std::string write(const QTemporaryDir &dir, const char *name, const QByteArray &content)
{
    const std::string path = dir.filePath(QString::fromUtf8(name)).toStdString();
    std::ofstream out(path, std::ios::binary);
    out.write(content.constData(), content.size());
    return path;
}

std::unique_ptr<store::Study> newStudy()
{
    auto study = store::Study::createInMemory();
    if (!study)
        qFatal("in-memory study: %s", study.error().describe().c_str());
    return std::move(study).value();
}

io::ColumnMapping mapping(const char *spec)
{
    auto m = io::ColumnMapping::parse(spec);
    if (!m)
        qFatal("mapping %s: %s", spec, m.error().describe().c_str());
    return m.value();
}

// A JSON value nested depth levels deep: arrays, or objects {"a": ...}.
QByteArray nested(int depth, bool objects)
{
    QByteArray out;
    for (int i = 0; i < depth; ++i)
        out += objects ? "{\"a\": " : "[";
    out += objects ? "1" : "";
    for (int i = 0; i < depth; ++i)
        out += objects ? "}" : "]";
    return out;
}

bool sameCounts(const store::StudyCounts &a, const store::StudyCounts &b)
{
    return a.documents == b.documents && a.systems == b.systems && a.candidates == b.candidates
           && a.dimensions == b.dimensions && a.raters == b.raters && a.ratings == b.ratings && a.rankings == b.rankings
           && a.errorSpans == b.errorSpans && a.explanations == b.explanations;
}

double ratingOf(store::Study &s, const char *doc, const char *system, const char *dimension, const char *rater)
{
    const auto cand = s.candidateId(s.documentId(doc).value(), s.systemId(system).value());
    return s.rating(s.raterId(rater).value(), cand.value(), s.dimensionId(dimension).value()).value_or(-1);
}

// doc "old" with article, system S1's summary, dimension "stars" on a 1–10 scale, and one rating.
struct Existing {
    Id rater = 0, candidate = 0, dimension = 0;
};

Existing seed(store::Study &study)
{
    Existing e;
    const auto status = study.write([&] {
        model::Document d;
        d.externalId = "old";
        d.source = "An article already in the study.";
        const Id doc = study.addDocument(d);
        e.candidate = study.addCandidate(doc, study.ensureSystem("S1"), "Old summary.");
        model::Dimension stars;
        stars.name = "stars";
        stars.scaleMin = 1;
        stars.scaleMax = 10;
        e.dimension = study.ensureDimension(stars);
        model::Dimension rank;
        rank.name = "order";
        rank.kind = model::DimensionKind::Rank;
        study.ensureDimension(rank);
        e.rater = study.ensureRater({0, "earlier", model::RaterKind::Human, "lab", {}, {}, {}, {}});
        study.setRating(e.rater, e.candidate, e.dimension, 7);
    });
    if (!status)
        qFatal("seed: %s", status.error().describe().c_str());
    return e;
}

model::Rater raterNamed(store::Study &s, const char *name)
{
    for (const auto &r : s.raters())
        if (r.name == name)
            return r;
    return {};
}

io::ColumnMapping withRater(io::ColumnMapping m, const char *name, const char *group)
{
    m.fixedRater = io::ColumnMapping::FixedRater{name, group};
    return m;
}

} // namespace

void TestTableImporter::parsesMappings()
{
    auto m = io::ColumnMapping::parse(" doc_id = id,article=text , summary=output,score.coherence=Coh 1");
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    QCOMPARE(m->columns.size(), std::size_t(4));
    QCOMPARE(m->columns.at("doc_id"), std::string("id"));
    QCOMPARE(m->columns.at("article"), std::string("text"));
    QCOMPARE(m->columns.at("summary"), std::string("output"));
    QCOMPARE(m->columns.at("score.coherence"), std::string("Coh 1"));
    QVERIFY(!m->skipMissingColumns);

    const auto identity = io::ColumnMapping::identity();
    for (const char *field :
         {"doc_id", "article", "requirement", "system", "summary", "rater", "group", "dimension", "value"})
        QCOMPARE(identity.columns.at(field), std::string(field));
    QVERIFY(identity.skipMissingColumns);
}

void TestTableImporter::refusesBadMappings_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("unknown field") << QStringLiteral("doc_id=id,title=t") << QStringLiteral("unknown field 'title'");
    QTest::newRow("empty column") << QStringLiteral("doc_id=") << QStringLiteral("names no column");
    QTest::newRow("duplicate") << QStringLiteral("doc_id=a,doc_id=b") << QStringLiteral("mapped twice");
    QTest::newRow("no equals") << QStringLiteral("doc_id") << QStringLiteral("has no '='");
    QTest::newRow("empty spec") << QString() << QStringLiteral("empty entry");
    QTest::newRow("trailing comma") << QStringLiteral("doc_id=a,") << QStringLiteral("empty entry");
    QTest::newRow("score without name") << QStringLiteral("score.=x") << QStringLiteral("unknown field");
}

void TestTableImporter::refusesBadMappings()
{
    QFETCH(QString, spec);
    QFETCH(QString, messagePart);
    auto m = io::ColumnMapping::parse(spec.toStdString());
    QVERIFY(!m.ok());
    QVERIFY2(contains(m.error().message, messagePart.toUtf8().constData()), m.error().describe().c_str());
}

void TestTableImporter::formatNames()
{
    QVERIFY(io::tableFormatFromName("jsonl") == io::TableFormat::Jsonl);
    QVERIFY(io::tableFormatFromName("csv") == io::TableFormat::Csv);
    QVERIFY(io::tableFormatFromName("tsv") == io::TableFormat::Tsv);
    QVERIFY(!io::tableFormatFromName("xlsx"));
}

void TestTableImporter::importsInstruSumStyleJsonl()
{
    // Article + requirement + five candidates per document, the article repeated on every row.
    QByteArray text;
    for (int doc = 1; doc <= 2; ++doc)
        for (int sys = 1; sys <= 5; ++sys)
            text += "{\"id\": " + QByteArray::number(doc) + ", \"article\": \"Article " + QByteArray::number(doc)
                    + " with \\\"quotes\\\" and é.\", \"requirement\": \"Summarise for a child.\", \"model\": \"sys"
                    + QByteArray::number(sys) + "\", \"output\": \"Summary " + QByteArray::number(doc * 10 + sys)
                    + ".\", \"extra\": [1, 2]}\n";
    QTemporaryDir dir;
    const auto path = write(dir, "instrusum.jsonl", text);
    auto study = newStudy();
    auto report = io::TableImporter::importFile(
        *study, path, io::TableFormat::Jsonl,
        mapping("doc_id=id,article=article,requirement=requirement,system=model,summary=output"));
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report->linesRead, 10);
    QCOMPARE(report->documents, 2);
    QCOMPARE(report->systems, 5);
    QCOMPARE(report->candidates, 10);
    QCOMPARE(report->ratings, 0);
    // A numeric doc id is its decimal text.
    const auto doc = study->document(study->documentId("2").value()).value();
    QCOMPARE(doc.source, std::string("Article 2 with \"quotes\" and é."));
    QCOMPARE(doc.requirement.value_or(""), std::string("Summarise for a child."));
    QCOMPARE(study->candidatesOf(doc.id).size(), std::size_t(5));
    QCOMPARE(study->candidatesOf(doc.id).at(2).text, std::string("Summary 23."));
}

void TestTableImporter::importsLongRatingsFromCsv()
{
    const QByteArray csv = "doc,text,sys,summary,annotator,team,aspect,score\r\n"
                           "d1,\"First article,\nover two lines.\",A,\"A says \"\"hi\"\".\",ann,expert,coherence,4\r\n"
                           "d1,\"First article,\nover two lines.\",A,\"A says \"\"hi\"\".\",ann,expert,fluency,5\r\n"
                           "d1,\"First article,\nover two lines.\",B,B's summary.,bob,crowd,coherence,2.5\r\n"
                           "d1,,B,,bob,crowd,fluency,\r\n"
                           "d2,Second article.,A,Short.,ann,expert,coherence,-0\r\n";
    QTemporaryDir dir;
    const auto path = write(dir, "ratings.csv", csv);
    auto study = newStudy();
    auto report = io::TableImporter::importFile(*study, path, io::TableFormat::Csv,
                                                mapping("doc_id=doc,article=text,system=sys,summary=summary,rater="
                                                        "annotator,group=team,dimension=aspect,value=score"));
    QVERIFY(!report.ok());             // -0 is outside 1..5 on a new dimension
    QCOMPARE(report.error().line, 9L); // records with quoted newlines span two lines each
    QCOMPARE(report.error().field, std::string("value"));
    QCOMPARE(study->counts().documents, 0);

    QByteArray fixed = csv;
    fixed.replace(",-0\r\n", ",3\r\n");
    const auto path2 = write(dir, "ratings2.csv", fixed);
    report = io::TableImporter::importFile(*study, path2, io::TableFormat::Csv,
                                           mapping("doc_id=doc,article=text,system=sys,summary=summary,rater=annotator,"
                                                   "group=team,dimension=aspect,value=score"));
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report->linesRead, 5);
    QCOMPARE(report->documents, 2);
    QCOMPARE(report->candidates, 3);
    QCOMPARE(report->dimensions, 2);
    QCOMPARE(report->raters, 2);
    QCOMPARE(report->ratings, 4); // the empty score is no rating
    QCOMPARE(study->document(study->documentId("d1").value())->source, std::string("First article,\nover two lines."));
    QCOMPARE(study->candidatesOf(study->documentId("d1").value()).at(0).text, std::string("A says \"hi\"."));
    QCOMPARE(ratingOf(*study, "d1", "B", "coherence", "bob"), 2.5);
    QCOMPARE(ratingOf(*study, "d1", "B", "fluency", "bob"), -1.0);
    QCOMPARE(ratingOf(*study, "d2", "A", "coherence", "ann"), 3.0);
    const auto groups = study->ratersByGroup();
    QCOMPARE(groups.at("expert"), 1);
    QCOMPARE(groups.at("crowd"), 1);
    const auto dims = study->dimensions();
    QVERIFY(dims[0].kind == model::DimensionKind::Likert);
    QCOMPARE(dims[0].scaleMin, 1.0);
    QCOMPARE(dims[0].scaleMax, 5.0);
}

void TestTableImporter::importsWideScoresFromTsv()
{
    const QByteArray tsv = "\xEF\xBB\xBF"
                           "id\tarticle\tsystem\tsummary\twho\tcoh\tflu\n"
                           "x1\tThe article.\tM1\tThe summary, with a comma.\tjudge-a\t4\t\n"
                           "x1\tThe article.\tM2\tAnother.\tjudge-a\t1\t2\n";
    QTemporaryDir dir;
    const auto path = write(dir, "wide.tsv", tsv);
    auto study = newStudy();
    auto report = io::TableImporter::importFile(
        *study, path, io::TableFormat::Tsv,
        mapping(
            "doc_id=id,article=article,system=system,summary=summary,rater=who,score.coherence=coh,score.fluency=flu"));
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report->ratings, 3);
    QCOMPARE(report->dimensions, 2);
    QCOMPARE(ratingOf(*study, "x1", "M1", "coherence", "judge-a"), 4.0);
    QCOMPARE(ratingOf(*study, "x1", "M2", "fluency", "judge-a"), 2.0);
    QCOMPARE(ratingOf(*study, "x1", "M1", "fluency", "judge-a"), -1.0);
    QCOMPARE(study->candidatesOf(study->documentId("x1").value()).at(0).text,
             std::string("The summary, with a comma."));

    // Score columns need someone who gave them.
    auto noRater = io::TableImporter::importFile(*study, path, io::TableFormat::Tsv,
                                                 mapping("doc_id=id,system=system,score.coherence=coh"));
    QVERIFY(!noRater.ok());
    QCOMPARE(noRater.error().field, std::string("rater"));
}

// A sheet of one person's scores has no rater column: the mapping names the rater and its group.
void TestTableImporter::oneRaterForEveryRating()
{
    const QByteArray csv = "doc_id,article,system,summary,score\n"
                           "n1,Article one.,A,Summary A.,4\n"
                           "n1,Article one.,B,Summary B.,2\n"
                           "old,,S1,,5\n";
    QTemporaryDir dir;
    const auto path = write(dir, "scores.csv", csv);
    auto study = newStudy();
    seed(*study);
    const auto scores = mapping("doc_id=doc_id,article=article,system=system,summary=summary,score.score=score");

    // Without a rater the scores are refused, and the error says how to name one.
    auto refused = io::TableImporter::importFile(*study, path, io::TableFormat::Csv, scores);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().field, std::string("rater"));
    QVERIFY2(contains(refused.error().message, "(--rater NAME)"), refused.error().describe().c_str());

    auto report = io::TableImporter::importFile(*study, path, io::TableFormat::Csv, withRater(scores, "ann", "crowd"));
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report->ratings, 3);
    QCOMPARE(report->raters, 1);
    QCOMPARE(ratingOf(*study, "n1", "A", "score", "ann"), 4.0);
    QCOMPARE(ratingOf(*study, "n1", "B", "score", "ann"), 2.0);
    QCOMPARE(ratingOf(*study, "old", "S1", "score", "ann"), 5.0);
    const model::Rater ann = raterNamed(*study, "ann");
    QCOMPARE(ann.group, std::string("crowd"));
    QVERIFY(ann.kind == model::RaterKind::Human);

    // Long format too, with the identity mapping: the one rater rates each row's dimension.
    const auto longPath = write(dir, "long.csv", "doc_id,system,dimension,value\nold,S1,stars,9\n");
    report = io::TableImporter::importFile(*study, longPath, io::TableFormat::Csv,
                                           withRater(io::ColumnMapping::identity(), "bea", "expert"));
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(ratingOf(*study, "old", "S1", "stars", "bea"), 9.0);
    QCOMPARE(raterNamed(*study, "bea").group, std::string("expert"));

    // A JSON Lines file read without a mapping of its own: the one rater rates where a line names none.
    const auto jsonl = write(dir, "long.jsonl",
                             "{\"doc_id\": \"old\", \"system\": \"S1\", \"dimension\": \"stars\", "
                             "\"value\": 8}\n");
    report = io::TableImporter::importFile(*study, jsonl, io::TableFormat::Jsonl,
                                           withRater(io::ColumnMapping::identity(), "gil", "crowd"));
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(ratingOf(*study, "old", "S1", "stars", "gil"), 8.0);

    // Without a group of its own the rater takes the group column's, as a rater column's rater does.
    const auto grouped = write(dir, "grouped.csv", "doc_id,system,group,score\nold,S1,lab,3\n");
    report = io::TableImporter::importFile(
        *study, grouped, io::TableFormat::Csv,
        withRater(mapping("doc_id=doc_id,system=system,group=group,score.score=score"), "cy", ""));
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(raterNamed(*study, "cy").group, std::string("lab"));

    // A table with a rater column takes no rater besides: which one would rate is not for the importer to guess.
    const auto before = study->counts();
    const auto withColumn = write(dir, "column.csv", "doc_id,system,rater,score\nold,S1,dan,3\n");
    auto both = io::TableImporter::importFile(*study, withColumn, io::TableFormat::Csv,
                                              withRater(io::ColumnMapping::identity(), "eve", "crowd"));
    QVERIFY(!both.ok());
    QCOMPARE(both.error().field, std::string("rater"));
    QVERIFY2(contains(both.error().message, "has a rater column"), both.error().describe().c_str());
    const auto namedLine = write(dir, "named.jsonl",
                                 "{\"doc_id\": \"old\", \"system\": \"S1\", \"dimension\": "
                                 "\"stars\", \"value\": 8, \"rater\": \"hal\"}\n");
    both = io::TableImporter::importFile(*study, namedLine, io::TableFormat::Jsonl,
                                         withRater(io::ColumnMapping::identity(), "eve", "crowd"));
    QVERIFY(!both.ok());
    QCOMPARE(both.error().line, 1L);
    QCOMPARE(both.error().field, std::string("rater"));
    // A nameless rater is no rater.
    auto nameless = io::TableImporter::importFile(*study, path, io::TableFormat::Csv, withRater(scores, "", "crowd"));
    QVERIFY(!nameless.ok());
    QCOMPARE(nameless.error().field, std::string("rater"));
    // A Concord export names the rater of each judgement.
    const auto exported = write(dir, "export.csv",
                                "kind,doc_id,system,dimension,rater,group,rater_kind,value,start,end,quote,note,"
                                "system_b,shown_order,outcome,text\nrating,old,S1,stars,fay,,human,4,,,,,,,,\n");
    auto fromExport = io::TableImporter::importFile(*study, exported, io::TableFormat::Csv,
                                                    withRater(io::ColumnMapping::identity(), "eve", "crowd"));
    QVERIFY(!fromExport.ok());
    QVERIFY2(contains(fromExport.error().message, "Concord export"), fromExport.error().describe().c_str());
    QVERIFY(sameCounts(before, study->counts()));
}

// All or nothing with one rater as with a rater column: a bad value on the last row leaves the study as it was,
// and the error names the file, the line and the field; the check meets the same error.
void TestTableImporter::oneRatersBadValueChangesNothing()
{
    const QByteArray csv = "doc_id,article,system,summary,score\n"
                           "n1,Article one.,A,Summary A.,4\n"
                           "n2,Article two.,A,Summary two.,five\n";
    QTemporaryDir dir;
    const auto path = write(dir, "bad.csv", csv);
    auto study = newStudy();
    const Existing e = seed(*study);
    const auto before = study->counts();
    const auto scores = withRater(
        mapping("doc_id=doc_id,article=article,system=system,summary=summary,score.score=score"), "ann", "crowd");
    for (const bool check : {false, true}) {
        auto report = check ? io::TableImporter::checkFile(*study, path, io::TableFormat::Csv, scores)
                            : io::TableImporter::importFile(*study, path, io::TableFormat::Csv, scores);
        QVERIFY(!report.ok());
        QCOMPARE(report.error().file, path);
        QCOMPARE(report.error().line, 3L);
        QCOMPARE(report.error().field, std::string("score.score"));
        QVERIFY2(contains(report.error().message, "expected a number, found 'five'"),
                 report.error().describe().c_str());
        QVERIFY(sameCounts(before, study->counts()));
        QVERIFY(!study->raterId("ann"));
        QCOMPARE(study->rating(e.rater, e.candidate, e.dimension).value_or(0), 7.0);
    }
}

// Columns named "score" or like a dimension of the study, with numbers in them, are a wide table's ratings.
void TestTableImporter::findsScoreLikeColumns()
{
    QTemporaryDir dir;
    const std::vector<std::string> dimensions{"coherence", "fluency", "relevance", "value"};
    const auto csv = write(dir, "wide.csv",
                           "doc_id,Score,coherence,Fluency,relevance,notes,value,consistency\n"
                           "n1, 4 ,3,2,4,fine,5,4\n"
                           "n2,,2.5,1,good,,3,2\n");
    // "Fluency" is no dimension's exact name, "relevance" holds a word, "value" is a field, "consistency" no
    // dimension's name.
    QCOMPARE(io::TableImporter::scoreLikeColumns(csv, io::TableFormat::Csv, dimensions),
             (std::vector<std::string>{"Score", "coherence"}));
    // Only the first rows are read: the word is in the second.
    QCOMPARE(io::TableImporter::scoreLikeColumns(csv, io::TableFormat::Csv, dimensions, 1),
             (std::vector<std::string>{"Score", "coherence", "relevance"}));

    const auto jsonl = write(dir, "wide.jsonl",
                             "{\"doc_id\": \"n1\", \"score\": 4, \"fluency\": \"3\"}\n"
                             "{\"doc_id\": \"n2\", \"fluency\": null, \"coherence\": \"high\"}\n");
    // In the order columnsOf lists the keys (a JSON object's are read in name order).
    QCOMPARE(io::TableImporter::scoreLikeColumns(jsonl, io::TableFormat::Jsonl, dimensions),
             (std::vector<std::string>{"fluency", "score"}));
    // An empty column is no score column; a file that cannot be read has none.
    const auto empty = write(dir, "empty.csv", "doc_id,score\nn1,\n");
    QVERIFY(io::TableImporter::scoreLikeColumns(empty, io::TableFormat::Csv, dimensions).empty());
    QVERIFY(io::TableImporter::scoreLikeColumns(dir.filePath(QStringLiteral("none.csv")).toStdString(),
                                                io::TableFormat::Csv, dimensions)
                .empty());
}

void TestTableImporter::identityMappingUsesPresentColumns()
{
    const QByteArray csv = "doc_id,article,system,summary,notes\n"
                           "a,Article A.,S,Summary A.,ignored\n";
    QTemporaryDir dir;
    const auto path = write(dir, "identity.csv", csv);
    auto study = newStudy();
    auto report = io::TableImporter::importFile(*study, path, io::TableFormat::Csv, io::ColumnMapping::identity());
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report->candidates, 1);

    const QByteArray jsonl = "{\"doc_id\": \"b\", \"article\": \"Article B.\"}\n{\"doc_id\": \"b\", \"system\": \"S\", "
                             "\"summary\": \"B.\"}\n";
    const auto jpath = write(dir, "identity.jsonl", jsonl);
    report = io::TableImporter::importFile(*study, jpath, io::TableFormat::Jsonl, io::ColumnMapping::identity());
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report->documents, 1);
    QCOMPARE(report->candidates, 1);
}

void TestTableImporter::rowsMayReferToTheStudy()
{
    auto study = newStudy();
    seed(*study);
    // No article for a document the study has; the same summary again reuses the candidate;
    // a rating row may name only document and system.
    const QByteArray csv = "doc,sys,summary,rater,dim,value\n"
                           "old,S2,New summary.,,,\n"
                           "old,S1,Old summary.,earlier,stars,9\n"
                           "old,S2,,carol,stars,3\n";
    QTemporaryDir dir;
    const auto path = write(dir, "more.csv", csv);
    auto report = io::TableImporter::importFile(
        *study, path, io::TableFormat::Csv,
        mapping("doc_id=doc,system=sys,summary=summary,rater=rater,dimension=dim,value=value"));
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report->documents, 0);
    QCOMPARE(report->candidates, 1);
    QCOMPARE(report->raters, 1);
    QCOMPARE(report->dimensions, 0);
    QCOMPARE(report->ratings, 2);
    QCOMPARE(ratingOf(*study, "old", "S1", "stars", "earlier"), 9.0);
    QCOMPARE(ratingOf(*study, "old", "S2", "stars", "carol"), 3.0);
    QCOMPARE(study->counts().candidates, 2);
}

void TestTableImporter::usesTheStudysDimensionScale()
{
    auto study = newStudy();
    seed(*study);
    QTemporaryDir dir;
    const auto ok = write(dir, "ok.jsonl", "{\"d\": \"old\", \"s\": \"S1\", \"r\": \"zed\", \"v\": 10}\n");
    auto report = io::TableImporter::importFile(*study, ok, io::TableFormat::Jsonl,
                                                mapping("doc_id=d,system=s,rater=r,score.stars=v"));
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(ratingOf(*study, "old", "S1", "stars", "zed"), 10.0);

    const auto off = write(dir, "off.jsonl", "{\"d\": \"old\", \"s\": \"S1\", \"r\": \"amy\", \"v\": \"11\"}\n");
    report = io::TableImporter::importFile(*study, off, io::TableFormat::Jsonl,
                                           mapping("doc_id=d,system=s,rater=r,score.stars=v"));
    QVERIFY(!report.ok());
    QCOMPARE(report.error().field, std::string("score.stars"));
    QVERIFY(contains(report.error().message, "outside the scale of 'stars' (1 to 10)"));
}

void TestTableImporter::brokenInput_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("spec");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("messagePart");

    const QString items = QStringLiteral("doc_id=id,article=text,system=sys,summary=out");
    const QString rated
        = QStringLiteral("doc_id=id,article=text,system=sys,summary=out,rater=who,dimension=dim,value=val");
    const QByteArray good = "{\"id\": \"n1\", \"text\": \"T.\", \"sys\": \"A\", \"out\": \"O.\"}\n";

    QTest::newRow("jsonl malformed line") << "jsonl" << (good + "{\"id\": \"n2\", \"text\": \n") << items << 2
                                          << QString() << QStringLiteral("malformed JSON");
    QTest::newRow("jsonl missing field") << "jsonl" << (good + "{\"id\": \"n2\", \"text\": \"T2.\", \"sys\": \"A\"}\n")
                                         << items << 2 << QStringLiteral("summary")
                                         << QStringLiteral("missing field 'out'");
    QTest::newRow("jsonl wrong type")
        << "jsonl" << (good + "{\"id\": \"n2\", \"text\": \"T2.\", \"sys\": \"A\", \"out\": {\"a\": 1}}\n") << items
        << 2 << QStringLiteral("summary") << QStringLiteral("found object");
    QTest::newRow("jsonl value is a word")
        << "jsonl"
        << (QByteArray("{\"id\": \"n1\", \"text\": \"T.\", \"sys\": \"A\", \"out\": \"O.\", \"who\": null, \"dim\": "
                       "null, \"val\": null}\n")
            + "{\"id\": \"n1\", \"text\": \"T.\", \"sys\": \"A\", \"out\": \"O.\", \"who\": \"w\", \"dim\": \"d\", "
              "\"val\": \"good\"}\n")
        << rated << 2 << QStringLiteral("value") << QStringLiteral("expected a number");
    QTest::newRow("jsonl duplicate candidate")
        << "jsonl" << (good + "{\"id\": \"n1\", \"text\": \"T.\", \"sys\": \"A\", \"out\": \"Other.\"}\n") << items << 2
        << QStringLiteral("summary") << QStringLiteral("different summary");
    QTest::newRow("jsonl other article") << "jsonl"
                                         << (good + good
                                             + "{\"id\": \"n1\", \"text\": \"T!\", \"sys\": \"B\", \"out\": \"O.\"}\n")
                                         << items << 3 << QStringLiteral("article")
                                         << QStringLiteral("different article on line 1");
    QTest::newRow("jsonl no doc id") << "jsonl"
                                     << QByteArray(
                                            "{\"id\": \"\", \"text\": \"T.\", \"sys\": \"A\", \"out\": \"O.\"}\n")
                                     << items << 1 << QStringLiteral("doc_id") << QStringLiteral("document id");
    QTest::newRow("jsonl new document without article")
        << "jsonl" << QByteArray("{\"id\": \"zz\", \"text\": null, \"sys\": \"A\", \"out\": \"O.\"}\n") << items << 1
        << QStringLiteral("article") << QStringLiteral("no article");
    QTest::newRow("jsonl empty file") << "jsonl" << QByteArray() << items << 0 << QString()
                                      << QStringLiteral("no records");
    // Nesting is refused while the line is read, long before a value that deep is walked.
    QTest::newRow("jsonl arrays 100000 deep")
        << "jsonl"
        << (good + "{\"id\": \"n2\", \"text\": \"T.\", \"sys\": \"A\", \"out\": " + nested(100000, false) + "}\n")
        << items << 2 << QStringLiteral("out") << QStringLiteral("nested more than 512 levels deep");
    QTest::newRow("jsonl objects 100000 deep")
        << "jsonl" << (good + "{\"id\": \"n2\", \"text\": " + nested(100000, true) + ", \"sys\": \"A\"}\n") << items
        << 2 << QStringLiteral("text") << QStringLiteral("nested more than 512 levels deep");
    QTest::newRow("jsonl latin-1") << "jsonl"
                                   << (good
                                       + "{\"id\": \"n2\", \"text\": \"Caf\xE9.\", \"sys\": \"A\", \"out\": \"O.\"}\n")
                                   << items << 2 << QStringLiteral("text")
                                   << QStringLiteral("not valid UTF-8: byte 0xE9 after");
    QTest::newRow("csv latin-1") << "csv" << QByteArray("id,text,sys,out\nn1,T.,A,O.\nn2,Caf\xE9 cr\xE8me,A,O.\n")
                                 << items << 3 << QStringLiteral("text")
                                 << QStringLiteral("not valid UTF-8: byte 0xE9 after \"Caf\"");
    QTest::newRow("csv latin-1 in an unmapped column")
        << "csv" << QByteArray("id,text,sys,out,note\nn1,T.,A,O.,na\xEFve\n") << items << 2 << QStringLiteral("note")
        << QStringLiteral("byte 0xEF after \"na\"");
    QTest::newRow("csv latin-1 on the second line of a quoted field")
        << "csv" << QByteArray("id,text,sys,out\nn1,\"First line.\nSecond caf\xE9.\",A,O.\n") << items << 3
        << QStringLiteral("text") << QStringLiteral("after \"Second caf\"");
    QTest::newRow("csv latin-1 header") << "csv" << QByteArray("id,t\xEAxt,sys,out\nn1,T.,A,O.\n") << items << 1
                                        << QStringLiteral("column 2") << QStringLiteral("byte 0xEA after \"t\"");
    QTest::newRow("csv utf-16") << "csv" << QByteArray("\xFF\xFEi\0d\0\n\0", 8) << items << 1
                                << QStringLiteral("column 1") << QStringLiteral("byte 0xFF at the start");
    QTest::newRow("tsv overlong") << "tsv" << QByteArray("id\ttext\tsys\tout\nn1\tT.\tA\tO\xC0\xAF\n") << items << 2
                                  << QStringLiteral("out") << QStringLiteral("byte 0xC0 after \"O\"");
    QTest::newRow("tsv surrogate") << "tsv" << QByteArray("id\ttext\tsys\tout\nn1\t\xED\xA0\x80\tA\tO.\n") << items << 2
                                   << QStringLiteral("text") << QStringLiteral("byte 0xED at the start");
    QTest::newRow("csv missing column") << "csv" << QByteArray("id,sys,out\nn1,A,O.\n") << items << 1
                                        << QStringLiteral("article")
                                        << QStringLiteral("column 'text' is not in the header");
    QTest::newRow("csv bad quote") << "csv" << QByteArray("id,text,sys,out\nn1,T.,A,O.\nn2,\"T2,A,O.\n") << items << 3
                                   << QString() << QStringLiteral("never closed");
    QTest::newRow("csv text after quote") << "csv" << QByteArray("id,text,sys,out\nn1,\"T.\"x,A,O.\n") << items << 2
                                          << QString() << QStringLiteral("after a closing quote");
    QTest::newRow("csv non-numeric value")
        << "csv" << QByteArray("id,text,sys,out,who,dim,val\nn1,T.,A,O.,w,coherence,4\nn1,T.,A,O.,w,fluency,four\n")
        << rated << 3 << QStringLiteral("value") << QStringLiteral("expected a number, found 'four'");
    QTest::newRow("csv value outside scale")
        << "csv" << QByteArray("id,text,sys,out,who,dim,val\nn1,T.,A,O.,w,coherence,6\n") << rated << 2
        << QStringLiteral("value") << QStringLiteral("outside the scale");
    QTest::newRow("csv value outside study scale")
        << "csv" << QByteArray("id,text,sys,out,who,dim,val\nold,,S1,,w,stars,0\n") << rated << 2
        << QStringLiteral("value") << QStringLiteral("(1 to 10)");
    QTest::newRow("csv rating on rank dimension")
        << "csv" << QByteArray("id,text,sys,out,who,dim,val\nold,,S1,,w,order,1\n") << rated << 2
        << QStringLiteral("dimension") << QStringLiteral("takes no ratings");
    QTest::newRow("csv rating without rater")
        << "csv" << QByteArray("id,text,sys,out,who,dim,val\nn1,T.,A,O.,,coherence,3\n") << rated << 2
        << QStringLiteral("rater") << QStringLiteral("needs a rater");
    QTest::newRow("csv rated twice") << "csv"
                                     << QByteArray("id,text,sys,out,who,dim,val\nn1,T.,A,O.,w,c,3\nn1,,A,,w,c,4\n")
                                     << rated << 3 << QStringLiteral("value")
                                     << QStringLiteral("twice (first on line 2)");
    QTest::newRow("csv other article of an earlier document")
        << "csv" << QByteArray("id,text,sys,out\nn1,T1.,A,O.\nn2,T2.,A,O.\nn1,T1!,B,O.\n") << items << 4
        << QStringLiteral("article") << QStringLiteral("document 'n1' has a different article on line 2");
    QTest::newRow("csv other summary of an earlier document")
        << "csv" << QByteArray("id,text,sys,out\nn1,T1.,A,O.\nn2,T2.,A,O.\nn1,,A,Other.\n") << items << 4
        << QStringLiteral("summary") << QStringLiteral("system 'A' already has a different summary of document 'n1'");
    QTest::newRow("csv rated twice apart")
        << "csv" << QByteArray("id,text,sys,out,who,dim,val\nn1,T.,A,O.,w,c,3\nn2,T.,A,O.,w,c,3\nn1,,A,,w,c,4\n")
        << rated << 4 << QStringLiteral("value") << QStringLiteral("rates this summary on 'c' twice (first on line 2)");
    QTest::newRow("csv study rating overwritten twice")
        << "csv" << QByteArray("id,text,sys,out,who,dim,val\nold,,S1,,earlier,stars,3\nold,,S1,,earlier,stars,4\n")
        << rated << 3 << QStringLiteral("value") << QStringLiteral("twice (first on line 2)");
    QTest::newRow("csv study rater rates a study summary twice on a new dimension")
        << "csv" << QByteArray("id,text,sys,out,who,dim,val\nold,,S1,,earlier,c,3\nold,,S1,,earlier,c,4\n") << rated
        << 3 << QStringLiteral("value") << QStringLiteral("twice (first on line 2)");
    QTest::newRow("csv study rater rates a new summary twice")
        << "csv" << QByteArray("id,text,sys,out,who,dim,val\nn1,T.,A,O.,earlier,stars,3\nn1,,A,,earlier,stars,4\n")
        << rated << 3 << QStringLiteral("value") << QStringLiteral("twice (first on line 2)");
    QTest::newRow("csv new rater rates a study summary twice")
        << "csv" << QByteArray("id,text,sys,out,who,dim,val\nold,,S1,,w,stars,3\nold,,S1,,w,stars,4\n") << rated << 3
        << QStringLiteral("value") << QStringLiteral("twice (first on line 2)");
    QTest::newRow("csv rated twice in one row")
        << "csv" << QByteArray("id,text,sys,out,who,dim,val,c\nn1,T.,A,O.,w,c,3,4\n")
        << (rated + QStringLiteral(",score.c=c")) << 2 << QStringLiteral("score.c")
        << QStringLiteral("twice (first on line 2)");
    QTest::newRow("csv unknown candidate")
        << "csv" << QByteArray("id,text,sys,out,who,dim,val\nold,,S9,,w,stars,3\n") << rated << 2
        << QStringLiteral("system") << QStringLiteral("no summary by system 'S9'");
    QTest::newRow("csv study article differs")
        << "csv" << QByteArray("id,text,sys,out\nold,Changed.,S1,Old summary.\n") << items << 2
        << QStringLiteral("article") << QStringLiteral("in the study");
    QTest::newRow("csv short row") << "csv" << QByteArray("id,text,sys,out\nn1,T.,A\n") << items << 2 << QString()
                                   << QStringLiteral("3 fields, the header 4");
    QTest::newRow("csv header only") << "csv" << QByteArray("id,text,sys,out\n") << items << 0 << QString()
                                     << QStringLiteral("no records");
    QTest::newRow("csv empty file") << "csv" << QByteArray() << items << 0 << QString() << QStringLiteral("no records");
    QTest::newRow("tsv summary without system") << "tsv" << QByteArray("id\ttext\tsys\tout\nn1\tT.\t\tO.\n") << items
                                                << 2 << QStringLiteral("system") << QStringLiteral("needs the system");
}

void TestTableImporter::brokenInput()
{
    QFETCH(QString, format);
    QFETCH(QByteArray, content);
    QFETCH(QString, spec);
    QFETCH(int, line);
    QFETCH(QString, field);
    QFETCH(QString, messagePart);

    QTemporaryDir dir;
    const auto path = write(dir, "broken.table", content);
    auto study = newStudy();
    const Existing e = seed(*study);
    const auto before = study->counts();

    auto report = io::TableImporter::importFile(*study, path, io::tableFormatFromName(format.toStdString()).value(),
                                                mapping(spec.toUtf8().constData()));
    QVERIFY(!report.ok());
    QCOMPARE(report.error().file, path);
    QCOMPARE(report.error().line, static_cast<long>(line));
    QCOMPARE(QString::fromStdString(report.error().field), field);
    QVERIFY2(contains(report.error().message, messagePart.toUtf8().constData()), report.error().describe().c_str());
    QVERIFY(sameCounts(before, study->counts()));
    QCOMPARE(study->rating(e.rater, e.candidate, e.dimension).value_or(0), 7.0);
}

// The check runs the import itself and rolls it back: the same error, nothing written.
void TestTableImporter::checkMeetsTheImportsErrors_data()
{
    brokenInput_data();
}

void TestTableImporter::checkMeetsTheImportsErrors()
{
    QFETCH(QString, format);
    QFETCH(QByteArray, content);
    QFETCH(QString, spec);

    QTemporaryDir dir;
    const auto path = write(dir, "broken.table", content);
    const auto tableFormat = io::tableFormatFromName(format.toStdString()).value();
    auto study = newStudy();
    const Existing e = seed(*study);
    const auto before = study->counts();

    const auto checked = io::TableImporter::checkFile(*study, path, tableFormat, mapping(spec.toUtf8().constData()));
    QVERIFY(!checked.ok());
    QVERIFY(sameCounts(before, study->counts()));
    QCOMPARE(study->rating(e.rater, e.candidate, e.dimension).value_or(0), 7.0);
    const auto imported = io::TableImporter::importFile(*study, path, tableFormat, mapping(spec.toUtf8().constData()));
    QVERIFY(!imported.ok());
    QCOMPARE(checked.error().describe(), imported.error().describe());
}

void TestTableImporter::checkWritesNothing()
{
    QTemporaryDir dir;
    const auto path = write(dir, "ratings.csv",
                            "id,text,sys,out,who,dim,val\n"
                            "n1,T.,A,O.,w,coherence,4\n"
                            "old,,S1,,earlier,stars,9\n"
                            "n2,T2.,B,O2.,w,coherence,2\n");
    const auto spec = mapping("doc_id=id,article=text,system=sys,summary=out,rater=who,dimension=dim,value=val");
    auto study = newStudy();
    const Existing e = seed(*study);
    const auto before = study->counts();

    const auto checked = io::TableImporter::checkFile(*study, path, io::TableFormat::Csv, spec);
    QVERIFY2(checked.ok(), checked.ok() ? "" : checked.error().describe().c_str());
    QVERIFY(sameCounts(before, study->counts()));
    QCOMPARE(study->rating(e.rater, e.candidate, e.dimension).value_or(0), 7.0);
    QVERIFY(!study->documentId("n1"));

    // Checked twice, then imported: the check reports what the import then adds.
    const auto again = io::TableImporter::checkFile(*study, path, io::TableFormat::Csv, spec);
    QVERIFY(again.ok());
    const auto imported = io::TableImporter::importFile(*study, path, io::TableFormat::Csv, spec);
    QVERIFY2(imported.ok(), imported.ok() ? "" : imported.error().describe().c_str());
    for (const auto *report : {&checked.value(), &again.value()}) {
        QCOMPARE(report->linesRead, imported->linesRead);
        QCOMPARE(report->documents, imported->documents);
        QCOMPARE(report->candidates, imported->candidates);
        QCOMPARE(report->systems, imported->systems);
        QCOMPARE(report->raters, imported->raters);
        QCOMPARE(report->dimensions, imported->dimensions);
        QCOMPARE(report->ratings, imported->ratings);
    }
    QCOMPARE(imported->documents, 2);
    QCOMPARE(imported->ratings, 3);
    QCOMPARE(study->rating(e.rater, e.candidate, e.dimension).value_or(0), 9.0);
}

void TestTableImporter::exportsAsBefore_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("expected");

    // Rows of a document apart from each other, numbers as ids, a requirement, and items with ratings.
    QByteArray jsonl;
    const std::array<const char *, 3> rows[]
        = {{"1", "m1", "a"}, {"1", "m2", "a"}, {"2", "m1", "a"}, {"1", "m2", "b"}, {"3", "m1", "a"}, {"2", "m2", "b"}};
    for (const auto &[doc, sys, who] : rows)
        jsonl += QByteArray("{\"id\": ") + doc + ", \"text\": \"Article " + doc
                 + " with \\\"quotes\\\" and \xC3\xA9.\", \"req\": \"For a child.\", \"sys\": \"" + sys
                 + "\", \"out\": \"" + sys + " on " + doc + ".\", \"who\": \"" + who + "\", \"score\": 4.5}\n";
    QTest::newRow("jsonl items and scores")
        << "jsonl" << jsonl
        << "doc_id=id,article=text,requirement=req,system=sys,summary=out,rater=who,score.stars=score"
        << "jsonl_items_and_scores.csv";
    // A byte order mark, CRLF, quoted line breaks and quotes, a rating of the study overwritten, an empty
    // value, and no line break at the end.
    QTest::newRow("csv long ratings")
        << "csv"
        << QByteArray("\xEF\xBB\xBF"
                      "doc,text,sys,summary,annotator,team,aspect,score\r\n"
                      "d1,\"First article,\nover two lines.\",A,\"A says \"\"hi\"\".\",ann,expert,coherence,4\r\n"
                      "old,,S1,,earlier,,stars,2\r\n"
                      "d1,\"First article,\nover two lines.\",B,B's summary.,bob,crowd,coherence,2.5\r\n"
                      "d1,,B,,bob,crowd,fluency,\r\n"
                      "d2,=Second article.,A,Short.,ann,expert,coherence,3\r\n"
                      "d1,,A,,ann,expert,fluency,5")
        << "doc_id=doc,article=text,system=sys,summary=summary,rater=annotator,group=team,dimension=aspect,value=score"
        << "csv_long_ratings.csv";
    QTest::newRow("tsv wide scores") << "tsv"
                                     << QByteArray("id\tarticle\tsystem\tsummary\twho\tcoh\tflu\n"
                                                   "x1\tThe article.\tM1\tThe summary, with a comma.\tjudge-a\t4\t\n"
                                                   "x1\tThe article.\tM2\tAnother.\tjudge-a\t1\t2\n"
                                                   "old\t\tS1\t\tjudge-a\t\t5\n")
                                     << "doc_id=id,article=article,system=system,summary=summary,rater=who,score."
                                        "coherence=coh,score.fluency=flu"
                                     << "tsv_wide_scores.csv";
}

// The study a fixture makes, exported with its items, is the one the importer made before it read
// files as a stream (the expected files were written by that importer; their summaries since reordered by
// document and system, as the export lists them now).
void TestTableImporter::exportsAsBefore()
{
    QFETCH(QString, format);
    QFETCH(QByteArray, content);
    QFETCH(QString, spec);
    QFETCH(QString, expected);

    QTemporaryDir dir;
    const auto path = write(dir, "fixture.table", content);
    auto study = newStudy();
    seed(*study);
    auto report = io::TableImporter::importFile(*study, path, io::tableFormatFromName(format.toStdString()).value(),
                                                mapping(spec.toUtf8().constData()));
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    const std::string out = dir.filePath(QStringLiteral("export.csv")).toStdString();
    io::ExportOptions options;
    options.items = true;
    QVERIFY(io::StudyExporter::exportTo(*study, out, io::ExportFormat::Csv, options).ok());
    const auto readAll = [](const QString &file) {
        std::ifstream in(file.toStdString(), std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        return text.str();
    };
    const QString expectedPath = test::sourceDir() + QStringLiteral("/tests/core/io/data/table_import/") + expected;
    QCOMPARE(QString::fromStdString(readAll(QString::fromStdString(out))),
             QString::fromStdString(readAll(expectedPath)));
}

namespace {

// A study file with the seed in it, for fingerprints.
std::unique_ptr<store::Study> studyFile(const QTemporaryDir &dir)
{
    auto study = store::Study::create(dir.filePath(QStringLiteral("study.concord")).toStdString());
    if (!study)
        qFatal("study: %s", study.error().describe().c_str());
    seed(*study.value());
    return std::move(study).value();
}

// rows rows of items with ratings, a few MiB: records fall across the reader's blocks of 1 MiB.
QByteArray bigCsv(int rows)
{
    QByteArray csv = "id,text,sys,out,who,dim,val\n";
    const QByteArray article
        = "\"An article, long enough to matter; \"\"quoted\"\" and\non two lines. " + QByteArray(300, 'a') + "\"";
    for (int r = 0; r < rows; ++r) {
        const QByteArray doc = "doc" + QByteArray::number(r / 10);
        csv += doc + "," + article + ",sys" + QByteArray::number(r % 10) + ",Summary " + QByteArray::number(r)
               + ".,rater" + QByteArray::number(r % 3) + ",coherence," + QByteArray::number(1 + r % 5) + "\r\n";
    }
    return csv;
}

} // namespace

// A check of a big file takes long; meanwhile another writer of the study (a judge run, concord-cli)
// must get its writes through at once, not fail as busy after the busy timeout.
void TestTableImporter::checkLeavesTheStudyToOtherWriters()
{
    QTemporaryDir dir;
    auto study = studyFile(dir);
    const auto before = study->counts();
    const auto path = write(dir, "big.csv", bigCsv(20000));
    const auto rated = mapping("doc_id=id,article=text,system=sys,summary=out,rater=who,dimension=dim,value=val");

    // The check waits in its first progress report, mid-file, until the other writer has written.
    std::latch started(1), written(1);
    bool first = true;
    const io::ImportProgress progress(
        [&](std::int64_t, std::int64_t, std::int64_t) {
            if (std::exchange(first, false)) {
                started.count_down();
                written.wait();
            }
            return true;
        },
        {path});
    Result<io::ImportReport> checked = Error{"not run", {}, 0, {}};
    std::thread checker([&] {
        checked = io::TableImporter::checkFile(*study, path, io::TableFormat::Csv, rated, progress);
        if (std::exchange(first, false)) // ended before any report: nothing to wait for
            started.count_down();
    });
    started.wait();
    Status wrote = Error{"not opened", {}, 0, {}};
    if (auto other = store::Study::open(study->path())) {
        store::Study &writer = *other.value();
        model::Rater late;
        late.name = "late-writer";
        late.kind = model::RaterKind::Human;
        wrote = writer.write([&] { writer.ensureRater(late); });
    } else {
        wrote = other.error();
    }
    written.count_down();
    checker.join();

    QVERIFY2(wrote.ok(), wrote.ok() ? "" : wrote.error().describe().c_str());
    QVERIFY2(checked.ok(), checked.ok() ? "" : checked.error().describe().c_str());
    QCOMPARE(checked->candidates, 20000);
    QCOMPARE(checked->ratings, 20000);
    // The study holds the other writer's rater, and nothing of the check.
    auto expected = before;
    expected.raters += 1;
    QVERIFY(sameCounts(expected, study->counts()));
    QVERIFY(study->raterId("late-writer"));
    QVERIFY(!study->documentId("doc0"));

    // The check reported what the import then adds.
    const auto imported = io::TableImporter::importFile(*study, path, io::TableFormat::Csv, rated);
    QVERIFY2(imported.ok(), imported.ok() ? "" : imported.error().describe().c_str());
    QCOMPARE(checked->linesRead, imported->linesRead);
    QCOMPARE(checked->documents, imported->documents);
    QCOMPARE(checked->systems, imported->systems);
    QCOMPARE(checked->raters, imported->raters);
    QCOMPARE(checked->dimensions, imported->dimensions);
}

void TestTableImporter::cancelledLateChangesNothing()
{
    QTemporaryDir dir;
    auto study = studyFile(dir);
    const QByteArray before = test::studyFingerprint(QString::fromStdString(study->path()));
    const auto path = write(dir, "big.csv", bigCsv(20000));
    const auto rated = mapping("doc_id=id,article=text,system=sys,summary=out,rater=who,dimension=dim,value=val");

    std::int64_t lastDone = 0, lastTotal = 0;
    int calls = 0;
    const io::ImportProgress progress(
        [&](std::int64_t done, std::int64_t total, std::int64_t) {
            ++calls;
            lastDone = done;
            lastTotal = total;
            return done < total * 3 / 4; // cancelled in the last quarter of the file
        },
        {path});
    auto report = io::TableImporter::importFile(*study, path, io::TableFormat::Csv, rated, progress);
    QVERIFY(!report.ok());
    QCOMPARE(report.error().message, io::ImportProgress::cancelledMessage());
    QVERIFY(calls > 3);
    QVERIFY(lastDone >= lastTotal * 3 / 4 && lastDone < lastTotal);
    QCOMPARE(test::studyFingerprint(QString::fromStdString(study->path())), before);

    // Not cancelled, the same file imports whole, and the last report is the whole file.
    report = io::TableImporter::importFile(*study, path, io::TableFormat::Csv, rated,
                                           io::ImportProgress(
                                               [&](std::int64_t done, std::int64_t total, std::int64_t) {
                                                   lastDone = done;
                                                   lastTotal = total;
                                                   return true;
                                               },
                                               {path}));
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report->candidates, 20000);
    QCOMPARE(report->ratings, 20000);
    QCOMPARE(lastDone, lastTotal);
}

void TestTableImporter::failingLateInABigFileChangesNothing_data()
{
    QTest::addColumn<QByteArray>("badRow");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("messagePart");

    QTest::newRow("value off the scale") << QByteArray("doc0,,sys0,,rater9,coherence,9") << QStringLiteral("value")
                                         << QStringLiteral("outside the scale");
    QTest::newRow("rated twice, first near the start")
        << QByteArray("doc0,,sys1,,rater1,coherence,2") << QStringLiteral("value")
        << QStringLiteral("rater 'rater1' rates this summary on 'coherence' twice (first on line 4)");
    QTest::newRow("another article of the first document")
        << QByteArray("doc0,Another article.,sys0,,,,") << QStringLiteral("article")
        << QStringLiteral("document 'doc0' has a different article on line 2");
    QTest::newRow("another summary of the first document")
        << QByteArray("doc0,,sys2,Other.,,,") << QStringLiteral("summary")
        << QStringLiteral("already has a different summary of document 'doc0'");
}

// A row near the end of a file of many blocks fails: the error names its line, and the study is as it was.
void TestTableImporter::failingLateInABigFileChangesNothing()
{
    QFETCH(QByteArray, badRow);
    QFETCH(QString, field);
    QFETCH(QString, messagePart);

    QTemporaryDir dir;
    auto study = studyFile(dir);
    const QByteArray before = test::studyFingerprint(QString::fromStdString(study->path()));
    const int rows = 20000;
    // Each row is two lines (the article's line break), after the header's one.
    const auto path = write(dir, "big.csv", bigCsv(rows) + badRow + "\n");
    auto report = io::TableImporter::importFile(
        *study, path, io::TableFormat::Csv,
        mapping("doc_id=id,article=text,system=sys,summary=out,rater=who,dimension=dim,value=val"));
    QVERIFY(!report.ok());
    QCOMPARE(report.error().file, path);
    QCOMPARE(report.error().line, static_cast<long>(2 + 2 * rows));
    QCOMPARE(QString::fromStdString(report.error().field), field);
    QVERIFY2(contains(report.error().message, messagePart.toUtf8().constData()), report.error().describe().c_str());
    QCOMPARE(test::studyFingerprint(QString::fromStdString(study->path())), before);
}

void TestTableImporter::tenMegabyteField_data()
{
    QTest::addColumn<QString>("format");
    QTest::newRow("csv") << "csv";
    QTest::newRow("jsonl") << "jsonl";
}

// One field of 10 MB, ten of the reader's blocks, and no line break at the end of the file.
void TestTableImporter::tenMegabyteField()
{
    QFETCH(QString, format);
    std::string article;
    article.reserve(10 << 20);
    for (int i = 0; article.size() < (10 << 20); ++i)
        article += "Line " + std::to_string(i) + " of a very long article, with \"quotes\" and caf\xC3\xA9.\n";
    QByteArray content;
    if (format == QStringLiteral("csv")) {
        QByteArray quoted = QByteArray::fromStdString(article);
        quoted.replace("\"", "\"\"");
        content = "id,text,sys,out\nlong,\"" + quoted + "\",A,Short.\nlong,,B,\"Last, unterminated line.\"";
    } else {
        const QByteArray escaped = QByteArray::fromStdString(article).replace("\"", "\\\"").replace("\n", "\\n");
        content = "{\"id\": \"long\", \"text\": \"" + escaped
                  + "\", \"sys\": \"A\", \"out\": \"Short.\"}\n{\"id\": \"long\", \"sys\": \"B\", \"out\": "
                    "\"Last, unterminated line.\", \"text\": null}";
    }
    QTemporaryDir dir;
    const auto path = write(dir, "long.table", content);
    auto study = newStudy();
    auto report = io::TableImporter::importFile(*study, path, io::tableFormatFromName(format.toStdString()).value(),
                                                mapping("doc_id=id,article=text,system=sys,summary=out"));
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report->linesRead, 2);
    QCOMPARE(report->candidates, 2);
    const Id doc = study->documentId("long").value();
    QVERIFY(study->document(doc)->source == article);
    QCOMPARE(study->candidatesOf(doc).at(1).text, std::string("Last, unterminated line."));
}

QTEST_APPLESS_MAIN(TestTableImporter)
#include "tst_table_importer.moc"

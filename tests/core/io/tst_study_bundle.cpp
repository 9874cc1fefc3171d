// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The study bundle: a whole study as one JSON document (what the demo study is written in).
// Every list is imported, span offsets count code points, and every broken reference names
// its list and index and leaves the study unchanged.
#include "io/study_bundle.h"
#include "store/study.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace concord;
using concord::model::Id;
using nlohmann::json;

class TestStudyBundle : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void importsEveryList();
    void spanOffsetsCountCodePoints();
    void givenOffsetsMustMatchTheQuote();
    void deepOrBadTextIsRefused_data();
    void deepOrBadTextIsRefused();
    void brokenBundleNamesListAndIndex_data();
    void brokenBundleNamesListAndIndex();
    void malformedJsonNamesTheLine();
    void referencesMayPointIntoTheStudy();
    void documentAlreadyInStudyIsRefused();
    void importFileNamesTheFile();
};

namespace {

bool contains(const std::string &text, const char *part)
{
    return text.find(part) != std::string::npos;
}

std::unique_ptr<store::Study> newStudy()
{
    auto study = store::Study::createInMemory();
    if (!study)
        qFatal("in-memory study: %s", study.error().describe().c_str());
    return std::move(study).value();
}

// A small but complete bundle: two documents, two systems, every judgement kind.
json sampleBundle()
{
    return json::parse(R"json({
      "format": "concord-study-bundle", "version": 1,
      "dimensions": [
        {"name": "coherence", "kind": "likert", "min": 1, "max": 5,
         "labels": ["a", "b", "c", "d", "e"], "definition": "Reads as one whole."},
        {"name": "overall", "kind": "rank", "definition": "Best first."}
      ],
      "raters": [
        {"name": "ana", "kind": "human", "group": "expert"},
        {"name": "ben", "group": "student"},
        {"name": "gpt", "kind": "judge", "provider": "openai", "model": "gpt-4o-mini", "protocol": "geval",
         "params": {"temperature": 0}}
      ],
      "documents": [
        {"id": "d1", "article": "Le café de Zoë a fermé mardi. The mayor spoke.", "requirement": "Say who spoke.",
         "references": ["The mayor spoke."], "scus": ["mayor spoke", "cafe closed"], "metadata": {"topic": "town"},
         "candidates": [{"system": "A", "summary": "Zoë's café — closed; the mayor spoke."},
                        {"system": "B", "summary": "The café closed on Tuesday."}]},
        {"id": "d2", "article": "Rain fell all week.",
         "candidates": [{"system": "A", "summary": "It rained."}, {"system": "B", "summary": "Rain fell."}]}
      ],
      "ratings": [
        {"doc_id": "d1", "system": "A", "dimension": "coherence", "rater": "ana", "value": 4},
        {"doc_id": "d1", "system": "B", "dimension": "coherence", "rater": "ana", "value": 2},
        {"doc_id": "d2", "system": "A", "dimension": "coherence", "rater": "gpt", "value": 3.42}
      ],
      "rankings": [
        {"doc_id": "d1", "dimension": "overall", "rater": "ana", "ranks": {"A": 1, "B": 2}},
        {"doc_id": "d2", "dimension": "overall", "rater": "ben", "ranks": {"A": 1, "B": 1}}
      ],
      "error_spans": [
        {"doc_id": "d1", "system": "A", "rater": "ana", "quote": "the mayor", "note": "not in the article?"},
        {"doc_id": "d1", "system": "B", "rater": "ben", "quote": "on Tuesday", "start": 16, "end": 26,
         "note": "the article says mardi"}
      ],
      "explanations": [
        {"doc_id": "d1", "rater": "ana", "text": "A is shorter."},
        {"doc_id": "d1", "rater": "ana", "dimension": "coherence", "text": "B jumps."}
      ],
      "unit_marks": [
        {"doc_id": "d1", "system": "A", "rater": "ana", "unit": 0, "present": true},
        {"doc_id": "d1", "system": "B", "rater": "ana", "unit": 1, "present": false}
      ]
    })json");
}

store::StudyCounts countsOf(store::Study &study)
{
    return study.counts();
}

bool sameCounts(const store::StudyCounts &a, const store::StudyCounts &b)
{
    return a.documents == b.documents && a.systems == b.systems && a.candidates == b.candidates
           && a.dimensions == b.dimensions && a.raters == b.raters && a.ratings == b.ratings && a.rankings == b.rankings
           && a.errorSpans == b.errorSpans && a.pairwiseOutcomes == b.pairwiseOutcomes
           && a.explanations == b.explanations && a.judgeCalls == b.judgeCalls;
}

} // namespace

void TestStudyBundle::importsEveryList()
{
    auto study = newStudy();
    auto report = io::StudyBundle::importJson(*study, sampleBundle().dump(), "sample.json");
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report->documents, 2);
    QCOMPARE(report->systems, 2);
    QCOMPARE(report->candidates, 4);
    QCOMPARE(report->dimensions, 2);
    QCOMPARE(report->raters, 3);
    QCOMPARE(report->ratings, 3);
    QCOMPARE(report->rankings, 4);
    QCOMPARE(report->errorSpans, 2);
    QCOMPARE(report->explanations, 2);

    const auto c = study->counts();
    QCOMPARE(c.documents, 2);
    QCOMPARE(c.candidates, 4);
    QCOMPARE(c.ratings, 3);
    QCOMPARE(c.rankings, 4);
    QCOMPARE(c.errorSpans, 2);
    QCOMPARE(c.explanations, 2);

    const Id d1 = study->documentId("d1").value();
    const auto doc = study->document(d1).value();
    QCOMPARE(doc.requirement.value_or(""), std::string("Say who spoke."));
    QCOMPARE(doc.references, std::vector<std::string>{"The mayor spoke."});
    QCOMPARE(doc.scus.size(), std::size_t(2));
    QCOMPARE(doc.metadata.value("topic", ""), std::string("town"));
    QVERIFY(!study->document(study->documentId("d2").value())->requirement.has_value());

    const auto dims = study->dimensions();
    QCOMPARE(dims.size(), std::size_t(2));
    QCOMPARE(dims[0].labels.size(), std::size_t(5));
    QCOMPARE(dims[0].definition, std::string("Reads as one whole."));
    QVERIFY(dims[1].kind == model::DimensionKind::Rank);

    const auto raters = study->raters();
    QCOMPARE(raters.size(), std::size_t(3));
    QCOMPARE(raters[1].group, std::string("student"));
    QVERIFY(raters[1].kind == model::RaterKind::Human);
    QVERIFY(raters[2].kind == model::RaterKind::Judge);
    QCOMPARE(raters[2].params.value("temperature", -1), 0);

    const Id sysA = study->systemId("A").value();
    const Id c1a = study->candidateId(d1, sysA).value();
    const Id c2a = study->candidateId(study->documentId("d2").value(), sysA).value();
    QCOMPARE(study->rating(study->raterId("ana").value(), c1a, study->dimensionId("coherence").value()).value_or(0),
             4.0);
    QCOMPARE(study->rating(study->raterId("gpt").value(), c2a, study->dimensionId("coherence").value()).value_or(0),
             3.42);

    // The tie of ben's ranking is kept as given.
    auto ranks = study->database().prepare("SELECT rank FROM rankings WHERE rater_id = ?1 ORDER BY candidate_id");
    ranks.bind(1, study->raterId("ben").value());
    QVERIFY(ranks.step());
    QCOMPARE(ranks.intAt(0), 1);
    QVERIFY(ranks.step());
    QCOMPARE(ranks.intAt(0), 1);

    auto marks = study->database().prepare("SELECT COUNT(*), SUM(present) FROM unit_marks");
    QVERIFY(marks.step());
    QCOMPARE(marks.int64At(0), 2);
    QCOMPARE(marks.int64At(1), 1);
}

void TestStudyBundle::spanOffsetsCountCodePoints()
{
    auto study = newStudy();
    QVERIFY(io::StudyBundle::importJson(*study, sampleBundle().dump(), "sample.json").ok());
    const Id d1 = study->documentId("d1").value();
    const Id c1a = study->candidateId(d1, study->systemId("A").value()).value();
    // "Zoë's café — closed; the mayor spoke.": ë, é and — are one code point each but 2–3 bytes.
    const auto spans = study->errorSpansOf(c1a);
    QCOMPARE(spans.size(), std::size_t(1));
    QCOMPARE(spans[0].start, 21);
    QCOMPARE(spans[0].end, 30);
    QCOMPARE(spans[0].quote, std::string("the mayor"));
    QCOMPARE(spans[0].note, std::string("not in the article?"));
    const Id c1b = study->candidateId(d1, study->systemId("B").value()).value();
    const auto given = study->errorSpansOf(c1b);
    QCOMPARE(given.size(), std::size_t(1));
    QCOMPARE(given[0].start, 16);
    QCOMPARE(given[0].end, 26);
}

void TestStudyBundle::givenOffsetsMustMatchTheQuote()
{
    auto study = newStudy();
    json bundle = sampleBundle();
    // Byte offsets of "the mayor" (25..34) are not its code point offsets (21..30).
    bundle["error_spans"][0]["start"] = 25;
    bundle["error_spans"][0]["end"] = 34;
    auto report = io::StudyBundle::importJson(*study, bundle.dump(), "sample.json");
    QVERIFY(!report.ok());
    QCOMPARE(report.error().field, std::string("error_spans[0].quote"));
    QCOMPARE(report.error().file, std::string("sample.json"));
    QCOMPARE(study->counts().documents, 0);

    bundle["error_spans"][0]["start"] = 21;
    bundle["error_spans"][0]["end"] = 30;
    QVERIFY(io::StudyBundle::importJson(*study, bundle.dump(), "sample.json").ok());
}

void TestStudyBundle::brokenBundleNamesListAndIndex_data()
{
    QTest::addColumn<QString>("pointer");     // JSON pointer of the value to replace
    QTest::addColumn<QString>("replacement"); // JSON text
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("messagePart");

    QTest::newRow("unknown rater") << "/ratings/2/rater"
                                   << "\"nobody\""
                                   << "ratings[2].rater"
                                   << "no rater 'nobody'";
    QTest::newRow("unknown document") << "/ratings/1/doc_id"
                                      << "\"d9\""
                                      << "ratings[1].doc_id"
                                      << "no document 'd9'";
    QTest::newRow("unknown system") << "/ratings/0/system"
                                    << "\"C\""
                                    << "ratings[0].system"
                                    << "no summary by system 'C'";
    QTest::newRow("unknown dimension") << "/ratings/0/dimension"
                                       << "\"tone\""
                                       << "ratings[0].dimension"
                                       << "no dimension 'tone'";
    QTest::newRow("value is a string") << "/ratings/0/value"
                                       << "\"4\""
                                       << "ratings[0].value"
                                       << "expected a number";
    QTest::newRow("value off the scale") << "/ratings/0/value"
                                         << "6"
                                         << "ratings[0].value"
                                         << "outside the scale";
    QTest::newRow("missing value") << "/ratings/0/value"
                                   << "null"
                                   << "ratings[0].value"
                                   << "missing";
    QTest::newRow("rating on a rank dimension") << "/ratings/0/dimension"
                                                << "\"overall\""
                                                << "ratings[0].dimension"
                                                << "takes no ratings";
    QTest::newRow("rank zero") << "/rankings/0/ranks/A"
                               << "0"
                               << "rankings[0].ranks.A"
                               << "1 or more";
    QTest::newRow("rank not integer") << "/rankings/0/ranks/A"
                                      << "1.5"
                                      << "rankings[0].ranks.A"
                                      << "integer rank";
    QTest::newRow("ranked unknown system") << "/rankings/1/ranks"
                                           << "{\"Z\": 1}"
                                           << "rankings[1].ranks.Z"
                                           << "system 'Z'";
    QTest::newRow("ranking on a likert dimension") << "/rankings/0/dimension"
                                                   << "\"coherence\""
                                                   << "rankings[0].dimension"
                                                   << "not a rank dimension";
    QTest::newRow("ranking by unknown rater") << "/rankings/1/rater"
                                              << "\"zed\""
                                              << "rankings[1].rater"
                                              << "no rater 'zed'";
    QTest::newRow("quote not in summary") << "/error_spans/0/quote"
                                          << "\"the council\""
                                          << "error_spans[0].quote"
                                          << "does not occur";
    QTest::newRow("span past the end") << "/error_spans/1/end"
                                       << "99"
                                       << "error_spans[1].start"
                                       << "does not fit";
    QTest::newRow("span by unknown rater") << "/error_spans/1/rater"
                                           << "\"x\""
                                           << "error_spans[1].rater"
                                           << "no rater 'x'";
    QTest::newRow("explanation unknown dimension") << "/explanations/1/dimension"
                                                   << "\"tone\""
                                                   << "explanations[1].dimension"
                                                   << "no dimension";
    QTest::newRow("explanation unknown document") << "/explanations/0/doc_id"
                                                  << "\"d7\""
                                                  << "explanations[0].doc_id"
                                                  << "no document";
    QTest::newRow("unit out of range") << "/unit_marks/1/unit"
                                       << "2"
                                       << "unit_marks[1].unit"
                                       << "no unit 2";
    QTest::newRow("unit mark unknown system") << "/unit_marks/0/system"
                                              << "\"Q\""
                                              << "unit_marks[0].system"
                                              << "system 'Q'";
    QTest::newRow("duplicate candidate") << "/documents/1/candidates/1/system"
                                         << "\"A\""
                                         << "documents[1].candidates[1].system"
                                         << "two summaries";
    QTest::newRow("missing article") << "/documents/0/article"
                                     << "null"
                                     << "documents[0].article"
                                     << "missing";
    QTest::newRow("article is a number") << "/documents/0/article"
                                         << "3.5"
                                         << "documents[0].article"
                                         << "expected a string";
    QTest::newRow("unknown dimension kind") << "/dimensions/1/kind"
                                            << "\"stars\""
                                            << "dimensions[1].kind"
                                            << "unknown kind";
    QTest::newRow("labels do not fit the scale") << "/dimensions/0/max"
                                                 << "7"
                                                 << "dimensions[0].labels"
                                                 << "one label per scale point";
    QTest::newRow("unknown rater kind") << "/raters/0/kind"
                                        << "\"robot\""
                                        << "raters[0].kind"
                                        << "unknown kind";
    QTest::newRow("wrong format") << "/format"
                                  << "\"something-else\""
                                  << "format"
                                  << "concord-study-bundle";
    QTest::newRow("newer version") << "/version"
                                   << "2"
                                   << "version"
                                   << "version 1";
    QTest::newRow("ratings not a list") << "/ratings"
                                        << "{}"
                                        << "ratings"
                                        << "expected a list";
}

void TestStudyBundle::brokenBundleNamesListAndIndex()
{
    QFETCH(QString, pointer);
    QFETCH(QString, replacement);
    QFETCH(QString, field);
    QFETCH(QString, messagePart);

    // A study with a rating already in it, which a failed import must leave alone.
    auto study = newStudy();
    Id rater = 0, candidate = 0, dimension = 0;
    QVERIFY(study
                ->write([&] {
                    model::Document d;
                    d.externalId = "before";
                    d.source = "Existing article.";
                    const Id doc = study->addDocument(d);
                    candidate = study->addCandidate(doc, study->ensureSystem("old"), "Existing summary.");
                    model::Dimension dim;
                    dim.name = "existing";
                    dimension = study->ensureDimension(dim);
                    rater = study->ensureRater({0, "earlier", model::RaterKind::Human, "g", {}, {}, {}, {}});
                    study->setRating(rater, candidate, dimension, 2);
                })
                .ok());
    const auto before = countsOf(*study);

    json bundle = sampleBundle();
    bundle[json::json_pointer(pointer.toStdString())] = json::parse(replacement.toStdString());
    auto report = io::StudyBundle::importJson(*study, bundle.dump(), "demo_study.json");
    QVERIFY(!report.ok());
    QCOMPARE(QString::fromStdString(report.error().field), field);
    QCOMPARE(report.error().file, std::string("demo_study.json"));
    QVERIFY2(contains(report.error().message, messagePart.toUtf8().constData()), report.error().describe().c_str());
    QVERIFY(sameCounts(before, countsOf(*study)));
    QCOMPARE(study->rating(rater, candidate, dimension).value_or(0), 2.0);
}

void TestStudyBundle::deepOrBadTextIsRefused_data()
{
    QTest::addColumn<QByteArray>("raw"); // the JSON text of "documents"
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("field");

    std::string objects;
    for (int i = 0; i < 100000; ++i)
        objects += "{\"source\": ";
    objects += "\"x\"" + std::string(100000, '}');
    QTest::newRow("arrays 100000 deep") << QByteArray(100000, '[') + QByteArray(100000, ']')
                                        << QStringLiteral("nested more than 512 levels deep")
                                        << QStringLiteral("documents");
    QTest::newRow("objects 100000 deep") << QByteArray::fromStdString("[" + objects + "]")
                                         << QStringLiteral("nested more than 512 levels deep")
                                         << QStringLiteral("documents");
    QTest::newRow("latin-1 article") << QByteArray("[{\"id\": \"d\", \"source\": \"Caf\xE9.\"}]")
                                     << QStringLiteral("not valid UTF-8: byte 0xE9") << QStringLiteral("documents");
}

// Refused while parsing: the file, the line and the top-level list are named, nothing is imported.
void TestStudyBundle::deepOrBadTextIsRefused()
{
    QFETCH(QByteArray, raw);
    QFETCH(QString, message);
    QFETCH(QString, field);
    auto study = newStudy();
    json bundle = sampleBundle();
    bundle["documents"] = "RAW";
    std::string text = bundle.dump(1);
    text.replace(text.find("\"RAW\""), 5, raw.toStdString());
    const long line
        = 1 + std::count(text.begin(), text.begin() + static_cast<long>(text.find(raw.left(2).toStdString())), '\n');
    auto report = io::StudyBundle::importJson(*study, text, "deep.json");
    QVERIFY(!report.ok());
    QCOMPARE(report.error().file, std::string("deep.json"));
    QCOMPARE(report.error().line, line);
    QCOMPARE(QString::fromStdString(report.error().field), field);
    QVERIFY2(contains(report.error().message, message.toUtf8().constData()), report.error().describe().c_str());
    QCOMPARE(study->counts().documents, 0);
}

void TestStudyBundle::malformedJsonNamesTheLine()
{
    auto study = newStudy();
    const std::string text = "{\n  \"format\": \"concord-study-bundle\",\n  \"documents\": [,]\n}\n";
    auto report = io::StudyBundle::importJson(*study, text, "broken.json");
    QVERIFY(!report.ok());
    QCOMPARE(report.error().file, std::string("broken.json"));
    QCOMPARE(report.error().line, 3L);
    QVERIFY(contains(report.error().message, "not valid JSON"));

    // A number beyond a double is malformed JSON too, with its line.
    const std::string huge = "{\n  \"format\": \"concord-study-bundle\",\n  \"version\": 1e400\n}\n";
    auto overflow = io::StudyBundle::importJson(*study, huge, "huge.json");
    QVERIFY(!overflow.ok());
    QCOMPARE(overflow.error().file, std::string("huge.json"));
    QCOMPARE(overflow.error().line, 3L);
    QVERIFY2(contains(overflow.error().message, "not valid JSON"), overflow.error().describe().c_str());

    auto notObject = io::StudyBundle::importJson(*study, "[1, 2]", "list.json");
    QVERIFY(!notObject.ok());
    QVERIFY(contains(notObject.error().message, "JSON object"));
    QCOMPARE(study->counts().documents, 0);
}

void TestStudyBundle::referencesMayPointIntoTheStudy()
{
    auto study = newStudy();
    QVERIFY(io::StudyBundle::importJson(*study, sampleBundle().dump(), "first.json").ok());
    // A second bundle with ratings only: documents, systems, dimensions and raters come from the study.
    const json more = json::parse(R"json({
      "ratings": [{"doc_id": "d2", "system": "B", "dimension": "coherence", "rater": "ben", "value": 5}],
      "explanations": [{"doc_id": "d2", "rater": "ben", "text": "Fine."}]
    })json");
    auto report = io::StudyBundle::importJson(*study, more.dump(), "second.json");
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report->ratings, 1);
    QCOMPARE(report->documents, 0);
    QCOMPARE(study->counts().ratings, 4);
    QCOMPARE(study->counts().explanations, 3);
}

void TestStudyBundle::documentAlreadyInStudyIsRefused()
{
    auto study = newStudy();
    QVERIFY(io::StudyBundle::importJson(*study, sampleBundle().dump(), "first.json").ok());
    const auto before = study->counts();
    auto again = io::StudyBundle::importJson(*study, sampleBundle().dump(), "first.json");
    QVERIFY(!again.ok());
    QCOMPARE(again.error().field, std::string("documents[0].id"));
    QVERIFY(contains(again.error().message, "already in the study"));
    QVERIFY(sameCounts(before, study->counts()));
}

void TestStudyBundle::importFileNamesTheFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bundle.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(sampleBundle().dump(2)));
    file.close();
    auto study = newStudy();
    auto report = io::StudyBundle::importFile(*study, path.toStdString());
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report->candidates, 4);

    auto missing = io::StudyBundle::importFile(*study, dir.filePath(QStringLiteral("none.json")).toStdString());
    QVERIFY(!missing.ok());
    QVERIFY(contains(missing.error().file, "none.json"));
}

QTEST_APPLESS_MAIN(TestStudyBundle)
#include "tst_study_bundle.moc"

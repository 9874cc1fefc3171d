// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// An annotator's edit as data: every kind survives JSON unchanged, JSON that is wrong is refused naming the
// field, ids are fresh and well formed, and applying each kind to a study file changes what the Annotate
// view's own writers change.
#include "store/annotation_edit.h"
#include "store/study.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <set>

using namespace concord;
using namespace concord::store;
using model::Id;

Q_DECLARE_METATYPE(concord::store::AnnotationEdit)

class TestAnnotationEdit : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void roundTrip_data();
    void roundTrip();
    void refusesBadJson_data();
    void refusesBadJson();
    void idsAreFreshHex();
    void appliesToAStudy();
    void spansGoByContent();
    void brokenRuleFails();
};

namespace {

model::ErrorSpan span(Id rater, Id candidate, int start, int end, std::string quote, std::string note = {})
{
    model::ErrorSpan s;
    s.raterId = rater;
    s.candidateId = candidate;
    s.start = start;
    s.end = end;
    s.quote = std::move(quote);
    s.note = std::move(note);
    return s;
}

// A valid edit of each kind, to break one field of.
nlohmann::json validRating()
{
    return nlohmann::json::parse(R"({"id":"0123456789abcdef0123456789abcdef","edit":"set_rating","rater":1,)"
                                 R"("candidate":2,"dimension":3,"value":4.5})");
}

struct Fixture {
    std::unique_ptr<Study> study;
    Id rater = 0;
    Id document = 0;
    Id likert = 0;
    Id rank = 0;
    std::vector<Id> candidates;
};

Fixture makeStudy()
{
    Fixture f;
    auto created = Study::createInMemory();
    if (!created)
        qFatal("%s", created.error().describe().c_str());
    f.study = std::move(created).value();
    Study &s = *f.study;
    const Status written = s.write([&] {
        model::Document d;
        d.externalId = "doc-1";
        d.source = "The source text.";
        d.scus = {"unit one", "unit two"};
        f.document = s.addDocument(d);
        for (const char *system : {"sys-a", "sys-b", "sys-c"})
            f.candidates.push_back(
                s.addCandidate(f.document, s.ensureSystem(system), std::string("Summary by ") + system));
        model::Dimension likert;
        likert.name = "fluency";
        f.likert = s.ensureDimension(likert);
        model::Dimension rank;
        rank.name = "overall";
        rank.kind = model::DimensionKind::Rank;
        f.rank = s.ensureDimension(rank);
        model::Rater r;
        r.name = "ann";
        r.group = "students";
        f.rater = s.ensureRater(r);
    });
    if (!written)
        qFatal("%s", written.error().describe().c_str());
    return f;
}

void applyAll(Study &study, const std::vector<AnnotationEdit> &edits)
{
    for (const AnnotationEdit &edit : edits) {
        const Status status = study.write([&] { edit.apply(study); });
        if (!status)
            QFAIL(status.error().describe().c_str());
    }
}

} // namespace

void TestAnnotationEdit::roundTrip_data()
{
    QTest::addColumn<AnnotationEdit>("edit");
    QTest::newRow("set rating") << AnnotationEdit::setRating(7, 11, 3, 4);
    QTest::newRow("set rating, a fraction that needs every digit") << AnnotationEdit::setRating(7, 11, 3, 0.1 + 0.2);
    QTest::newRow("clear rating") << AnnotationEdit::clearRating(7, 11, 3);
    QTest::newRow("set ranking") << AnnotationEdit::setRanking(7, 5, 4, {{11, 2}, {12, 1}, {13, 2}});
    QTest::newRow("remove ranking") << AnnotationEdit::setRanking(7, 5, 4, {});
    QTest::newRow("add error span") << AnnotationEdit::addErrorSpan(span(7, 11, 0, 4, "The ", ""));
    QTest::newRow("add error span with a note, quote outside the BMP")
        << AnnotationEdit::addErrorSpan(span(7, 11, 3, 5, "a\xf0\x9f\x98\x80", "why \"quoted\"\n"));
    QTest::newRow("remove error span") << AnnotationEdit::removeErrorSpan(span(7, 11, 2, 9, "quote", "n"));
    QTest::newRow("set error span note") << AnnotationEdit::setErrorSpanNote(span(7, 11, 2, 9, "quote"), "new note");
    QTest::newRow("set explanation") << AnnotationEdit::setExplanation(7, 5, 3, "Because.");
    QTest::newRow("explain the document") << AnnotationEdit::setExplanation(7, 5, 0, "Overall.");
    QTest::newRow("remove explanation") << AnnotationEdit::setExplanation(7, 5, 3, "");
    QTest::newRow("set unit mark") << AnnotationEdit::setUnitMark(7, 11, 0, true);
    QTest::newRow("set unit mark absent") << AnnotationEdit::setUnitMark(7, 11, 2, false);
    QTest::newRow("clear unit mark") << AnnotationEdit::clearUnitMark(7, 11, 2);
    QTest::newRow("set presentation order, a seed above 2^63")
        << AnnotationEdit::setPresentationOrder(7, 5, 18446744073709551557ULL, {13, 11, 12});
}

void TestAnnotationEdit::roundTrip()
{
    QFETCH(AnnotationEdit, edit);
    const auto back = AnnotationEdit::fromJsonText(edit.toJsonText());
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().describe().c_str());
    QVERIFY(back.value() == edit);
    QCOMPARE(back.value().toJsonText(), edit.toJsonText());
}

void TestAnnotationEdit::refusesBadJson_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("field");

    const auto with = [](const char *key, nlohmann::json value) {
        nlohmann::json j = validRating();
        j[key] = std::move(value);
        return QString::fromStdString(j.dump());
    };
    const auto without = [](const char *key) {
        nlohmann::json j = validRating();
        j.erase(key);
        return QString::fromStdString(j.dump());
    };
    QTest::newRow("not JSON") << QStringLiteral("{\"id\":") << QStringLiteral("edit");
    QTest::newRow("not an object") << QStringLiteral("[1, 2]") << QStringLiteral("edit");
    QTest::newRow("unknown kind") << with("edit", "set_mood") << QStringLiteral("edit");
    QTest::newRow("kind not text") << with("edit", 3) << QStringLiteral("edit");
    QTest::newRow("no id") << without("id") << QStringLiteral("id");
    QTest::newRow("short id") << with("id", "0123") << QStringLiteral("id");
    QTest::newRow("upper-case id") << with("id", "0123456789ABCDEF0123456789abcdef") << QStringLiteral("id");
    QTest::newRow("id not text") << with("id", 12) << QStringLiteral("id");
    QTest::newRow("no rater") << without("rater") << QStringLiteral("rater");
    QTest::newRow("rater zero") << with("rater", 0) << QStringLiteral("rater");
    QTest::newRow("rater text") << with("rater", "7") << QStringLiteral("rater");
    QTest::newRow("no candidate") << without("candidate") << QStringLiteral("candidate");
    QTest::newRow("negative candidate") << with("candidate", -2) << QStringLiteral("candidate");
    QTest::newRow("dimension a fraction") << with("dimension", 1.5) << QStringLiteral("dimension");
    QTest::newRow("no value") << without("value") << QStringLiteral("value");
    QTest::newRow("value text") << with("value", "4") << QStringLiteral("value");
    QTest::newRow("a field of another kind") << with("text", "hello") << QStringLiteral("text");
    QTest::newRow("a field without a name") << with("", 1) << QStringLiteral("edit");
    QTest::newRow("ranks not a list") << QStringLiteral(
        R"({"id":"0123456789abcdef0123456789abcdef","edit":"set_ranking","rater":1,"document":2,"dimension":3,)"
        R"("ranks":{"4":1}})") << QStringLiteral("ranks");
    QTest::newRow("rank zero") << QStringLiteral(
        R"({"id":"0123456789abcdef0123456789abcdef","edit":"set_ranking","rater":1,"document":2,"dimension":3,)"
        R"("ranks":[[4,0]]})") << QStringLiteral("ranks");
    QTest::newRow("a candidate ranked twice") << QStringLiteral(
        R"({"id":"0123456789abcdef0123456789abcdef","edit":"set_ranking","rater":1,"document":2,"dimension":3,)"
        R"("ranks":[[4,1],[4,2]]})") << QStringLiteral("ranks");
    QTest::newRow("span ends before it starts") << QStringLiteral(
        R"({"id":"0123456789abcdef0123456789abcdef","edit":"add_error_span","rater":1,"candidate":2,"start":5,)"
        R"("end":5,"quote":"","note":""})") << QStringLiteral("end");
    QTest::newRow("span without a quote") << QStringLiteral(
        R"({"id":"0123456789abcdef0123456789abcdef","edit":"remove_error_span","rater":1,"candidate":2,"start":1,)"
        R"("end":5,"note":""})") << QStringLiteral("quote");
    QTest::newRow("explanation of dimension -1")
        << QStringLiteral(R"({"id":"0123456789abcdef0123456789abcdef","edit":"set_explanation","rater":1,"document":2,)"
                          R"("dimension":-1,"text":"x"})")
        << QStringLiteral("dimension");
    QTest::newRow("unit mark present as 1") << QStringLiteral(
        R"({"id":"0123456789abcdef0123456789abcdef","edit":"set_unit_mark","rater":1,"candidate":2,"unit":0,)"
        R"("present":1})") << QStringLiteral("present");
    QTest::newRow("negative seed") << QStringLiteral(
        R"({"id":"0123456789abcdef0123456789abcdef","edit":"set_presentation_order","rater":1,"document":2,)"
        R"("seed":-1,"order":[1]})")
                                   << QStringLiteral("seed");
    QTest::newRow("order of names") << QStringLiteral(
        R"({"id":"0123456789abcdef0123456789abcdef","edit":"set_presentation_order","rater":1,"document":2,)"
        R"("seed":1,"order":["a"]})")
                                    << QStringLiteral("order");
}

void TestAnnotationEdit::refusesBadJson()
{
    QFETCH(QString, text);
    QFETCH(QString, field);
    const auto edit = AnnotationEdit::fromJsonText(text.toStdString());
    QVERIFY(!edit.ok());
    QCOMPARE(QString::fromStdString(edit.error().field), field);
    QVERIFY(!edit.error().message.empty());
}

void TestAnnotationEdit::idsAreFreshHex()
{
    std::set<std::string> seen;
    for (int i = 0; i < 1000; ++i) {
        const AnnotationEdit edit = AnnotationEdit::clearRating(1, 2, 3);
        QCOMPARE(edit.id.size(), std::size_t(32));
        QVERIFY(edit.id.find_first_not_of("0123456789abcdef") == std::string::npos);
        QVERIFY2(seen.insert(edit.id).second, edit.id.c_str());
    }
    // A copy, as resent from a journal, keeps its id.
    const AnnotationEdit edit = AnnotationEdit::setRating(1, 2, 3, 4);
    QCOMPARE(AnnotationEdit::fromJson(edit.toJson()).value().id, edit.id);
}

void TestAnnotationEdit::appliesToAStudy()
{
    Fixture f = makeStudy();
    Study &s = *f.study;
    const Id a = f.candidates[0], b = f.candidates[1], c = f.candidates[2];
    applyAll(s, {
                    AnnotationEdit::setRating(f.rater, a, f.likert, 4),
                    AnnotationEdit::setRating(f.rater, b, f.likert, 2),
                    AnnotationEdit::clearRating(f.rater, b, f.likert),
                    AnnotationEdit::setRanking(f.rater, f.document, f.rank, {{a, 2}, {b, 1}, {c, 3}}),
                    AnnotationEdit::addErrorSpan(span(f.rater, a, 0, 7, "Summary", "first")),
                    AnnotationEdit::addErrorSpan(span(f.rater, b, 3, 7, "mary")),
                    AnnotationEdit::setExplanation(f.rater, f.document, f.likert, "Reads well."),
                    AnnotationEdit::setExplanation(f.rater, f.document, 0, "All fine."),
                    AnnotationEdit::setUnitMark(f.rater, a, 0, true),
                    AnnotationEdit::setUnitMark(f.rater, a, 1, false),
                    AnnotationEdit::clearUnitMark(f.rater, a, 1),
                    AnnotationEdit::setPresentationOrder(f.rater, f.document, 99, {c, a, b}),
                });
    const AnnotatorJudgements j = s.judgementsOf(f.rater, f.document);
    QCOMPARE(j.ratings.size(), std::size_t(1));
    QCOMPARE(j.ratings.at({a, f.likert}), 4.0);
    QCOMPARE(j.rankings.at(f.rank), (std::map<Id, int>{{a, 2}, {b, 1}, {c, 3}}));
    QCOMPARE(j.errorSpans.size(), std::size_t(2));
    QCOMPARE(j.errorSpans[0].quote, std::string("Summary"));
    QCOMPARE(j.errorSpans[0].note, std::string("first"));
    QCOMPARE(j.explanations.at(f.likert), std::string("Reads well."));
    QCOMPARE(j.explanations.at(0), std::string("All fine."));
    QCOMPARE(j.unitMarks, (std::map<std::pair<Id, int>, bool>{{{a, 0}, true}}));
    QVERIFY(j.order);
    QCOMPARE(j.order->seed, std::uint64_t(99));
    QCOMPARE(j.order->candidates, (std::vector<Id>{c, a, b}));

    // Taking things back: an empty ranking and an empty explanation remove them.
    applyAll(s, {
                    AnnotationEdit::setRanking(f.rater, f.document, f.rank, {}),
                    AnnotationEdit::setExplanation(f.rater, f.document, f.likert, ""),
                });
    const AnnotatorJudgements after = s.judgementsOf(f.rater, f.document);
    QVERIFY(after.rankings.empty());
    QCOMPARE(after.explanations.size(), std::size_t(1));
}

void TestAnnotationEdit::spansGoByContent()
{
    Fixture f = makeStudy();
    Study &s = *f.study;
    const Id a = f.candidates[0];
    // The same mark twice with different notes, and another mark: no edit names a row id.
    applyAll(s, {
                    AnnotationEdit::addErrorSpan(span(f.rater, a, 0, 7, "Summary", "one")),
                    AnnotationEdit::addErrorSpan(span(f.rater, a, 0, 7, "Summary", "two")),
                    AnnotationEdit::addErrorSpan(span(f.rater, a, 8, 10, "by")),
                });
    // A removal takes the span whose note matches too.
    applyAll(s, {AnnotationEdit::removeErrorSpan(span(f.rater, a, 0, 7, "Summary", "two"))});
    auto spans = s.errorSpansOf(a);
    QCOMPARE(spans.size(), std::size_t(2));
    QCOMPARE(spans[0].note, std::string("one"));
    applyAll(s, {AnnotationEdit::setErrorSpanNote(span(f.rater, a, 8, 10, "by"), "a note")});
    spans = s.errorSpansOf(a);
    QCOMPARE(spans[1].quote, std::string("by"));
    QCOMPARE(spans[1].note, std::string("a note"));
    // Undoing a removal adds the span back with its note.
    const model::ErrorSpan removed = spans[0];
    applyAll(s, {AnnotationEdit::removeErrorSpan(removed), AnnotationEdit::addErrorSpan(removed)});
    spans = s.errorSpansOf(a);
    QCOMPARE(spans.size(), std::size_t(2));
    QCOMPARE(spans[0].note, std::string("one"));
}

void TestAnnotationEdit::brokenRuleFails()
{
    Fixture f = makeStudy();
    Study &s = *f.study;
    const Id a = f.candidates[0];
    // A span that is not there, and a candidate ranked on a document it is not a summary of.
    const AnnotationEdit gone = AnnotationEdit::removeErrorSpan(span(f.rater, a, 0, 7, "Summary"));
    Status status = s.write([&] { gone.apply(s); });
    QVERIFY(!status);
    QCOMPARE(status.error().field, std::string("span"));
    const AnnotationEdit stranger = AnnotationEdit::setRanking(f.rater, f.document, f.rank, {{a + 100, 1}});
    status = s.write([&] { stranger.apply(s); });
    QVERIFY(!status);
    QCOMPARE(status.error().field, std::string("candidate"));
}

QTEST_GUILESS_MAIN(TestAnnotationEdit)
#include "tst_annotation_edit.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Several annotators: export an annotator's package, annotate it separately, merge the packages back;
// identical judgements are skipped, and any conflict refuses the whole merge with a report.
#include "io/annotation_merger.h"
#include "io/annotator_package.h"
#include "store/annotation_plan.h"
#include "store/study.h"
#include "store/study_template.h"

#include <QTemporaryDir>
#include <QTest>

using namespace concord;
using namespace concord::store;
using concord::model::Id;

namespace {

std::string pathIn(const QTemporaryDir &dir, const char *name)
{
    return dir.filePath(QString::fromUtf8(name)).toStdString();
}

bool has(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}

// The lead's study: InstruSum template plus one Likert dimension, two documents, two systems.
std::unique_ptr<Study> leadStudy(const std::string &path)
{
    auto study = std::move(Study::create(path)).value();
    Study &s = *study;
    if (!StudyTemplate::apply(s, *StudyTemplate::find("instrusum")))
        qFatal("template");
    const Status ok = s.write([&] {
        model::Dimension fluency;
        fluency.name = "fluency";
        s.ensureDimension(fluency);
        for (const char *name : {"doc-1", "doc-2"}) {
            model::Document d;
            d.externalId = name;
            d.source = std::string("Article of ") + name;
            d.scus = {"first unit", "second unit"};
            const Id doc = s.addDocument(d);
            s.addCandidate(doc, s.ensureSystem("sys-x"), "X summary 😀 of " + std::string(name));
            s.addCandidate(doc, s.ensureSystem("sys-y"), "Y summary of " + std::string(name));
        }
        s.ensureRater({0, "ann1", model::RaterKind::Human, "expert", {}, {}, {}, {}});
        s.ensureRater({0, "ann2", model::RaterKind::Human, "crowd", {}, {}, {}, {}});
        s.ensureRater({0, "gpt", model::RaterKind::Judge, "", "openai", "m", "rts", {}});
    });
    if (!ok)
        qFatal("%s", ok.error().describe().c_str());
    return study;
}

Id candidateOf(Study &s, const char *doc, const char *system)
{
    return s.candidateId(s.documentId(doc).value(), s.systemId(system).value()).value();
}

// What an annotator does in their own package.
void annotate(Study &s, const char *rater, double fluency, int rankX)
{
    const Id r = s.raterId(rater).value();
    const Id d1 = s.documentId("doc-1").value();
    const Id x = candidateOf(s, "doc-1", "sys-x");
    const Id y = candidateOf(s, "doc-1", "sys-y");
    const Status ok = s.write([&] {
        s.setRating(r, x, s.dimensionId("fluency").value(), fluency);
        s.setRanking(r, d1, s.dimensionId("overall").value(), {{x, rankX}, {y, 1}});
        s.addErrorSpan({0, r, x, 10, 11, "😀", "emoji is not in the article"});
        s.addErrorSpan({0, r, x, 2, 11, "summary 😀", ""});
        s.setExplanation(r, d1, s.dimensionId("overall").value(), std::string("Because ") + rater);
        s.setExplanation(r, d1, 0, "Whole document.");
        s.setUnitMark(r, x, 0, true);
        s.setUnitMark(r, y, 1, false);
        s.setPresentationOrder(r, d1, 42, {y, x});
    });
    if (!ok)
        qFatal("%s", ok.error().describe().c_str());
}

} // namespace

class TestAnnotationMerger : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void packageHoldsItemsPlanAndOneAnnotator();
    void packageRefusesUnknownRaterAndExistingFile();
    void packageForSomeoneNewLeavesTheStudyAlone();
    void mergesTwoAnnotatorsPackages();
    void mergingTwiceChangesNothing();
    void conflictRefusesEverything();
    void unmatchedItemsAreConflicts();
    void refusesToMergeIntoItself();
    void textNotUtf8IsRefused_data();
    void textNotUtf8IsRefused();

private:
    QTemporaryDir m_dir;
};

void TestAnnotationMerger::packageHoldsItemsPlanAndOneAnnotator()
{
    const auto lead = leadStudy(pathIn(m_dir, "lead1.concord"));
    annotate(*lead, "ann1", 4, 2);
    annotate(*lead, "ann2", 3, 1);
    const std::string out = pathIn(m_dir, "pkg1.concord");
    auto report = io::AnnotatorPackage::write(*lead, "ann1", out);
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report.value().ratings, 1);
    QCOMPARE(report.value().errorSpans, 2);
    QCOMPARE(report.value().explanations, 2);

    auto pkg = std::move(Study::open(out)).value();
    const auto counts = pkg->counts();
    QCOMPARE(counts.documents, 2);
    QCOMPARE(counts.candidates, 4);
    QCOMPARE(counts.dimensions, 5);
    QCOMPARE(counts.raters, 1); // only ann1: no other annotator's work, no judge
    QCOMPARE(counts.ratings, 1);
    QCOMPARE(counts.rankings, 2);
    QCOMPARE(counts.errorSpans, 2);
    QCOMPARE(pkg->raters().at(0).group, std::string("expert"));
    QCOMPARE(AnnotationPlan::of(*pkg).explainRanks, std::vector<std::string>{"overall"});
    QCOMPARE(pkg->document(pkg->documentId("doc-1").value())->scus.size(), std::size_t(2));
    // Code-point offsets and quotes survive as they are.
    const auto spans = pkg->errorSpansOf(candidateOf(*pkg, "doc-1", "sys-x"));
    QCOMPARE(spans.size(), std::size_t(2));
    QCOMPARE(spans[1].start, 10);
    QCOMPARE(spans[1].quote, std::string("😀"));
    const auto order = pkg->presentationOrder(pkg->raters().at(0).id, pkg->documentId("doc-1").value());
    QVERIFY(order.has_value());
    QCOMPARE(order->seed, std::uint64_t(42));
    QCOMPARE(order->candidates,
             (std::vector<Id>{candidateOf(*pkg, "doc-1", "sys-y"), candidateOf(*pkg, "doc-1", "sys-x")}));
}

void TestAnnotationMerger::packageForSomeoneNewLeavesTheStudyAlone()
{
    const auto lead = leadStudy(pathIn(m_dir, "lead-new.concord"));
    const auto before = lead->counts();
    const std::string out = pathIn(m_dir, "pkg-newcomer.concord");
    auto report = io::AnnotatorPackage::write(*lead, "newcomer", out, io::AnnotatorPackage::UnknownName::Create);
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
    QCOMPARE(report.value().ratings, 0);
    QCOMPARE(lead->counts().raters, before.raters);
    QVERIFY(!lead->raterId("newcomer").has_value());
    auto pkg = std::move(Study::open(out)).value();
    QVERIFY(pkg->raterId("newcomer").has_value());
    QCOMPARE(pkg->counts().raters, 1);
    QCOMPARE(pkg->counts().documents, before.documents);
    // A judge's name is still not an annotator's.
    QVERIFY(!io::AnnotatorPackage::write(*lead, "gpt", pathIn(m_dir, "pkg-gpt-new.concord"),
                                         io::AnnotatorPackage::UnknownName::Create)
                 .ok());
}

void TestAnnotationMerger::packageRefusesUnknownRaterAndExistingFile()
{
    const auto lead = leadStudy(pathIn(m_dir, "lead2.concord"));
    auto unknown = io::AnnotatorPackage::write(*lead, "nobody", pathIn(m_dir, "pkg-nobody.concord"));
    QVERIFY(!unknown.ok());
    QVERIFY(has(unknown.error().message, "nobody"));
    QVERIFY(!QFile::exists(QString::fromStdString(pathIn(m_dir, "pkg-nobody.concord"))));
    auto judge = io::AnnotatorPackage::write(*lead, "gpt", pathIn(m_dir, "pkg-gpt.concord"));
    QVERIFY(!judge.ok());
    QVERIFY(has(judge.error().message, "not a human"));
    QVERIFY(io::AnnotatorPackage::write(*lead, "ann1", pathIn(m_dir, "pkg-twice.concord")).ok());
    auto twice = io::AnnotatorPackage::write(*lead, "ann1", pathIn(m_dir, "pkg-twice.concord"));
    QVERIFY(!twice.ok());
    QVERIFY(has(twice.error().message, "already exists"));
}

void TestAnnotationMerger::mergesTwoAnnotatorsPackages()
{
    const auto lead = leadStudy(pathIn(m_dir, "lead3.concord"));
    const std::string p1 = pathIn(m_dir, "pkg3-1.concord");
    const std::string p2 = pathIn(m_dir, "pkg3-2.concord");
    QVERIFY(io::AnnotatorPackage::write(*lead, "ann1", p1).ok());
    QVERIFY(io::AnnotatorPackage::write(*lead, "ann2", p2).ok());
    {
        auto s1 = std::move(Study::open(p1)).value();
        annotate(*s1, "ann1", 4, 2);
        auto s2 = std::move(Study::open(p2)).value();
        annotate(*s2, "ann2", 2, 1);
    }
    auto r1 = io::AnnotationMerger::mergeFile(*lead, p1);
    QVERIFY2(r1.ok(), r1.ok() ? "" : r1.error().describe().c_str());
    QCOMPARE(r1.value().ratings, 1);
    QCOMPARE(r1.value().rankings, 1);
    QCOMPARE(r1.value().errorSpans, 2);
    QCOMPARE(r1.value().explanations, 2);
    QCOMPARE(r1.value().unitMarks, 2);
    QCOMPARE(r1.value().presentationOrders, 1);
    QVERIFY(has(io::AnnotationMerger::describe(r1.value()), "1 ratings"));
    auto r2 = io::AnnotationMerger::mergeFile(*lead, p2);
    QVERIFY2(r2.ok(), r2.ok() ? "" : r2.error().describe().c_str());

    const Id a1 = lead->raterId("ann1").value();
    const Id a2 = lead->raterId("ann2").value();
    const Id x = candidateOf(*lead, "doc-1", "sys-x");
    const Id y = candidateOf(*lead, "doc-1", "sys-y");
    const Id fluency = lead->dimensionId("fluency").value();
    QCOMPARE(lead->rating(a1, x, fluency), std::optional<double>(4));
    QCOMPARE(lead->rating(a2, x, fluency), std::optional<double>(2));
    const auto j1 = lead->judgementsOf(a1, lead->documentId("doc-1").value());
    QCOMPARE(j1.rankings.at(lead->dimensionId("overall").value()).at(x), 2);
    QCOMPARE(j1.rankings.at(lead->dimensionId("overall").value()).at(y), 1);
    QCOMPARE(j1.errorSpans.size(), std::size_t(2));
    QCOMPARE(j1.explanations.at(0), std::string("Whole document."));
    QCOMPARE(j1.unitMarks.at({y, 1}), false);
    QCOMPARE(j1.order->candidates, (std::vector<Id>{y, x}));
    const auto j2 = lead->judgementsOf(a2, lead->documentId("doc-1").value());
    QCOMPARE(j2.explanations.at(lead->dimensionId("overall").value()), std::string("Because ann2"));
    QCOMPARE(lead->counts().raters, 3);
}

void TestAnnotationMerger::mergingTwiceChangesNothing()
{
    const auto lead = leadStudy(pathIn(m_dir, "lead4.concord"));
    const std::string p1 = pathIn(m_dir, "pkg4.concord");
    QVERIFY(io::AnnotatorPackage::write(*lead, "ann1", p1).ok());
    {
        auto s1 = std::move(Study::open(p1)).value();
        annotate(*s1, "ann1", 5, 1);
    }
    QVERIFY(io::AnnotationMerger::mergeFile(*lead, p1).ok());
    const auto before = lead->counts();
    auto again = io::AnnotationMerger::mergeFile(*lead, p1);
    QVERIFY(again.ok());
    QCOMPARE(again.value().ratings + again.value().rankings + again.value().errorSpans + again.value().explanations, 0);
    QVERIFY(again.value().unchanged > 0);
    const auto after = lead->counts();
    QCOMPARE(after.ratings, before.ratings);
    QCOMPARE(after.errorSpans, before.errorSpans);
    QCOMPARE(after.explanations, before.explanations);
}

void TestAnnotationMerger::conflictRefusesEverything()
{
    const auto lead = leadStudy(pathIn(m_dir, "lead5.concord"));
    const std::string p1 = pathIn(m_dir, "pkg5.concord");
    QVERIFY(io::AnnotatorPackage::write(*lead, "ann1", p1).ok());
    {
        auto s1 = std::move(Study::open(p1)).value();
        annotate(*s1, "ann1", 5, 2);
        // Something the lead does not have yet, which must not arrive either.
        const Id r = s1->raterId("ann1").value();
        QVERIFY(s1->write([&] {
                      s1->setRating(r, candidateOf(*s1, "doc-2", "sys-y"), s1->dimensionId("fluency").value(), 1);
                  }).ok());
    }
    // The lead meanwhile has other answers from ann1 on the same items.
    const Id a1 = lead->raterId("ann1").value();
    const Id x = candidateOf(*lead, "doc-1", "sys-x");
    const Id y = candidateOf(*lead, "doc-1", "sys-y");
    QVERIFY(lead->write([&] {
                    lead->setRating(a1, x, lead->dimensionId("fluency").value(), 3);
                    lead->setRanking(a1, lead->documentId("doc-1").value(), lead->dimensionId("overall").value(),
                                     {{x, 1}, {y, 1}});
                    lead->addErrorSpan({0, a1, x, 0, 1, "X", ""});
                    lead->setUnitMark(a1, x, 0, false);
                })
                .ok());
    const auto before = lead->counts();
    auto merged = io::AnnotationMerger::mergeFile(*lead, p1);
    QVERIFY(!merged.ok());
    const std::string &report = merged.error().message;
    QVERIFY2(has(report, "nothing was merged: 4 conflicts"), report.c_str());
    QVERIFY2(has(report, "'doc-1', summary by 'sys-x', rater 'ann1', 'fluency': rated 3 here, 5 in the other study"),
             report.c_str());
    QVERIFY2(has(report, "'overall' ranking here differs"), report.c_str());
    QVERIFY2(has(report, "factual-error spans here differ"), report.c_str());
    QVERIFY2(has(report, "unit 1: marked absent here, present in the other study"), report.c_str());
    const auto after = lead->counts();
    QCOMPARE(after.ratings, before.ratings);
    QCOMPARE(after.explanations, before.explanations);
    QCOMPARE(after.errorSpans, before.errorSpans);
    QVERIFY(!lead->rating(a1, candidateOf(*lead, "doc-2", "sys-y"), lead->dimensionId("fluency").value()));
}

void TestAnnotationMerger::unmatchedItemsAreConflicts()
{
    const auto lead = leadStudy(pathIn(m_dir, "lead6.concord"));
    auto other = std::move(Study::createInMemory()).value();
    QVERIFY(other
                ->write([&] {
                    model::Document d;
                    d.externalId = "doc-9";
                    d.source = "Unknown.";
                    const Id doc = other->addDocument(d);
                    const Id c = other->addCandidate(doc, other->ensureSystem("sys-x"), "?");
                    const Id known = other->addCandidate(other->addDocument({0, "doc-1", "a", {}, {}, {}, {}}),
                                                         other->ensureSystem("sys-z"), "?");
                    model::Dimension q;
                    q.name = "clarity";
                    const Id dim = other->ensureDimension(q);
                    const Id r = other->ensureRater({0, "ann3", model::RaterKind::Human, "", {}, {}, {}, {}});
                    other->setRating(r, c, dim, 2);
                    other->setRating(r, known, dim, 2);
                    // A judge's ratings are not an annotator's: they never come along.
                    const Id judge = other->ensureRater({0, "gpt", model::RaterKind::Judge, "", {}, {}, {}, {}});
                    other->setRating(judge, c, dim, 5);
                })
                .ok());
    auto merged = io::AnnotationMerger::merge(*lead, *other);
    QVERIFY(!merged.ok());
    const std::string &report = merged.error().message;
    QVERIFY2(has(report, "document 'doc-9' of the other study is not in this one"), report.c_str());
    QVERIFY2(has(report, "summary of document 'doc-1' by 'sys-z' is not in this study"), report.c_str());
    QVERIFY2(has(report, "dimension 'clarity' (likert) is not in this study"), report.c_str());
    QVERIFY(!lead->raterId("ann3"));
    // Only a named annotator, who is not there: a clear error.
    auto named = io::AnnotationMerger::merge(*lead, *other, io::MergeOptions{std::string("zed")});
    QVERIFY(!named.ok());
    QVERIFY(has(named.error().message, "'zed'"));
}

void TestAnnotationMerger::refusesToMergeIntoItself()
{
    const std::string path = pathIn(m_dir, "lead7.concord");
    const auto lead = leadStudy(path);
    auto merged = io::AnnotationMerger::mergeFile(*lead, path);
    QVERIFY(!merged.ok());
    QVERIFY(has(merged.error().message, "into itself"));
    QVERIFY(!io::AnnotationMerger::mergeFile(*lead, pathIn(m_dir, "missing.concord")).ok());
}

void TestAnnotationMerger::textNotUtf8IsRefused_data()
{
    QTest::addColumn<QString>("sql"); // run on the package: puts Latin-1 "Caf\xE9" into it
    QTest::addColumn<QString>("field");

    QTest::newRow("explanation") << QStringLiteral("UPDATE explanations SET text = CAST(X'436166E9' AS TEXT)")
                                 << QStringLiteral("explanation");
    QTest::newRow("span note") << QStringLiteral("UPDATE error_spans SET note = CAST(X'436166E9' AS TEXT)")
                               << QStringLiteral("note");
    QTest::newRow("span quote") << QStringLiteral("UPDATE error_spans SET quote = CAST(X'436166E9' AS TEXT)")
                                << QStringLiteral("quote");
    QTest::newRow("rater group") << QStringLiteral(
        "UPDATE raters SET grp = CAST(X'436166E9' AS TEXT) WHERE name = 'ann1'")
                                 << QStringLiteral("group");
}

// Another tool may have written the package: text that is not UTF-8 is named and nothing is merged.
void TestAnnotationMerger::textNotUtf8IsRefused()
{
    QFETCH(QString, sql);
    QFETCH(QString, field);
    const QString tag = QString::fromUtf8(QTest::currentDataTag()).replace(u' ', u'-');
    const auto lead = leadStudy(pathIn(m_dir, qPrintable(tag + QStringLiteral("-lead.concord"))));
    const std::string package = pathIn(m_dir, qPrintable(tag + QStringLiteral("-pkg.concord")));
    QVERIFY(io::AnnotatorPackage::write(*lead, "ann1", package).ok());
    {
        auto s = std::move(Study::open(package)).value();
        annotate(*s, "ann1", 5, 2);
        s->database().exec(sql.toStdString());
    }
    const auto before = lead->counts();
    const auto merged = io::AnnotationMerger::mergeFile(*lead, package);
    QVERIFY(!merged.ok());
    QCOMPARE(merged.error().file, package);
    QCOMPARE(QString::fromStdString(merged.error().field), field);
    QVERIFY2(has(merged.error().message, "not valid UTF-8: byte 0xE9 after \"Caf\""),
             merged.error().describe().c_str());
    const auto after = lead->counts();
    QCOMPARE(after.ratings, before.ratings);
    QCOMPARE(after.explanations, before.explanations);
    QCOMPARE(after.errorSpans, before.errorSpans);
}

QTEST_GUILESS_MAIN(TestAnnotationMerger)
#include "tst_annotation_merger.moc"

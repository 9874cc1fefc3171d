// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Several annotators: export an annotator's package, annotate it separately, merge the packages back;
// identical judgements are skipped, and any conflict refuses the whole merge with a report. A package
// is blind: no system's name is in it, nor anything that groups one system's summaries across
// documents, and its work comes back to the study's summaries by document and text.
#include "io/annotation_merger.h"
#include "io/annotator_package.h"
#include "store/annotation_plan.h"
#include "store/study.h"
#include "store/study_template.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

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

// The summaries of a document, each with which of the document's summaries with its text it is (counted in
// the order of their systems' names, in a blind package in the order of their ids): how a blind package's
// summaries are told apart.
std::vector<std::pair<model::Candidate, int>> summariesOf(Study &s, Id doc)
{
    std::map<Id, std::string> names;
    if (!io::AnnotatorPackage::hasOpaqueSystems(s))
        for (const auto &sys : s.systems())
            names[sys.id] = sys.name;
    auto list = s.candidatesOf(doc);
    std::sort(list.begin(), list.end(), [&](const auto &a, const auto &b) {
        return std::tie(names[a.systemId], a.id) < std::tie(names[b.systemId], b.id);
    });
    std::map<std::string, int> seen;
    std::vector<std::pair<model::Candidate, int>> out;
    for (const auto &c : list)
        out.emplace_back(c, seen[c.text]++);
    return out;
}

// For each summary the package holds of a document, the study's system that wrote it (found by text:
// the package does not say).
std::map<Id, std::string> systemsInPackage(Study &package, Study &study, const std::string &doc)
{
    std::map<std::pair<std::string, int>, std::string> byText;
    std::map<Id, std::string> systemName;
    for (const auto &sys : study.systems())
        systemName[sys.id] = sys.name;
    for (const auto &[c, copy] : summariesOf(study, study.documentId(doc).value()))
        byText[{c.text, copy}] = systemName.at(c.systemId);
    std::map<Id, std::string> out;
    for (const auto &[c, copy] : summariesOf(package, package.documentId(doc).value()))
        out[c.id] = byText.at({c.text, copy});
    return out;
}

// The package's summary of a document by the study's system.
Id summaryIn(Study &package, Study &study, const std::string &doc, const std::string &system)
{
    for (const auto &[id, name] : systemsInPackage(package, study, doc))
        if (name == system)
            return id;
    qFatal("no summary of %s by %s in the package", doc.c_str(), system.c_str());
}

// What an annotator does in their own package (the package's summaries found through the lead's study).
void annotate(Study &s, const char *rater, double fluency, int rankX, Study &lead)
{
    const Id r = s.raterId(rater).value();
    const Id d1 = s.documentId("doc-1").value();
    const Id x = summaryIn(s, lead, "doc-1", "sys-x");
    const Id y = summaryIn(s, lead, "doc-1", "sys-y");
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

// Systems with names long enough that finding one in a file's bytes is no accident.
const std::vector<std::string> kSystems{"system-alpha-7", "system-bravo-7", "system-charlie-7", "system-delta-7"};
constexpr int kDocuments = 10;

std::string wideDoc(int d)
{
    return "wide-" + std::to_string(d);
}

// kDocuments documents, each with a summary by every one of kSystems (added in that order); with sameText,
// the first two systems wrote the very same summary of every third document.
std::unique_ptr<Study> wideStudy(const std::string &path, bool sameText)
{
    auto study = std::move(Study::create(path)).value();
    Study &s = *study;
    const Status ok = s.write([&] {
        model::Dimension fluency;
        fluency.name = "fluency";
        s.ensureDimension(fluency);
        model::Dimension overall;
        overall.name = "overall";
        overall.kind = model::DimensionKind::Rank;
        s.ensureDimension(overall);
        for (int d = 0; d < kDocuments; ++d) {
            model::Document doc;
            doc.externalId = wideDoc(d);
            doc.source = "Article number " + std::to_string(d) + ".";
            doc.scus = {"unit one", "unit two"};
            const Id id = s.addDocument(doc);
            for (std::size_t i = 0; i < kSystems.size(); ++i) {
                const bool copy = sameText && d % 3 == 0 && i == 1;
                s.addCandidate(id, s.ensureSystem(kSystems[i]),
                               "Summary of article " + std::to_string(d) + ", take " + std::to_string(copy ? 0 : i));
            }
        }
        s.ensureRater({0, "ann1", model::RaterKind::Human, "expert", {}, {}, {}, {}});
        s.ensureRater({0, "gpt", model::RaterKind::Judge, "", "openai", "m", "rts", {}});
    });
    if (!ok)
        qFatal("%s", ok.error().describe().c_str());
    return study;
}

// What an annotator answers about the summary of document d by system i: different for every system.
double ratingFor(int d, std::size_t i)
{
    return 1 + (d + 2 * static_cast<int>(i)) % 5;
}
int rankFor(int d, std::size_t i)
{
    return 1 + (d + static_cast<int>(i)) % 4;
}
int unitFor(int d, std::size_t i)
{
    return (d + static_cast<int>(i)) % 2;
}
std::string noteFor(int d, std::size_t i)
{
    return "note " + std::to_string(d) + "/" + std::to_string(i);
}

std::size_t systemIndex(const std::string &name)
{
    return static_cast<std::size_t>(std::find(kSystems.begin(), kSystems.end(), name) - kSystems.begin());
}

// Every kind of judgement on documents [from, to) of a study or package, each summary's answer given by
// the system that wrote it (found through the study, which the package does not name).
void annotateWide(Study &s, Study &study, const std::string &rater, int from, int to)
{
    const Id r = s.raterId(rater).value();
    const Id fluency = s.dimensionId("fluency").value();
    const Id overall = s.dimensionId("overall").value();
    const Status ok = s.write([&] {
        for (int d = from; d < to; ++d) {
            const Id doc = s.documentId(wideDoc(d)).value();
            std::vector<std::pair<Id, int>> ranks;
            std::vector<Id> order;
            for (const auto &[c, name] : systemsInPackage(s, study, wideDoc(d))) {
                const std::size_t i = systemIndex(name);
                s.setRating(r, c, fluency, ratingFor(d, i));
                ranks.emplace_back(c, rankFor(d, i));
                s.addErrorSpan({0, r, c, 0, 7, "Summary", noteFor(d, i)});
                s.setUnitMark(r, c, unitFor(d, i), i % 2 == 0);
                order.insert(order.begin(), c);
            }
            s.setRanking(r, doc, overall, ranks);
            s.setExplanation(r, doc, overall, "Why " + std::to_string(d));
            s.setPresentationOrder(r, doc, 7, order);
        }
    });
    if (!ok)
        qFatal("%s", ok.error().describe().c_str());
}

// Every answer annotateWide gives, on the summaries of s by the study's systems: in the study itself found
// by system, in a package by text.
void checkWide(Study &s, Study &study, const std::string &rater, int from, int to)
{
    const Id r = s.raterId(rater).value();
    const Id fluency = s.dimensionId("fluency").value();
    const Id overall = s.dimensionId("overall").value();
    for (int d = from; d < to; ++d) {
        const Id doc = s.documentId(wideDoc(d)).value();
        const auto j = s.judgementsOf(r, doc);
        std::map<std::string, Id> bySystem;
        for (const auto &[c, name] : systemsInPackage(s, study, wideDoc(d)))
            bySystem[name] = c;
        for (std::size_t i = 0; i < kSystems.size(); ++i) {
            const QByteArray where = QByteArray::fromStdString(wideDoc(d) + " by " + kSystems[i]);
            const Id c
                = &s == &study ? candidateOf(s, wideDoc(d).c_str(), kSystems[i].c_str()) : bySystem.at(kSystems[i]);
            QVERIFY2(s.rating(r, c, fluency) == std::optional<double>(ratingFor(d, i)), where.constData());
            QVERIFY2(j.rankings.at(overall).at(c) == rankFor(d, i), where.constData());
            const auto spans = s.errorSpansOf(c);
            QVERIFY2(spans.size() == 1 && spans[0].note == noteFor(d, i), where.constData());
            QVERIFY2(j.unitMarks.size() == kSystems.size(), where.constData());
            QVERIFY2(j.unitMarks.at({c, unitFor(d, i)}) == (i % 2 == 0), where.constData());
        }
        QCOMPARE(j.explanations.at(overall), "Why " + std::to_string(d));
        QVERIFY(j.order.has_value());
        QCOMPARE(j.order->candidates.size(), kSystems.size());
    }
}

// The systems of a document's summaries in the order the presentation order shows them.
std::vector<std::string> shownSystems(Study &s, Study &study, const std::string &rater, const std::string &doc)
{
    const auto order = s.presentationOrder(s.raterId(rater).value(), s.documentId(doc).value());
    if (!order)
        return {};
    const auto names = systemsInPackage(s, study, doc);
    std::vector<std::string> out;
    for (const Id c : order->candidates)
        out.push_back(names.at(c));
    return out;
}

// Every text any table of a study file holds, column by column.
std::vector<std::string> everyText(Study &s)
{
    std::vector<std::string> tables;
    auto list = s.database().prepare("SELECT name FROM sqlite_master WHERE type = 'table'");
    while (list.step())
        tables.push_back(list.textAt(0));
    std::vector<std::string> out;
    for (const auto &table : tables) {
        std::vector<std::string> columns;
        auto info = s.database().prepare("SELECT name FROM pragma_table_info('" + table + "')");
        while (info.step())
            columns.push_back(info.textAt(0));
        for (const auto &column : columns) {
            auto rows = s.database().prepare("SELECT CAST(\"" + column + "\" AS TEXT) FROM \"" + table + "\"");
            while (rows.step())
                if (!rows.isNull(0))
                    out.push_back(rows.textAt(0));
        }
    }
    return out;
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
    void packageNamesNoSystem_data();
    void packageNamesNoSystem();
    void packageDoesNotGroupASystemsSummaries();
    void workComesBackBySummary_data();
    void workComesBackBySummary();
    void summaryChangedInThePackageIsAConflict();
    void packageWithSystemNamesStillMerges();

private:
    QTemporaryDir m_dir;
};

void TestAnnotationMerger::packageHoldsItemsPlanAndOneAnnotator()
{
    const auto lead = leadStudy(pathIn(m_dir, "lead1.concord"));
    annotate(*lead, "ann1", 4, 2, *lead);
    annotate(*lead, "ann2", 3, 1, *lead);
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
    const auto spans = pkg->errorSpansOf(summaryIn(*pkg, *lead, "doc-1", "sys-x"));
    QCOMPARE(spans.size(), std::size_t(2));
    QCOMPARE(spans[1].start, 10);
    QCOMPARE(spans[1].quote, std::string("😀"));
    const auto order = pkg->presentationOrder(pkg->raters().at(0).id, pkg->documentId("doc-1").value());
    QVERIFY(order.has_value());
    QCOMPARE(order->seed, std::uint64_t(42));
    QCOMPARE(order->candidates,
             (std::vector<Id>{summaryIn(*pkg, *lead, "doc-1", "sys-y"), summaryIn(*pkg, *lead, "doc-1", "sys-x")}));
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
        annotate(*s1, "ann1", 4, 2, *lead);
        auto s2 = std::move(Study::open(p2)).value();
        annotate(*s2, "ann2", 2, 1, *lead);
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
        annotate(*s1, "ann1", 5, 1, *lead);
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
        annotate(*s1, "ann1", 5, 2, *lead);
        // Something the lead does not have yet, which must not arrive either.
        const Id r = s1->raterId("ann1").value();
        QVERIFY(s1->write([&] {
                      s1->setRating(r, summaryIn(*s1, *lead, "doc-2", "sys-y"), s1->dimensionId("fluency").value(), 1);
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
        annotate(*s, "ann1", 5, 2, *lead);
        // Another tool need not keep a study's rules with triggers (a quote equal to the text it marks,
        // say): the text goes in as such a tool would write it.
        std::vector<std::string> triggers;
        {
            auto list = s->database().prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'");
            while (list.step())
                triggers.push_back(list.textAt(0));
        }
        for (const auto &trigger : triggers)
            s->database().exec("DROP TRIGGER \"" + trigger + "\"");
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

void TestAnnotationMerger::packageNamesNoSystem_data()
{
    QTest::addColumn<bool>("sameText");
    QTest::addColumn<bool>("earlierWork");
    QTest::newRow("an annotator new to the study") << false << false;
    QTest::newRow("an annotator with work in the study") << false << true;
    QTest::newRow("two systems wrote one summary") << true << true;
}

// No byte of the package, and no value of any of its tables, holds a system's name.
void TestAnnotationMerger::packageNamesNoSystem()
{
    QFETCH(bool, sameText);
    QFETCH(bool, earlierWork);
    const QString tag = QString::fromUtf8(QTest::currentDataTag()).replace(u' ', u'-');
    const auto study = wideStudy(pathIn(m_dir, qPrintable(tag + QStringLiteral("-names.concord"))), sameText);
    if (earlierWork)
        annotateWide(*study, *study, "ann1", 0, 3);
    const std::string out = pathIn(m_dir, qPrintable(tag + QStringLiteral("-names-pkg.concord")));
    const auto written = io::AnnotatorPackage::write(*study, earlierWork ? "ann1" : "newbie", out,
                                                     io::AnnotatorPackage::UnknownName::Create);
    QVERIFY2(written.ok(), written.ok() ? "" : written.error().describe().c_str());
    QCOMPARE(written.value().ratings, earlierWork ? 3 * int(kSystems.size()) : 0);
    {
        auto pkg = std::move(Study::open(out)).value();
        QVERIFY(io::AnnotatorPackage::hasOpaqueSystems(*pkg));
        QVERIFY(!io::AnnotatorPackage::hasOpaqueSystems(*study));
        const auto texts = everyText(*pkg);
        QVERIFY(texts.size() > 100);
        for (const auto &text : texts)
            for (const auto &name : kSystems)
                QVERIFY2(text.find(name) == std::string::npos, text.c_str());
        // One system per summary, named at random.
        const auto systems = pkg->systems();
        QCOMPARE(systems.size(), std::size_t(kDocuments) * kSystems.size());
        std::set<Id> used;
        for (const auto &c : pkg->candidates())
            QVERIFY(used.insert(c.systemId).second);
        QCOMPARE(used.size(), systems.size());
        for (const auto &sys : systems)
            QVERIFY2(
                QString::fromStdString(sys.name).contains(QRegularExpression(QStringLiteral("^hidden-[0-9a-f]{12}$"))),
                sys.name.c_str());
    }
    QVERIFY(!QFile::exists(QString::fromStdString(out + "-wal")));
    QFile file(QString::fromStdString(out));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QVERIFY(bytes.size() > 4096);
    for (const auto &name : kSystems)
        QVERIFY2(!bytes.contains(QByteArray::fromStdString(name)), name.c_str());
}

// Nothing in a package follows one system from document to document: no name is shared by two
// summaries, the order in which a document's summaries are stored is drawn for each document, and
// another package of the same study names every summary otherwise.
void TestAnnotationMerger::packageDoesNotGroupASystemsSummaries()
{
    const auto study = wideStudy(pathIn(m_dir, "linkable.concord"), false);
    const std::string first = pathIn(m_dir, "linkable-1.concord");
    const std::string second = pathIn(m_dir, "linkable-2.concord");
    QVERIFY(io::AnnotatorPackage::write(*study, "ann1", first).ok());
    QVERIFY(io::AnnotatorPackage::write(*study, "ann1", second).ok());
    auto a = std::move(Study::open(first)).value();
    auto b = std::move(Study::open(second)).value();
    std::set<std::vector<std::string>> storedOrders;
    for (int d = 0; d < kDocuments; ++d) {
        std::vector<std::string> order; // the systems of the document's summaries in id order
        for (const auto &[c, name] : systemsInPackage(*a, *study, wideDoc(d)))
            order.push_back(name);
        storedOrders.insert(order);
    }
    // The same order in all ten documents by chance: 24 × (1/24)^10.
    QVERIFY2(storedOrders.size() > 1, "every document stores its summaries in one order of the systems");
    std::set<std::string> names;
    for (const auto &sys : a->systems())
        names.insert(sys.name);
    for (const auto &sys : b->systems())
        QVERIFY2(!names.count(sys.name), sys.name.c_str());
}

void TestAnnotationMerger::workComesBackBySummary_data()
{
    QTest::addColumn<bool>("sameText");
    QTest::addColumn<QString>("rater");
    QTest::addColumn<int>("earlier");     // documents the annotator had done in the study before
    QTest::addColumn<bool>("renumbered"); // merged into a copy of the study whose summaries have other ids
    QTest::newRow("an annotator new to the study") << false << QStringLiteral("newbie") << 0 << false;
    QTest::newRow("an annotator with work in the study") << false << QStringLiteral("ann1") << 4 << false;
    QTest::newRow("two systems wrote one summary") << true << QStringLiteral("ann1") << 4 << false;
    QTest::newRow("one summary by two systems, ids changed") << true << QStringLiteral("newbie") << 0 << true;
}

// Ratings, rankings, error spans, explanations, unit marks and presentation orders made in a package
// come back onto the study's summaries by the systems that wrote them, and so does what the package
// brought along from the study.
void TestAnnotationMerger::workComesBackBySummary()
{
    QFETCH(bool, sameText);
    QFETCH(QString, rater);
    QFETCH(int, earlier);
    QFETCH(bool, renumbered);
    const std::string name = rater.toStdString();
    const QString tag = QString::fromUtf8(QTest::currentDataTag()).replace(u' ', u'-');
    const auto study = wideStudy(pathIn(m_dir, qPrintable(tag + QStringLiteral("-back.concord"))), sameText);
    if (earlier)
        annotateWide(*study, *study, name, 0, earlier);
    const std::string out = pathIn(m_dir, qPrintable(tag + QStringLiteral("-back-pkg.concord")));
    QVERIFY(io::AnnotatorPackage::write(*study, name, out, io::AnnotatorPackage::UnknownName::Create).ok());
    std::map<int, std::vector<std::string>> shown;
    {
        auto pkg = std::move(Study::open(out)).value();
        // What came along from the study is on the same summaries in the package.
        checkWide(*pkg, *study, name, 0, earlier);
        for (int d = 0; d < earlier; ++d)
            QCOMPARE(shownSystems(*pkg, *study, name, wideDoc(d)), shownSystems(*study, *study, name, wideDoc(d)));
        annotateWide(*pkg, *study, name, earlier, kDocuments);
        for (int d = 0; d < kDocuments; ++d)
            shown[d] = shownSystems(*pkg, *study, name, wideDoc(d));
    }
    if (renumbered) {
        // As publishing and pulling do: the two systems' identical summaries swap ids, and are still told
        // apart by their systems.
        for (int d = 0; d < kDocuments; d += 3) {
            const Id first = candidateOf(*study, wideDoc(d).c_str(), kSystems[0].c_str());
            const Id second = candidateOf(*study, wideDoc(d).c_str(), kSystems[1].c_str());
            QVERIFY(first < second);
            study->database().exec("UPDATE candidates SET id = -1 WHERE id = " + std::to_string(first));
            study->database().exec("UPDATE candidates SET id = " + std::to_string(first)
                                   + " WHERE id = " + std::to_string(second));
            study->database().exec("UPDATE candidates SET id = " + std::to_string(second) + " WHERE id = -1");
        }
    }
    const auto merged = io::AnnotationMerger::mergeFile(*study, out);
    QVERIFY2(merged.ok(), merged.ok() ? "" : merged.error().describe().c_str());
    const int fresh = kDocuments - earlier;
    QCOMPARE(merged.value().ratings, fresh * int(kSystems.size()));
    QCOMPARE(merged.value().rankings, fresh);
    QCOMPARE(merged.value().errorSpans, fresh * int(kSystems.size()));
    QCOMPARE(merged.value().explanations, fresh);
    QCOMPARE(merged.value().unitMarks, fresh * int(kSystems.size()));
    QCOMPARE(merged.value().presentationOrders, fresh);
    QCOMPARE(merged.value().unchanged, earlier * (3 * int(kSystems.size()) + 3));
    checkWide(*study, *study, name, 0, kDocuments);
    for (int d = 0; d < kDocuments; ++d)
        QCOMPARE(shownSystems(*study, *study, name, wideDoc(d)), shown[d]);
    // Merging again brings nothing new.
    const auto again = io::AnnotationMerger::mergeFile(*study, out);
    QVERIFY(again.ok());
    QCOMPARE(again.value().ratings + again.value().rankings + again.value().errorSpans, 0);
}

// A summary whose text is not the study's any more has nothing to go to: named by its text, nothing merged.
void TestAnnotationMerger::summaryChangedInThePackageIsAConflict()
{
    const auto lead = leadStudy(pathIn(m_dir, "lead-changed.concord"));
    const std::string package = pathIn(m_dir, "pkg-changed.concord");
    QVERIFY(io::AnnotatorPackage::write(*lead, "ann1", package).ok());
    {
        auto s = std::move(Study::open(package)).value();
        annotate(*s, "ann1", 5, 2, *lead);
        // (The summary without error spans: a study keeps a summary's text and its spans' quotes alike.)
        const Id y = summaryIn(*s, *lead, "doc-1", "sys-y");
        s->database().exec("UPDATE candidates SET text = 'Rewritten by hand, and at some length too, "
                           "so that it is cut' WHERE id = "
                           + std::to_string(y));
    }
    const auto before = lead->counts();
    const auto merged = io::AnnotationMerger::mergeFile(*lead, package);
    QVERIFY(!merged.ok());
    QVERIFY2(has(merged.error().message, "the summary of document 'doc-1' that reads 'Rewritten by hand, and at "
                                         "some length to…' is not in this study"),
             merged.error().message.c_str());
    QCOMPARE(lead->counts().ratings, before.ratings);
}

// A package written before packages were blind names the study's systems: it is still matched by them.
void TestAnnotationMerger::packageWithSystemNamesStillMerges()
{
    const auto lead = leadStudy(pathIn(m_dir, "lead-old.concord"));
    const std::string package = pathIn(m_dir, "pkg-old.concord");
    {
        // Such a package: the study's items under their systems' names, marked as a package and no more.
        // Its texts differ from the study's, so that only a match by system finds its summaries.
        auto old = leadStudy(package);
        QVERIFY(old->write([&] { old->setInfo("annotator_package_for", "ann1"); }).ok());
        old->database().exec("UPDATE candidates SET text = text || ' (as it was)'");
        annotate(*old, "ann1", 4, 2, *old);
    }
    const auto merged = io::AnnotationMerger::mergeFile(*lead, package);
    QVERIFY2(merged.ok(), merged.ok() ? "" : merged.error().describe().c_str());
    QCOMPARE(merged.value().ratings, 1);
    QCOMPARE(merged.value().errorSpans, 2);
    const Id a1 = lead->raterId("ann1").value();
    const Id x = candidateOf(*lead, "doc-1", "sys-x");
    QCOMPARE(lead->rating(a1, x, lead->dimensionId("fluency").value()), std::optional<double>(4));
    QCOMPARE(lead->errorSpansOf(x).size(), std::size_t(2));
    const auto j = lead->judgementsOf(a1, lead->documentId("doc-1").value());
    QCOMPARE(j.rankings.at(lead->dimensionId("overall").value()).at(x), 2);
}

QTEST_GUILESS_MAIN(TestAnnotationMerger)
#include "tst_annotation_merger.moc"

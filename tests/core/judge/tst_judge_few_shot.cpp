// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Human corrections as few-shot examples: which dev summaries become examples (worked by hand on a six-document
// study), what a prompt's {{examples}} says, where the placeholder goes in a template, and, end to end against
// the local test server, that no test document is ever an example and no unit sees its own document's.
#include "judge/few_shot_examples.h"
#include "judge/runner.h"
#include "reports/correction_examples.h"
#include "store/study.h"
#include "test_llm_server.h"

#include <QDateTime>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <map>
#include <set>

using namespace concord;
using namespace concord::judge;
using concord::test::Reply;
using concord::test::TestLlmServer;
using model::Id;

namespace {

const char *const kSystems[] = {"sysA", "sysB"};

// Each summary's text names its document and system, so that a prompt shows which summaries it holds.
std::string summaryText(int document, int system)
{
    return "Summary " + std::to_string(document) + kSystems[system] + " of the council's plan.";
}

std::size_t occurrences(const std::string &text, const std::string &what)
{
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size()))
        ++n;
    return n;
}

FewShotExample example(Id document, Id candidate, Id dimension)
{
    FewShotExample e;
    e.document = document;
    e.candidate = candidate;
    e.dimension = dimension;
    e.summary = "s" + std::to_string(candidate);
    return e;
}

} // namespace

class TestJudgeFewShot : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void examplesForUnit_data();
    void examplesForUnit();
    void examplesTextShowsScoresAndReasons();
    void placeholderGoesFirstInTheUserMessage_data();
    void placeholderGoesFirstInTheUserMessage();
    void sourceKeepsEverythingInItsSettings();
    void numbersThatAreNotWholeAreRefused_data();
    void numbersThatAreNotWholeAreRefused();
    void poolIsTheDevSplitsLargestDisagreements();
    void poolRefusesWhatItCannotHonour();
    void testRunSeesOnlyDevExamples();
    void devRunNeverSeesItsOwnDocument();
    void runRefusesExamplesOutsideDev();

private:
    reports::CorrectionExamplesRequest request(std::size_t perUnit) const;
    FewShotSource pool(std::size_t perUnit);
    RunOptions options(const std::string &split, std::optional<FewShotSource> examples) const;
    ProviderConfig openAi() const;

    QTemporaryDir m_dir;
    std::string m_path;
    std::map<std::pair<int, int>, Id> m_candidates; // (document, system) -> id
    std::vector<Id> m_documents;
    std::unique_ptr<TestLlmServer> m_server;
};

// Six documents of two summaries, dev = doc0–doc3, test = doc4 and doc5; experts e1 and e2 and the judge v1 on
// coherence (1–5). The disagreements |v1 − mean| / 4 per summary, worked by hand:
//   doc0 A 1.0   doc0 B 0.75   doc1 A 0.625   doc1 B 0   doc2 A 0.75   doc2 B 0   doc3 A 0   doc3 B 0.25
//   doc4 A 1.0 (test)   doc4 B 0   doc5 A 0   doc5 B 0
void TestJudgeFewShot::init()
{
    m_path = m_dir.filePath(QStringLiteral("study-%1.concord").arg(QDateTime::currentMSecsSinceEpoch())).toStdString();
    m_candidates.clear();
    m_documents.clear();
    auto created = store::Study::create(m_path);
    QVERIFY(created.ok());
    store::Study &s = *created.value();
    // (e1, e2, v1) per document and system.
    const double scores[6][2][3] = {{{1, 1, 5}, {2, 2, 5}}, {{2, 3, 5}, {4, 4, 4}}, {{5, 5, 2}, {3, 3, 3}},
                                    {{3, 3, 3}, {4, 4, 3}}, {{1, 1, 5}, {2, 2, 2}}, {{3, 3, 3}, {4, 4, 4}}};
    QVERIFY(s.write([&] {
                 model::Dimension dim;
                 dim.name = "coherence";
                 dim.definition = "How well the summary hangs together.";
                 dim.labels = {"very poor", "poor", "fair", "good", "very good"};
                 const Id coherence = s.ensureDimension(dim);
                 const Id e1 = s.ensureRater({0, "e1", model::RaterKind::Human, "expert", {}, {}, {}, {}});
                 const Id e2 = s.ensureRater({0, "e2", model::RaterKind::Human, "expert", {}, {}, {}, {}});
                 const Id v1 = s.ensureRater({0, "v1", model::RaterKind::Judge, {}, "openai", "test-model", "rts", {}});
                 std::map<Id, std::string> splits;
                 for (int d = 0; d < 6; ++d) {
                     model::Document doc;
                     doc.externalId = "doc" + std::to_string(d);
                     doc.source = "Council " + std::to_string(d) + " voted on a plan.";
                     const Id id = s.addDocument(doc);
                     m_documents.push_back(id);
                     splits[id] = d < 4 ? "dev" : "test";
                     for (int y = 0; y < 2; ++y) {
                         const Id c = s.addCandidate(id, s.ensureSystem(kSystems[y]), summaryText(d, y));
                         m_candidates[{d, y}] = c;
                         s.setRating(e1, c, coherence, scores[d][y][0]);
                         s.setRating(e2, c, coherence, scores[d][y][1]);
                         s.setRating(v1, c, coherence, scores[d][y][2]);
                     }
                 }
                 s.setExplanation(e1, m_documents[0], coherence, "Sentences jump between topics.");
                 // About the document as a whole: shown when nothing was written on the dimension.
                 s.setExplanation(e2, m_documents[2], 0, "Clear and in order.");
                 s.setExplanation(e1, m_documents[4], coherence, "A test document's reason.");
                 s.replaceDocumentSplits(splits);
             }).ok());
    m_server = std::make_unique<TestLlmServer>();
    QVERIFY(m_server->start() > 0);
    m_server->setHandler([](const test::RecordedRequest &) { return Reply::openAi("Reason: fine.\nScore: 3"); });
}

void TestJudgeFewShot::examplesForUnit_data()
{
    QTest::addColumn<Id>("document");
    QTest::addColumn<Id>("dimension");
    QTest::addColumn<int>("count");
    QTest::addColumn<std::vector<Id>>("candidates");
    // The pool: candidates 11 (doc 1), 21 (doc 2), 12 (doc 1, another dimension), 31 (doc 3), 41 (doc 4).
    QTest::newRow("first two") << Id{9} << Id{1} << 2 << std::vector<Id>{11, 21};
    QTest::newRow("own document left out") << Id{1} << Id{1} << 2 << std::vector<Id>{21, 31};
    QTest::newRow("other dimension") << Id{9} << Id{2} << 2 << std::vector<Id>{12};
    QTest::newRow("fewer than asked") << Id{2} << Id{1} << 9 << std::vector<Id>{11, 31, 41};
    QTest::newRow("none") << Id{1} << Id{1} << 0 << std::vector<Id>{};
}

void TestJudgeFewShot::examplesForUnit()
{
    QFETCH(Id, document);
    QFETCH(Id, dimension);
    QFETCH(int, count);
    QFETCH(std::vector<Id>, candidates);
    const std::vector<FewShotExample> pool{example(1, 11, 1), example(2, 21, 1), example(1, 12, 2), example(3, 31, 1),
                                           example(4, 41, 1)};
    std::vector<Id> got;
    for (const auto &e : judge::examplesForUnit(pool, document, dimension, static_cast<std::size_t>(count)))
        got.push_back(e.candidate);
    QCOMPARE(got, candidates);
}

void TestJudgeFewShot::examplesTextShowsScoresAndReasons()
{
    model::Dimension dim;
    dim.name = "coherence";
    dim.scaleMin = 1;
    dim.scaleMax = 5;
    FewShotExample a = example(1, 11, 1);
    a.summary = "The council met.";
    a.humanMean = 7.0 / 3.0;
    a.humans = 3;
    a.judgeValue = 5;
    a.explanations = {"Too short.", "Says nothing."};
    FewShotExample b = example(2, 21, 1);
    b.summary = "The hall opens in May.";
    b.humanMean = 4;
    b.humans = 1;
    QCOMPARE(examplesText({a, b}, dim),
             std::string("Here are summaries of other articles that human annotators scored on coherence (from 1 to "
                         "5). They show how the scale is meant; none of them is the summary you are asked about.\n\n"
                         "Example 1\nSummary: The council met.\nHuman score: 2.33 (the mean of 3 annotators)\n"
                         "An annotator's reason: Too short.\nAn annotator's reason: Says nothing.\n\n"
                         "Example 2\nSummary: The hall opens in May.\nHuman score: 4"));
    // The judge's own score is never shown: the example teaches the people's reading.
    QVERIFY(examplesText({a}, dim).find('5', 110) == std::string::npos);
}

void TestJudgeFewShot::placeholderGoesFirstInTheUserMessage_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("no sections") << "Score {{summary}}."
                                 << "{{examples}}\n\nScore {{summary}}.";
    QTest::newRow("system and user") << "[system]\nBe fair.\n[user]\nScore {{summary}}."
                                     << "[system]\nBe fair.\n[user]\n{{examples}}\n\nScore {{summary}}.";
    QTest::newRow("user marker in capitals") << "[USER]\nScore {{summary}}."
                                             << "[USER]\n{{examples}}\n\nScore {{summary}}.";
    QTest::newRow("placeholder already there") << "Score {{summary}}.\n{{examples}}"
                                               << "Score {{summary}}.\n{{examples}}";
}

void TestJudgeFewShot::placeholderGoesFirstInTheUserMessage()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const auto prompt = PromptTemplate::parse(text.toStdString(), "mine");
    QVERIFY(prompt.ok());
    const auto with = withExamplesPlaceholder(prompt.value(), "mine + corrections");
    QVERIFY2(with.ok(), with.ok() ? "" : with.error().describe().c_str());
    QCOMPARE(QString::fromStdString(with.value().text()), expected);
    const bool unchanged = text == expected;
    QCOMPARE(with.value().name(), std::string(unchanged ? "mine" : "mine + corrections"));
    const auto messages = with.value().fill({{"summary", "S"}, {"examples", "EX"}});
    QVERIFY(messages.ok());
    QVERIFY(messages.value().back().content.find("EX") != std::string::npos);
}

void TestJudgeFewShot::sourceKeepsEverythingInItsSettings()
{
    FewShotSource source;
    source.judge = "v1";
    source.humanGroup = "expert";
    source.perUnit = 2;
    FewShotExample e = example(3, 31, 1);
    e.humanMean = 2.5;
    e.humans = 2;
    e.judgeValue = 5;
    e.explanations = {"Why."};
    source.pool = {e, example(4, 41, 1)};
    const FewShotSource back = fewShotSourceFromJson(nlohmann::json::parse(toJson(source).dump()));
    QCOMPARE(toJson(back).dump(), toJson(source).dump());
    QCOMPARE(back.pool.size(), std::size_t{2});
    QCOMPARE(back.pool[0].explanations, std::vector<std::string>{"Why."});
    nlohmann::json broken = toJson(source);
    broken["pool"][1].erase("summary");
    try {
        fewShotSourceFromJson(broken);
        QFAIL("a pool without a summary was read");
    } catch (const Failure &f) {
        QCOMPARE(f.error().field, std::string("summary"));
    }
}

// A count or an id in damaged settings that is a fraction, negative or beyond its type is refused naming the field
// (it was converted, out of range undefined behaviour, as the fuzzer found).
void TestJudgeFewShot::numbersThatAreNotWholeAreRefused_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("value");
    QTest::addColumn<bool>("inPool");
    QTest::newRow("per_unit beyond any count") << "per_unit"
                                               << "1.84467e+20" << false;
    QTest::newRow("per_unit a fraction") << "per_unit"
                                         << "2.5" << false;
    QTest::newRow("per_unit negative") << "per_unit"
                                       << "-1" << false;
    QTest::newRow("humans beyond any count") << "humans"
                                             << "1e300" << true;
    QTest::newRow("document a fraction") << "document"
                                         << "3.5" << true;
    QTest::newRow("candidate beyond an id") << "candidate"
                                            << "18446744073709551615" << true;
    QTest::newRow("dimension a string") << "dimension"
                                        << "\"1\"" << true;
}

void TestJudgeFewShot::numbersThatAreNotWholeAreRefused()
{
    QFETCH(QString, field);
    QFETCH(QString, value);
    QFETCH(bool, inPool);
    FewShotSource source;
    source.judge = "v1";
    source.humanGroup = "expert";
    source.perUnit = 2;
    source.pool = {example(3, 31, 1)};
    nlohmann::json settings = toJson(source);
    nlohmann::json &object = inPool ? settings["pool"][0] : settings;
    object[field.toStdString()] = nlohmann::json::parse(value.toStdString());
    try {
        fewShotSourceFromJson(settings);
        QFAIL("damaged settings were read");
    } catch (const Failure &f) {
        QCOMPARE(QString::fromStdString(f.error().field), field);
    }
}

reports::CorrectionExamplesRequest TestJudgeFewShot::request(std::size_t perUnit) const
{
    reports::CorrectionExamplesRequest r;
    r.judge = "v1";
    r.humanGroup = "expert";
    r.perUnit = perUnit;
    return r;
}

FewShotSource TestJudgeFewShot::pool(std::size_t perUnit)
{
    auto study = store::Study::open(m_path, {true});
    [&] { QVERIFY(study.ok()); }();
    auto source = reports::correctionExamples(*study.value(), request(perUnit));
    [&] { QVERIFY2(source.ok(), source.ok() ? "" : source.error().describe().c_str()); }();
    return source.ok() ? source.value() : FewShotSource{};
}

void TestJudgeFewShot::poolIsTheDevSplitsLargestDisagreements()
{
    // perUnit 2: three examples. doc4 A (1.0) is test and doc0 B (0.75) shares doc0 with doc0 A (1.0): neither.
    const FewShotSource two = pool(2);
    QCOMPARE(two.judge, std::string("v1"));
    QCOMPARE(two.humanGroup, std::string("expert"));
    QCOMPARE(two.perUnit, std::size_t{2});
    std::vector<Id> candidates;
    for (const auto &e : two.pool)
        candidates.push_back(e.candidate);
    QCOMPARE(candidates, (std::vector<Id>{m_candidates[{0, 0}], m_candidates[{2, 0}], m_candidates[{1, 0}]}));
    QCOMPARE(two.pool[0].summary, summaryText(0, 0));
    QCOMPARE(two.pool[0].humanMean, 1.0);
    QCOMPARE(two.pool[0].humans, std::size_t{2});
    QCOMPARE(two.pool[0].judgeValue, 5.0);
    QCOMPARE(two.pool[0].explanations, std::vector<std::string>{"Sentences jump between topics."});
    QCOMPARE(two.pool[1].explanations, std::vector<std::string>{"Clear and in order."});
    QCOMPARE(two.pool[2].humanMean, 2.5);
    QVERIFY(two.pool[2].explanations.empty());
    // perUnit 3: doc3 B (0.25) joins; the summaries without a disagreement never do.
    const FewShotSource three = pool(3);
    QCOMPARE(three.pool.size(), std::size_t{4});
    QCOMPARE(three.pool[3].candidate, (m_candidates[{3, 1}]));
    for (const auto &e : three.pool)
        QVERIFY(e.document != m_documents[4] && e.document != m_documents[5]);
}

void TestJudgeFewShot::poolRefusesWhatItCannotHonour()
{
    auto study = store::Study::open(m_path);
    QVERIFY(study.ok());
    // Four dev documents with a disagreement: four examples per prompt would need five.
    auto tooMany = reports::correctionExamples(*study.value(), request(4));
    QVERIFY(!tooMany.ok());
    QCOMPARE(tooMany.error().field, std::string("examples"));
    QVERIFY(tooMany.error().message.find("the dev split has 4 documents") != std::string::npos);
    auto none = reports::correctionExamples(*study.value(), request(0));
    QVERIFY(!none.ok());
    auto human = request(2);
    human.judge = "e1";
    human.humanGroup = "crowd";
    QVERIFY(!reports::correctionExamples(*study.value(), human).ok());
    auto dimension = request(2);
    dimension.dimensions = {"fluency"};
    const auto missing = reports::correctionExamples(*study.value(), dimension);
    QVERIFY(!missing.ok());
    QCOMPARE(missing.error().field, std::string("dimension"));
    QVERIFY(study.value()->write([&] { study.value()->replaceDocumentSplits({}); }).ok());
    const auto unsplit = reports::correctionExamples(*study.value(), request(2));
    QVERIFY(!unsplit.ok());
    QCOMPARE(unsplit.error().field, std::string("split"));
}

ProviderConfig TestJudgeFewShot::openAi() const
{
    return {ProviderKind::OpenAI, m_server->baseUrl() + "/v1", "test-model", {}};
}

RunOptions TestJudgeFewShot::options(const std::string &split, std::optional<FewShotSource> examples) const
{
    RunOptions o;
    o.plan.protocol = Protocol::Rts;
    o.plan.split = split;
    o.concurrency = 2;
    o.backoffBaseSeconds = 0.01;
    o.requestTimeoutSeconds = 10;
    o.raterName = "v2";
    o.examples = std::move(examples);
    return o;
}

void TestJudgeFewShot::testRunSeesOnlyDevExamples()
{
    {
        Runner runner(m_path, openAi(), options("test", pool(2)));
        const auto result = runner.run();
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().describe().c_str());
        QCOMPARE(result.value().total, std::size_t{4});
    }
    QCOMPARE(m_server->requestCount(), std::size_t{4});
    std::set<std::string> judged;
    for (const auto &r : m_server->requests()) {
        const std::string body = r.body;
        // Its own summary once; the first two examples of the pool (doc0 A, doc2 A); no other summary at all.
        int own = -1;
        for (int d = 4; d < 6; ++d)
            for (int y = 0; y < 2; ++y)
                if (occurrences(body, summaryText(d, y)) > 0) {
                    QCOMPARE(occurrences(body, summaryText(d, y)), std::size_t{1});
                    QCOMPARE(own, -1);
                    own = d * 2 + y;
                }
        QVERIFY(own >= 0);
        judged.insert(summaryText(own / 2, own % 2));
        QCOMPARE(occurrences(body, summaryText(0, 0)), std::size_t{1});
        QCOMPARE(occurrences(body, summaryText(2, 0)), std::size_t{1});
        for (const auto &[dy, y] : std::vector<std::pair<int, int>>{{0, 1}, {1, 0}, {1, 1}, {2, 1}, {3, 0}, {3, 1}})
            QCOMPARE(occurrences(body, summaryText(dy, y)), std::size_t{0});
        QVERIFY(body.find("Sentences jump between topics.") != std::string::npos);
        QVERIFY(body.find("A test document's reason.") == std::string::npos);
        QVERIFY(body.find("Example 2") != std::string::npos && body.find("Example 3") == std::string::npos);
    }
    QCOMPARE(judged.size(), std::size_t{4});

    // The version is its own template, and the run keeps the examples to resume with exactly the same prompts.
    auto study = store::Study::open(m_path, {true});
    QVERIFY(study.ok());
    auto t = study.value()->database().prepare(
        "SELECT t.name, t.body, r.id FROM judge_runs r JOIN prompt_templates t ON t.id = r.template_id");
    QVERIFY(t.step());
    QVERIFY(t.textAt(0).ends_with(" + corrections from v1"));
    QVERIFY(t.textAt(1).find("{{examples}}") != std::string::npos);
    const long long run = t.int64At(2);
    const auto resumed = resumeSettings(m_path, run);
    QVERIFY2(resumed.ok(), resumed.ok() ? "" : resumed.error().describe().c_str());
    QVERIFY(resumed.value().options.examples.has_value());
    QCOMPARE(toJson(*resumed.value().options.examples).dump(), toJson(pool(2)).dump());
    QCOMPARE(resumed.value().options.plan.split, std::string("test"));
    QCOMPARE(resumed.value().options.templateName, t.textAt(0));

    // Asked again, the same prompts are answered from the study: nothing is sent.
    m_server->reset();
    Runner again(m_path, openAi(), resumed.value().options);
    const auto rerun = again.run();
    QVERIFY(rerun.ok());
    QCOMPARE(rerun.value().cached, std::size_t{4});
    QCOMPARE(m_server->requestCount(), std::size_t{0});
}

void TestJudgeFewShot::devRunNeverSeesItsOwnDocument()
{
    {
        Runner runner(m_path, openAi(), options("dev", pool(2)));
        const auto result = runner.run();
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().describe().c_str());
    }
    QCOMPARE(m_server->requestCount(), std::size_t{8});
    for (const auto &r : m_server->requests()) {
        int document = -1;
        for (int d = 0; d < 4; ++d)
            if (r.body.find("Council " + std::to_string(d) + " voted") != std::string::npos)
                document = d;
        QVERIFY(document >= 0);
        // The unit's own summary once, its document's other summary never, and two examples from other documents.
        std::size_t fromItsDocument = 0, fromOthers = 0;
        for (int d = 0; d < 6; ++d)
            for (int y = 0; y < 2; ++y)
                (d == document ? fromItsDocument : fromOthers) += occurrences(r.body, summaryText(d, y));
        QCOMPARE(fromItsDocument, std::size_t{1});
        QCOMPARE(fromOthers, std::size_t{2});
        QVERIFY(occurrences(r.body, summaryText(4, 0)) == 0 && occurrences(r.body, summaryText(5, 0)) == 0);
    }
}

void TestJudgeFewShot::runRefusesExamplesOutsideDev()
{
    const FewShotSource examples = pool(2);
    // The split made again with doc2 on test: its summary, an example, would now be a test document.
    {
        auto study = store::Study::open(m_path);
        QVERIFY(study.ok());
        auto splits = study.value()->documentSplits();
        splits[m_documents[2]] = "test";
        QVERIFY(study.value()->write([&] { study.value()->replaceDocumentSplits(splits); }).ok());
    }
    {
        Runner runner(m_path, openAi(), options("test", examples));
        const auto result = runner.run();
        QVERIFY(!result.ok());
        QCOMPARE(result.error().field, std::string("examples"));
        QVERIFY(result.error().message.find("not in the dev split") != std::string::npos);
    }
    // A template that asks for examples, without any: refused too; and a protocol of pairs takes none.
    {
        RunOptions o = options("test", std::nullopt);
        o.templateText = "Score {{summary}} on {{dimension}}.\n{{examples}}";
        Runner runner(m_path, openAi(), o);
        const auto result = runner.run();
        QVERIFY(!result.ok());
        QCOMPARE(result.error().field, std::string("examples"));
    }
    QVERIFY(!takesExamples(Protocol::H2h));
    QVERIFY(!takesExamples(Protocol::LikertMulti));
    QVERIFY(takesExamples(Protocol::Geval));
    QCOMPARE(m_server->requestCount(), std::size_t{0});
}

QTEST_GUILESS_MAIN(TestJudgeFewShot)
#include "tst_judge_few_shot.moc"

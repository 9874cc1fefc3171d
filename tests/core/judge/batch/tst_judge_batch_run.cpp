// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A judge run through the providers' batch APIs, end to end against the local test server's stand-ins of both: the
// requests recorded and submitted in batches within the limits, nothing sent online meanwhile, every result stored
// once at the batch price, failed requests named and sent online by resuming, a batch cut off while being
// submitted found again by its token or forgotten when it never arrived, and a server without a batch API judged
// online.
#include "fake_batch_service.h"
#include "judge/runner.h"
#include "judge_study.h"
#include "model/json_text.h"
#include "store/study.h"
#include "test_llm_server.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <set>

using namespace concord;
using namespace concord::judge;
using concord::test::FakeBatchService;
using concord::test::JudgeStudy;
using concord::test::RecordedRequest;
using concord::test::Reply;
using concord::test::TestLlmServer;
using nlohmann::json;

namespace {

constexpr const char *kKeyVar = "CONCORD_TEST_BATCH_RUN_KEY";
constexpr const char *kRater = "batch-judge";

std::string openAiAnswer(const std::string &text)
{
    return json{{"id", "c"},
                {"object", "chat.completion"},
                {"choices", {{{"index", 0}, {"message", {{"role", "assistant"}, {"content", text}}}}}},
                {"usage", {{"prompt_tokens", 100}, {"completion_tokens", 20}}}}
        .dump();
}

std::string anthropicAnswer(const std::string &text)
{
    return json{{"id", "m"},
                {"type", "message"},
                {"content", {{{"type", "text"}, {"text", text}}}},
                {"usage", {{"input_tokens", 100}, {"output_tokens", 20}}}}
        .dump();
}

// The judge tests' study behind a server that answers both batch APIs and, online, every chat request.
struct Fixture {
    QTemporaryDir dir;
    std::string study;
    TestLlmServer server;
    FakeBatchService batches{server};
    std::atomic<int> online{0};
    // When set, how the server treats a batch creation (e.g. the answer lost on its way back).
    std::function<std::optional<Reply>(const RecordedRequest &)> creation;

    explicit Fixture(ProviderKind kind)
    {
        study = dir.filePath(QStringLiteral("study.concord")).toStdString();
        if (!JudgeStudy::create(QString::fromStdString(study)).isEmpty())
            return;
        server.setHandler([this, kind](const RecordedRequest &r) {
            const bool creating = r.method == "POST" && (r.path == "/v1/batches" || r.path == "/v1/messages/batches");
            if (creating && creation)
                if (auto reply = creation(r))
                    return *reply;
            if (auto reply = batches.handle(r))
                return *reply;
            ++online;
            if (kind == ProviderKind::Ollama)
                return Reply::ollama("Score: 4");
            return kind == ProviderKind::Anthropic ? Reply::anthropic({"Score: 4"}) : Reply::openAi("Score: 4");
        });
        if (server.start() == 0)
            study.clear();
        batches.setAnswer([kind](const std::string &, const std::string &) {
            return FakeBatchService::Outcome{"succeeded", 200,
                                             kind == ProviderKind::Anthropic ? anthropicAnswer("Score: 3")
                                                                             : openAiAnswer("Score: 3")};
        });
        m_kind = kind;
    }

    ProviderConfig provider() const { return {m_kind, server.baseUrl() + "/v1", "test-model", kKeyVar}; }

    RunOptions options(bool batch) const
    {
        RunOptions o;
        o.plan.protocol = Protocol::Rts;
        o.raterName = kRater;
        o.concurrency = 4;
        o.batch = batch;
        o.price = {2.0, 10.0};
        o.backoffBaseSeconds = 0.01;
        return o;
    }

    Result<RunProgress> judge(bool batch, std::size_t maxRequests = 0)
    {
        RunOptions o = options(batch);
        o.batchLimits.maxRequests = maxRequests;
        Runner runner(study, provider(), o);
        return runner.run();
    }

    // As concord-cli batches --poll does it: the run's own settings, read back.
    Result<std::string> cancel(long long run, long long batch)
    {
        auto settings = resumeSettings(study, run);
        if (!settings)
            return settings.error();
        Runner runner(study, settings.value().provider, settings.value().options);
        return runner.cancelBatch(run, batch);
    }

    Result<BatchCollection> poll(long long run)
    {
        auto settings = resumeSettings(study, run);
        if (!settings)
            return settings.error();
        Runner runner(study, settings.value().provider, settings.value().options);
        return runner.collectBatches(run);
    }

    void finishAll()
    {
        for (const auto &b : batches.batches())
            if (b.state != "completed" && b.state != "ended")
                batches.setState(b.id, m_kind == ProviderKind::Anthropic ? "ended" : "completed");
    }

    std::unique_ptr<store::Study> open() const
    {
        auto s = store::Study::open(study);
        return s ? std::move(s.value()) : nullptr;
    }

    std::vector<model::JudgeCall> calls() const
    {
        auto s = open();
        const auto rater = s->raterId(kRater);
        return rater ? s->judgeCalls(*rater, "rts") : std::vector<model::JudgeCall>{};
    }

    std::string runStatus(long long run) const
    {
        for (const auto &r : open()->judgeRuns())
            if (r.id == run)
                return r.status;
        return {};
    }

private:
    ProviderKind m_kind = ProviderKind::OpenAI;
};

QString text(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace

class TestJudgeBatchRun : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void storesEveryResultOnce_data();
    void storesEveryResultOnce();
    void splitByTheLimit();
    void onlineRunLeavesWaitingRequestsAlone();
    void failedRequestsAreNamedAndSentOnlineOnResume();
    void cutOffWhileSubmitting_data();
    void cutOffWhileSubmitting();
    void serverWithoutBatchApiIsJudgedOnline();
    void ollamaIsJudgedOnline();
    void refusedWhereAnswersDecideTheNextRequest_data();
    void refusedWhereAnswersDecideTheNextRequest();
    void cancelsOneBatch_data();
    void cancelsOneBatch();
    void filesThatCannotBeDeletedAreNamed();
};

void TestJudgeBatchRun::initTestCase()
{
    qputenv(kKeyVar, "sk-batch-run-0123456789");
}

void TestJudgeBatchRun::storesEveryResultOnce_data()
{
    QTest::addColumn<ProviderKind>("kind");
    QTest::newRow("openai") << ProviderKind::OpenAI;
    QTest::newRow("anthropic") << ProviderKind::Anthropic;
}

void TestJudgeBatchRun::storesEveryResultOnce()
{
    QFETCH(ProviderKind, kind);
    Fixture f(kind);
    QVERIFY(!f.study.empty());
    const auto submitted = f.judge(true);
    QVERIFY2(submitted, submitted ? "" : submitted.error().describe().c_str());
    QCOMPARE(submitted.value().batched, std::size_t(JudgeStudy::calls));
    QCOMPARE(submitted.value().batches, std::size_t(1));
    QCOMPARE(f.online.load(), 0);
    QCOMPARE(f.batches.requestsSubmitted(), std::size_t(JudgeStudy::calls));
    const long long run = submitted.value().run;
    QCOMPARE(text(f.runStatus(run)), QStringLiteral("interrupted")); // waiting for its batch
    {
        const auto recorded = f.open()->judgeBatches(run);
        QCOMPARE(recorded.size(), std::size_t(1));
        QCOMPARE(recorded[0].requests, std::size_t(JudgeStudy::calls));
        QVERIFY(!recorded[0].remoteId.empty());
        QCOMPARE(text(recorded[0].provider),
                 kind == ProviderKind::OpenAI ? QStringLiteral("openai") : QStringLiteral("anthropic"));
    }

    // Still with the provider: nothing stored, nothing downloaded.
    auto early = f.poll(run);
    QVERIFY2(early, early ? "" : early.error().describe().c_str());
    QCOMPARE(early.value().open, std::size_t(1));
    QCOMPARE(early.value().fetched, std::size_t(0));
    QCOMPARE(f.calls().size(), std::size_t(0));
    QCOMPARE(f.batches.resultDownloads(), std::size_t(0));

    f.finishAll();
    auto done = f.poll(run);
    QVERIFY2(done, done ? "" : done.error().describe().c_str());
    QCOMPARE(done.value().fetched, std::size_t(1));
    QCOMPARE(done.value().answered, std::size_t(JudgeStudy::calls));
    QCOMPARE(done.value().unanswered, std::size_t(0));
    auto calls = f.calls();
    QCOMPARE(calls.size(), std::size_t(JudgeStudy::calls));
    for (const auto &c : calls) {
        QVERIFY(c.valid);
        QVERIFY(c.error.empty());
        QCOMPARE(c.runId, run);
        QCOMPARE(c.tokensIn, 100);
        QCOMPARE(c.tokensOut, 20);
        // Half of (100 × 2 + 20 × 10) per million tokens.
        QVERIFY(std::abs(c.cost - 0.5 * (100 * 2.0 + 20 * 10.0) / 1e6) < 1e-12);
        QVERIFY2(model::JsonText::parseOrDiscarded(c.parsed).value("score", 0.0) == 3.0, c.parsed.c_str());
    }
    QCOMPARE(text(f.runStatus(run)), QStringLiteral("finished"));
    QCOMPARE(text(f.open()->judgeBatches(run).at(0).state), QStringLiteral("fetched"));
    if (kind == ProviderKind::OpenAI) {
        // The uploaded requests and the output and error files, deleted once the results were stored.
        QCOMPARE(f.batches.filesKept(), std::size_t(0));
        QCOMPARE(f.batches.filesDeleted(), std::size_t(3));
    }

    // Polled again, and judged again: nothing is stored twice, nothing sent or read again.
    const std::size_t downloads = f.batches.resultDownloads();
    QVERIFY(downloads >= 1);
    auto again = f.poll(run);
    QVERIFY(again);
    QCOMPARE(again.value().fetched, std::size_t(0));
    QCOMPARE(f.batches.resultDownloads(), downloads);
    const auto rerun = f.judge(true);
    QVERIFY2(rerun, rerun ? "" : rerun.error().describe().c_str());
    QCOMPARE(rerun.value().batched, std::size_t(0));
    QCOMPARE(rerun.value().cached, std::size_t(JudgeStudy::calls));
    QCOMPARE(f.calls().size(), std::size_t(JudgeStudy::calls));
    QCOMPARE(f.batches.requestsSubmitted(), std::size_t(JudgeStudy::calls));
    QCOMPARE(f.online.load(), 0);
}

void TestJudgeBatchRun::splitByTheLimit()
{
    Fixture f(ProviderKind::OpenAI);
    QVERIFY(!f.study.empty());
    const auto submitted = f.judge(true, 5);
    QVERIFY2(submitted, submitted ? "" : submitted.error().describe().c_str());
    QCOMPARE(submitted.value().batches, std::size_t(3));
    const auto recorded = f.open()->judgeBatches(submitted.value().run);
    QCOMPARE(recorded.size(), std::size_t(3));
    QCOMPARE(recorded[0].requests, std::size_t(5));
    QCOMPARE(recorded[1].requests, std::size_t(5));
    QCOMPARE(recorded[2].requests, std::size_t(2));
    QCOMPARE(f.batches.batches().size(), std::size_t(3));
    // Planned and submitted a batch at a time, the requests' custom ids are still unique over the run.
    std::set<std::string> customIds;
    for (const auto &b : f.batches.batches())
        for (const auto &r : b.requests)
            customIds.insert(r.first);
    QCOMPARE(customIds.size(), std::size_t(JudgeStudy::calls));

    // Two of three ended: those are stored, the run waits for the third.
    const auto remote = f.batches.batches();
    f.batches.setState(remote[0].id, "completed");
    f.batches.setState(remote[2].id, "completed");
    auto partly = f.poll(submitted.value().run);
    QVERIFY2(partly, partly ? "" : partly.error().describe().c_str());
    QCOMPARE(partly.value().fetched, std::size_t(2));
    QCOMPARE(partly.value().open, std::size_t(1));
    QCOMPARE(f.calls().size(), std::size_t(7));
    QCOMPARE(text(f.runStatus(submitted.value().run)), QStringLiteral("interrupted"));
    f.batches.setState(remote[1].id, "completed");
    auto rest = f.poll(submitted.value().run);
    QVERIFY(rest);
    QCOMPARE(rest.value().fetched, std::size_t(1));
    QCOMPARE(f.calls().size(), std::size_t(JudgeStudy::calls));
    QCOMPARE(text(f.runStatus(submitted.value().run)), QStringLiteral("finished"));
}

void TestJudgeBatchRun::onlineRunLeavesWaitingRequestsAlone()
{
    Fixture f(ProviderKind::OpenAI);
    QVERIFY(!f.study.empty());
    QVERIFY(f.judge(true, 5));
    // The judge run online meanwhile: what waits in a batch would be paid twice, so it is not sent.
    const auto online = f.judge(false);
    QVERIFY2(online, online ? "" : online.error().describe().c_str());
    QCOMPARE(online.value().inBatches, std::size_t(JudgeStudy::calls));
    QCOMPARE(online.value().sent, std::size_t(0));
    QCOMPARE(f.online.load(), 0);
    QCOMPARE(f.calls().size(), std::size_t(0));
}

void TestJudgeBatchRun::failedRequestsAreNamedAndSentOnlineOnResume()
{
    Fixture f(ProviderKind::OpenAI);
    QVERIFY(!f.study.empty());
    f.batches.setAnswer([](const std::string &id, const std::string &) {
        if (id == "r3")
            return FakeBatchService::Outcome{"errored", 400, "the prompt is too long"};
        if (id == "r7")
            return FakeBatchService::Outcome{"expired", 0, ""};
        return FakeBatchService::Outcome{"succeeded", 200, openAiAnswer("Score: 2")};
    });
    const auto submitted = f.judge(true);
    QVERIFY(submitted);
    f.finishAll();
    auto done = f.poll(submitted.value().run);
    QVERIFY2(done, done ? "" : done.error().describe().c_str());
    QCOMPARE(done.value().answered, std::size_t(JudgeStudy::calls - 2));
    QCOMPARE(done.value().unanswered, std::size_t(2));
    QString notes;
    for (const auto &n : done.value().notes)
        notes += text(n) + QLatin1Char('\n');
    QVERIFY2(notes.contains(QStringLiteral("2 calls of run")), qPrintable(notes));
    QStringList errors;
    for (const auto &c : f.calls())
        if (!c.error.empty())
            errors << text(c.error);
    errors.sort();
    QCOMPARE(errors.size(), 2);
    QVERIFY2(errors[0].contains(QStringLiteral("request r3")) && errors[0].contains(QStringLiteral("errored"))
                 && errors[0].contains(QStringLiteral("the prompt is too long")),
             qPrintable(errors.join(QLatin1Char('\n'))));
    QVERIFY2(errors[1].contains(QStringLiteral("request r7")) && errors[1].contains(QStringLiteral("expired")),
             qPrintable(errors.join(QLatin1Char('\n'))));
    QCOMPARE(text(f.runStatus(submitted.value().run)), QStringLiteral("interrupted"));

    // Resumed online: only the two are sent.
    const auto resumed = f.judge(false);
    QVERIFY2(resumed, resumed ? "" : resumed.error().describe().c_str());
    QCOMPARE(resumed.value().run, submitted.value().run);
    QCOMPARE(resumed.value().sent, std::size_t(2));
    QCOMPARE(f.online.load(), 2);
    QCOMPARE(text(f.runStatus(submitted.value().run)), QStringLiteral("finished"));
}

void TestJudgeBatchRun::cutOffWhileSubmitting_data()
{
    QTest::addColumn<bool>("arrived");
    QTest::newRow("the answer lost on its way back") << true;
    QTest::newRow("never reached the provider") << false;
}

void TestJudgeBatchRun::cutOffWhileSubmitting()
{
    QFETCH(bool, arrived);
    Fixture f(ProviderKind::OpenAI);
    QVERIFY(!f.study.empty());
    // The connection breaks as the batch is created: whether the server made it, the client cannot tell.
    f.creation = [&f, arrived](const RecordedRequest &r) -> std::optional<Reply> {
        if (arrived)
            (void)f.batches.handle(r);
        return Reply::openAiError(502, "bad gateway", "server_error");
    };
    const auto cut = f.judge(true);
    QVERIFY(!cut);
    f.creation = nullptr;
    long long run = 0;
    {
        const auto recorded = f.open()->judgeBatches();
        QCOMPARE(recorded.size(), std::size_t(1));
        QCOMPARE(text(recorded[0].state), QStringLiteral("submitting"));
        QVERIFY(recorded[0].remoteId.empty());
        run = recorded[0].runId;
    }
    QCOMPARE(f.batches.batches().size(), std::size_t(arrived ? 1 : 0));
    // Meanwhile an online run leaves the recorded requests alone: they may be paid for already.
    const auto online = f.judge(false);
    QVERIFY(online);
    QCOMPARE(online.value().inBatches, std::size_t(JudgeStudy::calls));
    QCOMPARE(f.online.load(), 0);

    f.finishAll();
    auto polled = f.poll(run);
    QVERIFY2(polled, polled ? "" : polled.error().describe().c_str());
    if (arrived) {
        // Found by its token, adopted and fetched: every request sent once, every result stored once.
        QCOMPARE(polled.value().fetched, std::size_t(1));
        QCOMPARE(polled.value().answered, std::size_t(JudgeStudy::calls));
        QCOMPARE(f.calls().size(), std::size_t(JudgeStudy::calls));
        QCOMPARE(f.batches.requestsSubmitted(), std::size_t(JudgeStudy::calls));
        QCOMPARE(text(f.runStatus(run)), QStringLiteral("finished"));
    } else {
        // Not at the provider: forgotten, and the next run sends its requests.
        QCOMPARE(polled.value().forgotten, std::size_t(1));
        QVERIFY(f.open()->judgeBatches().empty());
        const auto resumed = f.judge(false);
        QVERIFY(resumed);
        QCOMPARE(resumed.value().sent, std::size_t(JudgeStudy::calls));
        QCOMPARE(f.calls().size(), std::size_t(JudgeStudy::calls));
    }
}

void TestJudgeBatchRun::serverWithoutBatchApiIsJudgedOnline()
{
    Fixture f(ProviderKind::OpenAI);
    QVERIFY(!f.study.empty());
    f.batches.failEveryRequest(404);
    const auto result = f.judge(true);
    QVERIFY2(result, result ? "" : result.error().describe().c_str());
    QVERIFY2(text(result.value().fallback).contains(QStringLiteral("no batch API"))
                 && text(result.value().fallback).contains(QStringLiteral("judged online")),
             result.value().fallback.c_str());
    QCOMPARE(result.value().batched, std::size_t(0));
    QCOMPARE(result.value().sent, std::size_t(JudgeStudy::calls));
    QCOMPARE(f.online.load(), JudgeStudy::calls);
    QCOMPARE(f.calls().size(), std::size_t(JudgeStudy::calls));
    QVERIFY(f.open()->judgeBatches().empty());
    QCOMPARE(text(f.runStatus(result.value().run)), QStringLiteral("finished"));
}

void TestJudgeBatchRun::ollamaIsJudgedOnline()
{
    Fixture f(ProviderKind::Ollama);
    QVERIFY(!f.study.empty());
    const auto result = f.judge(true);
    QVERIFY2(result, result ? "" : result.error().describe().c_str());
    QVERIFY2(text(result.value().fallback).contains(QStringLiteral("Ollama has no batch API"))
                 && text(result.value().fallback).contains(QStringLiteral("judged online")),
             result.value().fallback.c_str());
    QCOMPARE(result.value().sent, std::size_t(JudgeStudy::calls));
    QCOMPARE(f.calls().size(), std::size_t(JudgeStudy::calls));
    QVERIFY(f.open()->judgeBatches().empty());
}

void TestJudgeBatchRun::refusedWhereAnswersDecideTheNextRequest_data()
{
    QTest::addColumn<bool>("geval");
    QTest::newRow("geval") << true;
    QTest::newRow("re-asking") << false;
}

void TestJudgeBatchRun::refusedWhereAnswersDecideTheNextRequest()
{
    QFETCH(bool, geval);
    Fixture f(ProviderKind::OpenAI);
    QVERIFY(!f.study.empty());
    RunOptions o = f.options(true);
    if (geval)
        o.plan.protocol = Protocol::Geval;
    else
        o.reaskInvalid = 1;
    Runner runner(f.study, f.provider(), o);
    const auto result = runner.run();
    QVERIFY(!result);
    QCOMPARE(text(result.error().field), QStringLiteral("batch"));
    QCOMPARE(f.server.requestCount(), std::size_t(0));
    QVERIFY(f.open()->judgeBatches().empty());
}

void TestJudgeBatchRun::cancelsOneBatch_data()
{
    QTest::addColumn<ProviderKind>("kind");
    QTest::addColumn<QString>("asked");
    QTest::newRow("openai") << ProviderKind::OpenAI << QStringLiteral("cancelling");
    QTest::newRow("anthropic") << ProviderKind::Anthropic << QStringLiteral("canceling");
}

// One of three batches cancelled: the provider asked, the study records its state, the run keeps waiting for its
// batches, and the other two are still fetched; a batch that is over, or not the run's, is refused by name.
void TestJudgeBatchRun::cancelsOneBatch()
{
    QFETCH(ProviderKind, kind);
    QFETCH(QString, asked);
    Fixture f(kind);
    QVERIFY(!f.study.empty());
    const auto submitted = f.judge(true, 5);
    QVERIFY2(submitted, submitted ? "" : submitted.error().describe().c_str());
    const long long run = submitted.value().run;
    const auto recorded = f.open()->judgeBatches(run);
    QCOMPARE(recorded.size(), std::size_t(3));

    const auto cancelled = f.cancel(run, recorded[1].id);
    QVERIFY2(cancelled, cancelled ? "" : cancelled.error().describe().c_str());
    QCOMPARE(text(cancelled.value()), QStringLiteral("cancelling"));
    QCOMPARE(text(f.batches.batches().at(1).state), asked); // as the provider spells it
    QCOMPARE(text(f.open()->judgeBatches(run).at(1).state), QStringLiteral("cancelling"));
    QCOMPARE(text(f.runStatus(run)), QStringLiteral("interrupted")); // still waiting for its batches

    const auto remote = f.batches.batches();
    const char *final = kind == ProviderKind::Anthropic ? "ended" : "completed";
    f.batches.setState(remote[0].id, final);
    f.batches.setState(remote[2].id, final);
    auto polled = f.poll(run);
    QVERIFY2(polled, polled ? "" : polled.error().describe().c_str());
    QCOMPARE(polled.value().fetched, std::size_t(2));
    QCOMPARE(polled.value().open, std::size_t(1));
    QCOMPARE(f.calls().size(), std::size_t(7));

    const auto over = f.cancel(run, recorded[0].id);
    QVERIFY(!over);
    QVERIFY2(text(over.error().message).contains(QStringLiteral("is over")), over.error().describe().c_str());
    const auto unknown = f.cancel(run, recorded[2].id + 100);
    QVERIFY(!unknown);
    QVERIFY2(text(unknown.error().message).contains(QStringLiteral("has no batch")),
             unknown.error().describe().c_str());
    QCOMPARE(text(f.runStatus(run)), QStringLiteral("interrupted"));
    QCOMPARE(f.online.load(), 0);
}

// A provider that refuses to delete a fetched batch's files: the results are stored all the same, and the poll says
// which batch's files are left, and where to delete them.
void TestJudgeBatchRun::filesThatCannotBeDeletedAreNamed()
{
    Fixture f(ProviderKind::OpenAI);
    QVERIFY(!f.study.empty());
    const auto submitted = f.judge(true);
    QVERIFY(submitted);
    f.finishAll();
    f.batches.failFileDeletes(500);
    const auto done = f.poll(submitted.value().run);
    QVERIFY2(done, done ? "" : done.error().describe().c_str());
    QCOMPARE(done.value().answered, std::size_t(JudgeStudy::calls));
    QCOMPARE(f.calls().size(), std::size_t(JudgeStudy::calls));
    QString notes;
    for (const auto &n : done.value().notes)
        notes += text(n) + QLatin1Char('\n');
    QVERIFY2(notes.contains(QStringLiteral("files could not be deleted at openai"))
                 && notes.contains(QStringLiteral("the file could not be deleted"))
                 && notes.contains(QStringLiteral("console")),
             qPrintable(notes));
    QCOMPARE(f.batches.filesDeleted(), std::size_t(0));
    QCOMPARE(f.batches.filesKept(), std::size_t(3));
    QCOMPARE(text(f.runStatus(submitted.value().run)), QStringLiteral("finished"));
}

QTEST_GUILESS_MAIN(TestJudgeBatchRun)
#include "tst_judge_batch_run.moc"

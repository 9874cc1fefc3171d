// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Judge runs against a study another connection holds (a long import) and against each other: answers
// already paid for are stored once the study is free, or kept in the spill beside it and stored by the
// next run without sending again; two runs of one judge never pay twice; a run whose process died
// reads interrupted and is resumed under its id.
#include "judge/answer_spill.h"
#include "judge/runner.h"
#include "store/study.h"
#include "test_llm_server.h"

#include <QDateTime>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <future>
#include <thread>

using namespace concord;
using namespace concord::judge;
using concord::test::Reply;
using concord::test::TestLlmServer;
using model::Id;

class TestJudgeRunSafety : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void busyStudyIsWaitedFor();
    void studyBusyBeyondTheWaitKeepsAnswersInTheSpill();
    void twoRunsOfOneJudgeAtOnceNeverPayTwice();
    void runOfAKilledProcessReadsInterruptedAndIsResumed();
    void resumeSettingsGiveBackTheRun();
    void olderStudyKeepsItsRunsAndCalls();
    void teamStudySpillsToTheStateFolder();

private:
    RunOptions options() const;
    ProviderConfig openAi() const;
    std::size_t countRows(const char *sql);

    QTemporaryDir m_dir;
    std::string m_path;
    std::unique_ptr<TestLlmServer> m_server;
};

namespace {

// A second connection that holds the study's write lock (BEGIN IMMEDIATE) until released.
class StudyLock {
public:
    explicit StudyLock(const std::string &path)
        : m_db(path, store::Database::Mode::ReadWrite)
    {
        m_db.exec("BEGIN IMMEDIATE");
    }
    ~StudyLock() { release(); }
    void release()
    {
        if (m_db.inTransaction())
            m_db.exec("ROLLBACK");
    }

private:
    store::Database m_db;
};

} // namespace

void TestJudgeRunSafety::init()
{
    m_path = m_dir.filePath(QStringLiteral("study-%1.concord").arg(QDateTime::currentMSecsSinceEpoch())).toStdString();
    auto created = store::Study::create(m_path);
    QVERIFY(created.ok());
    store::Study &s = *created.value();
    QVERIFY(s.write([&] {
                 for (int d = 0; d < 2; ++d) {
                     model::Document doc;
                     doc.externalId = "doc" + std::to_string(d);
                     doc.source = "Council " + std::to_string(d) + " voted to build a market hall.";
                     const Id id = s.addDocument(doc);
                     for (const char *system : {"sysA", "sysB", "sysC"})
                         s.addCandidate(id, s.ensureSystem(system),
                                        std::string(system) + " says council " + std::to_string(d) + " voted.");
                 }
                 for (const char *name : {"coherence", "relevance"}) {
                     model::Dimension dim;
                     dim.name = name;
                     dim.definition = std::string("How good the summary is on ") + name + ".";
                     s.ensureDimension(dim);
                 }
             }).ok());
    m_server = std::make_unique<TestLlmServer>();
    QVERIFY(m_server->start() > 0);
}

ProviderConfig TestJudgeRunSafety::openAi() const
{
    return {ProviderKind::OpenAI, m_server->baseUrl() + "/v1", "test-model", {}};
}

RunOptions TestJudgeRunSafety::options() const
{
    RunOptions o;
    o.plan.protocol = Protocol::Rts; // 2 documents × 3 summaries × 2 dimensions: 12 distinct prompts
    o.concurrency = 4;
    o.backoffBaseSeconds = 0.01;
    o.backoffMaxSeconds = 0.05;
    o.requestTimeoutSeconds = 10;
    o.raterName = "judge";
    return o;
}

std::size_t TestJudgeRunSafety::countRows(const char *sql)
{
    auto study = store::Study::open(m_path, {true});
    auto s = study.value()->database().prepare(sql);
    s.step();
    return static_cast<std::size_t>(s.int64At(0));
}

void TestJudgeRunSafety::busyStudyIsWaitedFor()
{
    // Another program takes the study as the first request goes out and holds it past SQLite's busy
    // timeout (2 s): until the run says it waits for the study.
    std::promise<void> firstRequest;
    std::atomic<bool> signalled{false};
    m_server->setHandler([&](const test::RecordedRequest &) {
        if (!signalled.exchange(true))
            firstRequest.set_value();
        Reply r = Reply::openAi("Score: 4");
        r.delayMs = 300;
        return r;
    });
    std::promise<void> waiting;
    std::atomic<bool> sawWaiting{false};
    RunOptions o = options();
    o.busyWaitSeconds = 60;
    Runner runner(m_path, openAi(), o);
    std::future<Result<RunProgress>> done = std::async(std::launch::async, [&] {
        return runner.run([&](const RunProgress &p) {
            if (p.status.find("study busy, waiting") != std::string::npos && !sawWaiting.exchange(true))
                waiting.set_value();
        });
    });
    QVERIFY(firstRequest.get_future().wait_for(std::chrono::seconds(30)) == std::future_status::ready);
    {
        StudyLock lock(m_path);
        QVERIFY(waiting.get_future().wait_for(std::chrono::seconds(30)) == std::future_status::ready);
    }
    const auto result = done.get();
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
    QCOMPARE(result.value().done, std::size_t{12});
    QCOMPARE(m_server->requestCount(), std::size_t{12});
    QCOMPARE(countRows("SELECT COUNT(*) FROM ratings"), std::size_t{12});
    QCOMPARE(countRows("SELECT COUNT(*) FROM judge_runs WHERE status = 'finished'"), std::size_t{1});
    QVERIFY(!QFile::exists(QString::fromStdString(AnswerSpill::pathFor(m_path))));
}

void TestJudgeRunSafety::studyBusyBeyondTheWaitKeepsAnswersInTheSpill()
{
    std::promise<void> firstRequest;
    std::atomic<bool> signalled{false};
    m_server->setHandler([&](const test::RecordedRequest &) {
        if (!signalled.exchange(true))
            firstRequest.set_value();
        Reply r = Reply::openAi("Score: 2");
        r.delayMs = 300;
        return r;
    });
    RunOptions o = options();
    o.busyWaitSeconds = 0.5;
    Runner runner(m_path, openAi(), o);
    std::future<Result<RunProgress>> done = std::async(std::launch::async, [&] { return runner.run(); });
    QVERIFY(firstRequest.get_future().wait_for(std::chrono::seconds(30)) == std::future_status::ready);
    std::size_t paid = 0;
    {
        // Held until the run has given up.
        StudyLock lock(m_path);
        const auto result = done.get();
        QVERIFY(!result.ok());
        const std::string &why = result.error().message;
        QVERIFY2(why.find("locked by another program") != std::string::npos, why.c_str());
        QVERIFY2(why.find(".pending") != std::string::npos, why.c_str());
        paid = m_server->requestCount();
    }
    AnswerSpill spill(m_path);
    spill.load();
    // Every request that was answered is in the spill: those stored before the lock, none.
    QVERIFY(paid > 0);
    QCOMPARE(spill.size() + countRows("SELECT COUNT(*) FROM judge_calls"), paid);
    QVERIFY(spill.size() > 0);
    {
        auto study = store::Study::open(m_path, {true});
        const auto runs = study.value()->judgeRuns();
        QCOMPARE(runs.size(), std::size_t{1});
        QCOMPARE(runs.front().status, std::string("interrupted"));
    }

    // The study is free again: the re-run pays only for what was never answered.
    m_server->reset();
    Runner again(m_path, openAi(), options());
    const auto result = again.run();
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
    QCOMPARE(m_server->requestCount(), std::size_t{12} - paid);
    QCOMPARE(countRows("SELECT COUNT(*) FROM ratings"), std::size_t{12});
    QCOMPARE(countRows("SELECT COUNT(*) FROM judge_calls"), std::size_t{12});
    // Resumed under the same id, and the spill is gone.
    QCOMPARE(countRows("SELECT COUNT(*) FROM judge_runs"), std::size_t{1});
    QCOMPARE(countRows("SELECT COUNT(*) FROM judge_runs WHERE status = 'finished'"), std::size_t{1});
    QVERIFY(!QFile::exists(QString::fromStdString(AnswerSpill::pathFor(m_path))));
}

void TestJudgeRunSafety::twoRunsOfOneJudgeAtOnceNeverPayTwice()
{
    m_server->setHandler([](const test::RecordedRequest &) {
        Reply r = Reply::openAi("Score: 3");
        r.delayMs = 100;
        return r;
    });
    Runner first(m_path, openAi(), options());
    Runner second(m_path, openAi(), options());
    auto a = std::async(std::launch::async, [&] { return first.run(); });
    auto b = std::async(std::launch::async, [&] { return second.run(); });
    const auto ra = a.get();
    const auto rb = b.get();
    QCOMPARE(int(ra.ok()) + int(rb.ok()), 1);
    const std::string why = ra.ok() ? rb.error().message : ra.error().message;
    QVERIFY2(why.find("the judge 'judge' is already running on this study: run 1, pid "
                      + std::to_string(QCoreApplication::applicationPid()))
                 != std::string::npos,
             why.c_str());
    QVERIFY2(why.find("started ") != std::string::npos, why.c_str());
    QCOMPARE(m_server->requestCount(), std::size_t{12});
    // Once the first is done, the judge runs again and finds everything answered.
    Runner third(m_path, openAi(), options());
    QVERIFY(third.run().ok());
    QCOMPARE(m_server->requestCount(), std::size_t{12});
}

void TestJudgeRunSafety::runOfAKilledProcessReadsInterruptedAndIsResumed()
{
    // A process that ran the judge and is gone: its pid no longer names it.
    QProcess gone;
    gone.start(QStringLiteral("true"), {});
    QVERIFY(gone.waitForFinished(10000));
    const qint64 deadPid = gone.processId() ? gone.processId() : 0;
    Id run = 0;
    {
        auto study = store::Study::open(m_path);
        store::Study &s = *study.value();
        QVERIFY(s.write([&] {
                     model::Rater r;
                     r.name = "judge";
                     r.kind = model::RaterKind::Judge;
                     run = s.addJudgeRun(s.ensureRater(r), "rts", "{}");
                     store::RunOwner owner = store::RunOwner::current();
                     owner.pid = deadPid > 0 ? deadPid : 999999999;
                     owner.processStart = "another boot:1";
                     s.claimJudgeRun(run, owner);
                 }).ok());
        QCOMPARE(s.judgeRuns().front().status, std::string("interrupted"));
    }
    m_server->setHandler([](const test::RecordedRequest &) { return Reply::openAi("Score: 5"); });
    Runner runner(m_path, openAi(), options());
    const auto result = runner.run();
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
    QCOMPARE(result.value().run, static_cast<long long>(run));
    QCOMPARE(m_server->requestCount(), std::size_t{12});
    QCOMPARE(countRows("SELECT COUNT(*) FROM judge_runs"), std::size_t{1});
    QCOMPARE(countRows("SELECT COUNT(*) FROM judge_runs WHERE status = 'finished'"), std::size_t{1});
}

void TestJudgeRunSafety::resumeSettingsGiveBackTheRun()
{
    m_server->setHandler([](const test::RecordedRequest &) { return Reply::openAi("Score: 1"); });
    RunOptions o = options();
    o.plan.dimensions = {"relevance"};
    o.plan.documentLimit = 1;
    o.sampling.maxTokens = 77;
    o.busyWaitSeconds = 12;
    Runner runner(m_path, openAi(), o);
    const auto result = runner.run();
    QVERIFY(result.ok());
    const auto resumed = resumeSettings(m_path, result.value().run);
    QVERIFY2(resumed.ok(), resumed.ok() ? "" : resumed.error().message.c_str());
    const ResumeSettings &r = resumed.value();
    QCOMPARE(r.provider.baseUrl, openAi().baseUrl);
    QCOMPARE(r.provider.model, std::string("test-model"));
    QCOMPARE(r.options.raterName, std::string("judge"));
    QVERIFY(r.options.plan.protocol == Protocol::Rts);
    QCOMPARE(r.options.plan.dimensions, std::vector<std::string>{"relevance"});
    QCOMPARE(r.options.plan.documentLimit.value_or(0), std::size_t{1});
    QCOMPARE(r.options.sampling.maxTokens, 77);
    QCOMPARE(r.options.busyWaitSeconds, 12.0);
    QVERIFY(!resumeSettings(m_path, 99).ok());
}

void TestJudgeRunSafety::olderStudyKeepsItsRunsAndCalls()
{
    // A study of format 1 with a run left `running` and its call: the upgrade rebuilds judge_runs and
    // must not take the calls with it (ON DELETE CASCADE).
    const std::string path = m_dir.filePath(QStringLiteral("format1.concord")).toStdString();
    {
        store::Database db(path, store::Database::Mode::ReadWriteCreate);
        db.exec("PRAGMA foreign_keys = ON");
        db.exec(store::Schema::migrations()[0]);
        db.exec("PRAGMA application_id = " + std::to_string(store::Schema::kApplicationId));
        db.exec("PRAGMA user_version = 1");
        db.exec(
            "INSERT INTO raters (id, name, kind) VALUES (1, 'old judge', 'judge');"
            "INSERT INTO judge_runs (id, rater_id, protocol, started_at) VALUES (1, 1, 'rts', '2025-01-01T00:00:00Z');"
            "INSERT INTO judge_calls (run_id, request_hash) VALUES (1, 'abc');");
    }
    auto study = store::Study::open(path);
    QVERIFY2(study.ok(), study.ok() ? "" : study.error().message.c_str());
    store::Study &s = *study.value();
    QCOMPARE(s.schemaVersion(), store::Schema::currentVersion());
    QCOMPARE(s.counts().judgeCalls, std::int64_t{1});
    const auto runs = s.judgeRuns();
    QCOMPARE(runs.size(), std::size_t{1});
    QCOMPARE(runs.front().status, std::string("interrupted"));
    QCOMPARE(runs.front().calls, std::int64_t{1});
    QCOMPARE(s.database().pragmaInt("foreign_keys"), std::int64_t{1});
}

// A team study has no folder of its own: its spill is in the user's state folder, one file per study,
// named without the connection's password.
void TestJudgeRunSafety::teamStudySpillsToTheStateFolder()
{
    QTemporaryDir state;
    qputenv("XDG_STATE_HOME", state.path().toUtf8());
    const std::string withPassword = "postgresql://lead:s3cret@db.example.org/study";
    const QString spill = QString::fromStdString(AnswerSpill::pathFor(withPassword));
    qunsetenv("XDG_STATE_HOME");
    QVERIFY2(spill.startsWith(state.path() + QStringLiteral("/concord/pending/")), qPrintable(spill));
    QVERIFY2(spill.endsWith(QStringLiteral(".pending")), qPrintable(spill));
    QVERIFY(!spill.contains(QStringLiteral("s3cret")));
    QVERIFY(!spill.contains(QStringLiteral("db.example.org")));
    // The same study, however its password is given, has the one spill; another study another.
    qputenv("XDG_STATE_HOME", state.path().toUtf8());
    const std::string again = AnswerSpill::pathFor("postgresql://lead@db.example.org/study");
    const std::string other = AnswerSpill::pathFor("postgresql://lead@db.example.org/other");
    qunsetenv("XDG_STATE_HOME");
    QCOMPARE(QString::fromStdString(again), spill);
    QVERIFY(QString::fromStdString(other) != spill);
}

QTEST_GUILESS_MAIN(TestJudgeRunSafety)
#include "tst_judge_run_safety.moc"

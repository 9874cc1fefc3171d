// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// One study open in this process several times (the window and its workers) while concord-cli reads and
// writes it from other processes: nothing committed is lost and the file stays sound. POSIX record locks
// belong to the process, and closing any descriptor of the file drops them all: once the window's read lock
// went that way, a reading concord-cli took itself for the study's last reader, checkpointed and deleted the
// -wal the window was still writing to, and its commits were lost.
#include "cli_run.h"
#include "sqlite_lock_probe.h"
#include "study_fingerprint.h"
#include "test_llm_server.h"
#include "test_paths.h"

#include "store/study.h"

#include <QDir>
#include <QProcess>
#include <QScopeGuard>
#include <QSemaphore>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <atomic>
#include <functional>
#include <mutex>
#include <thread>

namespace {

using concord::store::Study;
using concord::test::runCli;

std::unique_ptr<Study> openStudy(const QString &path, bool readOnly = false)
{
    concord::store::OpenOptions options;
    options.readOnly = readOnly;
    auto study = Study::open(path.toStdString(), options);
    if (!study) {
        qWarning("%s", study.error().describe().c_str());
        return nullptr;
    }
    return std::move(study).value();
}

struct Cell {
    concord::model::Id candidate = 0;
    concord::model::Id dimension = 0;
    double value = 0;
};

// Every (summary, Likert dimension) of the study: a writer's i-th write rates a cell of its own, so a
// commit that was lost shows as a missing row.
std::vector<Cell> cellsOf(Study &study)
{
    std::vector<Cell> cells;
    for (const auto &candidate : study.candidates())
        for (const auto &dimension : study.dimensions())
            if (dimension.kind == concord::model::DimensionKind::Likert)
                cells.push_back({candidate.id, dimension.id, dimension.scaleMin});
    return cells;
}

// The writer's i-th write, one transaction as one edit in the window: rater "<writer>-<round>" rates cell i.
concord::Status rate(Study &study, const std::string &writer, int i, const std::vector<Cell> &cells)
{
    return study.write(
        [&] {
            concord::model::Rater person;
            person.name = writer + "-" + std::to_string(i / static_cast<int>(cells.size()));
            person.group = "sharing";
            const auto rater = study.ensureRater(person);
            const Cell &cell = cells[static_cast<std::size_t>(i) % cells.size()];
            study.setRating(rater, cell.candidate, cell.dimension, cell.value);
        },
        concord::store::BusyWait{});
}

long long ratingsBy(const QString &path, const QString &raterPrefix)
{
    return concord::test::countRows(path, QStringLiteral("SELECT count(*) FROM ratings JOIN raters ON raters.id = "
                                                         "ratings.rater_id WHERE raters.name LIKE '%1-%'")
                                              .arg(raterPrefix));
}

long long callsOf(const QString &path, const QString &rater)
{
    return concord::test::countRows(path, QStringLiteral("SELECT count(*) FROM judge_calls JOIN judge_runs ON "
                                                         "judge_runs.id = judge_calls.run_id JOIN raters ON raters.id "
                                                         "= judge_runs.rater_id WHERE raters.name = '%1'")
                                              .arg(rater));
}

struct Outcome {
    QStringList args;
    int exitCode = -1;
    QString err;
};

// concord-cli run again and again, one process at a time and without blocking the event loop, with the
// arguments next(n) gives for the n-th run, until it gives none.
class CliLoop {
public:
    explicit CliLoop(std::function<QStringList(int)> next)
        : m_next(std::move(next))
    {
        m_process.setStandardOutputFile(QProcess::nullDevice());
        QObject::connect(&m_process, &QProcess::finished, &m_process, [this](int code, QProcess::ExitStatus status) {
            finishRun(status == QProcess::NormalExit ? code : -1);
        });
        QObject::connect(&m_process, &QProcess::errorOccurred, &m_process, [this](QProcess::ProcessError error) {
            if (error == QProcess::FailedToStart)
                finishRun(-1);
        });
        startNext();
    }
    bool done() const { return m_done; }
    const std::vector<Outcome> &outcomes() const { return m_outcomes; }

private:
    void finishRun(int exitCode)
    {
        m_outcomes.push_back({m_process.arguments(), exitCode, QString::fromUtf8(m_process.readAllStandardError())});
        // Started again once QProcess has finished with this run.
        QTimer::singleShot(0, &m_process, [this] { startNext(); });
    }
    void startNext()
    {
        const QStringList args = m_next(static_cast<int>(m_outcomes.size()));
        if (args.isEmpty())
            m_done = true;
        else
            m_process.start(concord::test::cliPath(), args);
    }

    std::function<QStringList(int)> m_next;
    std::vector<Outcome> m_outcomes;
    bool m_done = false;
    QProcess m_process; // last: a run still going when a test fails is reported from its destructor
};

QString describe(const Outcome &o)
{
    return o.args.join(QLatin1Char(' ')) + QStringLiteral(": exit %1: ").arg(o.exitCode) + o.err;
}

} // namespace

class TestStudySharing : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void readOnlyCommandsKeepTheWriterSafe_data();
    void readOnlyCommandsKeepTheWriterSafe();
    void everythingAtOnceLosesNothing();
};

void TestStudySharing::readOnlyCommandsKeepTheWriterSafe_data()
{
    QTest::addColumn<bool>("workerReadOnly"); // how the worker's short-lived connection opens the study
    QTest::addColumn<QStringList>("command"); // the other process's; the study follows the command's name
    QTest::newRow("writing worker, info") << false << QStringList{QStringLiteral("info")};
    QTest::newRow("reading worker, info --json")
        << true << QStringList{QStringLiteral("info"), QStringLiteral("--json")};
    QTest::newRow("reading worker, check") << true << QStringList{QStringLiteral("check")};
}

// The reproduction: the window writes, a worker opens and closes the study, concord-cli reads it
// from another process, then the window and a second connection commit a few hundred edits each.
void TestStudySharing::readOnlyCommandsKeepTheWriterSafe()
{
    QFETCH(bool, workerReadOnly);
    QFETCH(QStringList, command);
    constexpr int kWrites = 200;
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("s.concord"));
    QCOMPARE(runCli({QStringLiteral("demo"), path}).exitCode, 0);
    {
        auto window = openStudy(path);
        QVERIFY(window);
        const std::vector<Cell> cells = cellsOf(*window);
        QVERIFY(!cells.empty());
        QVERIFY(rate(*window, "window", 0, cells).ok());
        // The probe sees a lock that is held, so its answer below means something.
        QVERIFY(concord::test::sqliteReadLockVisible(path));
        QVERIFY(openStudy(path, workerReadOnly) != nullptr); // opened and closed at once
        QVERIFY2(concord::test::sqliteReadLockVisible(path),
                 "the window's read lock went when the worker's connection to the study closed");

        command.insert(1, path);
        const auto other = runCli(command);
        QVERIFY2(other.exitCode == 0, qPrintable(other.err));

        auto second = openStudy(path);
        QVERIFY(second);
        for (int i = 1; i <= kWrites; ++i) {
            const concord::Status s = rate(*window, "window", i, cells);
            QVERIFY2(s.ok(), qPrintable(QStringLiteral("window, write %1: ").arg(i)
                                        + QString::fromStdString(s.error().describe())));
        }
        for (int i = 0; i < kWrites; ++i) {
            const concord::Status s = rate(*second, "second", i, cells);
            QVERIFY2(s.ok(), qPrintable(QStringLiteral("second, write %1: ").arg(i)
                                        + QString::fromStdString(s.error().describe())));
        }
    }
    QCOMPARE(ratingsBy(path, QStringLiteral("window")), kWrites + 1LL);
    QCOMPARE(ratingsBy(path, QStringLiteral("second")), static_cast<long long>(kWrites));
    QCOMPARE(concord::test::integrityCheck(path), QStringLiteral("ok"));
    const auto check = runCli({QStringLiteral("check"), path});
    QVERIFY2(check.exitCode == 0, qPrintable(check.out + check.err));
}

// The window writes edit after edit while its workers open and close the study, one process runs every
// read-only command in turn and another imports recorded judgements and runs a judge, all at once.
void TestStudySharing::everythingAtOnceLosesNothing()
{
    constexpr int kReadRounds = 3;  // of every read-only command
    constexpr int kWriterRuns = 6;  // imports and judge runs, alternately
    constexpr int kMinWrites = 200; // the window's, at least (more while the processes still run)
    constexpr int kMaxWrites = 2000;
    concord::test::TestLlmServer server;
    QVERIFY(server.start() > 0);
    server.setHandler([](const concord::test::RecordedRequest &) { return concord::test::Reply::openAi("Score: 4"); });
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("study")));
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("out")));
    const QString path = dir.filePath(QStringLiteral("study/s.concord"));
    QCOMPARE(runCli({QStringLiteral("demo"), path}).exitCode, 0);
    const QString recorded = concord::test::sourceDir() + QStringLiteral("/docs/demo-judge.jsonl");
    QVERIFY(QFile::exists(recorded));
    constexpr long long kRecordedLines = 128;
    constexpr long long kJudgeCalls = 8; // 2 documents x 4 summaries, one dimension

    auto window = openStudy(path);
    QVERIFY(window);
    const std::vector<Cell> cells = cellsOf(*window);
    QVERIFY(!cells.empty());

    // The window's workers: after each of the window's writes, one opens the study, reads and closes it.
    QSemaphore turns;
    std::atomic<bool> stopWorker{false};
    std::atomic<int> workerOpens{0};
    std::mutex workerMutex;
    QStringList workerErrors;
    std::thread worker([&] {
        for (;;) {
            turns.acquire();
            if (stopWorker)
                return;
            auto study = Study::open(path.toStdString());
            const concord::Status read
                = study ? concord::captureStatus([&] { study.value()->counts(); }) : concord::Status(study.error());
            if (read.ok()) {
                ++workerOpens;
            } else {
                const std::lock_guard lock(workerMutex);
                workerErrors << QString::fromStdString(read.error().describe());
            }
        }
    });
    const auto stopTheWorker = qScopeGuard([&] {
        stopWorker = true;
        turns.release();
        worker.join();
    });

    const QList<QStringList> readOnly{
        {QStringLiteral("info")},
        {QStringLiteral("info"), QStringLiteral("--json")},
        {QStringLiteral("calls"), QStringLiteral("--rater"), QStringLiteral("annotator_a")},
        {QStringLiteral("export")}, // the file follows, in another folder
        {QStringLiteral("stats"), QStringLiteral("--human"), QStringLiteral("expert"), QStringLiteral("--rater"),
         QStringLiteral("annotator_c")},
        {QStringLiteral("agreement"), QStringLiteral("--group"), QStringLiteral("expert"),
         QStringLiteral("--dimension"), QStringLiteral("coherence")},
        {QStringLiteral("check")},
    };
    CliLoop reader([&](int n) -> QStringList {
        if (n >= kReadRounds * readOnly.size())
            return {};
        QStringList args = readOnly.at(n % readOnly.size());
        args.insert(1, path);
        if (args.first() == QLatin1String("export"))
            args.insert(2, dir.filePath(QStringLiteral("out/all-%1.csv").arg(n)));
        return args;
    });
    CliLoop writer([&](int n) -> QStringList {
        if (n >= kWriterRuns)
            return {};
        if (n % 2 == 0)
            return {QStringLiteral("import-judgements"),
                    path,
                    recorded,
                    QStringLiteral("--protocol"),
                    QStringLiteral("rts"),
                    QStringLiteral("--rater"),
                    QStringLiteral("imported-%1").arg(n)};
        return {QStringLiteral("judge"),       path,
                QStringLiteral("--provider"),  QStringLiteral("openai"),
                QStringLiteral("--base-url"),  QString::fromStdString(server.baseUrl() + "/v1"),
                QStringLiteral("--model"),     QStringLiteral("test-model"),
                QStringLiteral("--protocol"),  QStringLiteral("rts"),
                QStringLiteral("--dimension"), QStringLiteral("coherence"),
                QStringLiteral("--limit"),     QStringLiteral("2"),
                QStringLiteral("--rater"),     QStringLiteral("judged-%1").arg(n)};
    });

    // The window's edits, every few milliseconds while the processes run.
    QStringList writeErrors;
    int writes = 0;
    QTimer edits;
    QObject::connect(&edits, &QTimer::timeout, &edits, [&] {
        if (writes >= kMaxWrites || (writes >= kMinWrites && reader.done() && writer.done())) {
            edits.stop();
            return;
        }
        const concord::Status s = rate(*window, "window", writes, cells);
        if (!s.ok())
            writeErrors.append(QStringLiteral("write %1: ").arg(writes) + QString::fromStdString(s.error().describe()));
        ++writes;
        turns.release();
    });
    edits.start(5);
    QTRY_VERIFY_WITH_TIMEOUT(!edits.isActive() && reader.done() && writer.done(), 100000);
    qInfo("%d writes by the window, %d opened by its workers, %zu read-only and %zu writing commands meanwhile", writes,
          workerOpens.load(), reader.outcomes().size(), writer.outcomes().size());

    QVERIFY2(writeErrors.isEmpty(), qPrintable(writeErrors.join(QLatin1Char('\n'))));
    {
        const std::lock_guard lock(workerMutex);
        QVERIFY2(workerErrors.isEmpty(), qPrintable(workerErrors.join(QLatin1Char('\n'))));
    }
    for (const Outcome &o : reader.outcomes())
        QVERIFY2(o.exitCode == 0, qPrintable(describe(o)));
    QVERIFY(concord::test::sqliteReadLockVisible(path)); // the window's, after all that
    window.reset();

    // A writing command may find the study busy for longer than it waits; whatever said it succeeded is there.
    int imported = 0;
    int judged = 0;
    for (const Outcome &o : writer.outcomes()) {
        const QString rater = o.args.at(o.args.indexOf(QStringLiteral("--rater")) + 1);
        if (o.exitCode != 0) {
            QVERIFY2(o.err.contains(QStringLiteral("locked by another program")), qPrintable(describe(o)));
            continue;
        }
        const bool fromFile = o.args.first() == QLatin1String("import-judgements");
        (fromFile ? imported : judged) += 1;
        QVERIFY2(callsOf(path, rater) == (fromFile ? kRecordedLines : kJudgeCalls), qPrintable(describe(o)));
    }
    QVERIFY(imported > 0);
    QVERIFY(judged > 0);
    QCOMPARE(ratingsBy(path, QStringLiteral("window")), static_cast<long long>(writes));
    QCOMPARE(concord::test::integrityCheck(path), QStringLiteral("ok"));
    const auto check = runCli({QStringLiteral("check"), path});
    QVERIFY2(check.exitCode == 0, qPrintable(check.out + check.err));
    // Reading the closed study once more changes nothing.
    const QByteArray fingerprint = concord::test::studyFingerprint(path);
    QVERIFY(!fingerprint.isEmpty());
    QCOMPARE(runCli({QStringLiteral("info"), path}).exitCode, 0);
    QCOMPARE(concord::test::studyFingerprint(path), fingerprint);
}

QTEST_GUILESS_MAIN(TestStudySharing)
#include "tst_study_sharing.moc"

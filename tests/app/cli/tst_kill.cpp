// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Crash safety: concord-cli (and an edit driver through the Annotate view's store calls) killed with
// SIGKILL at seeded random points during an import, a merge, a judge run and a burst of edits. After
// every kill the study passes SQLite's integrity check and holds exactly what some prefix of its
// transactions wrote: an import or a merge all or nothing, every edit reported as committed and at
// most the one in progress, and a judge run's re-run pays only for the answers that were not stored.
//
// Kill points come from CONCORD_KILL_SEED (default below; every point is printed, so a failure can be
// replayed). Points are placed on observed progress where the program shows any (the n-th committed
// edit, the n-th request reaching the LLM server) and otherwise on a range calibrated by an uncut
// run. The assertions hold wherever the kill lands, including after the program finished.
#include "study_fingerprint.h"
#include "test_llm_server.h"
#include "test_paths.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QPointer>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <atomic>
#include <functional>

namespace {

constexpr quint32 kDefaultSeed = 20260415;

struct Outcome {
    bool killed = false; // died of SIGKILL (otherwise it finished before the kill)
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    qint64 elapsedMs = 0;
};

// Runs a program and lets `arm` decide when to kill it (through the kill function it is given);
// returns once the child has been reaped.
Outcome runUntilKilled(const QString &program, const QStringList &args,
                       const std::function<void(QProcess &, const std::function<void()> &)> &arm = {})
{
    QProcess p;
    QEventLoop loop;
    QObject::connect(&p, &QProcess::finished, &loop, &QEventLoop::quit);
    QObject::connect(&p, &QProcess::errorOccurred, &loop, [&loop](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            loop.quit();
    });
    bool killSent = false;
    const std::function<void()> kill = [&p, &killSent] {
        if (p.state() != QProcess::NotRunning) {
            killSent = true;
            p.kill(); // SIGKILL on Unix
        }
    };
    QElapsedTimer clock;
    clock.start();
    p.start(program, args);
    if (arm)
        arm(p, kill);
    // A program that hangs fails the test instead of hanging it.
    QTimer::singleShot(120000, &loop, [&] {
        qWarning("%s did not end within two minutes", qPrintable(program));
        p.kill();
    });
    if (p.state() != QProcess::NotRunning)
        loop.exec();
    p.waitForFinished(-1); // reaped
    Outcome o;
    o.killed = killSent && p.exitStatus() == QProcess::CrashExit;
    o.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    o.out = p.readAllStandardOutput();
    o.err = p.readAllStandardError();
    o.elapsedMs = clock.elapsed();
    return o;
}

Outcome cli(const QStringList &args)
{
    return runUntilKilled(concord::test::cliPath(), args);
}

bool copyFile(const QString &from, const QString &to)
{
    QFile::remove(to);
    return QFile::copy(from, to);
}

// A CSV of documents, summaries and ratings, large enough that importing it takes a noticeable while.
QByteArray generatedCsv(int documents, int systems, const QString &rater, quint32 seed)
{
    QRandomGenerator rng(seed);
    QByteArray csv = "doc_id,article,system,summary,rater,dimension,value\n";
    const auto words = [&rng](int n, const char *prefix) {
        QByteArray text;
        for (int i = 0; i < n; ++i)
            text += (i ? " " : "") + QByteArray(prefix) + QByteArray::number(rng.bounded(1000));
        return text;
    };
    for (int d = 0; d < documents; ++d) {
        const QByteArray article = words(20, "word");
        for (int s = 0; s < systems; ++s)
            csv += "doc-" + QByteArray::number(d) + ",\"" + article + "\",sys-" + QByteArray::number(s) + ",\""
                   + words(8, "w") + "\"," + rater.toUtf8() + ",coherence," + QByteArray::number(1 + rng.bounded(5))
                   + "\n";
    }
    return csv;
}

} // namespace

class TestKill : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void killDuringImport();
    void killDuringMerge();
    void killDuringExportPackage();
    void killDuringJudgeRun();
    void killDuringEdits();
    void killedJudgeRunIsNotLeftRunning();

private:
    // An operation killed at `rounds` points drawn from [0, its uncut duration): the study is exactly
    // before or exactly after it every time.
    void killAllOrNothing(const char *what, const QString &before, const QStringList &argsAfterStudy, int rounds);
    QString judgeKillTrial(const QString &study, int killAtRequest, int delayMs);
    QStringList judgeArgs(const QString &study) const;

    QTemporaryDir m_dir;
    QString m_demo;
    QRandomGenerator m_rng;
    concord::test::TestLlmServer m_server;
    std::atomic<int> m_killAtRequest{0}; // the request (from 1) whose arrival kills the judge run; 0: none
    QPointer<QObject> m_killContext;
    std::function<void()> m_killJudge;
    int m_judgeKillDelayMs = 0;
};

void TestKill::initTestCase()
{
    QVERIFY2(QFile::exists(concord::test::cliPath()), "CONCORD_CLI must name the built concord-cli");
    QVERIFY2(QFile::exists(qEnvironmentVariable("CONCORD_EDIT_DRIVER")),
             "CONCORD_EDIT_DRIVER must name the built concord_edit_driver");
    QVERIFY(m_dir.isValid());
    bool ok = false;
    const quint32 seed = qEnvironmentVariable("CONCORD_KILL_SEED").toUInt(&ok);
    m_rng.seed(ok ? seed : kDefaultSeed);
    qInfo("kill points from seed %u (set CONCORD_KILL_SEED to replay another)", ok ? seed : kDefaultSeed);
    m_demo = m_dir.filePath(QStringLiteral("demo.concord"));
    const Outcome demo = cli({QStringLiteral("demo"), m_demo});
    QVERIFY2(demo.exitCode == 0, demo.err.constData());

    QVERIFY(m_server.start() > 0);
    // Each answer takes a little while, as a real server's would, so that a run is under way when killed.
    m_server.setHandler([this](const concord::test::RecordedRequest &r) {
        auto reply = concord::test::Reply::openAi("Clear and faithful. Score: " + std::to_string(1 + r.index % 5));
        reply.delayMs = 5 + static_cast<int>((r.index * 7919) % 25);
        if (static_cast<int>(r.index) + 1 == m_killAtRequest.load()) {
            // On the server's thread: the kill is scheduled on the test's thread.
            QMetaObject::invokeMethod(
                m_killContext.data(),
                [this] {
                    if (m_killJudge && m_killContext)
                        QTimer::singleShot(m_judgeKillDelayMs, m_killContext.data(), m_killJudge);
                },
                Qt::QueuedConnection);
        }
        return reply;
    });
}

void TestKill::killAllOrNothing(const char *what, const QString &before, const QStringList &argsAfterStudy, int rounds)
{
    const QByteArray beforePrint = concord::test::studyFingerprint(before);
    QVERIFY(!beforePrint.isEmpty());

    // The uncut run: what "after" is, and how long the operation takes here and now.
    const QString uncut = m_dir.filePath(QStringLiteral("uncut.concord"));
    QVERIFY(copyFile(before, uncut));
    const Outcome full = cli(QStringList{argsAfterStudy.first(), uncut} + argsAfterStudy.mid(1));
    QVERIFY2(full.exitCode == 0, full.err.constData());
    const QByteArray afterPrint = concord::test::studyFingerprint(uncut);
    QVERIFY(!afterPrint.isEmpty());
    QVERIFY(afterPrint != beforePrint);
    qInfo("%s: an uncut run takes %lld ms", what, full.elapsedMs);

    int killed = 0;
    int atBefore = 0;
    for (int round = 0; round < rounds; ++round) {
        const QString study = m_dir.filePath(QStringLiteral("killed-%1.concord").arg(round));
        QVERIFY(copyFile(before, study));
        const int delayMs = static_cast<int>(m_rng.bounded(static_cast<quint32>(std::max<qint64>(full.elapsedMs, 1))));
        const Outcome o = runUntilKilled(
            concord::test::cliPath(), QStringList{argsAfterStudy.first(), study} + argsAfterStudy.mid(1),
            [delayMs](QProcess &p, const std::function<void()> &kill) { QTimer::singleShot(delayMs, &p, kill); });
        const QString context = QStringLiteral("%1, killed after %2 ms").arg(QLatin1String(what)).arg(delayMs);
        if (!o.killed)
            QVERIFY2(o.exitCode == 0, qPrintable(context + QStringLiteral(": ") + QString::fromUtf8(o.err)));
        QCOMPARE(concord::test::integrityCheck(study), QStringLiteral("ok"));
        const QByteArray print = concord::test::studyFingerprint(study);
        QVERIFY2(print == beforePrint || print == afterPrint,
                 qPrintable(context + QStringLiteral(": the study is neither as before nor as after")));
        if (!o.killed)
            QVERIFY2(print == afterPrint,
                     qPrintable(context + QStringLiteral(": finished, yet not all of it is there")));
        killed += o.killed ? 1 : 0;
        atBefore += print == beforePrint ? 1 : 0;
        qInfo("%s: %s, study %s", qPrintable(context), o.killed ? "killed" : "had finished",
              print == beforePrint ? "as before" : "as after");
        QFile::remove(study);
    }
    qInfo("%s: %d of %d runs killed, %d left the study as before", what, killed, rounds, atBefore);
}

void TestKill::killDuringImport()
{
    const QString csv = m_dir.filePath(QStringLiteral("big.csv"));
    QFile f(csv);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(generatedCsv(5000, 10, QStringLiteral("annotator_x"), m_rng.generate()));
    f.close();
    const QString empty = m_dir.filePath(QStringLiteral("empty.concord"));
    QCOMPARE(cli({QStringLiteral("new"), empty}).exitCode, 0);
    killAllOrNothing("import", empty,
                     {QStringLiteral("import"), QStringLiteral("--format"), QStringLiteral("csv"), csv}, 8);
}

void TestKill::killDuringMerge()
{
    // The study holds documents rated by one annotator; the package the same documents rated by another.
    const QByteArray csv = generatedCsv(5000, 10, QStringLiteral("annotator_x"), m_rng.generate());
    const QString mine = m_dir.filePath(QStringLiteral("mine.csv"));
    const QString theirs = m_dir.filePath(QStringLiteral("theirs.csv"));
    for (const auto &[path, content] :
         {std::pair{mine, csv}, std::pair{theirs, QByteArray(csv).replace(",annotator_x,", ",annotator_y,")}}) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
    }
    const QString study = m_dir.filePath(QStringLiteral("merge-target.concord"));
    const QString package = m_dir.filePath(QStringLiteral("package.concord"));
    for (const auto &[path, csvPath] : {std::pair{study, mine}, std::pair{package, theirs}}) {
        QCOMPARE(cli({QStringLiteral("new"), path}).exitCode, 0);
        const Outcome imported
            = cli({QStringLiteral("import"), path, QStringLiteral("--format"), QStringLiteral("csv"), csvPath});
        QVERIFY2(imported.exitCode == 0, imported.err.constData());
    }
    killAllOrNothing("merge", study, {QStringLiteral("merge"), package}, 6);
}

void TestKill::killDuringExportPackage()
{
    // An annotator's package is complete or not there: never a study file that looks like a package
    // and lacks part of it.
    const QString csv = m_dir.filePath(QStringLiteral("package-source.csv"));
    {
        QFile f(csv);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(generatedCsv(5000, 10, QStringLiteral("annotator_x"), m_rng.generate()));
    }
    const QString study = m_dir.filePath(QStringLiteral("package-source.concord"));
    QCOMPARE(cli({QStringLiteral("new"), study}).exitCode, 0);
    const Outcome imported
        = cli({QStringLiteral("import"), study, QStringLiteral("--format"), QStringLiteral("csv"), csv});
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
    const auto args = [&study](const QString &out) {
        return QStringList{QStringLiteral("export-package"), study, out, QStringLiteral("--rater"),
                           QStringLiteral("annotator_x")};
    };
    // study_info holds when each package was made. Every package draws its own names for the summaries'
    // systems and its own order of each document's summaries, so the tables that hold them or refer to
    // them are compared by their number of rows.
    const QStringList drawn{QStringLiteral("systems"),
                            QStringLiteral("candidates"),
                            QStringLiteral("ratings"),
                            QStringLiteral("rankings"),
                            QStringLiteral("error_spans"),
                            QStringLiteral("unit_marks"),
                            QStringLiteral("presentation_orders")};
    const QStringList leaveOut = QStringList{QStringLiteral("study_info")} + drawn;
    const auto contents = [&](const QString &path) {
        QByteArray all = concord::test::studyFingerprint(path, leaveOut);
        for (const QString &table : drawn)
            all += ' '
                   + QByteArray::number(
                       concord::test::countRows(path, QStringLiteral("SELECT count(*) FROM ") + table));
        return all;
    };
    const QString uncut = m_dir.filePath(QStringLiteral("package-uncut.concord"));
    const Outcome full = cli(args(uncut));
    QVERIFY2(full.exitCode == 0, full.err.constData());
    const QByteArray complete = contents(uncut);
    QVERIFY(!complete.startsWith(' '));
    QVERIFY(concord::test::countRows(uncut, QStringLiteral("SELECT count(*) FROM ratings")) > 0);
    qInfo("export-package: an uncut run takes %lld ms", full.elapsedMs);

    for (int round = 0; round < 6; ++round) {
        const QString out = m_dir.filePath(QStringLiteral("package-%1.concord").arg(round));
        const int delayMs = static_cast<int>(m_rng.bounded(static_cast<quint32>(std::max<qint64>(full.elapsedMs, 1))));
        const Outcome o = runUntilKilled(
            concord::test::cliPath(), args(out),
            [delayMs](QProcess &p, const std::function<void()> &kill) { QTimer::singleShot(delayMs, &p, kill); });
        const QString what = QStringLiteral("export-package killed after %1 ms").arg(delayMs);
        if (!o.killed)
            QVERIFY2(o.exitCode == 0, qPrintable(what + QStringLiteral(": ") + QString::fromUtf8(o.err)));
        const bool there = QFile::exists(out);
        qInfo("%s: %s, package %s", qPrintable(what), o.killed ? "killed" : "had finished",
              there ? "written" : "not there");
        if (!o.killed)
            QVERIFY(there);
        if (there) {
            QCOMPARE(concord::test::integrityCheck(out), QStringLiteral("ok"));
            QVERIFY2(contents(out) == complete,
                     qPrintable(what + QStringLiteral(": the package is there but incomplete")));
        } else {
            // Nothing is in the way of making it again.
            const Outcome again = cli(args(out));
            QVERIFY2(again.exitCode == 0, again.err.constData());
        }
    }
}

QStringList TestKill::judgeArgs(const QString &study) const
{
    return {QStringLiteral("judge"),         study,
            QStringLiteral("--provider"),    QStringLiteral("openai"),
            QStringLiteral("--base-url"),    QString::fromStdString(m_server.baseUrl() + "/v1"),
            QStringLiteral("--model"),       QStringLiteral("kill-model"),
            QStringLiteral("--protocol"),    QStringLiteral("rts"),
            QStringLiteral("--dimension"),   QStringLiteral("coherence"),
            QStringLiteral("--rater"),       QStringLiteral("kill-judge"),
            QStringLiteral("--concurrency"), QStringLiteral("4")};
}

// Runs the judge on a copy of the demo and kills it once the server has seen killAtRequest requests
// (and delayMs more); returns the copy. Checks what must hold right after the kill and after a re-run.
QString TestKill::judgeKillTrial(const QString &name, int killAtRequest, int delayMs)
{
    const QString study = m_dir.filePath(name);
    if (!copyFile(m_demo, study))
        return {};
    const Outcome estimate = cli(judgeArgs(study) + QStringList{QStringLiteral("--estimate")});
    const auto total = QRegularExpression(QStringLiteral("calls to send +(\\d+)"))
                           .match(QString::fromUtf8(estimate.out))
                           .captured(1)
                           .toLongLong();
    if (estimate.exitCode != 0 || total <= 0) {
        qWarning("estimate failed: %s %s", estimate.out.constData(), estimate.err.constData());
        return {};
    }

    m_server.reset();
    m_judgeKillDelayMs = delayMs;
    const Outcome o = runUntilKilled(concord::test::cliPath(), judgeArgs(study),
                                     [this, killAtRequest](QProcess &p, const std::function<void()> &kill) {
                                         m_killContext = &p; // the kill is dropped with the process
                                         m_killJudge = kill;
                                         m_killAtRequest = killAtRequest;
                                     });
    m_killAtRequest = 0;
    m_killJudge = nullptr;
    m_killContext = nullptr;
    const QString what = QStringLiteral("judge run killed at request %1 + %2 ms").arg(killAtRequest).arg(delayMs);
    if (!o.killed && o.exitCode != 0) {
        qWarning("%s: the run failed: %s", qPrintable(what), o.err.constData());
        return {};
    }
    if (concord::test::integrityCheck(study) != QStringLiteral("ok")) {
        qWarning("%s: the integrity check failed", qPrintable(what));
        return {};
    }
    const long long stored = concord::test::countRows(
        study, QStringLiteral("SELECT count(*) FROM (SELECT DISTINCT request_hash, sample_index FROM judge_calls "
                              "WHERE http_status = 200 AND raw_response <> '' AND error = '')"));
    // Each answer was stored with its rating in one transaction: no call without its rating, no rating
    // without its call.
    const long long halves = concord::test::countRows(
        study, QStringLiteral("SELECT (SELECT count(*) FROM judge_calls c WHERE c.valid = 1 AND NOT EXISTS (SELECT 1 "
                              "FROM ratings r WHERE r.call_id = c.id)) + (SELECT count(*) FROM ratings r JOIN raters j "
                              "ON j.id = r.rater_id WHERE j.name = 'kill-judge' AND NOT EXISTS (SELECT 1 FROM "
                              "judge_calls c WHERE c.id = r.call_id AND c.valid = 1))"));
    if (halves != 0) {
        qWarning("%s: %lld answers stored without their rating or ratings without their answer", qPrintable(what),
                 halves);
        return {};
    }
    const auto sentBefore = m_server.requestCount();
    qInfo("%s: %s after %zu requests, %lld of %lld answers stored", qPrintable(what),
          o.killed ? "killed" : "had finished", sentBefore, stored, total);

    // The same command again pays only for what was not stored.
    m_server.reset();
    const Outcome again = cli(judgeArgs(study));
    if (again.exitCode != 0) {
        qWarning("%s: the re-run failed: %s", qPrintable(what), again.err.constData());
        return {};
    }
    if (static_cast<long long>(m_server.requestCount()) != total - stored) {
        qWarning("%s: the re-run sent %zu requests for %lld prompts of which %lld were stored", qPrintable(what),
                 m_server.requestCount(), total, stored);
        return {};
    }
    if (!again.out.contains(QByteArray("finished: " + QByteArray::number(total) + " calls"))) {
        qWarning("%s: the re-run did not finish every call: %s", qPrintable(what), again.out.constData());
        return {};
    }
    if (concord::test::integrityCheck(study) != QStringLiteral("ok")) {
        qWarning("%s: the integrity check failed after the re-run", qPrintable(what));
        return {};
    }
    return study;
}

void TestKill::killDuringJudgeRun()
{
    // 32 coherence prompts on the demo, four at once.
    for (int round = 0; round < 6; ++round) {
        const int killAt = 1 + static_cast<int>(m_rng.bounded(32));
        const int delayMs = static_cast<int>(m_rng.bounded(30));
        QVERIFY(!judgeKillTrial(QStringLiteral("judge-%1.concord").arg(round), killAt, delayMs).isEmpty());
    }
}

void TestKill::killedJudgeRunIsNotLeftRunning()
{
    // A run whose process died is not left running for ever: running the judge again resumes the
    // killed (interrupted) run under its own id and finishes it, so the study holds one finished run.
    const QString study = judgeKillTrial(QStringLiteral("judge-interrupted.concord"), 12, 0);
    QVERIFY(!study.isEmpty());
    QCOMPARE(concord::test::countRows(study, QStringLiteral("SELECT count(*) FROM judge_runs")), 1LL);
    QCOMPARE(
        concord::test::countRows(study, QStringLiteral("SELECT count(*) FROM judge_runs WHERE status = 'finished'")),
        1LL);
    QCOMPARE(
        concord::test::countRows(study, QStringLiteral("SELECT count(*) FROM judge_runs WHERE status = 'running'")),
        0LL);
}

void TestKill::killDuringEdits()
{
    const int edits = 120;
    const QString driver = qEnvironmentVariable("CONCORD_EDIT_DRIVER");
    for (int round = 0; round < 6; ++round) {
        const QString study = m_dir.filePath(QStringLiteral("edits-%1.concord").arg(round));
        QVERIFY(copyFile(m_demo, study));
        const int killAfterEdit = 1 + static_cast<int>(m_rng.bounded(static_cast<quint32>(edits * 2 / 3)));
        const int delayMs = static_cast<int>(m_rng.bounded(5));
        QByteArray seen;
        const Outcome o
            = runUntilKilled(driver, {study, QString::number(edits)},
                             [&seen, killAfterEdit, delayMs](QProcess &p, const std::function<void()> &kill) {
                                 auto armed = std::make_shared<bool>(false);
                                 QObject::connect(&p, &QProcess::readyReadStandardOutput, &p,
                                                  [&p, &seen, armed, killAfterEdit, delayMs, kill] {
                                                      seen += p.readAllStandardOutput();
                                                      if (!*armed && seen.count('\n') >= killAfterEdit) {
                                                          *armed = true;
                                                          QTimer::singleShot(delayMs, &p, kill);
                                                      }
                                                  });
                             });
        seen += o.out;
        const QString what = QStringLiteral("edits, killed after edit %1 + %2 ms").arg(killAfterEdit).arg(delayMs);
        if (!o.killed)
            QVERIFY2(o.exitCode == 0, qPrintable(what + QStringLiteral(": ") + QString::fromUtf8(o.err)));
        QCOMPARE(concord::test::integrityCheck(study), QStringLiteral("ok"));

        // Every edit reported as committed is there.
        // A line cut short by the kill does not count as reported.
        const QByteArray whole = seen.left(seen.lastIndexOf('\n'));
        const QList<QByteArray> lines = whole.isEmpty() ? QList<QByteArray>() : whole.split('\n');
        long long reported = 0;
        for (const QByteArray &line : lines) {
            const QList<QByteArray> parts = line.split(' ');
            QCOMPARE(parts.size(), 3);
            QCOMPARE(parts.at(0).toLongLong(), reported);
            const QString table = QString::fromLatin1(parts.at(1));
            QVERIFY2(QSet<QString>(
                         {QStringLiteral("ratings"), QStringLiteral("error_spans"), QStringLiteral("explanations")})
                         .contains(table),
                     parts.at(1).constData());
            // A rating is named by its candidate and dimension (its key), the other rows by their id.
            const QList<QByteArray> key = parts.at(2).split(':');
            const QString where = table == QStringLiteral("ratings") && key.size() == 2
                                      ? QStringLiteral("candidate_id = %1 AND dimension_id = %2")
                                            .arg(key.at(0).toLongLong())
                                            .arg(key.at(1).toLongLong())
                                      : QStringLiteral("id = %1").arg(parts.at(2).toLongLong());
            QVERIFY2(concord::test::countRows(study, QStringLiteral("SELECT count(*) FROM %1 WHERE %2 AND "
                                                                    "rater_id = (SELECT id FROM raters WHERE name = "
                                                                    "'edit driver')")
                                                         .arg(table, where))
                         == 1,
                     qPrintable(what + QStringLiteral(": edit %1 was reported but is missing").arg(reported)));
            ++reported;
        }
        // ... and at most the one that was under way when the process died; every edit adds one row.
        const long long rows = concord::test::countRows(
            study, QStringLiteral("SELECT (SELECT count(*) FROM ratings WHERE rater_id = r.id) + (SELECT count(*) FROM "
                                  "error_spans WHERE rater_id = r.id) + (SELECT count(*) FROM explanations WHERE "
                                  "rater_id = r.id) FROM raters r WHERE r.name = 'edit driver' UNION ALL SELECT 0 "
                                  "LIMIT 1"));
        QVERIFY2(rows == reported || rows == reported + 1,
                 qPrintable(what + QStringLiteral(": %1 edits reported, %2 in the study").arg(reported).arg(rows)));
        if (!o.killed)
            QCOMPARE(reported, static_cast<long long>(edits));
        qInfo("%s: %s, %lld edits reported, %lld in the study", qPrintable(what), o.killed ? "killed" : "had finished",
              reported, rows);
        QFile::remove(study);
    }
}

QTEST_GUILESS_MAIN(TestKill)
#include "tst_kill.moc"

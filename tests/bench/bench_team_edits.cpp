// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark (LABELS bench postgres, no timing assertions): 32 annotators editing one team study at once on
// a throwaway PostgreSQL on loopback, each as their own login through store::EditSender (every edit one
// transaction with its id recorded). Goal: p99 edit latency under 20 ms. Reported beside the same edits
// on a study file from one process in the same run (EditSender on SQLite, synchronous=FULL): latency
// p50/p99 and edits per second of both, and their ratios. Then a lead's dashboard refresh on SummEval
// (reports::computeDashboard, as the Agreement view runs it) while 32 annotators edit that study flat out;
// goal: under 1 s, beside the same refresh with nobody editing and on the study file.
#include "bench_report.h"
#include "pg_test_cluster.h"
#include "summeval_judges.h"
#include "team_edit_study.h"
#include "test_paths.h"

#include "io/utf8_text.h"
#include "reports/dashboard_report.h"
#include "reports/team_progress.h"

#include "store/annotation_edit.h"
#include "store/edit_journal.h"
#include "store/edit_sender.h"
#include "store/study.h"
#include "store/study_publisher.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <utility>
#include <vector>

using concord::test::BenchReport;
using namespace concord;
using namespace concord::store;

namespace {

constexpr int kAnnotators = 32;
constexpr int kEditsEach = 150;
constexpr int kCandidates = 10;

double percentile(std::vector<double> values, double p)
{
    std::sort(values.begin(), values.end());
    const auto at = static_cast<std::size_t>(p * static_cast<double>(values.size() - 1) + 0.5);
    return values[std::min(at, values.size() - 1)];
}

// The Annotate view's usual edits in a usual mix: ratings on both dimensions, now and then an error span
// or an explanation; each says its document, as the view's do (where its time is recorded).
AnnotationEdit editOfSummaries(int i, model::Id rater, const std::vector<model::Id> &candidates,
                               const std::vector<std::string> &texts, const std::vector<model::Id> &dimensions,
                               model::Id document)
{
    const std::size_t which = static_cast<std::size_t>(i) % candidates.size();
    const model::Id candidate = candidates[which];
    if (i % 10 == 7) {
        // Three characters of the summary, quoted as the study's rules want (offsets count code points).
        const std::u32string text = io::Utf8Text::decode(texts[which]);
        const std::size_t at = text.size() > 3 ? static_cast<std::size_t>(i) % (text.size() - 3) : 0;
        model::ErrorSpan span;
        span.raterId = rater;
        span.candidateId = candidate;
        span.start = static_cast<int>(at);
        span.end = static_cast<int>(at) + 3;
        span.quote = io::Utf8Text::encode(text.substr(at, 3));
        return AnnotationEdit::addErrorSpan(span);
    }
    if (i % 10 == 9)
        return AnnotationEdit::setExplanation(rater, document, 0, "Explained at edit " + std::to_string(i));
    return AnnotationEdit::setRating(rater, candidate, dimensions[static_cast<std::size_t>(i / 3) % dimensions.size()],
                                     1 + i % 5);
}

AnnotationEdit editNumber(int i, model::Id rater, const std::vector<model::Id> &candidates,
                          const std::vector<std::string> &texts, const std::vector<model::Id> &dimensions,
                          model::Id document)
{
    AnnotationEdit edit = editOfSummaries(i, rater, candidates, texts, dimensions, document);
    edit.document = document;
    return edit;
}

// One annotator's session: what their edits are about, read as they would read it.
struct Session {
    std::unique_ptr<Study> study;
    std::unique_ptr<EditJournal> journal;
    model::Id rater = 0;
    model::Id document = 0;
    std::vector<model::Id> candidates;
    std::vector<std::string> texts; // each candidate's
    std::vector<model::Id> dimensions;
};

std::string openSession(Session &s, const std::string &pathOrUri, const std::string &journalPath,
                        const std::string &raterName)
{
    auto opened = Study::open(pathOrUri);
    if (!opened)
        return opened.error().describe();
    s.study = std::move(opened).value();
    const Status read = captureStatus([&] {
        s.rater = s.study->raterId(raterName).value_or(0);
        for (const auto &c : s.study->candidates()) {
            s.candidates.push_back(c.id);
            s.texts.push_back(c.text);
            s.document = c.documentId;
        }
        for (const auto &d : s.study->dimensions())
            s.dimensions.push_back(d.id);
    });
    if (!read)
        return read.error().describe();
    auto journal = EditJournal::open(journalPath, EditJournal::studyKey(pathOrUri), raterName);
    if (!journal)
        return journal.error().describe();
    s.journal = std::move(journal).value();
    return {};
}

// Edits first..first+edits-1, each timed from submit to its answer; paced: one edit every `pace`, as a
// person makes them (a pause is not counted), else one after another as fast as the server answers.
std::string sendAll(Session &s, int first, int edits, std::vector<double> &ms,
                    std::chrono::milliseconds pace = std::chrono::milliseconds(0))
{
    EditSender sender(*s.study, s.journal.get());
    auto next = std::chrono::steady_clock::now();
    for (int i = first; i < first + edits; ++i) {
        if (pace.count() > 0) {
            next += pace;
            std::this_thread::sleep_until(next);
        }
        const AnnotationEdit edit = editNumber(i, s.rater, s.candidates, s.texts, s.dimensions, s.document);
        QElapsedTimer timer;
        timer.start();
        const auto outcome = sender.submit(edit);
        ms.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        if (!outcome)
            return outcome.error().describe();
        if (outcome.value() != EditSender::Outcome::Saved)
            return "an edit was queued: the server went away";
    }
    return {};
}

struct TeamRun {
    std::vector<double> ms;
    double seconds = 0;
    std::string error;
};

// Every annotator at once, each on their own thread and connection.
TeamRun runTeam(std::vector<Session> &sessions, int first, std::chrono::milliseconds pace)
{
    std::vector<std::vector<double>> latencies(sessions.size());
    std::vector<std::string> errors(sessions.size());
    std::atomic<std::size_t> ready{0};
    QElapsedTimer wall;
    {
        std::vector<std::thread> threads;
        for (std::size_t a = 0; a < sessions.size(); ++a)
            threads.emplace_back([&, a] {
                ++ready;
                while (ready.load() < sessions.size())
                    std::this_thread::yield();
                // Paced annotators start spread over one pause, as people do not edit in step.
                if (pace.count() > 0)
                    std::this_thread::sleep_for(pace * static_cast<long>(a) / static_cast<long>(sessions.size()));
                errors[a] = sendAll(sessions[a], first, kEditsEach, latencies[a], pace);
            });
        while (ready.load() < sessions.size())
            std::this_thread::yield();
        wall.start();
        for (auto &t : threads)
            t.join();
    }
    TeamRun run;
    run.seconds = static_cast<double>(wall.nsecsElapsed()) / 1e9;
    for (std::size_t a = 0; a < sessions.size(); ++a) {
        if (!errors[a].empty() && run.error.empty())
            run.error = errors[a];
        run.ms.insert(run.ms.end(), latencies[a].begin(), latencies[a].end());
    }
    return run;
}

// Every annotator edits on their own thread until `stop` is set, one edit every `pace` (0: flat out);
// returns the edits made.
std::size_t loadUntil(std::vector<Session> &sessions, const std::atomic<bool> &stop, std::chrono::milliseconds pace,
                      std::string &error)
{
    std::vector<std::size_t> made(sessions.size());
    std::vector<std::string> errors(sessions.size());
    {
        std::vector<std::thread> threads;
        for (std::size_t a = 0; a < sessions.size(); ++a)
            threads.emplace_back([&, a] {
                EditSender sender(*sessions[a].study, sessions[a].journal.get());
                auto next = std::chrono::steady_clock::now()
                            + pace * static_cast<long>(a) / static_cast<long>(sessions.size());
                for (int i = 0; !stop.load(); ++i, ++made[a]) {
                    if (pace.count() > 0) {
                        std::this_thread::sleep_until(next);
                        next += pace;
                    }
                    const Session &s = sessions[a];
                    const auto outcome
                        = sender.submit(editNumber(i, s.rater, s.candidates, s.texts, s.dimensions, s.document));
                    if (!outcome) {
                        errors[a] = outcome.error().describe();
                        return;
                    }
                }
            });
        for (auto &t : threads)
            t.join();
    }
    for (const std::string &e : errors)
        if (!e.empty() && error.empty())
            error = e;
    std::size_t total = 0;
    for (std::size_t m : made)
        total += m;
    return total;
}

// The median of `runs` dashboard refreshes of the study, in ms; negative when one failed (message in error).
double dashboardMs(const std::string &pathOrUri, int runs, std::string &error)
{
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer timer;
        timer.start();
        const auto report = reports::computeDashboard(pathOrUri, reports::DashboardOptions{});
        ms.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        if (!report) {
            error = report.error().describe();
            return -1;
        }
    }
    return percentile(ms, 0.5);
}

constexpr const char *kTeamGoal
    = "lead's Team view refresh on SummEval while 32 annotators edit 4 times a second each (median of 3)";

// The median of `runs` refreshes of the lead's Team view (reports::computeTeamProgress, edit times included, on a
// connection opened for it), in ms; negative when one failed (message in error).
double teamProgressMs(const std::string &uri, int runs, std::string &error)
{
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer timer;
        timer.start();
        auto study = Study::open(uri);
        if (!study) {
            error = study.error().describe();
            return -1;
        }
        const auto report = reports::computeTeamProgress(*study.value(), {});
        ms.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        if (!report) {
            error = report.error().describe();
            return -1;
        }
    }
    return percentile(ms, 0.5);
}

} // namespace

class BenchTeamEdits : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void thirtyTwoAnnotators();
    void dashboardUnderLoad();

private:
    BenchReport m_report{"bench_team_edits"};
};

void BenchTeamEdits::thirtyTwoAnnotators()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    test::PgTestCluster cluster;
    QVERIFY2(cluster.ok(), qPrintable(cluster.error()));
    test::TeamEditStudy team;
    const QString error = team.create(cluster, QStringLiteral("bench"), dir.path(), kAnnotators, kCandidates);
    QVERIFY2(error.isEmpty(), qPrintable(error));

    // Every session is open before the clock starts; then all annotators edit at once.
    std::vector<Session> sessions(kAnnotators);
    for (int a = 0; a < kAnnotators; ++a) {
        const std::size_t at = static_cast<std::size_t>(a);
        const std::string opened
            = openSession(sessions[at], team.annotatorUris[at],
                          dir.filePath(QStringLiteral("journal-%1.sqlite").arg(a)).toStdString(), team.annotators[at]);
        QVERIFY2(opened.empty(), opened.c_str());
    }
    // Flat out: every annotator submits their next edit the moment the last one is answered, far faster than
    // people edit (a stress of the server and of the two-core test machine). Paced: one edit every 250 ms
    // each, still faster than a person reads a summary and rates it.
    const TeamRun flat = runTeam(sessions, 0, std::chrono::milliseconds(0));
    QVERIFY2(flat.error.empty(), flat.error.c_str());
    const TeamRun paced = runTeam(sessions, kEditsEach, std::chrono::milliseconds(250));
    QVERIFY2(paced.error.empty(), paced.error.c_str());

    // The same edits on a study file from one process: the published study's file, one annotator after another.
    Session file;
    const std::string path = dir.filePath(QStringLiteral("bench.concord")).toStdString();
    {
        auto opened = Study::open(path);
        QVERIFY(opened.ok());
        const Status added = opened.value()->write([&] {
            for (int a = 0; a < kAnnotators; ++a) {
                model::Rater r;
                r.name = "file-" + std::to_string(a);
                opened.value()->ensureRater(r);
            }
        });
        QVERIFY(added.ok());
    }
    std::vector<double> file_ms;
    QElapsedTimer fileWall;
    fileWall.start();
    for (int a = 0; a < kAnnotators; ++a) {
        Session s;
        const std::string opened = openSession(
            s, path, dir.filePath(QStringLiteral("file-journal.sqlite")).toStdString(), "file-" + std::to_string(a));
        QVERIFY2(opened.empty(), opened.c_str());
        const std::string sent = sendAll(s, 0, kEditsEach, file_ms);
        QVERIFY2(sent.empty(), sent.c_str());
    }
    const double fileSeconds = static_cast<double>(fileWall.nsecsElapsed()) / 1e9;

    const double edits = static_cast<double>(kAnnotators) * kEditsEach;
    const double fileP50 = percentile(file_ms, 0.5), fileP99 = percentile(file_ms, 0.99);
    std::printf("\n[bench_team_edits] %d annotators x %d edits at once, PostgreSQL on loopback, EditSender\n",
                kAnnotators, kEditsEach);
    for (const auto &[name, run] : {std::pair<const char *, const TeamRun *>{"flat out", &flat},
                                    std::pair<const char *, const TeamRun *>{"paced, 4 edits/s each", &paced}}) {
        std::printf("  team study, %s: p50 %.2f ms, p99 %.2f ms, max %.2f ms, %.0f edits/s\n", name,
                    percentile(run->ms, 0.5), percentile(run->ms, 0.99), percentile(run->ms, 1.0),
                    edits / run->seconds);
    }
    std::printf("  study file (reference, the same edits from one process): p50 %.2f ms, p99 %.2f ms, %.0f edits/s\n",
                fileP50, fileP99, edits / fileSeconds);
    const double flatP99 = percentile(flat.ms, 0.99), pacedP99 = percentile(paced.ms, 0.99);
    std::printf("  team flat out / file: p99 %.2fx, throughput %.2fx\n", flatP99 / std::max(fileP99, 1e-6),
                (edits / flat.seconds) / (edits / fileSeconds));
    m_report.goal("edit latency p99, 32 annotators at once on PostgreSQL (loopback), flat out", flatP99, "ms",
                  BenchReport::Comparison::Below, 20);
    m_report.goal("edit latency p99, 32 annotators at once on PostgreSQL (loopback), 4 edits/s each", pacedP99, "ms",
                  BenchReport::Comparison::Below, 20);
    m_report.reference("team flat out p50 ms", percentile(flat.ms, 0.5));
    m_report.reference("team flat out edits/s", edits / flat.seconds);
    m_report.reference("team paced p50 ms", percentile(paced.ms, 0.5));
    m_report.reference("study file p50 ms", fileP50);
    m_report.reference("study file p99 ms", fileP99);
    m_report.reference("study file edits/s", edits / fileSeconds);
    m_report.reference("team flat out p99 / study file p99", flatP99 / std::max(fileP99, 1e-6));
}

void BenchTeamEdits::dashboardUnderLoad()
{
    const std::string goal
        = "lead's dashboard refresh on SummEval while 32 annotators edit 4 times a second each (median of 3)";
    if (test::summevalFiles().isEmpty()) {
        m_report.notMeasured(goal, "ms", BenchReport::Comparison::Below, 1000, "../shared/data/summeval is absent");
        m_report.notMeasured(kTeamGoal, "ms", BenchReport::Comparison::Below, 1000,
                             "../shared/data/summeval is absent");
        return;
    }
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    test::PgTestCluster cluster;
    QVERIFY2(cluster.ok(), qPrintable(cluster.error()));
    // SummEval on the server: an empty study published, then imported through the Study API, as a lead does.
    test::TeamEditStudy team;
    team.adminUri = cluster.createDatabase(QStringLiteral("summeval"));
    QVERIFY2(!team.adminUri.empty(), qPrintable(cluster.error()));
    const std::string empty = dir.filePath(QStringLiteral("empty.concord")).toStdString();
    QVERIFY(Study::create(empty).ok());
    const auto published = StudyPublisher::publish(empty, team.adminUri);
    QVERIFY2(published.ok(), published.ok() ? "" : published.error().describe().c_str());
    std::string error = test::createSummEvalWithJudges(team.adminUri);
    QVERIFY2(error.empty(), error.c_str());
    const QString added = team.addAnnotators(cluster, QStringLiteral("summeval"), kAnnotators);
    QVERIFY2(added.isEmpty(), qPrintable(added));
    const std::string file = dir.filePath(QStringLiteral("summeval.concord")).toStdString();
    error = test::createSummEvalWithJudges(file);
    QVERIFY2(error.empty(), error.c_str());

    std::vector<Session> sessions(kAnnotators);
    for (int a = 0; a < kAnnotators; ++a) {
        const std::size_t at = static_cast<std::size_t>(a);
        const std::string opened
            = openSession(sessions[at], team.annotatorUris[at],
                          dir.filePath(QStringLiteral("journal-%1.sqlite").arg(a)).toStdString(), team.annotators[at]);
        QVERIFY2(opened.empty(), opened.c_str());
    }
    const double fileMs = dashboardMs(file, 3, error);
    QVERIFY2(fileMs >= 0, error.c_str());
    const double idleMs = dashboardMs(team.adminUri, 3, error);
    QVERIFY2(idleMs >= 0, error.c_str());

    // Paced (4 edits/s each, faster than people annotate) for the goal; flat out as a stress figure beside it.
    struct Loaded {
        double ms = 0;
        double teamMs = 0; // the Team view's refresh
        std::size_t edits = 0;
        double seconds = 0;
    };
    const auto underLoad = [&](std::chrono::milliseconds pace) -> Loaded {
        std::atomic<bool> stop{false};
        std::string loadError;
        Loaded out;
        QElapsedTimer wall;
        wall.start();
        std::thread load([&] { out.edits = loadUntil(sessions, stop, pace, loadError); });
        out.ms = dashboardMs(team.adminUri, 3, error);
        if (out.ms >= 0)
            out.teamMs = teamProgressMs(team.adminUri, 3, error);
        stop = true;
        load.join();
        out.seconds = static_cast<double>(wall.nsecsElapsed()) / 1e9;
        if (out.teamMs < 0)
            out.ms = -1;
        if (!loadError.empty()) {
            error = loadError;
            out.ms = -1;
        }
        return out;
    };
    const Loaded paced = underLoad(std::chrono::milliseconds(250));
    QVERIFY2(paced.ms >= 0, error.c_str());
    const Loaded flat = underLoad(std::chrono::milliseconds(0));
    QVERIFY2(flat.ms >= 0, error.c_str());
    const double loadedMs = paced.ms;

    std::printf("\n[bench_team_edits] the lead's dashboard on SummEval (computeDashboard, %u worker threads)\n",
                reports::DashboardOptions{}.threads);
    for (const auto &[name, run] : {std::pair<const char *, const Loaded *>{"4 edits/s each", &paced},
                                    std::pair<const char *, const Loaded *>{"flat out", &flat}})
        std::printf("  team study, 32 annotators editing %s: median %.0f ms (%zu edits meanwhile, %.0f edits/s)\n",
                    name, run->ms, run->edits, static_cast<double>(run->edits) / run->seconds);
    std::printf("  team study, nobody editing: median %.0f ms; study file: median %.0f ms\n", idleMs, fileMs);
    m_report.goal(goal, loadedMs, "ms", BenchReport::Comparison::Below, 1000);
    m_report.reference("dashboard under load / nobody editing", loadedMs / std::max(idleMs, 1e-6));
    m_report.reference("dashboard under load / study file", loadedMs / std::max(fileMs, 1e-6));
    m_report.reference("dashboard, annotators flat out, ms", flat.ms);

    // The Team view: progress, review outcomes, quality and times per person, read while the same edits go on.
    const double teamIdleMs = teamProgressMs(team.adminUri, 3, error);
    QVERIFY2(teamIdleMs >= 0, error.c_str());
    std::printf("  the Team view (computeTeamProgress with edit times): 4 edits/s each %.0f ms, flat out %.0f ms, "
                "nobody editing %.0f ms\n",
                paced.teamMs, flat.teamMs, teamIdleMs);
    m_report.goal(kTeamGoal, paced.teamMs, "ms", BenchReport::Comparison::Below, 1000);
    m_report.reference("Team view under load / nobody editing", paced.teamMs / std::max(teamIdleMs, 1e-6));
    m_report.reference("Team view, annotators flat out, ms", flat.teamMs);
}

QTEST_GUILESS_MAIN(BenchTeamEdits)
#include "bench_team_edits.moc"

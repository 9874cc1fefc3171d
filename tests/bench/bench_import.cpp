// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark (not a test: it asserts nothing about time): importing all of ../shared/data/summeval
// (12 files, 1,200 summaries, 38,400 ratings) into a new study, against a reference implementation in
// Python run on the same machine in the same run. Goals: Concord takes at most half the reference's
// time, and under 1 s.
//
// The same work on both sides, timed from the first file read to the commit, the empty study (schema
// and settings) made before the clock starts:
// - Concord (SummEvalImporter) streams each file a line at a time, checks every field (types, the
//   three expert and five turker annotations, ratings within the scale, UTF-8, nesting, a document
//   repeated with another text, duplicate summaries), and writes documents (article, references and
//   filepath as JSON), systems, summaries, the four dimensions, eight raters and every rating into the
//   study file: WAL, synchronous=FULL, foreign keys on, one transaction.
// - The reference (json + sqlite3) reads each line with json.loads and inserts the same rows into
//   tables of the same shape (the same UNIQUE constraints, foreign keys and ratings index; the study
//   has a few more columns and an index of summaries by system), with the same WAL, synchronous=FULL,
//   foreign keys and one transaction. It checks nothing beyond what json.loads and the constraints
//   refuse, which only leaves Concord more to do.
// - The goal's reference keeps the ratings table a plain script writes, and the study had when the goal
//   was set: a rowid table with a UNIQUE (rater, candidate, dimension) index. The study now keys its
//   ratings by those three (WITHOUT ROWID), one B-tree fewer per rating. So that nobody has to take the
//   ratio on trust, the reference also runs on the study's layout, and that ratio is printed beside the
//   goal (for information; it is not the goal).
#include "io/summeval_importer.h"
#include "store/study.h"

#include "bench_report.h"
#include "test_paths.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

using concord::test::BenchReport;

namespace {

constexpr int kRepetitions = 9;
const std::string kGoal = "SummEval import (median of " + std::to_string(kRepetitions) + ")";
const std::string kRatioGoal = "Concord / Python reference (json + sqlite3)";
constexpr double kRatioTarget = 0.5;

// The reference: the same rows (documents, systems, candidates, dimensions, raters, ratings) into a
// schema of the same shape, with the same durability settings, in one transaction (see the top).
constexpr const char *kPythonReference = R"py(
import json, os, sqlite3, statistics, sys, tempfile, time

def run(files, path, keyed):
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("PRAGMA foreign_keys=ON")
    db.executescript("""
    CREATE TABLE documents (id INTEGER PRIMARY KEY, external_id TEXT NOT NULL UNIQUE, source TEXT NOT NULL,
                            refs TEXT NOT NULL, metadata TEXT NOT NULL);
    CREATE TABLE systems (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
    CREATE TABLE candidates (id INTEGER PRIMARY KEY, document_id INTEGER NOT NULL REFERENCES documents(id),
                             system_id INTEGER NOT NULL REFERENCES systems(id), text TEXT NOT NULL,
                             UNIQUE (document_id, system_id));
    CREATE TABLE dimensions (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
    CREATE TABLE raters (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, grp TEXT NOT NULL);
    """)
    if keyed:  # the study's layout: ratings keyed by (rater, candidate, dimension), no rowid
        db.executescript("""
        CREATE TABLE ratings (rater_id INTEGER NOT NULL REFERENCES raters(id),
                              candidate_id INTEGER NOT NULL REFERENCES candidates(id),
                              dimension_id INTEGER NOT NULL REFERENCES dimensions(id), value REAL NOT NULL,
                              PRIMARY KEY (rater_id, candidate_id, dimension_id)) WITHOUT ROWID;
        CREATE INDEX ratings_by_candidate ON ratings(candidate_id);
        """)
    else:
        db.executescript("""
        CREATE TABLE ratings (id INTEGER PRIMARY KEY, rater_id INTEGER NOT NULL REFERENCES raters(id),
                              candidate_id INTEGER NOT NULL REFERENCES candidates(id),
                              dimension_id INTEGER NOT NULL REFERENCES dimensions(id), value REAL NOT NULL,
                              UNIQUE (rater_id, candidate_id, dimension_id));
        CREATE INDEX ratings_by_candidate ON ratings(candidate_id);
        """)
    start = time.perf_counter()
    db.execute("BEGIN IMMEDIATE")
    dims = {}
    for name in ("coherence", "consistency", "fluency", "relevance"):
        dims[name] = db.execute("INSERT INTO dimensions (name) VALUES (?)", (name,)).lastrowid
    raters = {}
    for group, key, n in (("expert", "expert_annotations", 3), ("turker", "turker_annotations", 5)):
        raters[key] = [db.execute("INSERT INTO raters (name, grp) VALUES (?, ?)", (f"{group}_{i}", group)).lastrowid
                       for i in range(1, n + 1)]
    docs, systems = {}, {}
    for f in files:
        with open(f, encoding="utf-8") as fh:
            for line in fh:
                if not line.strip():
                    continue
                r = json.loads(line)
                doc = docs.get(r["id"])
                if doc is None:
                    doc = db.execute("INSERT INTO documents (external_id, source, refs, metadata) VALUES (?, ?, ?, ?)",
                                     (r["id"], r["text"], json.dumps(r["references"]),
                                      json.dumps({"filepath": r.get("filepath", "")}))).lastrowid
                    docs[r["id"]] = doc
                sys_id = systems.get(r["model_id"])
                if sys_id is None:
                    sys_id = db.execute("INSERT INTO systems (name) VALUES (?)", (r["model_id"],)).lastrowid
                    systems[r["model_id"]] = sys_id
                cand = db.execute("INSERT INTO candidates (document_id, system_id, text) VALUES (?, ?, ?)",
                                  (doc, sys_id, r["decoded"])).lastrowid
                rows = []
                for key, ids in raters.items():
                    for rater, ann in zip(ids, r[key]):
                        for name, dim in dims.items():
                            rows.append((rater, cand, dim, float(ann[name])))
                db.executemany("INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (?, ?, ?, ?)", rows)
    db.execute("COMMIT")
    elapsed = time.perf_counter() - start
    db.close()
    return elapsed

reps, files = int(sys.argv[1]), sys.argv[2:]
for keyed in (False, True):
    times = []
    for _ in range(reps):
        with tempfile.TemporaryDirectory() as d:
            times.append(run(files, os.path.join(d, "ref.sqlite"), keyed))
    print(statistics.median(times))
)py";

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

// Runs the Python reference once on both ratings layouts; false (with why) when it cannot.
bool runReference(const QString &python, const QString &script, const QStringList &files, double &plain, double &keyed,
                  std::string &why)
{
    QProcess process;
    QStringList arguments{script, QStringLiteral("1")};
    arguments << files;
    process.start(python, arguments);
    if (!process.waitForFinished(600'000) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        why = "the Python reference failed (" + process.readAllStandardError().trimmed().toStdString() + ")";
        return false;
    }
    const QList<QByteArray> printed = process.readAllStandardOutput().trimmed().split('\n');
    bool ok = printed.size() == 2;
    plain = ok ? printed.at(0).trimmed().toDouble(&ok) : 0;
    bool keyedOk = ok;
    keyed = ok ? printed.at(1).trimmed().toDouble(&keyedOk) : 0;
    if (!ok || !keyedOk || plain <= 0 || keyed <= 0) {
        why = "the Python reference printed no time";
        return false;
    }
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    BenchReport bench("bench_import");
    const QStringList files = concord::test::summevalFiles();
    if (files.isEmpty()) {
        std::printf("bench_import: ../shared/data/summeval is absent (CONCORD_SHARED_DIR); nothing to measure\n");
        bench.notMeasured(kGoal, "s", BenchReport::Comparison::Below, 1, "../shared/data/summeval is absent");
        bench.notMeasured(kRatioGoal, "x", BenchReport::Comparison::AtMost, kRatioTarget,
                          "../shared/data/summeval is absent");
        return 0;
    }
    std::vector<std::string> paths;
    for (const QString &f : files)
        paths.push_back(f.toStdString());

    // The reference runs right after each of Concord's imports, so both sides see the same load on the
    // machine however it changes during the run.
    std::string noReference;
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    QTemporaryDir scriptDir;
    const QString script = scriptDir.filePath(QStringLiteral("reference_import.py"));
    if (python.isEmpty()) {
        noReference = "python3 is not found";
    } else {
        QFile out(script);
        if (!out.open(QIODevice::WriteOnly) || out.write(kPythonReference) < 0)
            noReference = "the reference script cannot be written";
    }

    std::vector<double> ours, plain, keyed;
    for (int rep = 0; rep < kRepetitions; ++rep) {
        QTemporaryDir dir;
        auto study = concord::store::Study::create(dir.filePath(QStringLiteral("bench.concord")).toStdString());
        if (!study) {
            std::fprintf(stderr, "bench_import: %s\n", study.error().describe().c_str());
            return 1;
        }
        QElapsedTimer timer;
        timer.start();
        auto report = concord::io::SummEvalImporter::importFiles(*study.value(), paths);
        const double seconds = static_cast<double>(timer.nsecsElapsed()) / 1e9;
        if (!report) {
            std::fprintf(stderr, "bench_import: %s\n", report.error().describe().c_str());
            return 1;
        }
        if (rep == 0)
            std::printf("bench_import: %zu files, %lld candidates, %lld ratings\n", paths.size(),
                        static_cast<long long>(report->candidates), static_cast<long long>(report->ratings));
        ours.push_back(seconds);
        double plainSeconds = 0, keyedSeconds = 0;
        if (noReference.empty() && runReference(python, script, files, plainSeconds, keyedSeconds, noReference)) {
            plain.push_back(plainSeconds);
            keyed.push_back(keyedSeconds);
        }
    }
    const double ourMedian = median(ours);
    std::printf("bench_import: Concord SummEval import, median of %d: %.3f s\n", kRepetitions, ourMedian);
    bench.goal(kGoal, ourMedian, "s", BenchReport::Comparison::Below, 1);
    if (!noReference.empty()) {
        std::printf("bench_import: %s; the reference is unavailable\n", noReference.c_str());
        bench.notMeasured(kRatioGoal, "x", BenchReport::Comparison::AtMost, kRatioTarget, noReference);
        return 0;
    }
    const double reference = median(plain);
    const double keyedReference = median(keyed);
    std::printf("bench_import: Python reference (json + sqlite3), median of %d: %.3f s\n", kRepetitions, reference);
    std::printf("bench_import: ratio Concord / reference: %.2f (below 1 is faster than the reference)\n",
                ourMedian / reference);
    bench.goal(kRatioGoal, ourMedian / reference, "x", BenchReport::Comparison::AtMost, kRatioTarget);
    std::printf("bench_import: information, not a goal: the reference on the study's ratings layout (WITHOUT "
                "ROWID), median of %d: %.3f s; Concord / it: %.3fx\n",
                kRepetitions, keyedReference, ourMedian / keyedReference);
    return 0;
}

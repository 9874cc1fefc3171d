// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark (not a test: it asserts nothing about time): `concord-cli import` of a million rows, as a
// user runs it. Generated CSV files: candidates (50,000 documents x 20 systems; doc_id, article,
// system, summary; a ~450-character article repeated on each of its document's rows, a ~150-character
// summary) and one rating per candidate (doc_id, system, rater, dimension, value), at 1,000,000 and at
// 100,000 rows. Each import runs concord-cli as a child process into a fresh study; measured: its wall
// time and its peak resident memory (ru_maxrss of the child, from wait4). In the same run, a plain
// streaming Python import (csv + sqlite3 into a study made by `concord-cli new`, one transaction,
// synchronous=FULL as the study uses) of the same 1,000,000 candidates is the time reference.
// Goals: the candidates import at most half the reference's time; peak memory below 100 MB; time per
// row at 1,000,000 rows within 20% of the time per row at 100,000 rows (candidates and ratings).
#include "store/study.h"

#include "bench_report.h"
#include "child_run.h"
#include "test_paths.h"

#include <QCoreApplication>
#include <QFile>
#include <QTemporaryDir>

#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

using concord::test::BenchReport;

namespace {

constexpr int kSystems = 20;

// The words of the generated texts: short common English words, as in news prose.
constexpr std::array<const char *, 64> kWords
    = {"the",  "of",    "and",  "to",    "in",   "a",    "is",   "that",  "for",   "it",   "as",  "was",   "with",
       "be",   "by",    "on",   "not",   "he",   "this", "are",  "or",    "his",   "from", "at",  "which", "but",
       "have", "an",    "they", "you",   "were", "her",  "she",  "there", "been",  "one",  "all", "we",    "their",
       "has",  "would", "when", "if",    "so",   "no",   "will", "more",  "can",   "out",  "who", "said",  "than",
       "its",  "them",  "some", "could", "into", "time", "only", "new",   "other", "two",  "may", "like"};

// A small, fast and deterministic generator (xorshift64*): the same files on every run.
class Random {
public:
    std::uint64_t next()
    {
        m_state ^= m_state >> 12;
        m_state ^= m_state << 25;
        m_state ^= m_state >> 27;
        return m_state * 0x2545F4914F6CDD1DULL;
    }
    // Words appended to out until it has grown by at least length characters.
    void words(std::string &out, std::size_t length)
    {
        const std::size_t end = out.size() + length;
        while (out.size() < end) {
            out += kWords[next() % kWords.size()];
            if (out.size() < end)
                out += ' ';
        }
    }

private:
    std::uint64_t m_state = 0x9E3779B97F4A7C15ULL;
};

struct Files {
    std::string candidates;
    std::string ratings;
    std::int64_t rows = 0;
};

// Writes both files for documents x kSystems rows, buffered: a few seconds for a million rows.
bool generate(const std::string &folder, int documents, Files &files)
{
    const std::string tag = std::to_string(documents);
    files.candidates = folder + "/candidates-" + tag + ".csv";
    files.ratings = folder + "/ratings-" + tag + ".csv";
    files.rows = std::int64_t{documents} * kSystems;
    std::FILE *candidates = std::fopen(files.candidates.c_str(), "wb");
    std::FILE *ratings = std::fopen(files.ratings.c_str(), "wb");
    if (!candidates || !ratings) {
        if (candidates)
            std::fclose(candidates);
        if (ratings)
            std::fclose(ratings);
        return false;
    }
    Random random;
    std::string c = "doc_id,article,system,summary\n";
    std::string r = "doc_id,system,rater,dimension,value\n";
    std::string article;
    bool ok = true;
    for (int d = 0; d < documents && ok; ++d) {
        article.clear();
        random.words(article, 450);
        const std::string doc = "d" + std::to_string(d);
        for (int s = 0; s < kSystems; ++s) {
            const std::string system = "sys" + std::to_string(s);
            c += doc;
            c += ',';
            c += article;
            c += ',';
            c += system;
            c += ',';
            random.words(c, 150);
            c += '\n';
            r += doc + ',' + system + ",r" + std::to_string((d + s) % 5) + ",coherence,"
                 + std::to_string(1 + random.next() % 5) + '\n';
        }
        if (c.size() > (std::size_t{4} << 20) || d + 1 == documents) {
            ok = std::fwrite(c.data(), 1, c.size(), candidates) == c.size()
                 && std::fwrite(r.data(), 1, r.size(), ratings) == r.size();
            c.clear();
            r.clear();
        }
    }
    ok = std::fclose(candidates) == 0 && ok;
    ok = std::fclose(ratings) == 0 && ok;
    return ok;
}

using Measured = concord::test::ChildRun;
using concord::test::runChild;

// The reference: the candidates straight into the study's tables in one transaction, on a study made
// by concord-cli new (so with its schema, WAL journal and synchronous=FULL).
constexpr const char *kPythonReference = R"py(
import csv, sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA foreign_keys=ON"); db.execute("PRAGMA synchronous=FULL")
db.execute("BEGIN IMMEDIATE")
docs, systems = {}, {}
with open(sys.argv[2], newline="", encoding="utf-8") as f:
    r = csv.reader(f); header = next(r); i = {n: k for k, n in enumerate(header)}
    for row in r:
        ext = row[i["doc_id"]]
        d = docs.get(ext)
        if d is None:
            d = db.execute("INSERT INTO documents (external_id, source) VALUES (?, ?)", (ext, row[i["article"]])).lastrowid
            docs[ext] = d
        s = systems.get(row[i["system"]])
        if s is None:
            s = db.execute("INSERT INTO systems (name) VALUES (?)", (row[i["system"]],)).lastrowid
            systems[row[i["system"]]] = s
        db.execute("INSERT INTO candidates (document_id, system_id, text) VALUES (?, ?, ?)", (d, s, row[i["summary"]]))
db.execute("COMMIT")
)py";

struct Imported {
    std::optional<Measured> candidates;
    std::optional<Measured> ratings;
};

// A fresh study, then the candidates, then the ratings onto them.
Imported importBoth(const std::string &cli, const std::string &folder, const Files &files, const std::string &name)
{
    Imported result;
    const std::string study = folder + "/" + name + ".concord";
    if (!runChild({cli, "new", study}, true))
        return result;
    result.candidates = runChild({cli, "import", study, files.candidates, "--format", "csv"}, true);
    if (result.candidates)
        result.ratings = runChild({cli, "import", study, files.ratings, "--format", "csv"}, true);
    return result;
}

void print(const char *what, std::int64_t rows, const std::optional<Measured> &m)
{
    if (m)
        std::printf("%-32s %8lld rows  %7.2f s  %7.3f us/row  peak %7.1f MB\n", what, static_cast<long long>(rows),
                    m->seconds, m->seconds * 1e6 / static_cast<double>(rows), m->peakMb);
    else
        std::printf("%-32s %8lld rows  failed\n", what, static_cast<long long>(rows));
}

// Whether the study holds what was imported: every candidate, and every rating when asked. A time
// is only worth reporting for an import that did the whole work.
bool holds(const std::string &study, std::int64_t candidates, std::int64_t ratings)
{
    auto opened = concord::store::Study::open(study);
    if (!opened) {
        std::fprintf(stderr, "bench_import_large: %s\n", opened.error().describe().c_str());
        return false;
    }
    const auto counts = opened.value()->counts();
    if (counts.candidates == candidates && counts.ratings == ratings)
        return true;
    std::fprintf(stderr, "bench_import_large: %s holds %lld candidates and %lld ratings, expected %lld and %lld\n",
                 study.c_str(), static_cast<long long>(counts.candidates), static_cast<long long>(counts.ratings),
                 static_cast<long long>(candidates), static_cast<long long>(ratings));
    return false;
}

double perRow(const Measured &m, std::int64_t rows)
{
    return m.seconds / static_cast<double>(rows);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    BenchReport bench("bench_import_large");
    const std::string cli = concord::test::cliPath().toStdString();
    if (cli.empty() || !QFile::exists(QString::fromStdString(cli))) {
        std::fprintf(stderr, "bench_import_large: concord-cli not found (CONCORD_CLI)\n");
        return 1;
    }
    QTemporaryDir dir;
    if (!dir.isValid()) {
        std::fprintf(stderr, "bench_import_large: no temporary folder\n");
        return 1;
    }
    const std::string folder = dir.path().toStdString();

    const auto generationStart = std::chrono::steady_clock::now();
    Files small;
    Files large;
    if (!generate(folder, 5'000, small) || !generate(folder, 50'000, large)) {
        std::fprintf(stderr, "bench_import_large: cannot write the generated files in %s\n", folder.c_str());
        return 1;
    }
    std::printf("generated %lld + %lld rows of candidates and of ratings in %.1f s (%.0f MB of candidates at 1M)\n",
                static_cast<long long>(small.rows), static_cast<long long>(large.rows),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - generationStart).count(),
                static_cast<double>(QFile(QString::fromStdString(large.candidates)).size()) / 1e6);

    const Imported atSmall = importBoth(cli, folder, small, "small");
    const Imported atLarge = importBoth(cli, folder, large, "large");
    print("concord-cli candidates", small.rows, atSmall.candidates);
    print("concord-cli ratings", small.rows, atSmall.ratings);
    print("concord-cli candidates", large.rows, atLarge.candidates);
    print("concord-cli ratings", large.rows, atLarge.ratings);

    // The Python reference on the same million candidates, into a study of its own made the same way.
    const std::string python = "/usr/bin/python3";
    std::optional<Measured> reference;
    std::string noReference;
    if (!QFile::exists(QString::fromStdString(python))) {
        noReference = "/usr/bin/python3 is missing: the Python reference is not measured";
    } else {
        const std::string study = folder + "/reference.concord";
        if (runChild({cli, "new", study}, true))
            reference = runChild({python, "-c", kPythonReference, study, large.candidates}, true);
        if (!reference)
            noReference = "the Python reference failed";
        else
            print("python csv + sqlite3 candidates", large.rows, reference);
    }

    const std::string ratioGoal = "1M candidates: concord-cli import / Python reference";
    if (atLarge.candidates && reference) {
        const double ratio = atLarge.candidates->seconds / reference->seconds;
        bench.reference("Python reference, 1M candidates (s)", reference->seconds);
        bench.goal(ratioGoal, ratio, "x", BenchReport::Comparison::AtMost, 0.5);
    } else {
        bench.notMeasured(ratioGoal, "x", BenchReport::Comparison::AtMost, 0.5,
                          !atLarge.candidates ? "the import failed" : noReference);
    }

    const auto memoryGoal = [&](const std::string &name, const std::optional<Measured> &m) {
        if (m)
            bench.goal(name, m->peakMb, "MB", BenchReport::Comparison::Below, 100);
        else
            bench.notMeasured(name, "MB", BenchReport::Comparison::Below, 100, "the import failed");
    };
    memoryGoal("1M candidates: peak resident memory", atLarge.candidates);
    memoryGoal("1M ratings: peak resident memory", atLarge.ratings);

    const auto linearGoal = [&](const std::string &name, const std::optional<Measured> &atSmallRows,
                                const std::optional<Measured> &atLargeRows) {
        if (atSmallRows && atLargeRows)
            bench.goal(name, perRow(*atLargeRows, large.rows) / perRow(*atSmallRows, small.rows), "x",
                       BenchReport::Comparison::AtMost, 1.2);
        else
            bench.notMeasured(name, "x", BenchReport::Comparison::AtMost, 1.2, "an import failed");
    };
    linearGoal("candidates: time per row at 1M / at 100k", atSmall.candidates, atLarge.candidates);
    linearGoal("ratings: time per row at 1M / at 100k", atSmall.ratings, atLarge.ratings);

    const bool imported = atSmall.candidates && atSmall.ratings && atLarge.candidates && atLarge.ratings;
    if (!imported)
        return 1;
    // Each import holds every row it read, and so does the reference's study.
    bool complete = holds(folder + "/small.concord", small.rows, small.rows)
                    && holds(folder + "/large.concord", large.rows, large.rows);
    if (reference)
        complete = holds(folder + "/reference.concord", large.rows, 0) && complete;
    return complete ? 0 : 1;
}

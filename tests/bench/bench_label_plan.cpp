// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark (asserts nothing about time): `concord-cli plan-labels` on a study of 1,000,000 summaries
// (10,000 documents x 100 systems), every one scored by a judge and 2% labelled by an expert: a plan of
// 10,000 labels by the judge's uncertainty, stored with every probability. Run as a child process, as a
// user runs it: its wall time (goal: under 1 s) and peak resident memory (goal: under 200 MB). In the same
// run, a plain Python reference (sqlite3: read the scores, the same bins, probabilities and draw, the
// 1,000,000 items stored in one transaction) on a copy of the same study gives the time ratio.
#include "reports/label_plan_report.h"
#include "store/study.h"

#include "bench_report.h"
#include "child_run.h"
#include "test_paths.h"

#include <QFile>
#include <QTemporaryDir>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>

using concord::test::BenchReport;
using concord::test::runChild;
using namespace concord;

namespace {

constexpr int kDocuments = 10000;
constexpr int kSystems = 100;

bool makeStudy(const std::string &path)
{
    auto created = store::Study::create(path);
    if (!created)
        return false;
    store::Study &s = *created.value();
    const Status written = s.write([&] {
        model::Dimension coherence;
        coherence.name = "coherence";
        const model::Id dim = s.ensureDimension(coherence);
        const model::Id expert = s.ensureRater({0, "e1", model::RaterKind::Human, "expert", {}, {}, {}, {}});
        model::Rater judge;
        judge.name = "j1";
        judge.kind = model::RaterKind::Judge;
        const model::Id j1 = s.ensureRater(judge);
        std::vector<model::Id> systems;
        for (int system = 0; system < kSystems; ++system)
            systems.push_back(s.ensureSystem(std::string("system-").append(std::to_string(system))));
        for (int doc = 0; doc < kDocuments; ++doc) {
            model::Document d;
            d.externalId = std::string("doc-").append(std::to_string(doc));
            d.source = "An article.";
            const model::Id docId = s.addDocument(d);
            for (int system = 0; system < kSystems; ++system) {
                const model::Id c = s.addCandidate(docId, systems[static_cast<std::size_t>(system)], "A summary.");
                const int k = doc * kSystems + system;
                s.setRating(j1, c, dim, 1 + (k * 7919 % 41) / 10.0);
                if (k % 50 == 0)
                    s.setRating(expert, c, dim, 1 + (k * 104729 % 5));
            }
        }
    });
    return written.ok();
}

// The same plan in Python's sqlite3: the pool, five bins of the labelled by the judge's score, each
// summary's probability mixed with a uniform share of 0.3 and capped, a draw, every item stored as Concord
// stores them (the drawn as rows, the others packed in the plan's pool).
constexpr const char *kReference = R"py(
import random, sqlite3, struct, sys
db = sqlite3.connect(sys.argv[1]); db.execute("PRAGMA foreign_keys=ON"); db.execute("PRAGMA synchronous=FULL")
judge, = db.execute("SELECT id FROM raters WHERE name = 'j1'").fetchone()
dim, = db.execute("SELECT id FROM dimensions WHERE name = 'coherence'").fetchone()
f, y = {}, {}
for c, r, v in db.execute("SELECT candidate_id, rater_id, value FROM ratings WHERE dimension_id = ?", (dim,)):
    (f if r == judge else y)[c] = v
pool = sorted(c for c in f if c not in y)
lab = sorted((f[c], abs(y[c] - f[c])) for c in y if c in f)
bins = []
for b in range(5):
    part = lab[b * len(lab) // 5:(b + 1) * len(lab) // 5]
    bins.append((part[-1][0], sum(x[1] for x in part) / len(part)))
def u(v):
    for upper, mean in bins[:-1]:
        if v <= upper: return mean
    return bins[-1][1]
unc = [u(f[c]) for c in pool]; total = sum(unc); B = 10000.0; n = len(pool)
p = [min(1.0, 0.7 * B * x / total + 0.3 * B / n) for x in unc]
rng = random.Random(1)
drawn = [rng.random() < q for q in p]
with db:
    cur = db.execute("INSERT INTO label_plans (judge_id, dimension_id, strategy, budget, uniform_share, seed, created_at) "
                     "VALUES (?, ?, 'uncertainty', ?, 0.3, 1, 'now')", (judge, dim, B))
    plan = cur.lastrowid
    db.executemany("INSERT INTO label_plan_items VALUES (?, ?, ?, 1)",
                   ((plan, c, q) for c, q, d in zip(pool, p, drawn) if d))
    rest = [(c, q) for c, q, d in zip(pool, p, drawn) if not d]
    db.execute("INSERT INTO label_plan_pools VALUES (?, ?)",
               (plan, struct.pack("<" + "qd" * len(rest), *(x for e in rest for x in e))))
)py";

} // namespace

int main()
{
    BenchReport bench("bench_label_plan");
    const std::string timeGoal = "plan-labels on 1,000,000 summaries (10,000 labels by uncertainty)";
    const std::string memoryGoal = "plan-labels on 1,000,000 summaries: peak memory";
    QTemporaryDir dir;
    const std::string study = dir.filePath(QStringLiteral("million.concord")).toStdString();
    const auto made = std::chrono::steady_clock::now();
    if (!makeStudy(study)) {
        std::printf("bench_label_plan: the study could not be made\n");
        return 1;
    }
    std::printf("a study of %d summaries, every one scored by the judge and 2%% labelled: made in %.1f s\n",
                kDocuments * kSystems, std::chrono::duration<double>(std::chrono::steady_clock::now() - made).count());
    const std::string copy = dir.filePath(QStringLiteral("reference.concord")).toStdString();
    std::filesystem::copy_file(study, copy);

    const std::string cli = test::cliPath().toStdString();
    const auto ours = runChild({cli, "plan-labels", study, "--rater", "j1", "--dimension", "coherence", "--budget",
                                "10000", "--format", "csv"},
                               true);
    if (!ours) {
        bench.notMeasured(timeGoal, "s", BenchReport::Comparison::Below, 1, "plan-labels failed");
        bench.notMeasured(memoryGoal, "MB", BenchReport::Comparison::Below, 200, "plan-labels failed");
        return 1;
    }
    {
        store::OpenOptions readOnly;
        readOnly.readOnly = true;
        auto opened = store::Study::open(study, readOnly);
        const auto plans = opened.value()->labelPlans();
        std::printf("plan-labels: %.2f s, peak %.0f MB; %zu plan(s) stored with %zu items\n", ours->seconds,
                    ours->peakMb, plans.size(),
                    plans.empty() ? std::size_t(0) : opened.value()->labelPlanItems(plans.front().id).size());
    }
    bench.goal(timeGoal, ours->seconds, "s", BenchReport::Comparison::Below, 1);
    bench.goal(memoryGoal, ours->peakMb, "MB", BenchReport::Comparison::Below, 200);

    const std::string python = "/usr/bin/python3";
    if (!QFile::exists(QString::fromStdString(python))) {
        std::printf("  reference unavailable: /usr/bin/python3 is missing\n");
        return 0;
    }
    const auto reference = runChild({python, "-c", kReference, copy}, true);
    if (!reference) {
        std::printf("  reference failed\n");
        return 0;
    }
    std::printf("  Python sqlite3 reference, the same plan: %.2f s, peak %.0f MB -> Concord is %.1fx as fast\n",
                reference->seconds, reference->peakMb, reference->seconds / ours->seconds);
    bench.reference("Python reference time / ours", reference->seconds / ours->seconds);
    return 0;
}

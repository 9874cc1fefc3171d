// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark of a judge's versions table: ten template versions of one judge on a study of SummEval's size (100
// documents of 12 systems, three experts, one Likert dimension, 30% of the documents dev), compared on the test
// split with the CLI's defaults: each version's correlation at dataset, system and summary level with 1,000
// bootstrap resamples, and each version against the one before by Williams' test and a 1,000-resample
// permutation test (goal: the whole table under 1 s, the study opened and read). Beside it, in the same run, the
// reference is the same table asked for as before the versions command: `stats --split test --bootstrap 1000`
// for each version and `stats --compare --split test` for each pair, each opening the study as the CLI does; its
// time over ours is printed, and the two must give the same numbers or the benchmark fails. Asserts nothing about
// time.
#include "bench_report.h"
#include "median_time.h"
#include "reports/correlation_report.h"
#include "reports/judge_comparison.h"
#include "reports/split_report.h"
#include "reports/study_scores.h"
#include "reports/versions_report.h"
#include "store/study.h"

#include <QTemporaryDir>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

using namespace concord;
using test::BenchReport;
using test::medianSeconds;

namespace {

constexpr int kDocuments = 100;
constexpr int kSystems = 12;
constexpr int kVersions = 10;

std::string versionName(int v)
{
    return std::string("bench rts v").append(std::to_string(v));
}

// Experts score around a summary's quality; version v's judge follows it with noise that shrinks as v grows.
bool makeStudy(const std::string &path)
{
    auto created = store::Study::create(path);
    if (!created.ok())
        return false;
    store::Study &s = *created.value();
    std::mt19937_64 random(20261129);
    std::normal_distribution<double> noise(0, 1);
    const Status written = s.write([&] {
        model::Dimension coherence;
        coherence.name = "coherence";
        const model::Id dim = s.ensureDimension(coherence);
        std::vector<model::Id> experts, judges;
        for (const char *name : {"e1", "e2", "e3"})
            experts.push_back(s.ensureRater({0, name, model::RaterKind::Human, "expert", {}, {}, {}, {}}));
        for (int v = 1; v <= kVersions; ++v) {
            model::Rater judge;
            judge.name = versionName(v);
            judge.kind = model::RaterKind::Judge;
            judges.push_back(s.ensureRater(judge));
            const model::Id run = s.addJudgeRun(judges.back(), "rts", "{\"provider\":\"openai\",\"model\":\"m\"}");
            s.setJudgeRunTemplate(run, s.ensurePromptTemplate("rts", "rts-bench", v, "Rate {{summary}}."));
            s.finishJudgeRun(run, "finished");
        }
        const auto likert = [](double x) { return std::clamp(std::round(x), 1.0, 5.0); };
        for (int d = 0; d < kDocuments; ++d) {
            model::Document doc;
            doc.externalId = std::string("d").append(std::to_string(d));
            doc.source = "An article.";
            const model::Id docId = s.addDocument(doc);
            for (int k = 0; k < kSystems; ++k) {
                const model::Id c
                    = s.addCandidate(docId, s.ensureSystem(std::string("S").append(std::to_string(k))), "A summary.");
                const double quality = 3 + 0.1 * (k - kSystems / 2) + noise(random);
                for (const model::Id e : experts)
                    s.setRating(e, c, dim, likert(quality + 0.5 * noise(random)));
                for (int v = 0; v < kVersions; ++v)
                    s.setRating(judges[static_cast<std::size_t>(v)], c, dim,
                                likert(quality + (2.0 - 0.15 * v) * noise(random)));
            }
        }
    });
    if (!written.ok())
        return false;
    reports::SplitRequest split;
    split.dev = 0.3;
    split.seed = 7;
    return reports::splitDocuments(s, split).ok();
}

reports::VersionsRequest request()
{
    reports::VersionsRequest r;
    r.judge = versionName(1);
    r.humanGroup = "expert";
    return r; // the CLI's defaults: test split, three levels, Pearson, 1,000 resamples each, seed 24301
}

// The same numbers, asked for one report at a time, each from a study opened as the CLI opens it.
struct Reference {
    std::vector<double> values; // each version's r and interval ends, then each pair's permutation p
};

Reference reference(const std::string &path)
{
    Reference out;
    store::OpenOptions options;
    options.readOnly = true;
    const reports::VersionsRequest asked = request();
    for (int v = 1; v <= kVersions; ++v) {
        auto study = store::Study::open(path, options);
        reports::StudyScores scores = reports::StudyScores::read(*study.value());
        if (!reports::keepSplitOnly(*study.value(), scores, "test").ok())
            return {};
        reports::CorrelationRequest c;
        c.humanGroup = "expert";
        c.rater = versionName(v);
        c.levels = asked.levels;
        c.methods = {asked.method};
        c.bootstrap = asked.bootstrap;
        c.bootstrapOptions.resamples = asked.bootstrap;
        c.bootstrapOptions.seed = asked.seed;
        c.split = "test";
        const auto report = reports::computeCorrelationReport(scores, c);
        if (!report)
            return {};
        const auto &d = report.value().dimensions.front();
        for (const auto *level : {&d.dataset, &d.system, &d.summary}) {
            const auto &e = level->at(asked.method);
            out.values.insert(out.values.end(), {e.correlation.value, e.ci.low, e.ci.high});
        }
    }
    for (int v = 2; v <= kVersions; ++v) {
        auto study = store::Study::open(path, options);
        reports::JudgeComparisonRequest c;
        c.humanGroup = "expert";
        c.raterA = versionName(v);
        c.raterB = versionName(v - 1);
        c.levels = asked.levels;
        c.methods = {asked.method};
        c.resamples = asked.resamples;
        c.seed = asked.seed;
        c.split = "test";
        const auto comparison = reports::compareJudges(*study.value(), c);
        if (!comparison)
            return {};
        for (const auto &e : comparison.value().entries)
            out.values.push_back(e.permutation.p);
    }
    return out;
}

} // namespace

int main()
{
    BenchReport bench("bench_versions");
    const std::string goal = "The versions table of ten versions, SummEval's size, on the test split";
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("versions.concord")).toStdString();
    if (!makeStudy(path)) {
        std::printf("bench_versions: the study could not be made\n");
        return 1;
    }
    std::vector<double> ours;
    std::size_t rows = 0;
    const double seconds = medianSeconds(3, [&] {
        store::OpenOptions options;
        options.readOnly = true;
        auto study = store::Study::open(path, options);
        const auto report = reports::compareVersions(*study.value(), request());
        ours.clear();
        rows = 0;
        if (!report.ok())
            return;
        for (const auto &a : report.value().agreement)
            ours.insert(ours.end(), {a.entry.correlation.value, a.entry.ci.low, a.entry.ci.high});
        for (const auto &s : report.value().steps)
            ours.push_back(s.comparison.permutation.p);
        rows = report.value().agreement.size() + report.value().steps.size();
    });
    std::printf("versions table: %zu rows (10 versions x 3 levels, 9 steps x 3 levels): %.0f ms (median of 3)\n", rows,
                seconds * 1e3);
    if (rows != 3 * kVersions + 3 * (kVersions - 1)) {
        std::printf("bench_versions: expected %d rows, got %zu\n", 3 * kVersions + 3 * (kVersions - 1), rows);
        return 1;
    }
    bench.goal(goal, seconds, "s", BenchReport::Comparison::Below, 1);

    Reference ref;
    const double refSeconds = medianSeconds(3, [&] { ref = reference(path); });
    if (ref.values != ours) {
        std::printf("bench_versions: the reference's numbers differ from the versions table's\n");
        return 1;
    }
    std::printf("  reference, the same table as ten stats and nine stats --compare calls: %.0f ms\n", refSeconds * 1e3);
    std::printf("  -> the versions table is %.2fx as fast\n", refSeconds / seconds);
    bench.reference("reports one at a time / versions table", refSeconds / seconds);
    return 0;
}

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark (LABELS bench, not a timed test): one annotator's edit of a team study, Study::write of setRating
// from her own login over loopback TCP to a throwaway server (tests/support/pg_test_cluster). The Study's
// statements are cached and so prepared on the server once; the same-run reference is the same edit with the
// same SQL through an uncached statement, which the server parses and plans on every run (PQexecParams).
// Goal: the prepared edit at least 1.1x as fast as the unprepared one. Rounds alternate, medians are compared.
#include "bench_report.h"
#include "pg_test_cluster.h"

#include "store/pg_connection.h"
#include "store/pg_team.h"
#include "store/study.h"

#include <QCoreApplication>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

using namespace concord;
using concord::model::Id;
using concord::test::BenchReport;
using concord::test::PgTestCluster;

namespace {

constexpr int candidateCount = 20;
constexpr int editsPerRound = 1000;
constexpr int rounds = 5;

// Study::setRating's SQL in an annotator's session, as Study writes it.
constexpr const char *setRatingSql = "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) VALUES (?1, "
                                     "?2, ?3, ?4) ON CONFLICT (rater_id, candidate_id, dimension_id) DO UPDATE SET "
                                     "value = excluded.value";

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    BenchReport bench("bench_pg_edit");
    const std::string goal = "prepared edit speed-up over unprepared";
    PgTestCluster cluster;
    if (!cluster.ok()) {
        bench.notMeasured(goal, "x", BenchReport::Comparison::AtLeast, 1.1, cluster.error().toStdString());
        return 1;
    }
    const std::string uri = cluster.createTeamStudy(QStringLiteral("edits"));
    Id dimension = 0;
    std::vector<Id> candidates;
    try {
        if (uri.empty())
            throw Failure(Error{cluster.error().toStdString(), {}, 0, {}});
        store::PgConnection admin(uri);
        auto lead = store::Study::open(uri);
        if (!lead)
            throw Failure(lead.error());
        store::Study &s = *lead.value();
        const Status wrote = s.write([&] {
            model::Document d;
            d.externalId = std::string("d1");
            d.source = std::string("The council met on Tuesday.");
            const Id doc = s.addDocument(d);
            for (int i = 0; i < candidateCount; ++i)
                candidates.push_back(
                    s.addCandidate(doc, s.ensureSystem("system-" + std::to_string(i)), "Summary " + std::to_string(i)));
            model::Dimension l;
            l.name = std::string("coherence");
            dimension = s.ensureDimension(l);
        });
        if (!wrote.ok())
            throw Failure(wrote.error());
        store::PgTeam::addMember(admin, "ann", "experts", store::TeamRole::Annotator);
        admin.script("ALTER ROLE ann PASSWORD 'ann-password'");
    } catch (const Failure &f) {
        bench.notMeasured(goal, "x", BenchReport::Comparison::AtLeast, 1.1, f.error().describe());
        return 1;
    }

    auto opened = store::Study::open(
        cluster.tcpUri(QStringLiteral("ann"), QStringLiteral("ann-password"), QStringLiteral("edits")));
    if (!opened) {
        bench.notMeasured(goal, "x", BenchReport::Comparison::AtLeast, 1.1, opened.error().describe());
        return 1;
    }
    store::Study &s = *opened.value();
    const Id ann = s.raters().at(0).id;

    // One round of edits, each its own transaction as the Annotate view writes it; seconds per edit.
    int edit = 0;
    const auto round = [&](bool prepared) {
        const auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < editsPerRound; ++i, ++edit) {
            const Id candidate = candidates[static_cast<std::size_t>(edit % candidateCount)];
            const double value = 1 + edit % 5;
            const Status wrote
                = prepared ? s.write([&] { s.setRating(ann, candidate, dimension, value); }) : s.write([&] {
                      auto statement = s.database().prepare(setRatingSql);
                      statement.bindAll(ann, candidate, dimension, value);
                      statement.run();
                  });
            if (!wrote.ok()) {
                std::fprintf(stderr, "edit failed: %s\n", wrote.error().describe().c_str());
                return -1.0;
            }
        }
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / editsPerRound;
    };
    round(true); // warm-up: connection, caches, the statement prepared
    round(false);
    std::vector<double> prepared, unprepared;
    for (int r = 0; r < rounds; ++r) {
        prepared.push_back(round(true));
        unprepared.push_back(round(false));
        if (prepared.back() < 0 || unprepared.back() < 0)
            return 1;
    }
    const double preparedMs = median(prepared) * 1000;
    const double unpreparedMs = median(unprepared) * 1000;
    std::printf("one annotator's edit over loopback, median of %d rounds of %d: prepared %.3f ms, unprepared %.3f ms\n",
                rounds, editsPerRound, preparedMs, unpreparedMs);
    bench.reference("prepared edit (ms)", preparedMs);
    bench.reference("unprepared edit (ms)", unpreparedMs);
    bench.goal(goal, unpreparedMs / preparedMs, "x", BenchReport::Comparison::AtLeast, 1.1);
    return 0;
}

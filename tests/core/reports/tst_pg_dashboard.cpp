// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The lead's dashboard on a team study: the same report as on the study file it was published from, and
// read from the server once per refresh, so that its round trips do not grow with the raters (each was
// a statement of its own on PostgreSQL, where a read is a round trip with its rows sent as text). The
// statements are counted in the throwaway server's own log (log_statement = all for the study's database).
#include "pg_test_cluster.h"
#include "summeval_judges.h"

#include "reports/dashboard_report.h"
#include "store/study.h"
#include "store/study_publisher.h"

#include <QTemporaryDir>
#include <QTest>

#include <charconv>
#include <map>
#include <random>
#include <string>
#include <vector>

using namespace concord;
using model::Id;

namespace {

constexpr int kDocuments = 6;
constexpr int kSystems = 4;

reports::DashboardOptions dashboardOptions()
{
    reports::DashboardOptions o;
    o.humanGroup = "expert";
    o.resamples = 50;
    return o;
}

// Adds `count` human raters of the group, each rating every candidate on every Likert dimension with
// seeded values; `first` numbers their names.
Status addHumans(store::Study &study, const std::string &group, int first, int count, unsigned seed)
{
    return study.write([&] {
        std::mt19937 rng(seed);
        std::uniform_int_distribution<int> value(1, 5);
        for (int h = first; h < first + count; ++h) {
            model::Rater r;
            r.name = group + "_" + std::to_string(h);
            r.group = group;
            const Id rater = study.ensureRater(r);
            for (const auto &d : study.dimensions())
                if (d.kind == model::DimensionKind::Likert)
                    for (const auto &c : study.candidates())
                        study.setRating(rater, c.id, d.id, value(rng));
        }
    });
}

// A small study: documents × systems, two Likert dimensions, three experts and two crowd workers.
std::string createStudy(const std::string &path)
{
    auto created = store::Study::create(path);
    if (!created)
        return created.error().describe();
    store::Study &study = *created.value();
    const Status made = study.write([&] {
        std::vector<Id> systems;
        for (int s = 0; s < kSystems; ++s)
            systems.push_back(study.ensureSystem("system_" + std::to_string(s)));
        for (int d = 0; d < kDocuments; ++d) {
            model::Document document;
            document.externalId = "doc_" + std::to_string(d);
            document.source = "A source text about topic " + std::to_string(d) + ".";
            const Id id = study.addDocument(document);
            for (int s = 0; s < kSystems; ++s)
                study.addCandidate(id, systems[static_cast<std::size_t>(s)],
                                   std::string(static_cast<std::size_t>(3 + s + d), 'w') + " words of summary");
        }
        for (const char *name : {"coherence", "fluency"}) {
            model::Dimension dimension;
            dimension.name = name;
            study.ensureDimension(dimension);
        }
    });
    if (!made)
        return made.error().describe();
    if (const Status s = addHumans(study, "expert", 1, 3, 11); !s)
        return s.error().describe();
    if (const Status s = addHumans(study, "turker", 1, 2, 12); !s)
        return s.error().describe();
    return {};
}

// The shortest text that reads back as the same double.
std::string exact(double v)
{
    char buf[64];
    return std::string(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}

// Every part of the report that comes from the study's data, as text to compare.
std::string reportText(const reports::DashboardReport &r)
{
    std::string out;
    for (const auto &c : r.correlations)
        out += c.rater + ": " + reports::toJson(c.report).dump() + "\n";
    for (const auto &a : r.alpha)
        out += a.group + "/" + a.dimension + "/" + a.judge + ": " + reports::toJson(a.report).dump() + "\n";
    for (const auto &s : r.scatter) {
        out += s.judge + "/" + s.dimension + ":";
        for (const auto &p : s.points)
            out += " " + p.document + "," + p.system + "," + exact(p.human) + "," + exact(p.judge);
        out += "\n";
    }
    for (const auto &l : r.lengthBias)
        out += l.judge + "/" + l.dimension + ": " + exact(l.bias.judgeWithLength.value) + " "
               + exact(l.bias.humansWithLength.value) + "\n";
    for (const auto &i : r.invalidRates)
        out += i.judge + "/" + i.protocol + "/" + i.dimension + ": " + std::to_string(i.calls) + " "
               + std::to_string(i.invalid) + "\n";
    for (const auto &w : r.warnings)
        out += "warning: " + w + "\n";
    return out;
}

} // namespace

class TestPgDashboard : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void callCountsTallyTheCalls();
    void sameReportAsTheStudyFile();
    void readsDoNotGrowWithTheRaters();

private:
    // The statements the server ran for one refresh of the team study's dashboard.
    int statementsOfOneRefresh(reports::DashboardReport &report);

    QTemporaryDir m_dir;
    test::PgTestCluster m_cluster;
    std::string m_file;
    std::string m_uri;
};

void TestPgDashboard::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(m_cluster.ok(), qPrintable(m_cluster.error()));
    m_file = m_dir.filePath(QStringLiteral("team.concord")).toStdString();
    std::string error = createStudy(m_file);
    QVERIFY2(error.empty(), error.c_str());
    error = test::addNoisyJudge(m_file, "judge_close", 0.5, 7, 5);
    QVERIFY2(error.empty(), error.c_str());
    // Calls about no single dimension count apart.
    {
        auto study = store::Study::open(m_file);
        QVERIFY(study.ok());
        const Status added = study.value()->write([&] {
            const Id judge = study.value()->raterId("judge_close").value();
            const Id run = study.value()->addJudgeRun(judge, "rts", "{}");
            for (int i = 0; i < 3; ++i) {
                model::JudgeCall call;
                call.runId = run;
                call.requestHash = "whole-" + std::to_string(i);
                call.valid = i != 1;
                study.value()->addJudgeCall(call);
            }
            study.value()->finishJudgeRun(run, "finished");
        });
        QVERIFY2(added.ok(), added.ok() ? "" : added.error().describe().c_str());
    }
    m_uri = m_cluster.createDatabase(QStringLiteral("dashboard"));
    QVERIFY2(!m_uri.empty(), qPrintable(m_cluster.error()));
    const auto published = store::StudyPublisher::publish(m_file, m_uri);
    QVERIFY2(published.ok(), published.ok() ? "" : published.error().describe().c_str());
    // Sessions opened from now on log every statement they run.
    const QString logged = m_cluster.exec("ALTER DATABASE dashboard SET log_statement = 'all'");
    QVERIFY2(logged.isEmpty(), qPrintable(logged));
}

void TestPgDashboard::callCountsTallyTheCalls()
{
    for (const std::string &where : {m_file, m_uri}) {
        auto study = store::Study::open(where);
        QVERIFY2(study.ok(), study.ok() ? "" : study.error().describe().c_str());
        std::map<std::pair<Id, Id>, std::pair<std::int64_t, std::int64_t>> tally; // dimension 0: none
        for (const auto &r : study.value()->raters())
            for (const auto &call : study.value()->callsOfRater(r.id, false)) {
                auto &[calls, invalid] = tally[{r.id, call.dimensionId.value_or(0)}];
                ++calls;
                invalid += call.valid ? 0 : 1;
            }
        const auto counts = study.value()->callCounts();
        QCOMPARE(counts.size(), tally.size());
        QVERIFY(!counts.empty());
        QVERIFY2(!counts.front().dimension, "calls about no single dimension come first, on both backends");
        for (const auto &c : counts) {
            const auto &[calls, invalid] = tally.at({c.rater, c.dimension.value_or(0)});
            QCOMPARE(c.calls, calls);
            QCOMPARE(c.invalid, invalid);
        }
        QCOMPARE(tally.at({study.value()->raterId("judge_close").value(), 0}),
                 (std::pair<std::int64_t, std::int64_t>{3, 1}));
    }
}

void TestPgDashboard::sameReportAsTheStudyFile()
{
    const auto onFile = reports::computeDashboard(m_file, dashboardOptions());
    QVERIFY2(onFile.ok(), onFile.ok() ? "" : onFile.error().describe().c_str());
    const auto onServer = reports::computeDashboard(m_uri, dashboardOptions());
    QVERIFY2(onServer.ok(), onServer.ok() ? "" : onServer.error().describe().c_str());
    QCOMPARE(onServer.value().correlations.size(), std::size_t{4}); // the judge, then each expert
    QCOMPARE(onServer.value().invalidRates.size(), std::size_t{3}); // no single dimension, then both
    QVERIFY(onServer.value().warnings.empty());
    QCOMPARE(reportText(onServer.value()), reportText(onFile.value()));
}

int TestPgDashboard::statementsOfOneRefresh(reports::DashboardReport &report)
{
    const qsizetype before = m_cluster.serverLog().size();
    auto refreshed = reports::computeDashboard(m_uri, dashboardOptions());
    if (!refreshed)
        qWarning("%s", refreshed.error().describe().c_str());
    else
        report = std::move(refreshed).value();
    int statements = 0;
    // "statement:" for a simple query, "execute <name>:" for one with parameters (extended protocol).
    for (const QString &line : m_cluster.serverLog().mid(before).split(QLatin1Char('\n')))
        if (line.contains(QLatin1String("LOG:  statement: ")) || line.contains(QLatin1String("LOG:  execute ")))
            ++statements;
    return statements;
}

void TestPgDashboard::readsDoNotGrowWithTheRaters()
{
    reports::DashboardReport before;
    const int statements = statementsOfOneRefresh(before);
    QCOMPARE(before.correlations.size(), std::size_t{4});
    QVERIFY2(statements > 0, "the server logged no statement of the refresh");

    // Three more experts and another judge: more reports, the same reading.
    {
        auto study = store::Study::open(m_uri);
        QVERIFY(study.ok());
        const Status added = addHumans(*study.value(), "expert", 4, 3, 13);
        QVERIFY2(added.ok(), added.ok() ? "" : added.error().describe().c_str());
    }
    const std::string error = test::addNoisyJudge(m_uri, "judge_noisy", 1.2, 11, 4);
    QVERIFY2(error.empty(), error.c_str());
    reports::DashboardReport after;
    const int statementsAfter = statementsOfOneRefresh(after);
    QCOMPARE(after.correlations.size(), std::size_t{8}); // two judges, six experts
    QCOMPARE(after.alpha.size(), before.alpha.size() + 2);
    QCOMPARE(statementsAfter, statements);
}

QTEST_GUILESS_MAIN(TestPgDashboard)
#include "tst_pg_dashboard.moc"

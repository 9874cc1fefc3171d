// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark (LABELS bench, no timing assertions): an annotator moving from document to document of a team study
// on a throwaway PostgreSQL server, behind a proxy that holds every packet 15 ms each way (a 30 ms round trip),
// beside the same moves on a direct connection to the same server in the same run (the reference). Goal: the
// longest time the GUI thread is held while documents open, under 50 ms. Also printed: how long a document
// takes to show (median), far and near.
#include "annotation_study.h"
#include "bench_report.h"
#include "delay_proxy.h"
#include "pg_test_cluster.h"
#include "stall_meter.h"

#include "annotate/annotate_workspace.h"
#include "annotate/annotation_view.h"
#include "common/study_session.h"
#include "window/main_window.h"

#include "store/pg_connection.h"
#include "store/pg_team.h"
#include "store/study_publisher.h"

#include <QAction>
#include <QElapsedTimer>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <vector>

using concord::test::BenchReport;
using concord::test::DelayProxy;
using concord::test::PgTestCluster;
using concord::test::StallMeter;
using concord::ui::MainWindow;
namespace store = concord::store;

namespace {

constexpr int kDocuments = 40;

struct Moves {
    qint64 longestStallMs = 0;
    std::vector<double> showMs; // from the key to the document shown
};

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[values.size() / 2];
}

} // namespace

class BenchTeamOpen : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void openingDocumentsBehindAFarServer();

private:
    // The window as ann on uri, moving through every document once.
    Moves moveThrough(const std::string &uri);

    QTemporaryDir m_dir;
    std::unique_ptr<PgTestCluster> m_cluster;
};

void BenchTeamOpen::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("ConcordBench"));
    QCoreApplication::setApplicationName(QStringLiteral("bench_team_open"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QStandardPaths::setTestModeEnabled(true);
    qunsetenv("PGPASSWORD");
    qputenv("PGPASSFILE", m_dir.filePath(QStringLiteral("no-pgpass")).toLocal8Bit());
    m_cluster = std::make_unique<PgTestCluster>();
    QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
    const std::string admin = m_cluster->createDatabase(QStringLiteral("team"));
    QVERIFY2(!admin.empty(), qPrintable(m_cluster->error()));
    const QString file = m_dir.filePath(QStringLiteral("annotate.concord"));
    QCOMPARE(concord::test::AnnotationStudy::create(file, kDocuments), QString());
    const auto published = store::StudyPublisher::publish(file.toStdString(), admin);
    QVERIFY2(published.ok(), published.ok() ? "" : published.error().describe().c_str());
    store::PgConnection connection(admin);
    store::PgTeam::addMember(connection, "ann", "expert", store::TeamRole::Annotator);
    QCOMPARE(m_cluster->exec("ALTER ROLE ann PASSWORD 'ann-pw'"), QString());
}

Moves BenchTeamOpen::moveThrough(const std::string &uri)
{
    Moves moves;
    MainWindow window;
    window.show();
    const auto opened = window.openStudy(QString::fromStdString(uri));
    if (!opened)
        qFatal("%s", opened.error().describe().c_str());
    window.setAnnotator(QStringLiteral("ann")).ok();
    auto *view = window.annotationView();
    if (!QTest::qWaitFor([view] { return view->documentId() != 0 && !view->cards().empty(); }, 60000))
        qFatal("no document was shown");
    QAction *next = window.annotateWorkspace()->actions().nextDocument;
    window.selectFirstDocument();
    if (!QTest::qWaitFor([view] { return view->requestedDocument() == view->documentId(); }, 60000))
        qFatal("the first document was not shown");
    StallMeter meter;
    meter.start();
    for (int step = 1; step < kDocuments; ++step) {
        const qint64 before = view->documentId();
        QElapsedTimer shown;
        shown.start();
        next->trigger();
        if (!QTest::qWaitFor([view, before] { return view->documentId() != before; }, 60000))
            qFatal("document %d was not shown", step + 1);
        moves.showMs.push_back(static_cast<double>(shown.nsecsElapsed()) / 1e6);
    }
    moves.longestStallMs = meter.stop();
    window.closeStudy();
    return moves;
}

void BenchTeamOpen::openingDocumentsBehindAFarServer()
{
    const Moves near
        = moveThrough(m_cluster->tcpUri(QStringLiteral("ann"), QStringLiteral("ann-pw"), QStringLiteral("team")));
    DelayProxy proxy(m_cluster->port(), std::chrono::milliseconds(15));
    QVERIFY2(proxy.port() != 0, proxy.error().c_str());
    const Moves far = moveThrough("postgresql://ann:ann-pw@127.0.0.1:" + std::to_string(proxy.port()) + "/team");

    std::printf("documents opened: %d, each way near (direct) and far (30 ms round trip)\n", kDocuments - 1);
    std::printf("time to show a document, median: near %.1f ms, far %.1f ms (%.2fx)\n", median(near.showMs),
                median(far.showMs), median(far.showMs) / std::max(median(near.showMs), 0.001));
    std::printf("longest GUI stall: near %lld ms, far %lld ms\n", static_cast<long long>(near.longestStallMs),
                static_cast<long long>(far.longestStallMs));
    BenchReport report("bench_team_open");
    report.reference("longest stall far / near", static_cast<double>(far.longestStallMs)
                                                     / static_cast<double>(std::max<qint64>(near.longestStallMs, 1)));
    report.reference("time to show far / near", median(far.showMs) / std::max(median(near.showMs), 0.001));
    report.goal("longest GUI stall opening documents behind a 30 ms round trip",
                static_cast<double>(far.longestStallMs), "ms", BenchReport::Comparison::Below, 50);
}

QTEST_MAIN(BenchTeamOpen)
#include "bench_team_open.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark (LABELS bench, not a timed test): a study with 1,000,000 ratings (10,000 documents × 10
// systems × 5 raters × 2 dimensions: 3 humans and 2 judges) opens in MainWindow as the application
// opens it and shows its first document. Goals: the first document on screen in under 1 s, and the
// opening process's peak resident memory (VmHWM) under 150 MB once the window and everything it
// started in the background have settled.
//
// The study is written with plain SQL in one transaction; each opening runs in a fresh child process
// (this executable with --open PATH), so that VmHWM measures opening the study and nothing else. A
// plain sqlite3 open and read of the first document is the same-run reference. --generate PATH only
// writes the study (to profile --open by hand).
#include "window/main_window.h"

#include "bench_report.h"
#include "million_study.h"

#include "store/study.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>

#include <sqlite3.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

using concord::test::BenchReport;
using concord::test::MillionStudy;
using concord::ui::MainWindow;

namespace {

constexpr int documentCount = MillionStudy::documents;
constexpr int systemCount = MillionStudy::systems;
constexpr int humanCount = MillionStudy::humans;
constexpr int judgeCount = MillionStudy::judges;
constexpr int dimensionCount = MillionStudy::dimensions;
constexpr std::int64_t ratingCount = MillionStudy::ratings;
constexpr int rounds = 3;

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

// A field of /proc/self/status in kB (VmHWM, VmRSS), or -1.
long statusKb(const char *field)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray prefix = QByteArray(field) + ':';
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith(prefix))
            return line.mid(prefix.size()).trimmed().split(' ').value(0).toLong();
    return -1;
}

// What the GUI has to do at least: open the file and read the first document and its candidates.
bool plainSqliteFirstDocument(const std::string &path, std::string &article, int &candidates)
{
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        sqlite3_close(db);
        return false;
    }
    bool ok = false;
    sqlite3_stmt *doc = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT id, source FROM documents ORDER BY id LIMIT 1", -1, &doc, nullptr) == SQLITE_OK
        && sqlite3_step(doc) == SQLITE_ROW) {
        const sqlite3_int64 id = sqlite3_column_int64(doc, 0);
        article = reinterpret_cast<const char *>(sqlite3_column_text(doc, 1));
        sqlite3_stmt *cand = nullptr;
        if (sqlite3_prepare_v2(db, "SELECT text FROM candidates WHERE document_id = ?1 ORDER BY id", -1, &cand, nullptr)
            == SQLITE_OK) {
            sqlite3_bind_int64(cand, 1, id);
            candidates = 0;
            while (sqlite3_step(cand) == SQLITE_ROW)
                ++candidates;
            ok = true;
        }
        sqlite3_finalize(cand);
    }
    sqlite3_finalize(doc);
    sqlite3_close(db);
    return ok;
}

// The child: opens the study in MainWindow as concord does and prints what it measured, one
// "name value" per line. The exit code says whether the window showed the right document.
int openAndMeasure(const QString &path)
{
    const long startKb = statusKb("VmHWM");
    QElapsedTimer timer;
    timer.start();
    MainWindow window;
    window.resize(1280, 800);
    if (const concord::Status status = window.openStudy(path); !status) {
        std::fprintf(stderr, "cannot open: %s\n", status.error().describe().c_str());
        return 2;
    }
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return 3;
    const auto shown = [&window] {
        return window.annotationView()->articleText().startsWith(QStringLiteral("Article 1."))
               && window.annotationView()->candidateTexts().size() == systemCount;
    };
    if (!QTest::qWaitFor(shown, 60000))
        return 4;
    const double firstMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    // Whatever the window started in the background counts too: wait until it has ended.
    for (int i = 0; i < 3; ++i) {
        QThreadPool::globalInstance()->waitForDone();
        QCoreApplication::processEvents();
    }
    const double settledMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    if (window.documentList()->model()->rowCount() != documentCount)
        return 5;
    std::printf("first-document-ms %.3f\nsettled-ms %.3f\nstart-hwm-kb %ld\nhwm-kb %ld\nrss-kb %ld\n", firstMs,
                settledMs, startKb, statusKb("VmHWM"), statusKb("VmRSS"));
    // After the goals' numbers: how long showing the Judges view holds the GUI thread (its loading
    // itself runs on a worker).
    timer.restart();
    window.showView(QStringLiteral("judges"));
    std::printf("show-judges-ms %.3f\n", static_cast<double>(timer.nsecsElapsed()) / 1e6);
    std::fflush(stdout);
    return 0;
}

} // namespace

class BenchOpenStudy : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void openLargeStudy();
};

void BenchOpenStudy::openLargeStudy()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("million.concord"));

    QElapsedTimer timer;
    timer.start();
    QVERIFY(MillionStudy::generate(path.toStdString()));
    std::printf("built %d documents x %d systems x %d raters x %d dimensions = %lld ratings in %.0f ms (%.0f MB)\n",
                documentCount, systemCount, humanCount + judgeCount, dimensionCount,
                static_cast<long long>(ratingCount), static_cast<double>(timer.elapsed()),
                static_cast<double>(QFileInfo(path).size()) / 1e6);

    std::vector<double> first, settled, peakMb, startMb, judgesMs, plain;
    for (int round = 0; round < rounds; ++round) {
        QProcess child;
        child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        // A fresh settings folder: no remembered annotator, layout or view, as on a first start.
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
        child.setProcessEnvironment(env);
        child.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--open"), path});
        QVERIFY(child.waitForFinished(300000));
        QCOMPARE(child.exitStatus(), QProcess::NormalExit);
        QCOMPARE(child.exitCode(), 0);
        std::map<QByteArray, double> values;
        for (const QByteArray &line : child.readAllStandardOutput().split('\n')) {
            const QList<QByteArray> parts = line.trimmed().split(' ');
            if (parts.size() == 2)
                values[parts[0]] = parts[1].toDouble();
        }
        QVERIFY(values.count("first-document-ms") && values.count("hwm-kb"));
        first.push_back(values["first-document-ms"]);
        settled.push_back(values["settled-ms"]);
        peakMb.push_back(values["hwm-kb"] / 1024.0);
        startMb.push_back(values["start-hwm-kb"] / 1024.0);
        judgesMs.push_back(values["show-judges-ms"]);
        std::printf("round %d: first document %.1f ms, settled %.1f ms, peak RSS %.1f MB (%.1f MB before the "
                    "window), RSS %.1f MB; showing Judges held the GUI thread %.1f ms\n",
                    round + 1, first.back(), settled.back(), peakMb.back(), startMb.back(), values["rss-kb"] / 1024.0,
                    judgesMs.back());

        timer.restart();
        std::string article;
        int candidates = 0;
        QVERIFY(plainSqliteFirstDocument(path.toStdString(), article, candidates));
        plain.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        QCOMPARE(candidates, systemCount);
        QVERIFY(article.starts_with("Article 1."));
    }

    const double firstMs = median(first);
    const double plainMs = median(plain);
    std::printf("plain sqlite3 open + first document and its candidates: %.2f ms (median of %d)\n", plainMs, rounds);
    BenchReport bench("bench_open_study");
    bench.goal("first document < 1 s: open a study of 1,000,000 ratings until its first document shows (median of "
                   + std::to_string(rounds) + ")",
               firstMs, "ms", BenchReport::Comparison::Below, 1000);
    bench.goal("peak RSS < 150 MB: VmHWM of the opening process once its background work has ended (median of "
                   + std::to_string(rounds) + ")",
               median(peakMb), "MB", BenchReport::Comparison::Below, 150);
    bench.reference("GUI / plain sqlite3 open and first document", firstMs / std::max(plainMs, 1e-3));
    bench.reference("VmHWM before the window (Qt and the process alone), MB", median(startMb));
    bench.reference("time until the background work has ended, ms", median(settled));
    bench.reference("GUI thread held by showing the Judges view afterwards, ms", median(judgesMs));
}

int main(int argc, char *argv[])
{
    // For profiling by hand: write the study once, then open it as often as needed.
    if (argc == 3 && std::strcmp(argv[1], "--generate") == 0)
        return MillionStudy::generate(argv[2]) ? 0 : 1;
    if (argc == 3 && std::strcmp(argv[1], "--open") == 0) {
        QApplication app(argc, argv);
        return openAndMeasure(QString::fromLocal8Bit(argv[2]));
    }
    QApplication app(argc, argv);
    BenchOpenStudy bench;
    return QTest::qExec(&bench, argc, argv);
}

#include "bench_open_study.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark (LABELS bench, not a timed test): a study of 20,000 documents × 5 candidates opens in
// MainWindow and shows its first document. Goal: under 1 s. Reported as a ratio against a
// plain sqlite3 open + SELECT of the first document and its candidates, on the same file, same run.
#include "window/main_window.h"

#include "bench_report.h"

#include "store/study.h"

#include <QElapsedTimer>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

using concord::test::BenchReport;
using concord::ui::MainWindow;

namespace {

constexpr int documentCount = 20000;
constexpr int candidatesPerDocument = 5;
constexpr int rounds = 5;

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
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
    const std::string path = dir.filePath(QStringLiteral("large.concord")).toStdString();

    QElapsedTimer timer;
    timer.start();
    {
        auto created = concord::store::Study::create(path);
        QVERIFY(created.ok());
        concord::store::Study &study = *created.value();
        const concord::Status status = study.write([&] {
            std::vector<concord::model::Id> systems;
            for (int s = 0; s < candidatesPerDocument; ++s)
                systems.push_back(study.ensureSystem("system-" + std::to_string(s)));
            concord::model::Document d;
            for (int i = 0; i < documentCount; ++i) {
                d.externalId = "doc-" + std::to_string(i + 1);
                d.source = "Article " + std::to_string(i + 1) + ". " + std::string(600, 'x');
                d.requirement = "Summarise article " + std::to_string(i + 1) + ".";
                const concord::model::Id doc = study.addDocument(d);
                for (int s = 0; s < candidatesPerDocument; ++s)
                    study.addCandidate(doc, systems[static_cast<std::size_t>(s)],
                                       "Summary " + std::to_string(s) + " of article " + std::to_string(i + 1) + ".");
            }
        });
        QVERIFY2(status.ok(), status.ok() ? "" : status.error().describe().c_str());
    }
    std::printf("built %d documents x %d candidates = %d candidates in %.0f ms\n", documentCount, candidatesPerDocument,
                documentCount * candidatesPerDocument, static_cast<double>(timer.elapsed()));

    std::vector<double> gui;
    std::vector<double> plain;
    for (int round = 0; round < rounds; ++round) {
        timer.restart();
        {
            MainWindow window;
            window.resize(1280, 800);
            const concord::Status status = window.openStudy(QString::fromStdString(path));
            QVERIFY(status.ok());
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QTRY_VERIFY(window.annotationView()->articleText().startsWith(QStringLiteral("Article 1.")));
            QCOMPARE(window.annotationView()->candidateTexts().size(), candidatesPerDocument);
            gui.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
            QCOMPARE(window.documentList()->model()->rowCount(), documentCount);
        }

        timer.restart();
        std::string article;
        int candidates = 0;
        QVERIFY(plainSqliteFirstDocument(path, article, candidates));
        plain.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        QCOMPARE(candidates, candidatesPerDocument);
        QVERIFY(article.starts_with("Article 1."));
    }

    const double guiMs = median(gui);
    const double plainMs = median(plain);
    std::printf("open in MainWindow until the first document is shown: %.1f ms (median of %d)\n", guiMs, rounds);
    std::printf("plain sqlite3 open + first document and its candidates: %.2f ms (median of %d)\n", plainMs, rounds);
    std::printf("ratio GUI / plain sqlite3: %.0fx\n", guiMs / std::max(plainMs, 1e-3));
    BenchReport bench("bench_open_study");
    bench.goal("open a study of 20,000 documents x 5 candidates until its first document shows (median of "
                   + std::to_string(rounds) + ")",
               guiMs, "ms", BenchReport::Comparison::Below, 1000);
    bench.reference("GUI / plain sqlite3 open and first document", guiMs / std::max(plainMs, 1e-3));
}

QTEST_MAIN(BenchOpenStudy)
#include "bench_open_study.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark (LABELS bench, no timing assertions): moving to the next document in the Annotate view
// (goal: under 50 ms) on the demo study and on a 10,000-document study, and persisting one edit
// (goal: under 10 ms). Reported against a same-run reference: a plain sqlite3 upsert of the same
// rating row in its own transaction, synchronous=FULL, on a copy of the same file. The goals are
// on the medians, printed MET / NOT MET.
#include "annotation_study.h"
#include "bench_report.h"

#include "annotate/annotation_editor.h"
#include "annotate/annotation_view.h"
#include "annotate/candidate_card.h"
#include "annotate/likert_row.h"
#include "common/study_session.h"
#include "demo_study.h"
#include "window/main_window.h"

#include "store/study.h"

#include <QElapsedTimer>
#include <QFile>
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

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

// The least an edit costs: one upsert in one durable transaction, straight through sqlite3.
std::vector<double> plainSqliteUpserts(const std::string &path, int rounds)
{
    std::vector<double> ms;
    sqlite3 *db = nullptr;
    if (sqlite3_open(path.c_str(), &db) != SQLITE_OK)
        qFatal("cannot open %s", path.c_str());
    sqlite3_exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;", nullptr,
                 nullptr, nullptr);
    sqlite3_exec(db, "INSERT OR IGNORE INTO raters (name, kind) VALUES ('bench-ref', 'human')", nullptr, nullptr,
                 nullptr);
    sqlite3_stmt *s = nullptr;
    sqlite3_prepare_v2(db,
                       "INSERT INTO ratings (rater_id, candidate_id, dimension_id, value) "
                       "SELECT (SELECT id FROM raters WHERE name = 'bench-ref'), (SELECT MIN(id) FROM candidates), "
                       "(SELECT MIN(id) FROM dimensions WHERE kind = 'likert'), ?1 "
                       "ON CONFLICT (rater_id, candidate_id, dimension_id) DO UPDATE SET value = excluded.value",
                       -1, &s, nullptr);
    for (int i = 0; i < rounds; ++i) {
        QElapsedTimer t;
        t.start();
        sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
        sqlite3_bind_double(s, 1, 1 + i % 5);
        sqlite3_step(s);
        sqlite3_reset(s);
        sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr);
        ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
    sqlite3_finalize(s);
    sqlite3_close(db);
    return ms;
}

} // namespace

class BenchAnnotate : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void nextDocumentAndEdits_data();
    void nextDocumentAndEdits();

private:
    QTemporaryDir m_dir;
    BenchReport m_report{"bench_annotate"};
};

void BenchAnnotate::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("ConcordBench"));
}

void BenchAnnotate::nextDocumentAndEdits_data()
{
    QTest::addColumn<int>("documents"); // 0: the demo study
    QTest::newRow("demo") << 0;
    QTest::newRow("10000 documents") << 10000;
}

void BenchAnnotate::nextDocumentAndEdits()
{
    QFETCH(int, documents);
    const QString path = m_dir.filePath(QStringLiteral("bench-%1.concord").arg(documents));
    if (documents == 0) {
        auto created = concord::resources::createDemoStudy(path.toStdString());
        QVERIFY(created.ok());
    } else {
        QVERIFY(concord::test::AnnotationStudy::create(path, documents).isEmpty());
    }
    const QString reference = m_dir.filePath(QStringLiteral("reference-%1.concord").arg(documents));
    QVERIFY(QFile::copy(path, reference));

    MainWindow window;
    QVERIFY(window.openStudy(path).ok());
    QVERIFY(window.createAnnotator(QStringLiteral("bench"), QStringLiteral("expert")).ok());
    window.resize(1400, 1000);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(window.annotationView()->documentId() != 0);

    // Next document: Alt+Down in the list, until the new document's cards are built and painted.
    const int steps = documents == 0 ? 7 : 40;
    std::vector<double> next;
    for (int i = 0; i < steps; ++i) {
        const auto before = window.annotationView()->documentId();
        QElapsedTimer t;
        t.start();
        QTest::keyClick(window.documentList(), Qt::Key_Down, Qt::AltModifier);
        QCoreApplication::processEvents();
        next.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
        QVERIFY(window.annotationView()->documentId() != before);
    }

    // One edit: a key on a Likert row, through the editor, the store and the undo stack, view updated.
    auto *row = window.annotationView()->cards().front()->likertRows().front();
    row->setFocus();
    constexpr int edits = 40;
    std::vector<double> edit;
    for (int i = 0; i < edits; ++i) {
        QElapsedTimer t;
        t.start();
        QTest::keyClick(row, static_cast<Qt::Key>(Qt::Key_1 + i % 5));
        edit.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
        QCOMPARE(row->value(), std::optional<double>(1 + i % 5));
    }
    const auto ref = plainSqliteUpserts(reference.toStdString(), edits);

    const std::string study = documents == 0 ? "demo study" : "10,000-document study";
    std::printf("\n[bench_annotate] %s\n", study.c_str());
    std::printf("  next document:   median %.2f ms, max %.2f ms over %d steps\n", median(next),
                *std::max_element(next.begin(), next.end()), steps);
    std::printf("  one edit saved:  median %.2f ms, max %.2f ms over %d edits\n", median(edit),
                *std::max_element(edit.begin(), edit.end()), edits);
    std::printf("  reference: plain sqlite3 upsert + COMMIT, median %.2f ms; edit / reference = %.1f\n", median(ref),
                median(edit) / std::max(median(ref), 1e-6));
    std::fflush(stdout);
    m_report.goal("next document, " + study + " (median of " + std::to_string(steps) + " steps)", median(next), "ms",
                  BenchReport::Comparison::Below, 50);
    m_report.goal("one edit saved, " + study + " (median of " + std::to_string(edits) + " edits)", median(edit), "ms",
                  BenchReport::Comparison::Below, 10);
    m_report.reference("one edit saved / plain sqlite3 upsert, " + study, median(edit) / std::max(median(ref), 1e-6));
}

QTEST_MAIN(BenchAnnotate)
#include "bench_annotate.moc"

// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark (LABELS bench, no timing assertions): `concord-cli check` (store::StudyCheck) of a study file of
// 1,000,000 ratings, beside SQLite's own integrity_check and foreign_key_check of the same file in the same run
// (the least a check must read). Goal: under 5 s, the median of three.
#include "bench_report.h"
#include "million_study.h"

#include "store/study_check.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

using concord::test::BenchReport;
using concord::test::MillionStudy;

namespace {

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

// integrity_check ("ok") and foreign_key_check (no row), every page read; false when either finds something.
bool sqliteChecks(const std::string &path)
{
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        sqlite3_close(db);
        return false;
    }
    const auto rows = [db](const char *sql, std::string &first) {
        sqlite3_stmt *s = nullptr;
        int n = -1;
        if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) == SQLITE_OK)
            for (n = 0; sqlite3_step(s) == SQLITE_ROW; ++n)
                if (n == 0 && sqlite3_column_text(s, 0))
                    first = reinterpret_cast<const char *>(sqlite3_column_text(s, 0));
        sqlite3_finalize(s);
        return n;
    };
    std::string integrity;
    std::string foreign;
    const bool healthy = rows("PRAGMA integrity_check", integrity) == 1 && integrity == "ok"
                         && rows("PRAGMA foreign_key_check", foreign) == 0;
    sqlite3_close(db);
    return healthy;
}

} // namespace

class BenchCheck : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void checkAMillionRatings();
};

void BenchCheck::checkAMillionRatings()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath(QStringLiteral("million.concord")).toStdString();
    QVERIFY(MillionStudy::generate(path));
    std::vector<double> check;
    std::vector<double> reference;
    for (int round = 0; round < 3; ++round) {
        QElapsedTimer timer;
        timer.start();
        const auto report = concord::store::StudyCheck::run(path);
        check.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e9);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().describe().c_str());
        QVERIFY2(report.value().healthy(), report.value().healthy() ? "" : report.value().problems.front().c_str());
        timer.restart();
        QVERIFY(sqliteChecks(path));
        reference.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e9);
    }
    std::printf("check of %lld ratings: median %.2f s; SQLite's integrity_check and foreign_key_check: %.2f s\n",
                static_cast<long long>(MillionStudy::ratings), median(check), median(reference));
    BenchReport report("bench_check");
    report.reference("check / SQLite's own checks", median(check) / std::max(median(reference), 1e-9));
    report.goal("check of a 1,000,000-rating study", median(check), "s", BenchReport::Comparison::Below, 5);
}

QTEST_APPLESS_MAIN(BenchCheck)
#include "bench_check.moc"

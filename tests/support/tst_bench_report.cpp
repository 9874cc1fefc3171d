// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// BenchReport, the benchmarks' goals and their summary file: MET / NOT MET for each kind of goal,
// each benchmark's entry merged into what the others wrote, a corrupt file replaced with a warning,
// and bench_summary reading it back without failing for a missed goal.
#include "bench_report.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>

using concord::test::BenchReport;
using nlohmann::json;

// QCOMPARE cannot take json (Qt's overloads make the call ambiguous): compared here, both sides shown.
#define COMPARE_JSON(actual, expected)                                                                                 \
    do {                                                                                                               \
        const json actual_ = (actual), expected_ = (expected);                                                         \
        QVERIFY2(actual_ == expected_, ("actual " + actual_.dump() + ", expected " + expected_.dump()).c_str());       \
    } while (false)

namespace {

json readJson(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return nullptr;
    return json::parse(file.readAll().toStdString(), nullptr, false);
}

void writeText(const QString &path, const QByteArray &text)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(file.write(text), text.size());
}

} // namespace

class TstBenchReport : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void metAndNotMet_data();
    void metAndNotMet();
    void notMeasured();
    void numbersAndUnits();
    void mergesIntoExistingFile();
    void corruptFileReplacedWithWarning_data();
    void corruptFileReplacedWithWarning();
    void unwritableFileWarnsOnce();
    void summaryShowsMissedGoalsWithoutFailing();
};

void TstBenchReport::metAndNotMet_data()
{
    QTest::addColumn<double>("measured");
    QTest::addColumn<int>("comparison");
    QTest::addColumn<double>("target");
    QTest::addColumn<bool>("met");
    QTest::addColumn<QString>("line");
    using C = BenchReport::Comparison;
    QTest::newRow("< met") << 1.5 << int(C::Below) << 2.0 << true
                           << QStringLiteral("goal: g: 1.50 s (goal < 2 s): MET");
    QTest::newRow("< missed") << 4.48 << int(C::Below) << 2.0 << false
                              << QStringLiteral("goal: g: 4.48 s (goal < 2 s): NOT MET");
    QTest::newRow("< at the target") << 2.0 << int(C::Below) << 2.0 << false
                                     << QStringLiteral("goal: g: 2.00 s (goal < 2 s): NOT MET");
    QTest::newRow("<= at the target") << 2.0 << int(C::AtMost) << 2.0 << true
                                      << QStringLiteral("goal: g: 2.00 s (goal <= 2 s): MET");
    QTest::newRow("> met") << 3.0 << int(C::Above) << 1.0 << true
                           << QStringLiteral("goal: g: 3.00 s (goal > 1 s): MET");
    QTest::newRow("> missed") << 0.5 << int(C::Above) << 1.0 << false
                              << QStringLiteral("goal: g: 0.500 s (goal > 1 s): NOT MET");
    QTest::newRow("> at the target") << 1.0 << int(C::Above) << 1.0 << false
                                     << QStringLiteral("goal: g: 1.00 s (goal > 1 s): NOT MET");
    QTest::newRow(">= at the target") << 1.0 << int(C::AtLeast) << 1.0 << true
                                      << QStringLiteral("goal: g: 1.00 s (goal >= 1 s): MET");
}

void TstBenchReport::metAndNotMet()
{
    QFETCH(double, measured);
    QFETCH(int, comparison);
    QFETCH(double, target);
    QFETCH(bool, met);
    QFETCH(QString, line);
    BenchReport report("bench_test", std::string());
    QCOMPARE(report.goal("g", measured, "s", static_cast<BenchReport::Comparison>(comparison), target), met);
    QCOMPARE(report.goals().size(), std::size_t(1));
    QVERIFY(report.goals().front().met().has_value());
    QCOMPARE(*report.goals().front().met(), met);
    QCOMPARE(QString::fromStdString(BenchReport::line(report.goals().front())), line);
    QVERIFY(report.warnings().empty());
}

void TstBenchReport::notMeasured()
{
    BenchReport report("bench_test", std::string());
    report.notMeasured("alpha vs numpy", "x", BenchReport::Comparison::AtLeast, 1, "numpy is not installed");
    // Not a finite number: not measured rather than a MET or NOT MET drawn from NaN.
    QVERIFY(!report.goal("broken", std::numeric_limits<double>::quiet_NaN(), "ms", BenchReport::Comparison::Below, 10));
    QCOMPARE(report.goals().size(), std::size_t(2));
    QVERIFY(!report.goals()[0].met().has_value());
    QVERIFY(!report.goals()[1].met().has_value());
    QCOMPARE(QString::fromStdString(BenchReport::line(report.goals()[0])),
             QStringLiteral("goal: alpha vs numpy: not measured, numpy is not installed (goal >= 1x): NOT MEASURED"));
}

void TstBenchReport::numbersAndUnits()
{
    QCOMPARE(BenchReport::formatMeasured(4.4812), std::string("4.48"));
    QCOMPARE(BenchReport::formatMeasured(45.26), std::string("45.3"));
    QCOMPARE(BenchReport::formatMeasured(812.4), std::string("812"));
    QCOMPARE(BenchReport::formatMeasured(1234.6), std::string("1235"));
    QCOMPARE(BenchReport::formatMeasured(0.03456), std::string("0.0346"));
    QCOMPARE(BenchReport::formatMeasured(0), std::string("0"));
    QCOMPARE(BenchReport::formatTarget(1000), std::string("1000"));
    QCOMPARE(BenchReport::formatTarget(1.2), std::string("1.2"));
    QCOMPARE(BenchReport::withUnit("1.05", "x"), std::string("1.05x"));
    QCOMPARE(BenchReport::withUnit("812", "ms"), std::string("812 ms"));
}

void TstBenchReport::mergesIntoExistingFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("bench-results.json"));
    // Another benchmark's entry, and a stale one of our own from an earlier run.
    writeText(path,
              R"({"bench_other": {"goals": [{"name": "kept", "measured": 1, "unit": "s", "goal": "< 2", "met": true}]},
                       "bench_dashboard": {"goals": [{"name": "stale", "measured": 9, "unit": "s", "goal": "< 2", "met": false}]}})");

    BenchReport report("bench_dashboard", path.toStdString());
    QVERIFY(report.goal("refresh", 812.4, "ms", BenchReport::Comparison::Below, 1000));
    QVERIFY(!report.goal("stall", 61, "ms", BenchReport::Comparison::Below, 50));
    report.reference("refresh / serial", 0.42);
    QVERIFY(report.warnings().empty());

    json results = readJson(path);
    QVERIFY(results.is_object());
    QCOMPARE(results.size(), std::size_t(2));
    COMPARE_JSON(results["bench_other"]["goals"][0]["name"], json("kept"));
    const json &ours = results["bench_dashboard"];
    QCOMPARE(ours["goals"].size(), std::size_t(2)); // the stale goal is gone
    COMPARE_JSON(ours["goals"][0],
                 json({{"name", "refresh"}, {"measured", 812.4}, {"unit", "ms"}, {"goal", "< 1000"}, {"met", true}}));
    COMPARE_JSON(ours["goals"][1]["met"], json(false));
    COMPARE_JSON(ours["reference"]["refresh / serial"], json(0.42));

    // A second benchmark adds its own entry beside them.
    BenchReport second("bench_judge", path.toStdString());
    second.goal("time / ideal", 1.05, "x", BenchReport::Comparison::AtMost, 1.2);
    results = readJson(path);
    QCOMPARE(results.size(), std::size_t(3));
    COMPARE_JSON(results["bench_judge"]["goals"][0]["goal"], json("<= 1.2"));
    QCOMPARE(results["bench_dashboard"]["goals"].size(), std::size_t(2));
    QVERIFY(!results["bench_judge"].contains("reference"));

    // Written by rename: no temporary file is left behind.
    const QStringList left = QDir(dir.path()).entryList(QDir::Files);
    QVERIFY2(left.filter(QStringLiteral(".tmp")).isEmpty(), qPrintable(left.join(QLatin1Char(' '))));
}

void TstBenchReport::corruptFileReplacedWithWarning_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("warning");
    QTest::newRow("truncated") << QByteArray(R"({"bench_other": {"goals": [)") << QStringLiteral("is not valid JSON");
    QTest::newRow("empty") << QByteArray() << QStringLiteral("is not valid JSON");
    QTest::newRow("an array") << QByteArray("[1, 2]") << QStringLiteral("holds JSON but not an object");
}

void TstBenchReport::corruptFileReplacedWithWarning()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, warning);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("bench-results.json"));
    writeText(path, content);

    BenchReport report("bench_import", path.toStdString());
    QVERIFY(report.goal("import", 0.8, "s", BenchReport::Comparison::Below, 1));
    QCOMPARE(report.warnings().size(), std::size_t(1));
    const QString message = QString::fromStdString(report.warnings().front());
    QVERIFY2(message.contains(warning) && message.contains(path) && message.contains(QStringLiteral("replacing it")),
             qPrintable(message));

    const json results = readJson(path);
    QVERIFY(results.is_object());
    QCOMPARE(results.size(), std::size_t(1));
    COMPARE_JSON(results["bench_import"]["goals"][0]["met"], json(true));

    // The file is sound again: the next goal merges without a warning.
    report.goal("import again", 1.5, "s", BenchReport::Comparison::Below, 1);
    QCOMPARE(report.warnings().size(), std::size_t(1));
    QCOMPARE(readJson(path)["bench_import"]["goals"].size(), std::size_t(2));
}

void TstBenchReport::unwritableFileWarnsOnce()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("no-such-folder/bench-results.json"));
    BenchReport report("bench_judge", path.toStdString());
    QVERIFY(report.goal("a", 1, "s", BenchReport::Comparison::Below, 2));
    QVERIFY(!report.goal("b", 3, "s", BenchReport::Comparison::Below, 2));
    QCOMPARE(report.goals().size(), std::size_t(2));
    QCOMPARE(report.warnings().size(), std::size_t(1));
    QVERIFY(QString::fromStdString(report.warnings().front()).contains(QStringLiteral("printed only")));
    QVERIFY(!QFile::exists(path));
}

void TstBenchReport::summaryShowsMissedGoalsWithoutFailing()
{
    const QString summary = qEnvironmentVariable("CONCORD_BENCH_SUMMARY");
    if (summary.isEmpty())
        QSKIP("CONCORD_BENCH_SUMMARY (the bench_summary program) is not set; CTest sets it");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("bench-results.json"));
    {
        BenchReport statistics("bench_statistics", path.toStdString());
        statistics.goal("dashboard statistics, 3 coefficients", 4.48, "s", BenchReport::Comparison::Below, 2);
        statistics.goal("Kendall tau-b: scipy time / ours", 3.1, "x", BenchReport::Comparison::AtLeast, 1);
        BenchReport krippendorff("bench_krippendorff", path.toStdString());
        krippendorff.notMeasured("alpha: numpy time / ours", "x", BenchReport::Comparison::AtLeast, 1,
                                 "numpy is not installed");
    }

    QProcess process;
    process.start(summary, {path});
    QVERIFY(process.waitForFinished(30000));
    const QString out = QString::fromUtf8(process.readAllStandardOutput());
    QCOMPARE(process.exitCode(), 0); // a missed goal is shown, not a failure
    QVERIFY2(out.contains(QStringLiteral(
                 "NOT MET       bench_statistics: dashboard statistics, 3 coefficients: 4.48 s (goal < 2 s)")),
             qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral(
                 "MET           bench_statistics: Kendall tau-b: scipy time / ours: 3.10x (goal >= 1x)")),
             qPrintable(out));
    QVERIFY2(out.contains(
                 QStringLiteral("NOT MEASURED  bench_krippendorff: alpha: numpy time / ours: numpy is not installed")),
             qPrintable(out));
    // Every other benchmark this build registers left no results in this file.
    QVERIFY2(out.contains(QStringLiteral("NO RESULTS    bench_judge:")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("1 goal(s) MET, 1 NOT MET, 1 NOT MEASURED")), qPrintable(out));

    // No file at all is the one thing it reports as a failure.
    process.start(summary, {dir.filePath(QStringLiteral("absent.json"))});
    QVERIFY(process.waitForFinished(30000));
    QCOMPARE(process.exitCode(), 1);
}

QTEST_GUILESS_MAIN(TstBenchReport)
#include "tst_bench_report.moc"

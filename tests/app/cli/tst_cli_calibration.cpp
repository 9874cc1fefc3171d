// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// concord-cli calibration end to end on the small study of tests/support/calibration_study (worked by hand in
// tst_calibration_report): the JSON's numbers are the hand-worked ones and the core's, every format prints both
// tables, the options choose the binning, the bins and the threshold, and wrong command lines are refused. And
// concord-cli recalibrate on tests/support/recalibration_study (worked by hand in tst_recalibration): the fit,
// the recalibrated judge read back by calibration --split test, a second run refused changing nothing.
#include "calibration_study.h"
#include "cli_run.h"
#include "recalibration_study.h"
#include "reports/calibration_report.h"
#include "store/study.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace concord;
using Run = test::CliRun;

namespace {

bool near(double a, double b)
{
    return std::fabs(a - b) < 1e-12;
}

} // namespace

class TestCliCalibration : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void jsonIsTheHandWorkedAndTheCores();
    void optionsChooseBinningBinsAndThreshold();
    void everyFormat_data();
    void everyFormat();
    void errors_data();
    void errors();
    void recalibrateFitsOnDevKeepsOnTest();

private:
    Run calibration(const QStringList &args) const;
    QJsonObject json(const QStringList &args) const;

    QTemporaryDir m_dir;
    QString m_study;
};

Run TestCliCalibration::calibration(const QStringList &args) const
{
    return test::runCli(QStringList{QStringLiteral("calibration"), m_study} + args);
}

QJsonObject TestCliCalibration::json(const QStringList &args) const
{
    const Run r = calibration(args + QStringList{QStringLiteral("--format"), QStringLiteral("json")});
    if (r.exitCode != 0)
        qWarning("calibration failed: %s", qPrintable(r.err));
    return QJsonDocument::fromJson(r.out.toUtf8()).object();
}

void TestCliCalibration::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_study = m_dir.filePath(QStringLiteral("calibration.concord"));
    auto created = store::Study::create(m_study.toStdString());
    QVERIFY(created.ok());
    store::Study &s = *created.value();
    QVERIFY(s.write([&] { test::fillCalibrationStudy(s); }).ok());
}

void TestCliCalibration::jsonIsTheHandWorkedAndTheCores()
{
    const QJsonObject out = json({QStringLiteral("--rater"), QStringLiteral("geval-j"), QStringLiteral("--human"),
                                  QStringLiteral("expert"), QStringLiteral("--bins"), QStringLiteral("2")});
    QCOMPARE(out.value(QStringLiteral("judge")).toString(), QStringLiteral("geval-j"));
    QCOMPARE(out.value(QStringLiteral("protocol")).toString(), QStringLiteral("geval"));
    const QJsonArray dims = out.value(QStringLiteral("dimensions")).toArray();
    QCOMPARE(dims.size(), 1);
    const QJsonObject d = dims.at(0).toObject();
    QCOMPARE(d.value(QStringLiteral("dimension")).toString(), QStringLiteral("coherence"));
    QCOMPARE(d.value(QStringLiteral("pairs")).toInt(), 3);
    QCOMPARE(d.value(QStringLiteral("threshold")).toDouble(), 3.0);
    QCOMPARE(d.value(QStringLiteral("positives")).toInt(), 2);
    // tst_calibration_report works these: ECE .2 / 3 for both binnings, Brier .1175.
    QVERIFY(near(d.value(QStringLiteral("brier")).toDouble(), 0.1175));
    const QJsonObject sources = d.value(QStringLiteral("probability_sources")).toObject();
    QCOMPARE(sources.value(QStringLiteral("vote share")).toInt(), 1);
    QCOMPARE(sources.value(QStringLiteral("weighted score mapped to [0, 1]")).toInt(), 1);
    QCOMPARE(sources.value(QStringLiteral("score mapped to [0, 1]")).toInt(), 1);
    const QJsonArray binnings = d.value(QStringLiteral("binnings")).toArray();
    QCOMPARE(binnings.size(), 2);
    QCOMPARE(binnings.at(0).toObject().value(QStringLiteral("binning")).toString(), QStringLiteral("equal-width"));
    QCOMPARE(binnings.at(1).toObject().value(QStringLiteral("binning")).toString(), QStringLiteral("equal-mass"));

    // Every digit is the core's.
    auto study = store::Study::open(m_study.toStdString(), {true});
    QVERIFY(study.ok());
    reports::CalibrationRequest request;
    request.judge = "geval-j";
    request.humanGroup = "expert";
    request.bins = 2;
    const auto core = reports::computeCalibration(*study.value(), request);
    QVERIFY(core.ok());
    const reports::DimensionCalibration &c = core.value().dimensions.front();
    QCOMPARE(d.value(QStringLiteral("brier")).toDouble(), c.brier);
    for (int b = 0; b < 2; ++b) {
        const QJsonObject binning = binnings.at(b).toObject();
        QCOMPARE(binning.value(QStringLiteral("ece")).toDouble(), c.reliability[b].ece);
        QVERIFY(near(binning.value(QStringLiteral("ece")).toDouble(), 0.2 / 3));
        const QJsonArray bins = binning.value(QStringLiteral("bins")).toArray();
        QCOMPARE(static_cast<std::size_t>(bins.size()), c.reliability[b].bins.size());
        for (qsizetype k = 0; k < bins.size(); ++k) {
            const QJsonObject bin = bins.at(k).toObject();
            const stats::CalibrationBin &e = c.reliability[b].bins[static_cast<std::size_t>(k)];
            QCOMPARE(static_cast<std::size_t>(bin.value(QStringLiteral("count")).toInt()), e.count);
            QCOMPARE(bin.value(QStringLiteral("judge_mean")).toDouble(), e.meanJudge);
            QCOMPARE(bin.value(QStringLiteral("human_mean")).toDouble(), e.meanHuman);
            // A bin of one summary has no interval: null.
            QCOMPARE(bin.value(QStringLiteral("ci_low")).isNull(), std::isnan(e.humanLow));
        }
    }
}

void TestCliCalibration::optionsChooseBinningBinsAndThreshold()
{
    const QJsonObject out = json({QStringLiteral("--rater"), QStringLiteral("geval-j"), QStringLiteral("--human"),
                                  QStringLiteral("expert"), QStringLiteral("--binning"), QStringLiteral("width"),
                                  QStringLiteral("--bins"), QStringLiteral("1"), QStringLiteral("--threshold"),
                                  QStringLiteral("4"), QStringLiteral("--dimension"), QStringLiteral("coherence")});
    const QJsonObject d = out.value(QStringLiteral("dimensions")).toArray().at(0).toObject();
    const QJsonArray binnings = d.value(QStringLiteral("binnings")).toArray();
    QCOMPARE(binnings.size(), 1);
    const QJsonObject width = binnings.at(0).toObject();
    QCOMPARE(width.value(QStringLiteral("binning")).toString(), QStringLiteral("equal-width"));
    QCOMPARE(width.value(QStringLiteral("bins_asked")).toInt(), 1);
    // One bin: |1.55 / 3 - 1.5 / 3| = 1/60. Threshold 4: one positive, no sample votes 4 or more: .29 / 3.
    QVERIFY(near(width.value(QStringLiteral("ece")).toDouble(), 1.0 / 60));
    QCOMPARE(d.value(QStringLiteral("threshold")).toDouble(), 4.0);
    QCOMPARE(d.value(QStringLiteral("positives")).toInt(), 1);
    QVERIFY(near(d.value(QStringLiteral("brier")).toDouble(), 0.29 / 3));

    // LLMScore: the judge's scale is P(yes)'s.
    const QJsonObject yes = json({QStringLiteral("--rater"), QStringLiteral("llmscore-j"), QStringLiteral("--human"),
                                  QStringLiteral("expert"), QStringLiteral("--binning"), QStringLiteral("mass")});
    const QJsonObject y = yes.value(QStringLiteral("dimensions")).toArray().at(0).toObject();
    QCOMPARE(y.value(QStringLiteral("judge_scale")).toArray().at(1).toDouble(), 1.0);
    QCOMPARE(y.value(QStringLiteral("human_scale")).toArray().at(1).toDouble(), 5.0);
    QVERIFY(near(y.value(QStringLiteral("brier")).toDouble(), 1.1 / 3));
    QCOMPARE(y.value(QStringLiteral("probability_sources")).toObject().value(QStringLiteral("p(yes)")).toInt(), 2);
}

void TestCliCalibration::everyFormat_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("summaryHeader");
    QTest::addColumn<QString>("binHeader");
    QTest::newRow("table") << "table"
                           << "ece_equal_width"
                           << "human_mean";
    QTest::newRow("csv") << "csv"
                         << "judge,dimension,judge_scale,human_scale,pairs,bins,ece_equal_width,ece_equal_mass,"
                            "threshold,positives,brier,probability"
                         << "judge,dimension,binning,bin,low,high,count,judge_mean,human_mean,ci_low,ci_high";
    QTest::newRow("markdown") << "markdown"
                              << "| ece_equal_mass"
                              << "| ci_high";
    QTest::newRow("latex") << "latex"
                           << "ece\\_equal\\_width"
                           << "ci\\_low";
}

void TestCliCalibration::everyFormat()
{
    QFETCH(QString, format);
    QFETCH(QString, summaryHeader);
    QFETCH(QString, binHeader);
    const Run r = calibration({QStringLiteral("--rater"), QStringLiteral("geval-j"), QStringLiteral("--human"),
                               QStringLiteral("expert"), QStringLiteral("--format"), format});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(summaryHeader), qPrintable(r.out));
    QVERIFY2(r.out.contains(binHeader), qPrintable(r.out));
    // The summary table comes first, the bins after it.
    QVERIFY(r.out.indexOf(summaryHeader) < r.out.indexOf(binHeader));
    QVERIFY(r.out.contains(QStringLiteral("coherence")));
}

void TestCliCalibration::errors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    const QStringList base{QStringLiteral("--rater"), QStringLiteral("geval-j"), QStringLiteral("--human"),
                           QStringLiteral("expert")};
    QTest::newRow("no human group") << QStringList{QStringLiteral("--rater"), QStringLiteral("geval-j")} << 2
                                    << "--human GROUP";
    QTest::newRow("unknown binning") << base + QStringList{QStringLiteral("--binning"), QStringLiteral("quantile")} << 2
                                     << "--binning is width, mass or both";
    QTest::newRow("no bins") << base + QStringList{QStringLiteral("--bins"), QStringLiteral("0")} << 2
                             << "--bins takes a whole number";
    QTest::newRow("threshold not a number")
        << base + QStringList{QStringLiteral("--threshold"), QStringLiteral("high")} << 2 << "threshold";
    QTest::newRow("unknown format") << base + QStringList{QStringLiteral("--format"), QStringLiteral("xml")} << 2
                                    << "unknown --format";
    QTest::newRow("unknown judge") << QStringList{QStringLiteral("--rater"), QStringLiteral("nobody"),
                                                  QStringLiteral("--human"), QStringLiteral("expert")}
                                   << 1 << "rater 'nobody' is not in the study";
    QTest::newRow("rank dimension") << base + QStringList{QStringLiteral("--dimension"), QStringLiteral("overall")} << 1
                                    << "calibration is of Likert and binary scores";
}

void TestCliCalibration::errors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const Run r = calibration(args);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
}

void TestCliCalibration::recalibrateFitsOnDevKeepsOnTest()
{
    const QString path = m_dir.filePath(QStringLiteral("recalibration.concord"));
    {
        auto created = store::Study::create(path.toStdString());
        QVERIFY(created.ok());
        store::Study &s = *created.value();
        QVERIFY(s.write([&] { test::fillRecalibrationStudy(s); }).ok());
    }
    const QStringList args{QStringLiteral("recalibrate"), path,
                           QStringLiteral("--rater"),     QStringLiteral("j"),
                           QStringLiteral("--human"),     QStringLiteral("expert"),
                           QStringLiteral("--dimension"), QStringLiteral("coherence")};
    const Run fitted = test::runCli(args + QStringList{QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(fitted.exitCode == 0, qPrintable(fitted.err));
    const QJsonObject out = QJsonDocument::fromJson(fitted.out.toUtf8()).object();
    QCOMPARE(out.value(QStringLiteral("recalibrated")).toString(), QStringLiteral("j isotonic"));
    QCOMPARE(out.value(QStringLiteral("dev_pairs")).toInt(), 6);
    QCOMPARE(out.value(QStringLiteral("written")).toInt(), 3);
    const QJsonArray knots = out.value(QStringLiteral("knots")).toArray();
    QCOMPARE(knots.size(), 5);
    QCOMPARE(knots.at(3).toArray().at(1).toDouble(), 4.25);
    const QJsonArray onTest = out.value(QStringLiteral("test")).toArray();
    QCOMPARE(onTest.size(), 2);
    QVERIFY(near(onTest.at(0).toObject().value(QStringLiteral("ece_equal_width")).toDouble(), 0.125 / 3));
    QVERIFY(near(onTest.at(1).toObject().value(QStringLiteral("ece_equal_width")).toDouble(), 0.21875 / 3));

    // The recalibrated judge is a judge like any other: calibration reads it, on test only.
    const Run read
        = test::runCli({QStringLiteral("calibration"), path, QStringLiteral("--rater"), QStringLiteral("j isotonic"),
                        QStringLiteral("--human"), QStringLiteral("expert"), QStringLiteral("--split"),
                        QStringLiteral("test"), QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(read.exitCode == 0, qPrintable(read.err));
    const QJsonObject calibrated = QJsonDocument::fromJson(read.out.toUtf8()).object();
    QCOMPARE(calibrated.value(QStringLiteral("split")).toString(), QStringLiteral("test"));
    const QJsonObject coherence = calibrated.value(QStringLiteral("dimensions")).toArray().at(0).toObject();
    QCOMPARE(coherence.value(QStringLiteral("pairs")).toInt(), 3);

    // Again under the same name: refused, the file unchanged.
    const QByteArray before = test::sha256Of(path);
    const Run again = test::runCli(args);
    QCOMPARE(again.exitCode, 1);
    QVERIFY2(again.err.contains(QStringLiteral("'j isotonic' is in the study already")), qPrintable(again.err));
    QCOMPARE(test::sha256Of(path), before);
    // Under another name, in words.
    const Run text = test::runCli(args + QStringList{QStringLiteral("--name"), QStringLiteral("j iso 2")});
    QVERIFY2(text.exitCode == 0, qPrintable(text.err));
    QVERIFY2(text.out.contains(QStringLiteral("fitted on dev (3 documents, 6 summaries with both scores)")),
             qPrintable(text.out));
    QVERIFY2(text.out.contains(QStringLiteral("'j iso 2' (protocol isotonic) scores 3 summaries of the test split")),
             qPrintable(text.out));
    // Command lines that cannot be run.
    const Run noDimension
        = test::runCli({QStringLiteral("recalibrate"), path, QStringLiteral("--rater"), QStringLiteral("j")});
    QCOMPARE(noDimension.exitCode, 2);
    QCOMPARE(test::runCli(args + QStringList{QStringLiteral("--bins"), QStringLiteral("0")}).exitCode, 2);
    const Run badSplit = test::runCli({QStringLiteral("calibration"), path, QStringLiteral("--rater"),
                                       QStringLiteral("j"), QStringLiteral("--human"), QStringLiteral("expert"),
                                       QStringLiteral("--split"), QStringLiteral("train")});
    QCOMPARE(badSplit.exitCode, 2);
}

QTEST_GUILESS_MAIN(TestCliCalibration)
#include "tst_cli_calibration.moc"

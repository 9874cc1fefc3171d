// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Agreement view's Calibration tab on tests/support/recalibration_study (judge j against the experts, d1-d3 dev,
// d4 and d5 test): computed off the GUI thread only once the tab is shown; the bins table says what
// reports::computeCalibration says; the binning chosen with the keyboard shows the other diagram without computing;
// a bin count typed computes again; Recalibrate, pressed with the keyboard, writes the isotonic judge fitted on dev
// (knots worked by hand) and refuses a second one of the same name, changing nothing.
#include "common/study_session.h"
#include "compare/agreement_view.h"
#include "compare/calibration_panel.h"
#include "compare/stats_table_model.h"
#include "recalibration_study.h"
#include "reports/calibration_report.h"
#include "store/study.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <memory>

using namespace concord;
using ui::CalibrationPanel;
using ui::StatsTableModel;

class TestCalibrationPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void computesOnlyWhenShown();
    void binsSayWhatTheReportSays();
    void binningChosenWithTheKeyboardShowsWithoutComputing();
    void binCountTypedComputesAgain();
    void recalibrateWritesTheIsotonicJudgeOnce();
    void closingTheStudyEmptiesTheTab();

private:
    reports::CalibrationReport expected(std::size_t bins) const
    {
        auto study = store::Study::open(m_path.toStdString(), {.readOnly = true});
        if (!study.ok())
            qFatal("the study cannot be opened");
        reports::CalibrationRequest request;
        request.judge.append("j"); // append: GCC 12 warns wrongly on assigning a short literal
        request.humanGroup = "expert";
        request.bins = bins;
        auto report = reports::computeCalibration(*study.value(), request);
        if (!report.ok())
            qFatal("the calibration cannot be computed: %s", report.error().describe().c_str());
        return report.value();
    }
    // The bins table against one binning of coherence in the report.
    void compareBins(const reports::CalibrationReport &report, stats::Binning binning) const
    {
        const reports::DimensionCalibration *coherence = nullptr;
        for (const auto &d : report.dimensions)
            if (d.dimension == "coherence")
                coherence = &d;
        QVERIFY(coherence);
        const stats::Reliability *reliability = nullptr;
        for (const auto &r : coherence->reliability)
            if (r.binning == binning)
                reliability = &r;
        QVERIFY(reliability);
        const StatsTableModel *model = m_panel->binsTable();
        QCOMPARE(model->rowCount(), static_cast<int>(reliability->bins.size()));
        for (int row = 0; row < model->rowCount(); ++row) {
            const auto &bin = reliability->bins[static_cast<std::size_t>(row)];
            auto value = [&](const char *header) {
                return model->index(row, model->columnOf(QLatin1String(header))).data(StatsTableModel::ExactValueRole);
            };
            auto same = [](const QVariant &shown, double wanted) {
                return std::isnan(wanted) ? !shown.isValid() : shown.toDouble() == wanted;
            };
            QVERIFY(same(value("Bin low"), bin.low));
            QVERIFY(same(value("Bin high"), bin.high));
            QCOMPARE(value("Summaries").toULongLong(), static_cast<qulonglong>(bin.count));
            QVERIFY(same(value("Judge's mean"), bin.meanJudge));
            QVERIFY(same(value("Humans' mean"), bin.meanHuman));
            QVERIFY(same(value("Interval low"), bin.humanLow));
            QVERIFY(same(value("Interval high"), bin.humanHigh));
        }
    }

    QTemporaryDir m_dir;
    QString m_path;
    std::unique_ptr<ui::StudySession> m_session;
    std::unique_ptr<ui::AgreementView> m_view;
    CalibrationPanel *m_panel = nullptr;
    QTabWidget *m_tabs = nullptr;
};

void TestCalibrationPanel::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_path = m_dir.filePath(QStringLiteral("recalibration.concord"));
    {
        auto created = store::Study::create(m_path.toStdString());
        QVERIFY(created.ok());
        store::Study &study = *created.value();
        QVERIFY(study.write([&] { test::fillRecalibrationStudy(study); }).ok());
    }
    m_session = std::make_unique<ui::StudySession>();
    m_view = std::make_unique<ui::AgreementView>(m_session.get());
    m_panel = m_view->findChild<CalibrationPanel *>();
    QVERIFY(m_panel);
    m_tabs = m_view->findChild<QTabWidget *>();
    QVERIFY(m_tabs);
    QCOMPARE(m_tabs->tabText(m_tabs->indexOf(m_panel)), QStringLiteral("Calibration"));
    QSignalSpy dashboard(m_view.get(), &ui::AgreementView::refreshed);
    QVERIFY(m_session->open(m_path).ok());
    m_view->show();
    QTRY_VERIFY_WITH_TIMEOUT(dashboard.count() > 0 && !m_view->isComputing(), 60000);
}

void TestCalibrationPanel::computesOnlyWhenShown()
{
    QVERIFY(!m_panel->isVisible());
    QVERIFY(!m_panel->report());
    QVERIFY(!m_panel->isComputing());
    QSignalSpy refreshed(m_panel, &CalibrationPanel::refreshed);
    m_tabs->setCurrentWidget(m_panel);
    QTRY_COMPARE_WITH_TIMEOUT(refreshed.count(), 1, 60000);
    QVERIFY(m_panel->report());
    QCOMPARE(m_panel->report()->request.judge, std::string("j"));
    QCOMPARE(m_panel->findChild<QComboBox *>(QStringLiteral("calibrationDimension"))->currentText(),
             QStringLiteral("coherence"));
}

void TestCalibrationPanel::binsSayWhatTheReportSays()
{
    QAbstractItemModelTester tester(m_panel->binsTable(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    const reports::CalibrationReport report = expected(10);
    compareBins(report, stats::Binning::EqualWidth);
    const auto *summary = m_panel->findChild<QLabel *>(QStringLiteral("calibrationSummary"));
    QVERIFY2(summary->text().startsWith(QStringLiteral("j on coherence: ")), qPrintable(summary->text()));
    QVERIFY2(summary->text().contains(QStringLiteral("every document")), qPrintable(summary->text()));
}

void TestCalibrationPanel::binningChosenWithTheKeyboardShowsWithoutComputing()
{
    QSignalSpy refreshed(m_panel, &CalibrationPanel::refreshed);
    auto *binning = m_panel->findChild<QComboBox *>(QStringLiteral("calibrationBinning"));
    binning->setFocus();
    QTest::keyClick(binning, Qt::Key_Down);
    QCOMPARE(binning->currentText(), QStringLiteral("Equal mass"));
    QVERIFY(!m_panel->isComputing());
    QCOMPARE(refreshed.count(), 0);
    compareBins(expected(10), stats::Binning::EqualMass);
}

void TestCalibrationPanel::binCountTypedComputesAgain()
{
    QSignalSpy refreshed(m_panel, &CalibrationPanel::refreshed);
    auto *bins = m_panel->findChild<QSpinBox *>(QStringLiteral("calibrationBins"));
    bins->setFocus();
    bins->selectAll();
    QTest::keyClicks(bins, QStringLiteral("3"));
    QTest::keyClick(bins, Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() >= 1 && !m_panel->isComputing(), 60000);
    QCOMPARE(m_panel->report()->request.bins, std::size_t(3));
    compareBins(expected(3), stats::Binning::EqualMass);
}

void TestCalibrationPanel::recalibrateWritesTheIsotonicJudgeOnce()
{
    QSignalSpy done(m_panel, &CalibrationPanel::recalibrated);
    auto *button = m_panel->findChild<QPushButton *>(QStringLiteral("calibrationRecalibrate"));
    QVERIFY(button->isEnabled());
    button->setFocus();
    QTest::keyClick(button, Qt::Key_Space);
    QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 60000);
    QCOMPARE(done.at(0).at(0).toBool(), true);
    const auto &r = *m_panel->lastRecalibration();
    QCOMPARE(r.request.name, std::string("j isotonic"));
    QCOMPARE(r.devPairs, std::size_t(6));
    QCOMPARE(r.fit.x, (std::vector<double>{1, 2, 3, 4, 5}));
    QCOMPARE(r.fit.y, (std::vector<double>{1.5, 1.5, 3, 4.25, 5}));
    {
        auto study = store::Study::open(m_path.toStdString(), {.readOnly = true});
        QVERIFY(study.ok());
        QVERIFY(study.value()->raterId("j isotonic").has_value());
    }
    const auto *status = m_panel->findChild<QLabel *>(QStringLiteral("calibrationStatus"));
    QVERIFY2(status->text().startsWith(QStringLiteral("j isotonic written: fitted on 6 dev summaries")),
             qPrintable(status->text()));
    // The window reads the study again: the dashboard offers the new judge.
    QTRY_VERIFY_WITH_TIMEOUT(
        m_panel->findChild<QComboBox *>(QStringLiteral("calibrationJudge"))->findText(QStringLiteral("j isotonic"))
            >= 0,
        60000);
    QTRY_VERIFY_WITH_TIMEOUT(!m_panel->isComputing() && !m_view->isComputing(), 60000);
    // Computed again on the study as it now is, the tab still says what the recalibration did.
    QVERIFY2(status->text().startsWith(QStringLiteral("j isotonic written: ")), qPrintable(status->text()));
    // Once more: a rater of that name exists, so nothing is written and the status says why.
    QTRY_VERIFY_WITH_TIMEOUT(button->isEnabled(), 60000);
    QCOMPARE(m_panel->findChild<QComboBox *>(QStringLiteral("calibrationJudge"))->currentText(), QStringLiteral("j"));
    QTest::keyClick(button, Qt::Key_Space);
    QTRY_COMPARE_WITH_TIMEOUT(done.count(), 2, 60000);
    QCOMPARE(done.at(1).at(0).toBool(), false);
    QVERIFY2(status->text().startsWith(QStringLiteral("Cannot recalibrate: ")), qPrintable(status->text()));
    QVERIFY2(status->text().contains(QStringLiteral("j isotonic")), qPrintable(status->text()));
}

void TestCalibrationPanel::closingTheStudyEmptiesTheTab()
{
    QVERIFY(m_panel->binsTable()->rowCount() > 0);
    m_session->close();
    QCOMPARE(m_panel->binsTable()->rowCount(), 0);
    QVERIFY(!m_panel->report());
    QVERIFY(!m_panel->findChild<QPushButton *>(QStringLiteral("calibrationRecalibrate"))->isEnabled());
}

QTEST_MAIN(TestCalibrationPanel)
#include "tst_calibration_panel.moc"

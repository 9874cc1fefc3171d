// SPDX-FileCopyrightText: 2026 The Concord developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Agreement view's Versions tab on tests/support/versions_study: computed off the GUI thread only once the tab
// is shown; the table and the badge say what reports::compareVersions says on the test split (a good template
// after a noisy one better, an identical one the same, a noisy one after it worse); the documents chosen with
// the keyboard recompute on every document; the table's model passes QAbstractItemModelTester.
#include "common/study_session.h"
#include "compare/agreement_view.h"
#include "compare/stats_table_model.h"
#include "compare/versions_panel.h"
#include "reports/versions_report.h"
#include "store/study.h"
#include "versions_study.h"

#include <QAbstractItemModelTester>
#include <QChartView>
#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace concord;
using ui::StatsTableModel;
using ui::VersionsPanel;

class TestVersionsPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void computesOnlyWhenShown();
    void tableAndBadgeSayWhatTheReportSays();
    void everyDocumentChosenWithTheKeyboard();
    void closingTheStudyEmptiesTheTable();

private:
    QString shown(const QString &version, const QString &level, const QString &column) const
    {
        const StatsTableModel *model = m_panel->table();
        for (int row = 0; row < model->rowCount(); ++row)
            if (model->index(row, model->columnOf(QStringLiteral("Version"))).data().toString() == version
                && model->index(row, model->columnOf(QStringLiteral("Level"))).data().toString() == level)
                return model->index(row, model->columnOf(column)).data().toString();
        return QStringLiteral("(no such row)");
    }
    QComboBox *box(const char *name) const { return m_panel->findChild<QComboBox *>(QLatin1String(name)); }

    QTemporaryDir m_dir;
    QString m_path;
    std::unique_ptr<ui::StudySession> m_session;
    std::unique_ptr<ui::AgreementView> m_view;
    VersionsPanel *m_panel = nullptr;
    QTabWidget *m_tabs = nullptr;
};

void TestVersionsPanel::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_path = m_dir.filePath(QStringLiteral("versions.concord"));
    {
        auto created = store::Study::create(m_path.toStdString());
        QVERIFY(created.ok());
        const std::string error = test::fillVersionsStudy(*created.value());
        QVERIFY2(error.empty(), error.c_str());
    }
    m_session = std::make_unique<ui::StudySession>();
    m_view = std::make_unique<ui::AgreementView>(m_session.get());
    m_panel = m_view->findChild<VersionsPanel *>();
    QVERIFY(m_panel);
    m_tabs = m_view->findChild<QTabWidget *>();
    QVERIFY(m_tabs);
    QCOMPARE(m_tabs->tabText(m_tabs->indexOf(m_panel)), QStringLiteral("Versions"));
    QSignalSpy dashboard(m_view.get(), &ui::AgreementView::refreshed);
    QVERIFY(m_session->open(m_path).ok());
    m_view->show();
    QTRY_VERIFY_WITH_TIMEOUT(dashboard.count() > 0 && !m_view->isComputing(), 60000);
}

void TestVersionsPanel::computesOnlyWhenShown()
{
    QVERIFY(!m_panel->isVisible());
    QVERIFY(!m_panel->report());
    QVERIFY(!m_panel->isComputing());
    QVERIFY(box("versionsJudge")->count() >= 4);
    QCOMPARE(box("versionsSplit")->currentText(), QStringLiteral("Test split"));

    QSignalSpy refreshed(m_panel, &VersionsPanel::refreshed);
    box("versionsJudge")->setCurrentIndex(box("versionsJudge")->findText(QStringLiteral("m rts v2")));
    QVERIFY(!m_panel->isComputing()); // still hidden
    m_tabs->setCurrentWidget(m_panel);
    QTRY_COMPARE_WITH_TIMEOUT(refreshed.count(), 1, 60000);
    QVERIFY(m_panel->report());
    QCOMPARE(m_panel->report()->request.split, std::string("test"));
    QCOMPARE(box("versionsDimension")->currentText(), QStringLiteral("coherence"));
}

void TestVersionsPanel::tableAndBadgeSayWhatTheReportSays()
{
    QAbstractItemModelTester tester(m_panel->table(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(m_panel->table()->rowCount(), 4 * 3);
    auto study = store::Study::open(m_path.toStdString(), {.readOnly = true});
    QVERIFY(study.ok());
    reports::VersionsRequest request;
    request.judge = "m rts v2";
    request.humanGroup = "expert";
    const auto expected = reports::compareVersions(*study.value(), request);
    QVERIFY(expected.ok());
    for (const auto &a : expected.value().agreement)
        if (a.level == reports::Level::Dataset)
            QCOMPARE(shown(QString::fromStdString(a.rater), QStringLiteral("dataset"), QStringLiteral("r")),
                     QString::number(a.entry.correlation.value, 'f', 4));
    QCOMPARE(shown(QStringLiteral("m rts v1"), QStringLiteral("dataset"), QStringLiteral("Against the one before")),
             QStringLiteral("— (first)"));
    QCOMPARE(shown(QStringLiteral("m rts v2"), QStringLiteral("dataset"), QStringLiteral("Against the one before")),
             QStringLiteral("▲ better"));
    QCOMPARE(shown(QStringLiteral("m rts v3"), QStringLiteral("dataset"), QStringLiteral("Against the one before")),
             QStringLiteral("= the same"));
    QCOMPARE(shown(QStringLiteral("m rts v4"), QStringLiteral("dataset"), QStringLiteral("Against the one before")),
             QStringLiteral("▼ worse"));
    QCOMPARE(shown(QStringLiteral("m rts v4"), QStringLiteral("dataset"), QStringLiteral("Template")),
             QStringLiteral("rts-mine v4 (mixed)"));
    const auto *badge = m_panel->findChild<QLabel *>(QStringLiteral("versionsBadge"));
    QVERIFY2(badge->text().startsWith(QStringLiteral("m rts v4 (rts-mine v4) against m rts v3 on coherence, dataset "
                                                     "level, test documents: ▼ worse")),
             qPrintable(badge->text()));
    // The chart: one category per version.
    const auto *chart = m_panel->findChild<QChartView *>(QStringLiteral("versionsChart"))->chart();
    // A long title breaks into lines to fit the chart.
    const QString title = chart->title().replace(QStringLiteral("<br>"), QStringLiteral(" "));
    QVERIFY2(title.contains(QStringLiteral("on coherence, test documents")), qPrintable(title));
    QCOMPARE(chart->series().isEmpty(), false);
}

void TestVersionsPanel::everyDocumentChosenWithTheKeyboard()
{
    QSignalSpy refreshed(m_panel, &VersionsPanel::refreshed);
    QComboBox *split = box("versionsSplit");
    split->setFocus();
    QTest::keyClick(split, Qt::Key_End);
    QCOMPARE(split->currentText(), QStringLiteral("All documents"));
    QTRY_COMPARE_WITH_TIMEOUT(refreshed.count(), 1, 60000);
    QVERIFY(m_panel->report()->request.split.empty());
    QCOMPARE(shown(QStringLiteral("m rts v1"), QStringLiteral("dataset"), QStringLiteral("n")), QStringLiteral("120"));
    QVERIFY(m_panel->findChild<QLabel *>(QStringLiteral("versionsBadge"))
                ->text()
                .contains(QStringLiteral("every document")));
}

void TestVersionsPanel::closingTheStudyEmptiesTheTable()
{
    QVERIFY(m_panel->table()->rowCount() > 0);
    m_session->close();
    QCOMPARE(m_panel->table()->rowCount(), 0);
    QVERIFY(!m_panel->report());
    QCOMPARE(box("versionsJudge")->count(), 0);
}

QTEST_MAIN(TestVersionsPanel)
#include "tst_versions_panel.moc"
